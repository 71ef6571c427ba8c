"""The cardlab command, end to end on small runs."""

from __future__ import annotations

import subprocess
import sys

import pytest

pd = pytest.importorskip("pandas")
from cardlab.cli import main  # noqa: E402


def test_simulate_prints_a_summary_and_saves_rows(tmp_path, capsys):
    out = tmp_path / "results.csv"
    code = main(
        [
            "simulate",
            "mod-ten",
            "--players",
            "4",
            "--games",
            "60",
            "--agents",
            "random,greedy",
            "--seed",
            "1",
            "--workers",
            "2",
            "--out",
            str(out),
            "--no-progress",
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "Mod Ten" in printed and "60 hands, seed 1" in printed
    assert "greedy" in printed and "win_rate" in printed and f"rows saved to {out}" in printed
    rows = pd.read_csv(out)
    assert len(rows) == 60 and list(rows["agent_1"].unique()) == ["greedy"]


def test_options_and_matches(capsys):
    code = main(
        [
            "simulate",
            "two-ten-jack",
            "-o",
            "target=10",
            "--per",
            "match",
            "--games",
            "5",
            "--no-progress",
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "'target': 10" in printed and "5 matches, seed 0" in printed
    assert "mean hands per match" in printed


def test_games_lists_every_game_and_option(capsys):
    assert main(["games"]) == 0
    printed = capsys.readouterr().out
    for text in ("mod-ten", "chinese-ten", "two-ten-jack", "deck = 'auto'", "scoring = 'red'"):
        assert text in printed


def test_errors_are_one_line_and_exit_2(capsys):
    assert main(["simulate", "mod-ten", "-o", "deck=triple", "--no-progress"]) == 2
    assert "cardlab: error: deck must be one of auto, single, double" in capsys.readouterr().err
    assert main(["simulate", "mod-ten", "-o", "nonsense", "--no-progress"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err


def test_help_is_complete():
    result = subprocess.run(
        [sys.executable, "-m", "cardlab.cli", "simulate", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    for flag in (
        "--players",
        "--option",
        "--games",
        "--agents",
        "--seed",
        "--workers",
        "--per",
        "--out",
        "--no-progress",
    ):
        assert flag in result.stdout
    top = subprocess.run(
        [sys.executable, "-m", "cardlab.cli", "--help"], capture_output=True, text=True, check=True
    )
    assert "simulate" in top.stdout and "games" in top.stdout
