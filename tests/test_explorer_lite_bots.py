"""The explorer's slow bots where no thread can start (JupyterLite's kernel): they think on
the kernel's event loop, a slice of their steps at a time, so that the kernel answers clicks
(Cancel) and cells between two slices; they play the moves the thread plays."""

from __future__ import annotations

import asyncio
import html
import re
import time

import pytest

import cardlab

pytest.importorskip("ipywidgets")
from cardlab.widgets import Explorer  # noqa: E402

MOD_TEN = cardlab.game("mod-ten", players=3)


def text(markup: str) -> str:
    """What an HTML value reads as: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.fixture
def no_threads(monkeypatch):
    """The kernel of JupyterLite, in CPython: no thread for the bots to think in."""
    monkeypatch.setattr("cardlab.widgets.explorer.thinking.threads_available", lambda: False)
    monkeypatch.setattr("cardlab.widgets.explorer.seating.threads_available", lambda: False)


@pytest.fixture
def thin_slices(monkeypatch):
    """One step of a bot a slice (a slice otherwise lasts up to SLICE_SECONDS)."""
    monkeypatch.setattr("cardlab.widgets.explorer.thinking.SLICE_SECONDS", 0.0)


async def until_played(explorer: Explorer) -> int:
    """Hand the event loop back until the bots stop thinking; returns the turns it took."""
    for turn in range(1_000_000):
        if not explorer.bots_thinking:
            return turn
        await asyncio.sleep(0)
    raise AssertionError("the bots never stopped")


async def ticking(marks: list[int], explorer: Explorer) -> None:
    """Other work on the loop (a cell, a click): note at each turn how long the timeline is
    while the bots think."""
    while True:
        if explorer.bots_thinking:
            marks.append(len(explorer.states))
        await asyncio.sleep(0)


def by_thread(**options) -> Explorer:
    """The explorer of ``options`` whose bots think in a thread, once they are done."""
    explorer = Explorer(MOD_TEN, **options)
    assert explorer.bot_thread is not None
    deadline = time.monotonic() + 120
    while explorer.bots_thinking:
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)
    return explorer


def test_the_bots_think_on_the_loop_which_turns_between_slices(no_threads, thin_slices):
    async def scenario() -> tuple[Explorer, list[str], list[int], int]:
        shown = Explorer(MOD_TEN, seed=1, human=0, bots="ismcts:150")
        marks: list[int] = []
        other = asyncio.get_running_loop().create_task(ticking(marks, shown))
        seen = [shown.thinking.value, shown.thinking_cancel.layout.display]
        assert shown.bots_thinking and shown.bot_thread is None  # no thread: the loop
        turns = await until_played(shown)
        other.cancel()
        return shown, seen, marks, turns

    shown, (line, cancel), marks, turns = asyncio.run(scenario())
    assert "Seat 1 (ismcts:150) is thinking" in text(line) and cancel != "none"
    moves = len(shown.states) - 1
    assert moves >= 2 and shown.state.current_player == 0  # the bots reached the user's turn
    assert turns >= 149 * moves  # a turn of the loop after each iteration of each decision
    assert marks.count(1) >= 100  # another task ran while the first move was being thought
    assert shown.thinking.value == "" and shown.thinking_cancel.layout.display == "none"
    at_once = Explorer(MOD_TEN, seed=1, human=0, bots="ismcts:150", background=False)
    assert shown.states == at_once.states


@pytest.mark.parametrize("bots", ["mc:40", "mc-greedy:5", "pimc:10", "ismcts:100"])
def test_the_loop_plays_the_moves_of_the_thread(monkeypatch, bots):
    thread = by_thread(seed=4, human=None, bots=bots)

    async def scenario() -> Explorer:
        shown = Explorer(MOD_TEN, seed=4, human=None, bots=bots)
        assert shown.bot_thread is None and shown.bots_thinking
        await until_played(shown)
        return shown

    monkeypatch.setattr("cardlab.widgets.explorer.thinking.threads_available", lambda: False)
    monkeypatch.setattr("cardlab.widgets.explorer.seating.threads_available", lambda: False)
    shown = asyncio.run(scenario())
    assert shown.states == thread.states and shown.states[-1].is_over


def test_cancel_mid_thought_drops_the_move_at_the_next_slice(no_threads, thin_slices):
    async def scenario() -> tuple[Explorer, int, int]:
        shown = Explorer(MOD_TEN, seed=2, human=None, bots="mc:3000")
        ticket = shown.thinking_bots.job.ticket
        for _ in range(5):
            await asyncio.sleep(0)
        length = len(shown.states)
        shown.thinking_cancel.click()  # a click, answered between two slices
        for _ in range(5):
            await asyncio.sleep(0)
        assert ticket is not None and ticket.finished.is_set()  # the task has stopped
        return shown, length, len(shown.states)

    shown, before, after = asyncio.run(scenario())
    assert before == after == 1  # mid-thought of the first move, which is dropped
    assert not shown.bots_thinking and "stopped" in shown.said
    assert shown.thinking_cancel.layout.display == "none"


def test_a_click_that_replaces_the_future_drops_the_older_job_mid_thought(no_threads):
    async def scenario() -> tuple[Explorer, cardlab.Move]:
        shown = Explorer(MOD_TEN, seed=3, human=None, bots="mc:100")
        older = shown.thinking_bots.job.ticket
        await asyncio.sleep(0)
        move = shown.state.legal_moves()[0]
        shown.play(move)  # the user plays the seat the bot was thinking for
        assert older is not None and older.cancelled
        await until_played(shown)
        assert older.finished.is_set()
        return shown, move

    shown, move = asyncio.run(scenario())
    assert shown.states[1] == shown.states[0].play(move)  # not the bot's move
    assert shown.states[-1].is_over  # the newer job played on to the end


class Stumbling:
    """A bot that thinks for a few steps, then raises (in its steps, as in its call)."""

    name = "stumbling"

    def __call__(self, view):
        raise RuntimeError("lost the thread")

    def decide_in_steps(self, view):
        def steps():
            yield
            yield
            raise RuntimeError("lost the thread")

        return steps()


def cheat(view):
    """Plays a card it does not hold."""
    return cardlab.Move.parse("AH")


@pytest.mark.parametrize(
    ("bot", "said"),
    [
        (Stumbling(), "Agent 'stumbling' in seat 1 raised RuntimeError: lost the thread"),
        (cheat, "Agent 'cheat' in seat 1 returned 'AH', which is not a legal move"),
    ],
)
def test_a_failing_bot_is_reported_on_the_loop_as_in_a_thread(no_threads, bot, said):
    async def scenario() -> Explorer:
        shown = Explorer(MOD_TEN, seed=7, human=None, bots=["random", bot, "random"])
        await until_played(shown)
        return shown

    shown = asyncio.run(scenario())
    failed_at = shown.states[-1]
    assert failed_at.current_player == 1 and not failed_at.is_over
    shown.go_to(len(shown.states) - 1)
    assert said in text(shown.turn_label.value)
    at_once = Explorer(MOD_TEN, seed=7, human=None, bots=["random", bot, "random"])
    assert at_once.states == shown.states


def test_with_neither_a_thread_nor_a_running_loop_the_bots_play_at_once(no_threads):
    shown = Explorer(MOD_TEN, seed=1, human=0, bots="mc:3")
    assert not shown.bots_thinking and shown.bot_thread is None
    assert shown.state.current_player == 0


def test_what_else_goes_wrong_on_the_loop_is_said_in_the_thinking_line(no_threads, monkeypatch):
    def broken(state, bot):
        yield
        raise KeyError("a rule broke")

    monkeypatch.setattr("cardlab.widgets.explorer.thinking.bot_move_in_steps", broken)

    async def scenario() -> Explorer:
        shown = Explorer(MOD_TEN, seed=1, human=0, bots="mc:3")
        await until_played(shown)
        return shown

    shown = asyncio.run(scenario())
    assert "The bots stopped: KeyError: 'a rule broke'" in text(shown.thinking.value)
    assert shown.thinking.layout.display != "none" and not shown.bots_thinking
    assert shown.thinking_cancel.layout.display == "none"  # nothing left to cancel
