"""The variant lab, driven headlessly: controls made from every game's options, seeded and
repeatable runs equal to cardlab.simulate, results side by side, charts, CSV, stopping, and
bad input told in the widget."""

from __future__ import annotations

import base64
import io
import re
import threading

import pytest

import cardlab
from cardlab.games import game_class

pytest.importorskip("ipywidgets")
pd = pytest.importorskip("pandas")
pytest.importorskip("plotly")
import ipywidgets as widgets  # noqa: E402

from cardlab.bots.specs import AGENTS  # noqa: E402
from cardlab.widgets import VariantLab  # noqa: E402
from cardlab.widgets.variant_lab.variants import Variant, play, positions  # noqa: E402

WAIT = 60


def small_lab(game: str = "mod-ten", hands: int = 60, **options) -> VariantLab:
    return VariantLab(game, hands=hands, background=False, **options)


def csv_in(link_html: str, filename: str) -> pd.DataFrame:
    match = re.search(rf'download="{filename}" href="data:text/csv;base64,([^"]+)"', link_html)
    assert match, f"no link to {filename}"
    return pd.read_csv(io.StringIO(base64.b64decode(match.group(1)).decode()))


@pytest.mark.parametrize("name", sorted(cardlab.GAMES))
def test_every_option_of_every_game_has_a_control(name):
    lab = small_lab()
    lab.game_menu.value = name
    specs = game_class(name).option_specs()
    assert list(lab.option_controls) == [spec.name for spec in specs]
    for spec in specs:
        control = lab.option_controls[spec.name]
        assert control.value == spec.default and control.tooltip == spec.doc
        if spec.kind is bool:
            assert isinstance(control, widgets.Checkbox)
        elif spec.choices:
            assert isinstance(control, widgets.Dropdown)
            assert tuple(control.options) == spec.choices
        else:
            assert isinstance(control, widgets.BoundedIntText)
            if spec.minimum is not None:
                assert control.min == spec.minimum
            if spec.maximum is not None:
                assert control.max == spec.maximum
        assert spec.doc in str([row.children[1].value for row in lab.options_box.children])
    assert len(lab.agent_menus) == game_class(name).option_specs()[0].default


def test_the_agent_menus_follow_the_players_and_list_the_registry():
    lab = small_lab()
    lab.agent_menus[1].value = "greedy"
    lab.option_controls["players"].value = 4
    assert len(lab.agent_menus) == 4 and len(lab.agents_box.children) == 4
    assert [menu.value for menu in lab.agent_menus] == ["random", "greedy", "random", "random"]
    assert [value for _, value in lab.agent_menus[0].options][: len(AGENTS)] == list(AGENTS)
    assert lab.variant().agents == ("random", "greedy", "random", "random")


def test_a_run_becomes_a_column_with_charts_and_downloads():
    lab = small_lab("chinese-ten")
    lab.option_controls["players"].value = 2
    lab.run_button.click()
    assert [letter for letter, _ in lab.runs] == ["A"]
    assert "A: 60 hands of Chinese Ten, players 2; random in" in lab.said
    assert "<th>A</th>" in lab.summary_html.value
    assert "win rate: 1st to play" in lab.summary_html.value
    assert "mean score: dealer" in lab.summary_html.value
    assert set(lab.figures) == {"win rate", "score", "length"}
    assert [trace["name"] for trace in lab.chart("win rate")["data"]] == ["A"]
    assert len(lab.chart("length")["data"]) == 1 and len(lab.chart("score")["data"]) == 1
    assert lab.chart("win rate")["layout"]["title"]["text"] == "Win rate by position"
    assert lab.charts.layout.display is None
    lab.option_controls["scoring"].value = "black-frog"
    lab.run()
    assert [letter for letter, _ in lab.runs] == ["A", "B"]
    assert [trace["name"] for trace in lab.chart("win rate")["data"]] == ["A", "B"]
    assert "<th>B</th>" in lab.summary_html.value and "scoring black-frog" in lab.summary_html.value
    results = csv_in(lab.downloads.value, "variant-results.csv")
    assert list(results["variant"]) == ["A", "A", "B", "B"]
    expected = lab.results()
    assert list(results["win_rate"]) == pytest.approx(list(expected["win_rate"]))
    hands = csv_in(lab.downloads.value, "variant-hands.csv")
    assert len(hands) == 120 and set(hands["variant"]) == {"A", "B"}


def test_runs_are_seeded_repeatable_and_those_of_simulate():
    lab = small_lab("two-ten-jack", seed=5)
    lab.agent_menus[0].value = "greedy"
    lab.run()
    lab.run()
    first, second = (run.table for _, run in lab.runs)
    pd.testing.assert_frame_equal(first, second)
    simulated = cardlab.simulate(
        cardlab.game("two-ten-jack"), ["greedy", "random"], games=60, seed=5, progress=False
    )
    pd.testing.assert_frame_equal(first, simulated)


def test_win_rates_are_by_playing_position_with_one_agent_else_by_seat():
    same = play(Variant("mod-ten", (("players", 3),), ("random",) * 3, 90, 2))
    table = positions(same)
    ordered = cardlab.simulation.stats.in_playing_order(same.table)
    assert list(table["position"]) == ["1st to play", "2nd to play", "dealer"]
    assert list(table["wins"]) == [int((ordered["winner"] == p).sum()) for p in range(3)]
    assert all(table["win_low"] <= table["win_rate"]) and all(
        table["win_rate"] <= table["win_high"]
    )
    mixed = play(Variant("mod-ten", (("players", 2),), ("greedy", "random"), 90, 2))
    assert list(positions(mixed)["position"]) == ["seat 0 (greedy)", "seat 1 (random)"]


