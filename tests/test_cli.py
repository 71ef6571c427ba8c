"""The cardlab command, end to end on small runs: arguments checked before the run, output
written whole, exit statuses, Ctrl-C and broken pipes."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import pytest

import cardlab

pd = pytest.importorskip("pandas")
from cardlab.cli import FALSE_WORDS, TRUE_WORDS, main, parse_options  # noqa: E402
from cardlab.simulation.many_games import play_hand  # noqa: E402


def cardlab_command(*args, **options):
    """``python -m cardlab ARGS`` in a subprocess (the way a terminal runs it)."""
    return subprocess.run(
        [sys.executable, "-m", "cardlab", *args], capture_output=True, text=True, **options
    )


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
    assert "greedy" in printed and "win rate" in printed and f"rows saved to {out}" in printed
    assert "{" not in printed  # words and a table, not Python's dict of the options
    rows = pd.read_csv(out)
    assert len(rows) == 60 and list(rows["agent_1"].unique()) == ["greedy"]
    assert [path.name for path in tmp_path.iterdir()] == ["results.csv"]  # no leftovers


def test_parquet_keeps_the_types_and_the_run(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    out = tmp_path / "runs.parquet"
    assert (
        main(["simulate", "chinese-ten", "--games", "30", "--out", str(out), "--no-progress"]) == 0
    )
    table = pd.read_parquet(out)
    expected = cardlab.simulate("chinese-ten", games=30, seed=0, progress=False)
    pd.testing.assert_frame_equal(table, expected)
    assert table.attrs["game"] == "chinese-ten" and table.attrs["complete"] is True


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
    assert "(players=2, target=10): 5 matches, seed 0" in printed
    assert "mean hands per match" in printed


def test_games_lists_every_game_and_option(capsys):
    assert main(["games"]) == 0
    printed = capsys.readouterr().out
    for text in ("mod-ten", "chinese-ten", "two-ten-jack", "deck = 'auto'", "scoring = 'red'"):
        assert text in printed


BAD_ARGUMENTS = {
    ("-o", "deck=triple"): "deck must be one of auto, single, double",
    ("-o", "nonsense"): "KEY=VALUE",
    ("-o", "name=x"): "unknown option 'name' for mod-ten: the options are players, deck",
    ("-o", "players=3", "--players", "3"): "give the players once",
    ("-o", "deck=single", "-o", "Deck=double"): "the option deck is given twice",
    ("-o", "open_hands=maybe"): "open_hands is true or false, not 'maybe'",
    ("-o", "players=many"): "players is a whole number in the digits 0-9, not 'many'",
    ("--games", "-1"): "games must be a whole number from 1 to 1,000,000,000",
    ("--games", "0"): "games must be a whole number from 1 to 1,000,000,000",
    ("--games", "1000000000000"): "games must be a whole number from 1 to 1,000,000,000",
    ("--games", "\uff13"): "games must be a whole number from 1 to 1,000,000,000 in the digits",
    ("--players", "\uff13"): "players must be a whole number in the digits 0-9, not '\uff13'",
    ("-o", "match_target=\uff13"): "match_target is a whole number in the digits 0-9",
    ("-o", "match_target=\u0663"): "match_target is a whole number in the digits 0-9",
    ("--seed", "-1"): "a seed must be a whole number from 0",
    ("--workers", "1000000"): "workers=1,000,000 is far more than this machine's cores",
    ("--workers", "0"): "workers must be a whole number from 1",
    ("--agents", "smart"): "unknown agent 'smart'",
    ("--agents", "mc:0"): "playouts must be a whole number >= 1",
    ("--seed", "x" * 500): "a seed has at most 200 characters",
    ("--players", "9"): "Mod Ten is for 2 to 6 players, not 9",
    ("--out", ""): "--out needs a file name",
    ("--out", "results.xlsx"): "cannot tell the format of 'results.xlsx'",
    ("--out", "/proc/results.csv"): "cannot write in /proc",
    ("--out", "no/such/folder/results.csv"): "the folder no/such/folder does not exist",
}


@pytest.mark.parametrize("arguments", sorted(BAD_ARGUMENTS), ids=" ".join)
def test_bad_arguments_are_one_line_and_exit_2_before_anything_runs(
    arguments, capsys, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "mod-ten", "--no-progress", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing ran, nothing was summarised
    message = captured.err.strip()
    assert message.startswith("cardlab: error: ") and "\n" not in message
    assert BAD_ARGUMENTS[arguments] in message


@pytest.mark.parametrize("word", TRUE_WORDS + FALSE_WORDS + ("Yes", " OFF ", "True"))
def test_a_true_or_false_option_takes_yes_no_words(word):
    expected = word.strip().lower() in TRUE_WORDS
    assert parse_options("mod-ten", [f"open_hands={word}"]) == {"open_hands": expected}


def test_an_existing_file_is_kept_unless_forced(tmp_path, capsys):
    out = tmp_path / "results.csv"
    out.write_text("precious\n")
    arguments = ["simulate", "mod-ten", "--games", "5", "--out", str(out), "--no-progress"]
    assert main(arguments) == 2
    assert "exists: give another name, or --force" in capsys.readouterr().err
    assert out.read_text() == "precious\n"
    assert main([*arguments, "--force"]) == 0
    assert len(pd.read_csv(out)) == 5


def test_a_folder_is_not_a_file_name(tmp_path, capsys):
    assert main(["simulate", "mod-ten", "--out", str(tmp_path), "--no-progress"]) == 2
    assert "cannot tell the format" in capsys.readouterr().err
    folder = tmp_path / "x.csv"
    folder.mkdir()
    assert main(["simulate", "mod-ten", "--out", str(folder), "--no-progress"]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_without_pandas_the_extra_to_install_is_named():
    hide = "import sys; sys.modules['pandas'] = None; from cardlab.cli import main; "
    result = subprocess.run(
        [sys.executable, "-c", hide + "sys.exit(main(['simulate', 'mod-ten', '--games', '3']))"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert result.stderr.strip() == (
        "cardlab: error: cardlab simulate needs pandas: pip install 'cardlab[lessons]' "
        "(or 'cardlab[notebooks]', which adds JupyterLab)"
    )


def test_without_pyarrow_parquet_names_its_extra(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    out = str(tmp_path / "r.parquet")
    assert main(["simulate", "mod-ten", "--games", "3", "--out", out, "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert "writing Parquet needs pyarrow: pip install 'cardlab[parquet]'" in err
    assert not os.listdir(tmp_path)


def test_an_agent_that_fails_exits_1_and_saves_what_finished(tmp_path, monkeypatch, capsys):
    from cardlab import bots as agents

    calls = {"n": 0}

    def fragile(seed=None, **options):
        def agent(view):
            calls["n"] += 1
            if calls["n"] > 200:
                raise RuntimeError("worn out")
            return view.legal_moves()[0]

        return agent

    monkeypatch.setitem(agents.AGENTS, "fragile", fragile)
    out = tmp_path / "results.csv"
    code = main(
        [
            "simulate",
            "mod-ten",
            "--agents",
            "fragile",
            "--games",
            "50",
            "--out",
            str(out),
            "--no-progress",
        ]
    )
    assert code == 1
    err = capsys.readouterr().err
    assert (
        "cardlab: error: agent 'fragile' in seat" in err and "raised RuntimeError: worn out" in err
    )
    partial = tmp_path / "results.partial.csv"
    assert not out.exists() and partial.exists()
    finished = pd.read_csv(partial)
    assert 0 < len(finished) < 50 and f"the {len(finished)} hands finished are saved" in err
    assert ".rows" not in err  # Python's attribute means nothing to a command-line user


def fragile_agents(monkeypatch, hands: int, when_worn=lambda: None) -> None:
    """An agent "fragile" that plays its first legal move, and raises (after calling
    ``when_worn``) once about ``hands`` hands of Mod Ten have been played."""
    from cardlab import bots as agents

    calls = {"n": 0}

    def fragile(seed=None, **options):
        def agent(view):
            calls["n"] += 1
            if calls["n"] > 4 * hands:
                when_worn()
                raise RuntimeError("worn out")
            return view.legal_moves()[0]

        return agent

    monkeypatch.setitem(agents.AGENTS, "fragile", fragile)


def run_fragile(out) -> int:
    """``cardlab simulate`` of 50 hands with the fragile agent, saving to ``out``."""
    arguments = ["simulate", "mod-ten", "--agents", "fragile", "--games", "50"]
    return main([*arguments, "--out", str(out), "--no-progress"])


def test_an_unfinished_run_does_not_overwrite_an_earlier_partial_file(
    tmp_path, monkeypatch, capsys
):
    fragile_agents(monkeypatch, hands=20)
    out = tmp_path / "results.csv"
    earlier = tmp_path / "results.partial.csv"
    earlier.write_text("earlier rows\n")
    (tmp_path / "results.partial-2.csv").write_text("earlier rows too\n")
    assert run_fragile(out) == 1
    partial = tmp_path / "results.partial-3.csv"
    assert f"finished are saved in {partial}" in capsys.readouterr().err
    assert earlier.read_text() == "earlier rows\n" and not out.exists()
    assert 0 < len(pd.read_csv(partial)) < 50


def test_rows_that_cannot_be_written_where_asked_are_saved_in_a_temporary_folder(
    tmp_path, monkeypatch, capsys
):
    folder = tmp_path / "stick"
    folder.mkdir()
    # The folder goes away during the run (a USB stick pulled out), after --out was checked.
    fragile_agents(monkeypatch, hands=20, when_worn=lambda: folder.rmdir())
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert run_fragile(folder / "results.csv") == 1
    err = capsys.readouterr().err
    [rescue] = tmp_path.glob("cardlab-*/results.partial.csv")
    target = folder / "results.partial.csv"
    assert f"cardlab: error: cannot write {target} (No such file or directory): " in err
    assert f"the rows are saved in {rescue} instead" in err and "Traceback" not in err
    assert 0 < len(pd.read_csv(rescue)) < 50


def test_rows_that_cannot_be_written_anywhere_are_said_to_be_lost(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "stick"
    folder.mkdir()
    fragile_agents(monkeypatch, hands=20, when_worn=lambda: folder.rmdir())
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "gone"))
    assert run_fragile(folder / "results.csv") == 1
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert re.fullmatch(
        f"cardlab: error: cannot write {re.escape(str(folder))}/results.partial.csv "
        r"\(No such file or directory\), nor in a temporary folder \(No such file or "
        r"directory\): the \d+ rows are lost",
        last,
    ), last
    assert list(tmp_path.iterdir()) == []  # nothing left half-written


def test_a_system_error_during_the_run_exits_1_in_one_line(tmp_path, monkeypatch, capsys):
    import errno

    from cardlab.simulation import many_games as simulation

    def no_more_files(run, played=None):
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(simulation, "play_run", no_more_files)
    out = tmp_path / "results.csv"
    code = main(["simulate", "mod-ten", "--games", "5", "--out", str(out), "--no-progress"])
    assert code == 1
    captured = capsys.readouterr()
    assert captured.err == "cardlab: error: [Errno 24] Too many open files\n"
    assert captured.out == "" and not out.exists()


def test_version_and_python_dash_m():
    result = cardlab_command("--version", check=True)
    assert result.stdout.strip() == f"cardlab {cardlab.__version__}"
    assert "simulate" in cardlab_command("--help", check=True).stdout


def test_a_closed_pipe_ends_the_command_quietly():
    process = subprocess.Popen(
        [sys.executable, "-m", "cardlab", "games"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    process.stdout.close()  # the reader is gone before anything is written, like `| head -0`
    err = process.stderr.read()
    assert process.wait(timeout=60) == 0
    assert "Broken pipe" not in err and "Traceback" not in err and err == ""


def start_run(out, workers, **options):
    """A run of 400 slow hands saving to ``out``, with its progress as plain lines on stderr."""
    return subprocess.Popen(
        [sys.executable, "-m", "cardlab", "simulate", "mod-ten", "--agents", "mc:40"]
        + ["--games", "400", "--workers", workers, "--out", str(out), "--progress", "lines"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **options,
    )


def wait_for_hands(process, least):
    """Read the run's progress lines until at least ``least`` hands are finished; how many."""
    shown, seen = "", 0
    deadline = time.monotonic() + 120
    while seen < least and time.monotonic() < deadline:
        line = process.stderr.readline()
        shown += line
        counts = re.findall(r"(\d+) of 400 hands", line)
        seen = int(counts[-1]) if counts else seen
    assert seen >= least, shown
    return seen


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_saves_the_finished_hands_under_a_partial_name_and_exits_130(tmp_path, workers):
    out = tmp_path / "results.csv"
    process = start_run(out, workers)
    seen = wait_for_hands(process, 2)
    interrupted = time.monotonic()
    process.send_signal(signal.SIGINT)
    out_text, err = process.communicate(timeout=60)
    assert time.monotonic() - interrupted < 15
    assert process.returncode == 130
    assert not out.exists()
    partial = tmp_path / "results.partial.csv"
    rows = pd.read_csv(partial)
    assert len(rows) >= seen and f"interrupted: {len(rows)} of 400 hands finished" in err
    assert f"saved in {partial}" in err and "Traceback" not in err
    assert "Mod Ten" in out_text  # the summary of what finished
    # The rows are those of the very hands: play two of them again from their seeds.
    for row in rows.head(2).itertuples():
        again = play_hand(cardlab.game("mod-ten"), ["mc:40", "mc:40"], row.seed)
        assert (again["winner"], again["moves"]) == (row.winner, row.moves)


