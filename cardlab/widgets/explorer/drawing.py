"""What the explorer draws, as HTML and buttons: the board of the position shown (the whole
state, or what one seat sees), its narration, whose turn it is or how the hand ended, the
record's note and the card buttons. Functions of states: no widget is kept here.

>>> import cardlab
>>> state = cardlab.game("mod-ten", players=2).deal(seed=3)
>>> narration_html(state.play("3C"), eyes=None)
'<div style="margin:0.3em 0"><b>Move 1.</b> Seat 1 leads 3C: the table makes 3.</div>'
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardlab.display.render import RED, rows_html
from cardlab.engine.cards import Card
from cardlab.engine.core import Game, State
from cardlab.engine.errors import OptionError
from cardlab.engine.moves import Move
from cardlab.engine.words import shortened
from cardlab.widgets.boxes import hidden, replace_children
from cardlab.widgets.explorer.bots import BotFailed
from cardlab.widgets.explorer.controls import Controls
from cardlab.widgets.explorer.hand import card_entry
from cardlab.widgets.explorer.seating import Seating, card_moves
from cardlab.widgets.explorer.timeline import Timeline

LEGAL_COLOUR = "#dff5df"
"""The background of a card button that may be played."""
ILLEGAL_COLOUR = "#eeeeee"
"""The background of a card button that may not be played."""
ERROR_COLOUR = "#b00020"
"""The colour of a message that refuses something."""
ERROR_STYLE = f"color:{ERROR_COLOUR};background:#fdecea;padding:0 0.3em;border-radius:0.2em"
"""The inline CSS of such a message: on a background of its own (6.4:1), so that it reads
as well on a dark page as on a light one."""


def message_html(text: str, error: bool = False) -> str:
    """A message to the user, in the error style when it refuses something."""
    style = ERROR_STYLE if error else "color:inherit"
    return f'<div style="{style};min-height:1.4em">{html.escape(text)}</div>'


def board_rows(state: State, eyes: int | None) -> list[Any]:
    """The board's rows: the whole state, or what seat ``eyes`` sees, with the row of the
    seat to move highlighted."""
    if eyes is None:
        return state.layout(None)
    rows = state.view(eyes).layout()
    if any(row.highlight for row in rows):
        return rows
    for index, row in enumerate(rows):  # the first row of the seat to move: its hand
        if row.seat is not None and row.seat == state.current_player:
            rows[index] = dataclasses.replace(row, highlight=True)
            break
    return rows


def narration_html(state: State, eyes: int | None) -> str:
    """What the last move did, told as seat ``eyes`` was told it (None: as it happened)."""
    said = " ".join(
        event.text if eyes is None else event.for_seat(eyes).text for event in state.last_events
    )
    return f'<div style="margin:0.3em 0"><b>Move {state.move_number}.</b> {html.escape(said)}</div>'


def record_note_html(moves: int, left: int | None) -> str:
    """Where the timeline stands against a record of ``moves`` moves that it ``left`` at."""
    if left is None:
        note = f"Replaying the record: {moves} recorded moves."
    else:
        note = f"You left the record after move {left - 1} of {moves}."
    return f"<i>{html.escape(note)}</i>"


def turn_html(
    state: State, refusal: str | None, failure: BotFailed | None, may_see_failure: bool
) -> str:
    """Whose turn it is and their legal moves (unless ``refusal`` hides them), with the
    failure of their bot, told in full only if ``may_see_failure``."""
    seat = state.current_player
    if refusal:
        turn = f"<b>Seat {seat} to move.</b> Its hand is hidden."
    else:
        legal_text = " ".join(str(move) for move in state.legal_moves())
        turn = f"<b>Seat {seat} to move.</b> Legal moves: {html.escape(legal_text)}"
    if failure is not None:
        told = failure.told_to(may_see_failure)
        turn += f"<div style='{ERROR_STYLE}'>{html.escape(told)}</div>"
    return turn


def end_html(state: State) -> str:
    """How the hand ended: the winner (or a tie), the scores and each seat's score text."""
    outcome = f"seat {state.winner} wins" if state.winner is not None else "a tie"
    scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(state.scores))
    details = [
        f"<li>Seat {seat}: {html.escape(text)}</li>"
        for seat in range(state.game.players)
        if (text := state.score_text(seat))
    ]
    return f"<b>The hand is over: {outcome}.</b> Scores: {scores}." + (
        f"<ul style='margin:0.2em 0'>{''.join(details)}</ul>" if details else ""
    )


def card_button(card: Card, legal: bool, on_click: Callable[[Card], None]) -> widgets.Button:
    """A card of the hand to move, in its colour; green and bold when it may be played."""
    button = widgets.Button(
        description=card.pretty,
        tooltip=f"{card.text}: {'play it' if legal else 'why not?'}",
        # The width follows the label, so that "10♠" is not cut to "1…".
        layout=widgets.Layout(width="auto", min_width="3.2em", height="2.6em", padding="0 0.5em"),
    )
    button.style.button_color = LEGAL_COLOUR if legal else ILLEGAL_COLOUR
    button.style.text_color = RED if card.is_red else "#111"
    button.style.font_weight = "bold" if legal else "normal"
    button.on_click(lambda _button: on_click(card))
    return button


def describe_choice(move: Move, game: Game | type[Game] = Game) -> str:
    """A move as a button label, in ``game``'s words
    (:meth:`~cardlab.engine.core.Game.describe_move`): "3H: capture 7C", "AS as a trump"
    (Two-Ten-Jack), or the card alone."""
    if not isinstance(move, Move):
        raise OptionError(f"expected a move, not {shortened(move)}")
    return game.describe_move(move)


