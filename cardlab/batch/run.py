"""A simulation run played by the batch engine: ``cardlab.simulate(..., engine="batch")``.

The run's hands are played in batches of :data:`BATCH_HANDS` (so memory stays bounded, one to
two kilobytes a hand of the batch, whatever the number of hands), here or, with ``workers=N`` or
an ``executor``, in chunks of :data:`CHUNK_HANDS` hands on worker processes (a worker busy with
a chunk when the run is interrupted finishes it, a second or so, and its rows are dropped).
Hand ``i`` is dealt and played from its own random numbers (:mod:`cardlab.batch.draws`), so the
table is the same whatever the batch size, the workers or the executor. The table has the
columns, types and ``attrs`` of the rules engine's (``attrs["engine"]`` is ``"batch"``); its
``seed`` column names each hand's place in the run as the rules engine's does (``"7-36"``),
and :func:`cardlab.batch.hand_state` replays that hand through the rules engine.

Interrupting a run (Ctrl-C, a notebook's stop button) or setting its ``stop`` event returns
the hands of the batches finished so far (the batch being played is dropped: it takes a
fraction of a second), with ``attrs["complete"]`` False.

>>> import cardlab
>>> table = cardlab.simulate("mod-ten", games=1000, seed=1, engine="batch", progress=False)
>>> len(table), table.attrs["engine"], round(float(table["moves"].mean()))
(1000, 'batch', 29)
"""

from __future__ import annotations

import concurrent.futures
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.batch.draws import Array, hand_keys, run_key
from cardlab.batch.engine import BatchError, BatchRules, agent_seats, chosen_moves, play_hands
from cardlab.engine.core import AgentSpec, Game, State
from cardlab.engine.words import shortened
from cardlab.games import REGISTRY, entry, game
from cardlab.simulation.runs import (
    CheckedRun,
    SimulationError,
    Task,
    checked_agents,
    checked_game,
    checked_run_seed,
)
from cardlab.simulation.tables import build_table
from cardlab.simulation.workers import NoBar, process_executor, progress_bar

if TYPE_CHECKING:
    import pandas as pd

BATCH_HANDS = 16_384
"""Hands played together in one batch: enough that numpy's work per call dwarfs Python's,
few enough that a batch's arrays stay small (see ``bench/batch_speed.py``)."""

CHUNK_HANDS = 8 * BATCH_HANDS
"""Hands in one task of a run on worker processes or an executor."""

Columns = dict[str, Array]
"""A run's table columns as arrays (name -> values, in hand order)."""


class BatchRunError(SimulationError, BatchError):
    """A run the batch engine cannot play (an agent, an option, a game): a
    :class:`~cardlab.simulation.runs.SimulationError` as every bad argument of a run, and a
    :class:`~cardlab.batch.engine.BatchError`."""


def batch_rules(the_game: Game | str) -> BatchRules:
    """The batch form of ``the_game`` (a game, or a game's name) with its options, or a
    :class:`BatchRunError` saying which games have one."""
    the_game = checked_game(the_game)
    form = entry(the_game.name).batch_form()
    if form is None:
        having = [name for name, known in REGISTRY.items() if known.batch is not None]
        raise BatchRunError(
            f"the game {the_game.name!r} has no batch form (the games with one are "
            f"{', '.join(having)}): play it with engine='rules'"
        )
    try:
        rules: BatchRules = form(the_game)
    except BatchError as error:
        raise BatchRunError(str(error)) from None
    return rules


def has_batch_form(name: str) -> bool:
    """True when the game registered as ``name`` has a batch form (see
    :attr:`cardlab.games.Entry.batch`)."""
    return entry(name).batch is not None


def hand_state(the_game: Game | str, agents: AgentSpec | Sequence[AgentSpec], seed: str) -> State:
    """The last state of the hand whose ``seed`` (``"7-36"``: hand 36 of a run seeded 7) is in
    a batch run's table, played again by the batch engine and replayed move by move through
    the rules engine, which checks every move: its record, events and pictures are the rules
    engine's (``hand_state(...).record()`` for :func:`cardlab.replay`).

    >>> import cardlab
    >>> table = cardlab.simulate("mod-ten", games=5, seed=7, engine="batch", progress=False)
    >>> final = hand_state("mod-ten", "random", table["seed"][3])
    >>> bool(final.winner == table["winner"][3]), bool(final.move_number == table["moves"][3])
    (True, True)
    """
    the_game = checked_game(the_game)
    run_seed, index = _seed_parts(seed)
    checked_run_seed(run_seed)
    rules, greedy = batch_seats(the_game, checked_agents(agents, the_game.players))
    hands = rules.deal(hand_keys(run_key(run_seed), np.array([index])))
    state = the_game.deal(**rules.dealt(hands, 0))
    while hands.size:
        move = chosen_moves(rules, hands, greedy)
        state = state.play(rules.move_text(int(move[0])))
        if rules.play(hands, move)[0]:
            break
    return state


def _seed_parts(seed: object) -> tuple[str, int]:
    """A hand's seed ``"<run's seed>-<index>"`` as the run's seed and the index, or a
    :class:`BatchRunError`."""
    text = seed if isinstance(seed, str) else ""
    run_seed, _, index = text.rpartition("-")
    if not run_seed or not index.isdigit() or not index.isascii():
        raise BatchRunError(
            f"a hand's seed is the run's seed and the hand's index, like '7-36' (the seed "
            f"column of a table), not {shortened(seed)}"
        )
    return run_seed, int(index)


