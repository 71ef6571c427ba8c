"""cardlab: teach, play through and analyse card games in Jupyter.

>>> import cardlab
>>> game = cardlab.game("mod-ten", players=3)
>>> state = game.deal(seed=7)
>>> state.play(state.legal_moves()[0]).move_number
1

The core (cards, rules, records) needs only the standard library. The notebook layers
(``cardlab.widgets``, ``cardlab.charts``, ``cardlab.simulate``) import pandas, plotly and
ipywidgets when they are first used, so ``import cardlab`` stays fast.
"""

from __future__ import annotations

import importlib
from typing import Any

from cardlab import moved
from cardlab.engine.cards import Card, CardError, Hand, parse_cards
from cardlab.engine.core import Game, State, View
from cardlab.engine.errors import DealError, MoveSyntaxError, OptionError, RecordError
from cardlab.engine.moves import Event, GameOverError, IllegalMoveError, Move
from cardlab.games import GAMES, game
from cardlab.play.records import replay

moved.install()  # older module paths (cardlab.core, cardlab.agents, ...) keep working

# The only place the version is written: the build (hatch, see pyproject.toml) reads it from here.
__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "AgentError",
    "Card",
    "CardError",
    "DealError",
    "Event",
    "Game",
    "GameOverError",
    "Hand",
    "IllegalMoveError",
    "Move",
    "MoveSyntaxError",
    "OptionError",
    "RecordError",
    "SimulationError",
    "Solution",
    "SolveError",
    "State",
    "View",
    "game",
    "parse_cards",
    "replay",
    "simulate",
    "solve",
]

# Heavier parts, loaded on first use: name -> the module that holds it.
_LAZY = {
    "simulate": "cardlab.simulation.many_games",
    "AgentError": "cardlab.simulation.many_games",
    "SimulationError": "cardlab.simulation.many_games",
    "Match": "cardlab.play.match",
    "solve": "cardlab.search.solver",
    "Solution": "cardlab.search.solver",
    "SolveError": "cardlab.search.solver",
}

# The subpackages by layer, loaded on first use: name -> package. The short names of the
# modules a notebook uses most (``cardlab.stats``) are in cardlab.moved.SHORT_NAMES.
_SUBPACKAGES = {
    "engine": "cardlab.engine",
    "play": "cardlab.play",
    "search": "cardlab.search",
    "bots": "cardlab.bots",
    "simulation": "cardlab.simulation",
    "display": "cardlab.display",
    "widgets": "cardlab.widgets",
    "exercises": "cardlab.exercises",
}


def __getattr__(name: str) -> Any:
    if name in _SUBPACKAGES or f"cardlab.{name}" in moved.SHORT_NAMES:
        return importlib.import_module(_SUBPACKAGES.get(name, f"cardlab.{name}"))
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'cardlab' has no attribute {name!r}")
