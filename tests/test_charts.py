"""Charts build from small simulation tables, with the expected traces."""

from __future__ import annotations

import importlib
import math

import pytest

pytest.importorskip("plotly")
pd = pytest.importorskip("pandas")
import cardlab  # noqa: E402
from cardlab import charts  # noqa: E402
from cardlab.simulation.stats import wilson_interval, win_rates  # noqa: E402
from cardlab.simulation.tables import TableError  # noqa: E402


@pytest.fixture(scope="module")
def table():
    return cardlab.simulate(
        cardlab.game("mod-ten", players=3),
        "random,greedy,random",
        games=120,
        seed=1,
        progress=False,
    )


def test_win_rates_bars_with_intervals(table):
    figure = charts.win_rate_bars(table)
    bars, labels = figure.data
    assert bars.type == "bar" and list(bars.x) == ["seat 0", "seat 1", "seat 2"]
    rates = win_rates(table)
    assert list(bars.y) == list(rates["win_rate"])
    assert all(
        low <= rate <= high
        for low, rate, high in zip(rates["low"], rates["win_rate"], rates["high"], strict=True)
    )
    assert sum(rates["wins"]) == len(table)
    # Each value label stands on the top of its error bar, never across it.
    assert labels.mode == "text" and labels.textposition == "top center"
    assert list(labels.y) == list(rates["high"]) and not bars.text
    assert list(labels.text) == [f"{rate:.1%}" for rate in rates["win_rate"]]
    assert figure.layout.yaxis.range[1] > max(rates["high"])
    # Hovering a bar says what it stands for.
    for text, row in zip(bars.hovertext, rates.itertuples(), strict=True):
        assert f"hands: {row.games}" in text and f"wins: {row.wins}" in text
        assert f"95% interval: {row.low:.1%} to {row.high:.1%}" in text


def test_charts_use_the_users_default_template(table):
    import plotly.io as pio

    previous = pio.templates.default
    try:
        pio.templates.default = "simple_white"
        figures = [
            charts.win_rate_bars(table),
            charts.score_distribution(table),
            charts.game_lengths(table),
            charts.convergence(table),
        ]
    finally:
        pio.templates.default = previous
    for figure in figures:
        assert figure.layout.template == pio.templates["simple_white"]


def test_every_bar_and_point_has_hover_text(table):
    for figure in (charts.score_distribution(table), charts.game_lengths(table)):
        for trace in figure.data:
            assert "of 360 values" in trace.hovertemplate or "of 120 values" in trace.hovertemplate
    estimate = charts.convergence(table, seat=1).data[1]
    assert "wins" in estimate.hovertemplate and "95% interval" in estimate.hovertemplate
    wins, low, high = estimate.customdata[-1]
    assert wins == (table["winner"] == 1).sum() and low <= estimate.y[-1] <= high


def test_empty_and_tiny_tables_get_a_clear_message_not_a_key_error(table):
    empty = table.head(0)
    for draw in (
        charts.win_rate_bars,
        charts.score_distribution,
        charts.game_lengths,
        charts.agent_table,
        charts.convergence,
    ):
        with pytest.raises(TableError, match="the table has no games"):
            draw(empty)
        assert draw(table.head(1)).data  # a single hand draws
    with pytest.raises(TableError, match="needs the column moves"):
        charts.game_lengths(table.drop(columns="moves"))
    with pytest.raises(TableError, match="no agent_<seat> columns"):
        charts.win_rate_bars(pd.DataFrame({"winner": [1]}))
    with pytest.raises(TableError, match="takes a simulation table"):
        charts.convergence([1, 2, 3])


def test_score_distribution_marks_each_par(table):
    figure = charts.score_distribution({"a": table, "b": table}, par={"a": 0.5, "b": 1 / 3})
    assert [trace.name for trace in figure.data] == ["a", "b"]
    assert len(figure.layout.shapes) == 2


def test_game_lengths_and_agent_table_and_convergence(table):
    assert charts.game_lengths(table).data[0].type == "histogram"
    cells = charts.agent_table(table).data[0].cells.values
    assert list(cells[0]) == ["greedy", "random"] and list(cells[1]) == [120, 240]
    figure = charts.convergence(table, seat=1)
    assert [trace.name for trace in figure.data] == ["95% interval", "estimate"]
    assert len(figure.data[1].x) == len(table)


def test_wilson_interval():
    low, high = wilson_interval(0, 10)
    assert low == 0 and 0.25 < high < 0.35
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(TableError, match="needs 0 <= wins <= games"):
        wilson_interval(5, 0)
    narrow = wilson_interval(5000, 10000)
    assert narrow[1] - narrow[0] < 0.02


