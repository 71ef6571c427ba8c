"""Chinese Ten's fast path: the random playout, which makes the moves and draws of the public
loop (tests/test_fast_paths.py checks it over the registry) with the rules of
:mod:`cardlab.games.chinese_ten.rules` written out over local card sets.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardlab.engine.cards import Card
from cardlab.engine.moves import PLAIN_MOVES, Move, Outcome
from cardlab.games.chinese_ten.rules import (
    CAPTURED_BY,
    CARD_FACTS,
    ONE_CARD,
    ChineseTenPosition,
    choice_moves,
    choosing_moves,
    end_hand,
)


def random_playout(
    position: ChineseTenPosition, rng: random.Random, trace: list[Move] | None = None
) -> Outcome:
    """Play ``position`` to its end as :func:`~cardlab.engine.randomness.play_randomly` does (the
    same draws and moves: tests check it), :meth:`ChineseTenPosition.play` and :func:`arrive`
    over local card sets and the tables (:data:`CARD_FACTS`); ``trace`` gets the moves."""
    p = position
    hands, hand_moves, won, stock, last = p.hands, p.hand_moves, p.won, p.stock, len(p.stock)
    table, choosers, triple, drawn, pending = p.table, p.choosers, p.triple, p.drawn, p.pending
    seat: int = p.to_move  # type: ignore[assignment]
    moves, captures, choices, getrandbits = p.moves, p.captures, p.choices, rng.getrandbits
    while True:
        if pending is not None:  # legal_moves: the turned-up card's targets, or the hand
            legal: Sequence[Move] = choice_moves(pending, table & CAPTURED_BY[pending])
        elif hands[seat] & choosers:
            legal = choosing_moves(hand_moves[seat], hands[seat] & choosers, table)
        else:
            legal = hand_moves[seat]
        bits = (count := len(legal)).bit_length()
        index = getrandbits(bits)  # draw_index(rng, count), written out: a call costs 10% more
        while index >= count:
            index = getrandbits(bits)
        move = legal[index]
        if trace is not None:
            trace.append(move)
        moves += 1
        chosen = move.targets[0] if move.targets else None
        choices += chosen is not None
        if pending is not None:  # choose: the waiting card takes its target
            arrivals: tuple[tuple[Card, Card | None], ...] = ((pending, chosen),)
            pending = None
        else:  # the hand card, then the stock's top card
            hands[seat] ^= ONE_CARD[move.card]
            hand_moves[seat].remove(move if chosen is None else PLAIN_MOVES[move.card])
            arrivals = ((move.card, chosen), (stock[drawn], None))
            drawn += 1
        for card, target in arrivals:  # arrive (2.3): the card stays, waits, or captures
            one, captured_by, own_rank, other_ranks = CARD_FACTS[card]
            found = table & captured_by
            if not found:  # it stays; a rank there twice gives its capturers a choice
                choosers |= captured_by if table & own_rank else 0
                table |= one
                continue
            if target is not None:
                found = ONE_CARD[target]
            elif found & (found - 1) and found != triple:  # has_choice: the player chooses
                pending = card
                break
            table ^= found
            won[seat] |= one | found
            captures += 1
            left = table & captured_by  # does the taken rank still give a choice?
            if choosers & one and left & (left - 1) == 0:
                choosers &= other_ranks
            triple = 0 if found == triple else triple  # the layout triple taken whole
        if pending is None:
            if drawn == last:
                break
            seat = (seat + 1) % p.players
    return _ended(p, (table, choosers, triple, drawn), (seat, moves, captures, choices))


def _ended(
    position: ChineseTenPosition, cards: tuple[int, int, int, int], counts: tuple[int, ...]
) -> Outcome:
    """The outcome of a :func:`random_playout`, whose end ``position`` takes: the ``cards``
    (table, choosers, triple and how many were drawn) and ``counts`` (the last seat to move,
    moves, captures and choices)."""
    position.table, position.choosers, position.triple, position.drawn = cards
    position.to_move, position.moves, position.captures, position.choices = counts
    position.pending = None
    end_hand(position)
    return position.outcome()
