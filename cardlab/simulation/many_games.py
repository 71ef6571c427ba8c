"""Many games at once: a pandas DataFrame with one row per hand (or per match).

>>> import cardlab
>>> table = cardlab.simulate("mod-ten", agents="random", games=20, seed=1, progress=False)
>>> len(table), list(table.columns[:5])
(20, ['game', 'seed', 'dealer', 'agent_0', 'agent_1'])
>>> table.attrs["game"], table.attrs["seed"], table.attrs["complete"]
('mod-ten', 1, True)

Every game is reproducible on its own: game ``i`` of a run with seed ``S`` is dealt from the
seed ``"S-i"``, and its agents draw from a generator seeded from that too, so the same ``seed``
gives the same DataFrame whatever ``workers`` or ``executor`` runs it (a seed and its text,
``7`` and ``"7"``, give the same run).

Games are played in chunks. With ``workers=N`` the chunks run in N worker processes (loky's
reusable executor: the processes stay for the next run, agents written as lambdas or closures
travel to them, and they exit when this process dies); with ``executor=`` they run on any
``concurrent.futures.Executor`` or a Dask ``distributed.Client`` (see :func:`simulate`).

The table has one row per game, in compact types: ``game`` (its index in the run), ``seed``
(that game's seed), ``dealer``, ``agent_<seat>`` (categorical), ``winner`` (``Int8``: a seat,
or ``<NA>`` on a tie), ``score_<seat>``, ``moves`` and the game's own counts (captures, tricks
and so on), all small integers (``int16`` where they fit: convert with ``.astype(int)`` before
arithmetic that could pass 32,767); per match: ``first_dealer``, ``hands`` and
``total_<seat>`` instead of the dealer and the scores (a match stops after
:data:`MAX_MATCH_HANDS` hands, with no winner).

The modules of a run read in one direction: :mod:`cardlab.simulation.runs` says what was asked,
checked; :mod:`cardlab.simulation.rows` plays one game into one row;
:mod:`cardlab.simulation.workers` plays the chunks here, in worker processes or on an executor;
:mod:`cardlab.simulation.tables` types the table; this module holds :func:`simulate` and little
else.

Nothing finished is lost. Interrupting a run (Ctrl-C, or a notebook's stop button) returns,
within a second or so, every game finished so far, with a warning; an agent that fails stops
the run with an :class:`AgentError` that carries them.
"""

from __future__ import annotations

import concurrent.futures
import inspect
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardlab.engine.core import AgentSpec, Game
from cardlab.engine.words import shortened
from cardlab.simulation.rows import MAX_MATCH_HANDS, AgentError, play_hand, play_match
from cardlab.simulation.runs import (
    CHUNK,
    MAX_GAMES,
    CheckedRun,
    SimulationError,
    checked_arguments,
    checked_whole_number,
    chunk_size,
    game_seed,
)
from cardlab.simulation.tables import build_table, long_form, require_pandas, write_table
from cardlab.simulation.workers import (
    Blocks,
    columns_of_games,
    play_chunks,
    play_games,
    progress_bar,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
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
]


# --------------------------------------------------------------------------- the run


def simulate(
    the_game: Game | str,
    agents: AgentSpec | Sequence[AgentSpec] = "random",
    games: int = 1000,
    seed: int | str = 0,
    workers: int = 1,
    executor: concurrent.futures.Executor | Any | None = None,
    *,
    per: str = "hand",
    progress: bool | str = True,
    records: bool = False,
    stop: Any = None,
) -> pd.DataFrame:
    """Play ``games`` hands (or matches, with ``per="match"``) and tabulate them.

    - ``the_game``: a game (``cardlab.game(...)``) or a game name with default options.
    - ``agents``: names ("random", "greedy", "mc", "mc:200"), as a list or a comma-separated
      string, or functions of a view; seat ``i`` gets agent ``i``, and fewer agents than seats
      take the seats in turn (the rule of :func:`cardlab.bots.specs.parse_agents`).
    - ``games``: how many, from 0 (an empty table with the usual columns) to 10**9.
    - ``seed``: the run's seed (a whole number or a text); the same seed gives the same table.
    - ``workers``: worker processes on this machine (1: play in this process), at most twice
      its cores, and never more than there are chunks of games. Under Pyodide (JupyterLite),
      every game is played in this process (with a warning, once).
    - ``executor``: any ``concurrent.futures.Executor``, or a Dask ``distributed.Client`` to
      run on a cluster (``executor=distributed.Client("tcp://10.0.0.5:8786")``); it overrides
      ``workers``, and the games are cut into about eight chunks per worker. Rows come back
      chunk by chunk; when the run is interrupted, threads of this process stop after their
      hand and keep it, chunks running elsewhere are dropped.
    - ``progress``: a bar that moves as hands finish, or ``"lines"``: a line each percent.
    - ``records``: add a ``record`` column, each game's record, for :func:`cardlab.replay`.
    - ``stop``: a ``threading.Event`` for a run started in a thread (a widget's Stop button):
      once it is set, the run returns what finished, with ``attrs["complete"]`` False (worker
      processes stop at once; in this process, after the hand being played).

    The table's columns are described above (:mod:`cardlab.simulation.many_games`); ``table.attrs``
    keeps the game, its options, the agents, the seed, the number of games asked for, whether
    the run is complete and the cardlab version. :func:`long_form` gives one row per seat.

    Interrupting a run (Ctrl-C, a notebook's stop button) returns what finished, with a
    warning and ``attrs["complete"]`` False; an agent that fails stops it with an
    :class:`AgentError` (naming the agent, the seat, the game and its seed) whose ``rows`` are
    the games finished so far. Bad arguments raise :class:`SimulationError` before anything
    runs, and so does a run whose table would not fit in memory
    (:func:`cardlab.simulation.runs.table_bytes`): :func:`simulate_to_parquet` writes it part by
    part."""
    run = checked_arguments(locals())  # here, every argument of simulate by name
    require_pandas("cardlab.simulate")
    return play_run(run)


