"""The explorer's solver panel: the "Perfect play" box, each legal move's result, the line, the
reasons and the budget, the cache, and the background thread. Assertions are on widget traits."""

from __future__ import annotations

import asyncio
import html
import re
import time

import pytest

import cardlab

pytest.importorskip("ipywidgets")
from cardlab.widgets import Explorer  # noqa: E402

WAIT = 60
"""Seconds a test waits for a thread (a loaded machine is slow; a hang still fails)."""


def text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def wait_for_solves(explorer: Explorer) -> None:
    """Join the panel's solves (one may start the next) until none runs."""
    deadline = time.monotonic() + WAIT
    while explorer.solve_running and time.monotonic() < deadline:
        thread = explorer.solve_thread
        assert thread is not None
        thread.join(0.05)
    assert not explorer.solve_running


def near_the_end(explorer: Explorer, moves_left: int = 12) -> None:
    explorer.go_to(max(0, len(explorer.states) - 1 - moves_left))
    if explorer.state.is_over:
        explorer.back_button.click()


def test_the_panel_is_off_without_background_and_on_at_a_click():
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3, background=False)
    assert explorer.solver_toggle.value is False
    assert explorer.solver_toggle.layout.display is None
    assert explorer.solution.value == ""
    near_the_end(explorer)
    explorer.solver_toggle.value = True
    assert "Perfect play" in text(explorer.solution.value)
    explorer.solver_toggle.value = False
    assert explorer.solution.value == ""


def test_every_legal_move_is_marked_with_the_solvers_result():
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3, background=False)
    near_the_end(explorer)
    explorer.solver_toggle.value = True
    state = explorer.state
    solution = cardlab.solve(state)
    shown = text(explorer.solution.value)
    mover = state.current_player
    for move, values in solution.move_values.items():
        word = "wins" if values[mover] == 1 else "loses"
        assert f"{move} {word}" in shown
    assert f"seat {solution.winner} wins" in shown
    # Every hand is shown: the whole line of perfect play is told, to the end of the hand.
    assert solution.events[-1] in shown


def test_two_ten_jack_shows_both_seats_final_points():
    explorer = Explorer(cardlab.game("two-ten-jack"), seed=2, show=0, background=False)
    near_the_end(explorer, 4)
    while explorer.state.current_player != 0:
        explorer.back_button.click()
    explorer.solver_toggle.value = True
    view = explorer.state.view(0)
    solution = cardlab.solve(view)
    shown = text(explorer.solution.value)
    for move, (first, second) in solution.move_values.items():
        assert f"{move} seat 0: {first}, seat 1: {second}" in shown


def test_a_view_that_cannot_be_solved_says_why():
    explorer = Explorer(cardlab.game("two-ten-jack"), seed=2, show=0, background=False)
    explorer.solver_toggle.value = True
    shown = text(explorer.solution.value)
    assert "Not solvable from what is shown" in shown
    assert "still in the stock" in shown


def test_a_game_never_solvable_offers_no_panel():
    explorer = Explorer(cardlab.game("chinese-ten"), seed=2, background=False)
    assert explorer.solver_toggle.layout.display == "none"
    explorer.solver_toggle.value = True
    assert explorer.solution.value == ""


def test_the_budget_is_said_when_it_runs_out():
    explorer = Explorer(cardlab.game("two-ten-jack"), seed=2, background=False)
    explorer.SOLVE_SECONDS = 0.001
    explorer.solver_toggle.value = True
    assert "Not solved within budget" in text(explorer.solution.value)


def test_the_hidden_seats_moves_are_not_listed():
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3, show=0, background=False)
    near_the_end(explorer)
    while explorer.state.current_player != 1:
        explorer.forward_button.click()
    explorer.solver_toggle.value = True
    shown = text(explorer.solution.value)
    assert "Seat 1's hand is hidden: its moves are not shown." in shown
    assert "Line:" not in shown


