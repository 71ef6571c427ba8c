"""Matches: several hands of one game, with dealer rotation, running totals and a target.

>>> import cardlab
>>> match = cardlab.game("mod-ten", players=3, match_target=2).match(seed=5)
>>> while not match.is_over:
...     match = match.play(match.state.legal_moves()[0])
>>> match.winner in (0, 1, 2), len(match.hands) >= 2
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardlab.engine.core import Game, State
from cardlab.engine.moves import GameOverError, Move


@dataclass(frozen=True)
class Match:
    """A match in progress: the finished hands, the hand being played and the totals.

    A value like a state: :meth:`play` returns a new match. When a hand ends and nobody has won
    the match, the next hand is dealt at once (its dealer chosen by the game's rule).
    """

    game: Game
    """The game being played."""
    seed: int | str
    """The match's seed: the first dealer and every shuffle come from it."""
    hands: tuple[State, ...]
    """The finished hands, oldest first (each the final state of its hand)."""
    state: State
    """The hand being played (the last hand, finished, once the match is over)."""
    totals: tuple[int, ...]
    """Each seat's match total over the finished hands."""
    winner: int | None = field(default=None)
    """The winner of the match, once it is over."""

    @classmethod
    def start(cls, game: Game, seed: int | str | None = None) -> Match:
        """A new match of ``game``: the first hand dealt from ``seed``."""
        first = game.deal(seed=seed)
        drawn = first.seed
        assert drawn is not None  # a seeded deal always knows its seed
        return cls(game, drawn, (), first, (0,) * game.players)

    @property
    def is_over(self) -> bool:
        """True once a seat has won the match."""
        return self.winner is not None

    @property
    def hand_number(self) -> int:
        """The number of the hand being played, from 0."""
        return len(self.hands)

    def play(self, move: str | Move) -> Match:
        """The match after the player to move in the current hand makes ``move``."""
        if self.is_over:
            raise GameOverError(f"the match is over: seat {self.winner} won it")
        state = self.state.play(move)
        if not state.is_over:
            return Match(self.game, self.seed, self.hands, state, self.totals)
        points = self.game.match_points(state)
        totals = tuple(total + point for total, point in zip(self.totals, points, strict=True))
        hands = self.hands + (state,)
        winner = self.game.match_winner(totals)
        if winner is not None:
            return Match(self.game, self.seed, hands, state, totals, winner)
        following = self.game.deal(
            seed=self.seed, dealer=self.game.next_dealer(state), hand_number=len(hands)
        )
        return Match(self.game, self.seed, hands, following, totals)

    def record(self) -> dict[str, Any]:
        """The match as a JSON-friendly dict; :func:`cardlab.replay` rebuilds it (see
        :mod:`cardlab.play.records`). A hook: the work is
        :func:`cardlab.play.records.match_record`'s, imported when called, as ``State.record`` hands
        its work to records."""
        from cardlab.play.records import match_record

        return match_record(self)

    @classmethod
    def replay(cls, game: Game, record: dict[str, Any]) -> Match:
        """The match described by ``record`` (see :meth:`record`), rebuilt through the rules.

        A :class:`RecordError` names the index of the first bad move, counted over the match.
        A hook onto :func:`cardlab.play.records.replay_match`, imported when called.
        """
        from cardlab.play.records import replay_match

        return replay_match(game, record)

    def __repr__(self) -> str:
        status = f"seat {self.winner} won" if self.is_over else f"hand {self.hand_number}"
        return f"<{self.game.title} match: {status}, totals {list(self.totals)}>"
