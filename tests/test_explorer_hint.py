"""The explorer's hint: estimates with their uncertainty, a progress bar, Cancel, and stepping
or clicking cancelling it; run at once (background=False) for determinism, and in a thread."""

from __future__ import annotations

import asyncio
import html
import re
import threading

import pytest

import cardlab

pytest.importorskip("ipywidgets")
from cardlab.bots.estimates import move_values
from cardlab.widgets import Explorer  # noqa: E402

WAIT = 60
"""Seconds a test waits for a thread (a loaded machine is slow; a hang still fails)."""


def text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.fixture
def explorer() -> Explorer:
    shown = Explorer(cardlab.game("mod-ten", players=3), seed=7, background=False)
    shown.hint_playouts.value = 30
    return shown


def test_the_hint_shows_each_move_with_its_interval(explorer):
    explorer.hint_button.click()
    shown = text(explorer.hint.value)
    assert "Seat 2, 30 playouts per move (chance to win, with a 95% interval)" in shown
    estimates = explorer.hint_estimates()
    assert len(re.findall(r"\d+% ± \d+%", shown)) == len(estimates)
    assert "best" in shown
    assert not explorer.hint_running and not explorer.hint_button.disabled
    assert explorer.hint_progress.layout.display == "none"
    assert explorer.hint_cancel.layout.display == "none"


def test_the_estimates_are_the_monte_carlo_values_with_their_errors(explorer):
    import random

    state = explorer.state
    estimates = explorer.hint_estimates(12)
    values = move_values(
        state.view(state.current_player), 12, random.Random(f"7/hint/{state.move_number}")
    )
    assert {move: estimate.mean for move, estimate in estimates.items()} == values
    assert explorer.hint_values(12) == values
    assert all(estimate.playouts == 12 and estimate.stderr >= 0 for estimate in estimates.values())


def test_points_games_show_points_with_their_interval():
    shown = Explorer(cardlab.game("chinese-ten"), seed=2, background=False)
    shown.hint_playouts.value = 10
    shown.show_hint()
    assert re.search(r"[+-]\d+\.\d ± \d+\.\d", text(shown.hint.value))
    assert "expected points" in shown.hint.value


def test_cancel_during_the_hint_stops_it_and_shows_nothing(explorer):
    seen = []

    def cancel_at_first_progress(change):
        seen.append(change["new"])
        explorer.hint_cancel.click()

    explorer.hint_progress.observe(cancel_at_first_progress, names="value")
    explorer.hint_button.click()
    assert seen == [1]  # the work stopped at once: no further progress
    assert "Hint cancelled" in explorer.hint.value
    assert "<table" not in explorer.hint.value
    assert not explorer.hint_running and not explorer.hint_button.disabled


def test_stepping_during_the_hint_cancels_it(explorer):
    def step(change):
        explorer.forward_button.click()

    explorer.hint_progress.observe(step, names="value")
    explorer.hint_button.click()
    assert explorer.index == 1
    assert explorer.hint.value == "" and not explorer.hint_running


def test_clicking_a_card_during_the_hint_cancels_it_and_plays(explorer):
    card = explorer.state.legal_moves()[0].card

    def click(change):
        explorer.click_card(card)

    explorer.hint_progress.observe(click, names="value")
    explorer.hint_button.click()
    assert explorer.state.moves == (cardlab.Move(card),)
    assert explorer.hint.value == "" and not explorer.hint_running


def test_a_hint_is_refused_after_the_end_and_for_a_hidden_seat():
    shown = Explorer(cardlab.game("mod-ten", players=3), seed=7, show=0, background=False)
    shown.show_hint()  # seat 2 is to move and hidden from seat 0
    assert "its hand is hidden" in text(shown.hint.value)
    shown.go_to_end()
    shown.show_hint()
    assert "nothing to hint" in shown.hint.value


def test_the_hint_in_a_thread_shows_progress_and_can_be_cancelled():
    shown = Explorer(cardlab.game("mod-ten", players=3), seed=7)
    shown.hint_playouts.value = 500
    started = threading.Event()
    release = threading.Event()
    updates = []

    def hold_the_worker(change):
        updates.append(change["new"])
        started.set()
        release.wait(WAIT)

    shown.hint_progress.observe(hold_the_worker, names="value")
    shown.hint_button.click()
    assert started.wait(WAIT), "the hint never reported progress"
    assert shown.hint_running and shown.hint_button.disabled
    assert shown.hint_progress.layout.display is None and shown.hint_cancel.layout.display is None
    shown.hint_cancel.click()
    assert not shown.hint_running and not shown.hint_button.disabled
    release.set()
    shown.hint_thread.join(WAIT)
    assert not shown.hint_thread.is_alive()
    assert updates == [1]
    assert "Hint cancelled" in shown.hint.value