_SIMULATE = inspect.signature(simulate)
"""The parameters of :func:`simulate`, declared there once: :func:`checked_run` and
:func:`simulate_to_parquet` take them by this signature."""


def checked_run(*arguments: Any, memory: bool = True, **options: Any) -> CheckedRun:
    """The arguments of :func:`simulate` (by position or by name, as it takes them, with its
    defaults), checked all together before anything runs: the command line and the variant
    lab call it too, so that a bad argument is refused before a long run starts.

    Raises :class:`SimulationError` (or :class:`~cardlab.engine.errors.OptionError` for an unknown
    game), whose message says what was wrong. With ``memory`` (the default), a run whose
    table would not fit in memory (:func:`cardlab.simulation.runs.table_bytes` against
    :func:`cardlab.simulation.runs.memory_available`) is refused too, naming
    :func:`simulate_to_parquet`, which writes it part by part instead.
    """
    return checked_arguments(_bound("checked_run", arguments, options), memory=memory)


def _bound(caller: str, arguments: tuple[Any, ...], options: dict[str, Any]) -> dict[str, Any]:
    """``arguments`` and ``options`` bound to the parameters of :func:`simulate`, defaults
    filled in (a TypeError that names ``caller`` for arguments it does not take)."""
    try:
        given = _SIMULATE.bind(*arguments, **options)
    except TypeError as error:
        raise TypeError(f"{caller}() {error}") from None
    given.apply_defaults()
    return given.arguments


def play_run(run: CheckedRun, played: Callable[[], None] | None = None) -> pd.DataFrame:
    """Play a checked run (see :func:`checked_run`) and tabulate its games. ``played``, if
    given, is called as soon as the games are played (or stopped, or failed), before the table
    is built: the command line then stops turning signals into interruptions, which would lose
    the rows (a run is interrupted by a KeyboardInterrupt; one that came while its table is
    built would take the table with it)."""
    if not isinstance(run, CheckedRun):
        raise SimulationError(f"play_run takes a run from checked_run(...), not {shortened(run)}")
    blocks = Blocks()
    try:
        complete = play_chunks(run, blocks)
    except AgentError as error:
        if played is not None:
            played()
        error.rows = build_table(run, blocks.columns(), complete=False)
        raise
    except KeyboardInterrupt:  # in the instant after the games stopped: they are in blocks
        complete = False
    if played is not None:
        played()
    return build_table(run, blocks.columns(), complete=complete)


PART_GAMES = 1_000_000
"""Games per part file of :func:`simulate_to_parquet` (about 40 MB of table in memory)."""

_IN_ORDER = 4
"""How many of :func:`simulate`'s arguments :func:`simulate_to_parquet` takes by position (the
game, the agents, the games and the seed)."""

_NOT_TO_PARQUET = ("workers", "executor", "stop")
"""The arguments of :func:`simulate` that :func:`simulate_to_parquet` does not take: it plays in
this process, to the end."""


def simulate_to_parquet(
    folder: str | os.PathLike[str],
    *arguments: Any,
    part_games: int = PART_GAMES,
    **options: Any,
) -> Path:
    """Play a run as :func:`simulate` does, from its arguments (the game, ``agents``, ``games``,
    ``seed``, ``per``, ``records``, ``progress``; not ``workers``, ``executor`` or ``stop``), in
    this process, and write its rows to ``folder``
    as a Parquet dataset, one file per ``part_games`` games (``part-000000000000.parquet``,
    named by the first game's index), so that only one part is ever in memory: the way to run
    what would not fit in memory as one table. The rows are those :func:`simulate` gives with
    the same arguments; ``pandas.read_parquet(folder)`` or ``dask.dataframe.read_parquet``
    reads them back, in game order. ``folder`` is created; one that holds files already is
    refused. Needs pyarrow (``pip install 'cardlab[parquet]'``). Returns the folder.
    """
    if len(arguments) > _IN_ORDER:
        raise TypeError(
            f"simulate_to_parquet() takes from 2 to {_IN_ORDER + 1} positional arguments but "
            f"{len(arguments) + 1} were given"
        )
    for name in _NOT_TO_PARQUET:
        if name in options:
            raise TypeError(f"simulate_to_parquet() got an unexpected keyword argument {name!r}")
    run = checked_arguments(_bound("simulate_to_parquet", arguments, options), memory=False)
    size = checked_whole_number("part_games", part_games, 1, MAX_PART_GAMES)
    require_pandas("cardlab.simulate_to_parquet")
    try:
        import pyarrow  # noqa: F401, PLC0415
    except ImportError:
        raise ImportError(
            "simulate_to_parquet needs pyarrow: pip install 'cardlab[parquet]'"
        ) from None
    target = Path(folder)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise SimulationError(
            f"{shortened(str(target))} is a file or a folder with files in it: give a new "
            "or empty folder"
        )
    target.mkdir(parents=True, exist_ok=True)
    bar = progress_bar(run)
    try:
        for start in range(0, run.games, size):
            stop = min(start + size, run.games)
            columns = columns_of_games(run.task, start, stop)
            write_table(
                build_table(run, columns, complete=True), target / f"part-{start:012d}.parquet"
            )
            bar.update(stop - start)
    finally:
        bar.close()
    return target


MAX_PART_GAMES = 10_000_000
"""The largest ``part_games`` of :func:`simulate_to_parquet`."""
