"""HTML pictures of cards, hands and states, for notebooks (``_repr_html_``) and widgets.

Everything here is plain HTML with inline styles, so it shows the same in JupyterLab, Voila and a
saved notebook, with no JavaScript. Colours that sit on the page's own background come from
JupyterLab's CSS variables (which the docs site defines too, for its light and dark palettes),
with light-theme fallbacks elsewhere; a card's face is always white with black or red text. Every
card and card back is an image to a screen reader, named in words ("three of clubs", "a hidden
card"), and the seat to move is marked by an arrow and ``aria-current`` as well as a background.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from cardlab.engine.cards import Card
from cardlab.engine.core import State, View
from cardlab.engine.moves import Row

CARD_STYLE = (
    "display:inline-block;min-width:2.1em;padding:0.25em 0.3em;margin:0.1em;"
    "border:1px solid #888;border-radius:0.3em;background:#fff;text-align:center;"
    "font:bold 1.05em/1.2 sans-serif;box-shadow:1px 1px 1px #ccc"
)
"""The inline CSS of one face-up card."""

BACK_STYLE = (
    "display:inline-block;min-width:2.1em;padding:0.25em 0.3em;margin:0.1em;"
    "border:1px solid #557;border-radius:0.3em;text-align:center;color:transparent;"
    "font:bold 1.05em/1.2 sans-serif;"
    "background:repeating-linear-gradient(45deg,#46a,#46a 3px,#68c 3px,#68c 6px)"
)
"""The inline CSS of one face-down card."""

RED = "#c0132b"
"""The colour of hearts and diamonds (6.2:1 on the white face)."""
BLACK = "#111"
"""The colour of clubs and spades."""
NOTE_COLOUR = "var(--jp-content-font-color1, #222)"
"""A row's note and the dash of an empty row, on the page's background: the theme's main text
colour (its grey for secondary text is only 4.5:1 in JupyterLab Light)."""
CURRENT_STYLE = (
    "background:var(--jp-layout-color2, #eeeeee);color:var(--jp-content-font-color0, #000);"
    "box-shadow:inset 0.3em 0 0 var(--jp-brand-color1, #1976d2)"
)
"""The row of the seat to move (with its note in the row's own text colour): a background from
the theme, the text colour that goes with it, and a bar on its left edge."""
CURRENT_MARK = "\u25b6\ufe0e "
"""Put before the label of the seat to move: a right-pointing triangle, as text."""


def card_html(card: Card, extra_style: str = "") -> str:
    """One face-up card as an HTML span, e.g. a red ``10♥``."""
    colour = RED if card.is_red else BLACK
    title = html.escape(f"{card.text}: {card.name}")
    name = html.escape(card.name)
    return (
        f'<span class="cardlab-card" role="img" aria-label="{name}" title="{title}" '
        f'style="{CARD_STYLE};color:{colour};{extra_style}">{card.pretty}</span>'
    )


def back_html() -> str:
    """One face-down card as an HTML span."""
    return (
        '<span class="cardlab-back" role="img" aria-label="a hidden card" title="a hidden card" '
        f'style="{BACK_STYLE}">??</span>'
    )


def pile_html(count: int) -> str:
    """``count`` face-down cards drawn as one back and their number, one image to a screen
    reader ("19 hidden cards"): a compact hidden pile."""
    name = "a hidden card" if count == 1 else f"{count} hidden cards"
    back = f'<span class="cardlab-back" aria-hidden="true" style="{BACK_STYLE}">??</span>'
    number = f'<b style="color:{NOTE_COLOUR};margin-left:0.15em">&times;{count}</b>'
    return (
        f'<span class="cardlab-pile" role="img" aria-label="{name}" title="{name}" '
        f'style="white-space:nowrap">{back}{number}</span>'
    )


def cards_html(cards: Iterable[Card], face_down: int = 0, compact: bool = False) -> str:
    """A row of face-up cards followed by ``face_down`` card backs (a dash if there is none);
    ``compact`` draws the backs as one pile with their number (:func:`pile_html`)."""
    parts = [card_html(card) for card in cards]
    if compact and face_down:
        parts.append(pile_html(face_down))
    else:
        parts.extend(back_html() for _ in range(face_down))
    if parts:
        return "".join(parts)
    return f'<span aria-label="no cards" style="color:{NOTE_COLOUR}">&mdash;</span>'


def rows_html(rows: Iterable[Row], compact: bool = False) -> str:
    """A table of labelled rows of cards (what :meth:`State.layout` returns); ``compact``
    draws each row's hidden cards as one pile with their number, so that a hidden hand or a
    stock takes one line on a phone (the explorer's board)."""
    lines = ['<table class="cardlab-layout" style="border-collapse:collapse">']
    for row in rows:
        label = html.escape(row.label)
        note = html.escape(row.note)
        if row.highlight:
            opening = f'<tr aria-current="true" style="{CURRENT_STYLE}">'
            label, note_colour = CURRENT_MARK + label, "inherit"
        else:
            opening, note_colour = "<tr>", NOTE_COLOUR
        lines.append(
            f"{opening}"
            f'<th style="text-align:left;padding:0.2em 0.6em;white-space:nowrap">{label}</th>'
            f'<td style="text-align:left;padding:0.2em">'
            f"{cards_html(row.cards, row.face_down, compact)}</td>"
            f'<td style="text-align:left;padding:0.2em 0.6em;color:{note_colour}">{note}</td></tr>'
        )
    lines.append("</table>")
    return "".join(lines)


def state_html(state: State, show: Iterable[int] | None = None) -> str:
    """A state as HTML: its layout, then the last events in words."""
    events = "".join(f"<li>{html.escape(event.text)}</li>" for event in state.last_events)
    title = html.escape(f"{state.game.title}, move {state.move_number}")
    return (
        f'<div class="cardlab-state"><div style="font-weight:bold">{title}</div>'
        f"{rows_html(state.layout(show))}"
        f'<ul style="margin:0.3em 0">{events}</ul></div>'
    )


def view_html(view: View) -> str:
    """A view as HTML: what the seat sees (:meth:`View.layout`)."""
    return f'<div class="cardlab-view">{rows_html(view.layout())}</div>'
