"""What the explorer opens to look back at a hand: a hand record, a match record, a row of a
simulation that holds one (``simulate(..., records=True)``), a :class:`~cardlab.play.match.Match`
or a :class:`~cardlab.engine.core.State`, each as the states of its hands, rebuilt through the
rules.

>>> import cardlab
>>> final = cardlab.game("mod-ten", players=2).deal(seed=3).play_all("3C 4C")
>>> hands = recorded_hands(final.record())
>>> [len(line) for line, label in hands], hands[0][1]
([3], 'the hand: 2 moves so far')
>>> hands[0][0][-1] == final
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.engine.core import State
from cardlab.engine.errors import RecordError
from cardlab.play.match import Match
from cardlab.play.records import replay

RECORD_KEYS = ("format", "game", "moves")
"""Keys that make a mapping a record (rather than a row holding one)."""


def as_record(source: Any) -> dict[str, Any]:
    """The record in ``source``: a record itself, a mapping or pandas row with a ``record``
    entry, a match or a state. Raises :class:`RecordError` saying what was expected."""
    if isinstance(source, Match | State):
        return source.record()
    if isinstance(source, Mapping) and any(key in source for key in RECORD_KEYS):
        return dict(source)
    holder = getattr(source, "get", None)
    if callable(holder) and not isinstance(source, str):
        inner = holder("record")
        if inner is None:
            raise RecordError(
                "this row has no 'record': run cardlab.simulate(..., records=True) to keep "
                "each hand's record in its row"
            )
        return as_record(inner)
    raise RecordError(
        "expected a hand or match record (a dict from state.record() or match.record()), a "
        f"simulation row holding one, a Match or a State, not {type(source).__name__}"
    )


def hand_states(final: State) -> list[State]:
    """Every state of ``final``'s hand, from its start to ``final``."""
    steps = final.steps()
    if not steps:
        return [final]
    return [steps[0][0]] + [after for _, _, after in steps]


def outcome_words(final: State) -> str:
    """How a hand stands, in a few words: "seat 1 wins, 26 moves" or "12 moves so far"."""
    if not final.is_over:
        return f"{final.move_number} moves so far"
    result = "a tie" if final.winner is None else f"seat {final.winner} wins"
    return f"{result}, {final.move_number} moves"


def recorded_hands(record: dict[str, Any]) -> list[tuple[list[State], str]]:
    """Each hand of ``record`` as (its states from the start, a label for a hand menu).

    A hand record gives one hand; a match record gives each of its hands in order. Raises
    :class:`RecordError` (naming the bad move) for a record the rules do not replay.
    """
    rebuilt = replay(record)
    if isinstance(rebuilt, Match):
        finals = list(rebuilt.hands)
        if not rebuilt.is_over:
            finals.append(rebuilt.state)
        return [
            (hand_states(final), f"hand {number}: {outcome_words(final)}")
            for number, final in enumerate(finals)
        ]
    return [(hand_states(rebuilt), f"the hand: {outcome_words(rebuilt)}")]


def check_hand_number(hands: list[tuple[list[State], str]], hand: object) -> None:
    """Refuse a ``hand`` that is not the number of one of ``hands``, with a RecordError."""
    if not isinstance(hand, int) or isinstance(hand, bool) or not 0 <= hand < len(hands):
        raise RecordError(f"hand must be a number from 0 to {len(hands) - 1}, not {hand!r}")
