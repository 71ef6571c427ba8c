"""Positions for the tests: the states of a seeded random hand, and a view a few random moves into
a seeded deal."""

from __future__ import annotations

import random

import cardlab


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
