"""The checks of lesson 09, exact chances against simulation
(``notebooks/09-exact-and-simulated.ipynb``)."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from cardlab.exercises.feedback import (
    Feedback,
    as_number,
    exercise,
    known_slip,
    near,
    not_yet,
    right,
)


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
    digits = _rounded_from(number, float(expected))
    if digits >= 3:
        return right(
            f"{why} You gave it rounded, {answer}; exactly, it is the Fraction {expected} = "
            f"{float(expected):.6g}."
        )
    if digits:
        return not_yet(
            f"{answer} is the chance rounded to {digits} significant digit"
            f"{'s' if digits > 1 else ''}: too few to tell it from a near miss. Give at least "
            "3, or better the Fraction."
        )
    if _rounded_from(number, 100 * float(expected)):
        return not_yet(f"{answer} looks like a percentage: give the chance, from 0 to 1.")
    return not_yet(f"{answer} is not it. {hint}")


def _rounded_from(number: float, expected: float) -> int:
    """The significant digits of ``number`` when it is ``expected`` rounded to as many
    decimals as it shows (a right answer, written short); 0 when it is not."""
    text = repr(number)
    if number <= 0 or expected <= 0 or "e" in text or "." not in text:
        return 0
    decimals = len(text.split(".")[1])
    if round(expected, decimals) != number:
        return 0
    return len(text.replace(".", "").lstrip("0"))


@exercise("exact.1")
def ace_in_layout(answer: Any) -> Feedback:
    """Exercise 1: the chance that the ace of spades is in the Chinese Ten layout."""
    slip = known_slip(
        answer,
        {
            1 / 52: "1/52 is the chance that the ace is one given place, say the first layout "
            "card; the layout has 4 places.",
            1 / comb(52, 4): "1 / comb(52, 4) is the chance of one given layout; count the "
            "layouts that hold the ace, comb(51, 3).",
        },
        relative=1e-6,
    )
    if slip is not None:
        return slip
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
    slip = known_slip(
        answer,
        {
            0.75
            ** 16: "(24/32)^16 deals each card from the whole deck again, as if cards went back: "
            "a hand's 16 cards are 16 different cards, chosen together.",
            1 - comb(24, 16) / comb(32, 16): "that is the chance that the hand holds at "
            "least one heart.",
        },
        relative=1e-6,
    )
    if slip is not None:
        return slip
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
    from cardlab.simulation.counting import chance, deck_of

    deck = deck_of(cardlab.game("mod-ten", players=2))
    expected = chance(deck, 16, lambda suits: any(n in (0, 8) for n in suits.values()), "suit")
    first_only = chance(deck, 16, lambda suits: 0 in suits.values(), "suit")
    number = as_number(answer)
    if number is not None and abs(number - float(first_only)) <= 1e-6 * float(first_only):
        return not_yet(
            "that is the chance that the first hand has a void. The second hand has one when "
            "the first holds all 8 cards of a suit: count those splits too."
        )
    if number is not None and abs(number - 2 * float(first_only)) <= 1e-6 * float(first_only):
        return not_yet(
            "twice the first hand's chance counts twice the deals where both hands have a void "
            "(the first with 0 of one suit and 8 of another): count each split once."
        )
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
    slip = known_slip(
        answer,
        {
            comb(52, 4): "270,725 is the number of layouts, the wait for one given four of a "
            "kind; five ranks (5, T, J, Q, K) each give one.",
            5 / comb(52, 4): "that is the chance per deal; the average wait is 1 / chance.",
        },
        relative=1e-6,
    )
    if slip is not None:
        return slip
    return near(
        answer,
        wait,
        0.01 * wait,
        f"5 of the 270,725 layouts: on average comb(52, 4) / 5 = {wait:,.0f} deals.",
        "the chance is 5 / comb(52, 4): five ranks, one layout each. The wait is 1 / chance.",
    )
