"""A simulation run, checked: what :func:`cardlab.simulate` was asked for, refused at once
when it cannot be done (:class:`SimulationError`, saying what to give instead), and what each
chunk of games needs (:class:`Task`), in worker processes too, and how many processes
this machine may give it.

>>> import cardlab
>>> from cardlab.simulation import checked_run
>>> run = checked_run(cardlab.game("mod-ten"), "random,greedy", games=100, seed=1)
>>> run.workers, run.task.agents, run.chunks()[:2]
(1, ('random', 'greedy'), [(0, 7), (7, 14)])
"""

from __future__ import annotations

import operator
import os
import sys
import uuid
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardlab.bots.checks import AgentSpecError
from cardlab.bots.specs import agent_name, parse_agents
from cardlab.engine.core import AgentSpec, Game
from cardlab.engine.numbers import encodable
from cardlab.engine.numbers import whole_number as whole_number_of
from cardlab.engine.words import clipped, shortened
from cardlab.games import game
from cardlab.moved import old_names_of

CHUNK = 2000
"""The most games in one task (see :func:`chunk_size`)."""

MAX_GAMES = 10**9
"""The most games in one run: a table of more rows would not fit in memory."""

MAX_SEED_TEXT = 200
"""The longest seed, in characters (every row's seed is built from it)."""

PER = ("hand", "match")
"""What a row of a simulation table describes: one hand, or one match."""


# --------------------------------------------------------------------------- errors and messages


class SimulationError(ValueError):
    """An argument of :func:`simulate` that cannot be used. The message says what was wrong
    and what to give instead."""


class SimulationAgentsError(SimulationError, AgentSpecError):
    """An ``agents`` argument of :func:`simulate` that cannot be used: a
    :class:`SimulationError`, as every bad argument of a run, and the
    :class:`~cardlab.bots.checks.AgentSpecError` that every place taking agents raises."""


# --------------------------------------------------------------------------- seeds


def game_seed(seed: int | str, index: int) -> str:
    """The seed of game ``index`` of a run seeded ``seed``.

    >>> game_seed(1, 36)
    '1-36'
    """
    index = checked_whole_number("a game's index", index, 0, MAX_GAMES)
    return f"{checked_run_seed(seed)}-{index}"


# --------------------------------------------------------------------------- the checks


@dataclass(frozen=True)
class Task:
    """What a worker needs to play games of a run (small, and picklable by cloudpickle)."""

    game: str
    """The game's name."""
    options: dict[str, Any]
    """The game's options."""
    agents: tuple[AgentSpec, ...]
    """One agent per seat: a normalized name or a function of a view."""
    seed: int | str
    """The run's seed."""
    per: str
    """"hand" or "match"."""
    records: bool
    """Whether each row carries its game's record."""
    run_id: str
    """Names the run, so that an interrupted run's threads can tell they must stop."""

    def game_seed(self, index: int) -> str:
        """The seed of game ``index`` of this run (:func:`game_seed`, its arguments already
        checked: it is called once per game)."""
        return f"{self.seed}-{index}"


@dataclass(frozen=True)
class CheckedRun:
    """A simulation whose arguments have been checked (see
    :func:`cardlab.simulation.checked_run`)."""

    game: Game
    """The game played."""
    task: Task
    """What each chunk of games needs."""
    games: int
    """How many games (hands or matches) to play."""
    workers: int
    """Worker processes to start (1: play in this process); never more than there are chunks."""
    executor: Any
    """A ``concurrent.futures.Executor`` or Dask client given by the caller, or None."""
    progress: bool | str
    """Whether to show a progress bar: True, False, or ``"lines"`` (plain lines of text, see
    :func:`checked_progress`)."""
    stop: Any = None
    """An object with ``is_set()`` (a ``threading.Event``) that stops the run when set, or
    None."""

    @property
    def agent_names(self) -> list[str]:
        """The agents' names, seat by seat (the ``agent_<seat>`` columns)."""
        return [agent_name(spec) for spec in self.task.agents]

    def chunks(self) -> list[tuple[int, int]]:
        """The games of each task, as ``(first, stop)`` pairs."""
        in_parallel = 1 if self.executor is None else executor_workers(self.executor)
        size = chunk_size(self.games, max(self.workers, in_parallel))
        return [(start, min(start + size, self.games)) for start in range(0, self.games, size)]


