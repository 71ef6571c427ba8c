"""Card sets of many hands at once: one uint64 word per hand, the bits of
:mod:`cardlab.engine.cardsets` (a card's bit is ``card.order``: clubs A..K are bits 0 to 12, then
diamonds, hearts and spades), so that a batch's card set and the rules engine's are the same
number.

>>> cards = np.array([0b1011, 0b110000], dtype=np.uint64)
>>> count(cards).tolist(), lowest(cards).tolist(), select(cards, np.array([2, 1])).tolist()
([3, 2], [0, 4], [3, 5])
"""

from __future__ import annotations

import numpy as np

from cardlab.batch.draws import Array

ONE = np.uint64(1)
"""The word with the lowest bit set."""

NONE = 64
"""The bit index that stands for "no card" (the one-card set of it is empty)."""

BITS: Array = np.array([1 << index for index in range(64)] + [0], dtype=np.uint64)
"""``BITS[index]``: the one-card set of the card at bit ``index``; ``BITS[NONE]`` is empty."""


def one_card(index: Array) -> Array:
    """The one-card set of each bit index (empty for :data:`NONE`)."""
    return BITS[index]


def only(cards: Array, where: Array) -> Array:
    """Each card set where ``where`` (a bool array) is True, the empty set elsewhere (what
    ``np.where(where, cards, 0)`` gives, several times as fast: a mask of all ones or none)."""
    kept: Array = cards & (np.uint64(0) - where.astype(np.uint64))
    return kept


_BYTE_COUNTS = np.array([bin(byte).count("1") for byte in range(256)], dtype=np.uint8)
"""``_BYTE_COUNTS[byte]``: how many bits of ``byte`` are set."""


def _count_by_bytes(cards: Array) -> Array:
    """How many bits each word has set, byte by byte through :data:`_BYTE_COUNTS` (uint8):
    what numpy 2's ``bitwise_count`` gives, for numpy 1 (Pyodide 0.26 and older pandas carry
    it), several times as slow."""
    words = np.ascontiguousarray(cards, dtype=np.uint64)
    per_byte = _BYTE_COUNTS[words.view(np.uint8).reshape(*words.shape, 8)]
    counted: Array = per_byte.sum(axis=-1, dtype=np.uint8)
    return counted


bit_count = getattr(np, "bitwise_count", _count_by_bytes)
"""How many bits each word has set (uint8): numpy 2's ``bitwise_count``, or the same counted
byte by byte under numpy 1."""


def count(cards: Array) -> Array:
    """How many cards each set holds (int64)."""
    return bit_count(cards).astype(np.int64)


def lowest(cards: Array) -> Array:
    """The bit index of the lowest card of each set (int64); :data:`NONE` for an empty set."""
    below_it = (cards & (~cards + ONE)) - ONE  # the bits under the lowest card (all: empty)
    found: Array = bit_count(below_it).astype(np.int64)
    return found


def _select_table() -> Array:
    """``SELECT[8 * byte + k]``: the bit index of the ``k``-th set bit of ``byte`` (8 if
    none)."""
    table = np.full((256, 8), 8, dtype=np.uint8)
    for byte in range(256):
        found = [bit for bit in range(8) if byte >> bit & 1]
        table[byte, : len(found)] = found
    return table.reshape(-1)


_SELECT = _select_table()


def select(cards: Array, k: Array) -> Array:
    """The bit index of the ``k``-th lowest card of each set (``k`` from 0; int64): halve the
    word where the card is (the lower half if it holds more than ``k`` cards, else the upper
    one, less the lower half's count), down to a byte, then look it up. Counts are kept in
    bytes (a card set holds at most 64 cards), which numpy works on fastest. A ``k`` out of
    range gives a meaningless index, never an error."""
    k = k.astype(np.uint8)
    index = np.zeros(len(cards), dtype=np.uint8)
    for width in (32, 16, 8):
        low = cards & np.uint64((1 << width) - 1)
        below_count = bit_count(low)
        upper = k >= below_count
        k -= below_count * upper
        cards = np.where(upper, cards >> np.uint64(width), low)
        index += np.uint8(width) * upper
    found: Array = index + _SELECT[(cards.astype(np.intp) << 3) | (k & 7)]
    return found.astype(np.int64)
