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
    known_slip,
    not_yet,
    right,
)
from cardlab.exercises.play import CHECK_SEED, Bar, bot_against


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
    """Lesson 02, exercise 3: a seed other than the lesson's 5 whose first move may name a
    target."""
    import cardlab

    if not isinstance(answer, int) or isinstance(answer, bool) or not 0 <= answer <= 199:
        return not_yet("give a seed: a whole number from 0 to 199.")
    if answer == 5:
        return not_yet(
            "seed 5 is the deal of section 3, where the lesson showed the choice: find another "
            "seed whose first move names a target (loop over the seeds)."
        )
    state = cardlab.game("chinese-ten").deal(seed=answer)
    choices = [str(move) for move in state.legal_moves() if move.target is not None]
    if choices:
        return right(f"with seed {answer} the first player may play {', '.join(choices)}.")
    return not_yet(
        f"seed {answer} offers no choice: its moves are {' '.join(map(str, state.legal_moves()))}."
    )


@exercise("chinese-ten.4")
def two_packs(answer: Any) -> Feedback:
    """Lesson 02, exercise 4: the kings left on the table at the end of a two-pack hand without
    layout rules, when the layout holds three kings."""
    number = as_number(answer)
    if number == 2:
        return not_yet(
            "2 is the answer for one pack, where a single king is still to come. With two packs "
            "there are eight kings: how many arrive after the three of the layout?"
        )
    if number == 3:
        return not_yet(
            "the three kings do not just stay: each king that arrives takes one of them. Count "
            "the kings still to come, and follow the count on the table one arrival at a time."
        )
    return exactly(
        answer,
        0,
        "five kings arrive: the table's count goes 3, 2, 1, 0, then 1, 0. Whatever the layout "
        "(at most four of the eight kings), at least as many arrive as lie there, and the "
        "arrivals left over come in pairs: no king stays, so the variant needs no triple rule.",
        "count as in section 5: 3 kings in the layout, 8 - 3 = 5 to arrive; an arriving king "
        "takes one if there is one, otherwise it stays.",
    )


@exercise("chinese-ten-scoring.1")
def black_frog_blanks(answer: Any) -> Feedback:
    """Lesson 03, exercise 1: how many cards score nothing under Black Frog (3 players)."""
    from cardlab.engine.cards import full_deck
    from cardlab.games.chinese_ten import card_points

    blanks = sum(card_points(card, "black-frog", 3) == 0 for card in full_deck())
    slip = known_slip(
        answer,
        {
            26: "26 are the red cards, which Black Frog does not score. One black card scores "
            "nothing too: look at card_points for each black card.",
        },
    )
    if slip is not None:
        return slip
    return exactly(
        answer,
        blanks,
        f"{blanks} cards: the 26 red cards and the ace of clubs.",
        "count the cards whose card_points(card, 'black-frog', 3) is 0.",
    )


@exercise("chinese-ten-scoring.2")
def pagat_four_players(answer: Any) -> Feedback:
    """Lesson 03, exercise 2: how much more a 4-player pagat hand is worth than a 3-player one."""
    slip = known_slip(
        answer,
        {
            280: "280 is the whole 4-player pagat hand: the question asks how much more it is "
            "worth than the 3-player one.",
            -40: "the 4-player hand is worth more, not less: give the difference as a positive "
            "number.",
        },
    )
    if slip is not None:
        return slip
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
    slip = known_slip(
        answer,
        {
            720: "720 is what the three totals add up to together: take away the two you know.",
            -280: "with one hand's 240 the third total would be negative: the totals are after "
            "three hands, 3 × 240 in all.",
        },
    )
    if slip is not None:
        return slip
    return exactly(
        answer,
        200,
        "three hands of 240 points make 720, and 720 - 250 - 270 = 200.",
        "every red hand adds up to 240, whatever happens: what do three hands add up to?",
    )


ABOVE_PAR = Bar(
    hands=300,
    measure="points",
    mark=80,
    hinted="the hint's strategy (capture when a card can, otherwise play any card) scored "
    "94.2 points a hand over 20,000 hands (95% interval 93.9 to 94.6) and passes on "
    "practically every seed; a random player scores the par, 80.",
)
"""Exercise 5's bar: 300 hands, the interval above the par of 80 (see :class:`Bar`)."""


@exercise("chinese-ten-scoring.5")
def bot_above_par(answer: Any, seed: int | str = CHECK_SEED) -> Feedback:
    """Lesson 03, exercise 5: a bot that scores above the par of 80 against two random players."""
    number = as_number(answer)
    if number is not None:
        return not_yet("give your bot, the function, not a number.")
    return bot_against(answer, "chinese-ten", {}, "random", ABOVE_PAR, seed)


TOTALS = [(300, 250, 170), (400, 300, 250), (500, 400, 300), (250, 250, 250)]
"""The four sets of match totals of lesson 03's exercise 6 (3 players, red scoring)."""


@exercise("chinese-ten-scoring.6")
def impossible_totals(answer: Any) -> Feedback:
    """Lesson 03, exercise 6: which of :data:`TOTALS` no red match can reach, after any number
    of hands."""
    impossible = {totals for totals in TOTALS if sum(totals) % 240}
    if not isinstance(answer, list | tuple | set):
        return not_yet("give a list of the impossible totals, such as [(300, 250, 170)].")
    try:
        given = {tuple(int(total) for total in totals) for totals in answer}
    except (TypeError, ValueError):
        return not_yet("give each totals as a tuple of three numbers, such as (300, 250, 170).")
    unknown = given - set(TOTALS)
    if unknown:
        return not_yet(f"{sorted(unknown)[0]} is not one of the four totals of the exercise.")
    if (500, 400, 300) in given:
        return not_yet(
            "(500, 400, 300) adds up to 1,200 = 5 × 240: five hands. The totals add up to 240 "
            "times the number of hands, whatever that number is, not only after three hands."
        )
    if (300, 250, 170) in given:
        return not_yet(
            "(300, 250, 170) adds up to 720 = 3 × 240: three hands can end there. Check each "
            "sum against a multiple of 240."
        )
    if given == impossible:
        return right(
            "(400, 300, 250) adds up to 950 and (250, 250, 250) to 750: neither is a multiple "
            "of 240, and every red hand adds exactly 240 to the three totals together."
        )
    return not_yet(
        "one impossible set of totals is missing: add up each one and compare the sum with "
        "the multiples of 240."
    )
