"""Positions for the tests (a state or a view a few random moves into a seeded deal, the states of
a seeded random hand), and the check that a game's fast random playout plays exactly as the
readable engine (tests/fast_paths.py runs it over the registry)."""

from __future__ import annotations

import random

import cardlab
from cardlab.engine.moves import Outcome
from cardlab.engine.randomness import play_randomly


def view_after(name: str, options: dict[str, object], seed: int, moves: int) -> cardlab.View:
    """The view of the seat to move after ``moves`` random moves of a seeded deal (fewer if
    the hand would end: at least one decision is left)."""
    state = cardlab.game(name, **options).deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        after = state.play(rng.choice(state.legal_moves()))
        if after.is_over:
            break
        state = after
    return state.view(state.current_player)


def random_moves(state: cardlab.State, count: int, rng: random.Random) -> cardlab.State:
    """``state`` after up to ``count`` random legal moves through the engine (fewer if the hand
    ends)."""
    for _ in range(count):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def engine_playout(state: cardlab.State, rng: random.Random, trace: list[cardlab.Move]) -> Outcome:
    """The public-API loop a fast playout must equal: ``rng.choice(state.legal_moves())`` and
    ``state.play`` until the end; returns the outcome."""
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        trace.append(move)
        state = state.play(move)
    return state.outcome()


def assert_fast_path_agrees(state: cardlab.State, play_seed: int) -> list[cardlab.Move]:
    """The game's fast playout makes the engine's moves, in order, draws the same random
    numbers and reports the same outcome, with or without a trace, as the engine's own
    playout on positions does too; and it leaves ``state`` as it was. Returns the moves."""
    before = (state._key(), state.legal_moves(), state.scores)
    engine_rng, fast_rng = random.Random(play_seed), random.Random(play_seed)
    engine_trace: list[cardlab.Move] = []
    fast_trace: list[cardlab.Move] = []
    expected = engine_playout(state, engine_rng, engine_trace)
    assert state.game.playout(state, fast_rng, fast_trace) == expected
    assert fast_trace == engine_trace
    assert fast_rng.getstate() == engine_rng.getstate()  # the same draws, no more, no fewer
    assert state.game.playout(state, random.Random(play_seed)) == expected  # with no trace
    assert play_randomly(state.position, random.Random(play_seed)) == expected
    assert (state._key(), state.legal_moves(), state.scores) == before
    return fast_trace


def random_hand(game: cardlab.Game, seed: int) -> list[cardlab.State]:
    """Every state of a hand dealt from ``seed`` and played at random to the end."""
    rng = random.Random(seed)
    state = game.deal(seed=seed)
    states = [state]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def some_states(game: cardlab.Game, seed: int, count: int = 12) -> list[cardlab.State]:
    """About ``count`` states spread over a random hand, the first and the last among them."""
    states = random_hand(game, seed)
    step = max(1, len(states) // count)
    return states[::step] + [states[-1]]
