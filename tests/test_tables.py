"""Simulation tables: the long form, saving as CSV or Parquet, and stats on empty, tiny and
tied tables."""

from __future__ import annotations

import json
import math

import pytest

pd = pytest.importorskip("pandas")
import cardlab  # noqa: E402
from cardlab import stats  # noqa: E402
from cardlab.simulation.many_games import long_form  # noqa: E402
from cardlab.simulation.tables import TableError, output_format, write_table  # noqa: E402


@pytest.fixture(scope="module")
def table():
    return cardlab.simulate(
        cardlab.game("mod-ten", players=3), "random,greedy", games=50, seed=3, progress=False
    )


@pytest.fixture(scope="module")
def ties():
    return cardlab.simulate(
        cardlab.game("chinese-ten", players=4), games=80, seed=1, progress=False
    )


def test_the_long_form_has_one_row_per_seat(table):
    tidy = long_form(table)
    assert len(tidy) == 3 * len(table)
    assert list(tidy.columns) == [
        "game",
        "seed",
        "dealer",
        "seat",
        "position",
        "agent",
        "won",
        "score",
        "moves",
        "captures",
        "skips",
    ]
    for row in tidy.sample(20, random_state=1).itertuples():
        hand = table.loc[row.game]
        assert row.agent == hand[f"agent_{row.seat}"] and row.score == hand[f"score_{row.seat}"]
        assert row.won == (hand["winner"] == row.seat)
        assert row.position == (row.seat - hand["dealer"] - 1) % 3
        assert row.moves == hand["moves"] and row.seed == hand["seed"]
    assert str(tidy["agent"].dtype) == "category" and str(tidy["score"].dtype) == "int16"
    # The long form answers per-agent questions with one groupby.
    by_agent = tidy.groupby("agent", observed=True)["won"].sum()
    results = stats.agent_results(table)
    assert by_agent.to_dict() == results["wins"].to_dict()


def test_the_long_form_of_ties_matches_and_empty_tables(ties):
    tidy = long_form(ties)
    per_hand = tidy.groupby("game")["won"].sum()
    assert set(per_hand) == {0, 1} and (per_hand == 0).sum() == ties["winner"].isna().sum()
    matches = cardlab.simulate("two-ten-jack", games=3, per="match", progress=False)
    tidy = long_form(matches)
    assert list(tidy.columns[:5]) == ["game", "seed", "first_dealer", "seat", "agent"]
    assert "total" in tidy and "position" not in tidy
    assert len(long_form(ties.head(0))) == 0
    with pytest.raises(TableError, match="needs the column winner"):
        long_form(pd.DataFrame({"agent_0": ["random"]}))


@pytest.mark.parametrize("name", ["r.csv", "r.csv.gz", "r.parquet"])
def test_a_table_is_saved_whole_and_read_back(table, tmp_path, name):
    if name.endswith(".parquet"):
        pytest.importorskip("pyarrow")
    path = write_table(table, tmp_path / name)
    assert [entry.name for entry in tmp_path.iterdir()] == [name]  # nothing left beside it
    back = pd.read_parquet(path) if name.endswith(".parquet") else pd.read_csv(path)
    assert list(back.columns) == list(table.columns) and len(back) == len(table)
    assert (back["score_1"] == table["score_1"]).all()
    if name.endswith(".parquet"):
        pd.testing.assert_frame_equal(back, table)
        assert back.attrs == table.attrs


def test_records_are_saved_as_json(tmp_path):
    recorded = cardlab.simulate("mod-ten", games=3, records=True, progress=False)
    path = write_table(recorded, tmp_path / "r.csv")
    back = pd.read_csv(path)
    for text, row in zip(back["record"], recorded.itertuples(), strict=True):
        assert cardlab.replay(json.loads(text)) == cardlab.replay(row.record)


