"""How the explorer talks to its solver process (cardlab.widgets.explorer.solution_panel): messages
framed by their length, a request the process cannot read answered in words, a solve that fails said
in words; run here, in this process, without starting one."""

from __future__ import annotations

import io
import struct
import sys

import pytest

import cardlab

pytest.importorskip("ipywidgets")
from cardlab.widgets.explorer import solution_panel as solving  # noqa: E402
from cardlab.widgets.explorer import solution_words as solution  # noqa: E402


def late_state():
    """A Mod Ten state a few moves from the end: quick to solve."""
    state = cardlab.game("mod-ten", players=2).deal(seed=3)
    while len(state.legal_moves()) and state.move_number < 24:
        state = state.play(state.legal_moves()[0])
    return state


@pytest.mark.parametrize("cloudpickle", [True, False])
def test_a_message_sent_is_the_message_received(monkeypatch, cloudpickle):
    if not cloudpickle:
        monkeypatch.setitem(sys.modules, "cloudpickle", None)  # plain pickle then
    stream = io.BytesIO()
    state = late_state()
    solving.send(stream, (state, 1.5))
    solving.send(stream, ("lines", ["a", "b"]))
    stream.seek(0)
    assert solving.receive(stream) == (state, 1.5)
    assert solving.receive(stream) == ("lines", ["a", "b"])
    with pytest.raises(EOFError, match="the other side has gone"):
        solving.receive(stream)


def test_a_message_cut_short_means_the_other_side_has_gone():
    stream = io.BytesIO()
    solving.send(stream, ["lines"] * 20)
    cut = io.BytesIO(stream.getvalue()[:-3])
    with pytest.raises(EOFError, match="the other side has gone"):
        solving.receive(cut)


def test_a_failing_solve_is_said_in_words(monkeypatch):
    def failing(target, seconds):
        raise ValueError("a rule broke")

    monkeypatch.setattr(solution, "panel_lines", failing)
    assert solving.solved_lines(late_state(), 1.0) == [
        "The solver failed: ValueError: a rule broke"
    ]


class Pipe:
    """A stand-in for sys.stdin or sys.stdout: only its ``buffer``."""

    def __init__(self, data: bytes = b"") -> None:
        self.buffer = io.BytesIO(data)


def test_the_process_answers_each_request_and_stops_when_the_kernel_has_gone(monkeypatch):
    state = late_state()
    requests = io.BytesIO()
    garbled = b"not a pickle"
    requests.write(struct.pack("!Q", len(garbled)) + garbled)  # a request it cannot read
    solving.send(requests, (state, 5.0))
    answers = Pipe()
    monkeypatch.setattr(solving.signal, "signal", lambda *args: None)  # keep pytest's Ctrl-C
    monkeypatch.setattr(sys, "stdin", Pipe(requests.getvalue()))
    monkeypatch.setattr(sys, "stdout", answers)
    solving.serve()  # returns at the end of the requests: the kernel has gone
    answers.buffer.seek(0)
    kind, why = solving.receive(answers.buffer)
    assert kind == "unreadable" and why.startswith("UnpicklingError: ")
    assert solving.receive(answers.buffer) == ("lines", solution.panel_lines(state, 5.0))
    with pytest.raises(EOFError):
        solving.receive(answers.buffer)
