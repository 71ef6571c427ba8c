"""What the checks of open exercises share: playing a student's bot, and saying a share with
its 95% interval in words."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any

from cardlab.exercises.feedback import Feedback, not_yet, right
from cardlab.simulation.stats import wilson_interval

CHECK_SEED = "check"
"""The seed of every hand a check plays, so that a check gives the same verdict every time."""


def where(low: float, high: float, value: float) -> str:
    """Where the interval from ``low`` to ``high`` lies with respect to ``value``: "above",
    "below" or "around"."""
    if low > value:
        return "above"
    if high < value:
        return "below"
    return "around"


def share_text(wins: int, hands: int, fair: float, fair_name: str) -> str:
    """ "<wins> of <hands> hands: 34.4% (95% interval 32.3% to 36.5%), around a fair share
    of 33.3%." """
    low, high = wilson_interval(wins, hands)
    return (
        f"{wins:,} of {hands:,} hands: {wins / hands:.1%} (95% interval {low:.1%} to "
        f"{high:.1%}), {where(low, high, fair)} {fair_name} of {fair:.1%}."
    )


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (mean ± 1.96 standard errors)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


@dataclass(frozen=True)
class Bar:
    """What an open bot exercise asks, and how it was set.

    A bot passes when its share of wins (``measure="wins"``) reaches ``mark``, or when the
    95% interval of its mean score (``measure="points"``) lies above ``mark``. The mark is
    set from ``hinted``, what the strategy the lesson's hint leads to was measured to do
    (with its interval), so that a bot of that strength passes on at least 95 seeds in 100,
    and not only on the check's own: ``tools/check_pass_rates.py`` measures both again.
    """

    hands: int
    """The hands the check plays."""
    measure: str
    """"wins" (seat 0's share of the hands) or "points" (seat 0's mean score)."""
    mark: float
    """The share to reach, or the score the interval must lie above."""
    hinted: str
    """The hinted strategy's measured figure, in words, for the feedback."""


def bot_against(
    bot: Any,
    game_name: str,
    options: dict[str, Any],
    opponent: Any,
    bar: Bar,
    seed: int | str = CHECK_SEED,
) -> Feedback:
    """Play ``bar.hands`` hands of ``bot`` in seat 0 against ``opponent`` in every other seat,
    dealt from ``seed``, and judge it by ``bar``. The feedback gives what was measured, with
    its 95% interval, and how the mark was set."""
    import cardlab

    if not callable(bot):
        return not_yet("give your bot: a function that takes a view and returns a legal move.")
    game = cardlab.game(game_name, **options)
    agents = [bot] + [opponent] * (game.players - 1)
    hands = bar.hands
    try:
        table = cardlab.simulate(game, agents, games=hands, seed=seed, progress=False)
    except cardlab.AgentError as error:  # simulate says what the bot did wrong
        return not_yet(f"your bot {error.reason}")
    except Exception as error:  # a student's bot may fail in any way: say how
        return not_yet(f"your bot raised {type(error).__name__}: {error}")
    against = opponent if isinstance(opponent, str) else getattr(opponent, "__name__", "it")
    if bar.measure == "wins":
        wins = int((table["winner"] == 0).sum())
        text = share_text(wins, hands, 1 / game.players, "a fair share")
        mark = f" The mark is {bar.mark:.0%} of the hands: {bar.hinted}"
        if wins >= bar.mark * hands:
            return right(f"your bot won {text} It beats {against}.{mark}")
        return not_yet(f"your bot won {text} That is short of the mark.{mark}")
    scores = [float(score) for score in table["score_0"]]
    mean, low, high = mean_interval(scores)
    text = (
        f"your bot scored {mean:.1f} points a hand on average over {hands} hands (95% "
        f"interval {low:.1f} to {high:.1f}), {where(low, high, bar.mark)} {bar.mark:g}."
    )
    mark = f" For comparison, {bar.hinted}"
    if low > bar.mark:
        return right(f"{text} It scores more than {bar.mark:g} against {against}.{mark}")
    return not_yet(f"{text} That does not show it scores more than {bar.mark:g}.{mark}")
