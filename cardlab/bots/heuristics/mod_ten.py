"""Mod Ten's greedy heuristic (see :mod:`cardlab.bots.heuristics`): one rule of thumb
(:func:`best_move`), read from a view or from a position."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardlab.bots.heuristics import play_out_on_position
from cardlab.engine.core import State, View
from cardlab.engine.moves import Move, Outcome
from cardlab.games.mod_ten import ModTenPosition, ModTenView


def greedy(view: View, rng: random.Random) -> Move:
    """Mod Ten: capture if a card can (the highest such card), since capturing lets you lead
    again and shed one more card; otherwise play the card after which the fewest unseen cards
    could capture (the next multiple of 10 is hardest to reach), the highest card on a tie."""
    assert isinstance(view, ModTenView)
    return best_move(view.legal_moves(), view.table_sum, view.unseen_sets())


def greedy_on_position(position: ModTenPosition) -> Move:
    """:func:`greedy`'s move for the seat to move in ``position``, read from the position
    instead of a view. Every card is dealt, so the cards a seat does not see are exactly the
    other seats' hands: the copies of a card that could capture next are counted there."""
    unseen = position.unseen_by(position.to_move)  # type: ignore[arg-type]
    return best_move(position.legal_moves(), position.table_sum, unseen)


def best_move(legal: Sequence[Move], total: int, unseen: tuple[int, int]) -> Move:
    """:func:`greedy`'s choice among ``legal`` when the table adds up to ``total`` and the cards
    the seat cannot see are ``unseen``, as two card sets (the cards with a copy unseen, and
    those with both copies unseen): the highest card that captures, the first on a tie; else
    the first card with the least :func:`risk`."""
    best: Move | None = None
    for move in legal:
        number = move.card.number
        if (total + number) % 10 == 0 and (best is None or number > best.card.number):
            best = move
    if best is not None:
        return best
    least: tuple[int, int] | None = None
    for move in legal:
        danger = risk(move, total, unseen)
        if least is None or danger < least:
            best, least = move, danger
    assert best is not None
    return best


def risk(move: Move, total: int, unseen: tuple[int, int]) -> tuple[int, int]:
    """What :func:`greedy` fears of ``move`` on a table adding up to ``total``: how many unseen
    copies there are of the card of its suit that would bring the table to the next multiple
    of 10 (the fewer the better), then minus its number (a higher card sheds more)."""
    card = move.card
    number = card.number
    gap = 10 - (total + number) % 10
    answer = 1 << (card.order - number + gap)  # the card of the same suit numbered gap
    once, twice = unseen
    return ((once & answer != 0) + (twice & answer != 0), -number)


def greedy_playout(state: State, rng: random.Random) -> Outcome:
    """Play ``state`` to the end with every seat playing :func:`greedy`, and say how the hand
    ended: the same moves as ``greedy`` on each seat's view, read from the position
    (:func:`greedy_on_position`; ``greedy`` draws nothing from ``rng``)."""
    return play_out_on_position(state, greedy_on_position)
