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

MANY_GAMES = "cardlab.simulation.many_games"

__getattr__ = lazy_names(
    __name__,
    {
        name: MANY_GAMES
        for name in (
            "CHUNK",
            "MAX_GAMES",
            "MAX_MATCH_HANDS",
            "MAX_PART_GAMES",
            "AgentError",
            "Blocks",
            "SimulationError",
            "checked_run",
            "chunk_size",
            "columns_of_games",
            "game_seed",
            "long_form",
            "play_games",
            "play_hand",
            "play_match",
            "play_run",
            "simulate",
            "simulate_to_parquet",
        )
    },
)
