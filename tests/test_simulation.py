"""simulate(): tables, reproducibility across workers and executors, agents that fail,
records, and bad arguments refused before anything runs."""

from __future__ import annotations

import concurrent.futures
import importlib
import sys
import threading
import warnings

import pytest

import cardlab
from cardlab.simulation.many_games import (
    CHUNK,
    AgentError,
    SimulationError,
    checked_run,
    chunk_size,
    game_seed,
    play_hand,
    play_run,
    simulate,
)
from cardlab.simulation.workers import max_workers

pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def mod_ten():
    return cardlab.game("mod-ten", players=3)


def first_legal(view):
    return view.legal_moves()[0]


def test_one_row_per_hand_with_the_documented_columns(mod_ten):
    table = simulate(mod_ten, "random,greedy", games=40, seed=5, progress=False)
    assert len(table) == 40 and list(table["game"]) == list(range(40))
    assert list(table.columns) == [
        "game",
        "seed",
        "dealer",
        "agent_0",
        "agent_1",
        "agent_2",
        "winner",
        "score_0",
        "score_1",
        "score_2",
        "moves",
        "captures",
        "skips",
    ]
    assert list(table.loc[0, ["agent_0", "agent_1", "agent_2"]]) == ["random", "greedy", "random"]
    # Every hand has one winner, whose score is 1; the seed reproduces the hand.
    assert (table[["score_0", "score_1", "score_2"]].sum(axis=1) == 1).all()
    row = table.iloc[7]
    state = mod_ten.deal(seed=row["seed"])
    assert state.dealer == row["dealer"]
    again = play_hand(mod_ten, ["random", "greedy", "random"], row["seed"])
    assert again["moves"] == row["moves"] and again["winner"] == row["winner"]


def test_columns_are_compact_and_typed(mod_ten):
    table = simulate(mod_ten, "random,greedy", games=30, seed=5, progress=False)
    dtypes = {name: str(dtype) for name, dtype in table.dtypes.items()}
    assert dtypes["game"] == "int32" and dtypes["dealer"] == "int8"
    assert dtypes["winner"] == "Int8"
    assert all(dtypes[f"agent_{seat}"] == "category" for seat in range(3))
    assert all(dtypes[name] == "int16" for name in ("score_0", "moves", "captures", "skips"))
    # One set of categories for every agent column, so that they compare with each other.
    assert list(table["agent_1"].cat.categories) == ["random", "greedy"]
    assert (table["agent_0"] == table["agent_2"]).all()
    assert table.attrs == {
        "game": "mod-ten",
        "options": mod_ten.options,
        "agents": ["random", "greedy", "random"],
        "seed": 5,
        "per": "hand",
        "games": 30,
        "complete": True,
        "engine": "rules",
        "cardlab": cardlab.__version__,
    }


def test_a_tie_is_a_missing_winner_not_a_float():
    table = simulate(cardlab.game("chinese-ten", players=4), games=80, seed=1, progress=False)
    assert str(table["winner"].dtype) == "Int8"
    ties = table["winner"].isna()
    assert ties.any() and not ties.all()
    top = table[[f"score_{seat}" for seat in range(4)]].max(axis=1)
    leaders = table[[f"score_{seat}" for seat in range(4)]].eq(top, axis=0).sum(axis=1)
    assert ((leaders > 1) == ties).all()


def test_zero_games_is_an_empty_table_with_the_usual_columns_and_types(mod_ten):
    full = simulate(mod_ten, "random,greedy", games=3, seed=5, progress=False)
    empty = simulate(mod_ten, "random,greedy", games=0, seed=5, progress=False)
    assert len(empty) == 0
    pd.testing.assert_series_equal(empty.dtypes, full.dtypes)
    matches = simulate(
        cardlab.game("two-ten-jack"), games=0, per="match", records=True, progress=False
    )
    assert list(matches.columns) == [
        "game",
        "seed",
        "first_dealer",
        "agent_0",
        "agent_1",
        "winner",
        "hands",
        "total_0",
        "total_1",
        "moves",
        "record",
    ]


