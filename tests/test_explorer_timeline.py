"""The explorer's timeline, alone: plain Python (no widget), so a hand's states, the index shown,
the bots playing ahead and the recorded moves are checked without a widget in sight."""

from __future__ import annotations

import random

import pytest
from widgetless import run_without_widgets

import cardlab

pytest.importorskip("ipywidgets")  # the package cardlab.widgets imports it; the module does not
from cardlab.widgets.explorer.bots import BotFailed, make_bots  # noqa: E402
from cardlab.widgets.explorer.timeline import Timeline  # noqa: E402

GAME = cardlab.game("mod-ten", players=3)


def random_bots(seed: int = 1) -> list:
    return make_bots(["random"] * GAME.players, random.Random(seed))


def never_slow(state) -> bool:
    return False


def played(moves: int) -> Timeline:
    timeline = Timeline(GAME.deal(seed=7))
    timeline.play_to(moves, random_bots(), never_slow)
    return timeline


def test_a_new_timeline_shows_its_first_state():
    first = GAME.deal(seed=7)
    timeline = Timeline(first)
    assert timeline.states == [first] and timeline.state is first and timeline.last is first
    assert timeline.index == 0 and timeline.at_start and not timeline.at_end
    assert timeline.recorded is None and timeline.left_record_at() is None


def test_go_to_stays_within_the_states():
    timeline = played(5)
    assert len(timeline.states) == 6
    timeline.go_to(3)
    assert timeline.index == 3 and timeline.state is timeline.states[3]
    timeline.go_to(99)
    assert timeline.index == 5
    timeline.go_to(-2)
    assert timeline.index == 0 and timeline.at_start


def a_choice(states: list, after: int = 0) -> int:
    """The first index from ``after`` whose state has another legal move than the next one."""
    return next(i for i in range(after, len(states) - 1) if len(states[i].legal_moves()) > 1)


def test_a_move_at_the_state_shown_replaces_the_future():
    timeline = played(6)
    index = a_choice(timeline.states, 1)
    timeline.go_to(index)
    recorded_next = timeline.states[index + 1].moves[-1]
    other = next(move for move in timeline.state.legal_moves() if move != recorded_next)
    timeline.branch(timeline.state.play(other))
    assert len(timeline.states) == index + 2 and timeline.index == index + 1
    assert timeline.state.moves[-1] == other


def test_forget_future_drops_what_follows_the_state_shown():
    timeline = played(6)
    timeline.go_to(2)
    timeline.forget_future()
    assert len(timeline.states) == 3 and timeline.last is timeline.state


def test_bots_play_ahead_to_the_users_turn():
    timeline = Timeline(GAME.deal(seed=7))
    assert not timeline.play_ahead(random_bots(), human=1, slow=never_slow, seconds=10)
    assert timeline.last.current_player == 1 or timeline.last.is_over
    assert timeline.index == 0
    timeline.skip_to(1)
    assert timeline.state is timeline.last


def test_bots_play_ahead_for_a_limited_time_when_no_seat_is_the_users():
    timeline = Timeline(GAME.deal(seed=7))
    timeline.play_ahead(random_bots(), human=None, slow=never_slow, seconds=0.0)
    assert len(timeline.states) == 2  # one move, then the time was up
    timeline.play_ahead(random_bots(), human=None, slow=never_slow, seconds=60)
    assert timeline.last.is_over


def test_a_slow_bot_stops_the_bots_before_it_moves():
    timeline = Timeline(GAME.deal(seed=7))
    seat_zero_is_slow = lambda state: state.current_player == 0  # noqa: E731
    assert timeline.play_ahead(random_bots(), None, seat_zero_is_slow, seconds=60)
    assert timeline.last.current_player == 0
    assert timeline.play_to(None, random_bots(), seat_zero_is_slow) == "slow"


def test_the_same_bots_give_the_same_hand_however_it_is_played():
    at_once = Timeline(GAME.deal(seed=7))
    assert at_once.play_to(None, random_bots(3), never_slow) == "reached"
    stepwise = Timeline(GAME.deal(seed=7))
    bots = random_bots(3)
    for index in range(1, 200):
        if stepwise.play_to(index, bots, never_slow) == "reached" and stepwise.last.is_over:
            break
    assert stepwise.states == at_once.states
    at_once.go_to_last()
    assert at_once.at_end


def test_a_failing_bot_is_kept_with_the_state_where_it_failed():
    def broken(view):
        raise RuntimeError("no idea")

    timeline = Timeline(GAME.deal(seed=7))
    bots = [broken] * GAME.players
    assert timeline.play_to(None, bots, never_slow) == "failed"
    failure = timeline.failure_at(timeline.last)
    assert isinstance(failure, BotFailed) and "raised RuntimeError: no idea" in str(failure)
    assert timeline.failure_at(GAME.deal(seed=8)) is None
    timeline.branch(timeline.state.play(timeline.state.legal_moves()[0]))
    assert timeline.failure is None


def test_leaving_the_record_and_going_back():
    final = GAME.deal(seed=2).play_out("greedy", seed=2)
    states = [final.steps()[0][0]] + [after for _, _, after in final.steps()]
    timeline = Timeline(states[0], recorded=states)
    assert timeline.states == states and timeline.states is not timeline.recorded
    assert timeline.left_record_at() is None
    index = a_choice(states, 1)
    timeline.go_to(index)
    recorded_next = states[index + 1].moves[-1]
    other = next(move for move in timeline.state.legal_moves() if move != recorded_next)
    timeline.branch(timeline.state.play(other))
    assert timeline.left_record_at() == index + 1
    timeline.go_to(index)
    timeline.forget_future()
    assert timeline.left_record_at() == index + 1  # shorter than the record: it stops there
    timeline.back_to_record()
    assert timeline.states == states and timeline.index == index
    assert timeline.left_record_at() is None


def test_the_timeline_needs_no_widgets():
    # cardlab.widgets (the package) imports ipywidgets for the explorer; the timeline module
    # and what it imports do not: with ipywidgets blocked, it still deals and plays.
    done = run_without_widgets(
        """
        import random, cardlab
        from cardlab.widgets.explorer.timeline import Timeline
        from cardlab.widgets.explorer.bots import make_bots
        timeline = Timeline(cardlab.game("mod-ten", players=2).deal(seed=1))
        bots = make_bots(["random", "random"], random.Random(1))
        print(timeline.play_to(None, bots, lambda state: False), timeline.last.is_over)
        """
    )
    assert done.stdout.strip() == "reached True", done.stderr
