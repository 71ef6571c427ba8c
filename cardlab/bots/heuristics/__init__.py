"""The greedy heuristics: one simple rule of thumb per game, looking one move ahead from a view.

The greedy agent (:class:`cardlab.bots.agents.GreedyAgent`) and the Monte Carlo agent's greedy
playouts play them. Each is a function of what a seat may see (a view) and a random generator
(which no heuristic here uses: they are deterministic), in a module of its own per game, named
by the game's entry in the registry (:data:`cardlab.games.REGISTRY`), so that the games know
nothing of agents and a heuristic is imported only when its game is played.

>>> import cardlab, random
>>> state = cardlab.game("mod-ten").deal(seed=3)
>>> greedy_move(state.view(state.current_player), random.Random(0))
Move('9C')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardlab.engine.core import State, View
from cardlab.engine.moves import Move, Outcome
from cardlab.games import GREEDY, REGISTRY, GreedyPlayout, Heuristic

__all__ = [
    "GREEDY",
    "GreedyPlayout",
    "Heuristic",
    "fast_greedy_playout",
    "greedy_move",
    "greedy_playout",
    "heuristic",
    "play_greedily",
    "play_out_on_position",
]


def heuristic(name: str) -> Heuristic:
    """The greedy heuristic of the game registered as ``name``."""
    entry = REGISTRY.get(name)
    if entry is None:
        raise NotImplementedError(f"the game {name!r} has no greedy heuristic")
    return entry.heuristic()


def fast_greedy_playout(name: str) -> GreedyPlayout | None:
    """The faster greedy playout of the game registered as ``name`` (see
    :attr:`cardlab.games.Entry.greedy_playout`), or None when it has none."""
    entry = REGISTRY.get(name)
    return None if entry is None else entry.fast_greedy_playout()


def greedy_move(view: View, rng: random.Random) -> Move:
    """The move of the greedy heuristic of ``view``'s game (see its registry entry)."""
    return heuristic(view.game.name)(view, rng)


def play_greedily(state: State, rng: random.Random) -> Outcome:
    """Play ``state`` to the end with every seat playing the game's greedy heuristic on its
    own view, and say how the hand ended (the slow way, for games with no faster one)."""
    while (seat := state.current_player) is not None:
        state = state.play(greedy_move(state.view(seat), rng))
    return state.outcome()


def greedy_playout(state: State, rng: random.Random) -> Outcome:
    """:func:`play_greedily`, by the game's faster greedy playout where it has one
    (:func:`fast_greedy_playout`: the same moves, without views)."""
    fast = fast_greedy_playout(state.game.name)
    return play_greedily(state, rng) if fast is None else fast(state, rng)


def play_out_on_position(state: State, choose: Callable[[Any], Move]) -> Outcome:
    """Play a copy of ``state``'s position to the end, every move ``choose``'s (a heuristic read
    from the position instead of a view: the same moves, with no views or states in between),
    and say how the hand ended: the one loop of the games' faster greedy playouts."""
    position = state.position
    while position.to_move is not None:
        position.play(choose(position))
    return position.outcome()