def test_the_same_seed_gives_the_same_table(mod_ten):
    first = simulate(mod_ten, "greedy", games=30, seed="x", progress=False)
    again = simulate(mod_ten, "greedy", games=30, seed="x", progress=False)
    other = simulate(mod_ten, "greedy", games=30, seed="y", progress=False)
    pd.testing.assert_frame_equal(first, again)
    assert not first.equals(other)


def test_workers_and_executors_give_the_same_table(mod_ten):
    games = 517  # several chunks, the last one short
    assert games % chunk_size(games, 2) != 0
    alone = simulate(mod_ten, "random", games=games, seed=1, progress=False)
    pooled = simulate(mod_ten, "random", games=games, seed=1, workers=2, progress=False)
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as executor:
        threaded = simulate(
            mod_ten, "random", games=games, seed=1, executor=executor, progress=False
        )
    pd.testing.assert_frame_equal(alone, pooled)
    pd.testing.assert_frame_equal(alone, threaded)
    assert pooled.attrs == alone.attrs


def test_a_dask_cluster_gives_the_same_table(mod_ten):
    distributed = pytest.importorskip("distributed")
    alone = simulate(mod_ten, "random,greedy", games=255, seed=8, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(
            mod_ten, "random,greedy", games=255, seed=8, executor=client, progress=False
        )
    pd.testing.assert_frame_equal(alone, on_dask)


def test_chunks_are_sized_from_the_executors_workers(mod_ten):
    with concurrent.futures.ThreadPoolExecutor(max_workers=16) as executor:
        run = checked_run(mod_ten, games=10_000, executor=executor, progress=False)
    chunks = run.chunks()
    assert len(chunks) > 16 * 4  # about eight per worker
    assert chunks[0] == (0, chunk_size(10_000, 16)) and chunks[-1][1] == 10_000


def test_lambdas_and_closures_work_in_worker_processes(mod_ten):
    def lowest(offset):
        return lambda view: view.legal_moves()[offset]

    agents = [lowest(0), lambda view: view.legal_moves()[-1]]
    alone = simulate(mod_ten, agents, games=24, seed=2, progress=False)
    pooled = simulate(mod_ten, agents, games=24, seed=2, workers=2, progress=False)
    pd.testing.assert_frame_equal(alone, pooled)
    assert list(pooled["agent_0"].cat.categories) == ["<lambda>"]


def test_an_agent_that_cannot_travel_to_a_process_is_refused_before_the_run(mod_ten):
    lock = threading.Lock()

    def locked(view):
        with lock:
            return view.legal_moves()[0]

    with pytest.raises(SimulationError, match="cannot be sent to worker processes.*workers=1"):
        simulate(mod_ten, [locked], games=4, workers=2, progress=False)
    assert len(simulate(mod_ten, [locked], games=4, progress=False)) == 4


def test_one_row_per_match():
    game = cardlab.game("mod-ten", players=2, match_target=3)
    table = simulate(game, "random", games=20, seed=4, per="match", progress=False)
    assert len(table) == 20
    assert {"first_dealer", "hands", "total_0", "total_1", "winner"} <= set(table.columns)
    assert (table[["total_0", "total_1"]].max(axis=1) == 3).all()
    assert (table["hands"] == table["total_0"] + table["total_1"]).all()


def test_every_game_simulates(mod_ten):
    for name in cardlab.GAMES:
        table = simulate(name, "random", games=12, seed=0, progress=False)
        assert len(table) == 12 and table["moves"].min() > 0


# --------------------------------------------------------------------------- records


@pytest.mark.parametrize("name", sorted(cardlab.GAMES))
def test_each_rows_record_replays_the_very_hand(name):
    game = cardlab.game(name)
    agents = "random,greedy"
    plain = simulate(game, agents, games=6, seed=3, progress=False)
    recorded = simulate(game, agents, games=6, seed=3, records=True, progress=False)
    pd.testing.assert_frame_equal(plain, recorded.drop(columns="record"))
    for row in recorded.itertuples():
        hand = cardlab.replay(row.record)
        assert hand.is_over and hand.seed == row.seed and hand.dealer == row.dealer
        assert len(hand.moves) == row.moves
        assert hand.scores == tuple(getattr(row, f"score_{seat}") for seat in range(game.players))
        assert hand.winner == (None if pd.isna(row.winner) else row.winner)


def test_random_agents_with_records_play_the_same_hands_as_the_fast_playout(mod_ten):
    fast = simulate(mod_ten, "random", games=30, seed=9, progress=False)
    recorded = simulate(mod_ten, "random", games=30, seed=9, records=True, progress=False)
    pd.testing.assert_frame_equal(fast, recorded.drop(columns="record"))


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("mod-ten", {"players": 2}),
        ("mod-ten", {"players": 4}),
        ("chinese-ten", {"players": 3}),
        ("two-ten-jack", {}),
    ],
)
def test_greedy_agents_play_the_same_hands_as_the_greedy_playout(name, options):
    game = cardlab.game(name, **options)
    fast = simulate(game, "greedy", games=12, seed=9, progress=False)
    recorded = simulate(game, "greedy", games=12, seed=9, records=True, progress=False)
    pd.testing.assert_frame_equal(fast, recorded.drop(columns="record"))


