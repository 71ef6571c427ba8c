"""The explorer widget, driven headlessly: clicks run on_click handlers, slider changes fire
observers (no browser needed; see JUPYTER-NOTES.md). Assertions are on widget traits."""

from __future__ import annotations

import pytest

import cardlab
from cardlab.engine import notation

widgets = pytest.importorskip("ipywidgets")
from cardlab.widgets import Explorer, describe_choice  # noqa: E402


@pytest.fixture
def explorer() -> Explorer:
    return Explorer(cardlab.game("mod-ten", players=3), seed=7, background=False)


def button(box, description: str):
    return next(child for child in box.children if child.description == description)


def test_deal_shows_the_start_and_a_full_timeline(explorer):
    assert explorer.index == 0
    assert explorer.state == cardlab.game("mod-ten", players=3).deal(seed=7)
    assert explorer.states[-1].is_over
    assert explorer.slider.max == len(explorer.states) - 1
    assert explorer.seed_box.value == "7"
    assert "Seat 2 to move" in explorer.turn_label.value
    # The hand of the player to move, as buttons, all legal at the lead.
    assert explorer.hand_box.children == (explorer.controls.hand,)
    assert len(explorer.controls.hand.cards) == 10
    assert all(card["playable"] for card in explorer.controls.hand.cards)


def test_stepping_buttons_and_slider(explorer):
    explorer.forward_button.click()
    assert explorer.index == 1
    assert "Seat 2 leads" in explorer.narration.value
    explorer.last_button.click()
    assert explorer.index == len(explorer.states) - 1
    assert "The hand is over" in explorer.turn_label.value
    assert explorer.forward_button.disabled and not explorer.back_button.disabled
    explorer.back_button.click()
    assert explorer.index == len(explorer.states) - 2
    explorer.slider.value = 3
    assert explorer.index == 3
    assert explorer.state is explorer.states[3]
    explorer.first_button.click()
    assert explorer.index == 0 and explorer.slider.value == 0
    assert explorer.first_button.disabled


def test_clicking_a_legal_card_plays_it_and_replays_the_future(explorer):
    old_future = explorer.states[1]
    legal = [move for move in explorer.state.legal_moves() if move != old_future.moves[-1]]
    card = legal[0].card
    focus_asked = explorer.controls.hand.focus_turn
    explorer.controls.hand.click(card)  # as a click (or Enter) on its button in the page
    assert explorer.index == 1
    assert explorer.controls.hand.focus_turn == focus_asked + 1  # back to the next hand
    assert explorer.state.moves == (legal[0],)
    assert explorer.states[-1].is_over
    assert f"leads {card}" in explorer.narration.value
    assert explorer.said == ""


def test_clicking_an_illegal_card_says_why_and_changes_nothing(explorer):
    explorer.click_card("3D")  # seat 2 leads a diamond; seat 0 holds diamonds
    before = list(explorer.states)
    position = explorer.index
    illegal = next(c for c in explorer.state.hand(0) if c.suit != "D")
    focus_asked = explorer.controls.hand.focus_turn
    explorer.controls.hand.click(illegal)
    assert explorer.controls.hand.focus_turn == focus_asked  # the focus stays on the card
    assert "cannot be played" in explorer.said
    assert "diamonds were led" in explorer.said
    assert "diamonds were led" in explorer.message.value
    assert explorer.states == before and explorer.index == position


def test_a_card_not_in_hand_is_explained(explorer):
    explorer.click_card("AH")
    assert "not in seat 2's hand" in explorer.said


def test_bad_seed_shows_a_message_not_a_traceback(explorer):
    explorer.seed_box.value = "seven"
    explorer.deal_button.click()
    assert "whole number" in explorer.said
    assert explorer.state == cardlab.game("mod-ten", players=3).deal(seed=7)


def test_deal_button_deals_the_seed_in_the_box(explorer):
    explorer.seed_box.value = "12"
    explorer.deal_button.click()
    assert explorer.state == cardlab.game("mod-ten", players=3).deal(seed=12)
    assert explorer.index == 0


