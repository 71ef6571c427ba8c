"""Turn-by-turn logs of a hand as tables, one row per move (or per trick), for lessons.

Each log is built from :meth:`State.steps`, the ``(before, move, after)`` triples of the hand
so far, and returned as a pandas DataFrame (pandas is imported when a log is made).

- :func:`move_log`: any game; each move with its seat and what happened, in words.
- :func:`chinese_ten_log`: a fishing game in which each turn turns up the stock's top card
  (Chinese Ten: any game whose states are :class:`FishingState`); each move with the card
  turned up, the cards won and the table after it.
- :func:`trick_log`: any game played in tricks (Two-Ten-Jack); each trick with who led it, who
  won it, what it was worth, the cards drawn after it and the stock and hand sizes then.

>>> import cardlab
>>> state = cardlab.game("mod-ten").deal(seed=3).play_all("3C 4C")
>>> for row in move_log_rows(state):
...     print(row)
{'move': 1, 'seat': 1, 'plays': '3C', 'what happened': 'Seat 1 leads 3C: the table makes 3.'}
{'move': 2, 'seat': 0, 'plays': '4C', 'what happened': 'Seat 0 plays 4C: the table makes 7.'}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from cardlab.engine.cards import Card
from cardlab.engine.core import Game, State
from cardlab.engine.moves import Move, Trick
from cardlab.games import REGISTRY, game

if TYPE_CHECKING:
    import pandas as pd

LogRow = dict[str, Any]
"""One line of a log: column name -> value."""


class LogError(ValueError):
    """A log asked of a hand of another game (a trick log of a Mod Ten hand, say)."""


@runtime_checkable
class FishingState(Protocol):
    """What :func:`chinese_ten_log` asks of a hand: the state of a fishing game in which each
    turn plays a card, then turns up the stock's top card (Chinese Ten). A game's states
    declare it by having these four facts; no game is named here."""

    @property
    def won(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's pile of cards won."""

    @property
    def table(self) -> tuple[Card, ...]:
        """The cards face up on the table."""

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, its top card first."""

    @property
    def pending(self) -> Card | None:
        """The card turned up that waits for its seat to choose what it captures, or None."""


def move_log_rows(state: State) -> list[LogRow]:
    """One row per move of the hand so far: its number, the seat that made it, the move and
    everything that happened because of it, in words."""
    _require(state, "move_log")
    rows = []
    for before, move, after in state.steps():
        rows.append(
            {
                "move": after.move_number,
                "seat": before.current_player,
                "plays": str(move),
                "what happened": " ".join(event.text for event in after.last_events),
            }
        )
    return rows


def move_log(state: State) -> pd.DataFrame:
    """:func:`move_log_rows` as a table indexed by move number."""
    return _table(move_log_rows(state), "move")


def chinese_ten_log_rows(state: State) -> list[LogRow]:
    """One row per move of a Chinese Ten hand: the seat, the move, the card turned up from
    the stock ("(chooses)" for the second decision of a turn, when the seat says what the
    turned-up card captures), the cards the seat won by that move, and the table after it.

    >>> import cardlab
    >>> state = cardlab.game("chinese-ten").deal(seed=10).play("2C")
    >>> chinese_ten_log_rows(state)[0]["won"]
    '2C 8S KC KH'
    """
    _require(state, "chinese_ten_log")
    if not isinstance(state, FishingState):
        named = " or ".join(_registered(lambda each: isinstance(each.deal(), FishingState)))
        raise LogError(
            f"chinese_ten_log is for {named} hands, not {state.game.name}: "
            "use move_log for any game"
        )
    steps = cast("list[tuple[FishingState, Move, FishingState]]", state.steps())
    rows = []
    for before, move, after in steps:
        seat = cast("State", before).current_player
        assert seat is not None  # a move is made by the seat to move
        pending = before.pending
        won_before = len(before.won[seat])
        rows.append(
            {
                "move": cast("State", after).move_number,
                "seat": seat,
                "plays": str(move),
                "turned up": "(chooses)" if pending is not None else before.stock[0].text,
                "won": _cards(after.won[seat][won_before:]),
                "table after": _cards(after.table),
            }
        )
    return rows


def chinese_ten_log(state: State) -> pd.DataFrame:
    """:func:`chinese_ten_log_rows` as a table indexed by move number."""
    return _table(chinese_ten_log_rows(state), "move")


def trick_log_rows(state: State) -> list[LogRow]:
    """One row per trick of a hand so far, in a game played in tricks (Two-Ten-Jack): its
    number, the seat that led it, its cards in the order played, the seat that won it, what it
    was worth to that seat, the number of cards drawn after it, and the stock and the hand
    sizes after it. The tricks are what the states say (:meth:`State.trick_settled`).

    >>> import cardlab
    >>> state = cardlab.game("two-ten-jack").deal(seed=1).play_all("6D KD")
    >>> row = trick_log_rows(state)[0]
    >>> row["cards"], row["won by"], row["worth"], row["stock after"]
    ('6D KD', 0, 1, 38)
    """
    _require_tricks(state)
    rows: list[LogRow] = []
    for before, _move, after in state.steps():
        trick = after.trick_settled()
        if trick is not None:
            rows.append(_trick_row(len(rows) + 1, trick, before, after))
    return rows


def _trick_row(number: int, trick: Trick, before: State, after: State) -> LogRow:
    """The row of the ``number``-th trick, settled by the move from ``before`` to ``after``."""
    seats = range(before.game.players)
    held_before = sum(len(before.hand(seat)) for seat in seats)
    held_after = [len(after.hand(seat)) for seat in seats]
    return {
        "trick": number,
        "led by": trick.leader,
        "cards": _cards(trick.cards),
        "won by": trick.winner,
        "worth": after.scores[trick.winner] - before.scores[trick.winner],
        "cards drawn": sum(held_after) - held_before + 1,  # the move played one card
        "stock after": after.stock_size,
        "hand sizes after": " + ".join(str(size) for size in held_after),
    }


def trick_log(state: State) -> pd.DataFrame:
    """:func:`trick_log_rows` as a table indexed by trick number."""
    return _table(trick_log_rows(state), "trick")


def _require(state: State, log: str) -> None:
    if not isinstance(state, State):
        raise LogError(f"{log} takes a state of a hand, not {type(state).__name__}")


def _registered(asked: Callable[[Game], bool]) -> list[str]:
    """The names of the registered games (with their default options) that answer ``asked``
    with True; a game that cannot be asked so is left out."""
    names = []
    for name in REGISTRY:
        try:
            if asked(game(name)):
                names.append(name)
        except Exception:  # a game registered at run time that cannot deal with no options
            continue
    return names


def _require_tricks(state: State) -> None:
    """Refuse a hand of a game not played in tricks, naming the games that are."""
    _require(state, "trick_log")
    if not state.game.trick_taking:
        named = _registered(lambda each: each.trick_taking)
        raise LogError(
            f"trick_log is for {' or '.join(named)} hands, not {state.game.name}: "
            "use move_log for any game"
        )


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.text for card in cards)


def _table(rows: list[LogRow], index: str) -> pd.DataFrame:
    import pandas as pd

    if not rows:
        return pd.DataFrame(columns=[index]).set_index(index)
    return pd.DataFrame(rows).set_index(index)