def test_a_matchs_record_replays_the_match():
    game = cardlab.game("two-ten-jack", target=11)
    table = simulate(
        game, "greedy,random", games=4, seed=2, per="match", records=True, progress=False
    )
    pooled = simulate(
        game, "greedy,random", games=4, seed=2, per="match", records=True, workers=2, progress=False
    )
    pd.testing.assert_frame_equal(table, pooled)
    for row in table.itertuples():
        match = cardlab.replay(row.record)
        assert match.is_over and match.winner == row.winner and len(match.hands) == row.hands
        assert match.totals == (row.total_0, row.total_1)


# --------------------------------------------------------------------------- agents that fail


def failing_in_game(game, seed, index, seat, failure):
    """An agent that plays the first legal move, except in the given game's first turn of
    ``seat``, where it does ``failure``."""
    marked = frozenset(game.deal(seed=game_seed(seed, index)).hand(seat))

    def agent(view):
        if view.seat == seat and frozenset(view.hand) == marked:
            return failure(view)
        return view.legal_moves()[0]

    agent.__name__ = "faulty"
    return agent


def raises(view):
    raise ZeroDivisionError("no luck")


def illegal(view):
    """A card this seat does not hold."""
    held = {str(card) for card in view.hand}
    return next(rank + suit for rank in "A2346789" for suit in "SHDC" if rank + suit not in held)


FAILURES = {
    "raises": (raises, "raised ZeroDivisionError: no luck"),
    "returns None": (lambda view: None, "returned None, which is not a move"),
    "returns garbage": (lambda view: {"a": 1}, "returned {'a': 1}, which is not a move"),
    "returns an illegal move": (illegal, "which is not a legal move"),
    "returns huge text": (lambda view: "x" * 1_000_000, "which is not a legal move"),
}


WAYS = [(1, failure) for failure in sorted(FAILURES)] + [
    (workers, failure)
    for workers in (2, "threads")
    for failure in ("raises", "returns an illegal move")  # each stops the worker processes
]


