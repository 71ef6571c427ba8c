"""Where the explorer's "Perfect play" panel is worked out: in one process beside the kernel,
so that a solve (up to :attr:`Explorer.SOLVE_SECONDS <cardlab.widgets.Explorer.SOLVE_SECONDS>`)
never holds the notebook; each position solved once and kept; the latest position asked for
wins (a newer one stops the older solve at once, by ending its process).

- With ``background=False`` (tests) a position is solved at once, in the caller.
- Where there are no processes (Pyodide, the Python of JupyterLite: no threads either) it is
  solved in the kernel, in steps of :data:`STEP_POSITIONS` positions searched (a few
  milliseconds each, :class:`~cardlab.search.solver.StepwiseSolve`) run on the kernel's event loop,
  which answers clicks and cells between two steps; a newer position drops the older solve
  before its next step. So the panel is on by default there too (:func:`panel_on_by_default`),
  as in Jupyter: where the player to move could know perfect play (not at the start of a
  Two-Ten-Jack hand).
- A position travels to the process pickled, its game's classes by reference (the process has
  the kernel's import path), so a game registered at run time (:func:`cardlab.games.register`)
  is solved there too; the solver asks the game, never the registry. A game defined in
  ``__main__`` (a notebook's cell) travels by value with cloudpickle where it is installed
  (it comes with ``cardlab[notebooks]``). A position that cannot be sent at all is solved in a
  thread instead, as the panel did before.

>>> import cardlab
>>> deal = cardlab.game("mod-ten", players=2).deal(seed=1)
>>> panel_on_by_default(background=False, opening=deal), panel_on_by_default(True, deal)
(False, True)
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pickle
import signal
import struct
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import IO, Any

import ipywidgets as widgets

from cardlab.engine.core import State
from cardlab.search.solver import Target
from cardlab.widgets.background import LatestJob, Ticket, event_loop, threads_available
from cardlab.widgets.explorer import solution_words as solution
from cardlab.widgets.explorer.solution_words import panel_html

PanelKey = tuple[State, int | None]
"""A position of the panel: the state shown and the seat whose eyes it is seen with (None:
every hand). (It was ``Key``, which :mod:`cardlab.simulation.counting` uses for what groups cards;
the old name still works, with a DeprecationWarning.)"""
SOLVING = "<i>Solving…</i>"
"""What the panel shows while the position shown is being solved."""
STEP_POSITIONS = 500
"""The positions searched in one step where the panel solves in the kernel, between two of
which the kernel answers other messages: the longest step of a solve takes about 1.5 ms of CPU
in CPython and 3 to 4 ms in Pyodide (medians, bench/solve_steps.py)."""


def processes_available() -> bool:
    """False where no process can be started: Pyodide (JupyterLite) has none."""
    return threads_available()


def panel_on_by_default(background: bool, opening: State) -> bool:
    """Whether the panel starts on, for an explorer that opens at ``opening``: where solving
    holds nothing, that is with ``background`` (in a process, or in the kernel in steps where
    there are none; solving at once would hold the notebook for up to the budget per step),
    and where the player to move could know perfect play from what they see
    (:func:`~cardlab.widgets.explorer.solution_words.knowable_by_the_player`). So a new
    Two-Ten-Jack deal opens with the panel off rather than "not solved within budget"; ticked,
    it solves as before."""
    return background and solution.knowable_by_the_player(opening)


def solved_lines(target: Target, seconds: float) -> list[str]:
    """The panel's lines for ``target``
    (:func:`cardlab.widgets.explorer.solution_words.panel_lines`), or what went wrong, in words: a
    solve never raises past the widget."""
    try:
        return solution.panel_lines(target, seconds)
    except Exception as error:  # never a traceback from a thread: say it in the widget
        return [f"The solver failed: {type(error).__name__}: {error}"]


def solved_lines_in_steps(target: Target, seconds: float) -> Iterator[list[str] | None]:
    """:func:`solved_lines`, worked out in steps
    (:func:`cardlab.widgets.explorer.solution_words.panel_steps`): None after each unfinished step,
    then the lines; what goes wrong is said in the lines."""
    try:
        yield from solution.panel_steps(target, seconds, STEP_POSITIONS)
    except Exception as error:  # never a traceback lost in a task: say it in the widget
        yield [f"The solver failed: {type(error).__name__}: {error}"]


def send(stream: IO[bytes], message: object) -> None:
    """Write ``message`` to ``stream``, pickled (with cloudpickle where it is installed, so
    that classes of ``__main__`` travel by value), after its length (8 bytes)."""
    try:
        from cloudpickle import dumps
    except ImportError:
        dumps = pickle.dumps
    data = dumps(message)
    stream.write(struct.pack("!Q", len(data)) + data)
    stream.flush()


def receive(stream: IO[bytes]) -> Any:
    """The next message written by :func:`send`; EOFError when the other side has gone."""
    head = stream.read(8)
    if len(head) < 8:
        raise EOFError("the other side has gone")
    size = struct.unpack("!Q", head)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("the other side has gone")
    return pickle.loads(data)


def serve() -> None:
    """The solver process's loop, on its standard input and output: solve each (target,
    seconds) received and send back ``("lines", lines)``, or ``("unreadable", why)`` for a
    target this process cannot unpickle (a game it cannot import)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # interrupting the kernel is not for us
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a print in a solve must not garble the answers
    while True:
        try:
            target, seconds = receive(requests)
        except EOFError:
            return  # the kernel has gone
        except Exception as error:
            send(answers, ("unreadable", f"{type(error).__name__}: {error}"))
            continue
        send(answers, ("lines", solved_lines(target, seconds)))


