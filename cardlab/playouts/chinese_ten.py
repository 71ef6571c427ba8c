"""The fast random playout of Chinese Ten, beside the readable engine in
:mod:`cardlab.games.chinese_ten`.

:meth:`ChineseTen.playout <cardlab.games.chinese_ten.ChineseTen.playout>` calls it. It plays the
same rules on card numbers, with no states and no events, and makes exactly the draws and moves
of the engine's own loop; ``tests/test_chinese_ten_bots.py`` checks this move by move.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable

from cardlab.cards import RANKS, Card
from cardlab.core import Move, Outcome, State, sole_leader
from cardlab.games.chinese_ten import (
    _CAPTURES,
    _PLAIN,
    _POINTS,
    DECK,
    ChineseTen,
    ChineseTenState,
    target_move,
)

# The fast playout's tables: card numbers are indices in DECK (display order), rank numbers
# indices in RANKS (0 for the ace .. 12 for the king).
_NO_RANK = -1
_RANK_OF: list[int] = [card.number - 1 for card in DECK]
"""The rank number of each card number."""
_CAPTURE_OF: list[int] = [RANKS.index(_CAPTURES[card]) for card in DECK]
"""The rank number that each card number captures."""
_POINTS_OF: dict[tuple[str, int], list[int]] = {
    key: [table[card] for card in DECK] for key, table in _POINTS.items()
}
"""The points of each card number, per (scoring, players)."""


def _rank_groups(table: Iterable[Card]) -> list[list[int]]:
    """The table as one list per rank number: its card numbers, in display order."""
    groups: list[list[int]] = [[] for _ in RANKS]
    for card in table:
        insort(groups[card.number - 1], card.order)
    return groups


def _choices_in(
    hand: list[int], groups: list[list[int]], triple: int
) -> list[tuple[int, int | None]] | None:
    """The legal moves of ``hand`` as (card, target) pairs of card numbers, in the engine's
    order (see :func:`_moves_for`), the target None where the card has no choice; or None
    when no card has a choice (the moves are then the hand's cards)."""
    for card in hand:
        capture = _CAPTURE_OF[card]
        if len(groups[capture]) > 1 and capture != triple:
            break
    else:
        return None
    found: list[tuple[int, int | None]] = []
    for card in hand:
        capture = _CAPTURE_OF[card]
        group = groups[capture]
        if len(group) > 1 and capture != triple:
            for target in group:
                found.append((card, target))
        else:
            found.append((card, None))
    return found


def _take_all(group: list[int], points: list[int]) -> int:
    """The points of the cards in ``group`` (a layout triple), which leave the table."""
    won = 0
    for card in group:
        won += points[card]
    group.clear()
    return won


def _fast_move(card: int, target: int | None) -> Move:
    """The move of card number ``card`` capturing card number ``target`` (None: no choice)."""
    if target is None:
        return _PLAIN[DECK[card]]
    return target_move(DECK[card], DECK[target])


def playout(
    game: ChineseTen, state: State, rng: random.Random, trace: list[Move] | None = None
) -> Outcome:
    """Random play to the end, as :meth:`Game.playout` but several times faster, making
    the same random draws and the same moves (a test checks that they agree move by move).
    ``state`` may be any state of a hand: the start, mid-hand, a pending choice, a layout
    triple on the table, or the end.

    The rules run on card numbers (indices in ``DECK``), with no states and no events. The
    table is kept as one list per rank (0 for aces .. 12 for kings), each in display order,
    which is the order of the choices; ``doubled`` counts the ranks held two or more times
    (not a layout triple's): while it is 0, no card has a choice and the moves are the hand.
    """
    assert isinstance(state, ChineseTenState)
    if state.current_player is None:
        return state.outcome()
    points = _POINTS_OF[(game.scoring, game.players)]
    players = game.players
    capture_of = _CAPTURE_OF
    rank_of = _RANK_OF
    hands = [[card.order for card in hand] for hand in state.hands]
    stock = [card.order for card in reversed(state.stock)]  # the top card last, for pop()
    groups = _rank_groups(state.table)
    doubled = len(state.doubled)
    triple = _NO_RANK if state.triple is None else RANKS.index(state.triple)
    pending = None if state.pending is None else state.pending.order
    scores = list(state.scores)
    seat = state.current_player
    moves = state.move_number
    captures, choices = [count for _, count in state.stats()]
    choice = rng.choice
    while True:
        # A move: a hand card (with a target where it has a choice), or the target of the
        # pending turned-up card.
        if pending is None:
            hand = hands[seat]
            pairs = _choices_in(hand, groups, triple) if doubled else None
            if pairs is None:
                card, target = choice(hand), None
            else:
                card, target = choice(pairs)
            hand.remove(card)
        else:
            card = pending
            target = choice(groups[capture_of[card]])
        moves += 1
        if trace is not None:
            trace.append(_fast_move(card, target))
        # The card meets the table (as _arrive).
        group = groups[capture_of[card]]
        if target is not None:  # the chosen target, one of two or more
            choices += 1
            if len(group) == 2:
                doubled -= 1
            group.remove(target)
            scores[seat] += points[card] + points[target]
            captures += 1
        elif not group:  # nothing to capture: the card stays
            group = groups[rank_of[card]]
            insort(group, card)
            if len(group) == 2:
                doubled += 1
        elif len(group) == 1:  # its only target
            scores[seat] += points[card] + points[group.pop()]
            captures += 1
        else:  # the three of a layout triple
            scores[seat] += points[card] + _take_all(group, points)
            captures += 1
        if pending is not None:  # the turn is over
            pending = None
        else:  # the stock's top card turned up
            card = stock.pop()
            group = groups[capture_of[card]]
            if not group:
                group = groups[rank_of[card]]
                insort(group, card)
                if len(group) == 2:
                    doubled += 1
            elif len(group) == 1:
                scores[seat] += points[card] + points[group.pop()]
                captures += 1
            elif capture_of[card] == triple:
                scores[seat] += points[card] + _take_all(group, points)
                captures += 1
            else:  # two or more targets: the same seat chooses, in a move of its own
                pending = card
                continue
        if not stock:
            break
        seat = (seat + 1) % players
    final = tuple(scores)
    return Outcome(final, sole_leader(final), moves, (("captures", captures), ("choices", choices)))
