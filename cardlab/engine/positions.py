"""The compact, mutable :class:`Position` a game's rules work on, the search space it can
give the solver (:class:`NodeSearch`), and helpers for copying its hands."""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Self, TypeVar

from cardlab.engine.fields import spec as field_spec
from cardlab.engine.moves import Move, Outcome

# --------------------------------------------------------------------------- positions

T = TypeVar("T")


Child = tuple["Move", Any, int, bool, int]
"""A move in a search, as a search space gives it (see :meth:`Position.search`): the move, the
node after it (None when the hand is then over), what seat 0 gains by it, whether the same seat
moves again, and how many moves the seat to move then has (0 when over): what the solver orders
moves by."""


class NodeSearch:
    """The search space a game whose nodes are small tuples of ints can give the solver (see
    :meth:`Position.search`): each node is its own key, its first item is the seat to move, and
    the root is the position's :meth:`Position.node`. A game writes only :meth:`children`."""

    __slots__ = ()

    nodes_are_keys = True
    """A node is its own key in the solver's table of solved positions."""

    def root(self, position: Position) -> Any:
        """The node of ``position`` (whose hand goes on)."""
        return position.node()

    def key(self, node: Hashable) -> Hashable:
        """The node is its own key."""
        return node

    def mover(self, node: Any) -> int:
        """The seat to move at ``node``: its first item."""
        return int(node[0])

    def children(self, node: Any) -> list[Child]:
        """Each legal move at ``node``, in the game's order, as a :data:`Child`."""
        raise NotImplementedError


@dataclass(slots=True, eq=False, kw_only=True)
class Position:
    """The compact, mutable position that a game's rules work on.

    Every game's position has these fields; each game adds its own (hands, table, stock ...),
    each declared once with what it is (:mod:`cardlab.engine.fields`: how a copy takes it, whether
    the state's key holds it, who sees it; its default, where a hand starts). A position is
    changed only by its game's ``play``; states copy it first, so a state never changes.
    Random playouts, the Monte Carlo agents and the solver play on positions directly. Its
    fields are keyword-only: a game's, with or without defaults, follow these in any order.
    """

    players: int = dataclasses.field(metadata=field_spec(key=False, seen="public"))
    """The number of seats."""
    dealer: int = dataclasses.field(metadata=field_spec(seen="public"))
    """The seat that dealt the hand."""
    to_move: int | None = dataclasses.field(metadata=field_spec(seen="public"))
    """The seat to move, or None once the hand is over."""
    winner: int | None = dataclasses.field(default=None, metadata=field_spec(seen="public"))
    """The winner once the hand is over (None while it goes on, or on a tie)."""
    moves: int = dataclasses.field(default=0, metadata=field_spec(key=False, seen="public"))
    """How many moves have been played in this hand."""

    def copy(self) -> Self:
        """A copy that can be played on without changing this position (a game's is made from
        its fields by :func:`cardlab.engine.fields.derive_copy`)."""
        raise NotImplementedError

    def legal_moves(self) -> Sequence[Move]:
        """The moves the seat to move may make, in the game's stable order (only asked while
        the hand goes on). It may be a list the position keeps: read it, do not change it."""
        raise NotImplementedError

    def play(self, move: Move) -> None:
        """Apply ``move``, which must be one of :meth:`legal_moves` (it is not checked)."""
        raise NotImplementedError

    def scores(self) -> tuple[int, ...]:
        """Each seat's score for the hand (so far, while it goes on)."""
        raise NotImplementedError

    def key(self) -> Hashable:
        """What decides the rest of the hand, as a value to look up in a table: two positions
        of one deal with equal keys play on alike. Games that :mod:`cardlab.solve` can solve
        give one."""
        raise NotImplementedError(f"{type(self).__name__} has no key: its game is not solved")

    def stats(self) -> tuple[tuple[str, int], ...]:
        """Game-specific counts, as (name, value) pairs (captures, tricks ...)."""
        return ()

    def search(self) -> Any:
        """A faster way for :func:`cardlab.solve` to search the positions after this one: an
        object with ``nodes_are_keys``, ``root``, ``key``, ``mover`` and ``children``, as
        :class:`cardlab.search.alphabeta.PositionSearch` has, over nodes of the game's own (a
        :class:`NodeSearch` over tuples of card sets, in Mod Ten and Two-Ten-Jack); or None, and
        the solver plays copies of the position itself. A game keeps its searches in a module
        built on its rules, which the rules name rather than import (see :func:`named`)."""
        return None

    def node(self) -> Any:
        """This position as a node of the game's :class:`NodeSearch`, for games that give one
        (a tuple of ints that is also its key)."""
        raise NotImplementedError

    def outcome(self) -> Outcome:
        """How the hand ended (or stands): scores, winner, moves and the game's counts."""
        return Outcome(self.scores(), self.winner, self.moves, self.stats())


def named(where: str) -> Any:
    """The object that ``"module:name"`` text names, its module imported the first time it is
    asked for. A game's rules hand work to the module of its fast paths (searches, playouts,
    samplers) this way: that module is built on the rules and imports them, so the rules cannot
    import it back (the registry names a game's class and heuristic the same way).

    >>> named("cardlab.engine.positions:without")((1, 2, 3), 2)
    (1, 3)
    """
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)


def copy_lists(lists: list[list[T]]) -> list[list[T]]:
    """A copy of a list of lists, each inner list copied too (hands, piles): what a
    position's ``copy`` needs, done by ``map`` rather than a comprehension, which is faster.

    >>> hands = [[1, 2], [3]]
    >>> copied = copy_lists(hands)
    >>> copied == hands and copied[0] is not hands[0]
    True
    """
    return list(map(list.copy, lists))


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` less the first ``item`` (which is there): how positions take a card from a
    hand kept as tuples, so that copying a position shares the hands.

    >>> without((1, 2, 3, 2), 2)
    (1, 3, 2)
    """
    index = items.index(item)
    return items[:index] + items[index + 1 :]
