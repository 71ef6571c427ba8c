"""The explorer's shortcuts and older names, kept so that code written for them keeps working.

:class:`~cardlab.widgets.Explorer` is a short class that wires its parts: the
:class:`~cardlab.widgets.explorer.seating.Seating` (the hand's timeline, the seats and their bots),
the widgets (:class:`~cardlab.widgets.explorer.controls.Controls`) and the background jobs of the
hint, the slow bots and the solver panel. Its users read the hand through names that were on the
explorer before those parts existed (``explorer.state``, ``explorer.states``, ``explorer.slider``,
``explorer.hint_running``, ``explorer.show_hint()`` ...). They stay, each handing over to its part,
here: :class:`~cardlab.widgets.Explorer` inherits them. ``explorer.position`` (now
:attr:`~ExplorerNames.index`), ``explorer.timeline`` (the list of states, now
:attr:`~ExplorerNames.states`), ``explorer.history`` (now ``explorer.seating.timeline``) and
``explorer.table`` (now ``explorer.seating``) warn that they are deprecated.

>>> import cardlab
>>> from cardlab.widgets import Explorer
>>> explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3, background=False)
>>> explorer.state is explorer.seating.timeline.state, explorer.slider is explorer.controls.slider
(True, True)
"""

from __future__ import annotations

import threading
import warnings
from typing import Any

from cardlab.engine.core import Agent, State
from cardlab.widgets.explorer.bots import BotSpec
from cardlab.widgets.explorer.controls import Controls
from cardlab.widgets.explorer.hint_panel import HintPanel
from cardlab.widgets.explorer.screen import Screen
from cardlab.widgets.explorer.seating import Seating
from cardlab.widgets.explorer.solution_panel import SolverPanel
from cardlab.widgets.explorer.thinking import BotThinking
from cardlab.widgets.explorer.timeline import Timeline