def test_the_hint_in_a_thread_gives_the_same_table_as_at_once(explorer):
    explorer.show_hint()
    at_once = explorer.hint.value
    threaded = Explorer(cardlab.game("mod-ten", players=3), seed=7)
    threaded.hint_playouts.value = 30
    threaded.show_hint()
    threaded.hint_thread.join(WAIT)
    assert threaded.hint.value == at_once
    assert not threaded.hint_running


def test_asking_twice_while_it_runs_says_so():
    shown = Explorer(cardlab.game("mod-ten", players=3), seed=7)
    shown.hint_playouts.value = 500
    started = threading.Event()
    release = threading.Event()

    def hold(change):
        started.set()
        release.wait(WAIT)

    shown.hint_progress.observe(hold, names="value")
    shown.show_hint()
    assert started.wait(WAIT)
    shown.show_hint()
    assert "already being worked out" in shown.said
    shown.cancel_hint()
    release.set()
    shown.hint_thread.join(WAIT)


def test_a_failing_hint_is_reported_in_the_widget(explorer, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("out of luck")
        yield  # a generator, like running_estimates

    monkeypatch.setattr("cardlab.widgets.explorer.hint_panel.running_estimates", broken)
    explorer.show_hint()
    assert "The hint failed: RuntimeError: out of luck" in explorer.hint.value
    assert not explorer.hint_running and not explorer.hint_button.disabled


# --------------------------------------------------------------------------- no threads


@pytest.fixture
def no_threads(monkeypatch):
    """The kernel of JupyterLite, in CPython: no thread to work the hint out in."""
    monkeypatch.setattr("cardlab.widgets.explorer.hint_panel.threads_available", lambda: False)


async def until_hinted(explorer: Explorer) -> int:
    """Hand the event loop back until the hint is worked out (what the kernel does between
    messages); returns how many turns that took."""
    for turn in range(100_000):
        if not explorer.hint_running:
            return turn
        await asyncio.sleep(0)
    raise AssertionError("the hint never finished")


async def ticking(marks: list[bool], explorer: Explorer) -> None:
    """Other work on the loop: note, at each turn, whether the hint was still running."""
    while True:
        marks.append(explorer.hint_running)
        await asyncio.sleep(0)


def test_without_threads_the_hint_runs_in_rounds_on_the_kernels_loop(no_threads, explorer):
    explorer.show_hint()
    at_once = explorer.hint.value

    async def scenario() -> tuple[Explorer, list[bool], int]:
        shown = Explorer(cardlab.game("mod-ten", players=3), seed=7)
        shown.hint_playouts.value = 30
        marks: list[bool] = []
        other = asyncio.get_running_loop().create_task(ticking(marks, shown))
        shown.show_hint()
        assert shown.hint_running and shown.hint_thread is None  # no thread: the loop
        turns = await until_hinted(shown)
        other.cancel()
        return shown, marks, turns

    shown, marks, turns = asyncio.run(scenario())
    assert shown.hint.value == at_once  # the same table as worked out at once
    assert turns >= 30  # a turn of the loop after each of the 30 rounds of playouts
    assert marks.count(True) >= 10  # other work ran between two rounds
    assert not shown.hint_button.disabled and shown.hint_progress.layout.display == "none"


def test_without_threads_cancel_stops_the_hint_before_its_next_round(no_threads):
    async def scenario() -> tuple[Explorer, int]:
        shown = Explorer(cardlab.game("mod-ten", players=3), seed=7)
        shown.hint_playouts.value = 500
        shown.show_hint()
        ticket = shown.hints.job.ticket
        for _ in range(3):
            await asyncio.sleep(0)
        shown.hint_cancel.click()
        reached = shown.hint_progress.value
        for _ in range(3):
            await asyncio.sleep(0)
        assert ticket is not None and ticket.finished.is_set()  # the task has stopped
        return shown, reached

    shown, reached = asyncio.run(scenario())
    assert 0 < reached < 500
    assert not shown.hint_running and "Hint cancelled" in shown.hint.value