def test_stepping_back_uses_the_cache(monkeypatch):
    import cardlab.widgets.explorer.solution_words as solution_module

    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3, background=False)
    near_the_end(explorer)
    explorer.solver_toggle.value = True
    first = explorer.solution.value
    explorer.forward_button.click()
    solved = []
    real = solution_module.panel_lines

    def counting(target, max_seconds):
        solved.append(target)
        return real(target, max_seconds)

    monkeypatch.setattr(solution_module, "panel_lines", counting)
    explorer.back_button.click()
    explorer.forward_button.click()
    assert solved == []
    explorer.back_button.click()
    assert explorer.solution.value == first


def test_the_panel_is_solved_in_a_thread():
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)
    near_the_end(explorer)
    explorer.solver_toggle.value = True
    assert explorer.solve_thread is not None
    wait_for_solves(explorer)
    assert "Perfect play" in text(explorer.solution.value)


def test_stepping_during_a_solve_shows_the_position_stepped_to():
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)
    near_the_end(explorer)
    explorer.solver_toggle.value = True
    explorer.forward_button.click()
    explorer.forward_button.click()
    wait_for_solves(explorer)
    expected = cardlab.solve(explorer.state)
    shown = text(explorer.solution.value)
    assert all(str(move) in shown for move in expected.move_values)
    assert "Solving" not in shown


def wait_until(condition, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_the_panel_is_on_by_default_and_solved_beside_the_kernel(monkeypatch):
    import cardlab.widgets.explorer.solution_words as solution_module

    def not_here(target, max_seconds):
        raise AssertionError("solved in the kernel")

    monkeypatch.setattr(solution_module, "panel_lines", not_here)  # the kernel's copy only
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)
    assert explorer.solver_toggle.value is True
    near_the_end(explorer)
    wait_for_solves(explorer)
    shown = text(explorer.solution.value)
    assert "Perfect play" in shown and "solved in the kernel" not in shown
    expected = cardlab.solve(explorer.state)
    assert f"seat {expected.winner} wins" in shown


def test_a_new_two_ten_jack_deal_opens_with_the_panel_off_and_its_last_tricks_with_it_on():
    # A new Two-Ten-Jack deal: nobody has seen the stock, and face up it is far beyond the
    # panel's budget, so the panel starts off instead of saying "not solved within budget".
    from cardlab.widgets.app import ExplorerApp

    game = cardlab.game("two-ten-jack")
    fresh = Explorer(game, seed=2)
    assert fresh.solver_toggle.value is False and fresh.solution.value == ""
    assert fresh.solver_toggle.layout.display is None  # offered: tick it to try
    app = ExplorerApp("two-ten-jack", seed=2)
    assert app.explorer.solver_toggle.value is False
    played = game.deal(seed=2).play_out("random", seed=1)
    assert Explorer.from_record(played.record()).solver_toggle.value is False
    # Its last six tricks (the stock empty) open with the panel on, as 2-player Mod Ten does.
    last_tricks = next(before for before, _, _ in played.steps() if not before.stock)
    opened = Explorer(game, state=last_tricks)
    assert opened.solver_toggle.value is True
    wait_for_solves(opened)
    assert "Perfect play" in text(opened.solution.value)
    app.option_controls["players"].value = 2
    app.game_menu.value = "mod-ten"
    app.deal()
    assert app.explorer.solver_toggle.value is True


def test_the_panel_is_off_by_default_where_it_would_solve_at_once():
    game = cardlab.game("mod-ten", players=2)
    assert Explorer(game, seed=3, background=False).solver_toggle.value is False
    end = game.deal(seed=3).play_out("random", seed=1).steps()[-6][0]
    asked = Explorer(game, state=end, background=False, solver=True)
    assert asked.solver_toggle.value is True and "Perfect play" in text(asked.solution.value)
    never = Explorer(cardlab.game("chinese-ten"), seed=2, solver=True)
    assert never.solver_toggle.value is False and never.solution.value == ""
    with pytest.raises(cardlab.OptionError, match="solver must be True, False or None"):
        Explorer(cardlab.game("two-ten-jack"), seed=2, solver="yes")


