"""The explorer and the variant lab in a real browser: small notebooks (written by conftest.py)
served by Voila (what the README's Binder link opens) and by JupyterLab (what `make lab`
opens), clicked in headless Chromium.

- explorer.ipynb: Mod Ten, 3 players, seed 7. Seat 2 leads and may play any card of 8C 9C 3D
  7D 8D 2H 3H 6H 9H 7S; after it leads 3D, seat 0 holds diamonds and may not play 8H.
- replay.ipynb: a Two-Ten-Jack hand of greedy bots opened from its record.
- lab.ipynb: the VariantLab on Mod Ten with 300 hands a run.

The servers and the browser come from conftest.py. Each test saves a screenshot of its page in
its tmp_path (to look at by eye); a failure's report shows the tail of the server's log.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from chromium import expect

import cardlab
from cardlab.bots.descriptions import agent_strength

pytestmark = pytest.mark.browser

LEGAL_GREEN = "rgb(223, 245, 223)"  # a playable card (cardlab.widgets.explorer.hand.CSS), #dff5df
ILLEGAL_GREY = "rgb(244, 244, 244)"  # an unplayable one, #f4f4f4
WIDGETS_SECONDS = 60
"""How long a notebook may take to run and show its widgets."""
CLICK_SECONDS = 15
"""How long a click may take to go to the kernel and come back as an updated widget."""


def explorer_in(page: Any, within: str = "body") -> Any:
    """The explorer's outer box: the widget box (inside ``within``) holding the Deal button.

    The button is found by its tooltip: its accessible name also holds the icon's glyph."""
    deal = page.get_by_title("Deal", exact=True)
    return page.locator(f"{within} .widget-vbox").filter(has=deal).last


def lab_in(page: Any, within: str = "body") -> Any:
    """The variant lab's outer box: the widget box holding the Run button."""
    run = page.get_by_title("Run this variant", exact=True)
    return page.locator(f"{within} .widget-vbox").filter(has=run).last


def card_button(explorer: Any, pretty: str) -> Any:
    """The card button of the player to move that shows ``pretty`` ("3♦")."""
    return explorer.locator(".cardlab-hand button").filter(
        has_text=re.compile(f"^{re.escape(pretty)}$")
    )


def narration_of(explorer: Any) -> Any:
    """The narration line: "Move N. <what happened>"."""
    return explorer.locator(".widget-html").filter(has_text=re.compile(r"^\s*Move \d+\."))


def menu(box: Any, label: str) -> Any:
    """The <select> of the Dropdown described as ``label`` ("Seat 1")."""
    return box.get_by_label(label, exact=True)


def background(locator: Any) -> str:
    """The computed background colour of an element, as "rgb(r, g, b)"."""
    return locator.evaluate("element => getComputedStyle(element).backgroundColor")


def label_fits(locator: Any) -> bool:
    """True when an element's text is not cut (no "…": its content is no wider than it)."""
    return locator.evaluate("element => element.scrollWidth <= element.clientWidth")


def open_in_voila(page: Any, voila: Any, notebook: str) -> None:
    page.goto(voila.url(f"voila/render/{notebook}"), timeout=WIDGETS_SECONDS * 1000)


def open_in_lab(page: Any, lab: Any, notebook: str) -> str:
    """Open ``notebook`` in JupyterLab, run all its cells as a reader would, and return the
    selector of its output areas.

    Each notebook opens in a workspace of its own: the server is shared by the module's tests,
    and its default workspace would reopen the notebooks of earlier tests beside it."""
    workspace = Path(notebook).stem
    page.goto(
        lab.url(f"/lab/workspaces/{workspace}/tree/notebooks/{notebook}"),
        timeout=WIDGETS_SECONDS * 1000,
    )
    notebook_panel = page.locator(".jp-NotebookPanel")
    expect(notebook_panel.locator(".jp-Cell").first).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
    # Run All before the kernel is connected runs nothing (or asks for a kernel): wait for
    # the status bar to say "Python 3 (ipykernel) | Idle", as a reader would.
    kernel_idle = page.locator(".jp-StatusBar-TextItem").filter(
        has_text=re.compile(r"^Python 3.*\| Idle$")
    )
    expect(kernel_idle).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    return ".jp-NotebookPanel .jp-OutputArea-output"


# ---------------------------------------------------------------------------- the explorer


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
        open_in_voila(page, voila, "explorer.ipynb")
        explorer = explorer_in(page)
        expect(card_button(explorer, "3♦")).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
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

        # The hint works in the kernel's background and comes back with its intervals.
        explorer.get_by_label("playouts", exact=True).fill("40")
        explorer.get_by_label("playouts", exact=True).press("Enter")
        explorer.get_by_role("button", name=re.compile("Hint")).click()
        hint = explorer.locator(".widget-html").filter(has_text="playouts per move")
        expect(hint).to_contain_text("Seat 2, 40 playouts per move", timeout=60_000)
        expect(hint).to_contain_text("±")
    finally:
        page.screenshot(path=tmp_path / "voila-explorer.png", full_page=True)


