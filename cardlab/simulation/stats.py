"""Summaries of simulation tables: win rates with confidence intervals, agent match-ups.

>>> round(wilson_interval(50, 100)[0], 3), round(wilson_interval(50, 100)[1], 3)
(0.404, 0.596)

Every function takes a table from :func:`cardlab.simulate`, empty or not; given something else
(or a table without the columns it needs) it raises :class:`~cardlab.simulation.tables.TableError`,
which says what is missing.
"""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING

from cardlab.engine.words import shortened
from cardlab.simulation.tables import (  # seats and every_seat read a table's columns: said there
    TableError,
    check_table,
    is_number,
    is_whole_number,
    one_seat,
)
from cardlab.simulation.tables import (
    every_seat as every_seat,
)
from cardlab.simulation.tables import (
    seats as seats,
)

if TYPE_CHECKING:
    import pandas as pd

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


MAX_COUNT = 10**15
"""The largest count (of wins, losses or games) the statistics here take: a float holds every
whole number up to 2**53 (about 9 * 10**15), and no run plays more than 10**9 hands."""


def _number(name: str, value: object) -> float:
    """``value`` as a finite float (numpy numbers too, never a bool)."""
    if not is_number(value):
        raise TableError(f"{name} must be a finite number, not {shortened(value)}")
    return float(value)  # type: ignore[arg-type]


def _count(name: str, value: object) -> float:
    """``value`` as a float from 0 to :data:`MAX_COUNT` (fractions allowed), else a
    :class:`TableError` that says the range."""
    if not is_number(value) or not 0 <= float(value) <= MAX_COUNT:  # type: ignore[arg-type]
        raise TableError(f"{name} must be a number from 0 to {MAX_COUNT:,}, not {shortened(value)}")
    return float(value)  # type: ignore[arg-type]


