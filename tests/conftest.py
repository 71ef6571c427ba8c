"""Shared test configuration: Hypothesis profiles, the sample of bot-strength probes, and
headless Chromium for the tests that open pages (tests/browser and tests/package).

Hypothesis: `default` is used locally, `ci` when the CI environment variable is set (CI runs are
then derandomized, so a failure there reproduces exactly). Pick one explicitly with
HYPOTHESIS_PROFILE=dev|default|ci.

Bot-strength probes (marker `probe(seconds=...)`, the probe's cost on a quiet machine) play
hundreds of whole hands each: minutes in all. A run takes a sample of them that fits in
CARDLAB_PROBE_SECONDS (default 60; one probe at least), drawn from the commit under test
(`git rev-parse HEAD`, or CARDLAB_PROBE_SAMPLE when set), so each run's sample is the same on
every machine and successive commits cover them all. The others are skipped with the reason.
CARDLAB_PROBES=all runs every probe (`make probes`). Every probe uses fixed seeds, so a probe
that fails here fails on every machine.
"""

import hashlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import chromium
import pytest
from hypothesis import settings

# deadline=None: game simulations vary in time on a loaded 2-core machine; slow is not wrong.
settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True, print_blob=True)
settings.register_profile("dev", max_examples=20, deadline=None)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default")
)


PROBE_SECONDS = float(os.environ.get("CARDLAB_PROBE_SECONDS", "60"))


def probe_sample_key() -> str:
    """What the sample of strength probes is drawn from: CARDLAB_PROBE_SAMPLE, else the
    commit under test, else nothing (a tree outside git: the same sample every run)."""
    if "CARDLAB_PROBE_SAMPLE" in os.environ:
        return os.environ["CARDLAB_PROBE_SAMPLE"]
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).parent,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return ""
    return done.stdout.strip()


def probe_sample(probes: list[pytest.Item], key: str, seconds: float) -> list[pytest.Item]:
    """The probes a run takes: shuffled by a hash of ``key`` and each probe's id, then taken in
    that order while their costs fit in ``seconds`` (the first one always)."""

    def place(item: pytest.Item) -> str:
        return hashlib.sha256(f"{key} {item.nodeid}".encode()).hexdigest()

    chosen: list[pytest.Item] = []
    spent = 0.0
    for item in sorted(probes, key=place):
        cost = float(item.get_closest_marker("probe").kwargs["seconds"])
        if not chosen or spent + cost <= seconds:
            chosen.append(item)
            spent += cost
    return chosen


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the strength probes outside this run's sample (see the module's docstring); under
    pytest-xdist, put the probes first, so that a worker never starts the longest tests last
    while the other one has nothing left to do."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items.sort(key=lambda item: item.get_closest_marker("probe") is None)
    probes = [item for item in items if item.get_closest_marker("probe")]
    if not probes or os.environ.get("CARDLAB_PROBES") == "all":
        return
    chosen = probe_sample(probes, probe_sample_key(), PROBE_SECONDS)
    skip = pytest.mark.skip(
        reason="a bot-strength probe outside this run's sample (CARDLAB_PROBES=all, "
        "or `make probes`, runs every one)"
    )
    for item in probes:
        if item not in chosen:
            item.add_marker(skip)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright (tests/chromium.py), closed after this
    module's tests, so Playwright's event loop never overlaps the notebook tests that run
    later."""
    with chromium.launched() as launched:
        yield launched
