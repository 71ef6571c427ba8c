"""The apps behind the Voila link at phone and tablet width, and cardlab's pictures in light and
dark themes, in headless Chromium (servers and browser from conftest.py).

- notebooks/apps/explorer.ipynb and variant-lab.ipynb in Voila at 390 px (a phone) and 820 px
  (a tablet) wide: every control (button, menu, box, slider) can be scrolled to and lies wholly
  inside the page's width, not clipped nor covered. The page asks for nothing off 127.0.0.1
  (its icons' font is Voila's own: cardlab's Voila template, share/jupyter/voila/templates/
  cardlab) and logs no error to the console; so does the explorer where Binder's Voila link
  opens it, in Voila run by the Jupyter server (here JupyterLab's).
- state.ipynb (conftest.py) in JupyterLab, in the JupyterLab Light and JupyterLab Dark themes:
  every piece of text cardlab draws (seat labels, notes, cards, the current seat's row) has a
  contrast of at least 4.5:1 (WCAG AA) against what is behind it, measured from the computed
  colours (tests/contrast.js). The docs site's two palettes are measured in
  tests/package/test_docs_in_browser.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from chromium import expect, run_lessons

pytestmark = pytest.mark.browser

WIDTHS = (390, 820)
"""A phone's and a tablet's CSS width."""
APPS = {
    "explorer.ipynb": "A new hand of this game with these options",
    "variant-lab.ipynb": "Run this variant",
}
"""Each app, with the tooltip of a button that shows it has drawn."""
WIDGETS_SECONDS = 90
AA = 4.5
"""WCAG's AA contrast for normal text."""

CONTROLS = (
    ".widget-button, .widget-toggle-button, .widget-dropdown select, .widget-text input,"
    " .widget-checkbox, .widget-slider,"
    " .widget-play button, .jupyter-button"
)
"""The controls of an ipywidgets app, as the page draws them."""

REACHABLE = """
(element) => {
  element.scrollIntoView({block: "center", inline: "nearest"});
  const box = element.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  if (box.width === 0 || box.height === 0) return "not shown";
  if (box.width < 24 || box.height < 20)
    return `too small to use: ${Math.round(box.width)} x ${Math.round(box.height)} px`;
  const track = element.closest(".widget-slider")?.querySelector(".slider-container");
  if (track && track.getBoundingClientRect().width < 120)
    return `a slider squeezed to ${Math.round(track.getBoundingClientRect().width)} px`;
  if (box.left < -0.5 || box.right > width + 0.5)
    return `outside the page: ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`;
  const x = Math.min(Math.max(box.left + box.width / 2, 0), width - 1);
  const y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(element === hit || element.contains(hit) || hit.contains(element)))
    return `covered by ${hit ? hit.outerHTML.slice(0, 80) : "nothing"}`;
  return "";
}
"""
"""Why a control cannot be reached ("" when it can): scrolled to, it must lie inside the
page's width, be what a tap at its centre lands on, and keep a usable size (24 x 20 px at
least, a slider's track 120 px)."""
ICON_FONT = """() => [...document.fonts].some(face =>
  face.family.replaceAll('"', "") === "Font Awesome 5 Free" && face.status === "loaded")"""
"""True once the buttons' icon font (Font Awesome 5, which Voila's own bundle carries) is
loaded in the page."""

CONTRAST = "\n".join(
    line
    for line in (Path(__file__).parents[1] / "contrast.js").read_text().splitlines()
    if not line.startswith("//")
)
"""The script that measures, in the page, each piece of text under an element: its contrast
ratio against the colours behind it (tests/contrast.js)."""


def unreachable_controls(page: Any, within: str = "body") -> list[str]:
    """The controls under ``within`` that cannot be reached, each with the reason."""
    problems = []
    controls = page.locator(within).locator(CONTROLS)
    for index in range(controls.count()):
        control = controls.nth(index)
        if not control.is_visible():
            continue
        why = control.evaluate(REACHABLE)
        if why:
            name = control.evaluate("e => e.textContent.trim() || e.title || e.outerHTML")
            problems.append(f"{name[:60]}: {why}")
    return problems


