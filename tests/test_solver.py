"""The exact solver (cardlab.solve): checked against a brute-force minimax written plainly here,
on many small positions of both games it solves, and on what it refuses."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab import Move, SolveError, State, solve
from cardlab.search.alphabeta import Search
from cardlab.search.solver import solvable

MOD_TEN = cardlab.game("mod-ten", players=2)
TWO_TEN_JACK = cardlab.game("two-ten-jack")


def brute_force(state: State) -> tuple[int, ...]:
    """Each seat's final result under perfect play, by plain minimax through the public API:
    every move tried, nothing remembered, nothing pruned. The seat to move picks the move that
    is best for itself (both games are constant-sum, so that is worst for the other)."""
    if state.is_over:
        return state.scores
    mover = state.current_player
    assert mover is not None
    return max(
        (brute_force(state.play(move)) for move in state.legal_moves()), key=lambda v: v[mover]
    )


def brute_force_moves(state: State) -> dict[Move, tuple[int, ...]]:
    """Each legal move's result under perfect play afterwards, by :func:`brute_force`."""
    return {move: brute_force(state.play(move)) for move in state.legal_moves()}


def mod_ten_endgame(seed: int, cards_left: int) -> State:
    """A two-player Mod Ten position with about ``cards_left`` cards in the hands, reached by
    random play from a seeded deal (the seed also chooses the moves)."""
    rng = random.Random(seed)
    state = MOD_TEN.deal(seed=seed)
    while not state.is_over and sum(len(state.hand(seat)) for seat in (0, 1)) > cards_left:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def two_ten_jack_endgame(seed: int, tricks_left: int) -> State:
    """A Two-Ten-Jack position between tricks with ``tricks_left`` tricks to play (the stock is
    empty by then), reached by random play from a seeded deal."""
    rng = random.Random(seed)
    state = TWO_TEN_JACK.deal(seed=seed)
    while state.tricks_played < 26 - tricks_left or state.trick:
        state = state.play(rng.choice(state.legal_moves()))
    return state


MOD_TEN_POSITIONS = [mod_ten_endgame(seed, 9) for seed in range(40)]
TWO_TEN_JACK_POSITIONS = [two_ten_jack_endgame(seed, 3) for seed in range(25)]
SMALL_POSITIONS = [
    position for position in MOD_TEN_POSITIONS + TWO_TEN_JACK_POSITIONS if not position.is_over
]


@pytest.mark.parametrize("state", SMALL_POSITIONS, ids=lambda state: state.game.name)
def test_every_move_value_equals_brute_force_minimax(state: State) -> None:
    solution = solve(state)
    assert solution.solved
    assert solution.move_values == brute_force_moves(state)
    assert solution.values == brute_force(state)
    assert list(solution.move_values) == list(state.legal_moves())


@given(st.integers(0, 10_000), st.integers(2, 9), st.sampled_from(["single", "double"]))
@settings(max_examples=40, deadline=None)
def test_the_search_for_two_results_is_minimax_and_alpha_beta_to_the_position(
    seed: int, cards_left: int, deck: str
) -> None:
    """Mod Ten's results are a win or a loss, and the solver searches it with plain minimax
    that stops at a win (``Search.decided``): it gives what brute force gives, and searches
    exactly the positions the general alpha-beta search does."""
    rng = random.Random(seed)
    state = cardlab.game("mod-ten", players=2, deck=deck).deal(seed=seed)
    while not state.is_over and sum(len(state.hand(seat)) for seat in (0, 1)) > cards_left:
        state = state.play(rng.choice(state.legal_moves()))
    if state.is_over:
        return
    two_results = Search(state, None, None, transpositions=True, pruning=True)
    alpha_beta = Search(state, None, None, transpositions=True, pruning=True)
    alpha_beta.binary = False
    assert two_results.binary
    found, general = two_results.solution(), alpha_beta.solution()
    assert found.move_values == brute_force_moves(state)
    assert (found.move_values, found.line, found.positions) == (
        general.move_values,
        general.line,
        general.positions,
    )


