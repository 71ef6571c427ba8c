"""The explorer as an app: the game and its options chosen on the page, then the
:class:`~cardlab.widgets.Explorer` with its own seat and bot menus. This is what the Voila link
opens (``notebooks/apps/explorer.ipynb``), with no lesson around it.

>>> app = ExplorerApp("chinese-ten", seed=3, background=False)
>>> app.explorer.game.title
'Chinese Ten'
>>> app.option_controls["players"].value = 2
>>> app.deal()
>>> app.explorer.game.players, app.explorer.state.seed
(2, 3)
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from cardlab.engine.errors import OptionError
from cardlab.games import GAMES, game_class
from cardlab.games import game as make_game
from cardlab.widgets.boxes import replace_children
from cardlab.widgets.explorer.controls import wrapping
from cardlab.widgets.explorer.widget import Explorer
from cardlab.widgets.variant_lab.lab import option_control


class ExplorerApp:
    """The explorer with a game menu and a control for every option of the game.

    - ``game``: the game shown first (a name in :data:`cardlab.GAMES`).
    - ``seed``: the seed of every hand dealt with the Deal button below the options (None:
      each is drawn at random; the explorer's own seed box deals others).
    - ``background``: passed on to the explorer (its bots and hint in a thread).

    Display it by leaving it last in a cell. :attr:`explorer` is the explorer shown.
    """

    def __init__(
        self, game: str = "mod-ten", *, seed: int | str | None = None, background: bool = True
    ) -> None:
        self.seed = seed
        """The seed of the hands dealt by :meth:`deal`."""
        self.background = background
        """Passed on to each explorer."""
        self.option_controls: dict[str, widgets.Widget] = {}
        """The control of each option of the game chosen, by option name."""
        self.game_menu = widgets.Dropdown(
            description="Game",
            options=[(game_class(name).title, name) for name in GAMES],
            value=game_class(game).name,
        )
        self.options_box = widgets.HBox(layout=wrapping())
        self.deal_button = widgets.Button(
            description="Deal with these rules",
            icon="play",
            button_style="primary",
            tooltip="A new hand of this game with these options",
            layout=widgets.Layout(width="auto"),
        )
        self.message = widgets.HTML()
        self.explorer_box = widgets.VBox(layout=widgets.Layout(max_width="100%"))
        self.game_menu.observe(lambda change: self._show_options(change["new"]), names="value")
        self.deal_button.on_click(lambda _button: self.deal())
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.game_menu], layout=wrapping()),
                self.options_box,
                widgets.HBox([self.deal_button, self.message], layout=wrapping()),
                self.explorer_box,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        """The whole app as one ipywidgets box."""
        self.explorer: Explorer
        self._show_options(self.game_menu.value)
        self.deal()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def _show_options(self, game: str) -> None:
        """A control for every option of ``game`` (its meaning is its tooltip)."""
        self.option_controls = {
            spec.name: option_control(spec) for spec in game_class(game).option_specs()
        }
        replace_children(self.options_box, list(self.option_controls.values()))

    def options(self) -> dict[str, Any]:
        """The options as set in their controls."""
        return {name: control.value for name, control in self.option_controls.items()}

    def deal(self) -> None:
        """Open a new explorer on the game and options chosen; options that do not go
        together are refused with a message, and the explorer shown stays."""
        try:
            chosen = make_game(self.game_menu.value, **self.options())
        except OptionError as error:
            self.message.value = f"<span role='alert'>{html.escape(str(error))}</span>"
            return
        self.message.value = ""
        self.explorer = Explorer(chosen, seed=self.seed, background=self.background)
        replace_children(self.explorer_box, [self.explorer.widget])


__all__ = ["ExplorerApp"]