SERVE = "from cardlab.widgets.explorer.solution_panel import serve; serve()"
"""What the solver process runs."""


def start_process() -> subprocess.Popen[bytes]:
    """A new solver process: this Python, with this kernel's import path, silent (whatever
    goes wrong is sent back in words)."""
    path = os.pathsep.join(entry or os.curdir for entry in sys.path)
    return subprocess.Popen(
        [sys.executable, "-c", SERVE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": path},
    )


class SolverProcess:
    """One process beside the kernel that solves positions, one at a time. A cancelled
    ticket's solve is stopped by ending the process; a fresh one is started at once, so that
    the next position does not wait for it to start."""

    def __init__(self) -> None:
        self._turn = threading.Lock()  # one solve at a time
        self._guard = threading.Lock()  # the process and the ticket being solved
        self._ticket: Ticket | None = None
        self.process: subprocess.Popen[bytes] | None = None
        """The process (None before the first solve)."""

    @property
    def ticket(self) -> Ticket | None:
        """The ticket whose position the process is solving now (None: it is idle)."""
        return self._ticket

    def solve(self, ticket: Ticket, target: Target, seconds: float) -> list[str] | None:
        """The panel's lines for ``target``; None if ``ticket`` was cancelled meanwhile. What
        the process cannot do (a target that does not pickle or unpickle, no process to be
        had, a process that dies) is solved here, in this thread, as the panel did before."""
        with self._turn:
            if ticket.cancelled:
                return None
            try:
                pickle.dumps(target)
                process = self._running()
            except Exception:  # not picklable, or no process to be had
                return solved_lines(target, seconds)
            answer = self._ask(ticket, process, (target, seconds))
        if answer is None:
            return None if ticket.cancelled else solved_lines(target, seconds)
        kind, value = answer
        return list(value) if kind == "lines" else solved_lines(target, seconds)

    def _ask(
        self, ticket: Ticket, process: subprocess.Popen[bytes], request: object
    ) -> tuple[str, Any] | None:
        """Send ``request`` to ``process`` and wait for its answer (None: it was ended)."""
        with self._guard:
            self._ticket = ticket
        ticket.when_cancelled(lambda: self.stop(ticket))
        try:
            assert process.stdin is not None and process.stdout is not None
            send(process.stdin, request)
            answer: tuple[str, Any] = receive(process.stdout)
            return answer
        except (EOFError, OSError):  # ended by a cancel, or it died
            with self._guard:
                if self.process is process:
                    self.process = None
            close_pipes(process)  # this thread was the last to use them
            return None
        finally:
            with self._guard:
                self._ticket = None

    def _running(self) -> subprocess.Popen[bytes]:
        """The process, started if it is not running."""
        with self._guard:
            if self.process is None or self.process.poll() is not None:
                self.process = start_process()
            return self.process

    def stop(self, ticket: Ticket) -> None:
        """End the process if it is solving for ``ticket``, and start the next one."""
        with self._guard:
            if ticket is not self._ticket:
                return
            if self.process is not None and self.process.poll() is None:
                self.process.kill()  # the solving thread then closes its pipes
                self.process.wait()
                self.process = start_process()

    def close(self) -> None:
        """End the process, if one runs (called when the kernel exits)."""
        with self._guard:
            if self.process is not None:
                end_process(self.process)
                self.process = None


def end_process(process: subprocess.Popen[bytes]) -> None:
    """End a solver process and close its pipes: a process or a pipe left open is what Python
    warns of (``ResourceWarning``) when the kernel exits."""
    if process.poll() is None:
        process.kill()
    process.wait()
    close_pipes(process)


def close_pipes(process: subprocess.Popen[bytes]) -> None:
    """Close the pipes to an ended solver process."""
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):  # a pipe to a process that is gone
                stream.close()


