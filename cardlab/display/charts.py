"""Plotly charts of simulation tables (from :func:`cardlab.simulate`).

Each function takes a DataFrame (or several, by label) and returns a ``plotly`` figure, which a
notebook shows by leaving it last in a cell. The figures use your default plotly template
(``plotly.io.templates.default``), and every bar and point says what it stands for when the
mouse is over it: hands, wins, the interval. A table that cannot be drawn (empty, or without the
columns a chart needs) raises :class:`~cardlab.simulation.tables.TableError` saying why.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlab.engine.words import shortened
from cardlab.moved import old_names_of
from cardlab.simulation.runs import EXTRA
from cardlab.simulation.stats import MAX_COUNT, agent_results, running_win_rate
from cardlab.simulation.stats import win_rates as win_rate_table
from cardlab.simulation.tables import (
    TableError,
    check_table,
    is_number,
    is_whole_number,
    one_seat,
    seats,
)

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go


def _graph_objects() -> Any:
    """``plotly.graph_objects``, or a ModuleNotFoundError naming the extra that installs it."""
    try:
        import plotly.graph_objects as go
    except ImportError:
        raise ModuleNotFoundError(f"cardlab.charts needs plotly: {EXTRA}", name="plotly") from None
    return go


def _figure(title: object, x: str, y: str) -> go.Figure:
    go = _graph_objects()

    if not isinstance(title, str):
        raise TableError(f"a chart's title is text, not {title!r:.60}")
    figure = go.Figure()
    figure.update_layout(title=title, xaxis_title=x, yaxis_title=y, height=380)
    return figure


def _not_empty(table: pd.DataFrame, what: str) -> None:
    if not len(table):
        raise TableError(f"{what}: the table has no games, so there is nothing to draw")


def _percent(rate: float) -> str:
    return "-" if math.isnan(rate) else f"{rate:.1%}"


RATE_COLUMNS = ("agent", "games", "wins", "win_rate", "low", "high")
"""The columns of :func:`cardlab.simulation.stats.win_rates` that a bar's hover text shows."""


def win_rate_bars(
    table: pd.DataFrame,
    title: str = "Win rate per seat",
    labels: Sequence[str] | None = None,
) -> go.Figure:
    """A bar per seat: its win rate, with the 95% interval as an error bar and a dashed line
    at the rate every seat would have in a fair game. Each rate is written above the top of
    its interval, never over it.

    ``labels`` names the bars, one per seat in order (default "seat 0", "seat 1" ...): for
    instance "1st to play" ... "dealer" for a table renumbered from the dealer. (Called
    ``win_rates`` before, the name of the table it draws,
    :func:`cardlab.simulation.stats.win_rates`.)
    """
    go = _graph_objects()

    rates = win_rate_table(table)
    _not_empty(table, "win_rate_bars")
    labels = _seat_labels(labels, rates)
    figure = _figure(title, "seat", "win rate")
    figure.add_trace(_rate_bars(labels, rates))
    # The labels sit on the top of each interval, so that no error bar crosses them.
    figure.add_trace(
        go.Scatter(
            x=list(labels),
            y=rates["high"],
            mode="text",
            text=[_percent(rate) for rate in rates["win_rate"]],
            textposition="top center",
            hoverinfo="skip",
            showlegend=False,
            name="labels",
        )
    )
    figure.add_hline(y=1 / len(rates), line_dash="dash", annotation_text="fair share")
    top = min(1.0, float(rates["high"].max()) * 1.15 + 0.03)
    figure.update_yaxes(tickformat=".0%", range=[0, top])
    return figure


def _seat_labels(labels: Sequence[str] | None, rates: pd.DataFrame) -> Sequence[str]:
    """The bars' names: ``labels`` checked (texts, one per seat), or "seat 0", "seat 1" ..."""
    if labels is None:
        return [f"seat {seat}" for seat in rates.index]
    if not isinstance(labels, list | tuple) or not all(isinstance(x, str) for x in labels):
        raise TableError(f"labels are texts, one per seat, not {labels!r:.60}")
    if len(labels) != len(rates):
        raise TableError(f"{len(labels)} labels given for {len(rates)} seats")
    return labels


def _rate_bars(labels: Sequence[str], rates: pd.DataFrame) -> go.Bar:
    """A bar per seat at its win rate, its 95% interval as an error bar, the figures in its
    hover text."""
    go = _graph_objects()

    hover = [
        f"{label} ({agent})<br>hands: {games:,}<br>wins: {wins:,}<br>"
        f"win rate: {_percent(rate)}<br>95% interval: {_percent(low)} to {_percent(high)}"
        for label, agent, games, wins, rate, low, high in zip(
            labels, *(rates[name].tolist() for name in RATE_COLUMNS), strict=True
        )
    ]
    return go.Bar(
        x=list(labels),
        y=rates["win_rate"],
        error_y={
            "type": "data",
            "symmetric": False,
            "array": rates["high"] - rates["win_rate"],
            "arrayminus": rates["win_rate"] - rates["low"],
        },
        hovertext=hover,
        hoverinfo="text",
        name="win rate",
    )


BARS = 60
"""At most about this many bars across the range of a histogram of whole numbers."""


