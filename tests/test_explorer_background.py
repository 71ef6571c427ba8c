"""The explorer never waits for a slow bot (issue 19): Monte Carlo bots think in the background
job, shown with a Cancel button, so that the constructor and every click return at once; and
bad arguments are refused with cardlab errors, leaving the explorer as it was."""

from __future__ import annotations

import time

import pytest

import cardlab

pytest.importorskip("ipywidgets")
from cardlab.widgets import Explorer  # noqa: E402
from cardlab.widgets.explorer.bots import BotSpecError  # noqa: E402

MOD_TEN = cardlab.game("mod-ten", players=3)


def wait_for(condition, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_the_constructor_returns_while_slow_bots_think_and_they_reach_the_users_turn():
    started = time.perf_counter()
    shown = Explorer(MOD_TEN, seed=1, human=0, bots="mc:2000")
    assert time.perf_counter() - started < 1.5  # mc:2000 takes seconds a move here
    assert shown.bots_thinking and "is thinking" in shown.thinking.value
    assert shown.thinking_cancel.layout.display != "none"
    wait_for(lambda: not shown.bots_thinking)
    assert shown.state.current_player == 0  # the user's turn, reached by the bots
    assert shown.thinking_cancel.layout.display == "none"
    # The same moves as bots that play at once.
    at_once = Explorer(MOD_TEN, seed=1, human=0, bots="mc:2000", background=False)
    assert shown.states == at_once.states


def test_cancel_stops_the_bots_and_a_step_forward_lets_them_play_on():
    shown = Explorer(MOD_TEN, seed=2, human=None, bots="mc:3000")
    assert shown.bots_thinking
    started = time.perf_counter()
    shown.cancel_bots()
    assert time.perf_counter() - started < 0.5
    assert not shown.bots_thinking and "stopped" in shown.said
    length = len(shown.states)
    shown.thinking_cancel.click()  # nothing to cancel: harmless
    shown.go_to(len(shown.states) - 1)  # at the end: the bots think on
    assert shown.bots_thinking
    shown.cancel_bots()
    shown.bot_thread.join(60)
    assert len(shown.states) <= length + 1


def test_a_click_that_replaces_the_future_stops_the_thinking_bots():
    shown = Explorer(MOD_TEN, seed=3, human=None, bots="mc:3000")
    assert shown.bots_thinking
    move = shown.state.legal_moves()[0]
    started = time.perf_counter()
    shown.play(move)
    assert time.perf_counter() - started < 1.0
    assert shown.states[1] == shown.states[0].play(move) and shown.index == 1
    shown.cancel_bots()


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"show": True}, cardlab.OptionError),
        ({"human": 1.0}, cardlab.OptionError),
        ({"bots": 5}, BotSpecError),
        ({"bots": "mc:200000"}, BotSpecError),
        ({"state": 5}, cardlab.OptionError),
        ({"state": cardlab.game("chinese-ten").deal(seed=1)}, cardlab.OptionError),
        ({"state": cardlab.game("mod-ten", players=4).deal(seed=1)}, cardlab.OptionError),
        ({"seed": "\ud800"}, ValueError),
    ],
)
def test_bad_arguments_are_cardlab_errors(options, error):
    with pytest.raises(error) as caught:
        Explorer(MOD_TEN, **{"seed": 1, **options})
    assert type(caught.value).__module__.startswith("cardlab")


def test_a_game_that_is_not_a_game_is_refused():
    with pytest.raises(cardlab.OptionError, match="takes a game"):
        Explorer("mod-ten", seed=1)


@pytest.mark.parametrize("position", [1.5, "2", None, float("nan"), True])
def test_go_to_a_position_that_is_not_a_whole_number_leaves_the_explorer_as_it_was(position):
    shown = Explorer(MOD_TEN, seed=1, background=False)
    shown.go_to(2)
    before = (shown.index, len(shown.states), shown.state)
    with pytest.raises(cardlab.OptionError, match="a position is a whole number of moves"):
        shown.go_to(position)  # refused in the error family (issue 34), not said and returned
    assert (shown.index, len(shown.states), shown.state) == before
    shown.forward_button.click()  # every button still works
    assert shown.index == 3


@pytest.mark.parametrize(
    "options",
    [
        {"hands": float("nan")},
        {"hands": None},
        {"hands": 10**9},
        {"hands": 0},
        {"hands": True},
        {"hands": 2.0},
        {"game": 5},
        {"seed": 1.5},
        {"seed": "\ud800"},
        {"background": "yes"},
    ],
)
def test_the_variant_lab_refuses_what_it_would_have_bent(options):
    from cardlab.widgets import VariantLab

    with pytest.raises(cardlab.OptionError):
        VariantLab(**options)


def test_the_variant_lab_keeps_a_good_number_of_hands():
    from cardlab.widgets import VariantLab
    from cardlab.widgets.variant_lab.lab import MAX_HANDS

    assert VariantLab(hands=MAX_HANDS, background=False).hands_box.value == MAX_HANDS
    assert VariantLab(hands=40, background=False).hands_box.value == 40