STOPPING = [
    (signal.SIGTERM, "1", 143, "terminated"),  # a scheduler, `timeout` or a culled Binder
    (signal.SIGTERM, "2", 143, "terminated"),
    (signal.SIGHUP, "1", 129, "hung up"),  # a closed terminal or SSH session (and below)
]


@pytest.mark.parametrize(("stop", "workers", "status", "words"), STOPPING)
def test_a_signal_saves_the_finished_hands_under_a_partial_name(
    tmp_path, workers, stop, status, words
):
    out = tmp_path / "results.csv"
    process = start_run(out, workers)
    seen = wait_for_hands(process, 2)
    stopped = time.monotonic()
    process.send_signal(stop)
    out_text, err = process.communicate(timeout=60)
    assert time.monotonic() - stopped < 15
    assert process.returncode == status
    assert not out.exists()
    partial = tmp_path / "results.partial.csv"
    rows = pd.read_csv(partial)
    assert len(rows) >= seen and f"{words}: {len(rows)} of 400 hands finished" in err
    assert f"saved in {partial}" in err and "Traceback" not in err
    assert "Mod Ten" in out_text


def test_more_signals_while_the_rows_are_saved_are_noted_not_obeyed(tmp_path):
    # Many fast hands, so that their table takes a while to build and write; signals of every
    # kind keep coming all the while: the first stops the run, the others change nothing.
    out = tmp_path / "results.csv"
    process = subprocess.Popen(
        [sys.executable, "-m", "cardlab", "simulate", "mod-ten", "--games", "1000000"]
        + ["--out", str(out), "--progress", "lines"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert re.search(r"of 1,000,000 hands", process.stderr.readline())  # 1% played
    process.send_signal(signal.SIGTERM)
    time.sleep(0.05)  # the first to arrive (two pending ones are handled SIGINT first)
    again = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]
    while process.poll() is None:
        process.send_signal(again[0])
        again.append(again.pop(0))
        time.sleep(0.01)
    out_text, err = process.communicate(timeout=60)
    assert process.returncode == 143, err
    rows = pd.read_csv(tmp_path / "results.partial.csv")
    assert f"terminated: {len(rows):,} of 1,000,000 hands finished" in err
    assert "Traceback" not in err and f"{len(rows):,} hands" in out_text


def test_a_closed_terminal_stops_the_run_not_its_helper_processes(tmp_path):
    # A closed terminal sends SIGHUP to the whole process group: the worker processes and
    # loky's helpers (its resource trackers) too. They ignore it; the run saves what finished.
    out = tmp_path / "results.csv"
    process = start_run(out, "2", start_new_session=True)
    wait_for_hands(process, 2)
    os.killpg(process.pid, signal.SIGHUP)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 129
    assert "Traceback" not in err and "died unexpectedly" not in err, err
    assert len(pd.read_csv(tmp_path / "results.partial.csv")) >= 2


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_output_files_get_the_mode_the_umask_gives_a_new_file(tmp_path, capsys, umask, mode):
    previous = os.umask(umask)
    try:
        for name in ("results.csv", "results.parquet"):
            out = tmp_path / name
            assert (
                main(["simulate", "mod-ten", "--games", "5", "--no-progress", "--out", str(out)])
                == 0
            )
            assert out.stat().st_mode & 0o777 == mode, (name, oct(out.stat().st_mode))
    finally:
        os.umask(previous)


def test_help_states_every_numbers_bound_and_every_agent(capsys):
    from cardlab.bots.specs import AGENTS

    with pytest.raises(SystemExit):
        cardlab.cli.build_parser().parse_args(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "95% intervals" in text and "95%%" not in text
    for agent in AGENTS:
        assert agent in text
    assert "mc:PLAYOUTS (1 to 10,000)" in text and "pimc:WORLDS (1 to 1,000)" in text
    assert "from 1 to 1,000,000,000" in text  # --games
    assert "mod-ten 2-6 players" in text and "two-ten-jack 2 players" in text  # --players
    assert "at most 200 characters" in text  # --seed
    assert "from 1 to 2 per core" in text  # --workers


def test_games_says_two_players_not_two_to_two(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "Two-Ten-Jack, 2 players" in out and "2-2 players" not in out


def test_a_five_thousand_digit_playout_count_is_refused_in_words(capsys):
    assert main(["simulate", "mod-ten", "--agents", "mc:" + "9" * 5000, "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "1 to 10,000" in err and "4300" not in err and len(err) < 400


def test_a_five_thousand_digit_count_of_games_is_refused_in_a_short_line(capsys):
    assert main(["simulate", "mod-ten", "--games", "9" * 5000]) == 2
    err = capsys.readouterr().err
    assert "games must be a whole number from 1 to 1,000,000,000" in err and len(err) < 300
