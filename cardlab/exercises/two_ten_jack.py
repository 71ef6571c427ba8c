"""The checks of lesson 04, Two-Ten-Jack (``notebooks/04-two-ten-jack.ipynb``)."""

from __future__ import annotations

from typing import Any

from cardlab.exercises.feedback import (
    Feedback,
    as_texts,
    exactly,
    exercise,
    known_slip,
    not_yet,
    right,
)
from cardlab.exercises.play import CHECK_SEED, Bar, bot_against


@exercise("two-ten-jack.1")
def range_of_a_hand(answer: Any) -> Feedback:
    """Exercise 1: the lowest and the highest score of one player in one hand."""
    try:
        lowest, highest = answer
    except (TypeError, ValueError):
        return not_yet("give two numbers: (lowest, highest).")
    if (lowest, highest) == (-15, 20):
        return right(
            "the worst is to win the three -5 clubs and nothing else (-15); the best is to win "
            "every other scoring card: 15 + 4 + 1 = 20. The two add up to +5, as every hand does."
        )
    if lowest != -15:
        return not_yet("the lowest: win only the cards that cost points. What do they add up to?")
    return not_yet("the highest: win every card worth points, and none that cost points.")


@exercise("two-ten-jack.2")
def predict_the_follow(answer: Any) -> Feedback:
    """Exercise 2: the legal moves of a follower with no club, clubs led."""
    texts = as_texts(answer)
    if texts is None:
        return not_yet('give a list of moves, such as ["2H"].')
    if texts == {"AS", "2H"}:
        return right(
            "no club, so the follower must trump: the 2 of hearts or the ace of spades "
            "(a trump, though not a club)."
        )
    if texts == {"2H"}:
        return not_yet("the ace of spades is a trump too: may it be played to trump?")
    return not_yet("with no club, the follower must trump if able: which cards are trumps?")


@exercise("two-ten-jack.3")
def lead_the_two_and_lose(answer: Any) -> Feedback:
    """Exercise 3: a state after a trick in which seat 0 led the 2 of hearts and lost it."""
    from cardlab.games.two_ten_jack import TwoTenJackState
    from cardlab.play.turnlog import trick_log_rows

    if not isinstance(answer, TwoTenJackState):
        return not_yet("give the state after the trick (what play_all returns).")
    for row in trick_log_rows(answer):
        if row["cards"].startswith("2H ") and row["led by"] == 0:
            if row["won by"] == 0:
                return not_yet(
                    f"seat 0 led 2H but won the trick ({row['cards']}): give seat 1 a higher trump."
                )
            return right(
                f"seat 0 led 2H and seat 1 took it ({row['cards']}): +5 to the opponent. The "
                "weakest trump is safe to lead only when the other trumps are gone."
            )
    trick = [(seat, str(card)) for seat, card in answer.trick]
    if trick[:1] == [(0, "2H")]:
        return not_yet(
            "seat 0 has led 2H, but the trick is not over: play seat 1's card too (a higher "
            "trump), then pass the state after it."
        )
    return not_yet("in your state seat 0 never led the 2 of hearts: lead it (play_all('2H ...')).")


@exercise("two-ten-jack.4")
def no_tie(answer: Any) -> Feedback:
    """Exercise 4: the number of hands a tie at 31 or more would need."""
    slip = known_slip(
        answer,
        {
            12: "after 12 hands the totals add up to 60, too little for both to be 31 or more "
            "(62). How many hands does it take to get past 62?",
            12.4: "hands come whole, and the question is about the totals of the two players "
            "together: after k hands they add up to 5 × k.",
        },
        relative=0,
    )
    if slip is not None:
        return slip
    return exactly(
        answer,
        13,
        "before the last hand the totals were at most 30 + 30 = 60 = 5 × 12: at most 12 hands. "
        "After it they are at least 31 + 31 = 62 > 60: so exactly 13 hands, and the totals add "
        "up to 65, which is odd: two equal totals cannot add up to 65. The tie never happens.",
        "after k hands the totals add up to 5 × k. What is the most k before the last hand, "
        "and the least k after it?",
    )


@exercise("two-ten-jack.5")
def match_length(answer: Any) -> Feedback:
    """Exercise 5: the fewest and the most hands of a match to 31."""
    try:
        fewest, most = answer
    except (TypeError, ValueError):
        return not_yet("give two numbers: (fewest, most).")
    if (fewest, most) == (2, 13):
        return right(
            "one hand scores at most 20 < 31, two can make 40: 2 hands at least. After 13 hands "
            "the totals add up to 65, so one is at least 33: 13 hands at most."
        )
    if fewest != 2:
        return not_yet("the fewest: one hand scores at most 20. How many hands to reach 31?")
    return not_yet("the most: after k hands the totals add up to 5 × k. When must one reach 31?")


MORE_THAN_HALF = Bar(
    hands=300,
    measure="points",
    mark=2.5,
    hinted="the hint's strategy (when following, win a trick worth points and lose one that "
    "costs) scored 4.9 points a hand over 20,000 hands (95% interval 4.9 to 5.0) and passes "
    "on practically every seed.",
)
"""Exercise 6's bar: 300 hands, the interval above 2.5 points a hand (see :class:`Bar`)."""


@exercise("two-ten-jack.6")
def bot_that_scores(answer: Any, seed: int | str = CHECK_SEED) -> Feedback:
    """Exercise 6: a bot that scores more than 2.5 points a hand against the random player,
    over 300 hands."""
    return bot_against(answer, "two-ten-jack", {}, "random", MORE_THAN_HALF, seed)
