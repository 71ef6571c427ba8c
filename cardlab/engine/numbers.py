"""Whole numbers and seeds as the engine takes them: what counts as a whole number (no
bools, no fractions), the bounds of an option, a hand number and a seed, and which texts can
be a seed."""

from __future__ import annotations

import math
import numbers
import operator
import re

from cardlab.engine.errors import (
    DealError,
)
from cardlab.engine.words import shortened

# --------------------------------------------------------------------------- whole numbers


def whole_number(value: object) -> int | None:
    """``value`` as an ``int`` when it is a whole number: an ``int``, or a number of another
    library that says it is one (a NumPy integer); None for anything else, bools and floats
    included (``True`` is not a count, and ``2.0`` is not a seat).

    >>> whole_number(3), whole_number(True), whole_number(2.0), whole_number("3")
    (3, None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int(value)
    if not isinstance(value, numbers.Integral):  # not a NumPy bool (numpy 1 gives it __index__)
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def real_number(value: object) -> float | None:
    """``value`` as a finite ``float`` when it is a number: an ``int``, a ``float`` or a
    number of another library (NumPy's); None for anything else, bools, NaN, infinities and
    ints too large for a float included.

    >>> real_number(2), real_number(0.5), real_number(True), real_number(float("nan"))
    (2.0, 0.5, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except (OverflowError, TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


MAX_OPTION = 10**9
"""The largest value of a whole-number option (a target, say): records hold options as numbers,
and no match is played to more."""

MAX_HAND_NUMBER = 10**9
"""The largest hand number of a match."""

MAX_SEED = 10**4300
"""Seeds are below this (4,300 digits): a larger number cannot be written as text, so its
record could not be saved."""


def encodable(text: str) -> bool:
    """True when ``text`` can be written as UTF-8: it holds no lone surrogate (``"\\ud800"``),
    which Python strings may hold but no file, record or random seed can.

    >>> encodable("7"), encodable("\\ud800")
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


LATER_HAND_SEED = re.compile(r"/hand\d+$")
"""How the seed of a later hand of a match ends (hand 1 of seed 7 is dealt from ``"7/hand1"``)."""


def checked_seed(seed: object) -> int | str:
    """``seed`` if it can seed a deal: a whole number from 0 up (NumPy integers too) or a text.

    A negative number is refused (``random`` would deal it as its opposite: 7 and -7 would
    be the same hand), and so is a text ending in ``/hand<number>``, which is how the later
    hands of a match are seeded (hand 1 of seed 7 is dealt from ``"7/hand1"``). Raises
    :class:`DealError` saying what a seed is.
    """
    if isinstance(seed, str):
        if not encodable(seed):
            raise DealError(
                f"the seed {shortened(seed)} holds a lone surrogate (a half of a UTF-16 pair), "
                "which no text file or record can hold: choose another text"
            )
        if "/hand" in seed and LATER_HAND_SEED.search(seed):
            raise DealError(
                f"the seed {shortened(seed)} ends like the seed of a later hand of a match "
                "(seed 7, hand 1 is dealt from '7/hand1'): choose another text"
            )
        return seed
    number = whole_number(seed)
    if number is None:
        raise DealError(f"a seed is a whole number from 0 up or a text, not {shortened(seed)}")
    if number < 0:
        raise DealError(
            f"a seed is a whole number from 0 up or a text, not {shortened(number)} "
            f"(a negative seed would deal the same hand as {shortened(-number)})"
        )
    if number >= MAX_SEED:
        raise DealError("a seed has at most 4,300 digits (a record must be able to write it)")
    return number
