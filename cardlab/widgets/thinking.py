"""Slow bots thinking in the explorer's background job: from the end of the timeline, one
move at a time, each shown as it comes, to the user's turn (or to the end of the hand), with
a "Seat 2 (mc) is thinking..." line and a Cancel button. A cancelled job drops the move it
was thinking about; the next job starts once it has finished thinking (one bot at a time)."""

from __future__ import annotations

import html
import threading
from collections.abc import Callable

from cardlab.agents import Agent, agent_name
from cardlab.core import State
from cardlab.widgets.background import LatestJob, Ticket
from cardlab.widgets.bots import BotFailed, BotSpec, bot_move
from cardlab.widgets.boxes import hidden
from cardlab.widgets.controls import Controls
from cardlab.widgets.timeline import Timeline

Seats = Callable[[], tuple[int | None, list[Agent], list[BotSpec]]]
"""What the bots need to know as they play, read afresh at every move: the user's seat (None:
every seat), each seat's bot, and each seat's bot as given (for its name)."""


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

        def think() -> None:
            if previous is not None:
                previous.join()  # a cancelled job finishes its move first: one bot at a time
            try:
                self._play_on(ticket, timeline, seats, moved)
            finally:
                with self.job.lock:
                    if self.job.finish(ticket):
                        self.to_the_end = False
                        self.shown(False)

        self.job.run(ticket, think)

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
        """The job's loop: a move at a time, until the bots stop or the job is cancelled."""
        while True:
            with self.job.lock:
                found = self._next(ticket, timeline, seats)
            if found is None:
                return
            state, bot = found
            try:
                after = bot_move(state, bot)
            except BotFailed as failure:
                with self.job.lock:
                    if not ticket.cancelled and timeline.last is state:
                        timeline.failure = (state, failure)
                        moved()
                return
            with self.job.lock:
                if ticket.cancelled or timeline.last is not state:
                    return
                timeline.states.append(after)
                if self.to_the_end:
                    timeline.go_to_last()
                timeline.skip_to(seats()[0])
                moved()

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


__all__ = ["BotThinking", "Seats"]
