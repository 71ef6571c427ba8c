"""The checks of lesson 01, Mod Ten (``notebooks/01-mod-ten.ipynb``)."""

from __future__ import annotations

from typing import Any, cast

from cardlab.exercises.feedback import (
    Feedback,
    as_number,
    as_texts,
    exactly,
    exercise,
    not_yet,
    right,
)
from cardlab.exercises.play import bot_against, share_text

VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "6": 6, "7": 7, "8": 8, "9": 9}
"""Mod Ten card values by rank, for reading an answer given with ranks."""


def _value(item: Any) -> int | None:
    if isinstance(item, int) and not isinstance(item, bool):
        return item
    if isinstance(item, str) and item.strip().upper() in VALUES:
        return VALUES[item.strip().upper()]
    return None


@exercise("mod-ten.1")
def other_pairs(answer: Any) -> Feedback:
    """Exercise 1: the pairs of values that could leave a suit instead of the ace and nine."""
    expected = {frozenset(pair) for pair in [(1, 9), (2, 8), (3, 7), (4, 6)]}
    if not isinstance(answer, list | tuple | set):
        return not_yet("give a list of pairs of values, such as [(1, 9), ...].")
    given = set()
    for pair in answer:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            return not_yet(f"{pair!r} is not a pair: write each pair as (first, second).")
        first, second = _value(pair[0]), _value(pair[1])
        if first is None or second is None:
            return not_yet(f"{pair!r}: each value is one of A 2 3 4 6 7 8 9 (1 to 9).")
        if (first + second) % 10:
            return not_yet(f"{first} + {second} = {first + second}: not a multiple of 10.")
        given.add(frozenset((first, second)))
    if given == expected:
        return right(
            "the two cards must add up to 10 (two values from 1 to 9 add up to at most 17), "
            "and there are four such pairs."
        )
    return not_yet(f"you have {len(given & expected)} of the pairs: which others add up to 10?")


@exercise("mod-ten.2")
def which_card_collects(answer: Any) -> Feedback:
    """Exercise 2: the cards that bring a table of 2 to a multiple of 10."""
    texts = as_texts(answer)
    if texts is None:
        return not_yet('give a list of moves, such as ["AH"].')
    if texts == {"8H"}:
        return right("2 + 8 = 10; no other heart makes 10 or 20 (2 + 9 = 11 is the highest).")
    if "8H" in texts:
        return not_yet("8H collects, but the others do not: add each one to the 2.")
    return not_yet("add each legal card to the 2 on the table: which makes 10?")


@exercise("mod-ten.3")
def deck_that_breaks(answer: Any) -> Feedback:
    """Exercise 3: what the hearts on the table add up to, modulo 10, without the 2 of hearts."""
    return exactly(
        answer,
        8,
        "the hearts add up to 38, so the table holds 8, 18, 28 or 38: never a multiple of 10. "
        "The step 'the whole suit adds up to a multiple of 10' breaks, and with nobody holding "
        "a heart, nobody can follow: the hand is stuck.",
        "add up the values of the hearts left, then take the remainder after dividing by 10 "
        "(the % operator).",
    )


@exercise("mod-ten.4")
def last_card_collects(answer: Any) -> Feedback:
    """Exercise 4: a finished 2-player hand whose winning card also collects the table."""
    from cardlab.games.mod_ten import ModTenState

    if not isinstance(answer, ModTenState):
        return not_yet("give the final state of a Mod Ten hand (what play_all returns).")
    seat = answer.current_player
    if seat is not None:
        return not_yet(
            f"the hand is not over yet: seat {seat} is to move, with {len(answer.hand(seat))} "
            "cards. Play it to the end."
        )
    before, move, _after = answer.steps()[-1]
    total = cast(ModTenState, before).table_sum + move.card.number
    if total % 10:
        return not_yet(
            f"seat {answer.winner} went out with {move}, which made the table {total}: "
            "not a multiple of 10."
        )
    return right(
        f"seat {answer.winner} went out with {move}, making the table {total}: it collects and "
        "wins at once."
    )


@exercise("mod-ten.5")
def leading_advantage(answer: Any) -> Feedback:
    """Exercise 5: the leader's wins out of at least 1,000 three-player hands."""
    try:
        wins, hands = answer
    except (TypeError, ValueError):
        return not_yet("give two numbers: (wins, hands).")
    wins, hands = as_number(wins), as_number(hands)
    if wins is None or hands is None or not 0 <= wins <= hands:
        return not_yet("give two whole numbers, wins first, with wins <= hands.")
    if hands < 1000:
        return not_yet(f"{hands:.0f} hands are too few to tell: play at least 1,000.")
    share = wins / hands
    if not 0.25 <= share <= 0.45:
        return not_yet(
            f"a leader's share of {share:.1%} is far from what random players give: check "
            "that you count the hands won by the seat that led (left of the dealer)."
        )
    return right(
        share_text(int(wins), int(hands), 1 / 3, "a fair share")
        + " With random players the edge, if any, is small; lesson 05 measures it."
    )


@exercise("mod-ten.6")
def bot_beats_random(answer: Any) -> Feedback:
    """Exercise 6: a bot that wins more than half of 300 two-player hands against random."""
    return bot_against(answer, "mod-ten", {"players": 2}, "random", hands=300, measure="wins")
