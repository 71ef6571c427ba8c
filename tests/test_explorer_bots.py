"""The explorer's bots: menus made from the agent registry, switching mid-hand, bots= by name
or function, and a failing bot shown in the widget (never a traceback)."""

from __future__ import annotations

import html
import random
import re

import pytest

import cardlab

pytest.importorskip("ipywidgets")
from cardlab.bots.descriptions import AGENT_DESCRIPTIONS, agent_strength, describe_agent
from cardlab.bots.specs import AGENTS
from cardlab.widgets import Explorer  # noqa: E402
from cardlab.widgets.explorer.bots import BotSpecError, menu_entries, seat_specs  # noqa: E402

MOD_TEN = cardlab.game("mod-ten", players=3)


def text(markup: str) -> str:
    """What an HTML value reads as: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def explorer(**options) -> Explorer:
    return Explorer(MOD_TEN, seed=7, background=False, **options)


def lowest(view):
    """Plays its lowest legal card."""
    return min(view.legal_moves(), key=lambda move: move.card.number)


def test_every_registered_agent_is_in_every_seat_menu_with_its_strength():
    shown = explorer()
    assert len(shown.bot_menus) == 3
    for menu in shown.bot_menus:
        values = [value for _, value in menu.options]
        assert values[: len(AGENTS)] == list(AGENTS)
        labels = {value: label for label, value in menu.options}
        # Three-player Mod Ten: measured words where the table has them, else "not measured".
        for name in AGENTS:
            assert labels[name] == f"{name} ({agent_strength(name, MOD_TEN)})"
        assert labels["mc"] == "mc (beats random)"
        assert menu.value == "random"
    legend = text(shown.bot_legend.value)
    for name in AGENT_DESCRIPTIONS:
        assert f"{name}: {describe_agent(name, MOD_TEN)}" in legend


def test_an_agent_registered_later_appears_by_itself(monkeypatch):
    def cautious(seed=None):
        """careful: plays its lowest card."""
        return lowest

    monkeypatch.setitem(AGENTS, "cautious", cautious)
    shown = explorer()
    menu = shown.bot_menus[1]
    assert ("cautious (not measured)", "cautious") in menu.options
    menu.value = "cautious"
    assert shown.bot_specs[1] == "cautious"
    future = shown.states[1:]
    seat_one_moves = [
        after.moves[-1]
        for before, after in zip(shown.states, future, strict=False)
        if before.current_player == 1
    ]
    assert seat_one_moves
    for before, after in zip(shown.states, future, strict=False):
        if before.current_player == 1:
            assert after.moves[-1] == lowest(before.view(1))


def test_bots_by_name_one_per_seat_and_functions():
    shown = explorer(bots=["greedy", lowest, "mc:5"])
    assert shown.bot_specs == ["greedy", lowest, "mc:5"]
    assert shown.bot_menus[1].label == "lowest (your function)"
    assert shown.bot_menus[2].label == f"mc:5 ({agent_strength('mc', MOD_TEN)})"
    for before, after in zip(shown.states, shown.states[1:], strict=False):
        if before.current_player == 1:
            assert after.moves[-1] == lowest(before.view(1))
    everyone = explorer(bots="greedy")
    assert everyone.bot_specs == ["greedy"] * 3


def test_the_old_bot_argument_still_works():
    shown = explorer(bot=lowest)
    assert shown.bot_specs == [lowest] * 3
    for before, after in zip(shown.states, shown.states[1:], strict=False):
        assert after.moves[-1] == lowest(before.view(before.current_player))


def test_bad_bot_arguments_are_refused_with_the_known_names():
    with pytest.raises(BotSpecError, match="unknown agent 'clever': the agents are random"):
        explorer(bots="clever")
    with pytest.raises(BotSpecError, match="4 agents given for 3 seats: give 1 to 3"):
        explorer(bots=["random", "greedy", "random", "greedy"])
    with pytest.raises(BotSpecError, match="bots= .* or bot=, not both"):
        explorer(bots="random", bot=lowest)
    assert seat_specs(None, None, 2) == ["random", "random"]


def test_the_default_bots_play_as_before():
    # The explorer's default bot (one random generator seeded from the deal's seed) must keep
    # its moves: lessons print them.
    shown = explorer()
    rng = random.Random("7/explorer-bot")
    state = MOD_TEN.deal(seed=7)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    assert shown.states[-1] == state


def test_switching_a_bot_mid_hand_replays_only_the_future():
    shown = explorer()
    shown.go_to(4)
    past = shown.states[:5]
    shown.set_bot(2, lowest)
    assert shown.states[:5] == past and shown.index == 4
    assert shown.states[-1].is_over
    assert shown.bot_menus[2].value is lowest
    for before, after in zip(shown.states[4:], shown.states[5:], strict=False):
        if before.current_player == 2:
            assert after.moves[-1] == lowest(before.view(2))
    shown.bot_menus[2].value = "greedy"
    assert shown.bot_specs[2] == "greedy"
    assert f"Seat 2 is now played by greedy ({agent_strength('greedy', MOD_TEN)})" in shown.said


def test_switching_the_bot_of_a_seat_that_no_longer_moves_keeps_the_future():
    shown = explorer()
    shown.go_to_end()
    shown.go_to(len(shown.states) - 1)
    before = list(shown.states)
    shown.bot_menus[0].value = "greedy"
    assert shown.states == before


def test_playing_one_seat_against_the_bots():
    shown = explorer(human=1, bots="greedy")
    assert shown.state.current_player == 1
    assert shown.states[-1] is shown.state  # the bots wait for the user's move
    move = shown.state.legal_moves()[0]
    shown.play(move)
    assert shown.state.current_player in (1, None)
    assert move in shown.state.moves
    # Forward at the user's turn: the seat's own bot plays for it.
    if not shown.state.is_over:
        before = shown.index
        shown.forward_button.click()
        assert shown.index == before + 1


def test_a_failing_bot_is_shown_in_the_widget_not_raised():
    def broken(view):
        raise RuntimeError("no idea what to play")

    shown = explorer(bots=["random", broken, "random"])
    failed_at = shown.states[-1]
    assert failed_at.current_player == 1 and not failed_at.is_over
    shown.go_to(len(shown.states) - 1)
    assert "Agent 'broken' in seat 1 raised RuntimeError: no idea what to play" in text(
        shown.turn_label.value
    )
    # Forward tries again, and fails again, politely.
    shown.forward_button.click()
    assert shown.state is failed_at
    # Another bot for that seat lets the hand go on.
    shown.bot_menus[1].value = "random"
    assert shown.states[-1].is_over
    assert "raised" not in text(shown.turn_label.value)


def test_a_bot_that_plays_an_illegal_move_is_explained():
    def cheat(view):
        return cardlab.Move.parse("AH")

    shown = explorer(bots=cheat)
    assert shown.states == [shown.state]
    # The words of every path that lets agents play (play_out, simulate: an AgentError).
    assert "Agent 'cheat' in seat 2 returned 'AH', which is not a legal move" in text(
        shown.turn_label.value
    )


def test_a_hidden_seats_bot_failure_does_not_show_its_message():
    def leaky(view):
        raise ValueError(f"I hold {' '.join(card.text for card in view.hand)}")

    shown = explorer(bots=["random", "random", leaky], show=0)
    state = shown.states[-1]
    shown.go_to(len(shown.states) - 1)
    assert "Seat 2's bot (leaky) failed; its message is hidden" in text(shown.turn_label.value)
    assert not any(card.text in shown.turn_label.value for card in state.hand(2))
    shown.show_menu.value = 2
    assert "I hold" in shown.turn_label.value


def test_set_bot_refuses_an_unknown_name_in_the_widget():
    shown = explorer()
    shown.set_bot(0, "clever")
    assert "unknown agent 'clever'" in shown.said
    assert shown.bot_specs[0] == "random"


def test_menu_entries_keep_extra_specs_once():
    entries = menu_entries(["random", "mc:50", lowest, lowest])
    values = [value for _, value in entries]
    assert values.count("random") == 1 and values.count(lowest) == 1 and "mc:50" in values


def test_slow_bots_play_ahead_for_a_while_then_as_the_user_steps(monkeypatch):
    monkeypatch.setattr(Explorer, "PLAY_AHEAD_SECONDS", 0.0)
    shown = explorer(bots="greedy")
    assert len(shown.states) == 2  # one bot move, then the time was up
    shown.forward_button.click()
    shown.forward_button.click()
    assert shown.index == 2 and len(shown.states) >= 3
    shown.last_button.click()
    assert shown.state.is_over
    monkeypatch.undo()
    reference = explorer(bots="greedy")
    assert reference.states[-1].is_over
    assert reference.states[-1] == shown.states[-1]  # the same moves, however computed
