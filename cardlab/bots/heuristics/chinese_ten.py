"""Chinese Ten's greedy heuristic (see :mod:`cardlab.bots.heuristics`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardlab.bots.heuristics import play_out_on_position
from cardlab.engine.cardsets import card_set
from cardlab.engine.core import State, View
from cardlab.engine.moves import Move, Outcome
from cardlab.games.chinese_ten import (
    ONE_CARD,
    ChineseTen,
    ChineseTenPosition,
    ChineseTenView,
    Scheme,
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
    return best_move(view.legal_moves(), card_set(view.table), counted)


def best_move(legal: Sequence[Move], table: int, counted: Scheme) -> Move:
    """:func:`greedy`'s choice among ``legal`` on the table card set ``table`` under the
    points ``counted``: the first move of the most :func:`worth`."""
    best = legal[0]
    most = worth(best, table, counted)
    for move in legal[1:]:
        value = worth(move, table, counted)
        if value > most:
            best, most = move, value
    return best


def worth(move: Move, table: int, counted: Scheme) -> int:
    """What :func:`greedy` thinks ``move`` worth on the table card set ``table``: the points
    of the card and what it captures, or minus the card's points when it captures nothing."""
    card = ONE_CARD[move.card]
    targets = move.targets
    taken = ONE_CARD[targets[0]] if targets else capture_targets(move.card, table)
    if not taken:
        return -pile_points(card, counted)
    return pile_points(card | taken, counted)


def greedy_playout(state: State, rng: random.Random) -> Outcome:
    """Play ``state`` to the end with every seat playing :func:`greedy`, and say how the hand
    ended: the same moves as ``greedy`` on each seat's view, read from the position
    (:func:`greedy_on_position`; ``greedy`` draws nothing from ``rng``)."""
    return play_out_on_position(state, greedy_on_position)


def greedy_on_position(position: ChineseTenPosition) -> Move:
    """:func:`greedy`'s move for the seat to move in ``position``, read from the position
    (its table and its points) instead of a view."""
    return best_move(position.legal_moves(), position.table, position.scheme)
