"""Plotly charts of simulation tables (from :func:`cardlab.simulate`).

Each function takes a DataFrame (or several, by label) and returns a ``plotly`` figure, which a
notebook shows by leaving it last in a cell.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from cardlab.stats import agent_results, running_win_rate, seats
from cardlab.stats import win_rates as win_rate_table

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go


def _figure(title: str, x: str, y: str) -> go.Figure:
    import plotly.graph_objects as go

    figure = go.Figure()
    figure.update_layout(
        title=title, xaxis_title=x, yaxis_title=y, template="plotly_white", height=380
    )
    return figure


def win_rates(
    table: pd.DataFrame,
    title: str = "Win rate per seat",
    labels: Sequence[str] | None = None,
) -> go.Figure:
    """A bar per seat: its win rate, with the 95% interval as an error bar and a dashed line
    at the rate every seat would have in a fair game.

    ``labels`` names the bars, one per seat in order (default "seat 0", "seat 1" ...): for
    instance "1st to play" ... "dealer" for a table renumbered from the dealer.
    """
    import plotly.graph_objects as go

    rates = win_rate_table(table)
    if labels is None:
        labels = [f"seat {seat}" for seat in rates.index]
    elif len(labels) != len(rates):
        raise ValueError(f"{len(labels)} labels given for {len(rates)} seats")
    figure = _figure(title, "seat", "win rate")
    figure.add_trace(
        go.Bar(
            x=list(labels),
            y=rates["win_rate"],
            error_y={
                "type": "data",
                "symmetric": False,
                "array": rates["high"] - rates["win_rate"],
                "arrayminus": rates["win_rate"] - rates["low"],
            },
            text=[f"{rate:.1%}" for rate in rates["win_rate"]],
            name="win rate",
        )
    )
    figure.add_hline(y=1 / len(rates), line_dash="dash", annotation_text="fair share")
    figure.update_yaxes(tickformat=".0%", rangemode="tozero")
    return figure


BARS = 60
"""At most about this many bars across the range of a histogram of whole numbers."""


def _add_histograms(figure: go.Figure, values: Mapping[str, Iterable[int]]) -> None:
    """Overlaid histograms of whole numbers, one per label, showing the share of the values
    in each bar. All share the same bars, centred on whole numbers (one bar per number when
    the range allows). Each distinct value is stored once with its count, so that a figure of
    100,000 hands stays small in a notebook."""
    import plotly.graph_objects as go

    counts = {label: Counter(numbers) for label, numbers in values.items()}
    everything = [value for counted in counts.values() for value in counted]
    low, high = (min(everything), max(everything)) if everything else (0, 0)
    bins = {
        "start": low - 0.5,
        "end": high + 0.5,
        "size": max(1, math.ceil((high - low + 1) / BARS)),
    }
    for label, counted in counts.items():
        distinct = sorted(counted)
        figure.add_trace(
            go.Histogram(
                x=distinct,
                y=[counted[value] for value in distinct],
                histfunc="sum",
                histnorm="probability",
                xbins=bins,
                name=label,
                opacity=0.6,
            )
        )
    figure.update_layout(barmode="overlay")


def score_distribution(
    tables: pd.DataFrame | Mapping[str, pd.DataFrame],
    par: float | Mapping[str, float] | None = None,
    seat: int | None = None,
    title: str = "Score distribution",
) -> go.Figure:
    """Histograms of hand scores, one per table (label -> DataFrame), with each par marked.

    ``seat`` picks one seat's scores; by default every seat's scores are pooled.
    """
    if not isinstance(tables, Mapping):
        tables = {"scores": tables}
    pars = par if isinstance(par, Mapping) else {label: par for label in tables}
    figure = _figure(title, "points in a hand", "share of hands")
    scores = {}
    for label, table in tables.items():
        chosen = seats(table) if seat is None else [seat]
        scores[label] = [score for s in chosen for score in table[f"score_{s}"]]
    _add_histograms(figure, scores)
    marked = [label for label in tables if pars.get(label) is not None]
    for line, label in enumerate(marked):
        figure.add_vline(
            x=pars[label],
            line_dash="dash",
            annotation_text=f"par {label}: {pars[label]:g}",
            annotation_yshift=-18 * line,  # one line each, so that close pars stay legible
        )
    return figure


def game_lengths(
    tables: pd.DataFrame | Mapping[str, pd.DataFrame],
    column: str = "moves",
    title: str = "Game length",
) -> go.Figure:
    """Histograms of game length (``moves`` per hand, or ``hands`` per match)."""
    if not isinstance(tables, Mapping):
        tables = {column: tables}
    figure = _figure(title, column, "share of games")
    _add_histograms(figure, {label: table[column] for label, table in tables.items()})
    return figure


def agent_table(table: pd.DataFrame, title: str = "Agents against each other") -> go.Figure:
    """A table of each agent's win rate over the seats it played, with 95% intervals."""
    import plotly.graph_objects as go

    results = agent_results(table)
    intervals = [
        f"{low:.1%} - {high:.1%}" for low, high in zip(results["low"], results["high"], strict=True)
    ]
    figure = go.Figure(
        go.Table(
            header={"values": ["agent", "seats played", "wins", "win rate", "95% interval"]},
            cells={
                "values": [
                    list(results.index),
                    list(results["seats_played"]),
                    list(results["wins"]),
                    [f"{rate:.1%}" for rate in results["win_rate"]],
                    intervals,
                ]
            },
        )
    )
    figure.update_layout(
        title=title, height=130 + 30 * len(results), margin={"t": 60, "b": 10, "l": 10, "r": 10}
    )
    return figure


def log_spaced(count: int, points: int) -> list[int]:
    """About ``points`` whole numbers from 1 to ``count``, evenly spaced on a log scale and
    always including ``count`` (every number when there are no more than ``points``)."""
    if points < 2:
        raise ValueError(f"points must be at least 2, not {points!r}")
    if count <= points:
        return list(range(1, count + 1))
    return sorted({round(count ** (step / (points - 1))) for step in range(points)})


def convergence(
    table: pd.DataFrame, seat: int = 0, title: str | None = None, points: int = 300
) -> go.Figure:
    """``seat``'s running win rate as games accumulate, with its 95% band narrowing around it:
    the law of large numbers at work.

    The curve is drawn through about ``points`` game counts spaced evenly on the (log) x axis,
    so that a figure of 100,000 games stays small in a notebook.
    """
    import plotly.graph_objects as go

    running = running_win_rate(table, seat)
    running = running.iloc[[games - 1 for games in log_spaced(len(running), points)]]
    figure = _figure(
        title or f"Seat {seat}'s win rate as games accumulate", "games played", "win rate"
    )
    figure.add_trace(
        go.Scatter(
            x=list(running["games"]) + list(running["games"])[::-1],
            y=list(running["high"]) + list(running["low"])[::-1],
            fill="toself",
            line={"width": 0},
            name="95% interval",
            opacity=0.3,
        )
    )
    figure.add_trace(go.Scatter(x=running["games"], y=running["win_rate"], name="estimate"))
    figure.update_xaxes(type="log")
    figure.update_yaxes(tickformat=".0%")
    return figure
