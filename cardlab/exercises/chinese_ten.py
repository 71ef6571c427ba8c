"""The checks of lessons 02 and 03, Chinese Ten (``notebooks/02-chinese-ten-captures.ipynb``
and ``notebooks/03-chinese-ten-scoring.ipynb``)."""

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
from cardlab.exercises.play import bot_against


@exercise("chinese-ten.1")
def how_many_captors(answer: Any) -> Feedback:
    """Lesson 02, exercise 1: the cards that can capture 7H, and those that can capture QS."""
    try:
        sevens, queens = answer
    except (TypeError, ValueError):
        return not_yet("give two numbers: (sevens, queens).")
    if (sevens, queens) == (4, 3):
        return right("the four 3s take a 7; only the three other queens take the queen of spades.")
    if sevens != 4:
        return not_yet("a 7 is taken by the rank that adds up to 10 with it: how many are there?")
    return not_yet("a queen is taken only by another queen: how many others are there?")


@exercise("chinese-ten.2")
def first_captures(answer: Any) -> Feedback:
    """Lesson 02, exercise 2: the first player's cards that capture in the deal of seed 12."""
    import cardlab
    from cardlab.games.chinese_ten import ChineseTenState

    state = cast(ChineseTenState, cardlab.game("chinese-ten").deal(seed=12))
    seat = state.current_player
    assert seat is not None
    expected = {card.text for card in state.hand(seat) if state.targets(card)}
    texts = as_texts(answer)
    if texts is None:
        return not_yet('give a list of cards, such as ["2C", "KD"].')
    if texts == expected:
        return right(f"on a table of {' '.join(c.text for c in state.table)}, those capture.")
    missing, extra = expected - texts, texts - expected
    if extra:
        return not_yet(f"{sorted(extra)[0]} captures nothing there: use state.targets(card).")
    return not_yet(f"{len(missing)} more of seat {seat}'s cards capture: use state.targets(card).")


@exercise("chinese-ten.3")
def find_a_choice(answer: Any) -> Feedback:
    """Lesson 02, exercise 3: a seed whose first move may name a target."""
    import cardlab

    if not isinstance(answer, int) or isinstance(answer, bool) or not 0 <= answer <= 199:
        return not_yet("give a seed: a whole number from 0 to 199.")
    state = cardlab.game("chinese-ten").deal(seed=answer)
    choices = [str(move) for move in state.legal_moves() if move.target is not None]
    if choices:
        return right(f"with seed {answer} the first player may play {', '.join(choices)}.")
    return not_yet(
        f"seed {answer} offers no choice: its moves are {' '.join(map(str, state.legal_moves()))}."
    )


@exercise("chinese-ten.4")
def without_the_triple_rule(answer: Any) -> Feedback:
    """Lesson 02, exercise 4: the tens left on the table if the triple rule did not exist."""
    return exactly(
        answer,
        2,
        "the fourth ten takes one of the three and goes to the won pile of the player who "
        "played or turned it up; the other two stay for ever, since no ten is left to come.",
        "count as in section 5: 3 in the layout, 1 to arrive; each arriving ten takes one.",
    )


@exercise("chinese-ten-scoring.1")
def black_frog_blanks(answer: Any) -> Feedback:
    """Lesson 03, exercise 1: how many cards score nothing under Black Frog (3 players)."""
    from cardlab.cards import full_deck
    from cardlab.games.chinese_ten import card_points

    blanks = sum(card_points(card, "black-frog", 3) == 0 for card in full_deck())
    return exactly(
        answer,
        blanks,
        f"{blanks} cards: the 26 red cards and the ace of clubs.",
        "count the cards whose card_points(card, 'black-frog', 3) is 0.",
    )


@exercise("chinese-ten-scoring.2")
def pagat_four_players(answer: Any) -> Feedback:
    """Lesson 03, exercise 2: how much more a 4-player pagat hand is worth than a 3-player one."""
    return exactly(
        answer,
        40,
        "280 - 240 = 40: the ace of clubs, which scores 40 with 4 players under pagat.",
        "compare scheme_total('pagat', 4) with scheme_total('pagat', 3).",
    )


@exercise("chinese-ten-scoring.3")
def winner_changes(answer: Any) -> Feedback:
    """Lesson 03, exercise 3: a seed where red and Black Frog scoring crown different winners."""
    import cardlab

    if not isinstance(answer, int) or isinstance(answer, bool) or not 0 <= answer <= 199:
        return not_yet("give a seed: a whole number from 0 to 199.")
    winners = {}
    for scheme in ("red", "black-frog"):
        final = cardlab.game("chinese-ten", scoring=scheme).deal(seed=answer).play_out(seed=1)
        winners[scheme] = final.winner
    if winners["red"] != winners["black-frog"]:
        return right(
            f"with seed {answer} seat {winners['red']} wins under red scoring and "
            f"seat {winners['black-frog']} under Black Frog: the same cards, counted otherwise."
        )
    return not_yet(f"with seed {answer} seat {winners['red']} wins under both: try another seed.")


@exercise("chinese-ten-scoring.4")
def missing_total(answer: Any) -> Feedback:
    """Lesson 03, exercise 4: the third total after three 3-player red hands at 250 and 270."""
    return exactly(
        answer,
        200,
        "three hands of 240 points make 720, and 720 - 250 - 270 = 200.",
        "every red hand adds up to 240, whatever happens: what do three hands add up to?",
    )


@exercise("chinese-ten-scoring.5")
def bot_above_par(answer: Any) -> Feedback:
    """Lesson 03, exercise 5: a bot that scores above the par of 80 against two random players."""
    number = as_number(answer)
    if number is not None:
        return not_yet("give your bot, the function, not a number.")
    return bot_against(answer, "chinese-ten", {}, "random", hands=300, measure="points", target=80)