def test_a_new_deal_after_the_end_starts_at_the_beginning(explorer):
    # Regression: shrinking the slider's range used to move the position.
    explorer.last_button.click()
    for seed in range(20):
        explorer.deal(seed)
        assert explorer.index == 0
        assert explorer.slider.value == 0
        explorer.last_button.click()


def test_show_one_seat_hides_the_others(explorer):
    explorer.show_menu.value = 0
    # Seats 1 and 2, 10 cards each: each hidden hand is one back with its count.
    assert explorer.board.value.count('role="img" aria-label="10 hidden cards"') == 2
    assert explorer.board.value.count("cardlab-back") == 2
    # Seat 2 is to move and hidden: no card buttons, a hint to press forward instead.
    assert "hidden" in explorer.hand_box.children[0].value
    explorer.show_menu.label = "every hand"
    assert explorer.show is None
    assert "cardlab-back" not in explorer.board.value


def test_the_menus_start_on_every_seat_not_on_an_empty_value(explorer):
    # A Dropdown whose value is None shows as empty in a browser.
    assert explorer.show_menu.label == "every hand" and explorer.show_menu.index == 0
    assert explorer.human_menu.label == "every seat" and explorer.human_menu.index == 0
    hidden = Explorer(cardlab.game("mod-ten", players=3), seed=7, show=1, human=1)
    assert hidden.show_menu.label == "seat 1 only" and hidden.human_menu.label == "seat 1"


def test_human_seat_skips_over_the_bots(explorer):
    explorer.human_menu.value = 1
    assert explorer.state.current_player == 1 or explorer.state.is_over
    move = explorer.state.legal_moves()[0]
    explorer.play(move)
    assert explorer.state.current_player in (1, None)


def test_taking_a_seat_hides_the_other_hands_until_the_user_shows_them(explorer):
    assert "cardlab-back" not in explorer.board.value  # every hand face up before
    explorer.human_menu.value = 1
    assert explorer.show == 1 and explorer.show_menu.label == "seat 1 only"
    assert explorer.board.value.count("cardlab-back") > 0  # seats 0 and 2 face down
    assert "the other hands are hidden" in explorer.said
    explorer.show_menu.value = -1  # the user chooses to see them: taken as chosen
    assert explorer.show is None and "cardlab-back" not in explorer.board.value
    assert explorer.human == 1
    explorer.human_menu.value = -1  # playing every seat again hides nothing new
    assert explorer.show is None


def test_every_card_button_is_named_by_what_it_does(explorer):
    explorer.click_card("3D")  # seat 2 leads a diamond; seat 0 holds diamonds
    labels = {card["text"]: card["label"] for card in explorer.controls.hand.cards}
    assert labels["AD"] == "play ace of diamonds"
    assert labels["8H"].startswith("eight of hearts: not playable: diamonds were led")
    playable = {card["text"]: card["playable"] for card in explorer.controls.hand.cards}
    assert playable["AD"] and not playable["8H"]
    assert explorer.controls.hand.label == "Seat 0's hand"


def test_after_the_last_move_the_focus_goes_to_deal(explorer):
    explorer.go_to(len(explorer.states) - 2)
    sent = []
    explorer.controls.deal_button.focus = lambda: sent.append("deal")
    explorer.controls.hand.click(explorer.state.legal_moves()[0].card)
    assert explorer.state.is_over and sent == ["deal"]


def test_after_the_end_clicks_are_refused_politely(explorer):
    explorer.last_button.click()
    explorer.click_card("3D")
    assert "The hand is over" in explorer.said
    explorer.play("3D")
    assert "over" in explorer.said


def test_start_from_a_set_position():
    game = cardlab.game("mod-ten", players=2)
    position = game.deal(
        dealer=0,
        hands=[
            "AD 2D 3D 4D 6D 7D 8D 9D AS 2S 3S 4S 6S 7S 8S 9S",
            "AH 2H 3H 4H 6H 7H 8H 9H AC 2C 3C 4C 6C 7C 8C 9C",
        ],
    )
    explorer = Explorer(game, state=position)
    assert explorer.state is position
    explorer.click_card("2H")
    assert "skipped" in explorer.narration.value