@pytest.mark.parametrize(("workers", "failure"), WAYS)
def test_an_agent_that_fails_stops_the_run_and_keeps_what_finished(mod_ten, failure, workers):
    behaviour, message = FAILURES[failure]
    agent = failing_in_game(mod_ten, 4, 7, 1, behaviour)
    expected = simulate(mod_ten, [first_legal], games=7, seed=4, progress=False)
    with concurrent.futures.ThreadPoolExecutor(2) as threads:
        executor = threads if workers == "threads" else None
        count = 1 if workers == "threads" else workers
        with pytest.raises(AgentError) as caught:
            simulate(
                mod_ten, [agent], games=40, seed=4, workers=count, executor=executor, progress=False
            )
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.agent, error.seat, error.game, error.seed) == ("faulty", 1, 7, "4-7")
    text = str(error)
    assert message in text and "agent 'faulty' in seat 1" in text and "game 7 (seed '4-7')" in text
    assert len(text) < 1000  # a huge answer is quoted by its start only
    rows = error.rows
    assert 7 not in set(rows["game"]) and rows.attrs["complete"] is False
    # The games before it in its chunk are kept, exactly as a run without the failure has them.
    kept = rows[rows["game"] < 7].reset_index(drop=True)
    if workers == 1:
        assert list(rows["game"]) == list(range(7))
    assert 6 in set(kept["game"])
    expected = expected[expected["game"].isin(kept["game"])].reset_index(drop=True)
    pd.testing.assert_frame_equal(
        kept.drop(columns=["agent_0", "agent_1", "agent_2"]),
        expected.drop(columns=["agent_0", "agent_1", "agent_2"]),
        check_categorical=False,
    )


def test_the_errors_are_part_of_cardlab():
    assert cardlab.AgentError is AgentError and cardlab.SimulationError is SimulationError
    assert issubclass(AgentError, ValueError) and issubclass(SimulationError, ValueError)
    assert {"AgentError", "SimulationError"} <= set(cardlab.__all__)


def test_an_agent_that_fails_in_a_match_is_named_with_its_match(mod_ten):
    game = cardlab.game("mod-ten", players=2, match_target=2)
    with pytest.raises(AgentError, match="agent 'raises' in seat .* game 0 .seed '0-0'."):
        simulate(game, [raises], games=3, per="match", progress=False)


# --------------------------------------------------------------------------- interruption


def test_an_interrupted_run_keeps_the_finished_rows(mod_ten):
    calls = {"n": 0}

    def impatient(view):
        calls["n"] += 1
        if calls["n"] > 600:
            raise KeyboardInterrupt
        return view.legal_moves()[0]

    with pytest.warns(UserWarning, match="interrupted: returning the .* hands finished so far"):
        table = simulate(mod_ten, [impatient], games=300, seed=3, progress=False)
    # The games finished before the interruption are kept, in order; the one cut short is not.
    assert 10 < len(table) < 50
    assert list(table["game"]) == list(range(len(table)))
    assert table["moves"].sum() <= 600
    assert table.attrs["complete"] is False and table.attrs["games"] == 300


class StoppingBar:
    """A progress bar that sets ``stop`` once a hand has finished, whatever the load on the
    machine (a fixed wait could end a run before two new processes finish a hand)."""

    def __init__(self, stop):
        self.stop = stop

    def update(self, count):
        if count:
            self.stop.set()

    def close(self):
        pass


@pytest.mark.parametrize("workers", [1, 2, "threads"])
def test_a_stop_event_ends_a_run_in_a_thread_with_what_finished(mod_ten, workers, monkeypatch):
    from cardlab.simulation import workers as places

    stop = threading.Event()
    calls = {"n": 0}
    if workers == 2:  # stopped once a process has finished a hand (its rows come hand by hand)
        monkeypatch.setattr(places, "progress_bar", lambda run: StoppingBar(stop))
        monkeypatch.setattr(places, "PROGRESS_SECONDS", 0.0)

    def counting(view):
        calls["n"] += 1
        if calls["n"] == 300:  # in this process: one hand among the first
            stop.set()
        return view.legal_moves()[0]

    agent = counting if workers == 1 else "greedy"
    with concurrent.futures.ThreadPoolExecutor(2) as threads:
        executor = threads if workers == "threads" else None
        count = 2 if workers == 2 else 1
        with concurrent.futures.ThreadPoolExecutor(1) as caller:  # the widget's thread
            running = caller.submit(
                simulate,
                mod_ten,
                [agent],
                games=100_000,
                seed=1,
                workers=count,
                executor=executor,
                progress=False,
                stop=stop,
            )
            if workers == "threads":  # a thread starts at once, and a chunk reports at its end
                threading.Event().wait(1.0)
                stop.set()
            with warnings.catch_warnings():
                warnings.simplefilter("error")  # a requested stop is not worth a warning
                table = running.result(timeout=60)
    assert 0 < len(table) < 100_000 and table.attrs["complete"] is False
    assert table["game"].is_unique
    if workers == 1:
        assert list(table["game"]) == list(range(len(table)))
    with pytest.raises(SimulationError, match="stop is a threading.Event"):
        simulate(mod_ten, games=1, stop=True, progress=False)


