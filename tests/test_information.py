"""Lesson 11's tools: the Beta-posterior companion of an interval (stats.probability_favoured)
and the checks of the lesson's exercises (cardlab.exercises.information)."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from statistics import NormalDist

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.simulation.stats import (
    BERRY_ESSEEN,
    EXACT_SPREAD,
    MAX_COUNT,
    binomial_cdf,
    probability_favoured,
    wilson_interval,
)
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


def exact_tail(wins: int, losses: int, threshold: Fraction) -> float:
    """The binomial sum of probability_favoured, in fractions."""
    trials = wins + losses + 1
    return float(
        sum(
            math.comb(trials, k) * threshold**k * (1 - threshold) ** (trials - k)
            for k in range(wins + 1)
        )
    )


@given(
    wins=st.integers(0, 400),
    losses=st.integers(0, 400),
    threshold=st.sampled_from([Fraction(1, 2), Fraction(3, 10), Fraction(9, 10), Fraction(1, 100)]),
)
@settings(max_examples=60, deadline=None)
def test_the_probability_favoured_is_the_binomial_sum_to_twelve_digits(wins, losses, threshold):  # type: ignore[no-untyped-def]
    expected = exact_tail(wins, losses, threshold)
    assert probability_favoured(wins, losses, float(threshold)) == pytest.approx(
        expected, rel=1e-11, abs=1e-300
    )


def test_few_trials_are_summed_in_fractions_to_the_nearest_float() -> None:
    # 3 wins, 0 losses at one half: exactly 1 - 1/16 = 0.9375, which the logarithms gave as
    # 0.93749999... (lesson 11 printed 0.937, where 0.9375 rounds to 0.938).
    assert probability_favoured(3, 0) == 0.9375
    assert probability_favoured(40, 30, threshold=0.6) == float(
        sum(
            math.comb(71, k) * Fraction(0.6) ** k * (1 - Fraction(0.6)) ** (71 - k)
            for k in range(41)
        )
    )


def test_a_hundred_million_wins_and_losses_are_summed_not_listed() -> None:
    # Issue 34: this built a list of 10**8 terms (1.7 GB and still running at 60 s).
    assert probability_favoured(10**8, 10**8) == pytest.approx(0.5, abs=1e-9)
    # 7,000 more losses are one standard deviation (7,071 hands) below the middle.
    assert probability_favoured(10**8, 10**8 + 7_000) == pytest.approx(
        NormalDist().cdf(-3_500 / math.sqrt(2 * 10**8 / 4)), abs=1e-4
    )


def test_past_the_exact_spread_the_normal_approximation_is_within_its_bound() -> None:
    # Either side of EXACT_SPREAD: the exact sum and the approximation agree within the
    # Berry-Esseen bound the docstring states.
    trials = 4 * EXACT_SPREAD**2 + 1  # a standard deviation of EXACT_SPREAD at one half
    for below in (0, 3_000, 15_000, 40_000):
        most = trials // 2 - below
        exact = binomial_cdf(most, trials, 0.5)
        approximate = NormalDist().cdf((most + 0.5 - trials / 2) / EXACT_SPREAD)
        assert exact == pytest.approx(approximate, abs=BERRY_ESSEEN / EXACT_SPREAD)
        wider = binomial_cdf(4 * most, 4 * trials, 0.5)  # past the spread: the approximation
        assert 0 <= wider <= 1


def test_tiny_thresholds_with_huge_counts_are_exact() -> None:
    # A billion billion trials at a rate of 1e-14: a small count (about 10), Poisson-like.
    got = probability_favoured(10, 10**15, 1e-14)
    poisson = sum(math.exp(-10.00000000000001) * 10**k / math.factorial(k) for k in range(11))
    assert got == pytest.approx(poisson, rel=1e-6)


@pytest.mark.parametrize("huge", [10**4299, 10**16, MAX_COUNT + 1])
def test_counts_past_the_stated_bound_are_refused_in_words(huge) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TableError, match="whole number from 0 to 1,000,000,000,000,000"):
        probability_favoured(huge, 3)
    with pytest.raises(TableError, match="a number from 0 to 1,000,000,000,000,000"):
        wilson_interval(huge, huge)


def test_the_wilson_interval_of_huge_counts_does_not_overflow() -> None:
    low, high = wilson_interval(MAX_COUNT / 2, MAX_COUNT)
    assert low < 0.5 < high and high - low < 1e-7


@pytest.mark.parametrize(
    ("wins", "losses", "threshold"),
    [(-1, 2, 0.5), (1.5, 2, 0.5), (True, 2, 0.5), (1, 2, 1.0), (1, 2, "0.5"), (1, 2, math.nan)],
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