@pytest.mark.parametrize("app", sorted(APPS))
def test_every_control_of_the_app_is_reachable_at_phone_and_tablet_width(
    voila_apps: Any, browser: Any, app: str, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 844})
    context.set_default_timeout(WIDGETS_SECONDS * 1000)
    context.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith("http://127.0.0.1:")
            else route.abort()
        ),
    )
    page = context.new_page()
    log = run_lessons().watch(page)
    try:
        page.goto(voila_apps.url(f"voila/render/{app}"))
        expect(page.get_by_title(APPS[app], exact=True)).to_be_visible(
            timeout=WIDGETS_SECONDS * 1000
        )
        page.wait_for_function(ICON_FONT)  # the icons drawn, from 127.0.0.1
        for width in WIDTHS:  # one page (one kernel), made narrower and wider
            page.set_viewport_size({"width": width, "height": 844})
            page.wait_for_timeout(500)  # the layout settles
            # The page itself never scrolls sideways: what does not fit wraps.
            assert page.evaluate(
                "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
            ), f"the page is wider than the screen at {width} px"
            assert page.locator(CONTROLS).count() >= 8
            assert unreachable_controls(page) == [], f"at {width} px"
            page.screenshot(path=tmp_path / f"{Path(app).stem}-{width}.png", full_page=True)
        assert log.problems() == []  # nothing asked of a CDN, no console error
    finally:
        context.close()


def test_voila_in_the_jupyter_server_asks_nothing_of_a_cdn(lab: Any, page: Any) -> None:
    # Binder's links open the apps with Voila inside the Jupyter server, which gives the page
    # a MathJax address on a CDN (Voila alone gives none): the template takes it away.
    log = run_lessons().watch(page)
    page.goto(lab.url("voila/render/notebooks/explorer.ipynb"))
    expect(page.get_by_title("Deal", exact=True)).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
    page.wait_for_function(ICON_FONT)
    assert log.problems() == []


def worst_contrast(page: Any, selector: str) -> list[dict[str, Any]]:
    """The pieces of text under ``selector`` whose contrast is below AA (and the lowest)."""
    found: list[dict[str, Any]] = page.locator(selector).first.evaluate(CONTRAST)
    assert found, f"no text under {selector}"
    found.sort(key=lambda item: item["ratio"])
    print(f"{selector}: lowest contrast {found[0]}")
    return [item for item in found if item["ratio"] < AA]


def set_theme(lab: Any, theme: str) -> None:
    """Make ``theme`` JupyterLab's theme (its settings API, as the Settings menu does)."""
    import json
    import urllib.request

    url = lab.url("/lab/api/settings/@jupyterlab/apputils-extension:themes")
    body = json.dumps({"raw": json.dumps({"theme": theme})}).encode()
    request = urllib.request.Request(url, data=body, method="PUT")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status in (200, 204)


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_cardlab_text_reads_at_aa_contrast_in_jupyterlab_themes(
    lab: Any, page: Any, theme: str, tmp_path: Path
) -> None:
    set_theme(lab, theme)
    page.goto(lab.url(f"/lab/workspaces/state-{theme[11:]}/tree/notebooks/state.ipynb"))
    kernel_idle = page.locator(".jp-StatusBar-TextItem").filter(
        has_text=re.compile(r"^Python 3.*\| Idle$")
    )
    expect(kernel_idle).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
    expect(page.locator("body")).to_have_attribute("data-jp-theme-name", theme)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    state = page.locator(".jp-OutputArea-output .cardlab-state")
    expect(state).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
    expect(state.locator("tr[aria-current=true]")).to_have_count(1)
    try:
        assert worst_contrast(page, ".jp-OutputArea-output .cardlab-state") == []
    finally:
        page.screenshot(path=tmp_path / f"{theme.replace(' ', '-')}.png")
