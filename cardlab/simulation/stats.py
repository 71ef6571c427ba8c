"""Summaries of simulation tables: win rates with confidence intervals, agent match-ups.

>>> round(wilson_interval(50, 100)[0], 3), round(wilson_interval(50, 100)[1], 3)
(0.404, 0.596)

Every function takes a table from :func:`cardlab.simulate`, empty or not; given something else
(or a table without the columns it needs) it raises :class:`~cardlab.simulation.tables.TableError`,
which says what is missing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from cardlab.simulation.tables import (  # seats and every_seat read a table's columns: said there
    TableError,
    check_table,
    is_number,
    is_whole_number,
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


def _number(name: str, value: object) -> float:
    """``value`` as a finite float (numpy numbers too, never a bool)."""
    if not is_number(value):
        raise TableError(f"{name} must be a finite number, not {value!r:.60}")
    return float(value)  # type: ignore[arg-type]


def wilson_interval(wins: float, games: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate of ``wins`` out of ``games``.

    Better than "p ± 1.96 sqrt(p(1-p)/n)" for small samples and rates near 0 or 1. With no
    games at all the interval is everything, (0, 1).
    """
    wins, games, z = _number("wins", wins), _number("games", games), _number("z", z)
    if games < 0 or not 0 <= wins <= max(games, 0) or z <= 0:
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
    half = z * math.sqrt(wins * (games - wins) / games + spread / 4) / (games + spread)
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


def _check_seat(table: pd.DataFrame, seat: object) -> int:
    known = seats(table)
    if not is_whole_number(seat) or seat not in known:
        raise TableError(f"seat must be one of this table's seats {known}, not {seat!r:.60}")
    return int(seat)


def running_win_rate(table: pd.DataFrame, seat: int = 0) -> pd.DataFrame:
    """The win rate of ``seat`` after each game, with its 95% interval (for convergence plots):
    columns ``games``, ``win_rate``, ``low`` and ``high``, no rows for an empty table."""
    import numpy as np
    import pandas as pd

    check_table(table, ["winner"], "running_win_rate")
    seat = _check_seat(table, seat)
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


def probability_favoured(wins: int, losses: int, threshold: float = 0.5) -> float:
    """The Bayesian companion of a Wilson interval: the probability that the true win rate lies
    above ``threshold`` (one half: "the probability that this player is favoured") after
    ``wins`` wins and ``losses`` losses, starting from a uniform prior.

    The posterior of the rate is then Beta(wins + 1, losses + 1), and the chance that it exceeds
    ``threshold`` is exactly the chance of at most ``wins`` successes in ``wins + losses + 1``
    trials at rate ``threshold`` (a binomial sum, computed in logarithms so that 100,000 hands
    do not overflow).

    >>> probability_favoured(0, 0), round(probability_favoured(14, 6), 3)
    (0.5, 0.961)
    """
    for name, value in (("wins", wins), ("losses", losses)):
        if not is_whole_number(value) or value < 0:
            raise TableError(f"{name} must be a whole number >= 0, not {value!r:.60}")
    if not is_number(threshold) or not 0 < threshold < 1:
        raise TableError(f"threshold is a rate strictly between 0 and 1, not {threshold!r:.60}")
    wins, losses = int(wins), int(losses)
    trials = wins + losses + 1
    log_p, log_q = math.log(threshold), math.log1p(-threshold)
    log_comb = math.lgamma(trials + 1)
    terms = [
        math.exp(
            log_comb
            - math.lgamma(k + 1)
            - math.lgamma(trials - k + 1)
            + k * log_p
            + (trials - k) * log_q
        )
        for k in range(wins + 1)
    ]
    return min(1.0, math.fsum(terms))
