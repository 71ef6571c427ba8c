"""Headless Chromium for the tests that open pages (tests/browser and tests/package), written
once: where Debian's Chromium is, how Playwright starts it, a page that may reach only the local
server, and Playwright's retrying assertion.

The browser is Debian's Chromium at /usr/bin/chromium (Playwright's own browser downloads are
not used); CARDLAB_CHROMIUM names another Chromium binary. `make test` installs it with apt-get
when it is missing and the user is root. When it (or Playwright) is missing, a test that needs
it is skipped with the reason; under CI=true it fails instead, so CI never passes without it.
The ``browser`` fixture (tests/conftest.py) starts it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("CARDLAB_CHROMIUM", "/usr/bin/chromium"))
"""Debian's Chromium; CARDLAB_CHROMIUM names another Chromium binary."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
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


@contextlib.contextmanager
def launched() -> Iterator[Any]:
    """Headless Chromium driven by Playwright until the block ends (skipped, or failed under
    CI, when either is missing)."""
    if not CHROMIUM.exists():
        skip_or_fail(
            f"Chromium not found at {CHROMIUM}: install it with `apt-get install -y chromium` "
            "(make test does this when run as root)"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        skip_or_fail("playwright is not installed: run the tests from .venv (make test)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=LAUNCH_MS
        )
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def local_page(
    browser: Any, site_url: str, timeout_ms: float, width: int = 1280, height: int = 1000
) -> Iterator[Any]:
    """A fresh page of ``width`` x ``height`` that may reach only addresses starting with
    ``site_url``: any other request is refused at once (rather than left to time out, so the
    tests never depend on the network)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(timeout_ms)
    context.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(site_url) else route.abort()
        ),
    )
    try:
        yield context.new_page()
    finally:
        context.close()


def expect(locator: Any) -> Any:
    """Playwright's retrying assertion (imported late: without Playwright the ``browser``
    fixture has skipped the test before this runs)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)
