"""Plain-English helpers shared by the games' narration and by every error message.

>>> or_list(["3H", "7C", "7S"]), and_list(["5C", "5D"])
('3H, 7C or 7S', '5C and 5D')
>>> suit_word("H"), plural("six"), with_article("eight")
('heart', 'sixes', 'an eight')
>>> shortened("x" * 1000, 12)
"'xxxxxxxxxxx... (1,002 characters)"
"""

from __future__ import annotations

from collections.abc import Iterable

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
"""The plural English name of each suit letter."""


def suit_word(suit: str) -> str:
    """The singular English word for a suit letter: ``"H"`` -> ``"heart"``."""
    return SUIT_NAMES[suit][:-1]


def plural(word: str) -> str:
    """The plural of a rank's name: "six" -> "sixes", "king" -> "kings"."""
    return word + ("es" if word.endswith("x") else "s")


def with_article(word: str) -> str:
    """A rank's name with "a" or "an": "an eight", "a king"."""
    return ("an " if word[0] in "ae" else "a ") + word


def or_list(items: Iterable[object]) -> str:
    """Items as text joined by commas and a last "or": "3H, 7C or 7S"."""
    texts = [str(item) for item in items]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " or " + texts[-1]


def and_list(items: Iterable[object]) -> str:
    """Items as text joined by commas and a last "and": "5C, 5D and 5H"."""
    texts = [str(item) for item in items]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def clipped(text: str, limit: int = 200) -> str:
    """``text``, cut to about ``limit`` characters (for messages about huge inputs).

    >>> clipped("x" * 1000, 8)
    'xxxxxxxx... (1,000 characters)'
    """
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def shortened(value: object, limit: int = 60) -> str:
    """``repr(value)`` as an error message quotes a user's input: cut to about ``limit``
    characters, so that a huge input never makes a huge message (see :func:`clipped`)."""
    try:
        shown = repr(value)
    except Exception:  # a value whose repr fails is still named
        shown = f"<{type(value).__name__}>"
    return clipped(shown, limit)