_PROCESS: SolverProcess | None = None
_PROCESS_LOCK = threading.Lock()


def solver_process() -> SolverProcess:
    """The one solver process of this kernel, shared by every explorer in it."""
    global _PROCESS
    with _PROCESS_LOCK:
        if _PROCESS is None:
            _PROCESS = SolverProcess()
            atexit.register(_PROCESS.close)
        return _PROCESS


class SolverPanel:
    """The panel's work: show each position's lines in ``output``, solved once and kept, the
    latest position wanted winning over an older solve."""

    def __init__(self, output: widgets.HTML, background: bool, lock: threading.RLock) -> None:
        self.output = output
        """The HTML widget the panel is drawn in."""
        self.job = LatestJob("solver", background, lock)
        """The solve waited for."""
        self.solved: dict[PanelKey, list[str]] = {}
        """The lines of every position solved so far."""
        self.wanted: PanelKey | None = None
        """The position shown (None: the panel is off)."""
        self.elsewhere = background and processes_available()
        """True: solves run in the solver process."""
        self.in_steps = background and not processes_available()
        """True: solves run in the kernel, in steps on its event loop (where there is one;
        else as the other background work does: in a thread, or at once)."""

    def show(self, state: State, eyes: int | None, seconds: float) -> None:
        """Show the lines of ``state`` seen by seat ``eyes`` (None: every hand; the solver
        then sees the whole state, else that seat's view): kept ones at once, else
        "Solving…" until they are worked out within ``seconds``."""
        key = (state, eyes)
        with self.job.lock:
            self.wanted = key
            if key in self.solved:
                self.job.cancel()
                self.output.value = panel_html(self.solved[key])
                return
            self.output.value = SOLVING
            ticket = self.job.begin()  # the older solve, if any, is cancelled
        target: Target = state if eyes is None else state.view(eyes)
        loop = event_loop() if self.in_steps else None
        if loop is not None:
            steps = solved_lines_in_steps(target, seconds)
            self.job.run_in_slices(
                ticket, steps, lambda lines: self._keep(ticket, key, lines), loop
            )
        else:
            self.job.run(ticket, lambda: self._work(ticket, key, target, seconds))

    def clear(self) -> None:
        """The panel is off: stop solving and show nothing."""
        with self.job.lock:
            self.wanted = None
            self.job.cancel()
            self.output.value = ""

    def _work(self, ticket: Ticket, key: PanelKey, target: Target, seconds: float) -> None:
        """Solve ``target``, keep its lines, show them if they are still wanted."""
        if self.elsewhere:
            lines = solver_process().solve(ticket, target, seconds)
        else:
            lines = solved_lines(target, seconds)
        if lines is None:
            return  # cancelled: a newer position is wanted
        self._keep(ticket, key, lines)

    def _keep(self, ticket: Ticket, key: PanelKey, lines: list[str]) -> None:
        """Keep the lines solved for ``key``, and show them if they are still wanted."""
        with self.job.lock:
            self.solved[key] = lines
            if self.job.finish(ticket) and self.wanted == key:
                self.output.value = panel_html(lines)


__all__ = [
    "SOLVING",
    "STEP_POSITIONS",
    "PanelKey",
    "SolverPanel",
    "SolverProcess",
    "panel_on_by_default",
]
