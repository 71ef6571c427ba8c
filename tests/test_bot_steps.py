"""Agents that decide in steps (for JupyterLite's kernel, which has no threads): each stepping
agent's ``decision_in_steps`` ends with the move ``agent(view)`` chooses, with the same draws,
in every game it plays; every step does a bounded amount of work (counted, not timed)."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from typing import Any

import pytest
from clocks import Ticking
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import view_after

import cardlab
from cardlab.bots import agents, estimates, ismcts
from cardlab.bots.agents import (
    ISMCTSAgent,
    MonteCarloAgent,
    PerfectInformationAgent,
    RandomAgent,
    decision_in_steps,
)
from cardlab.bots.checks import AgentOptionError
from cardlab.search import alphabeta, solver

GAMES = [
    ("mod-ten", {"players": 2}),
    ("mod-ten", {"players": 3}),
    ("chinese-ten", {"players": 3}),
    ("two-ten-jack", {}),
]
"""Every game, and Mod Ten with two seats (where pimc solves) and three."""

MAKERS: dict[str, Callable[[int], Any]] = {
    "mc": lambda seed: MonteCarloAgent(seed, playouts=6),
    "mc-greedy": lambda seed: MonteCarloAgent(seed, playouts=3, rollout="greedy"),
    "pimc": lambda seed: PerfectInformationAgent(seed, worlds=3, budget=3_000),
    "ismcts": lambda seed: ISMCTSAgent(seed, iterations=40),
    "ismcts-greedy": lambda seed: ISMCTSAgent(seed, iterations=20, rollout="greedy"),
}
"""The stepping agents, with small settings (each decision a few milliseconds)."""

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))


def to_the_end(steps: Generator[None, None, Any], between: Callable[[], None] = lambda: None):
    """Work through ``steps``, calling ``between`` at each pause; returns (result, pauses)."""
    pauses = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, pauses
        pauses += 1
        between()


@pytest.mark.parametrize("agent", sorted(MAKERS))
@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda value: str(value))
@SETTINGS
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 30))
def test_the_steps_end_with_the_agents_own_move_and_draws(agent, name, options, seed, moves):
    view = view_after(name, options, seed, moves)
    at_once, stepping = MAKERS[agent](seed), MAKERS[agent](seed)
    move = at_once(view)
    stepped, pauses = to_the_end(decision_in_steps(stepping, view))
    assert stepped == move
    assert stepping.rng.getstate() == at_once.rng.getstate()  # the same draws, no more
    if len(view.legal_moves()) > 1 and agent != "pimc":
        assert pauses > 0  # a real decision takes several steps


@pytest.mark.parametrize(
    "make",
    [
        lambda: MonteCarloAgent(3, playouts=10_000, seconds=5.0),
        lambda: ISMCTSAgent(3, iterations=100_000, seconds=5.0),
        lambda: PerfectInformationAgent(3, worlds=1_000, budget=50_000, seconds=5.0),
    ],
    ids=["mc", "ismcts", "pimc"],
)
@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda value: str(value))
def test_under_a_time_budget_the_steps_decide_the_same_under_the_same_clock(make, name, options):
    view = view_after(name, options, 11, 6)
    at_once, stepping = make(), make()
    at_once.clock, stepping.clock = Ticking(1.0), Ticking(1.0)
    move = at_once(view)
    stepped, _pauses = to_the_end(decision_in_steps(stepping, view))
    assert stepped == move
    assert stepping.clock.reads == at_once.clock.reads  # the budget read as often: it stops
    assert stepping.rng.getstate() == at_once.rng.getstate()  # after as much work


def counting(monkeypatch, owner: Any, name: str, counts: list[int]) -> None:
    """Count the calls of ``owner.name`` into ``counts[-1]``."""
    real = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        counts[-1] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda value: str(value))
@pytest.mark.parametrize("rollout", ["random", "greedy"])
def test_a_monte_carlo_step_plays_one_playout(monkeypatch, name, options, rollout):
    playouts = [0]
    counting(monkeypatch, estimates, "result_after", playouts)
    view = view_after(name, options, 5, 3)
    steps = decision_in_steps(MonteCarloAgent(1, playouts=12, rollout=rollout), view)
    _move, pauses = to_the_end(steps, lambda: playouts.append(0))
    legal = len(view.legal_moves())
    assert pauses == 12 * legal - 1 and playouts == [1] * (12 * legal)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda value: str(value))
def test_an_ismcts_step_is_one_iteration(monkeypatch, name, options):
    iterations = [0]
    counting(monkeypatch, ismcts.Tree, "iterate", iterations)
    view = view_after(name, options, 5, 3)
    _move, pauses = to_the_end(
        decision_in_steps(ISMCTSAgent(1, iterations=30), view), lambda: iterations.append(0)
    )
    assert pauses == 29 and iterations == [1] * 30


@pytest.mark.parametrize(
    ("name", "options", "moves"),
    [("mod-ten", {"players": 2}, 8), ("two-ten-jack", {}, 10), ("two-ten-jack", {}, 26)],
)
def test_a_pimc_step_searches_a_bounded_number_of_positions(monkeypatch, name, options, moves):
    view = view_after(name, options, 2, moves)
    expected = PerfectInformationAgent(4, worlds=5, budget=20_000)(view)
    monkeypatch.setattr(agents, "PIMC_STEP_POSITIONS", 40)
    positions, playouts = [0], [0]
    resume, pause = alphabeta.Search.resume, alphabeta.Search.pause

    def resumed(self, step):  # the positions a step searches: counted from its start to its end
        positions[-1] -= self.positions
        resume(self, step)

    def paused_search(self):
        positions[-1] += self.positions
        pause(self)

    monkeypatch.setattr(alphabeta.Search, "resume", resumed)
    monkeypatch.setattr(alphabeta.Search, "pause", paused_search)
    counting(monkeypatch, agents, "playout_value", playouts)
    agent = PerfectInformationAgent(4, worlds=5, budget=20_000)

    def paused() -> None:
        positions.append(0)
        playouts.append(0)

    move, _pauses = to_the_end(decision_in_steps(agent, view), paused)
    assert move == expected
    assert max(positions) <= 40 and sum(positions) > 40  # solved, in several steps
    assert max(playouts) <= 1  # at most one playout a step


def test_a_solve_in_steps_finds_the_results_of_one_at_once():
    for seed in range(6):
        view = view_after("mod-ten", {"players": 2}, seed, 10)
        world = view.determinize(random.Random(seed))
        for budget in (50, 500, 100_000):  # out of budget (None), or solved
            expected = solver.move_results(world, view.seat, budget)
            found, _ = to_the_end(solver.move_results_in_steps(world, view.seat, budget, None, 30))
            assert found == expected
    with pytest.raises(solver.SolveError, match="step_positions is a positive number"):
        solver.move_results_in_steps(world, 0, 100, None, 0)


def test_any_agent_decides_in_steps_the_fast_ones_and_functions_in_one():
    view = view_after("mod-ten", {"players": 3}, 1, 2)

    def lowest(view):
        return min(view.legal_moves(), key=lambda move: move.card.number)

    assert to_the_end(decision_in_steps(lowest, view)) == (lowest(view), 0)
    assert to_the_end(decision_in_steps(RandomAgent(4), view)) == (RandomAgent(4)(view), 0)
    with pytest.raises(AgentOptionError, match="called with a seat's view"):
        decision_in_steps(lowest, "not a view")
    with pytest.raises(AgentOptionError, match="an agent is a function of a view"):
        decision_in_steps("mc", view)


def test_a_view_of_a_seat_not_to_move_is_refused_before_any_step():
    state = cardlab.game("mod-ten", players=3).deal(seed=1)
    other = state.view((state.current_player + 1) % 3)
    for make in MAKERS.values():
        with pytest.raises(AgentOptionError, match="asked for a move by the seat to move"):
            make(1).decide_in_steps(other)
