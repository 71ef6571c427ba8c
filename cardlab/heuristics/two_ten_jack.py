"""Two-Ten-Jack's greedy heuristic (see :mod:`cardlab.heuristics`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardlab.cards import SUITS, Card
from cardlab.core import Move, View
from cardlab.games.two_ten_jack import (
    AS_TRUMP,
    POINTS,
    TwoTenJackView,
    beats,
    is_trump,
    strength,
    trick_points,
    trick_rank,
)


def greedy(view: View, rng: random.Random) -> Move:
    """Two-Ten-Jack, one trick ahead.

    Following, it weighs each legal card by what the trick does to the difference of the two
    scores: the trick's points for it if the card wins, against it if the card loses. It plays
    the card that does best, and among equals the weakest card (win as cheaply as possible,
    lose with the lowest card). So it takes a trick holding points for it, throws a -5 club on
    a trick it loses, never throws a +5 heart away and does not win a trick holding a -5 club
    when it can lose it.

    Leading, it plays its lowest card that is worth nothing and is not a trump; with none, the
    card worth the fewest points (then the lowest). It keeps the ace of spades to follow with,
    since it wins any trick; led as the last card, the ace is declared a trump, so that the
    other player must give up a heart if it holds one.
    """
    assert isinstance(view, TwoTenJackView)
    legal = view.legal_moves()
    if view.trick:
        assert view.led_suit is not None
        return _follow(legal, view.trick[0][1], view.led_suit)
    return _lead(legal)


def _follow(legal: Sequence[Move], led_card: Card, led: str) -> Move:
    """The greedy reply to ``led_card`` (see :func:`greedy`), by the rules' own
    :func:`~cardlab.games.two_ten_jack.beats` and points."""
    suit = SUITS.index(led)
    to_beat = led_card.order

    def value(move: Move) -> tuple[int, int]:
        card = move.card.order
        worth = trick_points(to_beat, card)
        gain = worth if beats(card, to_beat, suit) else -worth
        # What playing the card spends: its strength in this trick, or its rank when it
        # cannot win (a low discard costs less than a high one).
        cost = strength(card, suit) or trick_rank(move.card)
        return (gain, -cost)

    return max(legal, key=value)


def _lead(legal: Sequence[Move]) -> Move:
    """The greedy lead (see :func:`greedy`)."""
    points = POINTS
    rank = trick_rank
    plain = [move for move in legal if move.card not in points and not is_trump(move.card)]
    if plain:
        return min(plain, key=lambda move: rank(move.card))
    if AS_TRUMP in legal and len(legal) == 2:
        return AS_TRUMP
    spare = [move for move in legal if move.declare is None]
    return min(spare, key=lambda move: (abs(points.get(move.card, 0)), rank(move.card)))