def wilson_interval(wins: float, games: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate of ``wins`` out of ``games``.

    Better than "p ± 1.96 sqrt(p(1-p)/n)" for small samples and rates near 0 or 1. With no
    games at all the interval is everything, (0, 1). Counts are numbers from 0 to
    :data:`MAX_COUNT` (fractions too); anything else is a :class:`TableError`.
    """
    wins, games, z = _count("wins", wins), _count("games", games), _number("z", z)
    if not wins <= games or z <= 0:
        raise TableError(
            f"a Wilson interval needs 0 <= wins <= games and z > 0, not wins={wins:g}, "
            f"games={games:g}, z={z:g}"
        )
    if games == 0:
        return (0.0, 1.0)
    # The usual formula, multiplied through by the number of games: the same interval, with no
    # division by games squared (which overflows for tiny fractional counts).
    spread = z * z
    centre = (wins + spread / 2) / (games + spread)
    half = z * math.sqrt(wins / games * (games - wins) + spread / 4) / (games + spread)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _agent_of(table: pd.DataFrame, seat: int) -> str:
    """The agent in ``seat`` (its first row's; from ``attrs`` when the table is empty)."""
    if len(table):
        return str(table[f"agent_{seat}"].iloc[0])
    agents = table.attrs.get("agents")
    return str(agents[seat]) if isinstance(agents, list) and seat < len(agents) else ""


def _won(table: pd.DataFrame, seat: int) -> pd.Series:
    """True for each game ``seat`` won (False on a tie)."""
    return (table["winner"] == seat).fillna(False).astype(bool)


def win_rates(table: pd.DataFrame) -> pd.DataFrame:
    """Each seat's wins, win rate and 95% interval, one row per seat.

    Hands without a winner (ties) count as games but not as wins. An empty table gives each
    seat 0 games, a win rate of NaN and the interval (0, 1).
    """
    import pandas as pd

    check_table(table, ["winner"], "win_rates")
    rows = []
    games = len(table)
    for seat in seats(table):
        wins = int(_won(table, seat).sum())
        low, high = wilson_interval(wins, games)
        rows.append(
            {
                "seat": seat,
                "agent": _agent_of(table, seat),
                "games": games,
                "wins": wins,
                "win_rate": wins / games if games else float("nan"),
                "low": low,
                "high": high,
            }
        )
    return pd.DataFrame(rows).set_index("seat")


RESULT_COLUMNS = ["seats_played", "wins", "win_rate", "low", "high"]
"""The columns of :func:`agent_results`."""


def agent_results(table: pd.DataFrame) -> pd.DataFrame:
    """Wins and win rates per agent (over every seat it sat in), with 95% intervals; no rows
    for an empty table."""
    import pandas as pd

    check_table(table, ["winner"], "agent_results")
    rows = []
    for agent in sorted(_all_agents(table)):
        seats_played = 0
        wins = 0
        for seat in seats(table):
            mask = (table[f"agent_{seat}"] == agent).to_numpy(dtype=bool)
            seats_played += int(mask.sum())
            wins += int((mask & _won(table, seat).to_numpy()).sum())
        low, high = wilson_interval(wins, seats_played)
        rows.append(
            {
                "agent": agent,
                "seats_played": seats_played,
                "wins": wins,
                "win_rate": wins / seats_played if seats_played else float("nan"),
                "low": low,
                "high": high,
            }
        )
    if not rows:
        return pd.DataFrame(columns=RESULT_COLUMNS, index=pd.Index([], name="agent"))
    return pd.DataFrame(rows).set_index("agent")


def _all_agents(table: pd.DataFrame) -> set[str]:
    names: set[str] = set()
    for seat in seats(table):
        names.update(str(name) for name in table[f"agent_{seat}"].unique())
    return names


def running_win_rate(table: pd.DataFrame, seat: int = 0) -> pd.DataFrame:
    """The win rate of ``seat`` after each game, with its 95% interval (for convergence plots):
    columns ``games``, ``win_rate``, ``low`` and ``high``, no rows for an empty table."""
    import numpy as np
    import pandas as pd

    check_table(table, ["winner"], "running_win_rate")
    seat = one_seat(table, seat)
    wins = _won(table, seat).cumsum().to_numpy(dtype=float)
    games = np.arange(1, len(table) + 1, dtype=float)
    # wilson_interval, for every count at once
    rate = wins / games
    z = Z95
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * np.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return pd.DataFrame(
        {
            "games": games.astype(np.int64),
            "win_rate": rate,
            "low": np.maximum(0.0, centre - half),
            "high": np.minimum(1.0, centre + half),
        }
    )


def in_playing_order(table: pd.DataFrame) -> pd.DataFrame:
    """The same hands with seats renumbered in playing order: 0 for the player left of the
    dealer (who plays first), the last number for the dealer. The winner and the scores move;
    the agent columns stay, so use it when every seat has the same agent.

    Seat numbers alone say little about an advantage when the dealer is drawn at random for
    every hand; the order of play does.
    """
    check_table(table, ["winner", "dealer"], "in_playing_order")
    players = len(every_seat(table, "in_playing_order"))
    check_table(table, [f"score_{seat}" for seat in range(players)], "in_playing_order")
    ordered = table.copy()
    ordered["winner"] = (table["winner"] - table["dealer"] - 1) % players
    scores = table[[f"score_{seat}" for seat in range(players)]].to_numpy()
    rows = range(len(table))
    for position in range(players):
        seat = ((table["dealer"] + 1 + position) % players).to_numpy()
        ordered[f"score_{position}"] = scores[rows, seat]
    return ordered


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
"""Names of the places in the order of play, before the dealer's."""


def position_names(players: int) -> list[str]:
    """Labels in playing order: "1st to play", "2nd to play", ..., "dealer"."""
    if not is_whole_number(players) or not 2 <= players <= len(ORDINALS) + 1:
        raise TableError(f"players must be a whole number from 2 to 6, not {players!r:.60}")
    return [f"{ORDINALS[position]} to play" for position in range(players - 1)] + ["dealer"]


def decided(table: pd.DataFrame) -> pd.DataFrame:
    """The hands that have a winner (a Chinese Ten hand can end in a tie for the top), with
    ``winner`` as a plain ``int8`` column."""
    check_table(table, ["winner"], "decided")
    return table[table["winner"].notna().to_numpy(dtype=bool)].astype({"winner": "int8"})


EXACT_SPREAD = 10_000
"""The largest standard deviation (in hands) of the binomial count for which
:func:`probability_favoured` adds up the binomial terms exactly; past it, it uses the normal
approximation (see there)."""

BERRY_ESSEEN = 0.4748
"""The constant of the Berry-Esseen bound (Shevtsova, 2011): the normal approximation of a
binomial count's distribution is off by at most this times (p² + q²) / its standard deviation."""


def probability_favoured(wins: int, losses: int, threshold: float = 0.5) -> float:
    """The Bayesian companion of a Wilson interval: the probability that the true win rate lies
    above ``threshold`` (one half: "the probability that this player is favoured") after
    ``wins`` wins and ``losses`` losses, starting from a uniform prior.

    The posterior of the rate is then Beta(wins + 1, losses + 1), and the chance that it exceeds
    ``threshold`` is exactly the chance of at most ``wins`` successes in ``wins + losses + 1``
    trials at rate ``threshold``: a binomial sum. It is added up in fractions, exactly, for
    few trials (:data:`EXACT_BITS`); beyond, from its largest term outwards (to about 12 digits)
    while that count's standard deviation is at most :data:`EXACT_SPREAD` hands (up to 400
    million hands at one half); past it, by the normal approximation with a continuity
    correction, which is then off by at most 0.00005 (the Berry-Esseen bound). The time it
    takes is bounded either way. ``wins`` and ``losses`` are whole numbers from 0 to
    :data:`MAX_COUNT`; anything else is a :class:`TableError`.

    >>> probability_favoured(0, 0), round(probability_favoured(14, 6), 3)
    (0.5, 0.961)
    """
    for name, value in (("wins", wins), ("losses", losses)):
        if not is_whole_number(value) or not 0 <= value <= MAX_COUNT:
            raise TableError(
                f"{name} must be a whole number from 0 to {MAX_COUNT:,}, not {shortened(value)}"
            )
    if not is_number(threshold) or not 0 < threshold < 1:
        raise TableError(
            f"threshold is a rate strictly between 0 and 1, not {shortened(threshold)}"
        )
    return binomial_cdf(int(wins), int(wins) + int(losses) + 1, float(threshold))


EXACT_BITS = 20_000
""":func:`binomial_cdf` adds the terms as exact fractions while the rate's denominator raised to
the trials has at most this many bits (1,000 trials at one half, 377 at 0.6): the float it
gives is then the nearest to the exact sum."""


def binomial_cdf(most: int, trials: int, rate: float) -> float:
    """The chance of at most ``most`` successes in ``trials`` trials at ``rate`` (see
    :func:`probability_favoured` for how it is worked out, and its bounds)."""
    exact = Fraction(rate)  # a binary fraction a / d
    a, d = exact.numerator, exact.denominator
    if trials * d.bit_length() <= EXACT_BITS:
        total = sum(math.comb(trials, k) * a**k * (d - a) ** (trials - k) for k in range(most + 1))
        return float(Fraction(total, d**trials))
    spread = math.sqrt(trials * rate * (1 - rate))
    if spread > EXACT_SPREAD:
        return NormalDist().cdf((most + 0.5 - trials * rate) / spread)
    mode = min(trials, math.floor((trials + 1) * rate))
    top = min(most, mode)  # the largest term of the sum
    odds = rate / (1 - rate)
    total = 1.0  # the terms as multiples of the term of ``top``
    term, k = 1.0, top
    while k > 0:  # down from the top: each term k / (trials - k + 1) / odds of the one above
        ratio = k / ((trials - k + 1) * odds)
        term *= ratio
        total += term
        k -= 1
        if ratio < 1 and term * ratio / (1 - ratio) < 1e-17 * total:
            break  # the terms left add up to less than that (a geometric series bounds them)
    term, k = 1.0, top
    while k < most:  # up to ``most`` (when the top is the mode): past the mode they fall
        ratio = (trials - k) / (k + 1) * odds
        term *= ratio
        total += term
        k += 1
        if ratio < 1 and term * ratio / (1 - ratio) < 1e-17 * total:
            break
    return min(1.0, math.exp(log_binomial_term(top, trials, rate)) * total)


_HALF_LOG_TWO_PI = 0.5 * math.log(2 * math.pi)


def log_binomial_term(k: int, trials: int, rate: float) -> float:
    """The logarithm of the chance of exactly ``k`` successes in ``trials`` trials at ``rate``,
    accurate for any number of trials (Loader's saddle-point form: no difference of two huge
    log-factorials)."""
    if k == 0:
        return trials * math.log1p(-rate)
    if k == trials:
        return trials * math.log(rate)
    return (
        _stirling_error(trials)
        - _stirling_error(k)
        - _stirling_error(trials - k)
        - _deviance(k, trials * rate)
        - _deviance(trials - k, trials * (1 - rate))
        + 0.5 * math.log(trials / (k * (trials - k)))
        - _HALF_LOG_TWO_PI
    )


def _stirling_error(n: int) -> float:
    """log(n!) minus Stirling's approximation of it, log(sqrt(2 pi n) (n / e)**n)."""
    if n < 16:
        return math.lgamma(n + 1) - (n + 0.5) * math.log(n) + n - _HALF_LOG_TWO_PI
    square = float(n) * n
    return (1 / 12 - (1 / 360 - 1 / 1260 / square) / square) / n


def _deviance(x: float, mean: float) -> float:
    """x log(x / mean) + mean - x, without the cancellation when x is close to mean."""
    if abs(x - mean) >= 0.1 * (x + mean):
        return x * math.log(x / mean) + mean - x
    v = (x - mean) / (x + mean)
    total, power = (x - mean) * v, 2 * x * v
    for odd in range(3, 1000, 2):
        power *= v * v
        more = total + power / odd
        if more == total:
            break
        total = more
    return total
