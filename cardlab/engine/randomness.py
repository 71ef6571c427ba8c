"""Chance, drawn exactly as Python's ``random`` draws it: an index, a shuffle and a random
playout that make the draws of ``rng.choice`` and ``rng.shuffle`` with fewer calls, and
seeds or generators taken as a generator.

The rejection draw of :func:`draw_index` is the one rule of chance. It is written out in four
loops where a call for each draw costs too much (instructions counted with callgrind): the
shuffle (a call doubles it) and the three games' own random playouts (10 to 16% more each:
:func:`cardlab.games.mod_ten.fast.random_playout` and its peers), each saying so where it
draws. Everything else calls it.
"""

from __future__ import annotations

import random
from typing import TypeVar

from cardlab.engine.errors import (
    OptionError,
)
from cardlab.engine.moves import Move, Outcome
from cardlab.engine.numbers import (
    encodable,
    whole_number,
)
from cardlab.engine.positions import Position
from cardlab.engine.words import shortened

T = TypeVar("T")


def draw_index(rng: random.Random, size: int) -> int:
    """A random index below ``size``, drawn exactly as ``rng.choice`` draws one.

    ``random.Random.choice(seq)`` takes ``getrandbits(k)`` for ``k = len(seq).bit_length()``
    until the number is below ``len(seq)``. Drawing the index the same way here lets a
    playout make exactly the draws of ``rng.choice(state.legal_moves())``, without two
    Python-level calls per move.

    >>> rng, again = random.Random(5), random.Random(5)
    >>> [draw_index(rng, 7) for _ in range(5)] == [again.choice(range(7)) for _ in range(5)]
    True
    """
    bits = size.bit_length()
    index = rng.getrandbits(bits)
    while index >= size:
        index = rng.getrandbits(bits)
    return index


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does, a little faster.

    ``random.Random.shuffle`` swaps each item, from the last down, with one drawn below it
    by :func:`draw_index`'s rule; doing the same here with ``getrandbits`` directly saves two
    Python-level calls per card, in every deal and every Monte Carlo world.

    >>> mine, theirs = list(range(10)), list(range(10))
    >>> shuffle(random.Random(3), mine); random.Random(3).shuffle(theirs)
    >>> mine == theirs
    True
    """
    getrandbits = rng.getrandbits
    count = len(items)
    draws = _SHUFFLE_DRAWS.get(count) or _shuffle_draws(count)
    for last, size, bits in draws:
        # draw_index(rng, size), written out: a call for each card doubles a shuffle's cost
        # (callgrind: 20,000 shuffles of 52 cards, 985 -> 1,945 million instructions), and
        # every deal and every Monte Carlo world shuffles.
        other = getrandbits(bits)
        while other >= size:
            other = getrandbits(bits)
        items[last], items[other] = items[other], items[last]


_SHUFFLE_DRAWS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""For each length of list shuffled so far, the (index, size, bits) of each draw of
:func:`shuffle`: worked out once per length (decks have a few lengths)."""


def _shuffle_draws(count: int) -> tuple[tuple[int, int, int], ...]:
    """The draws of :func:`shuffle` for a list of ``count`` items, from the last item down:
    its index, how many items it may be swapped with, and that number's bit length."""
    draws = tuple((last, last + 1, (last + 1).bit_length()) for last in range(count - 1, 0, -1))
    if len(_SHUFFLE_DRAWS) < 64:
        _SHUFFLE_DRAWS[count] = draws
    return draws


def play_randomly(
    position: Position, rng: random.Random, trace: list[Move] | None = None
) -> Outcome:
    """Play ``position`` to the end with uniformly random legal moves drawn from ``rng``, and
    say how the hand ended. ``position`` is changed (pass a copy to keep it); ``trace``, if
    given, receives the moves made.

    Each move is ``legal[draw_index(rng, len(legal))]``, the same draw as
    ``rng.choice(state.legal_moves())``, so this plays exactly as a loop over states would. It
    is the reference the games' own faster playouts are checked against (tests/test_fast_paths.py).
    """
    legal_moves = position.legal_moves
    play = position.play
    while position.to_move is not None:
        legal = legal_moves()
        move = legal[draw_index(rng, len(legal))]
        if trace is not None:
            trace.append(move)
        play(move)
    return position.outcome()


def as_rng(rng: random.Random | int | str | None) -> random.Random:
    """``rng`` as a ``random.Random``: a generator is used as it is, a seed (a whole number
    from 0 up, or a text) makes a new one, None draws one; anything else is an
    :class:`OptionError`. A negative number is refused, as
    :func:`~cardlab.engine.numbers.checked_seed` refuses it:
    ``random`` would draw from it as from its opposite (-1 and 1 the same)."""
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, str) and not encodable(rng):
        raise OptionError(
            f"a seed text may not hold a lone surrogate (a half of a UTF-16 pair): {shortened(rng)}"
        )
    if rng is None or isinstance(rng, str):
        return random.Random(rng)
    number = whole_number(rng)
    if number is None:
        raise OptionError(
            f"expected a random.Random or a seed (a whole number or a text), not {shortened(rng)}"
        )
    if number < 0:
        raise OptionError(
            f"a seed is a whole number from 0 up or a text, not {shortened(number)} (a negative "
            f"seed would draw the same as {shortened(-number)})"
        )
    return random.Random(number)
