"""The checks of lesson 01, Mod Ten (``notebooks/01-mod-ten.ipynb``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

from cardlab.exercises.feedback import (
    Feedback,
    as_texts,
    exactly,
    exercise,
    known_slip,
    not_yet,
    part_of_whole,
    right,
)
from cardlab.exercises.play import CHECK_SEED, Bar, bot_against, share_text

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
        if first not in VALUES.values() or second not in VALUES.values():
            return not_yet(
                f"{pair!r}: the deck has no {5 if 5 in (first, second) else max(first, second)}s. "
                "A suit holds A 2 3 4 6 7 8 9 only (section 1), so a pair is two of those."
            )
        if first == second:
            return not_yet(f"{pair!r}: a suit holds one card of each value, not two {first}s.")
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
    slip = known_slip(
        answer,
        {
            38: "38 is the hearts' sum; the question asks for it modulo 10: the remainder "
            "after dividing by 10 (38 % 10).",
            0: "0 would mean the hearts still add up to a multiple of 10, as a whole suit does. "
            "Without the 2 of hearts they add up to 40 - 2 = 38.",
        },
    )
    if slip is not None:
        return slip
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


@lru_cache(maxsize=8)
def wins_by_place(hands: int) -> dict[str, int]:
    """The wins of each place (the leader, the second to play, the dealer) and of each seat
    number in the three-player hands of seeds 0 to ``hands`` - 1, each played out by random
    players as lesson 01's section 5 plays them (``deal(seed=seed).play_out("random",
    seed=seed)``)."""
    import cardlab

    game = cardlab.game("mod-ten", players=3)
    counts = dict.fromkeys(["the leader", "the second to play", "the dealer"], 0)
    counts.update(dict.fromkeys([f"seat {seat}" for seat in range(3)], 0))
    for seed in range(hands):
        start = game.deal(seed=seed)
        winner = start.play_out("random", seed=seed).winner
        assert winner is not None  # a Mod Ten hand always has a winner
        place = ("the dealer", "the leader", "the second to play")[(winner - start.dealer) % 3]
        counts[place] += 1
        counts[f"seat {winner}"] += 1
    return counts


@exercise("mod-ten.5")
def leading_advantage(answer: Any) -> Feedback:
    """Exercise 5: the leader's wins in the three-player hands of seeds 0 to n - 1, for n
    from 1,000 to 5,000 (the check plays them again and tells which player was counted)."""
    counted = part_of_whole(
        answer,
        "(wins, hands)",
        "wins first, with wins <= hands",
        1000,
        "{:.0f} hands are too few to tell: play at least 1,000.",
    )
    if isinstance(counted, Feedback):
        return counted
    wins, hands = counted
    if hands > 5000 or hands != int(hands):
        return not_yet(
            f"play from 1,000 to 5,000 hands, not {hands:g}: the check plays the same hands "
            "again to count them."
        )
    counts = wins_by_place(int(hands))
    if wins == counts["the leader"]:
        return right(
            share_text(int(wins), int(hands), 1 / 3, "a fair share")
            + " With random players the edge, if any, is small; lesson 05 measures it."
        )
    for who, count in counts.items():
        if wins == count:
            why = (
                ": a seat number, not a place in the order of play (the dealer changes from "
                "hand to hand)"
                if who.startswith("seat")
                else ", not the leader"
            )
            return not_yet(
                f"{wins:.0f} is how often {who} won{why}. The leader is the player left of the "
                "dealer: hand.current_player before the first move."
            )
    return not_yet(
        f"{wins:.0f} is not the leader's count in the hands of seeds 0 to {hands - 1:.0f}. Play "
        'them as section 5 does, deal(seed=seed).play_out("random", seed=seed), and count '
        "the hands whose winner is the seat that led (hand.current_player before the first move)."
    )


BEAT_RANDOM = Bar(
    hands=4000,
    measure="wins",
    mark=0.52,
    hinted="the hint's strategy (collect when you can, otherwise leave a table ending in 5, "
    "otherwise shed the highest card) won 54.0% of 30,000 hands against random (95% interval "
    "53.4% to 54.6%), and reaches 52% of 4,000 hands on about 99 seeds in 100; a bot no "
    "better than random, on about 1 in 100.",
)
"""Exercise 6's bar: 4,000 two-player hands, a mark of 52% (see :class:`Bar`)."""


@exercise("mod-ten.6")
def bot_beats_random(answer: Any, seed: int | str = CHECK_SEED) -> Feedback:
    """Exercise 6: a bot that wins 52% or more of 4,000 two-player hands against random."""
    return bot_against(answer, "mod-ten", {"players": 2}, "random", BEAT_RANDOM, seed)
