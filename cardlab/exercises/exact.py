"""The checks of lesson 09, exact chances against simulation
(``notebooks/09-exact-and-simulated.ipynb``)."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from cardlab.exercises.feedback import Feedback, as_number, exercise, near, not_yet, right


def exact_chance(answer: Any, expected: Fraction, why: str, hint: str) -> Feedback:
    """Right when ``answer`` is the chance ``expected``: the same Fraction, or a float within a
    millionth of it (relative)."""
    if isinstance(answer, Fraction):
        if answer == expected:
            return right(why)
        return not_yet(f"{answer} is not it. {hint}")
    number = as_number(answer)
    if number is None:
        return not_yet(f"give a Fraction (or a float), not {type(answer).__name__}. {hint}")
    if abs(number - float(expected)) <= 1e-6 * float(expected):
        return right(f"{why} (As a Fraction: {expected}.)")
    return not_yet(f"{answer} is not it. {hint}")


@exercise("exact.1")
def ace_in_layout(answer: Any) -> Feedback:
    """Exercise 1: the chance that the ace of spades is in the Chinese Ten layout."""
    return exact_chance(
        answer,
        Fraction(4, 52),
        "4 of the 52 places are in the layout: 4/52 = 1/13. Or count: comb(51, 3) of the "
        "comb(52, 4) layouts hold it.",
        "count the layouts that hold the ace: choose the other 3 cards from 51.",
    )


@exercise("exact.2")
def no_hearts(answer: Any) -> Feedback:
    """Exercise 2: the chance that a 2-player Mod Ten hand of 16 holds no heart."""
    return exact_chance(
        answer,
        Fraction(comb(24, 16), comb(32, 16)),
        "all 16 cards come from the 24 that are not hearts: comb(24, 16) / comb(32, 16).",
        "the hand's 16 cards must all come from the 24 non-hearts.",
    )


@exercise("exact.3")
def void_anywhere(answer: Any) -> Feedback:
    """Exercise 3: the chance that either 2-player Mod Ten hand has a void."""
    import cardlab
    from cardlab.counting import chance, deck_of

    deck = deck_of(cardlab.game("mod-ten", players=2))
    expected = chance(deck, 16, lambda suits: any(n in (0, 8) for n in suits.values()), "suit")
    return exact_chance(
        answer,
        expected,
        "the first hand has 0 or all 8 cards of some suit: counted by suits, about "
        f"{float(expected):.2%}.",
        "count the first hand's splits by suit where some suit count is 0 or 8 (chance, "
        "by='suit').",
    )


@exercise("exact.4")
def wait_for_four(answer: Any) -> Feedback:
    """Exercise 4: the average number of deals until four of a kind (5 T J Q K) in the layout."""
    wait = comb(52, 4) / 5
    return near(
        answer,
        wait,
        0.01 * wait,
        f"5 of the 270,725 layouts: on average comb(52, 4) / 5 = {wait:,.0f} deals.",
        "the chance is 5 / comb(52, 4): five ranks, one layout each. The wait is 1 / chance.",
    )
