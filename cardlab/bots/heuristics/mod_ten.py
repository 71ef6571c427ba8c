"""Mod Ten's greedy heuristic (see :mod:`cardlab.bots.heuristics`)."""

from __future__ import annotations

import random
from collections import Counter

from cardlab.engine.core import State, View
from cardlab.engine.moves import Move, Outcome
from cardlab.games.mod_ten import ModTenPosition, ModTenView


def greedy(view: View, rng: random.Random) -> Move:
    """Mod Ten: capture if a card can (the highest such card), since capturing lets you lead
    again and shed one more card; otherwise play the card after which the fewest unseen cards
    could capture (the next multiple of 10 is hardest to reach), the highest card on a tie."""
    assert isinstance(view, ModTenView)
    legal = view.legal_moves()
    total = view.table_sum
    capturing = [move for move in legal if (total + move.card.number) % 10 == 0]
    if capturing:
        return max(capturing, key=lambda move: move.card.number)
    unseen = Counter((card.suit, card.number) for card in view.unseen_cards())

    def risk(move: Move) -> tuple[int, int]:
        gap = 10 - (total + move.card.number) % 10
        return (unseen[(move.card.suit, gap)], -move.card.number)

    return min(legal, key=risk)


def greedy_on_position(position: ModTenPosition) -> Move:
    """:func:`greedy`'s move for the seat to move in ``position``, read from the position
    instead of a view. Every card is dealt, so the cards a seat does not see are exactly the
    other seats' hands: the copies of a card that could capture next are counted there."""
    legal = position.legal_moves()
    total = position.table_sum
    best: Move | None = None
    for move in legal:
        number = move.card.number
        if (total + number) % 10 == 0 and (best is None or number > best.card.number):
            best = move
    if best is not None:
        return best
    seat = position.to_move
    others = [
        (held, twice)
        for other, (held, twice) in enumerate(zip(position.hands, position.twice, strict=True))
        if other != seat
    ]
    least: tuple[int, int] | None = None
    for move in legal:
        card = move.card
        number = card.number
        gap = 10 - (total + number) % 10
        answer = 1 << (card.order - number + gap)  # the card of the same suit numbered gap
        copies = sum((held & answer != 0) + (twice & answer != 0) for held, twice in others)
        risk = (copies, -number)
        if least is None or risk < least:
            best, least = move, risk
    assert best is not None
    return best


def greedy_playout(state: State, rng: random.Random) -> Outcome:
    """Play ``state`` to the end with every seat playing :func:`greedy`, and say how the hand
    ended: the same moves as playing ``greedy`` on each seat's view, on a copy of the state's
    position (:func:`greedy_on_position`), with no views or states in between (``greedy``
    draws nothing from ``rng``)."""
    position = state.position
    assert isinstance(position, ModTenPosition)
    while position.to_move is not None:
        position.play(greedy_on_position(position))
    return position.outcome()
