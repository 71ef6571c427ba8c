"""Where the chunks of a simulation run are played: here, in worker processes, or on an
executor given by the caller (:func:`play_chunks` picks), with the progress bar and the
stop handling of every one of them.

Worker processes come from loky's reusable executor: they are started once and kept for the
next run (they exit after :data:`IDLE_SECONDS` without work), and tasks travel to them with
cloudpickle, so an agent written as a lambda or a closure works there too.

Each worker writes the rows of its chunk to a file of its own as the hands finish (at least
every :data:`FLUSH_SECONDS`), and this process reads them while they come: the progress bar
moves hand by hand even when hands are slow, and an interrupted or failed run keeps every
finished hand, whatever happens to the workers. When the run is interrupted (Ctrl-C, a
notebook's stop button) or an agent fails, the workers are stopped at once, not after their
chunk. They ignore Ctrl-C themselves (this process handles it) and exit when this process
dies, however it dies.

With an executor given by the caller (a thread pool, a process pool, a Dask client), the rows
of each chunk come back when the chunk is done.

A worker process knows the games cardlab registers, not one registered at run time
(:func:`cardlab.games.register`): each chunk carries its game's registry entry, which the
worker registers if it lacks it (the entry's class and heuristic travel by reference, or by
value with cloudpickle for a class defined in ``__main__``, a notebook's). A process pool
given by the caller that starts its workers fresh ("spawn", "forkserver") cannot import a
class of ``__main__`` through plain pickle: such a run is refused before it starts, saying
what to do.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
import pickle
import signal
import sys
import tempfile
import threading
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cardlab.games import REGISTRY, Entry, entry, game
from cardlab.simulation.rows import AgentError, GameRow, Seating, hand_row, match_row
from cardlab.simulation.runs import (
    EXTRA,
    PROGRESS_LINES,
    CheckedRun,
    SimulationError,
    Stopped,
    Task,
    check_processes,
    check_stop,
    cpu_cores,
    executor_workers,
    max_workers,
)

__all__ = [
    "EXTRA",
    "Blocks",
    "RowReader",
    "RowWriter",
    "check_processes",
    "check_pool_can_import",
    "columns_of_games",
    "cpu_cores",
    "executor_workers",
    "learn_game",
    "max_workers",
    "play_chunks",
    "play_games",
    "play_here",
    "play_in_processes",
    "play_on_executor",
    "progress_bar",
    "stop_threads",
    "write_rows",
]

FLUSH_SECONDS = 0.1
"""A worker writes its finished rows to its file at least this often."""

GRACE_SECONDS = 0.3
"""After an interruption, how long the workers have to write their last rows before they are
stopped (a few flushes)."""

IDLE_SECONDS = 60
"""Worker processes left without work this long exit (new ones start for the next run)."""

PARENT_CHECK_SECONDS = 0.5
"""How often a worker checks that the process that started it is still alive."""

PROGRESS_SECONDS = 0.1
"""How often a progress bar is moved on (hands finish faster than it is worth drawing)."""


# --------------------------------------------------------------------------- every executor


def play_chunks(run: CheckedRun, blocks: Blocks) -> bool:
    """Play the games of a checked run where it asks (its executor, its worker processes, or
    here), keeping every finished game in ``blocks``, and moving a progress bar. True when
    every game was played; False when the run's ``stop`` event or an interruption (Ctrl-C,
    with a warning) stopped it. An :class:`~cardlab.simulation.rows.AgentError` stops it too, and is
    raised; ``blocks`` then holds the games finished before it."""
    bar = progress_bar(run)
    try:
        if run.executor is not None:
            play_on_executor(run, blocks, bar)
        elif run.workers > 1:
            play_in_processes(run, blocks, bar)
        else:
            play_here(run, blocks, bar)
        return True
    except Stopped:  # the caller's stop event: what finished is the answer, nothing to say
        stop_threads(run.task)
    except KeyboardInterrupt:
        stop_threads(run.task)
        unit = "matches" if run.task.per == "match" else "hands"
        warnings.warn(
            f"interrupted: returning the {blocks.count():,} {unit} finished so far "
            f"(of {run.games:,})",
            stacklevel=4,
        )
    except AgentError:
        stop_threads(run.task)
        raise
    finally:
        bar.close()
    return False


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


STOPPED_RUNS: set[str] = set()
"""The ``run_id`` of the runs interrupted in this process: their threads stop after the hand
they are playing."""


def stop_threads(task: Task) -> None:
    """Tell the threads of this process that play ``task``'s run to stop after their hand."""
    STOPPED_RUNS.add(task.run_id)


