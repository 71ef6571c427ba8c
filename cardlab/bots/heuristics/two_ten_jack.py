"""Two-Ten-Jack's greedy heuristic (see :mod:`cardlab.bots.heuristics`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardlab.engine.cards import SUITS
from cardlab.engine.core import State, View
from cardlab.engine.moves import Move, Outcome
from cardlab.games.two_ten_jack import (
    AS_TRUMP,
    POINTS,
    SearchNode,
    TwoTenJackPosition,
    TwoTenJackView,
    beats,
    is_trump,
    play_nodes_out,
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
        return _follow(legal, view.trick[0][1].order, SUITS.index(view.led_suit))
    return _lead(legal)


def greedy_on_node(node: SearchNode, legal: Sequence[Move]) -> Move:
    """:func:`greedy`'s move at a search node of the game (see
    :data:`~cardlab.games.two_ten_jack.SearchNode`), whose legal moves are ``legal``: the
    led card and suit are read from the node instead of a view, and the choice is the same."""
    led = node[1]
    if led < 0:
        return _lead(legal)
    return _follow(legal, led, node[2])


def greedy_playout(state: State, rng: random.Random) -> Outcome:
    """Play ``state`` to the end with both seats playing :func:`greedy`, and say how the hand
    ended: the same moves as playing ``greedy`` on each seat's view, but on the game's search
    nodes (:func:`~cardlab.games.two_ten_jack.play_nodes_out`), with no views, states or
    narration in between (``greedy`` draws nothing from ``rng``)."""
    position = state.position
    assert isinstance(position, TwoTenJackPosition)
    if position.to_move is None:
        return position.outcome()
    return play_nodes_out(position, greedy_on_node)


def _follow(legal: Sequence[Move], to_beat: int, suit: int) -> Move:
    """The greedy reply to the led card at bit ``to_beat``, led in the suit with index
    ``suit`` (see :func:`greedy`), by the rules' own
    :func:`~cardlab.games.two_ten_jack.beats` and points."""

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