def test_a_failed_write_leaves_the_old_file_and_nothing_else(table, tmp_path, monkeypatch):
    path = tmp_path / "r.csv"
    path.write_text("old\n")

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pd.DataFrame, "to_csv", broken)
    with pytest.raises(OSError, match="No space left"):
        write_table(table, path)
    assert path.read_text() == "old\n" and [entry.name for entry in tmp_path.iterdir()] == ["r.csv"]


def test_output_formats_by_ending():
    assert output_format("a/b.CSV") == "csv" and output_format("b.csv.zst") == "csv"
    for bad in ("", "  ", "results", "results.json", "results.csv.tar"):
        with pytest.raises(TableError):
            output_format(bad)


# --------------------------------------------------------------------------- stats


def test_every_summary_handles_an_empty_table(table):
    empty = table.head(0)
    rates = stats.win_rates(empty)
    assert list(rates.index) == [0, 1, 2] and (rates["games"] == 0).all()
    assert (
        rates["win_rate"].isna().all() and (rates["low"] == 0).all() and (rates["high"] == 1).all()
    )
    assert list(rates["agent"]) == ["random", "greedy", "random"]  # from the table's attrs
    assert len(stats.agent_results(empty)) == 0
    assert list(stats.agent_results(empty).columns) == stats.RESULT_COLUMNS
    assert list(stats.running_win_rate(empty).columns) == ["games", "win_rate", "low", "high"]
    assert len(stats.in_playing_order(empty)) == 0 and len(stats.decided(empty)) == 0
    assert stats.seats(empty) == [0, 1, 2]


def test_summaries_of_one_hand(table):
    one = table.head(1)
    rates = stats.win_rates(one)
    assert rates["wins"].sum() == 1 and set(rates["win_rate"]) == {0.0, 1.0}
    running = stats.running_win_rate(one, seat=int(one["winner"].iloc[0]))
    assert list(running["win_rate"]) == [1.0]


def test_ties_count_as_games_but_not_as_wins(ties):
    rates = stats.win_rates(ties)
    assert (rates["games"] == len(ties)).all()
    assert rates["wins"].sum() == ties["winner"].notna().sum() < len(ties)
    running = stats.running_win_rate(ties, seat=0)
    assert not running.isna().any().any()  # a tie is not a missing value in a running rate
    assert running["win_rate"].iloc[-1] == rates.loc[0, "win_rate"]
    decided = stats.decided(ties)
    assert str(decided["winner"].dtype) == "int8" and len(decided) == ties["winner"].notna().sum()
    ordered = stats.in_playing_order(ties)
    assert ordered["winner"].isna().sum() == ties["winner"].isna().sum()


def test_the_running_win_rate_agrees_with_the_interval_of_each_count(table):
    running = stats.running_win_rate(table, seat=1)
    wins = 0
    for games, row in enumerate(running.itertuples(), start=1):
        wins += int(table["winner"].iloc[games - 1] == 1)
        low, high = stats.wilson_interval(wins, games)
        assert row.games == games and row.win_rate == wins / games
        assert math.isclose(row.low, low, abs_tol=1e-12) and math.isclose(row.high, high)


def test_tables_without_the_needed_columns_say_which(table):
    with pytest.raises(TableError, match="needs the column dealer"):
        stats.in_playing_order(table.drop(columns="dealer"))
    with pytest.raises(TableError, match="needs the column winner"):
        stats.win_rates(table.drop(columns="winner"))
    with pytest.raises(TableError, match="no agent_<seat> columns"):
        stats.seats(pd.DataFrame({"winner": [0]}))
    with pytest.raises(TableError, match="takes a simulation table .*, not list"):
        stats.decided([1, 2])
    with pytest.raises(TableError, match=r"seat must be one of this table's seats \[0, 1, 2\]"):
        stats.running_win_rate(table, seat=3)
    with pytest.raises(TableError, match="players must be a whole number from 2 to 6"):
        stats.position_names(7)