def play_games(task: Task, start: int, stop: int, keep: Callable[[GameRow], None]) -> None:
    """Play games ``start`` to ``stop - 1`` of a run, handing each finished row to ``keep``
    (what one chunk of a run does, in this process or in a worker). The seats' agents are
    made once for the chunk."""
    the_game = game(task.game, **task.options)
    play = match_row if task.per == "match" else hand_row
    seating = Seating(task.agents)
    for index in range(start, stop):
        if task.run_id in STOPPED_RUNS:
            return
        try:
            row = play(the_game, seating, task.game_seed(index), task.records)
        except AgentError as error:
            error.game = index
            raise
        keep({"game": index, **row})


def columns_of_games(
    task: Task, start: int, stop: int, shipped: Entry | None = None
) -> dict[str, list[Any]]:
    """The rows of games ``start`` to ``stop - 1`` as columns (what an executor's task
    returns); ``shipped`` is the game's registry entry (:func:`learn_game`)."""
    learn_game(shipped)
    columns: dict[str, list[Any]] = {}

    def keep(row: GameRow) -> None:
        for name, value in row.items():
            columns.setdefault(name, []).append(value)

    try:
        play_games(task, start, stop, keep)
    except AgentError as error:
        error.finished = columns
        raise
    return columns


def play_here(run: CheckedRun, blocks: Blocks, bar: Any) -> None:
    """Play every game of ``run`` in this process, moving the bar as they finish."""
    columns: dict[str, list[Any]] = {}
    shown = [0, time.monotonic()]  # games shown on the bar, and when

    def keep(row: GameRow) -> None:
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


def progress_bar(run: CheckedRun) -> Any:
    """A tqdm bar for the games of ``run`` when it shows progress (and tqdm is there), else
    a bar that shows nothing."""
    unit = "match" if run.task.per == "match" else "hand"
    if run.progress == PROGRESS_LINES:
        return LineBar(run.games, "matches" if unit == "match" else "hands")
    if run.progress:
        try:
            from tqdm.auto import tqdm
        except ImportError:
            pass
        else:
            return tqdm(total=run.games, unit=unit, desc="simulating", leave=False)
    return NoBar()