def checked_whole_number(name: str, value: object, low: int, high: int) -> int:
    """``value`` as an int from ``low`` to ``high``, or a :class:`SimulationError` naming
    ``name``. Numpy integers are whole numbers too; True and False are not.

    >>> import numpy
    >>> checked_whole_number("games", numpy.int64(5), 0, 10)
    5
    >>> checked_whole_number("games", True, 0, 10)
    Traceback (most recent call last):
    ...
    cardlab.simulation.runs.SimulationError: games must be a whole number from 0 to 10, not True
    """
    if whole_number_of(value) is not None:  # numpy's integers too, not its bools
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:  # a numpy bool
            pass
        else:
            if low <= number <= high:
                return int(number)
    raise SimulationError(
        f"{name} must be a whole number from {low:,} to {high:,}, not {shortened(value)}"
    )


def checked_flag(name: str, value: object) -> bool:
    """``value`` as a bool (numpy's too), or a :class:`SimulationError`."""
    if isinstance(value, bool) or type(value).__name__ in ("bool", "bool_"):
        return bool(value)
    raise SimulationError(f"{name} is True or False, not {shortened(value)}")


PROGRESS_LINES = "lines"
"""The ``progress`` that writes plain lines of text instead of a bar."""


def checked_progress(progress: object) -> bool | str:
    """A run's ``progress``: True (a bar that moves: tqdm's, a widget in a notebook), False
    (nothing), or ``"lines"``: a plain line on stderr at each whole percent of the games ("4 of
    400 hands (1%), 3 s"), for a log file, where a bar's frames would pile up. Anything else is
    a :class:`SimulationError`."""
    if isinstance(progress, str) and progress == PROGRESS_LINES:
        return PROGRESS_LINES
    try:
        return checked_flag("progress", progress)
    except SimulationError:
        raise SimulationError(
            f"progress is True, False or 'lines', not {shortened(progress)}"
        ) from None


def checked_run_seed(seed: object) -> int | str:
    """A run's seed (a deal's is :func:`cardlab.engine.numbers.checked_seed`'s): a text of at most
    :data:`MAX_SEED_TEXT` characters or a whole number from 0 up of at most 100 digits (numpy's
    too: a negative number is a seed nowhere in cardlab), else a :class:`SimulationError`."""
    if isinstance(seed, str):
        if len(seed) > MAX_SEED_TEXT:
            raise SimulationError(
                f"a seed has at most {MAX_SEED_TEXT} characters, not {len(seed):,}: "
                f"{shortened(seed)}"
            )
        if not encodable(seed):
            raise SimulationError(
                f"a seed text may not hold a lone surrogate (a half of a UTF-16 pair): "
                f"{shortened(seed)}"
            )
        return seed
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise SimulationError(f"a seed is a whole number or a text, not {shortened(seed)}")
    return checked_whole_number("a seed", seed, 0, 10**100 - 1)


def checked_game(the_game: object) -> Game:
    """A game, or the game of that name with default options (an unknown name is an
    :class:`~cardlab.engine.errors.OptionError`); anything else is a :class:`SimulationError`."""
    if isinstance(the_game, Game):
        return the_game
    if isinstance(the_game, str):
        return game(the_game)
    raise SimulationError(
        f"the game is a game (cardlab.game(...)) or a game's name, not {shortened(the_game)}"
    )


def checked_agents(agents: object, players: int) -> tuple[AgentSpec, ...]:
    """One agent per seat, by the rule of :func:`cardlab.bots.specs.parse_agents`; a
    :class:`SimulationAgentsError` when they cannot be used."""
    try:
        return parse_agents(agents, players)
    except AgentSpecError as error:
        raise SimulationAgentsError(str(error)) from None