@given(st.integers(0, 10_000), st.integers(1, 3), st.integers(0, 1))
@settings(max_examples=40, deadline=None)
def test_two_ten_jack_searched_within_the_points_left_is_minimax(
    seed: int, tricks_left: int, half: int
) -> None:
    """The solver stops looking in a Two-Ten-Jack position once a seat has every point still
    to be won (``TwoTenJackSearch.gain_bounds``, the game's own bounds at every node): it
    still gives what brute force gives, from between tricks and from mid-trick."""
    state = two_ten_jack_endgame(seed, tricks_left)
    if half and not state.is_over:
        state = state.play(random.Random(seed).choice(state.legal_moves()))
    position = state._position
    if state.is_over:
        return
    node = position.search().root(position)
    assert position.search().gain_bounds(node) == TWO_TEN_JACK.gain_bounds(state)
    solution = solve(state)
    low, high = TWO_TEN_JACK.gain_bounds(state)
    assert low <= solution.values[0] - state.scores[0] <= high
    assert solution.move_values == brute_force_moves(state)


@pytest.mark.parametrize("state", SMALL_POSITIONS[::3], ids=lambda state: state.game.name)
def test_the_speed_ups_change_no_value_only_the_positions_searched(state: State) -> None:
    full = solve(state)
    counts = {}
    for transpositions in (False, True):
        for pruning in (False, True):
            other = solve(state, transpositions=transpositions, pruning=pruning)
            assert other.move_values == full.move_values
            assert other.line == full.line
            counts[transpositions, pruning] = other.positions
    assert counts[True, True] <= counts[False, False]


@pytest.mark.parametrize("state", SMALL_POSITIONS, ids=lambda state: state.game.name)
def test_playing_the_line_to_the_end_gives_the_solved_values(state: State) -> None:
    solution = solve(state)
    texts = []
    for move in solution.line:
        assert move in state.legal_moves()
        state = state.play(move)
        texts.extend(event.text for event in state.last_events)
    assert state.is_over
    assert state.scores == solution.values
    assert tuple(texts) == solution.events


@pytest.mark.parametrize("state", SMALL_POSITIONS[:20], ids=lambda state: state.game.name)
def test_best_moves_are_exactly_the_moves_that_keep_the_value(state: State) -> None:
    solution = solve(state)
    mover = state.current_player
    assert solution.to_move == mover and mover is not None
    assert solution.values is not None
    best = solution.values[mover]
    assert solution.best_moves == tuple(
        move for move, values in solution.move_values.items() if values[mover] == best
    )
    assert solution.line[0] == solution.best_moves[0]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(["mod-ten", "two-ten-jack"]))
def test_a_position_is_worth_the_best_of_its_children_for_the_seat_to_move(
    seed: int, game: str
) -> None:
    state = mod_ten_endgame(seed, 12) if game == "mod-ten" else two_ten_jack_endgame(seed, 4)
    if state.is_over:
        return
    solution = solve(state)
    mover = state.current_player
    assert mover is not None and solution.values is not None
    children = [solve(state.play(move)).values for move in state.legal_moves()]
    assert all(values is not None for values in children)
    assert solution.values[mover] == max(values[mover] for values in children if values)
    assert list(solution.move_values.values()) == children


def test_value_alone_agrees_with_the_full_solution() -> None:
    for state in SMALL_POSITIONS[::4]:
        alone = solve(state, moves=False)
        assert alone.values == solve(state).values
        assert alone.move_values == {} and alone.line == () and alone.best_moves == ()


def test_mod_ten_values_are_a_win_and_a_loss_and_name_the_winner() -> None:
    solution = solve(MOD_TEN_POSITIONS[0])
    assert sorted(solution.values or ()) == [0, 1]
    assert solution.winner == (solution.values or ()).index(1)


def test_a_whole_mod_ten_deal_is_solved() -> None:
    state = MOD_TEN.deal(seed=2)
    solution = solve(state)
    assert solution.solved and solution.positions > 100
    assert solution.rate > 0
    assert solve(state, moves=False).values == solution.values


def test_a_view_of_two_player_mod_ten_is_solved_as_its_state() -> None:
    state = mod_ten_endgame(3, 12)
    for seat in (0, 1):
        assert solve(state.view(seat)).move_values == solve(state).move_values


