"""The checks of lessons 05 to 07, on simulation and statistics (``notebooks/05-win-rates.ipynb``,
``06-distributions.ipynb``, ``07-how-many-hands.ipynb``)."""

from __future__ import annotations

from typing import Any

from cardlab.exercises.feedback import (
    Feedback,
    as_number,
    exactly,
    exercise,
    known_slip,
    near,
    not_yet,
    part_of_whole,
    right,
)
from cardlab.exercises.play import share_text
from cardlab.simulation.stats import wilson_interval

ACE_OF_SPADES_WINS = 0.930
"""The share of 3-player Black Frog hands won by the player who wins the ace of spades, with
random players: 18,593 of 20,000 hands, 0.930 (95% interval 0.926 to 0.933), measured with
``play_out("random", seed=seed)`` for seeds 0 to 19,999, a tie counting as not won."""


@exercise("win-rates.1")
def zero_wins(answer: Any) -> Feedback:
    """Lesson 05, exercise 1: the upper end of the Wilson interval of 0 wins in 20."""
    high = wilson_interval(0, 20)[1]
    slip = known_slip(
        answer,
        {
            0: "0 is the textbook interval's upper end: p ± 1.96 √(p(1 - p)/n) with p = 0 has no "
            "width at all, as if 20 hands proved the chance is 0. The Wilson interval does not.",
            0.15: "3/20 = 0.15 is the 'rule of three', a quick 95% bound for 0 wins: near, but "
            "the exercise asks for the Wilson interval's upper end.",
            100 * high: f"{100 * high:.1f} is a percentage: give the chance, from 0 to 1.",
        },
        relative=0.01,
    )
    if slip is not None:
        return slip
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
    slip = known_slip(
        answer,
        {
            0.75: "15 × 0.05 = 0.75 adds the chances of missing, as if no two intervals could miss "
            "together (with 21 intervals it would pass 1). Work out the chance that none misses.",
            0.95**15: "0.95^15 is the chance that all 15 intervals hold: the question asks for the "
            "chance that at least one misses.",
            0.05: "0.05 is the chance that one given interval misses; with 15 of them, the chance "
            "that some interval misses is larger.",
        },
        relative=0.01,
    )
    if slip is not None:
        return slip
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
    from cardlab.simulation.stats import in_playing_order, seats

    columns = getattr(answer, "columns", None)
    needed = {"game", "seed", "winner", "dealer"}
    if columns is None or not needed <= set(columns):
        return not_yet("give the table that cardlab.simulate returns.")
    attrs = getattr(answer, "attrs", {}) or {}
    game_name = attrs.get("game") or ("mod-ten" if "skips" in columns else "another game")
    if game_name != "mod-ten" or len(seats(answer)) != 3:
        return not_yet(
            f"this is a table of {game_name} with {len(seats(answer))} seats: simulate "
            "three-player Mod Ten, cardlab.game('mod-ten', players=3)."
        )
    if len(answer) < 6000:
        return not_yet(f"{len(answer):,} hands: play at least 6,000.")
    if not _as_simulated(answer, attrs.get("options") or {"players": 3}):
        return not_yet(
            "the winners of this table are not those its seeds give: pass the table as "
            "simulate returned it (seat numbers, not already put in playing order with "
            "in_playing_order: the check does that itself)."
        )
    ordered = in_playing_order(answer)
    wins = int((ordered["winner"] == 0).sum())
    low, high = wilson_interval(wins, len(answer))
    return right(
        "the first player won "
        + share_text(wins, len(answer), 1 / 3, "a fair share")
        + f" The interval is {100 * (high - low):.1f} points wide: three times the hands "
        "make it about 1/√3 as wide (lesson 07)."
    )


