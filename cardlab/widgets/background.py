"""Work that runs beside the notebook (a thread), so that the kernel keeps answering clicks.

A :class:`Ticket` is the ticket of one piece of such work: the widget keeps the ticket of the
work it is waiting for, and the work checks :attr:`Ticket.cancelled` between steps and writes
its result only if its ticket is still the one the widget waits for. A :class:`LatestJob`
keeps that one ticket for a widget: starting new work cancels the old (the latest wins). The
explorer's hint, its solver panel and its slow bots are each one such job.

With ``background=False`` the work runs at once, in the caller's thread: what headless tests
use. Where no thread can start (Pyodide, the Python of JupyterLite) it runs at once too, unless
it comes in slices (:meth:`LatestJob.run_in_slices`): then it runs on the kernel's event loop
(:func:`event_loop`), one slice at a time, and the kernel answers clicks and cells between two.

>>> ran = []
>>> start(lambda: ran.append("done"), background=False) is None
True
>>> job = LatestJob("example", background=False)
>>> first = job.begin()
>>> second = job.begin()  # newer work: the older ticket is cancelled
>>> first.cancelled, second.cancelled, job.is_current(second)
(True, False, True)
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TypeVar

from cardlab.moved import old_names_of

Result = TypeVar("Result")


def threads_available() -> bool:
    """False where no thread can be started: Pyodide (JupyterLite) has none."""
    return sys.platform != "emscripten"


def event_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio event loop the kernel runs on, or None where there is none: the loop
    running now (ipykernel runs a widget's callbacks and the cells inside its own loop), else,
    in Pyodide, its browser event loop ("webloop"), which is always there."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":
        return asyncio.get_event_loop()
    return None


async def in_slices(ticket: Ticket, slices: Iterator[Result | None]) -> Result | None:
    """Work through ``slices`` one at a time, handing the event loop back between two (so
    that the kernel answers other messages meanwhile), until one gives a result (anything but
    None), which is returned; None if ``ticket`` is cancelled first."""
    for result in slices:
        if result is not None:
            return result
        await asyncio.sleep(0)  # the loop runs whatever else is ready, then this goes on
        if ticket.cancelled:
            return None
    return None


_TASKS: set[asyncio.Task[None]] = set()
"""The tasks of work running in slices (the event loop keeps only weak references to them)."""


class Ticket:
    """The ticket of one piece of work that can be cancelled."""

    def __init__(self) -> None:
        self._cancelled = threading.Event()
        self._on_cancel: list[Callable[[], None]] = []
        self._callbacks = threading.Lock()  # a callback is added or called, never lost between
        self.finished = threading.Event()
        """Set when the work has stopped, whether it finished, failed or was cancelled."""

    def cancel(self) -> None:
        """Ask the work to stop at its next step, and never to show its result."""
        with self._callbacks:
            self._cancelled.set()
            callbacks, self._on_cancel = self._on_cancel, []
        for callback in callbacks:
            callback()

    def when_cancelled(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the ticket is cancelled (at once if it already is): how work
        that runs elsewhere (another process) is stopped rather than waited for."""
        with self._callbacks:
            if not self.cancelled:
                self._on_cancel.append(callback)
                return
        callback()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._cancelled.is_set()


def start(
    work: Callable[[], None], background: bool, name: str = "cardlab-widget"
) -> threading.Thread | None:
    """Run ``work`` in a new daemon thread (``background=True``: the thread is returned) or at
    once (None is returned; also where no thread can start, see :func:`threads_available`)."""
    if not background or not threads_available():
        work()
        return None
    thread = threading.Thread(target=work, name=name, daemon=True)
    thread.start()
    return thread


class LatestJob:
    """One widget's background work, one piece at a time: the latest wins.

    :meth:`begin` cancels the work running (if any) and hands out the ticket of the next;
    :meth:`run` runs that work (in a thread with ``background``, else at once); the work asks
    :meth:`is_current` before it shows anything, and :meth:`finish` when it is done. ``lock``
    is the widget's lock, held while the ticket changes hands.
    """

    def __init__(self, name: str, background: bool, lock: threading.RLock | None = None) -> None:
        self.name = name
        """The name of the job's threads."""
        self.background = background
        """True: the work runs in a thread. False: at once."""
        self.lock = threading.RLock() if lock is None else lock
        """Held while the ticket changes hands (the widget's own lock)."""
        self.ticket: Ticket | None = None
        """The ticket of the work waited for (None: none is)."""
        self.thread: threading.Thread | None = None
        """The thread of the last work started (None when it ran at once)."""

    @property
    def running(self) -> bool:
        """True while some work is waited for."""
        return self.ticket is not None

    def begin(self) -> Ticket:
        """Cancel the work waited for, if any, and return the ticket of the next one."""
        with self.lock:
            if self.ticket is not None:
                self.ticket.cancel()
            self.ticket = Ticket()
            return self.ticket

    def run(self, ticket: Ticket, work: Callable[[], None]) -> None:
        """Run ``work`` for ``ticket``; its ``finished`` event is set when it stops."""

        def working() -> None:
            try:
                work()
            finally:
                ticket.finished.set()

        self.thread = start(working, self.background, self.name)

    def run_in_slices(
        self,
        ticket: Ticket,
        slices: Iterator[Result | None],
        done: Callable[[Result], None],
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        """Run ``slices`` for ``ticket`` as a task on ``loop`` (see :func:`in_slices`), then
        ``done`` with their result unless the ticket was cancelled first; the ticket's
        ``finished`` event is set when the work stops. For work that must not hold a kernel
        with no threads: ``slices`` must never raise (say what went wrong in the result)."""
        self.thread = None

        async def working() -> None:
            try:
                result = await in_slices(ticket, slices)
                if result is not None:
                    done(result)
            finally:
                ticket.finished.set()

        task = loop.create_task(working())
        _TASKS.add(task)
        task.add_done_callback(_TASKS.discard)

    def is_current(self, ticket: Ticket) -> bool:
        """True while ``ticket`` is the one waited for (not cancelled, not replaced)."""
        return ticket is self.ticket and not ticket.cancelled

    def finish(self, ticket: Ticket) -> bool:
        """The work of ``ticket`` is done: True if it was the one waited for (it is no more)."""
        with self.lock:
            if ticket is not self.ticket:
                return False
            self.ticket = None
            return not ticket.cancelled

    def cancel(self) -> bool:
        """Cancel the work waited for: True if there was some."""
        with self.lock:
            ticket, self.ticket = self.ticket, None
        if ticket is None:
            return False
        ticket.cancel()
        return True


__getattr__ = old_names_of(__name__)
"""``Task``, the older name of :class:`Ticket`, still works, with a DeprecationWarning
(``cardlab.simulation.runs.Task`` is what a run asked for: one name, one meaning)."""


__all__ = ["LatestJob", "Ticket", "event_loop", "in_slices", "start", "threads_available"]
