"""The explorer played by keyboard alone and on a phone, in Voila in headless Chromium (servers
and browser from conftest.py; every request off 127.0.0.1 refused).

- explorer.ipynb (Mod Ten, 3 players, seed 7; seat 2 leads): Tab reaches the hand; Enter on a
  card plays it and the focus comes back to the first playable card of the next hand; every
  button and slider has a name that says what it does; the focus ring stands out at least 3:1
  against the card; playable and unplayable cards differ by more than colour; and all the
  while the page asks for nothing off 127.0.0.1 and logs no error to the console.
- chinese.ipynb (Chinese Ten, seed 10, seat 0 against bots): at 390 x 844 each hidden pile is
  one back with its count, and from the top of the board the hand fits on one screen.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from chromium import expect, run_lessons

pytestmark = pytest.mark.browser

WIDGETS_SECONDS = 60
CLICK_SECONDS = 15
TABS = 80
"""The most Tab presses a keyboard walk may take to reach the hand from the top of the page."""

NAME = """(element) => (element.getAttribute("aria-label")
  || (element.labels && element.labels.length ? element.labels[0].textContent : "")
  || element.textContent.trim() || element.getAttribute("title") || "").trim()"""
"""An element's accessible name as Chromium computes it for these controls (the order that
matters here: aria-label, then its label, then its text, then its title)."""
CONTROLS = "button, [role=slider], select, input"


def luminance(rgb: str) -> float:
    """The relative luminance of a CSS "rgb(r, g, b)" colour (WCAG 2)."""
    channels = [int(value) / 255 for value in re.findall(r"\d+", rgb)[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    """The contrast ratio of two CSS colours."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def focused(page: Any) -> dict[str, str]:
    """The focused element: its tag, class, name and the text it shows."""
    found: dict[str, str] = page.evaluate(
        f"""() => {{ const e = document.activeElement;
        return {{tag: e.tagName, cls: e.className || "", name: ({NAME})(e),
                 text: e.textContent.trim()}}; }}"""
    )
    return found


def test_a_game_is_played_by_keyboard_alone(voila: Any, page: Any, tmp_path: Path) -> None:
    log = run_lessons().watch(page)
    try:
        page.goto(voila.url("voila/render/explorer.ipynb"), timeout=WIDGETS_SECONDS * 1000)
        hand = page.locator(".cardlab-hand")
        expect(hand.locator("button").first).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
        expect(hand).to_have_attribute("aria-label", "Seat 2's hand")

        # Every control of the explorer says what it does.
        controls = page.locator(".cardlab-explorer").locator(CONTROLS)
        unnamed = [
            controls.nth(i).evaluate("e => e.outerHTML.slice(0, 120)")
            for i in range(controls.count())
            if controls.nth(i).is_visible() and not controls.nth(i).evaluate(NAME)
        ]
        assert unnamed == []
        expect(page.get_by_role("button", name="play three of diamonds")).to_have_count(1)
        expect(page.get_by_role("button", name=re.compile("^Autoplay: play"))).to_have_count(1)
        expect(page.get_by_role("slider", name=re.compile("^Move"))).to_have_count(1)

        # A keyboard walk from the top of the page reaches the hand.
        page.locator("body").click(position={"x": 1, "y": 1})
        for _ in range(TABS):
            page.keyboard.press("Tab")
            if "cardlab-playable" in focused(page)["cls"]:
                break
        now = focused(page)
        assert now["name"].startswith("play "), now
        card = page.locator(".cardlab-hand button:focus")
        ring = card.evaluate("e => getComputedStyle(e).outlineColor")
        face = card.evaluate("e => getComputedStyle(e).backgroundColor")
        assert card.evaluate("e => getComputedStyle(e).outlineStyle") == "solid"
        assert contrast(ring, face) >= 3, (ring, face)

        # Enter plays the card; the focus comes back to the next hand's first playable card.
        played = now["text"]
        page.keyboard.press("Enter")
        expect(hand).to_have_attribute("aria-label", "Seat 0's hand", timeout=CLICK_SECONDS * 1000)
        expect(page.locator(".cardlab-hand button.cardlab-playable").first).to_be_focused(
            timeout=CLICK_SECONDS * 1000
        )
        assert focused(page)["name"].startswith("play ")
        expect(page.locator(".cardlab-explorer")).to_contain_text("Move 1. Seat 2 leads")
        assert played not in page.locator(".cardlab-hand").inner_text()  # seat 2's card went

        # Unplayable cards are named with the reason, and differ by more than their colour.
        unplayable = page.locator(".cardlab-hand button.cardlab-unplayable").first
        expect(unplayable).to_have_attribute("aria-label", re.compile(r": not playable: \w+"))
        playable = page.locator(".cardlab-hand button.cardlab-playable").first
        style = "e => [getComputedStyle(e).borderTopStyle, getComputedStyle(e).fontWeight]"
        assert playable.evaluate(style) != unplayable.evaluate(style)
        # Another Enter plays on: the whole hand by keyboard, no Tab walk in between.
        page.keyboard.press("Enter")
        expect(hand).to_have_attribute("aria-label", "Seat 1's hand", timeout=CLICK_SECONDS * 1000)
        expect(page.locator(".cardlab-hand button.cardlab-playable").first).to_be_focused()
        assert log.problems() == []  # nothing asked of a CDN, no console error
    finally:
        page.screenshot(path=tmp_path / "keyboard.png", full_page=True)


def test_a_chinese_ten_deal_fits_a_phone(voila: Any, page: Any, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.goto(voila.url("voila/render/chinese.ipynb"), timeout=WIDGETS_SECONDS * 1000)
        hand = page.locator(".cardlab-hand")
        expect(hand.locator("button").first).to_be_visible(timeout=WIDGETS_SECONDS * 1000)
        board = page.locator(".cardlab-layout").first
        piles = board.locator(".cardlab-pile")
        assert piles.count() >= 3  # the stock and the two other hands
        for index in range(piles.count()):
            label = piles.nth(index).get_attribute("aria-label")
            assert re.fullmatch(r"\d+ hidden cards|a hidden card", label or ""), label
        assert board.locator(".cardlab-back").count() == piles.count()  # one back a pile
        board.scroll_into_view_if_needed()
        page.evaluate("() => window.scrollBy(0, -4)")
        top = board.evaluate("e => e.getBoundingClientRect().top")
        bottom = hand.evaluate("e => e.getBoundingClientRect().bottom")
        assert bottom - top <= 844, f"board to the end of the hand: {bottom - top:.0f} px"
        assert page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
    finally:
        page.screenshot(path=tmp_path / "phone-chinese-ten.png", full_page=True)
