"""Never a traceback from user input: bad seeds, clicks after the end, during autoplay, bad card
text; and card buttons wide enough for their whole label."""

from __future__ import annotations

import pytest

import cardlab

pytest.importorskip("ipywidgets")
from cardlab.widgets import Explorer  # noqa: E402
from cardlab.widgets.seeds import SeedError, parse_seed  # noqa: E402

GAME = cardlab.game("mod-ten", players=3)


@pytest.fixture
def explorer() -> Explorer:
    return Explorer(GAME, seed=7, background=False)


@pytest.mark.parametrize(
    ("typed", "quoted"),
    [
        ("seven", "'seven'"),
        ("-3", "'-3'"),
        ("3.5", "'3.5'"),
        ("1e99", "'1e99'"),
        ("9" * 19, "'9999999999999999999'"),
        ("7 8", "'7 8'"),
        ("x" * 5000, "'xxxxxxxxxxxxxxxxxxxxxxxx'... (5000 characters)"),
    ],
)
def test_a_bad_seed_in_the_box_is_refused_and_the_hand_stays_usable(explorer, typed, quoted):
    explorer.go_to(2)
    before = (list(explorer.states), explorer.index)
    explorer.seed_box.value = typed
    explorer.deal_button.click()
    assert explorer.said == (
        f"a seed is a whole number such as 7 (from 0 to 999999999999999999), not {quoted}. "
        "The hand shown is unchanged."
    )
    assert "color:#b00020" in explorer.message.value
    assert (explorer.states, explorer.index) == before
    # Still usable: step and play.
    explorer.back_button.click()
    explorer.play(explorer.state.legal_moves()[0])
    assert explorer.said == ""


@pytest.mark.parametrize("seed", [-3, 3.5, True, 10**30, [7], float("nan")])
def test_a_bad_seed_given_to_deal_is_refused_in_the_widget(explorer, seed):
    before = list(explorer.states)
    explorer.deal(seed)
    assert explorer.said.startswith("a seed is a whole number such as 7")
    assert explorer.states == before


def test_a_bad_seed_given_to_the_constructor_raises_a_clear_error():
    with pytest.raises(SeedError, match="not 'seven'"):
        Explorer(GAME, seed="seven")
    with pytest.raises(ValueError, match="show must be None or a seat from 0 to 2, not 5"):
        Explorer(GAME, seed=1, show=5)


def test_good_seeds_in_the_box(explorer):
    explorer.seed_box.value = " 12 "
    explorer.deal_button.click()
    assert explorer.state == GAME.deal(seed=12)
    explorer.seed_box.value = "3-41"  # how cardlab.simulate names its hands
    explorer.deal_button.click()
    assert explorer.state == GAME.deal(seed="3-41")
    assert explorer.seed_box.value == "3-41"
    explorer.seed_box.value = ""
    explorer.deal_button.click()
    assert isinstance(explorer.seed, int)
    assert explorer.seed_box.value == str(explorer.seed)
    assert explorer.state == GAME.deal(seed=explorer.seed)


def test_parse_seed():
    assert parse_seed(None) is None and parse_seed("  ") is None
    assert parse_seed("0") == 0 and parse_seed(999_999_999_999_999_999) == 999_999_999_999_999_999
    with pytest.raises(SeedError, match="not 3.5"):
        parse_seed(3.5)
    with pytest.raises(SeedError, match="not '-1-2'"):
        parse_seed("-1-2")


def test_clicks_after_the_end_say_what_to_do(explorer):
    explorer.last_button.click()
    assert explorer.forward_button.disabled and explorer.last_button.disabled
    explorer.click_card("3D")
    assert "The hand is over: deal again, or step back" in explorer.said
    explorer.play("3D")
    assert "the hand is over" in explorer.said
    explorer.forward_button.click()  # a click on a disabled button in code: nothing moves
    assert explorer.state.is_over


def test_a_click_during_autoplay_stops_it_and_plays(explorer):
    explorer.player.playing = True
    move = explorer.state.legal_moves()[0]
    explorer.click_card(move.card)
    assert explorer.player.playing is False
    assert explorer.state.moves == (move,)


def test_autoplay_steps_do_not_stop_the_autoplay(explorer):
    explorer.player.playing = True
    explorer.slider.value = 1  # what the Play widget does in the browser (jslinked)
    assert explorer.index == 1 and explorer.player.playing


def test_card_text_that_is_no_card(explorer):
    explorer.click_card("1X")
    assert "is not a card" in explorer.said or "not a rank" in explorer.said
    explorer.play("8X")
    assert "'8X' is not a move" in explorer.said


def test_card_buttons_fit_their_whole_label():
    explorer = Explorer(cardlab.game("two-ten-jack"), seed=1, background=False)
    tens = [card for card in explorer.controls.hand.cards if card["pretty"].startswith("10")]
    assert tens, "seed 1 should give the player to move a ten"
    # Each button is as wide as its label needs (sized to "10♠", not cut to "1…"), at least.
    assert ".cardlab-hand button {\n  min-width: 3.2em;" in explorer.controls.hand._css
    assert "width:" not in explorer.controls.hand._css.replace("min-width:", "")


def test_the_show_and_human_menus_and_every_callback_headless(explorer):
    explorer.show_menu.value = 1
    assert explorer.show == 1
    explorer.human_menu.value = 1
    assert explorer.human == 1 and explorer.state.current_player in (1, None)
    explorer.human_menu.value = -1
    explorer.show_menu.value = -1
    assert explorer.show is None and explorer.human is None
    assert explorer.states[-1].is_over
