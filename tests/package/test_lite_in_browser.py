"""The JupyterLite site in headless Chromium, served from 127.0.0.1: JupyterLab starts with no
network, lists the lessons, and opens them with their setup cell and their stored outputs
(cardlab's HTML pictures, and the plotly charts drawn by the bundled plotly front end).

This site's kernel cannot start here (it loads Pyodide from a CDN these machines cannot reach,
and every request off 127.0.0.1 is refused): the page must say so within seconds, above
JupyterLab's menu bar, not over it (and the page's watch, which fails the lessons' runs on any
refused request, sees that one). The site
that carries its own Pyodide, with a kernel running the lessons, is tested in
tests/package/test_lite_kernel.py. Debian's Chromium and Playwright as in tests/browser; without
them the test is skipped with the reason (failed under CI=true).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium import expect, local_page, run_lessons
from package_checks import serve

pytestmark = [pytest.mark.slow, pytest.mark.browser]

OPEN_SECONDS = 60
"""How long JupyterLab may take to start and show a notebook on a loaded machine."""
WAIT = OPEN_SECONDS * 1000
"""The same, in milliseconds, for Playwright's waits and retrying assertions."""
NOTICE_SECONDS = 12
"""How soon a page whose Python cannot be fetched must say so (lite/kernel-check.js gives
the fetch 8 s; a refused request fails at once)."""


@pytest.fixture(scope="module")
def site_url(lite_site: Path) -> Iterator[str]:
    """The site, served by a static file server on a free port of 127.0.0.1."""
    with serve(lite_site) as url:
        yield url


@pytest.fixture
def page(browser: Any, site_url: str) -> Iterator[Any]:
    """A fresh page that may reach only the local server (the CDN is refused at once)."""
    with local_page(browser, site_url, WAIT) as new_page:
        yield new_page


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
    expect(setup).to_contain_text("await piplite.install(name)", timeout=WAIT)
    # cardlab's HTML renderings of cards and states, as the notebook stored them.
    notebook.locator(".jp-OutputArea-output.jp-RenderedHTMLCommon").first.wait_for()


def test_the_stored_plotly_charts_are_drawn_by_the_bundled_front_end(page, site_url):
    notebook = open_lesson(page, site_url, "05-win-rates.ipynb")
    chart = notebook.locator(".js-plotly-plot").first
    chart.scroll_into_view_if_needed()
    expect(chart.locator(".main-svg").first).to_be_attached(timeout=WAIT)


def test_a_page_whose_python_cannot_be_fetched_says_so_within_seconds(page, site_url):
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the notice wraps
    log = run_lessons().watch(page)
    started = time.monotonic()
    page.goto(f"{site_url}/lab/index.html?path=00-start-here.ipynb")
    notice = page.locator("#cardlab-kernel-notice")
    expect(notice).to_be_visible(timeout=NOTICE_SECONDS * 1000)
    assert time.monotonic() - started < NOTICE_SECONDS
    expect(notice).to_have_attribute("role", "alert")
    expect(notice).to_contain_text("Python cannot start on this page")
    expect(notice).to_contain_text("cdn.jsdelivr.net/pyodide/")
    assert any("cdn.jsdelivr.net/pyodide/" in request for request in log.failed_requests)
    assert notice.evaluate("e => e.scrollWidth <= e.clientWidth")  # its address wraps too

    # The notice sits above JupyterLab: its menu bar is below it and opens at a click (which
    # Playwright refuses on an element that another covers).
    file_menu = page.get_by_role("menuitem", name="File", exact=True)
    expect(file_menu).to_be_visible(timeout=WAIT)
    bottom = "e => e.getBoundingClientRect().bottom"
    assert file_menu.evaluate("e => e.getBoundingClientRect().top") >= notice.evaluate(bottom)
    file_menu.click()
    expect(page.get_by_role("menuitem", name=re.compile("^New Launcher"))).to_be_visible()
    page.keyboard.press("Escape")
    # Closed, it gives the room back.
    notice.get_by_role("button", name="Close").click()
    expect(notice).to_have_count(0)
    expect(page.locator("#main")).to_have_css("top", "0px")