def test_win_rates_bars_can_be_named(table):
    labels = ["1st to play", "2nd to play", "dealer"]
    assert list(charts.win_rate_bars(table, labels=labels).data[0].x) == labels
    with pytest.raises(TableError, match="2 labels given for 3 seats"):
        charts.win_rate_bars(table, labels=labels[:2])


def test_log_spaced_counts():
    assert charts.log_spaced(5, 300) == [1, 2, 3, 4, 5]
    counts = charts.log_spaced(100_000, 50)
    assert counts[0] == 1 and counts[-1] == 100_000 and len(counts) <= 50
    assert counts == sorted(set(counts))
    assert sum(count <= 100 for count in counts) > 10  # as many per decade, not bunched at the end
    with pytest.raises(TableError, match="points must be a whole number from 2 to 100,000"):
        charts.log_spaced(10, 1)
    # Issue 34: bounded, in words (10**9 points held 10**9 numbers; 10**4299 overflowed).
    with pytest.raises(TableError, match="points must be a whole number from 2 to 100,000"):
        charts.log_spaced(10**9, 10**9)
    with pytest.raises(TableError, match="count must be a whole number from 0 to"):
        charts.log_spaced(10**4299, 10)


def test_convergence_of_a_long_run_keeps_few_points_and_the_final_estimate(table):
    long = pd.concat([table] * 10, ignore_index=True)
    figure = charts.convergence(long, seat=1, points=40)
    estimate = figure.data[1]
    assert len(estimate.x) <= 40 and estimate.x[0] == 1 and estimate.x[-1] == len(long)
    assert estimate.y[-1] == win_rates(long).loc[1, "win_rate"]
    assert len(figure.data[0].x) == 2 * len(estimate.x)


def test_histograms_store_each_value_once_with_its_count_on_shared_bars(table):
    long = pd.concat([table] * 10, ignore_index=True)
    figure = charts.game_lengths({"all": long, "first 50": long.head(50)})
    whole, part = figure.data
    assert list(whole.x) == sorted(long["moves"].unique())
    assert list(whole.y) == [int((long["moves"] == moves).sum()) for moves in whole.x]
    assert (whole.histfunc, whole.histnorm) == ("sum", "probability")
    assert whole.xbins == part.xbins and whole.xbins.size == 1
    assert whole.xbins.start == long["moves"].min() - 0.5


def test_wide_ranges_get_wider_bars_and_each_par_its_own_line(table):
    wide = table.assign(score_0=table["score_0"] * 1000)
    figure = charts.score_distribution({"a": wide, "b": table}, par={"a": 300, "b": 0.4})
    assert figure.data[0].xbins.size == math.ceil(1001 / charts.BARS) == figure.data[1].xbins.size
    assert sorted(len(trace.x) for trace in figure.data) == [2, 3]  # 0, 1 (and 1000)
    shifts = [annotation.yshift or 0 for annotation in figure.layout.annotations]
    assert len(set(shifts)) == 2


def test_agent_table_leaves_room_for_its_header_and_rows(table):
    # The figure's height less its margins is where plotly draws the table: at the old
    # height (120 + 30 a row, default margins 100 + 80) nothing at all was shown.
    layout = charts.agent_table(table).layout
    rows = 3  # the header, greedy and random
    assert layout.height - layout.margin.t - layout.margin.b >= 25 * rows


def test_playing_order_renumbers_seats_from_the_dealer():
    from cardlab.simulation.stats import decided, in_playing_order, position_names

    game = cardlab.game("mod-ten", players=3)
    table = cardlab.simulate(game, "random", games=30, seed=2, progress=False)
    ordered = in_playing_order(table)
    for row, new in zip(table.itertuples(), ordered.itertuples(), strict=True):
        first = (row.dealer + 1) % 3
        assert new.winner == (row.winner - first) % 3
        assert new.score_0 == getattr(row, f"score_{first}")
        assert new.score_2 == getattr(row, f"score_{row.dealer}")
    assert position_names(3) == ["1st to play", "2nd to play", "dealer"]
    ties = cardlab.simulate(
        cardlab.game("chinese-ten", players=4), "random", games=60, seed=1, progress=False
    )
    assert decided(ties)["winner"].notna().all() and len(decided(ties)) <= 60


def test_the_old_name_of_the_win_rate_chart_still_works_with_a_warning(table):
    with pytest.warns(
        DeprecationWarning, match="charts.win_rates is now cardlab.display.charts.win_rate_bars"
    ):
        assert importlib.import_module("cardlab.charts").win_rates is charts.win_rate_bars
