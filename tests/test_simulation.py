"""simulate(): tables, reproducibility across workers and executors, interruption, errors."""

from __future__ import annotations

import concurrent.futures

import pytest

import cardlab
from cardlab.simulation import CHUNK, chunk_size, simulate

pd = pytest.importorskip("pandas")


@pytest.fixture(scope="module")
def mod_ten():
    return cardlab.game("mod-ten", players=3)


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


def test_an_interrupted_run_keeps_the_finished_rows(mod_ten):
    calls = {"n": 0}

    def impatient(view):
        calls["n"] += 1
        if calls["n"] > 600:
            raise KeyboardInterrupt
        return view.legal_moves()[0]

    with pytest.warns(UserWarning, match="interrupted: returning the"):
        table = simulate(mod_ten, [impatient], games=300, seed=3, progress=False)
    # The games finished before the interruption are kept, in order; the one cut short is not.
    assert 10 < len(table) < 50
    assert list(table["game"]) == list(range(len(table)))
    assert table["moves"].sum() <= 600


def test_bad_arguments_are_refused(mod_ten):
    with pytest.raises(ValueError, match="4 agents given for 3 seats"):
        simulate(mod_ten, "random,random,random,random", games=1, progress=False)
    with pytest.raises(ValueError, match="unknown agent"):
        simulate(mod_ten, "smart", games=1, progress=False)
    with pytest.raises(ValueError, match="games must be"):
        simulate(mod_ten, games=-1, progress=False)
    with pytest.raises(ValueError, match="workers must be"):
        simulate(mod_ten, games=1, workers=0, progress=False)
    with pytest.raises(ValueError, match="per is 'hand' or 'match'"):
        simulate(mod_ten, games=1, per="trick", progress=False)
    with pytest.raises(cardlab.OptionError, match="unknown game"):
        simulate("mod-eleven", games=1, progress=False)


def test_chunks_share_the_work_and_stay_small():
    assert chunk_size(100_000, 2) == CHUNK  # capped, so the progress bar moves
    assert chunk_size(160, 2) == 10  # about eight tasks per worker
    assert chunk_size(3, 4) == 1