def checked_arguments(given: Mapping[str, Any], *, memory: bool = True) -> CheckedRun:
    """The arguments of :func:`cardlab.simulate`, by name (``given``: every one of them, as
    :func:`cardlab.simulation.checked_run` binds them), checked all together before anything
    runs.

    Raises :class:`SimulationError` (or :class:`~cardlab.engine.errors.OptionError` for an unknown
    game), whose message says what was wrong. With ``memory`` (the default), a run whose
    table would not fit in memory (:func:`table_bytes` against :func:`memory_available`) is
    refused too, naming :func:`cardlab.simulation.simulate_to_parquet`, which writes it part by
    part instead.
    """
    per, stop, executor = given["per"], given["stop"], given["executor"]
    the_game = checked_game(given["the_game"])
    if not isinstance(per, str) or per not in PER:
        raise SimulationError(f"per is 'hand' or 'match', not {shortened(per)}")
    count = checked_whole_number("games", given["games"], 0, MAX_GAMES)
    run_seed = checked_run_seed(given["seed"])
    processes = checked_workers(given["workers"])
    checked_executor(executor)
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise SimulationError(f"stop is a threading.Event (or None), not {shortened(stop)}")
    specs = checked_agents(given["agents"], the_game.players)
    records = checked_flag("records", given["records"])
    task = Task(the_game.name, the_game.options, specs, run_seed, per, records, uuid.uuid4().hex)
    shown = checked_progress(given["progress"])
    run = CheckedRun(the_game, task, count, processes, executor, shown, stop)
    if sys.platform == "emscripten" and (processes > 1 or executor is not None):
        _warn_single_process()
        return CheckedRun(the_game, task, count, 1, None, shown, stop)
    if memory:
        check_memory(run)
    if executor is None and processes > 1:
        check_processes(specs)
        processes = min(processes, max(1, len(run.chunks())))  # never a process with nothing to do
        run = CheckedRun(the_game, task, count, processes, None, shown, stop)
    return run


def checked_workers(workers: object) -> int:
    """A number of worker processes, from 1 to :func:`max_workers`, or a
    :class:`SimulationError`."""
    limit = max_workers()
    processes = checked_whole_number("workers", workers, 1, 10**9)
    if processes > limit:
        raise SimulationError(
            f"workers={processes:,} is far more than this machine's cores: give at most "
            f"{limit} (more processes than cores only share them, and each costs memory)"
        )
    return processes


def checked_executor(executor: object) -> None:
    """Refuse what is neither None, an executor nor a Dask client."""
    if executor is not None and not (
        hasattr(executor, "submit") or hasattr(executor, "get_executor")
    ):
        raise SimulationError(
            "executor is a concurrent.futures.Executor or a Dask distributed.Client, "
            f"not {shortened(executor)}"
        )


# --------------------------------------------------------------------------- how many at once

EXTRA = "pip install 'cardlab[lessons]' (or 'cardlab[notebooks]', which adds JupyterLab)"
"""What to install for tables, charts, widgets and worker processes: the lessons' libraries,
without a Jupyter front end or with JupyterLab."""


def cpu_cores() -> int:
    """The cores this process may use (loky's count heeds CPU affinity and container limits)."""
    try:
        from loky import cpu_count
    except ImportError:
        return os.cpu_count() or 1
    return int(cpu_count())


def max_workers() -> int:
    """The most worker processes a run may start: twice the cores (at least 2)."""
    return max(2, 2 * cpu_cores())


def executor_workers(executor: Any) -> int:
    """How many tasks ``executor`` runs at once: a Dask client's threads over all its workers,
    a pool's workers (this machine's cores when it does not say)."""
    client = executor if hasattr(executor, "nthreads") else getattr(executor, "_client", None)
    if client is not None and hasattr(client, "nthreads"):
        try:
            return max(1, int(sum(client.nthreads().values())))
        except Exception:  # a client that is not connected yet
            return 1
    count = getattr(executor, "_max_workers", None)
    return count if isinstance(count, int) and count > 0 else cpu_cores()


