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

Nothing finished is lost. Interrupting a run (Ctrl-C, or a notebook's stop button) returns,
within a second or so, every game finished so far, with a warning; an agent that fails stops
the run with an :class:`AgentError` that carries them.
"""

from __future__ import annotations

import concurrent.futures
import operator
import random
import sys
import time
import uuid
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, SupportsIndex

from cardlab.agents import Agent, agent_name, make_agent
from cardlab.cards import Card
from cardlab.core import Game, Move, State, game
from cardlab.tables import long_form as long_form  # one row per seat: part of this API

if TYPE_CHECKING:
    import pandas as pd

CHUNK = 2000
"""The most games in one task (see :func:`chunk_size`)."""

MAX_GAMES = 10**9
"""The most games in one run: a table of more rows would not fit in memory."""

MAX_SEED_TEXT = 200
"""The longest seed, in characters (every row's seed is built from it)."""

PER = ("hand", "match")
"""What a row of a simulation table describes: one hand, or one match."""

Row = dict[str, Any]
"""One finished game as column name -> value (see :func:`simulate` for the columns)."""


# --------------------------------------------------------------------------- errors


class SimulationError(ValueError):
    """An argument of :func:`simulate` that cannot be used. The message says what was wrong
    and what to give instead."""


class AgentError(ValueError):
    """An agent failed in the middle of a run: it raised an exception, or returned something
    that is not a legal move.

    Attributes: ``agent`` (its name), ``seat``, ``game`` (the index of the hand or match in
    the run), ``seed`` (that game's seed, to play it again with :func:`play_hand`), ``reason``
    (what went wrong, in words) and ``rows``: the DataFrame of the games finished before the
    run stopped, so that nothing is lost. The original exception, if any, is the cause
    (``__cause__``).
    """

    def __init__(
        self,
        agent: str,
        seat: int,
        seed: str,
        reason: str,
        game: int | None = None,
        finished: dict[str, list[Any]] | None = None,
    ) -> None:
        self.agent = agent
        self.seat = seat
        self.seed = seed
        self.reason = reason
        self.game = game
        self.finished = finished
        """The columns of the games its chunk finished first (on the way back from a task)."""
        self.rows: pd.DataFrame | None = None
        super().__init__(agent, seat, seed, reason, game)

    def __str__(self) -> str:
        where = f"game {self.game} " if self.game is not None else ""
        text = f"agent {self.agent!r} in seat {self.seat} {self.reason}, in {where}"
        text += f"(seed {self.seed!r})"
        if self.rows is not None:
            text += f"; the {len(self.rows)} games finished before the run stopped are in .rows"
        return text

    def __reduce__(self) -> tuple[type[AgentError], tuple[Any, ...]]:
        # Executors send the error back pickled: keep every attribute but the table, which
        # the process that started the run attaches.
        details = (self.agent, self.seat, self.seed, self.reason, self.game, self.finished)
        return (AgentError, details)


def _clipped(text: str, limit: int = 200) -> str:
    """``text``, cut to about ``limit`` characters (for messages about huge inputs).

    >>> _clipped("x" * 1000, 8)
    'xxxxxxxx... (1,000 characters)'
    """
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def _shortened(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to about ``limit`` characters (see :func:`_clipped`).

    >>> _shortened("x" * 1000, 12)
    "'xxxxxxxxxxx... (1,002 characters)"
    """
    return _clipped(repr(value), limit)


# --------------------------------------------------------------------------- one game


def game_seed(seed: int | str, index: int) -> str:
    """The seed of game ``index`` of a run seeded ``seed``.

    >>> game_seed(1, 36)
    '1-36'
    """
    return _game_seed(_run_seed(seed), whole_number("a game's index", index, 0, MAX_GAMES))


def _game_seed(seed: int | str, index: int) -> str:
    """:func:`game_seed` of arguments already checked (once per game of a run)."""
    return f"{seed}-{index}"


def _agent_rng(seed: str) -> random.Random:
    return random.Random(f"{seed}/agents")


def _chosen_move(agent: Agent, spec: str | Agent, state: State, seed: str) -> Move | str:
    """The move ``agent`` chooses for the player to move in ``state``, or an
    :class:`AgentError` if it raises or returns something that is not a move at all."""
    seat = state.current_player
    assert seat is not None
    try:
        move: object = agent(state.view(seat))
    except Exception as error:
        reason = f"raised {type(error).__name__}: {_clipped(str(error))}"
        raise AgentError(agent_name(spec), seat, seed, reason) from error
    if not isinstance(move, Move | str | Card):
        reason = (
            f"returned {_shortened(move)}, which is not a move (give one of view.legal_moves())"
        )
        raise AgentError(agent_name(spec), seat, seed, reason)
    return str(move) if isinstance(move, Card) else move


def _refused(
    spec: str | Agent, state: State, seed: str, move: object, error: ValueError
) -> AgentError:
    """The :class:`AgentError` of an agent whose move the rules refused with ``error``."""
    seat = state.current_player
    assert seat is not None
    why = _clipped(str(error), 300)
    reason = f"returned {_shortened(str(move))}, which is not a legal move: {why}"
    return AgentError(agent_name(spec), seat, seed, reason)


def _play_agents(state: State, agents: Sequence[str | Agent], seed: str) -> State:
    """The final state of the hand, every seat playing its agent (seeded from ``seed``)."""
    rng = _agent_rng(seed)
    players = [make_agent(spec, rng) for spec in agents]  # type: ignore[arg-type]
    while state.current_player is not None:
        seat = state.current_player
        move = _chosen_move(players[seat], agents[seat], state, seed)
        try:
            state = state.play(move)
        except ValueError as error:
            raise _refused(agents[seat], state, seed, move, error) from error
    return state


def _hand_row(the_game: Game, agents: Sequence[str | Agent], seed: str, records: bool) -> Row:
    """A hand's outcome as a row, without the run's constants (seed and agent names)."""
    state = the_game.deal(seed=seed)
    row: Row = {"dealer": state.dealer}
    record = None
    if not records and all(agent == "random" for agent in agents):
        # The fast playout makes the same draws and moves as the random agents would.
        outcome = the_game.playout(state, _agent_rng(seed))
    else:
        final = _play_agents(state, agents, seed)
        outcome = final.outcome()
        record = final.record() if records else None
    row["winner"] = outcome.winner
    for seat, score in enumerate(outcome.scores):
        row[f"score_{seat}"] = score
    row["moves"] = outcome.moves
    row.update(outcome.stats)
    if records:
        row["record"] = record
    return row


def _match_row(the_game: Game, agents: Sequence[str | Agent], seed: str, records: bool) -> Row:
    """A match's outcome as a row, without the run's constants (seed and agent names)."""
    match = the_game.match(seed=seed)
    rng = _agent_rng(seed)
    players = [make_agent(spec, rng) for spec in agents]  # type: ignore[arg-type]
    moves = 0
    while not match.is_over:
        state = match.state
        seat = state.current_player
        assert seat is not None
        move = _chosen_move(players[seat], agents[seat], state, seed)
        try:
            match = match.play(move)
        except ValueError as error:
            raise _refused(agents[seat], state, seed, move, error) from error
        moves += 1
    row: Row = {"first_dealer": match.hands[0].dealer, "winner": match.winner}
    row["hands"] = len(match.hands)
    for seat, total in enumerate(match.totals):
        row[f"total_{seat}"] = total
    row["moves"] = moves
    if records:
        row["record"] = match.record()
    return row


def _with_constants(row: Row, agents: Sequence[str | Agent], seed: str) -> Row:
    first, *rest = row.items()
    named = {f"agent_{seat}": agent_name(spec) for seat, spec in enumerate(agents)}
    return {"seed": seed, first[0]: first[1], **named, **dict(rest)}


def play_hand(
    the_game: Game, agents: Sequence[str | Agent], seed: str, *, records: bool = False
) -> Row:
    """Play one hand with ``agents`` (one per seat) and describe it as a table row: the row
    that :func:`simulate` gives the game whose seed is ``seed``.

    All the agents of a hand draw from one generator seeded from ``seed``. When every agent is
    the random one, the game's fast :meth:`~cardlab.core.Game.playout` plays the hand: it makes
    the same draws and moves as the agents would. With ``records=True`` the row has the hand's
    record too (``row["record"]``, for :func:`cardlab.replay`).

    >>> import cardlab
    >>> row = play_hand(cardlab.game("mod-ten"), ["random", "greedy"], "1-36")
    >>> row["seed"], row["agent_1"], row["moves"] > 0
    ('1-36', 'greedy', True)
    """
    the_game, specs, seed = _one_game(the_game, agents, seed)
    row = _hand_row(the_game, specs, seed, _flag("records", records))
    return _with_constants(row, specs, seed)


def play_match(
    the_game: Game, agents: Sequence[str | Agent], seed: str, *, records: bool = False
) -> Row:
    """Play one match with ``agents`` and describe it as a table row (winner, hands, totals),
    as :func:`simulate` does with ``per="match"``."""
    the_game, specs, seed = _one_game(the_game, agents, seed)
    row = _match_row(the_game, specs, seed, _flag("records", records))
    return _with_constants(row, specs, seed)


def _one_game(
    the_game: object, agents: object, seed: object
) -> tuple[Game, tuple[str | Agent, ...], str]:
    """The checked arguments of :func:`play_hand` and :func:`play_match`."""
    checked = _the_game(the_game)
    if not isinstance(seed, str):
        raise SimulationError(f"a game's seed is a text, like '1-36', not {_shortened(seed)}")
    _run_seed(seed)  # not too long
    return checked, _agent_specs(agents, checked.players), seed


# --------------------------------------------------------------------------- checked arguments


@dataclass(frozen=True)
class Task:
    """What a worker needs to play games of a run (small, and picklable by cloudpickle)."""

    game: str
    """The game's name."""
    options: dict[str, Any]
    """The game's options."""
    agents: tuple[str | Agent, ...]
    """One agent per seat: a normalized name or a function of a view."""
    seed: int | str
    """The run's seed."""
    per: str
    """"hand" or "match"."""
    records: bool
    """Whether each row carries its game's record."""
    run_id: str
    """Names the run, so that an interrupted run's threads can tell they must stop."""


@dataclass(frozen=True)
class Run:
    """A simulation whose arguments have been checked (see :func:`checked_run`)."""

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
    progress: bool
    """Whether to show a progress bar."""

    @property
    def agent_names(self) -> list[str]:
        """The agents' names, seat by seat (the ``agent_<seat>`` columns)."""
        return [agent_name(spec) for spec in self.task.agents]

    def chunks(self) -> list[tuple[int, int]]:
        """The games of each task, as ``(first, stop)`` pairs."""
        size = chunk_size(self.games, max(self.workers, _executor_workers(self.executor)))
        return [(start, min(start + size, self.games)) for start in range(0, self.games, size)]


def whole_number(name: str, value: object, low: int, high: int) -> int:
    """``value`` as an int from ``low`` to ``high``, or a :class:`SimulationError` naming
    ``name``. Numpy integers are whole numbers too; True and False are not.

    >>> import numpy
    >>> whole_number("games", numpy.int64(5), 0, 10)
    5
    >>> whole_number("games", True, 0, 10)
    Traceback (most recent call last):
    ...
    cardlab.simulation.SimulationError: games must be a whole number from 0 to 10, not True
    """
    if isinstance(value, SupportsIndex) and not isinstance(value, bool):
        try:
            number = operator.index(value)
        except TypeError:  # a numpy bool
            pass
        else:
            if low <= number <= high:
                return int(number)
    raise SimulationError(
        f"{name} must be a whole number from {low:,} to {high:,}, not {_shortened(value)}"
    )


def _flag(name: str, value: object) -> bool:
    """``value`` as a bool (numpy's too), or a :class:`SimulationError`."""
    if isinstance(value, bool) or type(value).__name__ in ("bool", "bool_"):
        return bool(value)
    raise SimulationError(f"{name} is True or False, not {_shortened(value)}")


def _run_seed(seed: object) -> int | str:
    if isinstance(seed, str):
        if len(seed) > MAX_SEED_TEXT:
            raise SimulationError(
                f"a seed has at most {MAX_SEED_TEXT} characters, not {len(seed):,}: "
                f"{_shortened(seed)}"
            )
        return seed
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise SimulationError(f"a seed is a whole number or a text, not {_shortened(seed)}")
    return whole_number("a seed", seed, -(10**100) + 1, 10**100 - 1)


def _the_game(the_game: object) -> Game:
    if isinstance(the_game, Game):
        return the_game
    if isinstance(the_game, str):
        return game(the_game)
    raise SimulationError(
        f"the game is a game (cardlab.game(...)) or a game's name, not {_shortened(the_game)}"
    )


def _agent_specs(agents: object, players: int) -> tuple[str | Agent, ...]:
    """One agent per seat, checked: names are known, functions are callable."""
    if isinstance(agents, str):
        specs: list[Any] = [part.strip() for part in agents.split(",") if part.strip()]
    elif callable(agents):
        specs = [agents]
    elif isinstance(agents, list | tuple):
        specs = list(agents)
    else:
        raise SimulationError(
            "agents are names ('random,greedy'), a list of names or functions of a view, "
            f"or one function, not {_shortened(agents)}"
        )
    if not specs or len(specs) > players:
        raise SimulationError(f"{len(specs)} agents given for {players} seats: give 1 to {players}")
    # Fewer agents than seats take the seats in turn: "random,greedy" -> R G R G.
    specs = [specs[seat % len(specs)] for seat in range(players)]
    for spec in specs:
        try:
            make_agent(spec, 0)  # refuses unknown names with the list of known ones
        except SimulationError:
            raise
        except (ValueError, TypeError) as error:
            raise SimulationError(str(error)) from None
    return tuple(spec.strip().lower() if isinstance(spec, str) else spec for spec in specs)


def checked_run(
    the_game: Game | str,
    agents: str | Agent | Sequence[str | Agent] = "random",
    games: int = 1000,
    seed: int | str = 0,
    workers: int = 1,
    executor: Any = None,
    *,
    per: str = "hand",
    progress: bool = True,
    records: bool = False,
) -> Run:
    """The arguments of :func:`simulate`, checked all together before anything runs.

    Raises :class:`SimulationError` (or :class:`~cardlab.core.OptionError` for an unknown
    game), whose message says what was wrong. The command line calls it too, so that a bad
    argument is refused before a long run starts.
    """
    from cardlab.workers import check_processes, max_workers

    the_game = _the_game(the_game)
    if not isinstance(per, str) or per not in PER:
        raise SimulationError(f"per is 'hand' or 'match', not {_shortened(per)}")
    count = whole_number("games", games, 0, MAX_GAMES)
    run_seed = _run_seed(seed)
    limit = max_workers()
    processes = whole_number("workers", workers, 1, 10**9)
    if processes > limit:
        raise SimulationError(
            f"workers={processes:,} is far more than this machine's cores: give at most "
            f"{limit} (more processes than cores only share them, and each costs memory)"
        )
    if executor is not None and not (
        hasattr(executor, "submit") or hasattr(executor, "get_executor")
    ):
        raise SimulationError(
            "executor is a concurrent.futures.Executor or a Dask distributed.Client, "
            f"not {_shortened(executor)}"
        )
    specs = _agent_specs(agents, the_game.players)
    task = Task(
        the_game.name,
        the_game.options,
        specs,
        run_seed,
        per,
        _flag("records", records),
        uuid.uuid4().hex,
    )
    run = Run(the_game, task, count, processes, executor, _flag("progress", progress))
    if sys.platform == "emscripten" and (processes > 1 or executor is not None):
        _warn_single_process()
        return Run(the_game, task, count, 1, None, run.progress)
    if executor is None and processes > 1:
        check_processes(specs)
        processes = min(processes, max(1, len(run.chunks())))  # never a process with nothing to do
        run = Run(the_game, task, count, processes, None, run.progress)
    return run


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


# --------------------------------------------------------------------------- the run


def simulate(
    the_game: Game | str,
    agents: str | Agent | Sequence[str | Agent] = "random",
    games: int = 1000,
    seed: int | str = 0,
    workers: int = 1,
    executor: concurrent.futures.Executor | Any | None = None,
    *,
    per: str = "hand",
    progress: bool = True,
    records: bool = False,
) -> pd.DataFrame:
    """Play ``games`` hands (or matches, with ``per="match"``) and tabulate them.

    - ``the_game``: a game (``cardlab.game(...)``) or a game name with default options.
    - ``agents``: names ("random", "greedy", "mc", "mc:200"), as a list or a comma-separated
      string, or functions of a view; seat ``i`` gets agent ``i`` (fewer agents than seats take
      the seats in turn: "random,greedy" with 4 seats is random, greedy, random, greedy).
    - ``games``: how many, from 0 (an empty table with the usual columns) to 10**9.
    - ``seed``: the run's seed (a whole number or a text); the same seed gives the same table.
    - ``workers``: worker processes on this machine (1: play in this process). At most twice
      the machine's cores, and never more processes than there are chunks of games. Under
      Pyodide (JupyterLite), where there are no processes, every game is played in this
      process (with a warning, once).
    - ``executor``: any ``concurrent.futures.Executor``, or a Dask ``distributed.Client`` to
      run on a cluster beyond this machine, e.g.
      ``simulate(game, "mc", games=100_000, executor=distributed.Client("tcp://10.0.0.5:8786"))``;
      it overrides ``workers``, and the games are cut into about eight chunks per worker.
    - ``progress``: show a progress bar (a widget in a notebook, text in a terminal); it
      moves as hands finish, also in worker processes.
    - ``records``: add a ``record`` column, each game's record (``State.record()`` of the
      hand, or ``Match.record()``), which :func:`cardlab.replay` opens again.

    Columns, compact and typed: ``game`` (its index in the run), ``seed`` (that game's seed),
    ``dealer``, ``agent_<seat>`` (categorical), ``winner`` (``Int8``: a seat, or ``<NA>`` on a
    tie), ``score_<seat>``, ``moves`` and the game's own counts (captures, tricks ...), all
    small integers (``int16`` where they fit: convert with ``.astype(int)`` before arithmetic
    that could pass 32,767); per match: ``first_dealer``, ``hands`` and ``total_<seat>``
    instead of the dealer and the scores. ``table.attrs`` keeps the game, its options, the
    agents, the seed, the number of games asked for, whether the run is complete and the
    cardlab version. :func:`long_form` gives one row per seat instead.

    Interrupting a long run (Ctrl-C, or the notebook's stop button) returns within a second or
    so every game finished so far, with a warning and ``attrs["complete"]`` False. An agent that
    raises or returns something that is not a legal move stops the run with an
    :class:`AgentError` (naming the agent, the seat, the game and its seed) whose ``rows`` are
    the games finished so far. Bad arguments raise :class:`SimulationError` before anything
    runs.
    """
    from cardlab.tables import require_pandas

    run = checked_run(
        the_game,
        agents,
        games,
        seed,
        workers,
        executor,
        per=per,
        progress=progress,
        records=records,
    )
    require_pandas("cardlab.simulate")
    return play_run(run)


def play_run(run: Run) -> pd.DataFrame:
    """Play a checked run (see :func:`checked_run`) and tabulate its games."""
    from cardlab import workers
    from cardlab.tables import build_table

    if not isinstance(run, Run):
        raise SimulationError(f"play_run takes a run from checked_run(...), not {_shortened(run)}")

    blocks = Blocks()
    complete = False
    bar = _progress_bar(run)
    try:
        if run.executor is not None:
            workers.play_on_executor(run, blocks, bar)
        elif run.workers > 1:
            workers.play_in_processes(run, blocks, bar)
        else:
            _play_here(run, blocks, bar)
        complete = True
    except KeyboardInterrupt:
        _STOPPED.add(run.task.run_id)
        unit = "matches" if run.task.per == "match" else "hands"
        warnings.warn(
            f"interrupted: returning the {blocks.count():,} {unit} finished so far "
            f"(of {run.games:,})",
            stacklevel=3,
        )
    except AgentError as error:
        _STOPPED.add(run.task.run_id)
        error.rows = build_table(run, blocks.columns(), complete=False)
        raise
    finally:
        bar.close()
    return build_table(run, blocks.columns(), complete=complete)


class Blocks:
    """The finished games of a run, as columns, in blocks keyed by each block's first game."""

    def __init__(self) -> None:
        self.blocks: dict[int, dict[str, list[Any]]] = {}

    def add(self, start: int, columns: dict[str, list[Any]]) -> None:
        """Keep the games of ``columns`` (column name -> values), the first being ``start``.
        A game whose row was cut short by an interruption is left out."""
        finished = min((len(values) for values in columns.values()), default=0)
        if finished:
            self.blocks[start] = {
                name: values if len(values) == finished else values[:finished]
                for name, values in columns.items()
            }

    def count(self) -> int:
        """How many games are kept."""
        return sum(len(columns["game"]) for columns in self.blocks.values())

    def columns(self) -> dict[str, list[Any]]:
        """Every game kept, in game order, as column name -> values."""
        merged: dict[str, list[Any]] = {}
        for start in sorted(self.blocks):
            for name, values in self.blocks[start].items():
                merged.setdefault(name, []).extend(values)
        return merged


_STOPPED: set[str] = set()
"""The runs interrupted in this process: their threads stop after the hand they are playing."""

PROGRESS_SECONDS = 0.1
"""How often a progress bar is moved on (hands finish faster than it is worth drawing)."""


def play_games(task: Task, start: int, stop: int, keep: Callable[[Row], None]) -> None:
    """Play games ``start`` to ``stop - 1`` of a run, handing each finished row to ``keep``
    (what one chunk of a run does, in this process or in a worker)."""
    the_game = game(task.game, **task.options)
    play = _match_row if task.per == "match" else _hand_row
    for index in range(start, stop):
        if task.run_id in _STOPPED:
            return
        seed = _game_seed(task.seed, index)
        try:
            row = play(the_game, task.agents, seed, task.records)
        except AgentError as error:
            error.game = index
            raise
        keep({"game": index, **row})


def columns_of_games(task: Task, start: int, stop: int) -> dict[str, list[Any]]:
    """The rows of games ``start`` to ``stop - 1`` as columns (what an executor's task
    returns)."""
    columns: dict[str, list[Any]] = {}

    def keep(row: Row) -> None:
        for name, value in row.items():
            columns.setdefault(name, []).append(value)

    try:
        play_games(task, start, stop, keep)
    except AgentError as error:
        error.finished = columns
        raise
    return columns


def _play_here(run: Run, blocks: Blocks, bar: Any) -> None:
    """Play every game of ``run`` in this process, moving the bar as they finish."""
    columns: dict[str, list[Any]] = {}
    shown = [0, time.monotonic()]  # games shown on the bar, and when

    def keep(row: Row) -> None:
        for name, value in row.items():
            columns.setdefault(name, []).append(value)
        now = time.monotonic()
        if now - shown[1] >= PROGRESS_SECONDS:
            done = len(columns["game"])
            bar.update(done - shown[0])
            shown[:] = [done, now]

    try:
        play_games(run.task, 0, run.games, keep)
    finally:
        blocks.add(0, columns)  # what finished, also when interrupted
    bar.update(run.games - shown[0])


def _executor_workers(executor: Any) -> int:
    """How many tasks ``executor`` runs at once (1 when it does not say)."""
    if executor is None:
        return 1
    from cardlab.workers import executor_workers

    return executor_workers(executor)


def chunk_size(games: int, workers: int) -> int:
    """Games per task: about eight tasks per worker, so that they share the work evenly, and at
    most :data:`CHUNK`, so that a task holds little when it is stopped.

    >>> chunk_size(160, 2), chunk_size(100_000, 16)
    (10, 782)
    """
    games = whole_number("games", games, 0, MAX_GAMES)
    workers = whole_number("workers", workers, 1, 10**9)
    return max(1, min(CHUNK, -(-games // (8 * max(workers, 2)))))


def _progress_bar(run: Run) -> Any:
    unit = "match" if run.task.per == "match" else "hand"
    if run.progress:
        try:
            from tqdm.auto import tqdm
        except ImportError:
            pass
        else:
            return tqdm(total=run.games, unit=unit, desc="simulating", leave=False)
    return _NoBar()


class _NoBar:
    """A progress bar that shows nothing."""

    def update(self, count: int) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to close."""
