"""The checks of lesson 11, what information is worth (``notebooks/11-information.ipynb``).

>>> from cardlab.exercises import check
>>> check("information.2", 56)
Right! 56 worlds: ...
>>> check("information.3", 0.7)  # doctest: +ELLIPSIS
Not yet: 0.7 is the share of hands the bot won, ...
"""

from __future__ import annotations

from math import comb
from typing import Any

from cardlab.exercises.feedback import Feedback, as_number, exercise, not_yet, right
from cardlab.simulation.stats import probability_favoured, wilson_interval

MOD_TEN_DEALS = comb(32, 16)
"""Every two-player Mod Ten deal of the hands (which 16 of the 32 cards are seat 0's)."""

STOCK_LEFT = 2
"""Cards left in the Two-Ten-Jack stock in exercise 2 (and in the lesson's positions)."""

UNSEEN = 6 + STOCK_LEFT
"""The cards the leader does not see then: the other hand and the stock."""

WORLDS = comb(UNSEEN, STOCK_LEFT) * 2
"""The worlds that agree with the leader's view: which two unseen cards are in the stock (the
other six are the other hand, in no order) and which of them is on top."""

BOT_WINS, BOT_LOSSES = 14, 6
"""Exercise 3: a bot's wins and losses in 20 hands without ties."""


@exercise("information.1")
def one_world(answer: Any) -> Feedback:
    """Lesson 11, exercise 1: the deals that agree with seat 0's view at the start of a
    two-player Mod Ten hand."""
    number = as_number(answer)
    if number is None:
        return not_yet("give a whole number: how many deals agree with what seat 0 sees?")
    if number == 1:
        return right(
            "one deal only. Every card is dealt, so the 16 cards seat 0 does not hold are the "
            "other hand: the view determines the world, and seeing the other hand adds nothing."
        )
    if number == MOD_TEN_DEALS:
        return not_yet(
            f"{MOD_TEN_DEALS:,} counts every deal, also those that give seat 0 other cards. "
            "Which of them agree with the 16 cards seat 0 holds?"
        )
    if number == 0:
        return not_yet("the real deal agrees with seat 0's view, so at least one does.")
    return not_yet(
        f"{answer} is not it. Which cards can the other hand hold, when all 32 are dealt and "
        "seat 0 sees its 16? (The order of a hand does not matter.)"
    )


@exercise("information.2")
def worlds(answer: Any) -> Feedback:
    """Lesson 11, exercise 2: the worlds that agree with the leader's view in Two-Ten-Jack with
    two cards left in the stock."""
    number = as_number(answer)
    if number is None:
        return not_yet("give a whole number of worlds.")
    if number == WORLDS:
        return right(
            f"{WORLDS} worlds: choose the {STOCK_LEFT} stock cards among the {UNSEEN} unseen "
            f"({comb(UNSEEN, STOCK_LEFT)} ways), and which of them is on top (2 ways); the other "
            "six are the other hand, in no particular order."
        )
    if number == comb(UNSEEN, STOCK_LEFT):
        return not_yet(
            f"{comb(UNSEEN, STOCK_LEFT)} chooses the stock's two cards but forgets their order: "
            "the top card goes to the trick's winner, so the order matters."
        )
    if number == 2:
        return not_yet(
            "2 is the order of the stock alone: the leader does not see the other hand either, "
            "so which two of the unseen cards are in the stock is unknown too."
        )
    if number == 40_320:
        return not_yet(
            "40,320 (8!) puts the other hand in order too, but a hand is a set: its order does not "
            "matter to the play."
        )
    return not_yet(
        f"{answer} is not it. The leader sees its own hand, the won cards and the table: the "
        f"{UNSEEN} other cards are the other hand (6) and the stock ({STOCK_LEFT}, in order)."
    )


@exercise("information.3")
def favoured(answer: Any) -> Feedback:
    """Lesson 11, exercise 3: the probability that a bot that won 14 of 20 hands is the better
    player (its true rate above one half), from a uniform prior."""
    number = as_number(answer)
    if number is None:
        return not_yet("give a probability, such as 0.5.")
    expected = probability_favoured(BOT_WINS, BOT_LOSSES)
    hands = BOT_WINS + BOT_LOSSES
    share = number / 100 if 1 < number <= 100 else number
    low, high = wilson_interval(BOT_WINS, hands)
    if abs(share - expected) <= 0.0015:
        return right(
            f"{expected:.3f}: the posterior Beta({BOT_WINS + 1}, {BOT_LOSSES + 1}) puts "
            f"{expected:.1%} of its weight above one half. The Wilson interval ({low:.2f} to "
            f"{high:.2f}) contains one half, and yet the bot is probably the better one: the "
            "two answer different questions."
        )
    p_value = sum(comb(hands, k) for k in range(BOT_WINS, hands + 1)) / 2**hands
    if abs(share - BOT_WINS / hands) <= 0.0015:
        return not_yet(
            f"{share} is the share of hands the bot won, the estimate of its rate: how much "
            "of the posterior Beta(15, 7) lies above one half?"
        )
    if abs(share - (1 - p_value)) <= 0.0015 or abs(share - p_value) <= 0.0015:
        return not_yet(
            f"{share} comes from the p-value ({p_value:.3f}: the chance of 14 wins or more if the "
            "bots were even). A p-value is not the probability that a hypothesis is true: use "
            "stats.probability_favoured(14, 6)."
        )
    if abs(share - low) <= 0.0015:
        return not_yet(
            f"{share} is the low end of the Wilson interval: an interval's end is not a "
            "probability. Use the Beta posterior, stats.probability_favoured(14, 6)."
        )
    return not_yet(
        f"{answer} is not it. With a uniform prior the rate's posterior is Beta(wins + 1, "
        "losses + 1): stats.probability_favoured(14, 6) gives its weight above one half."
    )