def test_describe_choice_labels():
    two_ten_jack = cardlab.game("two-ten-jack")
    assert describe_choice(notation.read("3H>7C"), cardlab.game("chinese-ten")) == "3♥: capture 7♣"
    assert describe_choice(notation.read("AS=H"), two_ten_jack) == "A♠ as a trump"
    assert describe_choice(notation.read("AS=S"), two_ten_jack) == "A♠ as a spade"
    assert describe_choice(notation.read("8H")) == "8♥"


@pytest.mark.parametrize("name", sorted(cardlab.GAMES))
def test_every_game_plugs_into_the_explorer(name):
    try:
        game = cardlab.game(name)
    except ImportError:
        pytest.skip(f"{name} is not implemented yet")
    explorer = Explorer(game, seed=3)
    steps = 0
    while not explorer.state.is_over and steps < 400:
        state = explorer.state
        move = state.legal_moves()[-1]
        hand_cards = set(state.hand(state.current_player))
        if move.card in hand_cards:
            explorer.click_card(move.card)
            if explorer.state is state:  # several moves with that card: choose one
                button(explorer.choice_box, describe_choice(move, game)).click()
        else:  # a decision about a card not in hand (a Chinese Ten stock turn)
            button(explorer.choice_box, describe_choice(move, game)).click()
        assert explorer.state.moves[-1] == move
        steps += 1
    assert explorer.state.is_over
    assert "The hand is over" in explorer.turn_label.value


def test_the_hint_rates_every_legal_move_from_the_movers_view(explorer):
    explorer.hint_playouts.value = 20
    values = explorer.hint_values()
    assert set(values) == set(explorer.state.legal_moves())
    assert all(0 <= value <= 1 for value in values.values())  # Mod Ten: a chance to win
    assert explorer.hint_values() == values  # seeded: the same position gives the same hint
    explorer.hint_button.click()
    assert "chance to win" in explorer.hint.value
    assert explorer.hint.value.count("<tr>") == len(values) + 1
    explorer.forward_button.click()
    assert explorer.hint.value == ""  # a stale hint is never shown for another position


def test_the_hint_never_reads_hidden_cards(explorer):
    # The estimate must come from the mover's view: same view, same hint, whatever the
    # other hands hold. Two deals that agree on seat 2's hand (and nothing else) give the
    # same estimate.
    game = cardlab.game("mod-ten", players=3)
    state = explorer.state
    others = [card for seat in (0, 1) for card in state.hand(seat)]
    swapped = game.deal(
        dealer=state.dealer,
        hands=[others[10:], others[:10], list(state.hand(2))],
    )
    twin = Explorer(game, state=swapped, seed=explorer.seed)
    explorer.hint_playouts.value = twin.hint_playouts.value = 10
    assert twin.hint_values() == explorer.hint_values()


def test_the_hint_in_points_for_the_other_games():
    explorer = Explorer(cardlab.game("two-ten-jack"), seed=2, background=False)
    explorer.hint_playouts.value = 5
    explorer.show_hint()
    assert "expected points" in explorer.hint.value
    explorer.last_button.click()
    explorer.show_hint()
    assert "nothing to hint" in explorer.hint.value


def test_the_end_of_a_hand_shows_each_score_card_by_card():
    explorer = Explorer(cardlab.game("chinese-ten", players=2), seed=4)
    explorer.last_button.click()
    state = explorer.state
    for seat in range(2):
        assert f"Seat {seat}: {state.score_text(seat)}" in explorer.turn_label.value
    mod_ten = Explorer(cardlab.game("mod-ten", players=2), seed=4)
    mod_ten.last_button.click()
    assert "<li>" not in mod_ten.turn_label.value  # Mod Ten has no points to break down


def test_the_widgets_are_the_controls_and_tab_completion_lists_them(explorer):
    assert explorer.slider is explorer.controls.slider
    assert explorer.widget is explorer.controls.widget
    assert {"slider", "hint_button", "go_to", "index"} <= set(dir(explorer))
    with pytest.raises(AttributeError, match="no attribute 'no_such_widget'"):
        explorer.no_such_widget  # noqa: B018
