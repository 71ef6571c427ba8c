"""The explorer's widget tree: every button, menu, slider and HTML pane, laid out in rows
that wrap at phone width. Nothing here reacts to a click: :class:`~cardlab.widgets.Explorer`
wires the callbacks, and :mod:`cardlab.widgets.explorer.drawing` fills the panes.

>>> controls = Controls(players=2, bot_specs=["random", "greedy"], show=None, human=1)
>>> controls.human_menu.label, controls.bot_menus[1].value
('seat 1', 'greedy')
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Iterator, Sequence

import ipywidgets as widgets

from cardlab.engine.core import Game
from cardlab.widgets.boxes import hidden
from cardlab.widgets.explorer.bots import BotSpec, legend_lines, menu_entries
from cardlab.widgets.explorer.hand import CardHand

EVERY = -1
"""The value of "every hand" / "every seat" in the Show and You play menus. (Not None: a
Dropdown whose value is None shows as empty in the browser.)"""


def wrapping() -> widgets.Layout:
    """The layout of a row of controls that wraps onto more lines when the page is narrow."""
    return widgets.Layout(flex_flow="row wrap", max_width="100%")


def seat_menu(
    description: str, every: str, label: str, players: int, seat: int | None
) -> widgets.Dropdown:
    """A menu of "every ..." and each seat, set to ``seat`` (None: every)."""
    return widgets.Dropdown(
        description=description,
        options=[(every, EVERY)] + [(label.format(s), s) for s in range(players)],
        value=EVERY if seat is None else seat,
        layout=widgets.Layout(width="14em"),
    )


def bot_menu(seat: int, specs: Sequence[BotSpec], game: Game | None = None) -> widgets.Dropdown:
    """The menu of the bot that plays ``seat`` (its words measured in ``game``, if given)."""
    return widgets.Dropdown(
        description=f"Seat {seat}",
        options=menu_entries(specs, game),
        value=specs[seat],
        tooltip=f"The bot that plays seat {seat}",
        layout=widgets.Layout(width="17em"),
    )


def bot_legend(game: Game | None = None) -> widgets.HTML:
    """What each registered bot is (measured in ``game``, if given), folded under a summary."""
    legend = "".join(f"<li>{html.escape(line)}</li>" for line in legend_lines(game))
    return widgets.HTML(
        "<details><summary>Bots: who plays the seats you do not</summary>"
        f"<ul style='margin:0.2em 0'>{legend}</ul></details>"
    )


class Controls:
    """Every widget of the explorer, and :attr:`widget`, the box that holds them all."""

    def __init__(
        self,
        players: int,
        bot_specs: Sequence[BotSpec],
        show: int | None,
        human: int | None,
        game: Game | None = None,
    ) -> None:
        self.game = game
        """The game whose measured strength the bot menus show (None: the written words)."""
        self.seed_box = widgets.Text(
            description="Seed", placeholder="blank: any", layout=widgets.Layout(width="14em")
        )
        self.deal_button = widgets.Button(description="Deal", icon="refresh", tooltip="Deal")
        self.show_menu = seat_menu("Show", "every hand", "seat {} only", players, show)
        self.human_menu = seat_menu("You play", "every seat", "seat {}", players, human)
        # The bots' words are measured in the game on screen (given), else written by hand.
        self.bot_menus = [bot_menu(seat, bot_specs, game) for seat in range(players)]
        self.bot_legend = bot_legend(game)
        self._build_record_row()
        self._build_steps()
        self._build_board()
        self._build_hint()
        self._build_solver()
        self.widget = self._layout()
        """The whole app as one ipywidgets box."""
        self.quiet = False
        """True while the widgets are changed by the explorer itself (see :meth:`quietly`)."""

    @contextlib.contextmanager
    def quietly(self) -> Iterator[None]:
        """Change widgets with :attr:`quiet` set, so that their observers leave it alone."""
        self.quiet = True
        try:
            yield
        finally:
            self.quiet = False

    def set_bot_menu(self, seat: int, spec: BotSpec, specs: Sequence[BotSpec]) -> str:
        """Show ``spec`` in ``seat``'s bot menu (adding the entries of ``specs`` it needs),
        quietly; returns its label."""
        menu = self.bot_menus[seat]
        with self.quietly():
            if all(value != spec for _, value in menu.options):
                menu.options = menu_entries(specs, self.game)
            menu.value = spec
        return str(menu.label)

    def set_hand_menu(self, labels: Sequence[str], number: int) -> None:
        """The Hand menu's entries (one label per recorded hand), set quietly to ``number``."""
        with self.quietly():
            self.hand_menu.options = [(label, index) for index, label in enumerate(labels)]
            self.hand_menu.value = number

    def _build_record_row(self) -> None:
        self.hand_menu = widgets.Dropdown(description="Hand", layout=widgets.Layout(width="22em"))
        self.recorded_button = widgets.Button(
            description="Back to the record",
            icon="undo",
            tooltip="Replace the moves since you left the record with the recorded moves",
        )
        self.record_note = widgets.HTML()
        self.record_box = widgets.HBox(
            [self.hand_menu, self.recorded_button, self.record_note], layout=wrapping()
        )

    def _build_steps(self) -> None:
        self.first_button = widgets.Button(icon="fast-backward", tooltip="To the start")
        self.back_button = widgets.Button(icon="step-backward", tooltip="Back one move")
        self.forward_button = widgets.Button(icon="step-forward", tooltip="Forward one move")
        self.last_button = widgets.Button(icon="fast-forward", tooltip="To the end")
        for button in (self.first_button, self.back_button, self.forward_button, self.last_button):
            button.layout = widgets.Layout(width="3em")
        # A floor under its width: in a narrow row the slider would shrink to nothing rather
        # than wrap onto a line of its own.
        self.slider = widgets.IntSlider(
            description="Move", min=0, max=0, value=0, layout=widgets.Layout(min_width="18em")
        )
        self.player = widgets.Play(interval=700, min=0, max=0, description="Autoplay")
        widgets.jslink((self.player, "value"), (self.slider, "value"))
        self.thinking = widgets.HTML()
        self.thinking_cancel = widgets.Button(
            description="Cancel", icon="stop", tooltip="Stop the bots thinking"
        )
        hidden(self.thinking, True)
        hidden(self.thinking_cancel, True)

    def _build_board(self) -> None:
        self.board = widgets.HTML()
        self.board.layout = widgets.Layout(max_width="100%", overflow="auto")
        self.narration = widgets.HTML()
        self.turn_label = widgets.HTML()
        self.hand = CardHand()
        """The seat to move's cards, playable by keyboard (:mod:`cardlab.widgets.explorer.hand`)."""
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.message = widgets.HTML()
        self.reveal_button = widgets.ToggleButton(
            description="Reveal every hand",
            icon="eye",
            tooltip="The hand is over: show every seat's cards",
            layout=widgets.Layout(width="auto"),
        )

    def _build_hint(self) -> None:
        self.hint_button = widgets.Button(
            description="Hint",
            icon="lightbulb-o",
            tooltip="Estimate each legal move with the Monte Carlo bot, from this seat's view",
        )
        self.hint_playouts = widgets.BoundedIntText(
            value=200, min=1, max=5000, description="playouts", layout=widgets.Layout(width="11em")
        )
        self.hint_progress = widgets.IntProgress(
            min=0, max=1, description="thinking", layout=widgets.Layout(width="18em")
        )
        self.hint_cancel = widgets.Button(
            description="Cancel", icon="stop", tooltip="Stop the hint", layout=widgets.Layout()
        )
        hidden(self.hint_progress, True)
        hidden(self.hint_cancel, True)
        self.hint = widgets.HTML()

    def _build_solver(self) -> None:
        self.solver_toggle = widgets.Checkbox(
            value=False,
            description="Perfect play",
            tooltip="Solve the position shown exactly, from what is displayed only",
            indent=False,
        )
        self.solution = widgets.HTML()

    def _layout(self) -> widgets.VBox:
        """Every row wraps, so that each control stays on the page at phone width (390 px)."""
        controls = widgets.HBox(
            [self.seed_box, self.deal_button, self.show_menu, self.human_menu], layout=wrapping()
        )
        steps = [self.first_button, self.back_button, self.forward_button, self.last_button]
        hint_row = [self.hint_button, self.hint_playouts, self.hint_progress, self.hint_cancel]
        rows = [
            controls,
            widgets.HBox(self.bot_menus, layout=wrapping()),
            self.bot_legend,
            self.record_box,
            widgets.HBox([*steps, self.slider, self.player], layout=wrapping()),
            widgets.HBox([self.thinking, self.thinking_cancel]),
            self.board,
            self.narration,
            self.turn_label,
            self.hand_box,
            self.choice_box,
            self.message,
            self.reveal_button,
            widgets.HBox(hint_row, layout=wrapping()),
            self.hint,
            self.solver_toggle,
            self.solution,
        ]
        box = widgets.VBox(rows, layout=widgets.Layout(max_width="100%"))
        box.add_class("cardlab-explorer")  # where the hand names the unnamed controls
        return box


__all__ = ["EVERY", "Controls", "wrapping"]