async def until_solved(explorer: Explorer) -> int:
    """Hand the event loop back until the panel's solve is done (what the kernel does between
    messages); returns how many turns that took."""
    for turn in range(100_000):
        if not explorer.solve_running:
            return turn
        await asyncio.sleep(0)
    raise AssertionError("the solve never finished")


async def ticking(marks: list[bool], explorer: Explorer) -> None:
    """Other work on the loop: note, at each turn, whether the panel was still solving."""
    while True:
        marks.append(explorer.solve_running)
        await asyncio.sleep(0)


@pytest.fixture
def no_processes(monkeypatch):
    """The kernel of JupyterLite, in CPython: no process to solve in (threads stay)."""
    monkeypatch.setattr(
        "cardlab.widgets.explorer.solution_panel.processes_available", lambda: False
    )


def shown_by_the_process_path(seed: int, index: int) -> str:
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=seed)
    explorer.go_to(index)
    wait_for_solves(explorer)
    return str(explorer.solution.value)


def test_without_processes_the_panel_is_on_and_solved_in_steps_on_the_loop(no_processes):
    async def scenario() -> tuple[Explorer, list[str], int]:
        explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)
        assert explorer.solver_toggle.value is True  # on by default
        first = text(explorer.solution.value).strip()
        turns = await until_solved(explorer)
        shown = [first, text(explorer.solution.value)]
        explorer.go_to(len(explorer.states) - 8)
        shown.append(text(explorer.solution.value).strip())
        await until_solved(explorer)
        return explorer, shown, turns

    explorer, (first, solved, later), turns = asyncio.run(scenario())
    assert first == later == "Solving…"  # shown until the steps are done
    assert explorer.solve_thread is None  # no thread: the kernel's loop
    assert turns > 1  # the deal takes several steps, the loop turning between them
    assert "Perfect play" in solved
    index = len(explorer.states) - 8
    assert explorer.solution.value == shown_by_the_process_path(3, index)


def test_the_kernel_runs_other_work_between_two_steps(no_processes, monkeypatch):
    monkeypatch.setattr("cardlab.widgets.explorer.solution_panel.STEP_POSITIONS", 50)

    async def scenario() -> list[bool]:
        explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)
        marks: list[bool] = []
        other = asyncio.get_running_loop().create_task(ticking(marks, explorer))
        await until_solved(explorer)
        other.cancel()
        return marks

    marks = asyncio.run(scenario())
    assert marks.count(True) > 10  # the other task ran between the steps of one solve
    assert marks[-1] is False


def test_without_processes_a_newer_position_drops_the_older_solve(no_processes, monkeypatch):
    import cardlab.widgets.explorer.solution_words as solution_module

    monkeypatch.setattr("cardlab.widgets.explorer.solution_panel.STEP_POSITIONS", 50)
    steps_of: dict[int, int] = {}
    real = solution_module.panel_steps

    def counting(target, max_seconds, step_positions):
        number = len(steps_of)
        steps_of[number] = 0
        for result in real(target, max_seconds, step_positions):
            steps_of[number] += 1
            yield result

    monkeypatch.setattr(solution_module, "panel_steps", counting)

    async def scenario() -> Explorer:
        explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)  # the deal: many steps
        older = explorer.solver.job.ticket
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        explorer.go_to(len(explorer.states) - 8)  # a newer position
        assert older is not None and older.cancelled
        assert text(explorer.solution.value).strip() == "Solving…"
        await until_solved(explorer)
        assert older.finished.is_set()
        return explorer

    explorer = asyncio.run(scenario())
    deal, newer = steps_of[0], steps_of[1]
    assert 0 < deal <= 3  # dropped after the step it was in, long before its end
    assert list(explorer.solver.solved) == [(explorer.state, None)]  # only the newer is kept
    assert explorer.solution.value == shown_by_the_process_path(3, explorer.index)
    assert newer >= 1


def test_without_processes_a_failing_solve_is_said_in_words(no_processes, monkeypatch):
    import cardlab.widgets.explorer.solution_words as solution_module

    def failing(target, max_seconds, step_positions):
        yield None
        raise ValueError("a rule broke")

    monkeypatch.setattr(solution_module, "panel_steps", failing)

    async def scenario() -> str:
        explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)
        await until_solved(explorer)
        return text(explorer.solution.value)

    assert "The solver failed: ValueError: a rule broke" in asyncio.run(scenario())


