"""The fast random playout of Two-Ten-Jack, beside the readable engine in
:mod:`cardlab.games.two_ten_jack`.

:meth:`TwoTenJack.playout <cardlab.games.two_ten_jack.TwoTenJack.playout>` calls it. It plays the
same rules on card numbers, with no states and no events, and makes exactly the draws and moves
of the engine's own loop; ``tests/test_two_ten_jack_bots.py`` checks this move by move.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from typing import Any

from cardlab.cards import SUITS
from cardlab.core import Move, Outcome, State, sole_leader
from cardlab.games.two_ten_jack import (
    _MOVES,
    _STRENGTH,
    ACE_OF_SPADES,
    AS_SPADE,
    AS_TRUMP,
    DECK,
    POINTS,
    TRICKS,
    TRUMP,
    TwoTenJackState,
)

# The fast playout works on card numbers: a card is its index in DECK, so
# a hand kept sorted by number is in display order, the suits are the blocks 0-12 (clubs),
# 13-25 (diamonds), 26-38 (hearts) and 39-51 (spades), and the ace of spades is 51, the last.
_INDEX = {card: index for index, card in enumerate(DECK)}
_AS = _INDEX[ACE_OF_SPADES]
_HEARTS = SUITS.index(TRUMP)
_SPADES = SUITS.index("S")
_SUIT_OF = [index // 13 for index in range(len(DECK))]
_POINTS_OF = [POINTS.get(card, 0) for card in DECK]
_STRENGTH_OF = [[_STRENGTH[suit][card] for card in DECK] for suit in SUITS]
_MOVE_OF = [_MOVES[card] for card in DECK]


def playout(state: State, rng: random.Random, trace: list[Move] | None = None) -> Outcome:
    """Random play to the end, as :meth:`Game.playout` but several times faster: the same
    rules on lists of card numbers (indices in ``DECK``), making the same random draws and
    the same moves (a test checks that they agree move by move). ``state`` may be any
    state of a hand: mid-trick, with the stock partly drawn, or over. Like the engine, it
    relies on the hands being in display order."""
    assert isinstance(state, TwoTenJackState)
    if state.current_player is None:
        return state.outcome()
    hands = [[_INDEX[card] for card in hand] for hand in state.hands]
    stock = [_INDEX[card] for card in reversed(state.stock)]  # top card last, for pop()
    points = list(state.points)
    tricks = [len(state.won[0]) // 2, len(state.won[1]) // 2]
    tricks_left = TRICKS - state.tricks_played
    moves = state.move_number
    choice = rng.choice
    seat = state.current_player
    if state.trick:  # resume a trick already led: the leader is the other seat
        led_card = _INDEX[state.trick[0][1]]
        led = SUITS.index(state.led_suit)
        seat = 1 - seat
    else:
        led_card = -1
    while tricks_left:
        if led_card < 0:
            led_card, led = _random_lead(hands[seat], choice, trace)
            moves += 1
        follower = 1 - seat
        card = _random_follow(hands[follower], led, choice)
        if trace is not None:
            trace.append(_MOVE_OF[card])
        moves += 1
        strength = _STRENGTH_OF[led]
        if strength[card] > strength[led_card]:
            seat = follower
        points[seat] += _POINTS_OF[led_card] + _POINTS_OF[card]
        tricks[seat] += 1
        tricks_left -= 1
        if stock:
            insort(hands[seat], stock.pop())
            insort(hands[1 - seat], stock.pop())
        led_card = -1
    stats = (("tricks_0", tricks[0]), ("tricks_1", tricks[1]))
    return Outcome(tuple(points), sole_leader(points), moves, stats)


def _random_lead(hand: list[int], choice: Any, trace: list[Move] | None) -> tuple[int, int]:
    """A uniformly random lead from ``hand`` (card numbers in display order), drawn as the
    engine draws it: one ``choice`` among the legal moves, the ace of spades counting twice
    (AS=S, then AS=H, last since it is the last card). Removes the card; returns it and the
    led suit's index."""
    if hand[-1] == _AS:
        size = len(hand)
        pick = choice(range(size + 1))
        if pick >= size - 1:
            hand.pop()
            if trace is not None:
                trace.append(AS_SPADE if pick == size - 1 else AS_TRUMP)
            return _AS, (_SPADES if pick == size - 1 else _HEARTS)
        card = hand.pop(pick)
    else:
        card = choice(hand)
        hand.remove(card)
    if trace is not None:
        trace.append(_MOVE_OF[card])
    return card, _SUIT_OF[card]


def _random_follow(hand: list[int], led: int, choice: Any) -> int:
    """A uniformly random legal reply from ``hand`` when the suit ``led`` (an index in SUITS)
    was led, drawn as the engine draws it (the legal cards in display order, as
    :func:`following_cards` gives them). Removes the card and returns it."""
    low = led * 13
    start = bisect_left(hand, low)
    stop = bisect_left(hand, low + 13, start)
    if start < stop:  # cards of the led suit; with hearts led, the ace of spades too
        legal = hand[start:stop]
        if led == _HEARTS and hand[-1] == _AS:
            legal.append(_AS)
    elif led == _HEARTS:  # no heart: the ace of spades is the only trump left
        legal = [_AS] if hand[-1] == _AS else hand
    else:  # none of the led suit: a trump if there is one, else any card
        start = bisect_left(hand, _HEARTS * 13)
        legal = hand[start : bisect_left(hand, _HEARTS * 13 + 13, start)]
        if hand[-1] == _AS:
            legal.append(_AS)
        if not legal:
            legal = hand
    card = choice(legal)
    hand.remove(card)
    return card