class Bar:
    """Records what a progress bar is told."""

    def __init__(self):
        self.updates = []

    def update(self, count):
        self.updates.append(count)

    def close(self):
        pass


def test_the_progress_bar_moves_hand_by_hand_when_hands_are_slow(mod_ten, monkeypatch):
    from cardlab.simulation import workers

    bar = Bar()
    monkeypatch.setattr(workers, "progress_bar", lambda run: bar)
    monkeypatch.setattr(workers, "PROGRESS_SECONDS", 0.0)
    simulate(mod_ten, ["greedy"], games=12, seed=1)
    assert sum(bar.updates) == 12 and max(bar.updates) == 1


def test_rows_reach_the_parent_as_each_hand_finishes(tmp_path):
    from cardlab.simulation.workers import FLUSH_SECONDS, RowReader, RowWriter

    path = str(tmp_path / "0.rows")
    writer, reader = RowWriter(path), RowReader(path)
    try:
        for game in range(3):
            writer.add({"game": game, "moves": 10 + game})
            for _ in range(400):  # the row arrives without the writer closing
                if reader.read():
                    break
                threading.Event().wait(FLUSH_SECONDS / 4)
            assert reader.columns["game"] == list(range(game + 1))
    finally:
        writer.close()
    with open(path, "ab") as file:
        file.write((1000).to_bytes(8, "little") + b"cut short")  # a killed worker's last write
    assert reader.read() == 0 and reader.columns["moves"] == [10, 11, 12]


# --------------------------------------------------------------------------- arguments


def test_bad_arguments_are_refused(mod_ten):
    with pytest.raises(SimulationError, match="4 agents given for 3 seats"):
        simulate(mod_ten, "random,random,random,random", games=1, progress=False)
    with pytest.raises(SimulationError, match="unknown agent"):
        simulate(mod_ten, "smart", games=1, progress=False)
    with pytest.raises(SimulationError, match="games must be"):
        simulate(mod_ten, games=-1, progress=False)
    with pytest.raises(SimulationError, match="games must be a whole number .*, not True"):
        simulate(mod_ten, games=True, progress=False)
    with pytest.raises(SimulationError, match="workers must be"):
        simulate(mod_ten, games=1, workers=0, progress=False)
    with pytest.raises(SimulationError, match="per is 'hand' or 'match'"):
        simulate(mod_ten, games=1, per="trick", progress=False)
    with pytest.raises(cardlab.OptionError, match="unknown game"):
        simulate("mod-eleven", games=1, progress=False)
    with pytest.raises(SimulationError, match="a seed is a whole number or a text, not 1.5"):
        simulate(mod_ten, games=1, seed=1.5, progress=False)
    with pytest.raises(SimulationError, match="progress is True, False or 'lines'"):
        simulate(mod_ten, games=1, progress="yes")
    with pytest.raises(SimulationError, match="at most 200 characters, not 1,000,000: 'xxx"):
        simulate(mod_ten, games=1, seed="x" * 1_000_000, progress=False)


@pytest.mark.parametrize("run", [None, {"games": 5}, "mod-ten"])
def test_play_run_takes_only_a_checked_run(run):
    with pytest.raises(SimulationError) as error:
        play_run(run)
    assert str(error.value) == f"play_run takes a run from checked_run(...), not {run!r}"


