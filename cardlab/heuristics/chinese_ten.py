"""Chinese Ten's greedy heuristic (see :mod:`cardlab.heuristics`)."""

from __future__ import annotations

import random

from cardlab.core import Move, View
from cardlab.games.chinese_ten import ChineseTen, ChineseTenView, targets_on


def greedy(view: View, rng: random.Random) -> Move:
    """Chinese Ten, one card ahead: take the most points now. A capturing move is worth the
    points of the cards it wins; a card that stays on the table is worth minus its own points
    (they are left for the others to take). The best move wins, the first in legal order on a
    tie."""
    assert isinstance(view, ChineseTenView) and isinstance(view.game, ChineseTen)
    points = view.game.points

    def worth(move: Move) -> int:
        taken = move.targets or targets_on(move.card, view.table)
        if not taken:
            return -points[move.card]
        return points[move.card] + sum(points[card] for card in taken)

    return max(view.legal_moves(), key=worth)
