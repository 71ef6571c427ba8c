"""Feedback on an exercise: the :class:`Feedback` a check gives, and the registry of checks.

A lesson's exercise ends with ``check("mod-ten.2", answer)``. The check named ``"mod-ten.2"``
looks at the answer and says, in a sentence, whether it is right, and if not, what to look at
again. It never raises for a wrong answer: a student learns more from a hint than from a
traceback.

>>> feedback = right("2 + 8 = 10.")
>>> bool(feedback), feedback
(True, Right! 2 + 8 = 10.)
>>> bool(not_yet("look at the suit sums again."))
False
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any, TypeVar

Check = Callable[[Any], "Feedback"]
"""A check: given a student's answer, the feedback on it."""

CHECKS: dict[str, Check] = {}
"""Every check, by exercise name (filled by the lesson modules of :mod:`cardlab.exercises`)."""

PLACEHOLDER = ...
"""What an exercise cell holds before the student answers: ``answer = ...``."""

F = TypeVar("F", bound=Check)


class ExerciseError(ValueError):
    """An exercise name that no lesson has."""


class Feedback:
    """What a check says about an answer: right or not (``bool(feedback)``), and why.

    In a notebook it shows as one line of text; in a solutions notebook ``assert
    check(...)`` fails when the answer is not right.
    """

    def __init__(self, correct: bool, message: str, verdict: str | None = None) -> None:
        self.correct = correct
        """True when the answer is right."""
        self.message = message
        """The explanation, or the hint."""
        self.verdict = verdict or ("Right!" if correct else "Not yet:")
        """The first words: "Right!", "Not yet:" or "No answer yet:"."""

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        message = self.message
        if self.verdict.endswith("!"):  # a new sentence
            message = message[:1].upper() + message[1:]
        return f"{self.verdict} {message}"

    __str__ = __repr__


def right(message: str) -> Feedback:
    """The feedback on a right answer, with what it shows."""
    return Feedback(True, message)


def not_yet(hint: str) -> Feedback:
    """The feedback on an answer that is not right (yet), with a hint."""
    return Feedback(False, hint)


def not_answered() -> Feedback:
    """The feedback while the answer is still the placeholder ``...``."""
    return Feedback(
        False, "replace the ... with your answer, then run the cell again.", "No answer yet:"
    )


def exercise(name: str) -> Callable[[F], F]:
    """Register the decorated function as the check of exercise ``name`` ("mod-ten.2").

    The function receives the answer (never the placeholder ``...``: :func:`check` answers
    that itself) and returns a :class:`Feedback`."""

    def register(function: F) -> F:
        if name in CHECKS:
            raise ValueError(f"two checks are registered for exercise {name!r}")
        CHECKS[name] = function
        return function

    return register


def run_check(name: str, answer: Any) -> Feedback:
    """The feedback of the check registered as ``name`` on ``answer``."""
    if name not in CHECKS:
        known = ", ".join(sorted(CHECKS))
        raise ExerciseError(f"there is no exercise {name!r}: the exercises are {known}")
    if answer is PLACEHOLDER:
        return not_answered()
    return CHECKS[name](answer)


# --------------------------------------------------------------------------- reading answers


def as_texts(answer: Any) -> set[str] | None:
    """Cards or moves given as a list (or set, or one space-separated string) of text, cards
    or moves, as a set of their texts in capitals; None when the answer is not such a list.

    >>> sorted(as_texts("8h 2H"))
    ['2H', '8H']
    """
    if isinstance(answer, str):
        answer = answer.split()
    if not isinstance(answer, list | tuple | set | frozenset):
        return None
    texts = set()
    for item in answer:
        if not isinstance(item, str) and not hasattr(item, "text") and not hasattr(item, "card"):
            return None
        texts.add(str(item).strip().upper())
    return texts


NUMBER_TEXT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?")
"""A number written as text, in the digits 0-9 ("56", "0.96", "1e-3"; not "５６")."""


def as_number(answer: Any) -> float | None:
    """A finite number given as an int, a float or a Fraction (not a bool), or written as
    text in the digits 0-9 (:data:`NUMBER_TEXT`); None otherwise."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, str) and not NUMBER_TEXT.fullmatch(answer.strip()):
        return None
    try:
        number = float(answer)
    except (TypeError, ValueError, OverflowError):
        return None
    return number if math.isfinite(number) else None


def part_of_whole(
    answer: Any, shape: str, order: str, least: int, too_few: str
) -> tuple[float, float] | Feedback:
    """``answer`` as two whole numbers, a part and the whole it is out of (``0 <= part <=
    whole``, the whole at least ``least``), or the hint that says what to give: two numbers
    written as ``shape``, ``order`` (which comes first), or ``too_few`` (a format of the whole)
    when it is under ``least``."""
    try:
        part, whole = answer
    except (TypeError, ValueError):
        return not_yet(f"give two numbers: {shape}.")
    part_number, whole_number = as_number(part), as_number(whole)
    if part_number is None or whole_number is None or not 0 <= part_number <= whole_number:
        return not_yet(f"give two whole numbers, {order}.")
    if whole_number < least:
        return not_yet(too_few.format(whole_number))
    return part_number, whole_number


def exactly(answer: Any, expected: int, why: str, hint: str) -> Feedback:
    """Right when ``answer`` is the whole number ``expected`` (saying ``why``), otherwise
    the ``hint``."""
    number = as_number(answer)
    if number is None:
        return not_yet(f"give a number, not {type(answer).__name__}. {hint}")
    if number == expected:
        return right(why)
    return not_yet(f"{answer} is not it. {hint}")


def near(answer: Any, expected: float, tolerance: float, why: str, hint: str) -> Feedback:
    """Right when ``answer`` is within ``tolerance`` of ``expected``, otherwise the ``hint``."""
    number = as_number(answer)
    if number is None:
        return not_yet(f"give a number, not {type(answer).__name__}. {hint}")
    if abs(number - expected) <= tolerance:
        return right(why)
    return not_yet(f"{answer} is not close enough. {hint}")


def known_slip(answer: Any, slips: dict[float, str], relative: float = 0.005) -> Feedback | None:
    """The feedback naming a known wrong idea when ``answer`` is one of the numbers in
    ``slips`` (within ``relative`` of it), such as ``{0.9: "adding the chances ..."}``; None
    when it is none of them.

    >>> known_slip(2500, {2500: "1/d² is the width's rule; power needs 2/d²."})
    Not yet: 1/d² is the width's rule; power needs 2/d².
    >>> known_slip(4900, {2500: "..."}) is None
    True
    """
    number = as_number(answer)
    if number is None:
        return None
    for value, message in slips.items():
        if abs(number - value) <= relative * abs(value) or number == value:
            return not_yet(message)
    return None
