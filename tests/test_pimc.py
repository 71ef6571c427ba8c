"""The perfect-information Monte Carlo agent ("pimc"): plays perfectly where its view shows
everything, falls back to playouts where the solver cannot reach, and is built like the others."""

from __future__ import annotations

import random

import pytest
from clocks import Ticking

import cardlab
from cardlab import State, View, solve
from cardlab.bots.agents import PerfectInformationAgent
from cardlab.bots.descriptions import AGENT_DESCRIPTIONS
from cardlab.bots.specs import AGENTS, make_agent
from cardlab.search import solver


def endgame(name: str, seed: int, moves: int, **options: object) -> State:
    """A position ``moves`` random moves into a seeded deal."""
    rng = random.Random(seed)
    state = cardlab.game(name, **options).deal(seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_pimc_is_registered_described_and_takes_its_worlds_after_a_colon() -> None:
    assert "pimc" in AGENTS and "pimc" in AGENT_DESCRIPTIONS
    agent = make_agent("pimc:7", seed=1)
    assert isinstance(agent, PerfectInformationAgent)
    assert agent.worlds == 7 and agent.name == "pimc"
    assert "worlds=7" in repr(agent)


@pytest.mark.parametrize("spec", ["pimc:x", "greedy:3", "pimc:-2"])
def test_a_bad_option_is_refused_with_the_forms_that_work(spec: str) -> None:
    with pytest.raises(ValueError, match=r"mc:200 \(playouts\) or pimc:50 \(worlds\)"):
        make_agent(spec)


def test_no_worlds_at_all_is_refused_by_the_agent() -> None:
    with pytest.raises(
        ValueError, match="worlds must be a whole number >= 1 and at most 1,000, not 0"
    ):
        make_agent("pimc:0")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"worlds": 0}, "worlds must be a whole number >= 1"),
        ({"budget": True}, "budget must be a whole number >= 1"),
        ({"playouts": 1.5}, "playouts must be a whole number >= 1"),
        ({"rollout": "clever"}, "rollout is one of random, greedy"),
    ],
)
def test_bad_settings_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PerfectInformationAgent(1, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(12))
def test_in_two_player_mod_ten_it_plays_a_winning_move_whenever_there_is_one(seed: int) -> None:
    state = endgame("mod-ten", seed, 14, players=2)
    if state.is_over:
        return
    seat = state.current_player
    assert seat is not None
    solution = solve(state)
    move = make_agent("pimc", seed=seed)(state.view(seat))
    assert move in state.legal_moves()
    if solution.values is not None and solution.values[seat] == 1:
        assert move in solution.best_moves


@pytest.mark.parametrize("seed", range(8))
def test_in_the_last_tricks_of_two_ten_jack_it_plays_a_best_move(seed: int) -> None:
    rng = random.Random(seed)
    state = cardlab.game("two-ten-jack").deal(seed=seed)
    while state.tricks_played < 22:
        state = state.play(rng.choice(state.legal_moves()))
    seat = state.current_player
    assert seat is not None
    move = make_agent("pimc", seed=seed)(state.view(seat))
    assert move in solve(state).best_moves


@pytest.mark.parametrize(
    ("name", "options"),
    [("chinese-ten", {"players": 2}), ("mod-ten", {"players": 3}), ("two-ten-jack", {})],
)
def test_where_the_solver_cannot_reach_it_still_plays_legal_moves(
    name: str, options: dict[str, object]
) -> None:
    state = endgame(name, 3, 4, **options)
    seat = state.current_player
    assert seat is not None
    agent = PerfectInformationAgent(5, worlds=3, budget=10)
    view = state.view(seat)
    assert agent(view) in view.legal_moves()
    values = agent.move_values(view)
    assert list(values) == list(view.legal_moves())


def test_the_same_seed_plays_the_same_hand() -> None:
    game = cardlab.game("two-ten-jack")

    def play(seed: int) -> tuple[str, ...]:
        agents = [PerfectInformationAgent(seed, worlds=4, budget=2000), make_agent("greedy")]
        state = game.deal(seed=2)
        while (seat := state.current_player) is not None:
            state = state.play(agents[seat](state.view(seat)))
        return tuple(map(str, state.moves))

    assert play(5) == play(5)


def two_ten_jack_view(seed: int, tricks: int) -> View:
    """The view of the seat to move after ``tricks`` tricks of greedy play on a seeded deal."""
    state = cardlab.game("two-ten-jack").deal(seed=seed)
    greedy = make_agent("greedy")
    while state.tricks_played < tricks or state.current_player is None:
        seat = state.current_player
        assert seat is not None
        state = state.play(greedy(state.view(seat)))
    seat = state.current_player
    assert seat is not None
    return state.view(seat)


def test_the_defaults_deal_100_worlds_each_searched_2000_positions() -> None:
    agent = PerfectInformationAgent(1)
    assert (agent.worlds, agent.budget, agent.playouts, agent.rollout) == (
        100,
        200_000,
        1,
        "greedy",
    )
    assert repr(agent) == (
        "PerfectInformationAgent(worlds=100, budget=200000, playouts=1, rollout='greedy')"
    )


def test_each_world_is_searched_within_its_share_of_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []
    real = solver.move_results

    def recorded(state: State, seat: int, positions: int, seconds: float | None = None) -> object:
        asked.append(positions)
        return real(state, seat, positions, seconds)

    monkeypatch.setattr(solver, "move_results", recorded)
    view = two_ten_jack_view(seed=4, tricks=19)  # two cards in the stock: every world solves
    PerfectInformationAgent(3, worlds=8, budget=40_000).move_values(view)
    assert asked == [5_000] * 8


def test_a_solved_world_decides_by_its_exact_results() -> None:
    # Two cards in the stock: each world is solved, and a move's value is its mean exact
    # result over the worlds the agent's generator deals (no playouts in between here).
    view = two_ten_jack_view(seed=4, tricks=19)
    values = PerfectInformationAgent(11, worlds=6, budget=60_000).move_values(view)
    rng = random.Random(11)
    worlds = [view.determinize(rng) for _ in range(6)]
    results = [solver.move_results(world, view.seat, 10_000) for world in worlds]
    for move in view.legal_moves():
        exact = [result[move] for result in results if result is not None]
        assert len(exact) == 6
        assert values[move] == pytest.approx(sum(exact) / 6)


def test_a_time_budget_stops_dealing_worlds_when_the_clock_says_so() -> None:
    view = two_ten_jack_view(seed=2, tricks=3)
    clock = Ticking(1.0)
    timed = PerfectInformationAgent(5, worlds=100, budget=100, seconds=3.5)
    timed.clock = clock  # the deadline is read at 1: 4.5; worlds read 2, 3, 4, then 5 stops
    values = timed.move_values(view)
    assert clock.reads == 1 + 4
    # Three worlds dealt: the same values as an agent told to deal three.
    assert values == PerfectInformationAgent(5, worlds=3, budget=3).move_values(view)
