"""The fast paths of issue 17 play exactly as the engine: a game's own random playout makes the
moves, draws and ending of :func:`cardlab.engine.randomness.play_randomly` on the same position,
from the deal and from positions part-way through a hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab.engine.randomness import play_randomly


def part_way(game: cardlab.Game, seed: int, moves: int) -> cardlab.State:
    """The state after ``moves`` random moves (fewer if the hand ends) from the deal ``seed``."""
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
    return state


END = ("to_move", "winner", "moves", "hands", "table", "won", "drawn", "pending", "triple")
"""What a Chinese Ten position holds at the end of a playout."""


def both_playouts(state: cardlab.State, seed: int) -> tuple[tuple, tuple]:
    """(outcome, moves, generator state, the position's :data:`END`) of the engine's playout and of
    the game's own, each from a copy of ``state``'s position and a generator seeded ``seed``."""
    results = []
    for play in (play_randomly, state.game.play_position_out):
        position, rng, trace = state.position, random.Random(seed), []
        outcome = play(position, rng, trace)
        results.append((outcome, trace, rng.getstate(), [getattr(position, name) for name in END]))
    return results[0], results[1]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scoring", ["red", "pagat", "black-frog"])
def test_chinese_ten_playout_plays_as_the_engine(players, scoring):
    game = cardlab.game("chinese-ten", players=players, scoring=scoring)
    for seed in range(60):
        engine, fast = both_playouts(part_way(game, seed, seed % 13), seed)
        assert fast == engine


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4), moves=st.integers(0, 30))
def test_chinese_ten_playout_plays_as_the_engine_on_random_deals(seed, players, moves):
    game = cardlab.game("chinese-ten", players=players)
    engine, fast = both_playouts(part_way(game, seed, moves), seed)
    assert fast == engine


@pytest.mark.parametrize("game_name", ["two-ten-jack", "mod-ten"])
def test_card_set_playouts_play_as_the_engine_and_leave_the_position(game_name):
    game = cardlab.game(game_name)
    for seed in range(80):
        state = part_way(game, seed, seed % 37)
        position = state._position
        before = position.copy()
        engine_rng, fast_rng = random.Random(seed), random.Random(seed)
        engine_trace: list[cardlab.Move] = []
        fast_trace: list[cardlab.Move] = []
        expected = play_randomly(position.copy(), engine_rng, engine_trace)
        assert game.play_position_out(position, fast_rng, fast_trace) == expected
        assert (fast_trace, fast_rng.getstate()) == (engine_trace, engine_rng.getstate())
        if not state.is_over:
            assert position.key() == before.key()  # left as it was
