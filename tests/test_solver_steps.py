"""The solve in steps (cardlab.search.solver.StepwiseSolve), what the explorer's panel runs where
there are no processes: the same solution as the one-shot solve, move for move and position for
position, on many positions of both games it solves; no step searches more than its bound; its
arguments are checked as solve checks them."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import random_moves

import cardlab
from cardlab import SolveError, State, solve
from cardlab.search.solver import Solution, StepwiseSolve

MOD_TEN = cardlab.game("mod-ten", players=2)
OPEN_MOD_TEN = cardlab.game("mod-ten", players=2, open_hands=True)
DOUBLE_MOD_TEN = cardlab.game("mod-ten", players=2, deck="double", open_hands=True)
TWO_TEN_JACK = cardlab.game("two-ten-jack")


def two_ten_jack_late(seed: int, stock_left: int) -> State:
    """A Two-Ten-Jack state between tricks with at most ``stock_left`` cards in the stock,
    reached by random play from a seeded deal."""
    rng = random.Random(seed)
    state = TWO_TEN_JACK.deal(seed=seed)
    while len(state.stock) > stock_left or state.trick:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def without_seconds(solution: Solution) -> Solution:
    """The solution with its time taken out (the one thing two searches do not share)."""
    return dataclasses.replace(solution, seconds=0.0)


def stepped(target: State | cardlab.View, step_positions: int, **options: object) -> Solution:
    """Solve ``target`` in steps, checking after each that it searched at most its bound."""
    solving = StepwiseSolve(target, step_positions=step_positions, **options)  # type: ignore[arg-type]
    before = 0
    while not solving.step():
        assert 0 < solving.positions - before <= step_positions
        before = solving.positions
        assert solving.solution is None
    assert solving.positions - before <= step_positions
    assert solving.solution is not None
    return solving.solution


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    moves_in=st.integers(0, 24),
    step=st.sampled_from([1, 7, 100, 500]),
    game=st.sampled_from([MOD_TEN, OPEN_MOD_TEN]),
)
def test_mod_ten_in_steps_is_the_one_shot_solve(seed, moves_in, step, game):
    state = random_moves(game.deal(seed=seed), moves_in, random.Random(seed))
    assert without_seconds(stepped(state, step)) == without_seconds(solve(state))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), stock=st.sampled_from([0, 2, 4]), step=st.sampled_from([3, 500]))
def test_two_ten_jack_in_steps_is_the_one_shot_solve(seed, stock, step):
    state = two_ten_jack_late(seed, stock)
    assert without_seconds(stepped(state, step)) == without_seconds(solve(state))


@pytest.mark.parametrize("seed", range(3))
def test_views_and_the_seat_to_move_of_either_seat_give_the_same_solutions(seed):
    mod_ten = random_moves(MOD_TEN.deal(seed=seed), 16, random.Random(seed))
    two_ten_jack = two_ten_jack_late(seed, 0)
    for state in (mod_ten, two_ten_jack):
        for seat in (0, 1):
            view = state.view(seat)
            assert without_seconds(stepped(view, 50)) == without_seconds(solve(view))


OPTIONS = [
    {"moves": False},
    {"transpositions": False},
    {"pruning": False},
    {"max_table": 50},
    {"max_positions": 300},  # runs out: the same unfinished solution
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: next(iter(options)))
def test_every_option_of_solve_gives_the_same_solution_in_steps(options):
    positions = [
        random_moves(OPEN_MOD_TEN.deal(seed=seed), 14, random.Random(seed)) for seed in range(4)
    ]
    positions += [two_ten_jack_late(seed, 0) for seed in range(3)]
    for state in positions:
        expected = without_seconds(solve(state, **options))
        assert without_seconds(stepped(state, 37, **options)) == expected


def test_a_double_deck_deal_runs_out_of_budget_as_the_one_shot_does():
    deal = DOUBLE_MOD_TEN.deal(seed=1)
    expected = solve(deal, max_positions=2_000, moves=False)
    assert not expected.solved
    assert without_seconds(stepped(deal, 450, max_positions=2_000, moves=False)) == (
        without_seconds(expected)
    )


def test_the_time_limit_counts_only_the_time_spent_in_steps():
    deal = DOUBLE_MOD_TEN.deal(seed=1)
    solving = StepwiseSolve(deal, step_positions=1_000, max_seconds=0.05, max_positions=None)
    for _ in solving.steps():
        pass
    assert solving.solution is not None and not solving.solution.solved
    assert "max_seconds" in solving.solution.budget
    assert solving.solution.seconds >= 0.05


def test_a_finished_hand_is_solved_in_one_step():
    final = MOD_TEN.deal(seed=2).play_out("random", seed=2)
    solving = StepwiseSolve(final)
    assert list(solving.steps()) == []
    assert solving.solution == solve(final)


def test_the_steps_yield_the_positions_searched_so_far():
    state = random_moves(OPEN_MOD_TEN.deal(seed=5), 10, random.Random(5))
    solving = StepwiseSolve(state, step_positions=25)
    counts = list(solving.steps())
    assert counts == [25 * (number + 1) for number in range(len(counts))]
    assert solving.solution is not None and solving.solution.positions > counts[-1]


def test_arguments_are_checked_before_any_search():
    with pytest.raises(SolveError, match="step_positions is a positive number"):
        StepwiseSolve(MOD_TEN.deal(seed=1), step_positions=0)
    with pytest.raises(SolveError, match="step_positions is a positive number"):
        StepwiseSolve(MOD_TEN.deal(seed=1), step_positions=2.5)  # type: ignore[arg-type]
    with pytest.raises(SolveError, match="max_positions"):
        StepwiseSolve(MOD_TEN.deal(seed=1), max_positions=-3)
    with pytest.raises(SolveError, match="for 2 players only"):
        StepwiseSolve(cardlab.game("mod-ten", players=3).deal(seed=1))
    with pytest.raises(SolveError, match="state or a view"):
        StepwiseSolve("9H")  # type: ignore[arg-type]


def test_a_search_that_failed_says_so_at_the_next_step(monkeypatch):
    state = random_moves(OPEN_MOD_TEN.deal(seed=3), 10, random.Random(3))
    solving = StepwiseSolve(state, step_positions=5)
    assert not solving.step()
    search = solving._search

    def broken(*args, **kwargs):
        raise ValueError("a rule broke")

    monkeypatch.setattr(search, "children", broken)
    with pytest.raises(ValueError, match="a rule broke"):
        solving.step()
    with pytest.raises(RuntimeError, match="failed at an earlier step"):
        solving.step()
