"""The JupyterLite site in headless Chromium, served from 127.0.0.1: JupyterLab starts with no
network, lists the lessons, and opens them with their setup cell and their stored outputs
(cardlab's HTML pictures, and the plotly charts drawn by the bundled plotly front end).

The kernel cannot start here (it loads Pyodide from a CDN these machines cannot reach, and
every request off 127.0.0.1 is refused), so no cell is run: tests/package/test_pyodide.py runs
cardlab under Pyodide in Node.js instead. Debian's Chromium and Playwright as in tests/browser;
without them the test is skipped with the reason (failed under CI=true).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from package_checks import skip_unless_available

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CHROMIUM = Path("/usr/bin/chromium")
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
OPEN_SECONDS = 60
"""How long JupyterLab may take to start and show a notebook on a loaded machine."""
WAIT = OPEN_SECONDS * 1000
"""The same, in milliseconds, for Playwright's waits and retrying assertions."""


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves the site's files, with the types JupyterLite needs, and logs nothing."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".wasm": "application/wasm",
        ".ipynb": "application/json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        """Say nothing: the test's output is the test's."""


@pytest.fixture(scope="module")
def site_url(lite_site: Path) -> Iterator[str]:
    """The site, served by a static file server on a free port of 127.0.0.1."""
    handler = functools.partial(QuietHandler, directory=str(lite_site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright."""
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


@pytest.fixture
def page(browser: Any, site_url: str) -> Iterator[Any]:
    """A fresh page that may reach only the local server (the CDN is refused at once)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(WAIT)
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
    """Playwright's retrying assertion (imported late: without Playwright the browser fixture
    has skipped the test before this runs)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def open_lesson(page: Any, site_url: str, name: str) -> Any:
    """Open ``name`` in JupyterLite's JupyterLab; returns the notebook panel."""
    page.goto(f"{site_url}/lab/index.html?path={name}")
    notebook = page.locator(".jp-NotebookPanel .jp-Notebook")
    notebook.locator(".jp-Cell").first.wait_for()
    return notebook


def test_jupyterlab_lists_every_lesson(page, site_url, lite_site):
    page.goto(f"{site_url}/lab/index.html")
    listing = page.locator(".jp-DirListing-content")
    for lesson in sorted((lite_site / "files").glob("*.ipynb")):
        expect(listing).to_contain_text(lesson.name, timeout=WAIT)


def test_a_lesson_opens_with_its_setup_cell_and_its_stored_pictures(page, site_url):
    notebook = open_lesson(page, site_url, "01-mod-ten.ipynb")
    setup = notebook.locator(".jp-CodeCell").first
    expect(setup).to_contain_text("%pip install -q cardlab", timeout=WAIT)
    # cardlab's HTML renderings of cards and states, as the notebook stored them.
    notebook.locator(".jp-OutputArea-output.jp-RenderedHTMLCommon").first.wait_for()


def test_the_stored_plotly_charts_are_drawn_by_the_bundled_front_end(page, site_url):
    notebook = open_lesson(page, site_url, "05-win-rates.ipynb")
    chart = notebook.locator(".js-plotly-plot").first
    chart.scroll_into_view_if_needed()
    expect(chart.locator(".main-svg").first).to_be_attached(timeout=WAIT)
