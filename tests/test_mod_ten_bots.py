"""Mod Ten for bots: the fast playout agrees with the engine, and the bots are ranked."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import assert_fast_path_agrees

import cardlab


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("deck", ["single", "double"])
def test_fast_playout_agrees_move_by_move_with_the_engine(players, deck):
    # every seat count with either deck (the registry's option sets are checked in
    # tests/fast_paths.py), from the deal and from states part-way through
    game = cardlab.game("mod-ten", players=players, deck=deck)
    for seed in range(120):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        for _ in range(seed % 9):
            if not state.is_over:
                state = state.play(rng.choice(state.legal_moves()))
        assert_fast_path_agrees(state, seed)


def test_outcome_counts_captures_and_skips():
    state = cardlab.game("mod-ten", players=3).deal(seed=7)
    rng = random.Random(1)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    outcome = state.outcome()
    kinds = [event.kind for event in state.events]
    stats = dict(outcome.stats)
    assert stats["skips"] == kinds.count("skip")
    assert stats["captures"] >= kinds.count("capture")
    assert outcome.moves == len(state.moves) and outcome.winner == state.winner


def win_rate(agents, seat, games, seed, players=2):
    table = cardlab.simulate(
        cardlab.game("mod-ten", players=players),
        agents=agents,
        games=games,
        seed=seed,
        progress=False,
    )
    return (table["winner"] == seat).mean()


def test_greedy_beats_random():
    # Measured: 0.77 of 2,000 hands in seat 0.
    assert win_rate(["greedy", "random"], 0, 400, seed=3) > 0.65
    assert win_rate(["random", "greedy"], 1, 400, seed=3) > 0.65


def test_monte_carlo_beats_greedy():
    # Measured: 0.63 and 0.58 over 150 hands each with 10 playouts per move.
    first = win_rate(["mc:10", "greedy"], 0, 60, seed=11)
    second = win_rate(["greedy", "mc:10"], 1, 60, seed=11)
    assert (first + second) / 2 > 0.55


@settings(max_examples=200, deadline=None)
@given(hand=st.integers(0, (1 << 52) - 1), suit=st.integers(0, 3))
def test_the_playouts_table_of_follows_is_the_rule_of_following(hand, suit):
    from cardlab.engine.cardsets import SUIT_MASKS
    from cardlab.games.mod_ten import moves_of
    from cardlab.games.mod_ten.fast import _FOLLOWS

    cards = hand & SUIT_MASKS[suit]
    if not cards:
        return
    moves = moves_of(hand, suit)
    assert _FOLLOWS[cards] == (moves, len(moves), len(moves).bit_length())
