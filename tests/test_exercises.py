"""cardlab.exercises: every check says "no answer yet" to the placeholder, gives a hint (never
a traceback) for wrong answers of any shape, and knows the right ones. (Each right answer is
also asserted, computed, in the lesson's solutions notebook.)"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

import cardlab
from cardlab.exercises import ExerciseError, Feedback, check, exercise_names
from cardlab.exercises.feedback import exercise

WRONG_SHAPES = [None, "nonsense", 3.5, (1, 2, 3), [object()], -1]

RIGHT = {
    "start-here.1": 2,
    "mod-ten.1": [(1, 9), (2, 8), ("3", "7"), (4, 6)],
    "mod-ten.2": ["8h"],
    "mod-ten.3": 8,
    "mod-ten.5": (357, 1000),
    "chinese-ten.1": (4, 3),
    "chinese-ten.3": 5,
    "chinese-ten.4": 2,
    "chinese-ten-scoring.1": 27,
    "chinese-ten-scoring.2": 40,
    "chinese-ten-scoring.4": 200,
    "two-ten-jack.1": (-15, 20),
    "two-ten-jack.2": "AS 2H",
    "two-ten-jack.4": 13,
    "two-ten-jack.5": (2, 13),
    "win-rates.1": 0.161,
    "win-rates.2": 0.54,
    "distributions.1": (465, 500),
    "distributions.2": 5,
    "distributions.3": "Black-Frog",
    "how-many.1": 90,
    "how-many.2": 4906,
    "how-many.3": (20, 300),
    "bots.3": 785,
    "exact.1": Fraction(1, 13),
    "exact.2": Fraction(comb(24, 16), comb(32, 16)),
    "exact.4": 54145,
}


@pytest.mark.parametrize("name", exercise_names())
def test_the_placeholder_is_not_an_answer(name):
    feedback = check(name, ...)
    assert not feedback
    assert (
        str(feedback) == "No answer yet: replace the ... with your answer, then run the cell again."
    )


BOT_CHECKS = {"mod-ten.6", "chinese-ten-scoring.5", "two-ten-jack.6", "bots.2"}
"""The checks that play hands with a bot (tested on their own below)."""


@pytest.mark.parametrize("name", [name for name in exercise_names() if name not in BOT_CHECKS])
@pytest.mark.parametrize("answer", WRONG_SHAPES, ids=repr)
def test_a_wrong_answer_of_any_shape_gets_a_hint(name, answer):
    feedback = check(name, answer)
    assert isinstance(feedback, Feedback)
    assert not feedback
    assert str(feedback).startswith("Not yet: ") and len(feedback.message) > 10


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_right_answers(name):
    feedback = check(name, RIGHT[name])
    assert feedback, str(feedback)
    assert str(feedback).startswith("Right! ")


def test_the_states_and_seeds_that_answer():
    two = cardlab.game("mod-ten")
    position = two.deal(
        dealer=0,
        hands=[
            "AD 2D 3D 4D 6D 7D 8D 9D AS 2S 3S 4S 6S 7S 8S 9S",
            "AH 2H 3H 4H 6H 7H 8H 9H AC 2C 3C 4C 6C 7C 8C 9C",
        ],
    )
    final = position.play_all("AC 2C 3C 4C 6C 7C 8C 9C AH 2H 3H 4H 6H 7H 8H 9H")
    assert check("mod-ten.4", final)
    assert "not over yet" in str(check("mod-ten.4", position.play("AC")))
    hands = (two.deal(seed=seed).play_out("random", seed=seed) for seed in range(50))
    no_capture = next(hand for hand in hands if hand.last_events[0].detail != "capture")
    assert "not a multiple of 10" in str(check("mod-ten.4", no_capture))
    assert "offers no choice" in str(check("chinese-ten.3", 0))
    assert check("start-here.3", ["3C", "6D", "AH", "2S"])
    assert "four cards" in str(check("start-here.3", ["3C"]))


def test_a_bot_check_says_what_went_wrong():
    def illegal(view):
        return cardlab.Move.parse("KH")

    def broken(view):
        raise KeyError("oops")

    assert "returned 'KH', which is not a legal move" in str(check("mod-ten.6", illegal))
    assert str(check("mod-ten.6", broken)).startswith("Not yet: your bot raised KeyError")
    assert "the function, not a number" in str(check("chinese-ten-scoring.5", 80))
    assert "give your bot" in str(check("bots.2", "greedy"))


def test_a_bot_that_beats_random_passes():
    def leave_a_five(view):
        """Collect if possible; else leave a table ending in 5 (no 5 can collect it)."""
        legal = view.legal_moves()
        for wanted in (0, 5):
            for move in legal:
                if (view.table_sum + move.card.number) % 10 == wanted:
                    return move
        return max(legal, key=lambda move: move.card.number)

    feedback = check("mod-ten.6", leave_a_five)
    assert feedback and "It beats random." in str(feedback)


def test_an_unknown_exercise_lists_the_known_ones():
    with pytest.raises(
        ExerciseError, match=r"there is no exercise 'mod-ten\.9': the exercises are .*mod-ten\.1"
    ):
        check("mod-ten.9", 1)


def test_a_name_cannot_be_registered_twice():
    with pytest.raises(ValueError, match="two checks are registered for exercise 'mod-ten.1'"):
        exercise("mod-ten.1")(lambda answer: Feedback(True, ""))