class LineBar:
    """Progress as plain lines on stderr, one at each whole percent of the games ("simulating:
    4 of 400 hands (1%), 3 s"): what a log file can hold, where a bar's frames pile up."""

    def __init__(self, total: int, unit: str) -> None:
        self.total = total
        self.unit = unit
        self.done = 0
        self.percent = 0
        self.start = time.monotonic()

    def update(self, count: int) -> None:
        """``count`` more games finished: a line if a whole percent was passed."""
        self.done += count
        percent = 100 * self.done // self.total if self.total else 100
        if percent > self.percent:
            self.percent = percent
            elapsed = time.monotonic() - self.start
            print(
                f"simulating: {self.done:,} of {self.total:,} {self.unit} ({percent}%), "
                f"{elapsed:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    def close(self) -> None:
        """Nothing to close (every line is written whole)."""


class NoBar:
    """A progress bar that shows nothing."""

    def update(self, count: int) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to close."""


# --------------------------------------------------------------------------- in a worker


def _start_worker(parent: int) -> None:
    """Set up a new worker process: leave Ctrl-C (and a closed terminal's SIGHUP) to the
    parent, which stops the run and saves what finished, and die with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    watch = threading.Thread(
        target=_exit_with_parent, args=(parent,), name="cardlab-parent-watch", daemon=True
    )
    watch.start()


def _exit_with_parent(parent: int) -> None:
    """Wait until ``parent`` is no longer this process's parent, then exit at once."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


class RowWriter:
    """Rows written to a file as they finish, in batches at least every :data:`FLUSH_SECONDS`
    (by a thread of their own, so that a slow hand does not hold back the one before).

    Each batch is the rows as columns (name -> values: cheap to pickle and to add up), pickled,
    after its length in 8 bytes: :class:`RowReader`
    reads the file while it grows.
    """

    def __init__(self, path: str) -> None:
        self.file = open(path, "ab")  # noqa: SIM115 (closed by close())
        self.pending: deque[GameRow] = deque()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._flush_often, name="cardlab-rows", daemon=True)
        self.thread.start()

    def add(self, row: GameRow) -> None:
        """Keep ``row``; it reaches the file within :data:`FLUSH_SECONDS`."""
        self.pending.append(row)

    def _flush_often(self) -> None:
        while not self.stop.wait(FLUSH_SECONDS):
            self.flush()

    def flush(self) -> None:
        """Write the rows kept since the last flush."""
        rows = [self.pending.popleft() for _ in range(len(self.pending))]
        if rows:
            columns = {name: [row[name] for row in rows] for name in rows[0]}
            batch = pickle.dumps(columns, protocol=pickle.HIGHEST_PROTOCOL)
            self.file.write(len(batch).to_bytes(8, "little") + batch)
            self.file.flush()

    def close(self) -> None:
        """Write what is left and close the file."""
        self.stop.set()
        self.thread.join()
        self.flush()
        self.file.close()


def learn_game(shipped: Entry | None) -> None:
    """Register ``shipped`` (the registry entry of a chunk's game) in this process, unless it
    is known here already: a worker process does not know a game registered at run time."""
    if shipped is not None and REGISTRY.get(shipped.name) != shipped:
        REGISTRY[shipped.name] = shipped


def write_rows(task: Task, start: int, stop: int, path: str, shipped: Entry | None = None) -> None:
    """Play games ``start`` to ``stop - 1`` (a worker process's task), writing each row to
    ``path`` as it finishes; ``shipped`` is the game's registry entry (:func:`learn_game`)."""
    learn_game(shipped)
    writer = RowWriter(path)
    try:
        play_games(task, start, stop, writer.add)
    finally:
        writer.close()


# --------------------------------------------------------------------------- in this process


class RowReader:
    """The rows of one chunk, read from the file its worker writes (see :class:`RowWriter`),
    as columns."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.offset = 0
        self.columns: dict[str, list[Any]] = {}

    def read(self) -> int:
        """Read the batches written since the last call; how many rows they hold."""
        try:
            with open(self.path, "rb") as file:
                file.seek(self.offset)
                data = file.read()
        except FileNotFoundError:  # the task has not started yet
            return 0
        position = count = 0
        while len(data) - position >= 8:
            size = int.from_bytes(data[position : position + 8], "little")
            if len(data) - position - 8 < size:
                break  # a batch still being written (or cut short by a killed worker)
            batch: dict[str, list[Any]] = pickle.loads(data[position + 8 : position + 8 + size])
            for name, values in batch.items():
                self.columns.setdefault(name, []).extend(values)
            count += len(batch["game"])
            position += 8 + size
        self.offset += position
        return count


def process_executor(workers: int) -> concurrent.futures.Executor:
    """loky's reusable executor with ``workers`` processes, set up by :func:`_start_worker`."""
    from loky import get_reusable_executor

    with _hangup_held():
        executor: concurrent.futures.Executor = get_reusable_executor(
            max_workers=workers,
            timeout=IDLE_SECONDS,
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )
    return executor


@contextlib.contextmanager
def _hangup_held() -> Iterator[None]:
    """Hold SIGHUP back from this thread while processes start, so that they start with it
    held back too (a blocked signal is inherited): a closed terminal then stops the run here,
    which saves what finished, without killing the helper processes loky and multiprocessing
    start (their resource trackers), whose deaths would fill the log with tracebacks. A SIGHUP
    that came meanwhile is delivered when it ends."""
    hangup = getattr(signal, "SIGHUP", None)
    if hangup is None or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {hangup})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {hangup})


def play_in_processes(run: CheckedRun, blocks: Blocks, bar: Any) -> None:
    """Play the chunks of ``run`` in ``run.workers`` worker processes, keeping every finished
    row in ``blocks`` (also when interrupted or when an agent fails)."""
    executor = process_executor(run.workers)
    shipped = entry(run.task.game)
    chunks = iter(run.chunks())
    readers: dict[int, RowReader] = {}  # the chunks submitted and not yet kept, by first game
    running: dict[concurrent.futures.Future[None], int] = {}
    with tempfile.TemporaryDirectory(prefix="cardlab-rows-") as folder:

        def submit_next() -> None:
            chunk = next(chunks, None)
            if chunk is not None:
                start, stop = chunk
                path = os.path.join(folder, f"{start}.rows")
                readers[start] = RowReader(path)
                future = executor.submit(write_rows, run.task, start, stop, path, shipped)
                running[future] = start

        try:
            with _hangup_held():  # the processes start as the first chunks are submitted
                for _ in range(2 * run.workers):  # a chunk waiting for each busy worker
                    submit_next()
            while running:
                done, _ = concurrent.futures.wait(
                    running, timeout=FLUSH_SECONDS, return_when=concurrent.futures.FIRST_COMPLETED
                )
                for future in done:
                    start = running.pop(future)
                    try:
                        future.result()  # the chunk's error, if any
                    finally:
                        bar.update(_keep(readers.pop(start), start, blocks))
                    submit_next()
                bar.update(sum(reader.read() for reader in readers.values()))
                check_stop(run)
        except BaseException:
            _stop_workers(executor)
            raise
        finally:
            for start, reader in readers.items():
                _keep(reader, start, blocks)


def _keep(reader: RowReader, start: int, blocks: Blocks) -> int:
    """Read the last rows of a chunk that is over and keep them all; how many were new."""
    count = reader.read()
    blocks.add(start, reader.columns)
    Path(reader.path).unlink(missing_ok=True)  # what it held is in blocks now
    return count


def _stop_workers(executor: concurrent.futures.Executor) -> None:
    """Give the workers a moment to write their last rows, then stop them at once (the next
    run starts new ones)."""
    try:
        time.sleep(GRACE_SECONDS)
    finally:
        executor.shutdown(wait=True, kill_workers=True)  # type: ignore[call-arg]


def play_on_executor(run: CheckedRun, blocks: Blocks, bar: Any) -> None:
    """Play the chunks of ``run`` on the caller's executor (or Dask client), keeping each
    chunk's rows in ``blocks`` as it finishes."""
    executor = run.executor
    if hasattr(executor, "get_executor"):  # a Dask distributed.Client
        executor = executor.get_executor()
    shipped = entry(run.task.game)
    check_pool_can_import(executor, shipped)
    chunks: Iterator[tuple[int, int]] = iter(run.chunks())
    running: dict[concurrent.futures.Future[dict[str, list[Any]]], int] = {}

    def submit_next() -> None:
        chunk = next(chunks, None)
        if chunk is not None:
            start, stop = chunk
            running[executor.submit(columns_of_games, run.task, start, stop, shipped)] = start

    def keep(future: concurrent.futures.Future[dict[str, list[Any]]]) -> None:
        start = running.pop(future)
        _keep_what_finished(future, start, blocks)
        columns = future.result()  # the chunk's error, if any
        bar.update(len(columns.get("game", ())))

    try:
        for _ in range(2 * executor_workers(run.executor)):
            submit_next()
        while running:
            done, _ = concurrent.futures.wait(
                running, timeout=FLUSH_SECONDS, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                keep(future)
                submit_next()
            check_stop(run)
    except BaseException:
        # Threads of this process stop after their hand and return what they finished.
        stop_threads(run.task)
        done, _ = concurrent.futures.wait(running, timeout=GRACE_SECONDS)
        for future in done:
            _keep_what_finished(future, running.pop(future), blocks)
        for future in running:
            future.cancel()
        raise


def check_pool_can_import(executor: Any, shipped: Entry) -> None:
    """Refuse (:class:`~cardlab.simulation.runs.SimulationError`) a game whose class is defined in
    ``__main__`` (a notebook, a script) when ``executor`` is a process pool that starts its
    workers fresh: they cannot import it, and every chunk would fail."""
    context = getattr(executor, "_mp_context", None)  # a ProcessPoolExecutor's
    if not isinstance(executor, concurrent.futures.ProcessPoolExecutor) or context is None:
        return
    if context.get_start_method() == "fork":
        return  # a forked worker holds __main__ as it was
    cls = shipped.game_class()
    if cls.__module__ == "__main__":
        raise SimulationError(
            f"the game {shipped.name!r} is defined in __main__ (a notebook or a script), "
            f"which the workers of a process pool started by {context.get_start_method()!r} "
            "cannot import: define its class in a module (a .py file beside the notebook) "
            "and import it from there, or use simulate(..., workers=N) (cardlab's own worker "
            "processes take the class along) or a thread pool"
        )


def _keep_what_finished(
    future: concurrent.futures.Future[dict[str, list[Any]]], start: int, blocks: Blocks
) -> None:
    """Keep the rows a stopped chunk returned, or those its agent error carries."""
    if future.cancelled():
        return
    error = future.exception()
    if error is None:
        blocks.add(start, future.result())
    elif isinstance(error, AgentError) and error.finished:
        blocks.add(start, error.finished)