def checked_batch_run(run: CheckedRun) -> tuple[BatchRules, Array]:
    """The batch form of the run's game and its greedy seats (see
    :func:`~cardlab.batch.engine.agent_seats`), or a :class:`BatchRunError` saying what the
    batch engine does not play (another agent than random and greedy, a record of each hand,
    a row per match, a game without a batch form) and what to do."""
    if run.task.per != "hand":
        raise BatchRunError("the batch engine plays hands (per='hand'): use engine='rules'")
    if run.task.records:
        raise BatchRunError(
            "the batch engine keeps no records of its hands: use engine='rules' for "
            "records=True (cardlab.batch.hand_state replays one hand of a batch run)"
        )
    return batch_seats(run.game, run.task.agents)


def batch_seats(the_game: Game, agents: Sequence[AgentSpec]) -> tuple[BatchRules, Array]:
    """The batch form of ``the_game`` and the seats of ``agents`` that play greedy, or a
    :class:`BatchRunError` for an agent the batch engine does not play or a game without a
    batch form."""
    names = []
    for seat, spec in enumerate(agents):
        if not isinstance(spec, str):
            raise BatchRunError(
                f"the batch engine plays the random and greedy agents, not a function "
                f"(seat {seat}): use engine='rules'"
            )
        names.append(spec)
    rules = batch_rules(the_game)
    try:
        greedy = agent_seats(names)
    except BatchError as error:
        raise BatchRunError(str(error)) from None
    return rules, greedy


def hand_columns(task: Task, start: int, stop: int, batch: int = BATCH_HANDS) -> Columns:
    """The table columns of hands ``start`` to ``stop - 1`` of a run, played ``batch`` hands
    at a time (what one task of a run does, here or in a worker process)."""
    rules = batch_rules(game(task.game, **task.options))
    greedy = agent_seats([str(spec) for spec in task.agents])
    parts = [
        batch_columns(rules, greedy, task.seed, first, min(first + batch, stop))
        for first in range(start, stop, batch)
    ]
    return joined(parts)


def batch_columns(
    rules: BatchRules, greedy: Array, seed: int | str, start: int, stop: int
) -> Columns:
    """The table columns of hands ``start`` to ``stop - 1``, played as one batch, in the
    order of the rules engine's table: game, dealer, winner, scores, moves, counts."""
    indices = np.arange(start, stop, dtype=np.int64)
    played = play_hands(rules, hand_keys(run_key(seed), indices), greedy)
    columns: Columns = {"game": indices, "dealer": played["dealer"], "winner": played["winner"]}
    for seat in range(rules.players):
        columns[f"score_{seat}"] = played[f"score_{seat}"]
    columns["moves"] = played["moves"]
    for name in rules.stats:
        columns[name] = played[name]
    return columns


def joined(parts: list[Columns]) -> Columns:
    """Batches' columns one after the other (nothing: no columns)."""
    if not parts:
        return {}
    return {name: np.concatenate([part[name] for part in parts]) for name in parts[0]}


def table_of(run: CheckedRun, columns: Columns, complete: bool) -> pd.DataFrame:
    """The run's table from its columns: the rules engine's types (``winner`` missing where
    there is none)."""
    import pandas as pd

    typed: dict[str, Any] = dict(columns)
    if columns:
        missing = columns["winner"] < 0
        winner = np.where(missing, 0, columns["winner"]).astype(np.int8)
        typed["winner"] = pd.arrays.IntegerArray(winner, missing)
    return build_table(run, typed, complete)


def play_batch_run(
    run: CheckedRun, batch: int = BATCH_HANDS, moved: Callable[[int], None] | None = None
) -> pd.DataFrame:
    """Play a checked run (``engine="batch"``) and tabulate its hands (see the module).
    ``moved``, if given, is told how many more hands are done after each batch, instead of a
    progress bar."""
    checked_batch_run(run)
    bar = progress_bar(run) if run.progress and moved is None else NoBar()
    parts: dict[int, Columns] = {}
    complete = False
    try:
        if run.executor is not None or run.workers > 1:
            _play_elsewhere(run, parts, moved or bar.update)
        else:
            _play_here(run, batch, parts, moved or bar.update)
        complete = True
    except _Stopped:
        pass
    except KeyboardInterrupt:
        finished = sum(len(part["game"]) for part in parts.values())
        warnings.warn(
            f"interrupted: returning the {finished:,} hands finished so far (of {run.games:,})",
            stacklevel=3,
        )
    finally:
        bar.close()
    columns = joined([parts[start] for start in sorted(parts)])
    return table_of(run, columns, complete)


class _Stopped(Exception):
    """The run's ``stop`` event is set."""


def _check_stop(run: CheckedRun) -> None:
    if run.stop is not None and run.stop.is_set():
        raise _Stopped


def _play_here(
    run: CheckedRun, batch: int, parts: dict[int, Columns], moved: Callable[[int], None]
) -> None:
    """Play the run's batches in this process, one after the other."""
    rules, greedy = checked_batch_run(run)
    for start in range(0, run.games, batch):
        _check_stop(run)
        stop = min(start + batch, run.games)
        parts[start] = batch_columns(rules, greedy, run.task.seed, start, stop)
        moved(stop - start)


def _play_elsewhere(
    run: CheckedRun, parts: dict[int, Columns], moved: Callable[[int], None]
) -> None:
    """Play the run's chunks on its executor, or on worker processes."""
    executor = run.executor
    if executor is None:
        executor = process_executor(run.workers)
    elif hasattr(executor, "get_executor"):  # a Dask distributed.Client
        executor = executor.get_executor()
    running = {
        executor.submit(hand_columns, run.task, start, min(start + CHUNK_HANDS, run.games)): start
        for start in range(0, run.games, CHUNK_HANDS)
    }
    try:
        while running:
            done, _ = concurrent.futures.wait(
                running, timeout=0.1, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                start = running.pop(future)
                parts[start] = future.result()
                moved(len(parts[start]["game"]))
            _check_stop(run)
    finally:
        for future in running:
            future.cancel()