def _add_histograms(figure: go.Figure, values: Mapping[str, Iterable[int]], unit: str) -> None:
    """Overlaid histograms of whole numbers, one per label, showing the share of the values
    in each bar. All share the same bars, centred on whole numbers (one bar per number when
    the range allows). Each distinct value is stored once with its count, so that a figure of
    100,000 hands stays small in a notebook."""
    go = _graph_objects()

    counts = {label: Counter(int(value) for value in numbers) for label, numbers in values.items()}
    everything = [value for counted in counts.values() for value in counted]
    low, high = (min(everything), max(everything)) if everything else (0, 0)
    bins = {
        "start": low - 0.5,
        "end": high + 0.5,
        "size": max(1, math.ceil((high - low + 1) / BARS)),
    }
    for label, counted in counts.items():
        distinct = sorted(counted)
        total = sum(counted.values())
        figure.add_trace(
            go.Histogram(
                x=distinct,
                y=[counted[value] for value in distinct],
                histfunc="sum",
                histnorm="probability",
                xbins=bins,
                name=label,
                opacity=0.6,
                hovertemplate=(
                    f"{label}<br>{unit}: %{{x}}<br>%{{y:.1%}} of {total:,} values<extra></extra>"
                ),
            )
        )
    figure.update_layout(barmode="overlay")


def _tables(tables: object, default: str) -> dict[str, pd.DataFrame]:
    """``tables`` as label -> DataFrame (one table gets the label ``default``)."""
    given = tables if isinstance(tables, Mapping) else {default: tables}
    if not given:
        raise TableError("no tables given: give a table, or a dict of label -> table")
    checked = {}
    for label, table in given.items():
        checked[str(label)] = check_table(table, (), f"the table {label!r:.40}")
        _not_empty(checked[str(label)], f"the table {label!r:.40}")
    return checked


def score_distribution(
    tables: pd.DataFrame | Mapping[str, pd.DataFrame],
    par: float | Mapping[str, float] | None = None,
    seat: int | None = None,
    title: str = "Score distribution",
) -> go.Figure:
    """Histograms of hand scores, one per table (label -> DataFrame), with each par marked.

    ``seat`` picks one seat's scores; by default every seat's scores are pooled.
    """
    tables = _tables(tables, "scores")
    pars = par if isinstance(par, Mapping) else {label: par for label in tables}
    for label, value in pars.items():
        if value is not None and not is_number(value):
            raise TableError(f"a par is a number, not {value!r:.60} (for {label!r:.40})")
    figure = _figure(title, "points in a hand", "share of hands")
    scores = {}
    for label, table in tables.items():
        chosen = seats(table) if seat is None else [one_seat(table, seat, "the table's")]
        check_table(table, [f"score_{s}" for s in chosen], "score_distribution")
        scores[label] = [score for s in chosen for score in table[f"score_{s}"]]
    _add_histograms(figure, scores, "points")
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
    if not isinstance(column, str):
        raise TableError(f"column is a column's name, like 'moves', not {column!r:.60}")
    tables = _tables(tables, column)
    for table in tables.values():
        check_table(table, [column], "game_lengths")
    figure = _figure(title, column, "share of games")
    _add_histograms(figure, {label: table[column] for label, table in tables.items()}, column)
    return figure


def agent_table(table: pd.DataFrame, title: str = "Agents against each other") -> go.Figure:
    """A table of each agent's win rate over the seats it played, with 95% intervals."""
    go = _graph_objects()

    results = agent_results(table)
    _not_empty(table, "agent_table")
    intervals = [
        f"{low:.1%} - {high:.1%}" for low, high in zip(results["low"], results["high"], strict=True)
    ]
    if not isinstance(title, str):
        raise TableError(f"a chart's title is text, not {title!r:.60}")
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


MAX_POINTS = 100_000
"""The most points :func:`log_spaced` (and so :func:`convergence`) draws a curve through."""


def log_spaced(count: int, points: int) -> list[int]:
    """About ``points`` whole numbers from 1 to ``count``, evenly spaced on a log scale and
    always including ``count`` (every number when there are no more than ``points``).
    ``count`` is at most :data:`~cardlab.simulation.stats.MAX_COUNT`, ``points`` at most
    :data:`MAX_POINTS` (a TableError otherwise: the list is held in memory)."""
    for name, value, low, high in (
        ("count", count, 0, MAX_COUNT),
        ("points", points, 2, MAX_POINTS),
    ):
        if not is_whole_number(value) or not low <= value <= high:
            raise TableError(
                f"{name} must be a whole number from {low} to {high:,}, not {shortened(value)}"
            )
    count, points = int(count), int(points)
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
    go = _graph_objects()

    running = running_win_rate(table, seat)
    _not_empty(table, "convergence")
    running = running.iloc[[games - 1 for games in log_spaced(len(running), points)]]
    figure = _figure(
        title if title is not None else f"Seat {seat}'s win rate as games accumulate",
        "games played",
        "win rate",
    )
    figure.add_trace(
        go.Scatter(
            x=list(running["games"]) + list(running["games"])[::-1],
            y=list(running["high"]) + list(running["low"])[::-1],
            fill="toself",
            line={"width": 0},
            name="95% interval",
            opacity=0.3,
            hoverinfo="skip",
        )
    )
    wins = [
        round(rate * games)
        for rate, games in zip(running["win_rate"], running["games"], strict=True)
    ]
    details: list[Any] = [
        [won, low, high]
        for won, low, high in zip(wins, running["low"], running["high"], strict=True)
    ]
    figure.add_trace(
        go.Scatter(
            x=running["games"],
            y=running["win_rate"],
            name="estimate",
            customdata=details,
            hovertemplate=(
                "after %{x:,} hands: %{customdata[0]:,} wins<br>win rate %{y:.1%}<br>"
                "95% interval %{customdata[1]:.1%} to %{customdata[2]:.1%}<extra></extra>"
            ),
        )
    )
    figure.update_xaxes(type="log")
    figure.update_yaxes(tickformat=".0%")
    return figure


__getattr__ = old_names_of("cardlab.charts")
"""``win_rates``, the older name of :func:`win_rate_bars` (``win_rates`` is the table of
:mod:`cardlab.simulation.stats`), still works here and as ``cardlab.charts.win_rates``, with
a DeprecationWarning."""
