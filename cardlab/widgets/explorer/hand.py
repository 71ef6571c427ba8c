"""The hand of the seat to move as one widget of card buttons that can be played by keyboard
alone: each button is named in words for a screen reader ("play two of clubs", "eight of
hearts: not playable: diamonds were led"), playable and unplayable cards differ by their
border and weight as well as their colour, the focus ring stands out at least 3:1 against the
card, and after a move the focus comes back to the first playable card of the next hand.

Drawn by a few lines of JavaScript in the page (anywidget, which ipywidgets' front end loads
in JupyterLab, Voila and JupyterLite): ipywidgets' own buttons take no accessible name other
than their label, and a redrawn button loses the focus.

>>> hand = CardHand()
>>> hand.cards = [card_entry(Card.parse("2C"), "")]
>>> hand.cards[0]["label"]
'play two of clubs'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from cardlab.display.render import RED
from cardlab.engine.cards import Card

ESM = """
function render({ model, el }) {
  const hand = document.createElement("div");
  hand.className = "cardlab-hand";
  hand.setAttribute("role", "group");
  el.appendChild(hand);
  let asked = model.get("focus_turn");
  function draw() {
    const hadFocus = hand.contains(document.activeElement);
    hand.setAttribute("aria-label", model.get("label"));
    hand.replaceChildren(...model.get("cards").map((card) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = card.pretty;
      button.setAttribute("aria-label", card.label);
      button.title = card.label;
      button.className = card.playable ? "cardlab-playable" : "cardlab-unplayable";
      button.style.color = card.colour;
      button.addEventListener("click", () => model.send({ card: card.text }));
      return button;
    }));
    const wanted = model.get("focus_turn") !== asked;
    asked = model.get("focus_turn");
    if (hadFocus || wanted) {
      const first = hand.querySelector(".cardlab-playable") || hand.querySelector("button");
      if (first) first.focus();
    }
  }
  model.on("change:cards", draw);
  model.on("change:focus_turn", draw);
  draw();
  // The explorer's controls that ipywidgets draws without a name: name them as they come
  // (once this widget is in the page, a moment after it is rendered).
  let observer = null;
  let tries = 0;
  function watch() {
    const root = el.closest(".cardlab-explorer");
    if (!root) {
      if (tries++ < 100) setTimeout(watch, 100);
      return;
    }
    observer = new MutationObserver(() => nameControls(root));
    observer.observe(root, { childList: true, subtree: true });
    nameControls(root);
  }
  watch();
  return () => observer && observer.disconnect();
}

const PLAY_NAMES = {
  "fa-play": "Autoplay: play the moves one by one",
  "fa-pause": "Autoplay: pause",
  "fa-stop": "Autoplay: stop and go back to the start",
  "fa-retweet": "Autoplay: start again at the end",
};

function nameControls(root) {
  for (const button of root.querySelectorAll(".widget-play button")) {
    const icon = button.querySelector("i");
    const name = icon && PLAY_NAMES[[...icon.classList].find((c) => c in PLAY_NAMES)];
    if (name && button.getAttribute("aria-label") !== name) {
      button.setAttribute("aria-label", name);
      button.title = name;
    }
  }
  for (const slider of root.querySelectorAll(".widget-slider")) {
    const handle = slider.querySelector("[role=slider], .noUi-handle");
    const label = slider.querySelector(".widget-label")?.textContent.trim();
    const name = label === "Move" ? "Move: the position shown, in moves from the deal" : label;
    if (handle && name && handle.getAttribute("aria-label") !== name) {
      handle.setAttribute("aria-label", name);
    }
  }
}
export default { render };
"""
"""The widget's front end: the buttons, redrawn when the cards change; the focus kept in the
hand when it was there, or brought there when Python asks (:attr:`CardHand.focus_turn`). It
also names the explorer's controls that ipywidgets draws unnamed (the Autoplay buttons, the
slider's handle), within the box of class ``cardlab-explorer`` that holds it."""

CSS = """
.cardlab-hand { display: flex; flex-wrap: wrap; gap: 0.25em; margin: 0.2em 0; }
.cardlab-hand button {
  min-width: 3.2em; height: 2.6em; padding: 0 0.5em; border-radius: 0.3em;
  font: 1.05em/1 sans-serif; cursor: pointer;
}
.cardlab-hand .cardlab-playable {
  background: #dff5df; border: 3px solid #1b5e20; font-weight: bold;
}
.cardlab-hand .cardlab-unplayable {
  background: #f4f4f4; border: 1px dashed #767676; font-weight: normal;
}
.cardlab-hand button:focus-visible {
  outline: 3px solid #111; outline-offset: 2px; box-shadow: 0 0 0 5px #fff;
}
"""
"""Playable cards: green, bold, a thick solid border; unplayable: grey, normal, a thin dashed
border (they differ by more than colour). The focus ring: near-black, 3 px, with a white halo
so that it shows on a dark page too."""


def card_entry(card: Card, why_not: str) -> dict[str, Any]:
    """What the front end draws of ``card``: playable when ``why_not`` is empty, otherwise
    named with the reason it may not be played."""
    label = f"play {card.name}" if not why_not else f"{card.name}: not playable: {why_not}"
    return {
        "text": card.text,
        "pretty": card.pretty,
        "label": label,
        "playable": not why_not,
        "colour": RED if card.is_red else "#111",
    }


class CardHand(anywidget.AnyWidget):
    """The seat to move's cards as buttons (see the module). :attr:`cards` holds what each
    button shows (:func:`card_entry`); a click calls the function given to :meth:`on_card`
    with the card."""

    _esm = ESM
    _css = CSS
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Each card's text, label, whether it may be played and its colour."""
    label = traitlets.Unicode("Your hand").tag(sync=True)
    """What a screen reader hears of the group of buttons ("Seat 2's hand")."""
    focus_turn = traitlets.Int(0).tag(sync=True)
    """Raised by :meth:`focus_first` to bring the focus to the first playable card."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_card: Callable[[Card], None] = lambda _card: None
        self.on_msg(self._clicked)

    def on_card(self, callback: Callable[[Card], None]) -> None:
        """Call ``callback`` with the card whose button is clicked (or pressed by keyboard)."""
        self._on_card = callback

    def click(self, card: Card | str) -> None:
        """What a click on ``card``'s button does (for code and tests: no browser needed)."""
        self._on_card(Card.parse(card))

    def focus_first(self) -> None:
        """Bring the focus to the first playable card once the hand is drawn again."""
        self.focus_turn += 1

    def _clicked(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("card"), str):
            self.click(content["card"])


__all__ = ["CSS", "ESM", "CardHand", "card_entry"]
