"""The docs site's lesson pages in its two palettes (Material's default light scheme and its
dark "slate" scheme, chosen as the reader's system asks): every piece of text of cardlab's
pictures, as the lessons stored them, has a contrast of at least 4.5:1 (WCAG AA) against what
is behind it, measured in headless Chromium from the computed colours (tests/contrast.js)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import expect
from package_checks import REPO, serve

pytestmark = [pytest.mark.slow, pytest.mark.browser]

AA = 4.5
CONTRAST = "\n".join(
    line
    for line in (REPO / "tests" / "contrast.js").read_text().splitlines()
    if not line.startswith("//")
)
PAGES = ("lessons/00-start-here.html", "lessons/02-chinese-ten-captures.html")
"""Lesson pages with states, hands and the seat to move among their stored outputs."""


@pytest.fixture(scope="module")
def docs_url(docs_site: Path) -> Iterator[str]:
    with serve(docs_site) as url:
        yield url


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_cardlab_text_reads_at_aa_contrast_in_both_docs_palettes(browser, docs_url, scheme):
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    context.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(docs_url) else route.abort()
        ),
    )
    page = context.new_page()
    try:
        lowest = []
        for address in PAGES:
            page.goto(f"{docs_url}/{address}")
            palette = "slate" if scheme == "dark" else "default"
            expect(page.locator("body")).to_have_attribute("data-md-color-scheme", palette)
            pictures = page.locator(".cardlab-state, .cardlab-layout")
            assert pictures.count() >= 1, address
            expect(page.locator("tr[aria-current=true]").first).to_be_attached()
            for index in range(pictures.count()):
                found = pictures.nth(index).evaluate(CONTRAST)
                lowest += [(item["ratio"], item["text"], address) for item in found]
        lowest.sort()
        print(f"docs, {scheme} palette: lowest contrast {lowest[0]}")
        assert [item for item in lowest if item[0] < AA] == []
    finally:
        context.close()
