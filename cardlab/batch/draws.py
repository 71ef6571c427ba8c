"""Random numbers for the batch engine: each hand's own, whatever batch it is played in.

Every random number of hand ``i`` of a run seeded ``S`` is a function of ``(S, i, what it
is for, which one)`` alone: a counter-based generator, worked out for a whole batch of hands
at once with unsigned 64-bit arithmetic. So a hand is the same in a batch of 1 or of 100,000,
in this process or in a worker, first or last.

The function is the mixer of SplitMix64 (Steele, Lea and Flood, 2014: the generator of
Java's ``SplittableRandom``, and the usual seeder of the xoshiro generators): a bijection of
64-bit words that spreads every input bit over every output bit. SplitMix64 is this mixer
applied to a counter stepped by an odd constant, and passes the BigCrush battery of tests;
here the counter is a stream's key (a hand's, for one purpose) plus the number of the draw.

>>> keys = hand_keys(run_key(7), np.arange(3))
>>> bool((hand_keys(run_key(7), np.arange(2, 3)) == keys[2:]).all())
True
>>> below(draw(streams(keys, MOVE_DRAWS), np.zeros(3, np.uint64)), np.full(3, 6)).tolist()
[3, 3, 0]
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[Any]
"""A numpy array (its dtype is said where it matters: uint64 for words and card sets)."""

_STEP = 0x9E3779B97F4A7C15
GOLDEN = np.uint64(_STEP)
"""2**64 divided by the golden ratio, odd: SplitMix64's step, which visits every word."""

_FIRST = np.uint64(0xBF58476D1CE4E5B9)
_SECOND = np.uint64(0x94D049BB133111EB)


def _purpose(number: int) -> np.uint64:
    """The offset of the stream numbered ``number`` from a hand's key (``number`` steps)."""
    return np.uint64(number * _STEP % 2**64)


DEALER_DRAWS = _purpose(1)
"""What a draw is for: the first dealer of a hand."""
DECK_DRAWS = _purpose(2)
"""What a draw is for: the shuffle (one draw per card of the deck)."""
MOVE_DRAWS = _purpose(3)
"""What a draw is for: the random agents' moves (one draw per move of the hand)."""


def mix(words: Array) -> Array:
    """SplitMix64's mixer of each uint64 word (a new array; ``words`` is left as it was)."""
    mixed: Array = words ^ (words >> np.uint64(30))
    mixed *= _FIRST
    mixed ^= mixed >> np.uint64(27)
    mixed *= _SECOND
    mixed ^= mixed >> np.uint64(31)
    return mixed


def run_key(seed: int | str) -> np.uint64:
    """The key of a run seeded ``seed``: 64 bits of a hash of its text, so that ``7`` and
    ``"7"`` (the same run, as :func:`cardlab.simulate` has it) give the same key."""
    digest = hashlib.blake2b(str(seed).encode("utf-8", "surrogatepass"), digest_size=8)
    return np.uint64(int.from_bytes(digest.digest(), "little"))


def hand_keys(key: np.uint64, indices: Array) -> Array:
    """The key of each hand of a run whose key is ``key``, by the hand's index in the run."""
    counters = indices.astype(np.uint64) + np.uint64(1)
    counters *= GOLDEN
    counters += key
    return mix(counters)


def streams(keys: Array, purpose: np.uint64) -> Array:
    """The key of the stream of draws for ``purpose`` of each hand whose key is in ``keys``."""
    return mix(keys + purpose)


def draw(stream: Array, numbers: Array) -> Array:
    """Draw number ``numbers`` (a uint64 array) of each stream whose key is in ``stream``: a
    uniformly distributed uint64 word each."""
    return mix(stream + numbers * GOLDEN)


def below(words: Array, sizes: Array) -> Array:
    """Each random word turned into a whole number from 0 to ``size - 1`` (int64), by the top
    32 bits of the word times the size: every number is as likely as the others to within
    ``size / 2**32`` (less than one in a hundred million for the few dozen moves of a hand)."""
    high = words >> np.uint64(32)
    return ((high * sizes.astype(np.uint64)) >> np.uint64(32)).astype(np.int64)


def shuffled(keys: Array, cards: int) -> Array:
    """A random order of ``cards`` places for each hand (int64, one row per key): the places
    sorted by a random word each, which makes every order equally likely (two equal words, a
    chance of about ``cards**2 / 2**65``, keep their places' order)."""
    places = np.arange(cards, dtype=np.uint64)
    words = draw(streams(keys, DECK_DRAWS)[:, None], places[None, :])
    return np.argsort(words, axis=1).astype(np.int64)


def dealers(keys: Array, players: int) -> Array:
    """The dealer of each hand, drawn uniformly among the seats (int64)."""
    zero = np.zeros(len(keys), dtype=np.uint64)
    return below(draw(streams(keys, DEALER_DRAWS), zero), np.full(len(keys), players))
