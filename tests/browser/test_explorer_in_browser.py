"""The game explorer in a real browser: the lesson notebook served by Voila (what the README's
Binder link opens) and by JupyterLab (what `make lab` opens), clicked in headless Chromium.

The position is section 9 of notebooks/01-mod-ten.ipynb: Mod Ten, 3 players, seed 7. Seat 2
leads and may play any card of 8C 9C 3D 7D 8D 2H 3H 6H 9H 7S; after it leads 3D, seat 0 holds
diamonds and may not play 8H.

The servers and the browser come from conftest.py. Each test saves a screenshot of its page in
its tmp_path (to look at by eye); a failure's report shows the tail of the server's log.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

LEGAL_GREEN = "rgb(223, 245, 223)"  # cardlab.widgets.explorer.LEGAL_COLOUR, #dff5df
ILLEGAL_GREY = "rgb(238, 238, 238)"  # ILLEGAL_COLOUR, #eeeeee
WIDGETS_SECONDS = 40
"""How long the notebook may take to run and show the explorer."""
CLICK_SECONDS = 10
"""How long a click may take to go to the kernel and come back as an updated widget."""


def expect(locator: Any) -> Any:
    """Playwright's retrying assertion (imported late: Playwright may be missing, then the
    browser fixture skips the test before this runs)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def explorer_in(page: Any, within: str = "body") -> Any:
    """The explorer's outer box: the widget box (inside ``within``) holding the Deal button.

    The button is found by its tooltip: its accessible name also holds the icon's glyph."""
    deal = page.get_by_title("Deal", exact=True)
    return page.locator(f"{within} .widget-vbox").filter(has=deal)


def card_button(explorer: Any, pretty: str) -> Any:
    """The card button of the player to move labelled ``pretty`` ("3♦")."""
    return explorer.get_by_role("button", name=pretty, exact=True)


def narration_of(explorer: Any) -> Any:
    """The narration line: "Move N. <what happened>"."""
    return explorer.locator(".widget-html").filter(has_text=re.compile(r"^\s*Move \d+\."))


def background(locator: Any) -> str:
    """The computed background colour of an element, as "rgb(r, g, b)"."""
    return locator.evaluate("element => getComputedStyle(element).backgroundColor")


def play_the_lead(explorer: Any) -> None:
    """Check the start of the hand, click 3♦ for seat 2 and check the narration says so."""
    narration = narration_of(explorer)
    expect(narration).to_contain_text("Move 0.")
    expect(explorer).to_contain_text("Seat 2 to move.")
    three_of_diamonds = card_button(explorer, "3♦")
    assert background(three_of_diamonds) == LEGAL_GREEN
    three_of_diamonds.click()
    expect(narration).to_contain_text("Move 1. Seat 2 leads 3D", timeout=CLICK_SECONDS * 1000)
    expect(explorer).to_contain_text("Seat 0 to move.")


def test_voila_app_plays_a_card_explains_an_illegal_one_and_steps_back(
    voila: Any, page: Any, tmp_path: Path
) -> None:
    try:
        page.goto(voila.url("/"), timeout=WIDGETS_SECONDS * 1000)
        explorer = explorer_in(page)
        expect(card_button(explorer, "3♦")).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
        expect(explorer).to_have_count(1)
        play_the_lead(explorer)

        eight_of_hearts = card_button(explorer, "8♥")  # seat 0 holds diamonds
        assert background(eight_of_hearts) == ILLEGAL_GREY
        eight_of_hearts.click()
        message = explorer.locator(".widget-html").filter(has_text="cannot be played")
        expect(message).to_contain_text(
            "8H cannot be played: diamonds were led", timeout=CLICK_SECONDS * 1000
        )
        expect(narration_of(explorer)).to_contain_text("Move 1.")  # nothing was played

        explorer.get_by_title("Back one move").click()
        expect(narration_of(explorer)).to_contain_text(
            "Move 0. Seat 1 deals 10 cards", timeout=CLICK_SECONDS * 1000
        )
        expect(explorer).to_contain_text("Seat 2 to move.")
        expect(message).to_have_count(0)  # stepping clears the message
        # Seat 2's hand is back under the board, 3♦ legal again (the buttons are new widgets).
        expect(card_button(explorer, "3♦")).to_be_visible(timeout=CLICK_SECONDS * 1000)
        assert background(card_button(explorer, "3♦")) == LEGAL_GREEN
        expect(card_button(explorer, "2♥")).to_be_visible()  # seat 2's heart: legal at the lead
        assert background(card_button(explorer, "2♥")) == LEGAL_GREEN
        expect(card_button(explorer, "8♥")).to_have_count(0)  # seat 0's hand is gone
    finally:
        page.screenshot(path=tmp_path / "voila.png", full_page=True)


def test_jupyterlab_runs_the_lesson_and_the_explorer_answers_a_click(
    lab: Any, page: Any, tmp_path: Path
) -> None:
    try:
        page.goto(lab.url("/lab/tree/notebooks/01-mod-ten.ipynb"), timeout=WIDGETS_SECONDS * 1000)
        notebook = page.locator(".jp-NotebookPanel")
        expect(notebook.locator(".jp-Cell").first).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
        # Run All before the kernel is connected runs nothing (or asks for a kernel): wait for
        # the status bar to say "Python 3 (ipykernel) | Idle", as a reader would.
        kernel_idle = page.locator(".jp-StatusBar-TextItem").filter(
            has_text=re.compile(r"^Python 3.*\| Idle$")
        )
        expect(kernel_idle).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
        # Run > Run All Cells, as a reader would.
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()

        explorer = explorer_in(page, within=".jp-NotebookPanel .jp-OutputArea-output")
        expect(card_button(explorer, "3♦")).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
        expect(explorer).to_have_count(1)
        play_the_lead(explorer)
    finally:
        page.screenshot(path=tmp_path / "jupyterlab.png")
