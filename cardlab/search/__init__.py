"""Perfect play: the exact solver (alpha-beta over a game's search space, with a
transposition table) behind :func:`cardlab.solve` and the ``pimc`` bot.

It imports the engine only: a game gives the solver its search space, so nothing here names a game.
"""

from __future__ import annotations

from cardlab.lazy import lazy_names

__getattr__ = lazy_names(__name__)