def test_mod_ten_has_no_score_chart_and_says_why():
    lab = small_lab()
    lab.run()
    assert "score" not in lab.figures
    assert "No score chart" in lab.score_note.value
    assert lab.chart("score") is None and lab.chart("win rate") is not None


def test_the_progress_bar_and_the_summary_give_the_same_time(monkeypatch):
    # Making the table loads pandas the first time (about 2 s, here 0.5 s of sleep): no part
    # of the hands' time, which the bar shows, so the summary must not count it either.
    import time

    from cardlab.simulation import tables

    real = tables.build_table

    def slow_first_table(*args, **kwargs):
        time.sleep(0.5)
        return real(*args, **kwargs)

    monkeypatch.setattr(tables, "build_table", slow_first_table)
    lab = small_lab()
    lab.run()
    bar = re.fullmatch(r"(\d+) of \1 hands, (\d+\.\d) s", lab.progress_label.value)
    summary = re.search(r" in (\d+\.\d) s\.$", lab.said)
    assert bar and summary, (lab.progress_label.value, lab.said)
    assert bar[2] == summary[1]  # (the old summary counted the sleep: 0.2 s against 0.6 s)


def test_stop_keeps_the_hands_finished():
    lab = small_lab(hands=500)
    lab.PROGRESS_SECONDS = 0.0

    def stop_at_ten(change):
        if change["new"] == 10:
            lab.stop_button.click()

    lab.progress.observe(stop_at_ten, names="value")
    lab.run()
    ((letter, run),) = lab.runs
    assert run.stopped and len(run.table) == 10
    assert "10 of 500 (stopped)" in lab.summary_html.value
    assert "(stopped)" in lab.said
    assert not lab.running and not lab.run_button.disabled and lab.stop_button.disabled
    # The hands kept are the first ten of the full run.
    full = cardlab.simulate(cardlab.game("mod-ten"), "random", games=10, seed=0, progress=False)
    pd.testing.assert_frame_equal(run.table, full)


def test_a_run_stopped_before_any_hand_adds_nothing(monkeypatch):
    lab = small_lab()
    monkeypatch.setattr("cardlab.widgets.background.Ticket.cancelled", property(lambda self: True))
    lab.run()
    assert lab.runs == [] and "Stopped before any hand finished" in lab.said


def test_a_run_in_the_background_can_be_stopped():
    lab = VariantLab("mod-ten", hands=100_000)
    started = threading.Event()
    release = threading.Event()

    def hold(change):
        if change["new"]:
            started.set()
            release.wait(WAIT)

    lab.progress.observe(hold, names="value")
    lab.run()
    assert started.wait(WAIT)
    assert lab.running and lab.run_button.disabled and not lab.stop_button.disabled
    lab.run()
    assert "A run is playing" in lab.said
    lab.stop()
    release.set()
    lab.run_thread.join(WAIT)
    assert not lab.running
    ((letter, run),) = lab.runs
    assert run.stopped and 0 < len(run.table) < 100_000


@pytest.mark.parametrize("typed", ["seven", "-1", "2.5", "9" * 40])
def test_a_bad_seed_is_refused_and_nothing_runs(typed):
    lab = small_lab()
    lab.seed_box.value = typed
    lab.run()
    assert lab.runs == []
    assert "a seed is a whole number" in lab.said and "Nothing was run" in lab.said


def test_options_that_clash_are_said_at_once_and_not_run():
    lab = small_lab()
    lab.option_controls["open_hands"].value = True
    assert lab.said == ""
    lab.option_controls["players"].value = 3
    assert "open_hands is a 2-player variant" in lab.said
    lab.run()
    assert lab.runs == [] and "Nothing was run" in lab.said
    lab.option_controls["players"].value = 2
    assert lab.said == ""


def test_a_failing_run_is_reported_in_the_widget(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the deck fell on the floor")

    monkeypatch.setattr("cardlab.widgets.variant_lab.lab.play", broken)
    lab = small_lab()
    lab.run()
    assert "The run failed: RuntimeError: the deck fell on the floor" in lab.said
    assert not lab.running and not lab.run_button.disabled


def test_clear_forgets_the_runs():
    lab = small_lab(hands=10)
    lab.run()
    lab.clear_button.click()
    assert lab.runs == [] and lab.summary_html.value == "" and lab.downloads.value == ""
    assert lab.charts.layout.display == "none"
    lab.stop()
    assert lab.said == "Nothing is running."


def test_an_unknown_game_is_refused():
    with pytest.raises(cardlab.OptionError, match="unknown game 'poker'"):
        VariantLab("poker")


def test_too_big_a_download_becomes_a_note():
    from cardlab.widgets.variant_lab.variants import csv_link

    frame = pd.DataFrame({"x": range(1000)})
    assert "too big for a link" in csv_link(frame, "x.csv", "x", limit=100)
    assert 'download="x.csv"' in csv_link(frame, "x.csv", "x", limit=None)
