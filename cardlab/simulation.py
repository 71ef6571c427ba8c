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
import os
import random
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardlab import runs
from cardlab.agents import Agent, agent_name, make_agent
from cardlab.cards import Card
from cardlab.core import Game, Move, State
from cardlab.games import game
from cardlab.runs import (
    CHUNK,
    MAX_GAMES,
    Run,
    SimulationError,
    Stopped,
    Task,
    _game_seed,
    check_stop,
    checked_agents,
    checked_flag,
    checked_game,
    checked_run,
    checked_seed,
    chunk_size,
    game_seed,
)
from cardlab.tables import long_form
from cardlab.words import clipped, shortened

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CHUNK",
    "MAX_GAMES",
    "AgentError",
    "SimulationError",
    "checked_run",
    "chunk_size",
    "game_seed",
    "long_form",
    "play_hand",
    "play_match",
    "play_run",
    "simulate",
    "simulate_to_parquet",
]

Row = dict[str, Any]
"""One finished game as column name -> value (see :func:`simulate` for the columns)."""


# --------------------------------------------------------------------------- errors


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


# --------------------------------------------------------------------------- one game


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
        reason = f"raised {type(error).__name__}: {clipped(str(error))}"
        raise AgentError(agent_name(spec), seat, seed, reason) from error
    if not isinstance(move, Move | str | Card):
        reason = f"returned {shortened(move)}, which is not a move (give one of view.legal_moves())"
        raise AgentError(agent_name(spec), seat, seed, reason)
    return str(move) if isinstance(move, Card) else move


def _refused(
    spec: str | Agent, state: State, seed: str, move: object, error: ValueError
) -> AgentError:
    """The :class:`AgentError` of an agent whose move the rules refused with ``error``."""
    seat = state.current_player
    assert seat is not None
    why = clipped(str(error), 300)
    reason = f"returned {shortened(str(move))}, which is not a legal move: {why}"
    return AgentError(agent_name(spec), seat, seed, reason)


def _play_agents(state: State, agents: Sequence[str | Agent], seed: str) -> State:
    """The final state of the hand, every seat playing its agent (seeded from ``seed``)."""
    rng = _agent_rng(seed)
    players = [make_agent(spec, rng) for spec in agents]
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


MAX_MATCH_HANDS = 1000
"""The most hands a match of a run plays: one that has no winner by then stops there, with no
winner (``<NA>``) and ``hands`` equal to this (a target of 10**9 hands would otherwise play,
and keep, hands for ever)."""


def _match_row(the_game: Game, agents: Sequence[str | Agent], seed: str, records: bool) -> Row:
    """A match's outcome as a row, without the run's constants (seed and agent names); a
    match stops after :data:`MAX_MATCH_HANDS` hands."""
    match = the_game.match(seed=seed)
    rng = _agent_rng(seed)
    players = [make_agent(spec, rng) for spec in agents]
    moves = 0
    while not match.is_over:
        if match.hand_number >= MAX_MATCH_HANDS:
            break
        state = match.state
        seat = state.current_player
        assert seat is not None
        move = _chosen_move(players[seat], agents[seat], state, seed)
        try:
            match = match.play(move)
        except ValueError as error:
            raise _refused(agents[seat], state, seed, move, error) from error
        moves += 1
    row: Row = {"first_dealer": match.hands[0].dealer, "winner": match.winner}  # None: cut
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
    row = _hand_row(the_game, specs, seed, checked_flag("records", records))
    return _with_constants(row, specs, seed)


def play_match(
    the_game: Game, agents: Sequence[str | Agent], seed: str, *, records: bool = False
) -> Row:
    """Play one match with ``agents`` and describe it as a table row (winner, hands, totals),
    as :func:`simulate` does with ``per="match"``."""
    the_game, specs, seed = _one_game(the_game, agents, seed)
    row = _match_row(the_game, specs, seed, checked_flag("records", records))
    return _with_constants(row, specs, seed)


def _one_game(
    the_game: object, agents: object, seed: object
) -> tuple[Game, tuple[str | Agent, ...], str]:
    """The checked arguments of :func:`play_hand` and :func:`play_match`."""
    checked = checked_game(the_game)
    if not isinstance(seed, str):
        raise SimulationError(f"a game's seed is a text, like '1-36', not {shortened(seed)}")
    checked_seed(seed)  # not too long
    return checked, checked_agents(agents, checked.players), seed


