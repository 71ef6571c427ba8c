"""Lesson 11's tools: the Beta-posterior companion of an interval (stats.probability_favoured)
and the checks of the lesson's exercises (cardlab.exercises.information)."""

from __future__ import annotations

import random

import pytest

from cardlab.simulation.stats import probability_favoured
from cardlab.simulation.tables import TableError


@pytest.mark.parametrize(
    ("wins", "losses", "expected"),
    [(0, 0, 0.5), (1, 0, 0.75), (0, 1, 0.25), (3, 3, 0.5), (14, 6, 0.9608230590820312)],
)
def test_the_probability_favoured_is_the_beta_posterior_tail(wins, losses, expected) -> None:  # type: ignore[no-untyped-def]
    assert probability_favoured(wins, losses) == pytest.approx(expected, abs=1e-12)


def test_the_probability_favoured_agrees_with_beta_draws() -> None:
    rng = random.Random(3)
    draws = [rng.betavariate(41, 31) > 0.6 for _ in range(40_000)]
    assert probability_favoured(40, 30, threshold=0.6) == pytest.approx(
        sum(draws) / len(draws), abs=0.01
    )


def test_the_probability_favoured_takes_a_hundred_thousand_hands() -> None:
    assert probability_favoured(50_500, 49_500) > 0.999
    assert probability_favoured(50_000, 50_000) == pytest.approx(0.5, abs=0.002)


@pytest.mark.parametrize(
    ("wins", "losses", "threshold"), [(-1, 2, 0.5), (1.5, 2, 0.5), (True, 2, 0.5), (1, 2, 1.0)]
)
def test_impossible_counts_are_refused(wins, losses, threshold) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TableError):
        probability_favoured(wins, losses, threshold)


# --------------------------------------------------------------------------- the checks


def feedback(name: str, answer: object):  # type: ignore[no-untyped-def]
    from cardlab.exercises import check

    return check(name, answer)


@pytest.mark.parametrize(
    ("name", "answer"),
    [
        ("information.1", 1),
        ("information.1", 1.0),
        ("information.2", 56),
        ("information.2", 56.0),
        ("information.3", 0.961),
        ("information.3", 0.96),
        ("information.3", 96.1),  # as a percentage
        ("information.3", probability_favoured(14, 6)),
    ],
)
def test_right_answers_in_any_usual_form_are_accepted(name, answer) -> None:  # type: ignore[no-untyped-def]
    assert feedback(name, answer)


@pytest.mark.parametrize(
    ("name", "answer", "named"),
    [
        ("information.1", 601_080_390, "counts every deal"),
        ("information.1", 0, "at least one"),
        ("information.1", 16, "is not it"),
        ("information.1", "one", "give a whole number"),
        ("information.2", 28, "forgets their order"),
        ("information.2", 2, "order of the stock alone"),
        ("information.2", 40_320, "a hand is a set"),
        ("information.2", 57, "is not it"),
        ("information.3", 0.7, "share of hands the bot won"),
        ("information.3", 0.942, "p-value is not the probability"),
        ("information.3", 0.058, "p-value is not the probability"),
        ("information.3", 0.481, "low end of the Wilson interval"),
        ("information.3", 0.5, "Beta(wins + 1"),
        ("information.3", "likely", "give a probability"),
    ],
)
def test_standard_wrong_answers_are_refused_naming_the_misconception(name, answer, named) -> None:  # type: ignore[no-untyped-def]
    result = feedback(name, answer)
    assert not result
    assert named in str(result)
