"""Positions for the bots' tests: a view a few random moves into a seeded deal."""

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
