"""Fixtures for the packaging checks, each built once per test session into a temporary
directory, never into the repository:

- cardlab's sdist and wheel, built from the working tree with ``python -m build
  --no-isolation`` (the build backend, hatchling, is in the dev venv: no network, about a
  second). The sdist is built first and the wheel from it, so a file missing from the sdist
  breaks the wheel too;
- the JupyterLite site (lite/build.py), with that wheel;
- the documentation site (mkdocs, strict);
- headless Chromium (Playwright), for the tests that open these sites.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from package_checks import (
    CHROMIUM,
    CHROMIUM_ARGS,
    REPO,
    load_lite_build,
    run,
    skip_unless_available,
)


@dataclass(frozen=True)
class Dists:
    """The built distributions of cardlab."""

    wheel: Path
    sdist: Path


@pytest.fixture(scope="session")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    """cardlab's sdist and wheel, built from the working tree into a temporary directory."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(REPO)])
    wheels = sorted(out.glob("cardlab-*.whl"))
    sdists = sorted(out.glob("cardlab-*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, f"expected one wheel and one sdist in {out}"
    return Dists(wheel=wheels[0], sdist=sdists[0])


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation site, built as `make docs` builds it (strict: a warning fails)."""
    out = tmp_path_factory.mktemp("docs") / "site"
    env = {**os.environ, "DISABLE_MKDOCS_2_WARNING": "true", "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
    run(command, env=env)
    return out


@pytest.fixture(scope="session")
def lite_site(dists: Dists, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The JupyterLite site, built as `make lite` builds it, with the session's wheel."""
    site: Path = load_lite_build().build(tmp_path_factory.mktemp("lite") / "site", dists.wheel)
    return site


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright (skipped with the reason when either is
    missing; failed under CI=true)."""
    skip_unless_available(CHROMIUM.exists(), f"Chromium not found at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        skip_unless_available(False, "playwright is not installed: run the tests from .venv")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=30_000
        )
        try:
            yield chromium
        finally:
            chromium.close()