def _as_simulated(table: Any, options: dict[str, Any], sample: int = 12) -> bool:
    """True when a few rows of ``table`` (a Mod Ten table with ``options``), spread over it,
    are the hands their seeds give: so that its seats are seat numbers, as
    :func:`cardlab.simulate` writes them."""
    import cardlab
    from cardlab.simulation.many_games import play_hand

    try:
        game = cardlab.game("mod-ten", **options)
    except Exception:  # options that are not Mod Ten's: not a table simulate wrote
        return False
    step = max(1, len(table) // sample)
    for index in range(0, len(table), step)[:sample]:
        row = table.iloc[index]
        agents = [str(row[f"agent_{seat}"]) for seat in range(3)]
        try:
            replayed = play_hand(game, agents, str(row["seed"]))
        except Exception:  # an agent that is not a name, a seed that is not one: not simulated
            return False
        if replayed["winner"] != row["winner"] or replayed["dealer"] != row["dealer"]:
            return False
    return True


@exercise("distributions.1")
def ace_of_spades_wins(answer: Any) -> Feedback:
    """Lesson 06, exercise 1: how often the winner of the ace of spades wins a Black Frog hand."""
    counted = part_of_whole(
        answer,
        "(hands the ace's winner won, hands)",
        "the hits first, with hits <= hands",
        500,
        "{:.0f} hands are too few: play at least 500.",
    )
    if isinstance(counted, Feedback):
        return counted
    hits_number, hands_number = counted
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
    slip = known_slip(
        answer,
        {
            4: "after 4 hands the totals add up to 20, so both can still be at 10: one more hand "
            "can be needed.",
            13: "13 is the longest match to 31 (lesson 04); this one is to 11.",
        },
        relative=0,
    )
    if slip is not None:
        return slip
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
    name = "-".join(answer.strip().lower().replace("_", " ").replace("-", " ").split())
    if name in ("red", "pagat"):
        return not_yet(
            f"under {name} the median lies closer to the par: compare median - par for each "
            "scheme in the summary table, and take the most negative."
        )
    if name == "black-frog":
        return right(
            "under Black Frog the median lies furthest below the par: a few hands with the ace "
            "of spades (50 points) pull the mean up, and most players score below par."
        )
    return not_yet("compare median - par for each scheme in the summary table.")


@exercise("how-many.1")
def ninety_percent(answer: Any) -> Feedback:
    """Lesson 07, exercise 1: how many of 100 90% intervals should contain the true chance."""
    number = as_number(answer)
    if number == 0.9:
        return right(
            "90 of 100 (a share of 0.9), give or take a few: a 90% interval misses 1 time in 10."
        )
    if number == 95:
        return not_yet("95 is for 95% intervals. These are 90% intervals: how many of 100 hold it?")
    if number == 10:
        return not_yet("10 is how many of the 100 should miss: how many contain the true chance?")
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
    return hands_to_detect(
        answer,
        0.02,
        {
            2500: "1 / d² = 2,500 is the 1/√n rule turned round: enough for an interval of ± 2 "
            "points, not to detect a 2-point edge 80% of the time. Power needs about 2 / d².",
            1.96**2 * 0.25 / 0.02**2: "1.96² × 0.25 / 0.02² ≈ 2,401 leaves out the power: with "
            "it, z is 1.96 + 0.84, and the hands about double.",
        },
        0.06,
        "about {:,} hands: (1.96 + 0.84)² × 0.25 / 0.02² ≈ 2 / 0.02² = 5,000.",
        "use (z + z_power)² × p (1 - p) / d², or hands_needed from cardlab.simulation.tournament.",
    )


def hands_to_detect(
    answer: Any, edge: float, slips: dict[float, str], tolerance: float, why: str, hint: str
) -> Feedback:
    """The check of an answer that gives the hands needed to detect an ``edge`` with 80%
    power (:func:`cardlab.simulation.tournament.hands_needed`): a known slip's feedback, else
    right within ``tolerance`` (a share of the hands) saying ``why`` (a format of the hands),
    else the ``hint``."""
    from cardlab.simulation.tournament import hands_needed

    needed = hands_needed(edge)
    slip = known_slip(answer, slips, relative=0.01)
    if slip is not None:
        return slip
    return near(answer, needed, tolerance * needed, why.format(needed), hint)


@exercise("how-many.3")
def fixed_plan(answer: Any) -> Feedback:
    """Lesson 07, exercise 3: the false alarms of a fixed plan of hands, over many fair runs."""
    counted = part_of_whole(
        answer,
        "(false alarms, runs)",
        "the false alarms first",
        300,
        "{:.0f} runs are too few: do at least 300.",
    )
    if isinstance(counted, Feedback):
        return counted
    alarms_number, runs_number = counted
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
