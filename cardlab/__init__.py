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

from cardlab.cards import Card, CardError, Hand, parse_cards
from cardlab.core import (
    DealError,
    Event,
    Game,
    GameOverError,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    OptionError,
    RecordError,
    State,
    View,
)
from cardlab.games import GAMES, game
from cardlab.records import replay

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

# Heavier parts, loaded on first use: name -> module.
_LAZY = {
    "simulate": "cardlab.simulation",
    "simulation": "cardlab.simulation",
    "AgentError": "cardlab.simulation",
    "SimulationError": "cardlab.simulation",
    "charts": "cardlab.charts",
    "agents": "cardlab.agents",
    "stats": "cardlab.stats",
    "widgets": "cardlab.widgets",
    "render": "cardlab.render",
    "records": "cardlab.records",
    "match": "cardlab.match",
    "Match": "cardlab.match",
    "solve": "cardlab.solver",
    "solver": "cardlab.solver",
    "Solution": "cardlab.solver",
    "SolveError": "cardlab.solver",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module = importlib.import_module(_LAZY[name])
        if name in ("simulate", "solve"):  # functions, named like verbs; their modules are not
            return getattr(module, name)
        return module if module.__name__.endswith("." + name) else getattr(module, name)
    raise AttributeError(f"module 'cardlab' has no attribute {name!r}")
