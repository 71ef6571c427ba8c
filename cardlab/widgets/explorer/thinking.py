"""Slow bots thinking in the explorer's background job: from the end of the timeline, one
move at a time, each shown as it comes, to the user's turn (or to the end of the hand), with
a "Seat 2 (mc) is thinking..." line and a Cancel button. A cancelled job drops the move it
was thinking about; the next job starts once it has finished thinking (one bot at a time).

The job runs in a thread where threads can start. Where none can (Pyodide, the Python of
JupyterLite) it runs on the kernel's event loop instead (:func:`event_loop`), through
:meth:`LatestJob.run_in_slices`: each move is worked out in the bot's steps
(:func:`cardlab.bots.agents.decision_in_steps`), grouped into slices of about
:data:`SLICE_SECONDS`, and the kernel answers clicks (Cancel) and cells between two slices.
The moves are those the thread plays. A cancelled job stops at the end of its slice."""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable, Generator, Iterator
from typing import TypeVar

from cardlab.bots.specs import agent_name
from cardlab.engine.core import Agent, State
from cardlab.widgets.background import LatestJob, Ticket, event_loop, threads_available
from cardlab.widgets.boxes import hidden
from cardlab.widgets.explorer.bots import BotFailed, BotSpec, bot_move, bot_move_in_steps
from cardlab.widgets.explorer.controls import Controls
from cardlab.widgets.explorer.timeline import Timeline

Seats = Callable[[], tuple[int | None, list[Agent], list[BotSpec]]]
"""What the bots need to know as they play, read afresh at every move: the user's seat (None:
every seat), each seat's bot, and each seat's bot as given (for its name)."""

SLICE_SECONDS = 0.02
"""About how long one slice of the bots' thinking on the kernel's event loop lasts (where no
thread can start): the bot's steps are worked through until this much time has passed, then
the loop is handed back. Short enough for the page to answer at once, long enough that the
loop's turns cost little."""

_Result = TypeVar("_Result")


def in_time_slices(steps: Generator[None, None, _Result]) -> Generator[None, None, _Result]:
    """``steps`` (a generator that pauses between two steps and returns a result) grouped:
    a pause (yield None) once :data:`SLICE_SECONDS` of steps have run, the same result."""
    started = time.perf_counter()
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        if time.perf_counter() - started >= SLICE_SECONDS:
            yield
            started = time.perf_counter()


def _bot_move_at_once(state: State, bot: Agent) -> Generator[None, None, State]:
    """:func:`~cardlab.widgets.explorer.bots.bot_move`, as a generator with no pause (a thread can
    think a move at once)."""
    yield from ()
    return bot_move(state, bot)


def _bot_move_in_slices(state: State, bot: Agent) -> Generator[None, None, State]:
    """:func:`~cardlab.widgets.explorer.bots.bot_move_in_steps`, its steps grouped in slices (see
    :func:`in_time_slices`): what the kernel's event loop works through."""
    return in_time_slices(bot_move_in_steps(state, bot))


