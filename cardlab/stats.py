"""Summaries of simulation tables: win rates with confidence intervals, agent match-ups.

>>> round(wilson_interval(50, 100)[0], 3), round(wilson_interval(50, 100)[1], 3)
(0.404, 0.596)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson_interval(wins: float, games: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate of ``wins`` out of ``games``.

    Better than "p ± 1.96 sqrt(p(1-p)/n)" for small samples and rates near 0 or 1.
    """
    if games <= 0:
        return (0.0, 1.0)
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def seats(table: pd.DataFrame) -> list[int]:
    """The seat numbers of a simulation table (from its ``agent_<seat>`` columns)."""
    return sorted(
        int(column.split("_")[1]) for column in table.columns if column.startswith("agent_")
    )


def win_rates(table: pd.DataFrame) -> pd.DataFrame:
    """Each seat's wins, win rate and 95% interval, one row per seat.

    Hands without a winner (ties) count as games but not as wins.
    """
    import pandas as pd

    rows = []
    games = len(table)
    for seat in seats(table):
        wins = int((table["winner"] == seat).sum())
        low, high = wilson_interval(wins, games)
        rows.append(
            {
                "seat": seat,
                "agent": table[f"agent_{seat}"].iloc[0] if games else "",
                "games": games,
                "wins": wins,
                "win_rate": wins / games if games else float("nan"),
                "low": low,
                "high": high,
            }
        )
    return pd.DataFrame(rows).set_index("seat")


def agent_results(table: pd.DataFrame) -> pd.DataFrame:
    """Wins and win rates per agent (over every seat it sat in), with 95% intervals."""
    import pandas as pd

    rows = []
    for agent in sorted(_all_agents(table)):
        seats_played = 0
        wins = 0
        for seat in seats(table):
            mask = table[f"agent_{seat}"] == agent
            seats_played += int(mask.sum())
            wins += int((mask & (table["winner"] == seat)).sum())
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
    return pd.DataFrame(rows).set_index("agent")


def _all_agents(table: pd.DataFrame) -> set[str]:
    names: set[str] = set()
    for seat in seats(table):
        names.update(table[f"agent_{seat}"].unique())
    return names


def running_win_rate(table: pd.DataFrame, seat: int = 0) -> pd.DataFrame:
    """The win rate of ``seat`` after each game, with its 95% interval (for convergence plots)."""
    import pandas as pd

    wins = (table["winner"] == seat).cumsum()
    rows = []
    for games, won in enumerate(wins, start=1):
        low, high = wilson_interval(int(won), games)
        rows.append({"games": games, "win_rate": won / games, "low": low, "high": high})
    return pd.DataFrame(rows)


def in_playing_order(table: pd.DataFrame) -> pd.DataFrame:
    """The same hands with seats renumbered in playing order: 0 for the player left of the
    dealer (who plays first), the last number for the dealer. The winner and the scores move;
    the agent columns stay, so use it when every seat has the same agent.

    Seat numbers alone say little about an advantage when the dealer is drawn at random for
    every hand; the order of play does.
    """
    players = len(seats(table))
    ordered = table.copy()
    ordered["winner"] = (table["winner"] - table["dealer"] - 1) % players
    scores = table[[f"score_{seat}" for seat in range(players)]].to_numpy()
    rows = range(len(table))
    for position in range(players):
        seat = ((table["dealer"] + 1 + position) % players).to_numpy()
        ordered[f"score_{position}"] = scores[rows, seat]
    return ordered


def position_names(players: int) -> list[str]:
    """Labels in playing order: "1st to play", "2nd to play", ..., "dealer"."""
    ordinals = ["1st", "2nd", "3rd", "4th", "5th"]
    return [f"{ordinals[position]} to play" for position in range(players - 1)] + ["dealer"]


def decided(table: pd.DataFrame) -> pd.DataFrame:
    """The hands that have a winner (a Chinese Ten hand can end in a tie for the top)."""
    return table[table["winner"].notna()].astype({"winner": int})