# --------------------------------------------------------------------------- checked arguments


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
    stop: Any = None,
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
      Rows then come back chunk by chunk (the bar too); when the run is interrupted, threads
      of this process stop after their hand and keep it, chunks running elsewhere are dropped.
    - ``progress``: show a progress bar (a widget in a notebook, text in a terminal); it
      moves as hands finish, also in worker processes.
    - ``records``: add a ``record`` column, each game's record (``State.record()`` of the
      hand, or ``Match.record()``), which :func:`cardlab.replay` opens again.
    - ``stop``: a ``threading.Event`` for a run started in a thread (a widget's Stop button):
      once it is set, the run returns what finished, with ``attrs["complete"]`` False (worker
      processes stop at once; in this process, after the hand being played).

    Columns, compact and typed: ``game`` (its index in the run), ``seed`` (that game's seed),
    ``dealer``, ``agent_<seat>`` (categorical), ``winner`` (``Int8``: a seat, or ``<NA>`` on a
    tie), ``score_<seat>``, ``moves`` and the game's own counts (captures, tricks ...), all
    small integers (``int16`` where they fit: convert with ``.astype(int)`` before arithmetic
    that could pass 32,767); per match: ``first_dealer``, ``hands`` and ``total_<seat>``
    instead of the dealer and the scores (a match stops after :data:`MAX_MATCH_HANDS` hands,
    with no winner). ``table.attrs`` keeps the game, its options, the
    agents, the seed, the number of games asked for, whether the run is complete and the
    cardlab version. :func:`long_form` gives one row per seat instead.

    Interrupting a long run (Ctrl-C, or the notebook's stop button) returns within a second or
    so every game finished so far, with a warning and ``attrs["complete"]`` False. An agent that
    raises or returns something that is not a legal move stops the run with an
    :class:`AgentError` (naming the agent, the seat, the game and its seed) whose ``rows`` are
    the games finished so far. Bad arguments raise :class:`SimulationError` before anything
    runs, and so does a run whose table would not fit in this machine's memory (see
    :func:`cardlab.runs.table_bytes`): :func:`simulate_to_parquet` writes such a run to disk
    part by part instead.
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
        stop=stop,
    )
    require_pandas("cardlab.simulate")
    return play_run(run)


def play_run(run: Run) -> pd.DataFrame:
    """Play a checked run (see :func:`checked_run`) and tabulate its games."""
    from cardlab import workers
    from cardlab.tables import build_table

    if not isinstance(run, Run):
        raise SimulationError(f"play_run takes a run from checked_run(...), not {shortened(run)}")

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
    except Stopped:  # the caller's stop event: what finished is the answer, nothing to say
        _STOPPED.add(run.task.run_id)
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
        check_stop(run)

    try:
        play_games(run.task, 0, run.games, keep)
    finally:
        blocks.add(0, columns)  # what finished, also when interrupted
    bar.update(run.games - shown[0])


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


PART_GAMES = 1_000_000
"""Games per part file of :func:`simulate_to_parquet` (about 40 MB of table in memory)."""


def simulate_to_parquet(
    folder: str | os.PathLike[str],
    the_game: Game | str,
    agents: str | Agent | Sequence[str | Agent] = "random",
    games: int = 1000,
    seed: int | str = 0,
    *,
    per: str = "hand",
    records: bool = False,
    progress: bool = True,
    part_games: int = PART_GAMES,
) -> Path:
    """Play a run as :func:`simulate` does, in this process, and write its rows to ``folder``
    as a Parquet dataset, one file per ``part_games`` games (``part-000000000000.parquet``,
    named by the first game's index), so that only one part is ever in memory: the way to run
    what would not fit in memory as one table. The rows are those :func:`simulate` gives with
    the same arguments; ``pandas.read_parquet(folder)`` or ``dask.dataframe.read_parquet``
    reads them back, in game order. ``folder`` is created; one that holds files already is
    refused. Needs pyarrow (``pip install 'cardlab[parquet]'``). Returns the folder.
    """
    from cardlab.tables import build_table, require_pandas, write_table

    run = checked_run(
        the_game, agents, games, seed, per=per, progress=progress, records=records, memory=False
    )
    size = runs.whole_number("part_games", part_games, 1, MAX_PART_GAMES)
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
    bar = _progress_bar(run)
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