class ExplorerNames:
    """The explorer's names that hand over to its parts (see the module)."""

    seating: Seating
    """The hand explored: its timeline, the seats and their bots."""
    controls: Controls
    """Every widget of the explorer (:attr:`widget` holds them all)."""
    hints: HintPanel
    """The hint's background job."""
    thinking_bots: BotThinking
    """The slow bots' background job."""
    solver: SolverPanel
    """The solver panel's background job and its solved positions."""
    screen: Screen
    """What is drawn of the table, and the message line."""
    PROGRESS_SECONDS: float

    # ------------------------------------------------------------------ the hand
    @property
    def table(self) -> Seating:
        """The older name of :attr:`seating` (deprecated: the table is where the cards lie)."""
        warnings.warn("Explorer.table is now Explorer.seating", DeprecationWarning, 2)
        return self.seating

    @property
    def history(self) -> Timeline:
        """The older name of ``seating.timeline`` (deprecated: the timeline is one name)."""
        warnings.warn("Explorer.history is now Explorer.seating.timeline", DeprecationWarning, 2)
        return self.seating.timeline

    @property
    def state(self) -> State:
        """The state shown now."""
        return self.seating.timeline.state

    @property
    def states(self) -> list[State]:
        """The states of the hand, from the first one shown to the last one the bots played."""
        return self.seating.timeline.states

    @property
    def timeline(self) -> list[State]:
        """The older name of :attr:`states` (deprecated: a :class:`Timeline` is
        ``seating.timeline``)."""
        warnings.warn("Explorer.timeline is now Explorer.states", DeprecationWarning, 2)
        return self.states

    @property
    def index(self) -> int:
        """The index in :attr:`states` of the state shown (the number of moves shown, when
        the timeline starts at the deal)."""
        return self.seating.timeline.index

    @index.setter
    def index(self, index: int) -> None:
        self.seating.timeline.index = index

    @property
    def position(self) -> int:
        """The older name of :attr:`index` (deprecated: ``State.position`` is a position)."""
        warnings.warn("Explorer.position is now Explorer.index", DeprecationWarning, 2)
        return self.index

    @position.setter
    def position(self, index: int) -> None:
        warnings.warn("Explorer.position is now Explorer.index", DeprecationWarning, 2)
        self.index = index

    @property
    def recorded(self) -> list[State] | None:
        """The recorded hand's states, when opened from a record."""
        return self.seating.timeline.recorded

    def left_record_at(self) -> int | None:
        """The move number where the timeline leaves the recorded moves (None: it follows them;
        also None when the hand was not opened from a record)."""
        return self.seating.timeline.left_record_at()

    @property
    def said(self) -> str:
        """The last message shown to the user, as plain text."""
        return self.screen.said

    @property
    def seed(self) -> int | str | None:
        """The seed of the hand shown (None for a hand dealt from given cards)."""
        return self.seating.seed

    # ------------------------------------------------------------------ the seats
    @property
    def show(self) -> int | None:
        """The seat whose view is shown, or None for every hand face up."""
        return self.seating.show

    @show.setter
    def show(self, seat: int | None) -> None:
        self.seating.show = seat

    @property
    def human(self) -> int | None:
        """The seat the user plays, or None for every seat."""
        return self.seating.human

    @human.setter
    def human(self, seat: int | None) -> None:
        self.seating.human = seat

    @property
    def bot_specs(self) -> list[BotSpec]:
        """Each seat's bot, as a name or a function."""
        return self.seating.specs

    @property
    def bots(self) -> list[Agent]:
        """Each seat's bot, ready to play."""
        return self.seating.bots

    # ------------------------------------------------------------------ the background jobs
    @property
    def bots_thinking(self) -> bool:
        """True while bots play in the background job."""
        return self.thinking_bots.running

    @property
    def bot_thread(self) -> threading.Thread | None:
        """The thread of the bots' last background thinking (None when they play at once)."""
        return self.thinking_bots.thread

    @property
    def hint_running(self) -> bool:
        """True while a hint is being worked out."""
        return self.hints.running

    @property
    def hint_thread(self) -> threading.Thread | None:
        """The thread that works out the last hint asked for (None when run at once)."""
        return self.hints.job.thread

    @property
    def solve_running(self) -> bool:
        """True while the solver panel is working out a position."""
        return self.solver.job.running

    @property
    def solve_thread(self) -> threading.Thread | None:
        """The thread of the last solve started for the solver panel (None when run at once);
        it waits for the solver process."""
        return self.solver.job.thread

    # ------------------------------------------------------------------ the hint
    def show_hint(self) -> None:
        """Work out the hint for the seat to move (in the background unless ``background`` is
        False), with a progress bar and a Cancel button, and show it under the hand: each
        move's estimate with its 95% interval, best first."""
        refusal = self.seating.hidden_turn(self.state)
        said = self.hints.ask(self.state, refusal, self.seed, self.PROGRESS_SECONDS)
        if said:
            self.screen.say(said)

    def cancel_hint(self) -> None:
        """Stop the hint being worked out; nothing of it is shown."""
        self.hints.cancel(say=True)

    def cancel_bots(self) -> None:
        """Stop the bots thinking in the background job (the move being thought about is
        dropped); stepping forward lets them play on."""
        if self.seating.stop_bots():
            self.screen.say("The bots stopped: step forward to let them play on.")

    # ------------------------------------------------------------------ the widgets
    def __getattr__(self, name: str) -> Any:
        """The widgets are :attr:`controls`'s: ``explorer.slider`` is its slider."""
        controls = self.__dict__.get("controls")
        if controls is None or name.startswith("_"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return getattr(controls, name)

    def __dir__(self) -> list[str]:
        """The explorer's names and its widgets' (for tab completion)."""
        widgets_names = [name for name in vars(self.controls) if not name.startswith("_")]
        return sorted(set(super().__dir__()) | set(widgets_names))


__all__ = ["ExplorerNames"]
