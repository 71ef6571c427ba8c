"""The greedy heuristics: one simple rule of thumb per game, looking one move ahead from a view.

The greedy agent (:class:`cardlab.agents.GreedyAgent`) and the Monte Carlo agent's greedy
playouts play them. Each is a function of what a seat may see (a view) and a random generator
(which no heuristic here uses: they are deterministic), in a module of its own per game,
registered by game name in :data:`GREEDY`, so that the games know nothing of agents and a
heuristic is imported only when its game is played.

>>> import cardlab, random
>>> state = cardlab.game("mod-ten").deal(seed=3)
>>> greedy_move(state.view(state.current_player), random.Random(0))
Move('9C')
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from cardlab.core import Move, View

Heuristic = Callable[[View, random.Random], Move]
"""A heuristic: from a view (and a generator, for heuristics that draw), one legal move."""

GREEDY: dict[str, str] = {
    "mod-ten": "cardlab.heuristics.mod_ten:greedy",
    "chinese-ten": "cardlab.heuristics.chinese_ten:greedy",
    "two-ten-jack": "cardlab.heuristics.two_ten_jack:greedy",
}
"""The greedy heuristic of each game, by the game's registered name: ``module:function``."""


def heuristic(name: str) -> Heuristic:
    """The greedy heuristic of the game registered as ``name``."""
    where = GREEDY.get(name)
    if where is None:
        raise NotImplementedError(f"the game {name!r} has no greedy heuristic")
    module, function = where.split(":")
    found: Heuristic = getattr(importlib.import_module(module), function)
    return found


def greedy_move(view: View, rng: random.Random) -> Move:
    """The move of the greedy heuristic of ``view``'s game (see :data:`GREEDY`)."""
    return heuristic(view.game.name)(view, rng)
