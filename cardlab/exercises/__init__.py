"""Exercises with immediate feedback, for the lessons in ``notebooks/``.

Each exercise of a lesson ends with a call such as ``check("mod-ten.2", answer)``: it says
whether the answer is right and, if not, what to look at again. The solutions notebooks
(``notebooks/solutions/``) assert every answer with the same checks.

>>> from cardlab.exercises import check
>>> check("mod-ten.2", ...)
No answer yet: replace the ... with your answer, then run the cell again.
>>> bool(check("mod-ten.3", 8))
True
"""

from __future__ import annotations

import importlib
from typing import Any

from cardlab.exercises.feedback import ExerciseError, Feedback, run_check

__all__ = ["ExerciseError", "Feedback", "check", "exercise_names"]

LESSON_MODULES = (
    "start_here",
    "mod_ten",
    "chinese_ten",
    "two_ten_jack",
    "statistics",
    "bots",
    "exact",
    "game_trees",
    "information",
)
"""The modules of :mod:`cardlab.exercises` that hold the checks, one or two lessons each."""


def _load_checks() -> None:
    for name in LESSON_MODULES:
        importlib.import_module(f"cardlab.exercises.{name}")


def check(name: str, answer: Any) -> Feedback:
    """The feedback on ``answer`` to exercise ``name`` (such as ``"mod-ten.2"``): right or
    not (``bool(feedback)``), with an explanation or a hint. An unknown name raises
    :class:`ExerciseError`, listing the exercises."""
    _load_checks()
    return run_check(name, answer)


def exercise_names() -> list[str]:
    """The names of every exercise, sorted."""
    from cardlab.exercises.feedback import CHECKS

    _load_checks()
    return sorted(CHECKS)
