"""Many hands at once, and what is computed from them: a run checked
(:mod:`~cardlab.simulation.runs`), one game played into one row
(:mod:`~cardlab.simulation.rows`), the chunks played here or in workers
(:mod:`~cardlab.simulation.workers`), the typed table (:mod:`~cardlab.simulation.tables`),
:func:`simulate` itself (:mod:`~cardlab.simulation.many_games`), statistics, exact counts,
tournaments and the class experiment.

It imports the engine, the games, the play layer, the solver and the bots; never the widgets.
Its names load on first use (``from cardlab.simulation import simulate``), so that importing
one of its modules does not import the others.
"""

from __future__ import annotations

from cardlab.lazy import lazy_names

__getattr__ = lazy_names(__name__, everything_of="cardlab.simulation.many_games")
