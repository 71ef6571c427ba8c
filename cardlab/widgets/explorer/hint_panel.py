"""The explorer's hint at work: Monte Carlo playouts from the mover's view, a progress bar and
a Cancel button while they run (in the background job), then the table of
:func:`cardlab.widgets.explorer.hint_words.hint_html`, or what went wrong, in words.

The playouts run in a thread beside the kernel; where no thread can start (Pyodide, the Python
of JupyterLite) they run in the kernel, one round of playouts at a time on its event loop, so
that it answers clicks (Cancel, a step) between two rounds, as the solver panel does.
"""

from __future__ import annotations

import html
import random
import threading
import time
from collections.abc import Iterator

from cardlab.bots.estimates import Estimate, move_estimates, running_estimates
from cardlab.engine.core import State, View
from cardlab.engine.moves import Move
from cardlab.widgets.background import LatestJob, Ticket, event_loop, threads_available
from cardlab.widgets.boxes import hidden
from cardlab.widgets.explorer.controls import Controls
from cardlab.widgets.explorer.drawing import ERROR_STYLE
from cardlab.widgets.explorer.hint_words import hint_html


def hint_rng(seed: int | str | None, state: State) -> random.Random:
    """The hint's random numbers at ``state`` of the hand dealt from ``seed``: seeded by the
    seed and the move number, so that a hint repeats."""
    return random.Random(f"{seed}/hint/{state.move_number}")


def hint_estimates(state: State, playouts: int, seed: int | str | None) -> dict[Move, Estimate]:
    """The Monte Carlo estimate of each legal move for the seat to move at ``state`` (empty
    when the hand is over), from that seat's view only, so it never uses a hidden card."""
    if state.current_player is None:
        return {}
    view = state.view(state.current_player)
    return move_estimates(view, playouts, hint_rng(seed, state))


class HintPanel:
    """The hint's job and its widgets (the Hint button, the playouts box, the progress bar,
    Cancel and the table), one hint at a time."""

    def __init__(self, controls: Controls, background: bool, lock: threading.RLock) -> None:
        self.controls = controls
        """The explorer's widgets."""
        self.job = LatestJob("hint", background, lock)
        """The hint waited for."""
        self.in_rounds = background and not threads_available()
        """True: hints run in the kernel, a round of playouts at a time on its event loop
        (where there is one; else at once)."""

    @property
    def running(self) -> bool:
        """True while a hint is being worked out."""
        return self.job.running

    def ask(
        self, state: State, refusal: str | None, seed: int | str | None, progress: float
    ) -> str | None:
        """The Hint button: start the hint for the seat to move at ``state`` (the playouts
        of the playouts box), or show why not (the hand is over, or ``refusal``: its hand is
        hidden). Returns what to tell the user when a hint is already running."""
        if self.running:
            return "A hint is already being worked out: wait for it, or cancel it."
        seat = state.current_player
        if seat is None:
            self.controls.hint.value = "<i>The hand is over: there is nothing to hint.</i>"
        elif refusal:
            self.controls.hint.value = f"<i>{html.escape(refusal)}</i>"
        else:
            playouts = self.controls.hint_playouts.value
            rng = hint_rng(seed, state)
            self.start(state.view(seat), playouts, rng, state.game.value_label, progress)
        return None

    def start(
        self, view: View, playouts: int, rng: random.Random, label: str, progress: float
    ) -> None:
        """Work out ``playouts`` playouts per legal move of ``view``'s seat, moving the
        progress bar every ``progress`` seconds, then show the table (values in ``label``)."""
        with self.job.lock:
            ticket = self.job.begin()
            self.busy(True, playouts)
        rounds = self._rounds(ticket, view, playouts, rng, label, progress)
        loop = event_loop() if self.in_rounds else None
        if loop is not None:
            self.job.run_in_slices(ticket, rounds, lambda markup: self._show(ticket, markup), loop)
        else:
            self.job.run(ticket, lambda: self._work(ticket, rounds))

    def _work(self, ticket: Ticket, rounds: Iterator[str | None]) -> None:
        """The hint's work, all at once (in a thread, or in the caller): its rounds, then the
        table (unless cancelled)."""
        for markup in rounds:
            if ticket.cancelled:
                return
            if markup is not None:
                self._show(ticket, markup)

    def _rounds(
        self,
        ticket: Ticket,
        view: View,
        playouts: int,
        rng: random.Random,
        label: str,
        progress: float,
    ) -> Iterator[str | None]:
        """The hint's work as rounds of playouts, moving the progress bar: None after each
        round, then the table's markup (or what went wrong, in words: it never raises)."""
        latest: dict[Move, Estimate] = {}
        shown = 0.0
        try:
            for done, estimates in enumerate(running_estimates(view, playouts, rng), start=1):
                latest = estimates
                now = time.monotonic()
                if now - shown >= progress and ticket is self.job.ticket:
                    # Not under the lock: a click must never wait for the progress bar, and
                    # a late value on a bar that a cancel has hidden does no harm.
                    shown = now
                    self.controls.hint_progress.value = done
                yield None
            yield hint_html(latest, view.seat, label)
        except Exception as error:  # never a traceback from a thread: say it in the widget
            yield (
                f"<span style='{ERROR_STYLE}'>The hint failed: "
                f"{html.escape(type(error).__name__)}: {html.escape(str(error))}</span>"
            )

    def _show(self, ticket: Ticket, markup: str) -> None:
        """Show ``markup`` as the hint if ``ticket`` is still the one waited for."""
        with self.job.lock:
            if self.job.finish(ticket):
                self.busy(False)
                self.controls.hint.value = markup

    def cancel(self, say: bool) -> None:
        """Stop the hint being worked out (nothing of it is shown); ``say`` so in its place."""
        with self.job.lock:
            if not self.job.cancel():
                return
            self.busy(False)
            if say:
                self.controls.hint.value = "<i>Hint cancelled.</i>"

    def busy(self, busy: bool, playouts: int = 1) -> None:
        """Show the progress bar and Cancel (busy), or the Hint button alone."""
        controls = self.controls
        controls.hint_button.disabled = busy
        controls.hint_playouts.disabled = busy
        if busy:
            controls.hint.value = ""
            controls.hint_progress.max = playouts
            controls.hint_progress.value = 0
        hidden(controls.hint_progress, not busy)
        hidden(controls.hint_cancel, not busy)


__all__ = ["HintPanel", "hint_estimates", "hint_rng"]
