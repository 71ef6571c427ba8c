"""The explorer's parts on their own: the Seating (plain Python: the hand, the seats, the bots)
answers clicks and replaces bots as the explorer shows it, and the names that moved to the
parts still work from where they were, with a DeprecationWarning."""

from __future__ import annotations

import importlib

import pytest
from widgetless import run_without_widgets

pytest.importorskip("ipywidgets")

import cardlab  # noqa: E402
from cardlab.widgets import Explorer  # noqa: E402
from cardlab.widgets.explorer.seating import Seating  # noqa: E402
from cardlab.widgets.explorer.timeline import Timeline  # noqa: E402


def seating_at_the_users_turn(human: int | None = 1, show: int | None = None) -> Seating:
    game = cardlab.game("mod-ten", players=2)
    seating = Seating(game, show=show, human=human, specs=["random", "random"], background=False)
    seating.start(Timeline(game.deal(seed=3)), seed=3)
    seating.play_to_user(seconds=5.0)
    return seating


def test_the_seating_plays_the_bots_to_the_users_turn_and_no_further():
    seating = seating_at_the_users_turn(human=1)
    assert seating.timeline.state.current_player == 1
    assert seating.timeline.state is seating.timeline.last


def test_a_click_is_the_move_to_play_or_the_reason_why_not():
    seating = seating_at_the_users_turn(human=1)
    state = seating.timeline.state
    card = state.legal_moves()[0].card
    assert seating.clicked(card.text) == state.legal_moves()[0]
    assert seating.clicked("8C") == "8C cannot be played: 8C is not in seat 1's hand."
    assert seating.clicked("XX") == "'X' is not a rank: ranks are A 2 3 4 5 6 7 8 9 T J Q K"


def test_a_hidden_hand_is_not_clicked_and_a_bots_seat_is_explained():
    seating = seating_at_the_users_turn(human=0, show=0)
    state = seating.timeline.state
    assert state.current_player == 0
    seating.timeline.branch(state.play(state.legal_moves()[0]))  # now seat 1, hidden, moves
    refusal = seating.clicked("2S")
    assert isinstance(refusal, str) and "its hand is hidden" in refusal
    assert seating.why_not_click(seating.timeline.state) == refusal


def test_a_new_bot_plays_again_the_moves_of_the_old_one_after_the_state_shown():
    seating = seating_at_the_users_turn(human=None)
    seating.play_ahead(seconds=5.0)
    assert seating.timeline.last.is_over
    seating.timeline.go_to(0)
    before = list(seating.timeline.states)
    assert seating.replace_bot(1, " Greedy ", seconds=5.0) == "greedy"
    assert seating.specs[1] == "greedy"
    assert seating.timeline.states[0] is before[0] and seating.timeline.last.is_over
    assert seating.timeline.states[1] is not before[1]  # played again, by the new bots


def test_the_seating_needs_no_widgets():
    # Like the timeline: with ipywidgets blocked, the seating deals, plays and ends a hand.
    done = run_without_widgets(
        """
        import cardlab
        from cardlab.widgets.explorer.seating import Seating
        from cardlab.widgets.explorer.timeline import Timeline
        game = cardlab.game("mod-ten", players=2)
        seating = Seating(game, None, None, ["random", "greedy"], background=True)
        seating.start(Timeline(game.deal(seed=1)), seed=1)
        seating.play_to_the_end()
        print(seating.timeline.last.is_over, seating.timeline.state is seating.timeline.last)
        """
    )
    assert done.stdout.strip() == "True True", done.stderr


def test_the_explorer_hands_over_to_its_parts():
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3, background=False)
    assert explorer.state is explorer.seating.timeline.state
    assert explorer.states is explorer.seating.timeline.states
    assert explorer.bot_specs is explorer.seating.specs and explorer.seed == 3
    explorer.show = 1
    assert explorer.seating.show == 1


def test_the_older_names_of_the_seating_and_the_timeline_warn_and_give_the_same():
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3, background=False)
    seating, timeline = explorer.seating, explorer.seating.timeline
    with pytest.warns(DeprecationWarning, match=r"^Explorer\.table is now Explorer\.seating$"):
        assert explorer.table is seating
    with pytest.warns(DeprecationWarning, match=r"^Explorer\.history is now Explorer\.seating"):
        assert explorer.history is timeline
    with pytest.warns(DeprecationWarning, match=r"^Explorer\.timeline is now Explorer\.states$"):
        assert explorer.timeline is timeline.states
    with pytest.warns(DeprecationWarning, match=r"^Table\.history is now Seating\.timeline$"):
        assert seating.history is timeline
    with pytest.warns(DeprecationWarning, match=r"^Screen\.table is now Screen\.seating$"):
        assert explorer.screen.table is seating


@pytest.mark.parametrize(
    ("name", "home"),
    [
        ("LEGAL_COLOUR", "cardlab.widgets.explorer.drawing"),
        ("ERROR_STYLE", "cardlab.widgets.explorer.drawing"),
        ("wrapping", "cardlab.widgets.explorer.controls"),
        ("FAST_BOTS", "cardlab.widgets.explorer.seating"),
        ("seat_or_none", "cardlab.widgets.explorer.seating"),
    ],
)
def test_names_that_moved_to_the_parts_warn_where_they_were(name, home):
    import importlib

    import cardlab.widgets.explorer as explorer_module

    with pytest.warns(DeprecationWarning, match=f"now {home}.{name}"):
        found = getattr(explorer_module, name)
    assert found is getattr(importlib.import_module(home), name)


def test_the_solver_panels_key_is_panel_key_now():
    solving = importlib.import_module("cardlab.widgets.solving")
    from cardlab.widgets.explorer.solution_panel import PanelKey

    with pytest.warns(
        DeprecationWarning,
        match="solving.Key is now cardlab.widgets.explorer.solution_panel.PanelKey",
    ):
        assert solving.Key is PanelKey


def test_the_tournaments_bot_type_is_bot_spec_now():
    tournament = importlib.import_module("cardlab.tournament")
    from cardlab.simulation.tournament import BotSpec

    with pytest.warns(
        DeprecationWarning, match="tournament.Bot is now cardlab.simulation.tournament.BotSpec"
    ):
        assert tournament.Bot is BotSpec
