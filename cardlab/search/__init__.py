"""Perfect play: the exact solver behind :func:`cardlab.solve` and the ``pimc`` bot
(:mod:`~cardlab.search.solver`: what is solved, the checks, one go or in steps) and its search
(:mod:`~cardlab.search.alphabeta`: alpha-beta over a game's search space, with a transposition
table, written once).

It imports the engine only: a game gives the solver its search space, so nothing here names a game.
"""

from __future__ import annotations

from cardlab.lazy import lazy_names

__getattr__ = lazy_names(__name__)