def test_a_newer_job_cancels_the_older_and_only_the_latest_finishes():
    from cardlab.widgets.background import LatestJob

    job = LatestJob("test", background=False)
    first = job.begin()
    second = job.begin()
    assert first.cancelled and not second.cancelled
    assert not job.is_current(first) and job.is_current(second) and job.running
    assert not job.finish(first)  # an older job's result is never shown
    assert job.running
    assert job.finish(second) and not job.running
    assert not job.cancel()  # nothing to cancel


def test_a_job_in_a_thread_sets_finished_when_its_work_stops():
    import threading

    from cardlab.widgets.background import LatestJob

    job = LatestJob("test", background=True)
    release = threading.Event()
    ticket = job.begin()
    job.run(ticket, lambda: release.wait(60))
    assert job.thread is not None and not ticket.finished.is_set()
    stopped = []
    ticket.when_cancelled(lambda: stopped.append("stopped"))
    assert job.cancel() and ticket.cancelled and stopped == ["stopped"]
    release.set()
    assert ticket.finished.wait(60)
    later = []
    ticket.when_cancelled(lambda: later.append("at once"))  # already cancelled: at once
    assert later == ["at once"]


def test_the_older_name_task_still_works_with_a_warning():
    import cardlab.widgets.background as background

    with pytest.warns(DeprecationWarning, match="Task is now cardlab.widgets.background.Ticket"):
        old = background.Task
    assert old is background.Ticket


def test_explorer_position_still_works_with_a_warning():
    shown = Explorer(MOD_TEN, seed=1, background=False)
    shown.go_to(2)
    with pytest.warns(DeprecationWarning, match="Explorer.position is now Explorer.index"):
        assert shown.position == 2 == shown.index
    with pytest.warns(DeprecationWarning):
        shown.position = 1
    assert shown.index == 1


def test_without_threads_the_bots_and_the_hint_work_on_the_kernels_loop(monkeypatch):
    # Pyodide (JupyterLite) has no threads: a background explorer's slow bots think on the
    # kernel's event loop there, in slices, rather than failing to start a thread or holding
    # the kernel; its hint is worked out there too, a round of playouts at a time.
    import asyncio

    monkeypatch.setattr("sys.platform", "emscripten")

    async def scenario() -> tuple[Explorer, str]:
        shown = Explorer(MOD_TEN, seed=1, human=0, bots="mc:3")
        assert shown.bots_thinking and shown.bot_thread is None  # on the loop, no thread
        while shown.bots_thinking:
            await asyncio.sleep(0)
        assert shown.state.current_player == 0  # the bots played to the user's turn
        shown.hint_playouts.value = 3
        shown.show_hint()
        first = shown.hint.value
        while shown.hint_running:
            await asyncio.sleep(0)
        return shown, first

    shown, first = asyncio.run(scenario())
    assert first == ""  # not yet: the kernel was handed back first
    assert shown.hint_thread is None and "chance to win" in shown.hint.value
    monkeypatch.undo()
    at_once = Explorer(MOD_TEN, seed=1, human=0, bots="mc:3", background=False)
    assert shown.states == at_once.states


def test_work_in_slices_runs_one_slice_a_turn_of_the_loop_and_hands_over_its_result():
    import asyncio

    from cardlab.widgets.background import LatestJob

    order: list[str] = []

    def slices():
        for number in range(3):
            order.append(f"slice {number}")
            yield None
        order.append("result")
        yield "done"

    async def other() -> None:
        for number in range(5):
            order.append(f"other {number}")
            await asyncio.sleep(0)

    async def scenario() -> tuple[list[str], object]:
        job = LatestJob("test", background=True)
        ticket = job.begin()
        results: list[str] = []
        job.run_in_slices(ticket, slices(), results.append, asyncio.get_running_loop())
        assert order == [] and job.thread is None  # nothing runs before the loop turns
        await other()
        await asyncio.sleep(0)
        return results, ticket

    results, ticket = asyncio.run(scenario())
    assert results == ["done"] and ticket.finished.is_set()  # type: ignore[attr-defined]
    # The other work ran between the slices, on the same loop.
    assert order[:6] == ["other 0", "slice 0", "other 1", "slice 1", "other 2", "slice 2"]


def test_work_in_slices_stops_before_its_next_slice_once_cancelled():
    import asyncio

    from cardlab.widgets.background import LatestJob

    ran: list[int] = []

    def endless():
        number = 0
        while True:
            ran.append(number)
            number += 1
            yield None

    async def scenario() -> tuple[bool, list[object]]:
        job = LatestJob("test", background=True)
        ticket = job.begin()
        results: list[object] = []
        job.run_in_slices(ticket, endless(), results.append, asyncio.get_running_loop())
        for _ in range(3):
            await asyncio.sleep(0)
        job.begin()  # newer work: the older ticket is cancelled
        for _ in range(5):
            await asyncio.sleep(0)
        return ticket.finished.is_set(), results

    finished, results = asyncio.run(scenario())
    assert finished and results == []
    assert len(ran) <= 4  # no slice after the one running when it was cancelled


def test_the_event_loop_is_the_running_one_and_none_outside_a_loop():
    import asyncio

    from cardlab.widgets.background import event_loop

    async def inside() -> bool:
        return event_loop() is asyncio.get_running_loop()

    assert asyncio.run(inside())
    assert event_loop() is None  # CPython with no loop running: none to slice work on
