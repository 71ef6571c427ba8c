"""What every game's batch form gives, and the loop that plays a batch of hands with it.

A game's batch form (:class:`BatchRules`, one module per game in this package) holds the
game's rules written over arrays: a batch of hands is a few arrays with one row per hand
(:class:`Hands`), and each rule is a dozen array operations that play one move in every hand
at once. :func:`play_hands` deals a batch, asks the seats' agents for a move in every hand
still going, plays the moves, and keeps each hand's outcome as it ends (hands that end leave
the arrays, so the others go on at full speed).

The agents it plays are the random agent (a move drawn uniformly among the legal moves, as
:class:`cardlab.bots.agents.RandomAgent` draws it, from the hand's own random numbers: see
:mod:`cardlab.batch.draws`) and the greedy agent (each game's heuristic of
:mod:`cardlab.bots.heuristics`, written over arrays).
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import numpy as np

from cardlab.batch.draws import MOVE_DRAWS, Array, dealers, draw, streams
from cardlab.engine.core import Game
from cardlab.engine.moves import Move

AGENTS = ("random", "greedy")
"""The agents the batch engine plays (every game's batch form plays both)."""


class Hands:
    """A batch of hands being played: arrays with one row per hand (set by each game's
    :meth:`BatchRules.deal`), and the ones every game has: ``row`` (the hand's place in the
    batch as dealt), ``dealer``, ``seat`` (the seat to move), ``moves`` (moves made so far)
    and ``stream`` (the key of the hand's random moves, see :mod:`cardlab.batch.draws`)."""

    def __init__(self, keys: Array, players: int) -> None:
        self.players = players
        self.row: Array = np.arange(len(keys), dtype=np.int64)
        self.dealer: Array = dealers(keys, players)
        self.seat: Array = (self.dealer + 1) % players
        self.moves: Array = np.zeros(len(keys), dtype=np.int64)
        self.stream: Array = streams(keys, MOVE_DRAWS)

    @property
    def size(self) -> int:
        """How many hands are still being played."""
        return len(self.row)

    def split_off(self, over: Array) -> Hands:
        """The hands where ``over`` (a bool array) is True, taken out of this batch (in every
        array) and returned as a batch of their own."""
        ended = copy.copy(self)
        out, going = np.flatnonzero(over), np.flatnonzero(~over)
        for name, value in vars(self).items():
            if isinstance(value, np.ndarray):
                setattr(ended, name, value.take(out, axis=0))
                setattr(self, name, value.take(going, axis=0))
        return ended

    def to_move(self) -> Array:
        """Where the seat to move of each hand is in a ``(hands, players)`` array read flat:
        ``at(self.held, hands.to_move())`` is the hand of the seat to move (see :func:`at`)."""
        return np.arange(self.size) * self.players + self.seat


def at(table: Array, places: Array) -> Array:
    """The values of a ``(hands, players)`` array at flat ``places`` (see
    :meth:`Hands.to_move`): faster than indexing by rows and seats."""
    return table.reshape(-1)[places]


def put(table: Array, places: Array, values: Array) -> None:
    """Set the values of a ``(hands, players)`` array at flat ``places`` (see :func:`at`)."""
    table.reshape(-1)[places] = values


class BatchRules(ABC):
    """A game's rules over arrays (its batch form), for one set of options.

    A subclass refuses, when made, options it does not play (:class:`BatchError`); deals a
    batch; gives each hand's legal moves in a form its agents use (``legal``); plays one move
    in every hand; and says how the hands that ended ended. Moves are int codes: the card's bit
    (see :mod:`cardlab.batch.bits`), plus 64 times what else the move says (a target, a
    declaration: each game says). For the checks against the rules engine
    (:mod:`cardlab.batch.check`) it also gives a hand's deal as cards, every hand's legal
    moves as sets of text, and the code and text of a move.
    """

    stats: tuple[str, ...] = ()
    """The game's own counts, in the order of its table's columns (``captures`` ...)."""

    options: tuple[str, ...] = ("players",)
    """The game's options this batch form plays; any other must be left at its default."""

    def __init__(self, game: Game) -> None:
        defaults = {spec.name: spec.default for spec in game.option_specs()}
        for name, value in game.options.items():
            if name not in self.options and value != defaults.get(name):
                raise BatchError(
                    f"the batch engine does not play {game.title}'s option {name}={value!r} "
                    f"(it plays {', '.join(self.options)}): use engine='rules'"
                )
        self.game = game
        self.players = game.players

    @abstractmethod
    def deal(self, keys: Array, order: Array | None = None) -> Hands:
        """A batch of hands, one per key (see :func:`cardlab.batch.draws.hand_keys`), dealt
        from the deck shuffled by the key, or in ``order`` (one row per hand: each row the
        places of the game's deck in the order dealt, a permutation; for the checks)."""

    @abstractmethod
    def legal(self, hands: Any) -> Any:
        """What the agents need of each hand's legal moves (each game says what)."""

    @abstractmethod
    def random_moves(self, hands: Any, legal: Any, words: Array) -> Array:
        """A legal move of each hand, drawn uniformly among its legal moves with the random
        uint64 word of that hand in ``words``."""

    @abstractmethod
    def greedy_moves(self, hands: Any, legal: Any) -> Array:
        """The greedy heuristic's move in each hand (the heuristic draws nothing)."""

    @abstractmethod
    def play(self, hands: Any, moves: Array) -> Array:
        """Play ``moves`` (one per hand); a bool array: True where the hand is over."""

    @abstractmethod
    def outcome(self, hands: Any) -> dict[str, Array]:
        """How each hand of ``hands`` (all over) ended: ``winner`` (-1: none), ``score_<seat>``
        and the game's counts (:attr:`stats`)."""

    @abstractmethod
    def dealt(self, hands: Any, row: int) -> dict[str, Any]:
        """The deal of the hand at ``row`` of ``hands`` as ``game.deal(...)`` takes it from
        cards (dealer, hands and so on), for the rules engine to play the same hand."""

    @abstractmethod
    def legal_sets(self, hands: Any, legal: Any) -> list[frozenset[str]]:
        """The legal moves of each hand as a set of texts (``"8H"``, ``"3H>7C"``, ``"AS=S"``)."""

    @abstractmethod
    def move_code(self, move: Move) -> int:
        """The code of a move of the rules engine (see above)."""

    def move_text(self, code: int) -> str:
        """The text of the move whose code is ``code``: the card alone by default."""
        from cardlab.engine.cardsets import CARDS

        return str(CARDS[code % 64])


class CardTexts(dict[int, frozenset[str]]):
    """The texts of the cards of a card set (an int), worked out the first time a set is
    asked for, then looked up: what the checks compare legal moves by."""

    def __missing__(self, cards: int) -> frozenset[str]:
        from cardlab.engine.cardsets import CARDS

        texts = self[cards] = frozenset(str(CARDS[bit]) for bit in range(52) if cards >> bit & 1)
        return texts


class BatchError(ValueError):
    """A game, an option or an agent that the batch engine does not play; the message says
    what to do instead."""


def dealt_round(order: Array, dealer: Array, players: int, per_seat: int) -> list[Array]:
    """The cards dealt to each seat when the cards of ``order`` (one row per hand, the deck in
    its shuffled order) are dealt one at a time clockwise from the dealer's left, ``per_seat``
    each: card ``j`` goes to seat ``dealer + 1 + j``. One array per seat, ``(hands,
    per_seat)``, of what ``order`` holds."""
    dealt = []
    for seat in range(players):
        first = (seat - dealer - 1) % players
        places = first[:, None] + players * np.arange(per_seat)[None, :]
        dealt.append(np.take_along_axis(order, places, axis=1))
    return dealt


def sole_leaders(scores: Array) -> Array:
    """The seat with the highest score of each hand (``scores``: one row per hand, one column
    per seat), or -1 where two or more seats share it (as
    :func:`cardlab.engine.core.sole_leader`)."""
    best = scores.max(axis=1)
    leaders = scores == best[:, None]
    return np.where(leaders.sum(axis=1) == 1, leaders.argmax(axis=1), -1)


def agent_seats(agents: Sequence[str]) -> Array:
    """For each seat, whether its agent is the greedy one (bool array), the agents checked."""
    for seat, agent in enumerate(agents):
        if agent not in AGENTS:
            raise BatchError(
                f"the batch engine plays the agents {' and '.join(AGENTS)}, not {agent!r} "
                f"(seat {seat}): use engine='rules' for it"
            )
    return np.array([agent == "greedy" for agent in agents], dtype=bool)


def chosen_moves(rules: BatchRules, hands: Hands, greedy_seats: Array) -> Array:
    """The move of the agent of the seat to move in each hand."""
    legal = rules.legal(hands)
    if not greedy_seats.any():
        return rules.random_moves(hands, legal, draw(hands.stream, hands.moves.astype(np.uint64)))
    if greedy_seats.all():
        return rules.greedy_moves(hands, legal)
    greedy = greedy_seats[hands.seat]
    words = draw(hands.stream, hands.moves.astype(np.uint64))
    return np.where(
        greedy, rules.greedy_moves(hands, legal), rules.random_moves(hands, legal, words)
    )


def play_hands(rules: BatchRules, keys: Array, greedy_seats: Array) -> dict[str, Array]:
    """Deal a hand for each key and play them all to their end with the agents of the seats
    (``greedy_seats``: see :func:`agent_seats`); the columns of their table rows, in the
    order of the keys: ``dealer``, ``winner`` (-1: none), the scores, ``moves`` and the
    game's counts."""
    hands = rules.deal(keys)
    columns: dict[str, Array] = {"dealer": hands.dealer.copy()}
    ended_at: list[tuple[Array, dict[str, Array]]] = []
    while hands.size:
        over = rules.play(hands, chosen_moves(rules, hands, greedy_seats))
        if over.any():
            ended = hands.split_off(over)
            outcome = rules.outcome(ended)
            outcome["moves"] = ended.moves
            ended_at.append((ended.row, outcome))
    return _in_order(columns, ended_at, len(keys))


def _in_order(
    columns: dict[str, Array], parts: list[tuple[Array, dict[str, Array]]], size: int
) -> dict[str, Array]:
    """The outcomes of the hands, gathered as they ended (``parts``: the rows of each group
    and its columns), put in the order of the rows."""
    for rows, outcome in parts:
        for name, values in outcome.items():
            if name not in columns:
                columns[name] = np.zeros(size, dtype=values.dtype)
            columns[name][rows] = values
    return columns