def test_a_two_ten_jack_view_is_solved_once_the_stock_is_empty() -> None:
    state = two_ten_jack_endgame(4, 5)
    view = state.view(state.current_player or 0)
    assert view.stock_size == 0
    assert solve(view).move_values == solve(state).move_values


def test_a_two_ten_jack_view_with_cards_in_the_stock_is_refused_with_what_to_do() -> None:
    state = TWO_TEN_JACK.deal(seed=1)
    with pytest.raises(SolveError, match=r"40 cards are still in the stock.*'pimc' agent"):
        solve(state.view(state.current_player or 0))


def test_a_full_two_ten_jack_state_with_cards_in_the_stock_is_solved_within_budget() -> None:
    rng = random.Random(7)
    state = TWO_TEN_JACK.deal(seed=7)
    while state.tricks_played < 19 or state.trick:  # two cards left in the stock
        state = state.play(rng.choice(state.legal_moves()))
    assert len(state.stock) == 2
    solution = solve(state)
    assert solution.solved
    final = state
    for move in solution.line:
        final = final.play(move)
    assert final.scores == solution.values


def test_a_search_beyond_its_budget_says_so_instead_of_running_on() -> None:
    state = TWO_TEN_JACK.deal(seed=1)
    solution = solve(state, max_positions=500)
    assert not solution.solved
    assert solution.values is None and solution.move_values == {} and solution.line == ()
    assert solution.positions == 500
    assert "500 positions" in solution.budget
    assert str(solution).startswith("Not solved within budget")
    timed = solve(state, max_positions=None, max_seconds=0.05)
    assert not timed.solved and "max_seconds" in timed.budget


def test_a_finished_hand_is_its_own_solution() -> None:
    state = mod_ten_endgame(5, 0)
    assert state.is_over
    solution = solve(state)
    assert solution.solved and solution.values == state.scores
    assert solution.to_move is None and solution.line == () and solution.positions == 0
    assert "over" in str(solution)


@pytest.mark.parametrize(
    ("target", "message"),
    [
        (cardlab.game("chinese-ten").deal(seed=1), "Chinese Ten is not solved: a stock card"),
        (cardlab.game("mod-ten", players=3).deal(seed=1), "2 players only: with 3"),
        (cardlab.game("mod-ten", players=4).deal(seed=1).view(1), "2 players only: with 4"),
    ],
)
def test_games_out_of_reach_are_refused_with_the_reason(target: object, message: str) -> None:
    assert message in (solvable(target) or "")  # type: ignore[arg-type]
    with pytest.raises(SolveError, match=message):
        solve(target)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, -5, True, "many"])
def test_a_bad_budget_is_refused(bad: object) -> None:
    with pytest.raises(SolveError, match="max_positions is a positive number or None"):
        solve(MOD_TEN_POSITIONS[0], max_positions=bad)  # type: ignore[arg-type]
    with pytest.raises(SolveError, match="max_seconds is a positive number or None"):
        solve(MOD_TEN_POSITIONS[0], max_seconds=bad)  # type: ignore[arg-type]


def test_something_that_is_not_a_position_is_refused() -> None:
    with pytest.raises(SolveError, match="solve takes a state or a view, not 'AS 9S'"):
        solve("AS 9S")  # type: ignore[arg-type]
    assert issubclass(SolveError, ValueError)


def test_the_key_keeps_what_decides_the_rest_of_the_hand_and_nothing_else() -> None:
    # Two orders of the same cards into one trick-free Mod Ten position: the same key.
    state = MOD_TEN.deal(seed=9)
    positions = []
    rng = random.Random(1)
    for _ in range(300):
        line = state
        for _ in range(6):
            line = line.play(rng.choice(line.legal_moves()))
        positions.append(line._position)
    by_key: dict[object, set[tuple[object, ...]]] = {}
    for position in positions:
        facts = (
            position.to_move,
            tuple(tuple(position.hand(seat)) for seat in (0, 1)),
            position.table_sum % 10,
            position.table[0].suit if position.table else None,
        )
        by_key.setdefault(position.key(), set()).add(facts)
    assert all(len(facts) == 1 for facts in by_key.values())
    assert len(by_key) > 1
