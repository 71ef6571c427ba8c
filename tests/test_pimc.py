"""The perfect-information Monte Carlo agent ("pimc"): plays perfectly where its view shows
everything, falls back to playouts where the solver cannot reach, and is built like the others."""

from __future__ import annotations

import random

import pytest

import cardlab
from cardlab import State, solve
from cardlab.agents import AGENT_DESCRIPTIONS, AGENTS, PerfectInformationAgent, make_agent


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
