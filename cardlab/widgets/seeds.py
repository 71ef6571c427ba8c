"""Seeds typed into a widget: a whole number from 0 to 10**18 - 1, or such numbers joined by
dashes (how :func:`cardlab.simulate` names its hands: "7-41"). Anything else is refused with a
message that says what to type.

>>> parse_seed(" 42 "), parse_seed("7-41"), parse_seed(""), parse_seed(5)
(42, '7-41', None, 5)
>>> try:
...     parse_seed("3.5")
... except SeedError as error:
...     print(error)
a seed is a whole number such as 7 (from 0 to 999999999999999999), not '3.5'
"""

from __future__ import annotations

import re

from cardlab.engine.numbers import whole_number
from cardlab.engine.words import shortened

SEED_DIGITS = 18
"""The most digits a seed (or each part of a dashed seed) may have."""
SEED_PATTERN = re.compile(rf"[0-9]{{1,{SEED_DIGITS}}}(-[0-9]{{1,{SEED_DIGITS}}})*")
"""A whole number, or whole numbers joined by dashes."""
QUOTED = 24
"""The most characters of a refused seed quoted back in a message."""


class SeedError(ValueError):
    """A seed that is not a whole number from 0 to 10**18 - 1 (or such numbers joined by dashes)."""


def quote(text: str) -> str:
    """``text`` as quoted in a message: repr of at most :data:`QUOTED` characters."""
    if len(text) <= QUOTED:
        return repr(text)
    return repr(text[:QUOTED]) + f"... ({len(text)} characters)"


def refusal(shown: str) -> SeedError:
    """The error for a seed shown as ``shown``."""
    limit = 10**SEED_DIGITS - 1
    return SeedError(f"a seed is a whole number such as 7 (from 0 to {limit}), not {shown}")


def parse_seed(seed: object) -> int | str | None:
    """A seed from a widget or a call: None or blank text means "draw one"; whole numbers come
    back as ints, dashed seeds ("7-41") as text. Raises :class:`SeedError` otherwise."""
    if seed is None:
        return None
    number = whole_number(seed)  # numpy's integers too
    if number is not None:
        if not 0 <= number < 10**SEED_DIGITS:
            raise refusal(shortened(seed))  # str() of a huge number is refused by Python
        return number
    if not isinstance(seed, str):
        raise refusal(shortened(seed))
    text = seed.strip()
    if not text:
        return None
    if not SEED_PATTERN.fullmatch(text):
        raise refusal(quote(text))
    return int(text) if text.isdigit() else text