def test_a_checked_run_plays_as_simulate_does(mod_ten):
    run = checked_run(mod_ten, "random,greedy", games=6, seed=2, progress=False)
    expected = simulate(mod_ten, "random,greedy", games=6, seed=2, progress=False)
    pd.testing.assert_frame_equal(play_run(run), expected)


def test_numpy_integers_count_as_whole_numbers(mod_ten):
    table = simulate(
        mod_ten, games=np.int64(5), seed=np.int32(3), workers=np.int8(1), progress=np.bool_(False)
    )
    assert len(table) == 5 and table.attrs["seed"] == 3 and type(table.attrs["seed"]) is int
    pd.testing.assert_frame_equal(table, simulate(mod_ten, games=5, seed=3, progress=False))


def test_a_numpy_bool_is_not_a_count_of_games(mod_ten):
    with pytest.raises(SimulationError, match="games must be a whole number .*, not (np.)?True_?$"):
        simulate(mod_ten, games=np.bool_(True), progress=False)


def test_worker_processes_without_loky_name_the_extra_to_install(mod_ten, monkeypatch):
    monkeypatch.setitem(sys.modules, "loky", None)
    with pytest.raises(ImportError, match=r"simulate\(workers=...\) needs loky: pip install"):
        simulate(mod_ten, games=4, workers=2, progress=False)
    assert len(simulate(mod_ten, games=4, workers=1, progress=False)) == 4  # one process: fine


def test_workers_are_capped_by_the_chunks_and_refused_far_beyond_the_cores(mod_ten):
    assert checked_run(mod_ten, games=3, workers=2, progress=False).workers == 2
    assert checked_run(mod_ten, games=1, workers=2, progress=False).workers == 1
    too_many = max_workers() + 1
    with pytest.raises(SimulationError, match=f"workers={too_many:,} is far more than"):
        simulate(mod_ten, games=4, workers=too_many, progress=False)
    with pytest.raises(SimulationError, match="workers=1,000,000 is far more"):
        simulate(mod_ten, games=4, workers=10**6, progress=False)


def test_under_pyodide_everything_runs_here_and_says_so_once(mod_ten, monkeypatch):
    from cardlab.simulation import runs

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(runs, "_WARNED", set())
    with pytest.warns(UserWarning, match="no worker processes can be started") as caught:
        first = simulate(mod_ten, games=20, seed=1, workers=2, progress=False)
        simulate(mod_ten, games=20, seed=1, workers=2, progress=False)
    assert len(caught) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        simulate(mod_ten, games=2, seed=1, progress=False)  # one process asked: nothing to say
    assert checked_run(mod_ten, games=100, workers=2).workers == 1
    pd.testing.assert_frame_equal(first, simulate(mod_ten, games=20, seed=1, progress=False))


def test_chunks_share_the_work_and_stay_small():
    assert chunk_size(100_000, 2) == CHUNK  # capped, so that a stopped task holds little
    assert chunk_size(160, 2) == 10  # about eight tasks per worker
    assert chunk_size(3, 4) == 1


def test_the_old_names_of_the_simulation_wing_still_work_with_a_warning():
    from cardlab.play.turnlog import LogRow
    from cardlab.simulation.rows import GameRow
    from cardlab.simulation.runs import CheckedRun, checked_run_seed, checked_whole_number

    for module, old, new in [
        ("cardlab.turnlog", "Row", LogRow),
        ("cardlab.runs", "Run", CheckedRun),
        ("cardlab.runs", "whole_number", checked_whole_number),
        ("cardlab.runs", "checked_seed", checked_run_seed),
        ("cardlab.simulation", "Row", GameRow),
    ]:
        with pytest.warns(DeprecationWarning, match=f"{module}.{old} is now"):
            assert getattr(importlib.import_module(module), old) is new
    runs = importlib.import_module("cardlab.runs")
    with pytest.raises(AttributeError):
        runs.no_such_name  # noqa: B018