class BotThinking:
    """The bots' background job and its thinking line."""

    def __init__(self, controls: Controls, lock: threading.RLock) -> None:
        self.controls = controls
        """The explorer's widgets."""
        self.job = LatestJob("bots", True, lock)
        """The bots' thinking waited for."""
        self.to_the_end = False
        """True: the bots play every seat to the end of the hand, the user's too."""

    @property
    def running(self) -> bool:
        """True while bots play in the background job."""
        return self.job.running

    def start(
        self, timeline: Timeline, seats: Seats, moved: Callable[[], None], to_the_end: bool
    ) -> None:
        """Let the bots play on from the end of ``timeline``; ``moved`` redraws after each
        move (called under the lock). A running job only learns ``to_the_end``."""
        with self.job.lock:
            if self.job.running:
                self.to_the_end = self.to_the_end or to_the_end
                return
            ticket = self.job.begin()
            self.to_the_end = to_the_end
            previous = self.job.thread
        self.shown(True)
        loop = None if threads_available() else event_loop()
        if loop is not None:
            with self.job.lock:
                self._next(ticket, timeline, seats)  # the thinking line, shown at once
            slices = self._slices(ticket, timeline, seats, moved)
            self.job.run_in_slices(ticket, slices, lambda _done: self._finished(ticket), loop)
            return

        def think() -> None:
            if previous is not None:
                previous.join()  # a cancelled job finishes its move first: one bot at a time
            try:
                self._play_on(ticket, timeline, seats, moved)
            finally:
                self._finished(ticket)

        self.job.run(ticket, think)

    def _finished(self, ticket: Ticket) -> None:
        """The job of ``ticket`` has stopped: the thinking line goes, if it was the job's."""
        with self.job.lock:
            if self.job.finish(ticket):
                self.to_the_end = False
                self.shown(False)

    def _next(self, ticket: Ticket, timeline: Timeline, seats: Seats) -> tuple[State, Agent] | None:
        """The state the next bot moves at and that bot, or None when the bots stop here."""
        human, bots, specs = seats()
        state = timeline.last
        if ticket.cancelled or state.is_over:
            return None
        if state.current_player == human and not self.to_the_end:
            return None
        seat = state.current_player
        assert seat is not None
        self.controls.thinking.value = (
            f"<i>Seat {seat} ({html.escape(agent_name(specs[seat]))}) is thinking...</i>"
        )
        return state, bots[seat]

    def _play_on(
        self, ticket: Ticket, timeline: Timeline, seats: Seats, moved: Callable[[], None]
    ) -> None:
        """The job's loop in a thread: :meth:`_moves`, each bot's move worked out at once."""
        for _ in self._moves(ticket, timeline, seats, moved, _bot_move_at_once):
            pass

    def _slices(
        self, ticket: Ticket, timeline: Timeline, seats: Seats, moved: Callable[[], None]
    ) -> Iterator[bool | None]:
        """The job's loop on the kernel's event loop: :meth:`_moves`, each bot's move in
        slices of its steps; None after each slice and after each move, then True when the
        bots stop. It never raises (:meth:`LatestJob.run_in_slices` wants that): a bot's
        failure is shown as in a thread, and anything else that goes wrong in the thinking
        line."""
        try:
            yield from self._moves(ticket, timeline, seats, moved, _bot_move_in_slices)
        except Exception as error:  # never a traceback lost in a task: say it in the widget
            self._finished(ticket)
            self.controls.thinking.value = (
                f"<i>The bots stopped: {html.escape(f'{type(error).__name__}: {error}')}</i>"
            )
            hidden(self.controls.thinking, False)
        yield True

    def _moves(
        self,
        ticket: Ticket,
        timeline: Timeline,
        seats: Seats,
        moved: Callable[[], None],
        decide: Callable[[State, Agent], Generator[None, None, State]],
    ) -> Generator[None, None, None]:
        """A move at a time, each worked out by ``decide`` (pausing where it pauses, and
        after each move), until the bots stop, one fails or the job is cancelled."""
        while True:
            with self.job.lock:
                found = self._next(ticket, timeline, seats)
            if found is None:
                return
            state, bot = found
            try:
                after = yield from decide(state, bot)
            except BotFailed as failure:
                self._failed(ticket, timeline, state, failure, moved)
                return
            if not self._keep(ticket, timeline, seats, state, after, moved):
                return
            yield None  # the new move is shown before the next bot thinks

    def _failed(
        self,
        ticket: Ticket,
        timeline: Timeline,
        state: State,
        failure: BotFailed,
        moved: Callable[[], None],
    ) -> None:
        """The bot to move at ``state`` failed: the timeline says so, unless the job was
        cancelled or the timeline moved on meanwhile."""
        with self.job.lock:
            if not ticket.cancelled and timeline.last is state:
                timeline.failure = (state, failure)
                moved()

    def _keep(
        self,
        ticket: Ticket,
        timeline: Timeline,
        seats: Seats,
        state: State,
        after: State,
        moved: Callable[[], None],
    ) -> bool:
        """Add the bot's move from ``state`` (to ``after``) to the timeline and show it: False
        (nothing added) if the job was cancelled or the timeline moved on meanwhile."""
        with self.job.lock:
            if ticket.cancelled or timeline.last is not state:
                return False
            timeline.states.append(after)
            if self.to_the_end:
                timeline.go_to_last()
            timeline.skip_to(seats()[0])
            moved()
        return True

    def stop(self) -> bool:
        """Cancel the bots' job, if one runs (True then); the move being thought is dropped."""
        with self.job.lock:
            if not self.job.cancel():
                return False
            self.to_the_end = False
            self.shown(False)
        return True

    def shown(self, busy: bool) -> None:
        """Show the thinking line and its Cancel button (busy), or hide them."""
        if not busy:
            self.controls.thinking.value = ""
        hidden(self.controls.thinking, not busy)
        hidden(self.controls.thinking_cancel, not busy)

    @property
    def thread(self) -> threading.Thread | None:
        """The thread of the bots' last background thinking."""
        return self.job.thread


__all__ = ["SLICE_SECONDS", "BotThinking", "Seats", "in_time_slices"]
