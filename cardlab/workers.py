"""Chunks of a simulation run in worker processes, or on an executor given by the caller.

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
"""

from __future__ import annotations

import concurrent.futures
import os
import pickle
import signal
import tempfile
import threading
import time
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardlab.runs import SimulationError, Task, check_stop
from cardlab.simulation import _STOPPED, AgentError, Blocks, Row, columns_of_games, play_games
from cardlab.words import clipped, shortened

if TYPE_CHECKING:
    from cardlab.agents import Agent
    from cardlab.runs import Run

FLUSH_SECONDS = 0.1
"""A worker writes its finished rows to its file at least this often."""

GRACE_SECONDS = 0.3
"""After an interruption, how long the workers have to write their last rows before they are
stopped (a few flushes)."""

IDLE_SECONDS = 60
"""Worker processes left without work this long exit (new ones start for the next run)."""

PARENT_CHECK_SECONDS = 0.5
"""How often a worker checks that the process that started it is still alive."""

EXTRA = "pip install 'cardlab[notebooks]'"
"""What to install for tables and worker processes."""


# --------------------------------------------------------------------------- how many


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


def check_processes(agents: tuple[str | Agent, ...]) -> None:
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


# --------------------------------------------------------------------------- in a worker


def _start_worker(parent: int) -> None:
    """Set up a new worker process: leave Ctrl-C to the parent, and die with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
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
        self.pending: deque[Row] = deque()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._flush_often, name="cardlab-rows", daemon=True)
        self.thread.start()

    def add(self, row: Row) -> None:
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


def write_rows(task: Task, start: int, stop: int, path: str) -> None:
    """Play games ``start`` to ``stop - 1`` (a worker process's task), writing each row to
    ``path`` as it finishes."""
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

    executor: concurrent.futures.Executor = get_reusable_executor(
        max_workers=workers,
        timeout=IDLE_SECONDS,
        initializer=_start_worker,
        initargs=(os.getpid(),),
    )
    return executor


def play_in_processes(run: Run, blocks: Blocks, bar: Any) -> None:
    """Play the chunks of ``run`` in ``run.workers`` worker processes, keeping every finished
    row in ``blocks`` (also when interrupted or when an agent fails)."""
    executor = process_executor(run.workers)
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
                running[executor.submit(write_rows, run.task, start, stop, path)] = start

        try:
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


def play_on_executor(run: Run, blocks: Blocks, bar: Any) -> None:
    """Play the chunks of ``run`` on the caller's executor (or Dask client), keeping each
    chunk's rows in ``blocks`` as it finishes."""
    executor = run.executor
    if hasattr(executor, "get_executor"):  # a Dask distributed.Client
        executor = executor.get_executor()
    chunks: Iterator[tuple[int, int]] = iter(run.chunks())
    running: dict[concurrent.futures.Future[dict[str, list[Any]]], int] = {}

    def submit_next() -> None:
        chunk = next(chunks, None)
        if chunk is not None:
            start, stop = chunk
            running[executor.submit(columns_of_games, run.task, start, stop)] = start

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
        _STOPPED.add(run.task.run_id)
        done, _ = concurrent.futures.wait(running, timeout=GRACE_SECONDS)
        for future in done:
            _keep_what_finished(future, running.pop(future), blocks)
        for future in running:
            future.cancel()
        raise


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
