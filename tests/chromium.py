"""Headless Chromium for the tests that open pages (tests/browser and tests/package), written
once: Debian's Chromium started through Playwright, a page that may reach only the local
server, and Playwright's retrying assertion.

The browser and its arguments, and the page that reaches only one site, are those of
lite/run_lessons.py (the script the Pages workflow runs the published lessons with), so that
the tests and the workflow drive the same browser the same way. CARDLAB_CHROMIUM names another
Chromium binary. `make test` installs Chromium with apt-get when it is missing and the user is
root. When it (or Playwright) is missing, a test that needs it is skipped with the reason;
under CI=true it fails instead, so CI never passes without it. The ``browser`` fixture
(tests/conftest.py) starts it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from repository import load_script

LAUNCH_MS = 30_000
"""How long Chromium may take to start on a loaded machine."""


def in_ci() -> bool:
    """True when the CI environment variable says so (then a missing tool fails, not skips)."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def skip_or_fail(reason: str) -> None:
    """Skip the calling test with ``reason``, or fail it under CI, where every check must run."""
    if in_ci():
        pytest.fail(f"CI=true, so this check must run, but: {reason}", pytrace=False)
    pytest.skip(reason)


def run_lessons() -> ModuleType:
    """lite/run_lessons.py (a script; the sdist does not carry lite/: the calling test is then
    skipped, saying so)."""
    return load_script("lite/run_lessons.py", "lite_run_lessons")


def chromium() -> Path:
    """The Chromium binary: CARDLAB_CHROMIUM, or lite/run_lessons.py's (Debian's)."""
    return Path(os.environ.get("CARDLAB_CHROMIUM") or run_lessons().CHROMIUM)


@contextlib.contextmanager
def launched() -> Iterator[Any]:
    """Headless Chromium driven by Playwright until the block ends (skipped, or failed under
    CI, when either is missing)."""
    binary = chromium()
    if not binary.exists():
        skip_or_fail(
            f"Chromium not found at {binary}: install it with `apt-get install -y chromium` "
            "(make test does this when run as root)"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        skip_or_fail("playwright is not installed: run the tests from .venv (make test)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(binary), args=run_lessons().CHROMIUM_ARGS, timeout=LAUNCH_MS
        )
        try:
            yield browser
        finally:
            browser.close()


def local_page(
    browser: Any, site_url: str, timeout_ms: float, width: int = 1280, height: int = 1000
) -> contextlib.AbstractContextManager[Any]:
    """A fresh page of ``width`` x ``height`` that may reach only addresses starting with
    ``site_url``: any other request is refused at once (rather than left to time out, so the
    tests never depend on the network); lite/run_lessons.py's."""
    page: contextlib.AbstractContextManager[Any] = run_lessons().local_page(
        browser, site_url, timeout_ms, width, height
    )
    return page


def expect(locator: Any) -> Any:
    """Playwright's retrying assertion (imported late: without Playwright the ``browser``
    fixture has skipped the test before this runs)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)