def move_button(move: Move, game: Game, on_click: Callable[[Move], None]) -> widgets.Button:
    """A button for one move, labelled in ``game``'s words (:func:`describe_choice`)."""
    button = widgets.Button(
        description=describe_choice(move, game),
        tooltip=str(move),
        layout=widgets.Layout(width="auto"),
    )
    button.style.button_color = LEGAL_COLOUR
    button.on_click(lambda _button: on_click(move))
    return button


def draw_record(controls: Controls, recorded: int | None, left: int | None, hands: int) -> None:
    """The record's row: hidden unless a record of ``recorded`` moves was opened; the hand
    menu when it holds several ``hands``; "Back to the record" once the timeline ``left`` it."""
    hidden(controls.record_box, recorded is None)
    if recorded is None:
        return
    hidden(controls.hand_menu, hands < 2)
    hidden(controls.recorded_button, left is None)
    controls.record_note.value = record_note_html(recorded, left)


def draw_turn(
    controls: Controls,
    state: State,
    why_not: str | None,
    buttons: tuple[Callable[[Card], None], Callable[[Move], widgets.Button]],
    choosing: Card | None,
) -> None:
    """The seat to move's hand as card buttons (each calling ``buttons[0]``) and the moves to
    choose among as buttons (made by ``buttons[1]``): the moves of a card with several
    (``choosing``), or of no card in hand. With ``why_not`` the user may not click (a hidden
    hand, or a seat played by its bot), and that is said instead."""
    if why_not is not None:
        refusal = widgets.HTML(f"<i>{html.escape(why_not)}</i>")
        replace_children(controls.hand_box, [refusal], keep=[controls.hand])
        replace_children(controls.choice_box, [])
        return
    on_card, move_button = buttons
    seat = state.current_player
    assert seat is not None
    hand = state.hand(seat)
    controls.hand.label = f"Seat {seat}'s hand"
    controls.hand.cards = [card_entry(card, why_not_card(state, card)) for card in hand]
    controls.hand.on_card(on_card)
    replace_children(controls.hand_box, [controls.hand])
    in_hand = set(hand)
    choices = [m for m in state.legal_moves() if m.card is choosing or m.card not in in_hand]
    replace_children(controls.choice_box, [move_button(move) for move in choices])


def why_not_card(state: State, card: Card) -> str:
    """Why ``card`` may not be played at ``state`` (empty when it may)."""
    moves = card_moves(state, card)
    return moves if isinstance(moves, str) else ""


def draw_end(controls: Controls, state: State) -> None:
    """The hand is over: how it ended, and no buttons."""
    controls.turn_label.value = end_html(state)
    replace_children(controls.hand_box, [], keep=[controls.hand])
    replace_children(controls.choice_box, [])


def draw_timeline(
    controls: Controls, timeline: Timeline, eyes: int | None, reveal: bool, hands: int
) -> None:
    """Where ``timeline`` stands: the slider and the steps, the board and the narration of
    the state shown as seat ``eyes`` sees it (None: everything), the Reveal button (shown
    with ``reveal``), and the record's row (``hands``: how many hands the record holds)."""
    state = timeline.state
    controls.hint.value = ""
    # Moving the slider's bounds may move its value: that must not move the position.
    with controls.quietly():
        controls.slider.max = controls.player.max = len(timeline.states) - 1
        controls.slider.value = controls.player.value = timeline.index
    controls.first_button.disabled = controls.back_button.disabled = timeline.at_start
    controls.forward_button.disabled = controls.last_button.disabled = timeline.at_end
    controls.board.value = rows_html(board_rows(state, eyes), compact=True)
    controls.narration.value = narration_html(state, eyes)
    hidden(controls.reveal_button, not reveal)
    recorded = None if timeline.recorded is None else len(timeline.recorded) - 1
    draw_record(controls, recorded, timeline.left_record_at(), hands)


def draw_seat_to_move(
    controls: Controls,
    seating: Seating,
    buttons: tuple[Callable[[Card], None], Callable[[Move], None]],
    choosing: Card | None,
) -> None:
    """Whose turn it is at the state shown and what the user may click there (the card
    buttons call ``buttons[0]``, the move buttons ``buttons[1]``), or how the hand ended."""
    state = seating.timeline.state
    if state.current_player is None:
        draw_end(controls, state)
        return
    refusal = seating.hidden_turn(state)
    failure = seating.timeline.failure_at(state)
    eyes = seating.eyes(state)
    may_see = failure is not None and (eyes is None or eyes == failure.seat)
    controls.turn_label.value = turn_html(state, refusal, failure, may_see)
    on_card, on_move = buttons
    make_button = lambda move: move_button(move, seating.game, on_move)  # noqa: E731
    draw_turn(controls, state, seating.why_not_click(state), (on_card, make_button), choosing)


__all__ = [
    "ERROR_COLOUR",
    "ERROR_STYLE",
    "ILLEGAL_COLOUR",
    "LEGAL_COLOUR",
    "board_rows",
    "card_button",
    "describe_choice",
    "draw_end",
    "draw_record",
    "draw_seat_to_move",
    "draw_timeline",
    "draw_turn",
    "end_html",
    "message_html",
    "move_button",
    "narration_html",
    "record_note_html",
    "turn_html",
]
