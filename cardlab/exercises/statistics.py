"""The checks of lessons 05 to 07, on simulation and statistics (``notebooks/05-win-rates.ipynb``,
``06-distributions.ipynb``, ``07-how-many-hands.ipynb``)."""

from __future__ import annotations

from typing import Any

from cardlab.exercises.feedback import Feedback, as_number, exactly, exercise, near, not_yet, right
from cardlab.exercises.play import share_text
from cardlab.stats import wilson_interval

ACE_OF_SPADES_WINS = 0.930
"""The share of 3-player Black Frog hands won by the player who wins the ace of spades, with
random players: 18,593 of 20,000 hands, 0.930 (95% interval 0.926 to 0.933), measured with
``play_out("random", seed=seed)`` for seeds 0 to 19,999, a tie counting as not won."""


@exercise("win-rates.1")
def zero_wins(answer: Any) -> Feedback:
    """Lesson 05, exercise 1: the upper end of the Wilson interval of 0 wins in 20."""
    high = wilson_interval(0, 20)[1]
    return near(
        answer,
        high,
        0.0015,
        f"{high:.3f}: 20 hands without a win still leave a true chance of up to about 16%.",
        "use stats.wilson_interval(0, 20): it gives (low, high).",
    )


@exercise("win-rates.2")
def false_alarm(answer: Any) -> Feedback:
    """Lesson 05, exercise 2: the chance that one of 15 independent 95% intervals misses."""
    chance = 1 - 0.95**15
    return near(
        answer,
        chance,
        0.006,
        f"1 - 0.95^15 = {chance:.2f}: more likely than not, one of the 15 misses.",
        "each interval is right with probability 0.95; all 15 with 0.95^15.",
    )


@exercise("win-rates.3")
def first_player_again(answer: Any) -> Feedback:
    """Lesson 05, exercise 3: a table of 6,000 or more 3-player Mod Ten hands."""
    from cardlab.stats import in_playing_order, seats

    columns = getattr(answer, "columns", None)
    if columns is None or "winner" not in columns or "dealer" not in columns:
        return not_yet("give the table that cardlab.simulate returns.")
    if len(seats(answer)) != 3 or set(answer["game"].unique()) and "captures" not in columns:
        return not_yet("simulate three-player Mod Ten: cardlab.game('mod-ten', players=3).")
    if len(answer) < 6000:
        return not_yet(f"{len(answer):,} hands: play at least 6,000.")
    ordered = in_playing_order(answer)
    wins = int((ordered["winner"] == 0).sum())
    low, high = wilson_interval(wins, len(answer))
    return right(
        "the first player won "
        + share_text(wins, len(answer), 1 / 3, "a fair share")
        + f" The interval is {100 * (high - low):.1f} points wide: three times the hands "
        "make it about 1/√3 as wide (lesson 07)."
    )


@exercise("distributions.1")
def ace_of_spades_wins(answer: Any) -> Feedback:
    """Lesson 06, exercise 1: how often the winner of the ace of spades wins a Black Frog hand."""
    try:
        hits, hands = answer
    except (TypeError, ValueError):
        return not_yet("give two numbers: (hands the ace's winner won, hands).")
    hits_number, hands_number = as_number(hits), as_number(hands)
    if hits_number is None or hands_number is None or not 0 <= hits_number <= hands_number:
        return not_yet("give two whole numbers, the hits first, with hits <= hands.")
    if hands_number < 500:
        return not_yet(f"{hands_number:.0f} hands are too few: play at least 500.")
    low, high = wilson_interval(hits_number, hands_number, z=3.29)  # 99.9%: a fair test
    share = hits_number / hands_number
    if low <= ACE_OF_SPADES_WINS <= high:
        return right(
            f"{share:.1%} of your hands. The ace of spades alone is 50 of the 218 points: "
            "among random players, whoever wins it nearly always wins the hand."
        )
    return not_yet(
        f"{share:.1%} is far from what 20,000 hands give: check that you count, in each hand, "
        "whether the seat holding AS in its won pile is the winner (ties have no winner)."
    )


@exercise("distributions.2")
def shorter_match(answer: Any) -> Feedback:
    """Lesson 06, exercise 2: the longest Two-Ten-Jack match to 11 points."""
    return exactly(
        answer,
        5,
        "before the last hand both totals are at most 10, so at most 20 points: 4 hands; after "
        "5 hands the totals add up to 25, so one is at least 13. At most 5 hands.",
        "the totals after k hands add up to 5 × k: when must one of them reach 11?",
    )


@exercise("distributions.3")
def most_skewed(answer: Any) -> Feedback:
    """Lesson 06, exercise 3: the scheme whose median lies furthest below its par."""
    if not isinstance(answer, str):
        return not_yet('give the scheme\'s name, such as "red".')
    if answer.strip().lower() == "black-frog":
        return right(
            "under Black Frog the median lies furthest below the par: a few hands with the ace "
            "of spades (50 points) pull the mean up, and most players score below par."
        )
    return not_yet("compare median - par for each scheme in the summary table.")


@exercise("how-many.1")
def ninety_percent(answer: Any) -> Feedback:
    """Lesson 07, exercise 1: how many of 100 90% intervals should contain the true chance."""
    return exactly(
        answer,
        90,
        "90 of 100, give or take a few: the intervals are narrower (z = 1.645 instead of 1.96), "
        "so they miss more often.",
        "a 90% interval contains the true chance 90 times in 100, in the long run.",
    )


@exercise("how-many.2")
def power(answer: Any) -> Feedback:
    """Lesson 07, exercise 2: the hands needed to detect a 2-point edge with 80% power."""
    from cardlab.tournament import hands_needed

    needed = hands_needed(0.02)
    return near(
        answer,
        needed,
        0.06 * needed,
        f"about {needed:,} hands: (1.96 + 0.84)² × 0.25 / 0.02² ≈ 2 / 0.02² = 5,000.",
        "use (z + z_power)² × p (1 - p) / d², or hands_needed from cardlab.tournament.",
    )


@exercise("how-many.3")
def fixed_plan(answer: Any) -> Feedback:
    """Lesson 07, exercise 3: the false alarms of a fixed plan of hands, over many fair runs."""
    try:
        alarms, runs = answer
    except (TypeError, ValueError):
        return not_yet("give two numbers: (false alarms, runs).")
    alarms_number, runs_number = as_number(alarms), as_number(runs)
    if alarms_number is None or runs_number is None or not 0 <= alarms_number <= runs_number:
        return not_yet("give two whole numbers, the false alarms first.")
    if runs_number < 300:
        return not_yet(f"{runs_number:.0f} runs are too few: do at least 300.")
    share = alarms_number / runs_number
    low, high = wilson_interval(alarms_number, runs_number, z=3.29)
    if low <= 0.05 <= high:
        return right(
            f"{share:.1%} of the fair runs raised a false alarm, as a 95% interval should (5%): "
            "looking once, at a number of hands fixed in advance, keeps the promise."
        )
    return not_yet(
        f"{share:.1%} is far from 5%: look only once per run, after all its hands, and count the "
        "runs whose interval leaves 50%."
    )
