"""Chinese Ten's greedy heuristic (see :mod:`cardlab.heuristics`)."""

from __future__ import annotations

import random

from cardlab.cardsets import bit, card_set
from cardlab.core import Move, View
from cardlab.games.chinese_ten import (
    ChineseTen,
    ChineseTenView,
    capture_targets,
    pile_points,
    scheme,
)


def greedy(view: View, rng: random.Random) -> Move:
    """Chinese Ten, one card ahead: take the most points now. A capturing move is worth the
    points of the cards it wins; a card that stays on the table is worth minus its own points
    (they are left for the others to take). The best move wins, the first in legal order on a
    tie."""
    assert isinstance(view, ChineseTenView) and isinstance(view.game, ChineseTen)
    counted = scheme(view.game.scoring, view.game.players)
    table = card_set(view.table)

    def worth(move: Move) -> int:
        card = bit(move.card)
        taken = card_set(move.targets) or capture_targets(move.card, table)
        if not taken:
            return -pile_points(card, counted)
        return pile_points(card | taken, counted)

    return max(view.legal_moves(), key=worth)
