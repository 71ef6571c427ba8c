"""The checks of lesson 10, game trees and perfect play (``notebooks/10-game-trees.ipynb``).

The positions are built as the lesson builds them, so that a check and the lesson talk about
the same cards:

>>> state = mod_ten_position(seed=4, cards_left=8)
>>> state.hand(0), state.hand(1), state.current_player
(Hand('AS 3S 4S 7S'), Hand('2S 6S 8S 9S'), 0)
>>> count_tree(state)
(983, 532)
"""

from __future__ import annotations

from typing import Any

from cardlab.engine.core import State
from cardlab.engine.moves import Move
from cardlab.exercises.feedback import (
    Feedback,
    as_texts,
    exactly,
    exercise,
    known_slip,
    not_yet,
    right,
)


def mod_ten_position(seed: int, cards_left: int) -> State:
    """A two-player Mod Ten deal from ``seed``, played on with the first legal move each turn
    until the two hands hold ``cards_left`` cards between them (the lesson's small positions).
    """
    import cardlab

    state = cardlab.game("mod-ten", players=2).deal(seed=seed)
    while len(state.hand(0)) + len(state.hand(1)) > cards_left and not state.is_over:
        state = state.play(state.legal_moves()[0])
    return state


def after_last_moves(seed: int, moves: int) -> State:
    """A two-player Mod Ten deal from ``seed`` after ``moves`` moves, the last legal move each
    turn (the positions of exercises 2 and 3)."""
    import cardlab

    state = cardlab.game("mod-ten", players=2).deal(seed=seed)
    for _ in range(moves):
        state = state.play(state.legal_moves()[-1])
    return state


def count_tree(state: State) -> tuple[int, int]:
    """The game tree below ``state``, counted by visiting every line of play: the positions
    where someone is still to move, and the ends of the hand (one for each line of play)."""
    if state.is_over:
        return (0, 1)
    inner, ends = 1, 0
    for move in state.legal_moves():
        below, finished = count_tree(state.play(move))
        inner += below
        ends += finished
    return (inner, ends)


def greedy_endgame(seed: int) -> tuple[State, dict[int, Any]]:
    """A Two-Ten-Jack deal from ``seed`` played by two greedy bots (seeded ``seed`` and ``seed
    + 1``) until the stock is empty: the position of the last six tricks, and the two bots by
    seat, to play on with."""
    import cardlab
    from cardlab.bots.specs import make_agent

    state = cardlab.game("two-ten-jack").deal(seed=seed)
    bots = {seat: make_agent("greedy", seed=seed + seat) for seat in (0, 1)}
    while state.view(0).stock_size > 0:  # type: ignore[attr-defined]
        seat = state.current_player
        assert seat is not None
        state = state.play(bots[seat](state.view(seat)))
    return state, bots


def greedy_losses(seed: int) -> list[tuple[int, Move, int]]:
    """The greedy bots' moves in the last six tricks of :func:`greedy_endgame` (``seed``):
    for each, the seat, the move and the points it gives away against the best move."""
    from cardlab.search.solver import solve

    state, bots = greedy_endgame(seed)
    losses = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        move = bots[seat](state.view(seat))
        solution = solve(state.view(seat))
        assert solution.values is not None
        losses.append((seat, move, solution.values[seat] - solution.move_values[move][seat]))
        state = state.play(move)
    return losses


@exercise("game-trees.1")
def ends_of_the_tree(answer: Any) -> Feedback:
    """Exercise 1: the number of ways to play the lesson's 8-card position to the end."""
    inner, ends = count_tree(mod_ten_position(seed=4, cards_left=8))
    slip = known_slip(
        answer,
        {
            inner: f"{inner} is the positions with a move to make (the inner nodes); the question "
            "asks for the ends, one for each line of play.",
            inner + ends: f"{inner + ends} counts every position, inner and final; the question "
            "asks for the ends only.",
        },
        relative=0,
    )
    if slip is not None:
        return slip
    return exactly(
        answer,
        ends,
        f"the tree has {ends} ends (leaves) below its {inner} positions with a move to make: "
        "one end for each line of play.",
        "count an end (a position where the hand is over) as 1, and a position with moves as "
        "the sum over its moves; do not count the positions themselves.",
    )


@exercise("game-trees.2")
def winning_moves(answer: Any) -> Feedback:
    """Exercise 2: the winning moves of the seat to move, seed 8 after 20 moves."""
    from cardlab.search.solver import solve

    state = after_last_moves(seed=8, moves=20)
    solution = solve(state)
    mover = solution.to_move
    assert mover is not None
    winning = {str(move) for move, values in solution.move_values.items() if values[mover] == 1}
    texts = as_texts(answer)
    if texts is None:
        return not_yet('give a list of moves, such as ["3C"].')
    if texts == winning:
        losing = len(solution.move_values) - len(winning)
        return right(
            f"seat {mover} wins with {' '.join(sorted(winning))}, and loses with any of the "
            f"other {losing} moves, whatever it does later."
        )
    wrong = texts - winning
    if wrong:
        return not_yet(
            f"{' '.join(sorted(wrong))}: against perfect replies, seat {mover} loses after it. "
            "Look at each move's value for the seat to move."
        )
    return not_yet("some winning moves are missing: look at every legal move's value.")


@exercise("game-trees.3")
def table_without_pruning(answer: Any) -> Feedback:
    """Exercise 3: positions searched with the table but without pruning, seed 6 after 20."""
    from cardlab.search.solver import solve

    state = after_last_moves(seed=6, moves=20)
    counts = {
        (table, pruning): solve(state, transpositions=table, pruning=pruning, moves=False).positions
        for table in (False, True)
        for pruning in (False, True)
    }
    expected = counts[(True, False)]
    if as_number_in(answer, counts) and answer != expected:
        return not_yet(
            "that is the count of another combination: keep the transposition table "
            "(transpositions=True) and switch pruning off (pruning=False)."
        )
    return exactly(
        answer,
        expected,
        f"{expected} positions, against {counts[(False, False)]:,} for the plain search: the "
        "table alone saves most of the work here.",
        "solve the position with transpositions=True, pruning=False, moves=False and read "
        ".positions.",
    )


def as_number_in(answer: Any, counts: dict[tuple[bool, bool], int]) -> bool:
    """True when ``answer`` is one of the positions counts in ``counts``."""
    return isinstance(answer, int) and not isinstance(answer, bool) and answer in counts.values()


@exercise("game-trees.4")
def costliest_greedy_move(answer: Any) -> Feedback:
    """Exercise 4: the greedy move that gives away most points, Two-Ten-Jack seed 5."""
    losses = greedy_losses(seed=5)
    seat, move, lost = max(losses, key=lambda loss: loss[2])
    texts = as_texts([answer] if isinstance(answer, str | Move) else answer)
    if texts is None or len(texts) != 1:
        return not_yet('give one move, such as "2C".')
    if texts == {str(move)}:
        return right(f"seat {seat}'s {move} gives away {lost} points against perfect play.")
    played = {str(m) for _, m, _ in losses}
    if not texts <= played:
        return not_yet("that move is not one the greedy bots play: list their moves first.")
    return not_yet("that move costs less: compare each greedy move's value with the best.")
