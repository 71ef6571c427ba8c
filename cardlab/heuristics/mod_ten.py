"""Mod Ten's greedy heuristic (see :mod:`cardlab.heuristics`)."""

from __future__ import annotations

import random
from collections import Counter

from cardlab.core import Move, View
from cardlab.games.mod_ten import ModTenView


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
