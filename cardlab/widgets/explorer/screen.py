"""What the explorer shows of its :class:`~cardlab.widgets.explorer.seating.Seating`, drawn again
after every change: the slider and steps, the board and narration as the seat shown sees them,
whose turn it is and the buttons to click, the record's row and the solver panel; and the
message line under them. The drawing itself is :mod:`cardlab.widgets.explorer.drawing`'s.

>>> import cardlab, threading
>>> from cardlab.widgets.explorer.controls import Controls
>>> from cardlab.widgets.explorer.solution_panel import SolverPanel
>>> from cardlab.widgets.explorer.seating import Seating
>>> from cardlab.widgets.explorer.timeline import Timeline
>>> game = cardlab.game("mod-ten", players=2)
>>> seating = Seating(game, show=None, human=None, specs=["random", "random"], background=False)
>>> seating.start(Timeline(game.deal(seed=3)), seed=3)
>>> controls = Controls(2, seating.specs, None, None)
>>> solver = SolverPanel(controls.solution, False, threading.RLock())
>>> screen = Screen(controls, seating, solver, (print, print), lambda: 1.5)
>>> screen.say("Hello")
>>> screen.refresh()
>>> screen.said, len(controls.hand.cards)
('Hello', 16)
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

from cardlab.engine.cards import Card
from cardlab.engine.moves import Move
from cardlab.widgets.boxes import hidden
from cardlab.widgets.explorer.controls import Controls
from cardlab.widgets.explorer.drawing import draw_seat_to_move, draw_timeline, message_html
from cardlab.widgets.explorer.seating import Seating
from cardlab.widgets.explorer.solution_panel import SolverPanel
from cardlab.widgets.explorer.solution_words import never_solvable


class Screen:
    """The explorer's panes, drawn from ``seating``: card buttons call ``buttons[0]`` with the
    card, move buttons ``buttons[1]`` with the move; the solver panel (``solver``) is given
    ``solve_seconds()`` per position (read at each solve, so that a change takes effect)."""

    def __init__(
        self,
        controls: Controls,
        seating: Seating,
        solver: SolverPanel,
        buttons: tuple[Callable[[Card], None], Callable[[Move], None]],
        solve_seconds: Callable[[], float],
    ) -> None:
        self.controls = controls
        """The explorer's widgets."""
        self.seating = seating
        """The hand shown."""
        self.solver = solver
        """The solver panel's background job."""
        self.buttons = buttons
        self.solve_seconds = solve_seconds
        self.said = ""
        """The last message shown to the user, as plain text."""
        self.choosing: Card | None = None
        """The card whose moves are offered as buttons (a card with several moves)."""
        self.never_solvable = never_solvable(seating.game)
        """True when no position of the game is ever solvable: no "Perfect play" box."""

    @property
    def table(self) -> Seating:
        """The older name of :attr:`seating` (deprecated: the table is where the cards lie)."""
        warnings.warn("Screen.table is now Screen.seating", DeprecationWarning, 2)
        return self.seating

    def offer_solver(self, on: bool) -> None:
        """Show the "Perfect play" box, ticked when ``on`` (never where nothing is solvable)."""
        self.controls.solver_toggle.value = on and not self.never_solvable
        hidden(self.controls.solver_toggle, self.never_solvable)

    def say(self, text: str, error: bool = False) -> None:
        """Show ``text`` in the message line, in the error style when it refuses something."""
        self.said = text
        self.controls.message.value = message_html(text, error)

    def shown(self) -> None:
        """After a move along the timeline: no card being chosen, no message, drawn again."""
        self.choosing = None
        self.say("")
        self.refresh()

    def focus_next(self) -> None:
        """After a move made on the page (a card or a move button): the focus to the first
        playable card of the hand to move, else to the next sensible control (Deal when the
        hand is over, the step forward when a bot or a hidden seat is to move)."""
        controls = self.controls
        if controls.hand in controls.hand_box.children:
            controls.hand.focus_first()
        elif self.seating.timeline.state.is_over:
            controls.deal_button.focus()
        elif not controls.forward_button.disabled:
            controls.forward_button.focus()

    def refresh(self) -> None:
        """Draw the state shown again, every pane of it."""
        seating, state = self.seating, self.seating.timeline.state
        reveal = seating.show is not None and state.is_over
        draw_timeline(
            self.controls, seating.timeline, seating.eyes(state), reveal, len(seating.hands)
        )
        draw_seat_to_move(self.controls, seating, self.buttons, self.choosing)
        self.draw_solution()

    def draw_solution(self) -> None:
        """Show the panel for the position shown: kept, or solved now (beside the notebook
        unless ``background`` is False; the latest position wins over an older solve)."""
        if not self.controls.solver_toggle.value or self.never_solvable:
            self.solver.clear()
            return
        state = self.seating.timeline.state
        self.solver.show(state, self.seating.eyes(state), self.solve_seconds())


__all__ = ["Screen"]
