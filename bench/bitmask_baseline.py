"""The yardstick for the solver: a plain memoized search of open-hand two-player Mod Ten over
bitmasks, written from the rules page (1.4-1.7) in a few lines. A benchmark, not an engine: it
knows no narration, no refusals and no other game, and the solver must beat it (issue 17).

A position is (hand of the seat to move, the other hand, led suit or -1, table total mod 10);
a card is bit ``card.order`` (13 ranks a suit), so that a suit is one mask. ``wins(...)`` is
True when the seat to move wins with best play.
"""

from __future__ import annotations

import functools

import cardlab

SUIT_MASK = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
VALUE = tuple(rank + 1 for _suit in range(4) for rank in range(13))  # A=1 .. 9=9


def bits(cards: object) -> int:
    """The bitmask of some cards."""
    return sum(1 << card.order for card in cards)  # type: ignore[attr-defined]


@functools.cache
def wins(mine: int, theirs: int, led: int, total: int) -> bool:
    """True when the seat to move, holding ``mine``, wins against ``theirs``."""
    playable = mine if led < 0 else mine & SUIT_MASK[led]
    return any(
        after_wins(mine, theirs, led, total, card) for card in range(52) if playable >> card & 1
    )


def after_wins(mine: int, theirs: int, led: int, total: int, card: int) -> bool:
    """True when the seat to move wins by playing ``card`` (bit index)."""
    mine ^= 1 << card
    total = (total + VALUE[card]) % 10
    led = card // 13 if led < 0 else led
    if total == 0:  # rule 1.6: collects, and leads again unless out (rule 1.7)
        return mine == 0 or wins(mine, theirs, -1, 0)
    if mine == 0:
        return True
    if theirs & SUIT_MASK[led]:  # rule 1.5: the other seat follows ...
        return not wins(theirs, mine, led, total)
    return wins(mine, theirs, led, total)  # ... or is skipped, and the same seat plays again


def step(
    mine: int, theirs: int, led: int, total: int, card: int
) -> tuple[bool, tuple[int, int, int, int] | None]:
    """After the seat to move plays ``card``: (whether the same seat moves next, the position
    then as (mover's hand, other hand, led, total)), or (True, None) when it went out."""
    mine ^= 1 << card
    total = (total + VALUE[card]) % 10
    led = card // 13 if led < 0 else led
    if mine == 0:
        return True, None
    if total == 0:
        return True, (mine, theirs, -1, 0)
    if theirs & SUIT_MASK[led]:
        return False, (theirs, mine, led, total)
    return True, (mine, theirs, led, total)


def solve_deal(state: cardlab.State) -> tuple[bool, list[bool], list[int]]:
    """The deal's value for the seat to move, every first move's value and one line of
    perfect play (bit indices): the work ``cardlab.solve(state)`` does. The cache is cleared
    first, so every deal is searched from nothing."""
    wins.cache_clear()
    mover = state.current_player
    mine, theirs = bits(state.hands[mover]), bits(state.hands[1 - mover])
    first = [card for card in range(52) if mine >> card & 1]
    values = [after_wins(mine, theirs, -1, 0, card) for card in first]
    line: list[int] = []
    position: tuple[int, int, int, int] | None = (mine, theirs, -1, 0)
    while position is not None:
        value = wins(*position)
        hand, other, led, total = position
        playable = hand if led < 0 else hand & SUIT_MASK[led]
        for card in (c for c in range(52) if playable >> c & 1):
            if after_wins(hand, other, led, total, card) == value:
                break
        line.append(card)
        _same, position = step(hand, other, led, total, card)
    return any(values), values, line