def test_in_jupyterlite_the_panel_is_on_and_solved_on_the_kernels_loop(monkeypatch):
    monkeypatch.setattr("sys.platform", "emscripten")  # Pyodide: no processes, no threads

    async def scenario() -> tuple[Explorer, str]:
        explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)
        assert explorer.solver_toggle.value is True
        near_the_end(explorer)
        first = text(explorer.solution.value).strip()
        await until_solved(explorer)
        return explorer, first

    explorer, first = asyncio.run(scenario())
    assert first == "Solving…" and explorer.solve_thread is None
    expected = cardlab.solve(explorer.state)
    assert f"seat {expected.winner} wins" in text(explorer.solution.value)


def test_without_processes_nor_a_running_loop_the_panel_solves_in_a_thread(no_processes):
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)
    near_the_end(explorer)
    assert explorer.solve_thread is not None
    wait_for_solves(explorer)
    assert "Perfect play" in text(explorer.solution.value)


def test_a_newer_position_stops_the_older_solve_at_once():
    from cardlab.widgets.explorer.solution_panel import solver_process

    explorer = Explorer(cardlab.game("two-ten-jack"), seed=2, solver=False)
    explorer.SOLVE_SECONDS = 300.0  # the deal takes far longer than this test
    explorer.solver_toggle.value = True
    assert text(explorer.solution.value).strip() == "Solving…"
    older = explorer.solver.job.ticket
    worker = solver_process()
    wait_until(lambda: worker.ticket is older)
    process = worker.process
    near_the_end(explorer, 4)  # solved in moments
    assert older.cancelled and process.returncode is not None  # its process was ended
    wait_until(lambda: process.stdin.closed and process.stdout.closed)  # and its pipes
    wait_for_solves(explorer)
    shown = text(explorer.solution.value)
    expected = cardlab.solve(explorer.state)
    assert all(str(move) in shown for move in expected.move_values)


def test_a_position_that_cannot_be_sent_is_solved_in_the_thread(monkeypatch):
    import cardlab.widgets.explorer.solution_panel as solving

    def refuse(*args, **kwargs):
        raise TypeError("cannot pickle this")

    monkeypatch.setattr(solving.pickle, "dumps", refuse)
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)
    near_the_end(explorer)
    wait_for_solves(explorer)
    assert "Perfect play" in text(explorer.solution.value)


def test_a_solver_process_that_dies_leaves_the_panel_solved_here(monkeypatch):
    import subprocess
    import sys

    import cardlab.widgets.explorer.solution_panel as solving

    def dying():
        return subprocess.Popen(
            [sys.executable, "-c", "pass"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )

    monkeypatch.setattr(solving, "start_process", dying)
    monkeypatch.setattr(solving, "_PROCESS", None)  # a process of its own for this test
    explorer = Explorer(cardlab.game("mod-ten", players=2), seed=3)
    near_the_end(explorer)
    wait_for_solves(explorer)
    assert "Perfect play" in text(explorer.solution.value)


KERNEL_THAT_SOLVES = """
import cardlab
from cardlab.widgets.background import Ticket
from cardlab.widgets.explorer.solution_panel import solver_process

state = cardlab.game("mod-ten", players=2, open_hands=True).deal(seed=3)
worker = solver_process()
lines = worker.solve(Ticket(), state, 30.0)
assert worker.process is not None and worker.process.poll() is None
print(lines[0])
"""


def test_a_kernel_that_solved_ends_its_solver_process_when_it_exits(tmp_path):
    import subprocess
    import sys

    script = tmp_path / "kernel.py"
    script.write_text(KERNEL_THAT_SOLVES)
    done = subprocess.run(
        [sys.executable, "-X", "dev", str(script)], capture_output=True, text=True, timeout=WAIT
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Perfect play")
    assert "ResourceWarning" not in done.stderr  # no process, no pipe left open