def check_the_replay(explorer: Any) -> None:
    """The record opens at its start; a ten's button shows its whole label; stepping follows
    the recorded moves; a bot menu changes the future; a button brings the record back."""
    note = explorer.locator(".widget-html").filter(has_text="Replaying the record")
    expect(note).to_contain_text("recorded moves", timeout=WIDGETS_SECONDS * 1000)
    narration = narration_of(explorer)
    expect(narration).to_contain_text("Move 0.")
    tens = explorer.locator(".cardlab-hand button").filter(has_text=re.compile(r"^10[♣♦♥♠]$"))
    expect(tens.first).to_be_visible()
    for index in range(tens.count()):
        assert label_fits(tens.nth(index)), "a ten's button cuts its label"

    explorer.get_by_title("Forward one move").click()
    expect(narration).to_contain_text("Move 1.", timeout=CLICK_SECONDS * 1000)
    # Another bot for seat 1 from here: the recorded future gives way to the new bot's play.
    # (the menu's words are the strength table's for the game on screen, Two-Ten-Jack)
    label = f"greedy ({agent_strength('greedy', cardlab.game('two-ten-jack'))})"
    menu(explorer, "Seat 1").select_option(label=label)
    expect(explorer).to_contain_text(
        f"Seat 1 is now played by {label}.", timeout=CLICK_SECONDS * 1000
    )
    expect(explorer).to_contain_text("You left the record after move 1")
    explorer.get_by_title("To the end").click()
    expect(explorer).to_contain_text("The hand is over", timeout=CLICK_SECONDS * 1000)
    explorer.get_by_role("button", name=re.compile("Back to the record")).click()
    expect(note).to_contain_text("Replaying the record", timeout=CLICK_SECONDS * 1000)


def test_voila_opens_a_record_with_bot_menus(voila: Any, page: Any, tmp_path: Path) -> None:
    try:
        open_in_voila(page, voila, "replay.ipynb")
        check_the_replay(explorer_in(page))
    finally:
        page.screenshot(path=tmp_path / "voila-replay.png", full_page=True)


def test_jupyterlab_runs_the_explorer_and_it_answers_a_click(
    lab: Any, page: Any, tmp_path: Path
) -> None:
    try:
        outputs = open_in_lab(page, lab, "explorer.ipynb")
        explorer = explorer_in(page, within=outputs)
        expect(card_button(explorer, "3♦")).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
        play_the_lead(explorer)
    finally:
        page.screenshot(path=tmp_path / "jupyterlab-explorer.png")


def test_jupyterlab_opens_a_record_with_bot_menus(lab: Any, page: Any, tmp_path: Path) -> None:
    try:
        outputs = open_in_lab(page, lab, "replay.ipynb")
        check_the_replay(explorer_in(page, within=outputs))
    finally:
        page.screenshot(path=tmp_path / "jupyterlab-replay.png")


# ---------------------------------------------------------------------------- the variant lab


def run_two_variants(lab_box: Any, screenshots: Path) -> None:
    """Run the default variant, then one with 3 players; check the columns, the charts (one
    bar per variant) and the download links. The win-rate chart is saved in ``screenshots``."""
    run = lab_box.get_by_title("Run this variant", exact=True)
    expect(run).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
    run.click()
    expect(lab_box).to_contain_text("A: 300 hands of Mod Ten; random", timeout=60_000)
    summary = lab_box.locator("table.cardlab-variants")
    expect(summary).to_contain_text("win rate: 1st to play")
    charts = lab_box.locator(".js-plotly-plot")
    expect(charts.first).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
    assert charts.count() >= 2  # win rates and lengths (Mod Ten has no score chart)
    expect(lab_box).to_contain_text("No score chart")

    players = lab_box.get_by_label("players", exact=True)
    players.fill("3")
    players.press("Enter")
    expect(menu(lab_box, "Seat 2")).to_have_count(1, timeout=CLICK_SECONDS * 1000)
    run.click()
    expect(lab_box).to_contain_text("B: 300 hands of Mod Ten, players 3; random", timeout=60_000)
    expect(summary.locator("th").filter(has_text=re.compile(r"^B$"))).to_have_count(1)
    win_chart = charts.first
    expect(win_chart.locator(".legendtext")).to_have_count(2, timeout=CLICK_SECONDS * 1000)
    win_chart.screenshot(path=screenshots / "win-rates.png")
    link = lab_box.get_by_role("link", name="Download the results (CSV)")
    assert link.get_attribute("href").startswith("data:text/csv;base64,")
    assert link.get_attribute("download") == "variant-results.csv"


def test_voila_variant_lab_runs_and_draws_its_charts(voila: Any, page: Any, tmp_path: Path) -> None:
    try:
        open_in_voila(page, voila, "lab.ipynb")
        run_two_variants(lab_in(page), tmp_path)
    finally:
        page.screenshot(path=tmp_path / "voila-lab.png", full_page=True)


def test_jupyterlab_variant_lab_runs_and_draws_its_charts(
    lab: Any, page: Any, tmp_path: Path
) -> None:
    try:
        outputs = open_in_lab(page, lab, "lab.ipynb")
        run_two_variants(lab_in(page, within=outputs), tmp_path)
    finally:
        page.screenshot(path=tmp_path / "jupyterlab-lab.png", full_page=True)
