"""The explorer app (what the Voila link opens): a game menu, a control per option, and the
explorer dealt with them; options that clash are refused in words and the hand stays."""

from __future__ import annotations

import pytest

from cardlab.games import game_class

pytest.importorskip("ipywidgets")

from cardlab.widgets.app import ExplorerApp  # noqa: E402


def test_the_app_opens_an_explorer_on_the_game_chosen_with_its_options():
    app = ExplorerApp(seed=7, background=False)
    assert app.explorer.game.name == "mod-ten"
    app.game_menu.value = "two-ten-jack"
    specs = game_class("two-ten-jack").option_specs()
    assert list(app.option_controls) == [spec.name for spec in specs]
    app.deal_button.click()
    assert app.explorer.game.name == "two-ten-jack"
    assert app.explorer.state.seed == 7
    assert app.explorer_box.children == (app.explorer.widget,)


def test_options_set_on_the_page_reach_the_game():
    app = ExplorerApp("mod-ten", seed=1, background=False)
    app.option_controls["players"].value = 4
    app.deal_button.click()
    assert app.explorer.game.players == 4
    assert len(app.explorer.bot_menus) == 4  # a bot menu per seat, from the explorer


def test_options_that_clash_are_refused_and_the_explorer_shown_stays():
    app = ExplorerApp("mod-ten", seed=1, background=False)
    shown = app.explorer
    app.option_controls["players"].value = 3
    app.option_controls["open_hands"].value = True  # a 2-player variant
    app.deal_button.click()
    assert app.explorer is shown
    assert "open_hands" in app.message.value and "role='alert'" in app.message.value