def check_processes(agents: tuple[AgentSpec, ...]) -> None:
    """Raise if worker processes cannot play these agents: loky is missing (ImportError,
    naming the extra), or an agent cannot be pickled (:class:`SimulationError`)."""
    try:
        import cloudpickle
        import loky  # noqa: F401
    except ImportError:
        raise ImportError(f"simulate(workers=...) needs loky: {EXTRA}") from None
    for agent in agents:
        try:
            cloudpickle.dumps(agent)
        except Exception as error:
            raise SimulationError(
                f"the agent {shortened(agent)} cannot be sent to worker processes "
                f"({type(error).__name__}: {clipped(str(error), 120)}): use workers=1"
            ) from None


# --------------------------------------------------------------------------- memory

BYTES_PER_VALUE = 12
"""Memory per value of a run's table while it runs, measured: 8 bytes for each value's place in
the lists the rows are gathered in, then about 4 in the typed table built from them."""

BYTES_PER_RECORD = 4000
"""Memory per game's record (``records=True``), measured on the longest games: a few KB."""


def table_bytes(run: CheckedRun) -> int:
    """About how many bytes the table of ``run`` needs while it is built: its games times its
    columns times :data:`BYTES_PER_VALUE` (and :data:`BYTES_PER_RECORD` per record)."""
    players = run.game.players
    # game, seed, dealer, winner, moves, an agent and a score per seat, and a few counts of
    # the game's own (captures, tricks ...): a little more than the table has, never less.
    columns = 5 + 2 * players + 2 * players
    per_game = columns * BYTES_PER_VALUE + (BYTES_PER_RECORD if run.task.records else 0)
    return run.games * per_game


def memory_available() -> int | None:
    """The memory this machine can still give, in bytes (``MemAvailable`` of /proc/meminfo,
    else the physical memory), or None where it cannot tell (then nothing is refused)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, OSError, ValueError):
        return None


def check_memory(run: CheckedRun) -> None:
    """Refuse ``run`` when its table (see :func:`table_bytes`) would take more than half the
    memory available, saying how to run it instead."""
    needed = table_bytes(run)
    available = memory_available()
    if available is None or needed <= available // 2:
        return
    raise SimulationError(
        f"{run.games:,} games would need about {_size(needed)} of memory for their table, "
        f"more than half of the {_size(available)} this machine has free: play them with "
        "cardlab.simulation.simulate_to_parquet(folder, ...), which writes the rows to a "
        "Parquet dataset part by part as the run goes (pandas.read_parquet(folder) and "
        "dask.dataframe.read_parquet(folder) read it back), or play fewer games"
    )


def _size(count: int) -> str:
    """A number of bytes in words: "90 GB", "512 MB"."""
    for unit, size in (("GB", 10**9), ("MB", 10**6)):
        if count >= size:
            return f"{count / size:,.0f} {unit}"
    return f"{count:,} bytes"


class Stopped(Exception):
    """Raised inside a run when its ``stop`` event is set; the run then returns what finished."""


def check_stop(run: CheckedRun) -> None:
    """Raise :class:`Stopped` if the run's ``stop`` event is set."""
    if run.stop is not None and run.stop.is_set():
        raise Stopped


_WARNED: set[str] = set()


def _warn_single_process() -> None:
    """Under Pyodide (JupyterLite) there are no processes to start: say so, once."""
    if "emscripten" not in _WARNED:
        _WARNED.add("emscripten")
        warnings.warn(
            "this Python runs in a browser (Pyodide), where no worker processes can be "
            "started: simulate plays every game in this process",
            stacklevel=4,
        )


def chunk_size(games: int, workers: int) -> int:
    """Games per task: about eight tasks per worker, so that they share the work evenly, and at
    most :data:`CHUNK`, so that a task holds little when it is stopped.

    >>> chunk_size(160, 2), chunk_size(100_000, 16)
    (10, 782)
    """
    games = checked_whole_number("games", games, 0, MAX_GAMES)
    workers = checked_whole_number("workers", workers, 1, 10**9)
    return max(1, min(CHUNK, -(-games // (8 * max(workers, 2)))))


__getattr__ = old_names_of(__name__)
