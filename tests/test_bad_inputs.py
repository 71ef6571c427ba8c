"""Bad input, generated: every public function of the simulation, tables, stats, charts and
the command line refuses it with its own ValueError subclass (or gives an answer), never with
a KeyError, a TypeError or a traceback, and refuses it before any game is played.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import io
import time
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")
pytest.importorskip("plotly")

import cardlab  # noqa: E402
from cardlab import charts, stats  # noqa: E402
from cardlab.cli import main  # noqa: E402
from cardlab.simulation.many_games import (  # noqa: E402
    MAX_GAMES,
    SimulationError,
    checked_run,
    chunk_size,
    game_seed,
    play_hand,
    play_match,
    simulate,
)
from cardlab.simulation.tables import TableError, long_form, output_format, write_table  # noqa: E402
from cardlab.simulation.workers import max_workers  # noqa: E402

GAME = cardlab.game("mod-ten", players=3)
TABLE = cardlab.simulate(GAME, "random,greedy", games=12, seed=1, progress=False)
TIES = cardlab.simulate(cardlab.game("chinese-ten", players=4), games=12, seed=1, progress=False)
MATCHES = cardlab.simulate("two-ten-jack", games=3, per="match", progress=False)

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.text(max_size=3)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from(
        [np.bool_(True), np.float64(2.0), np.int64(-3), object(), print, pd.DataFrame(), 1j]
    ),
)
"""Values of every kind, good ones included: each test filters what it means by bad."""


def is_whole(value):
    return isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_)


bad_games = anything.filter(lambda value: not (is_whole(value) and 0 <= value <= MAX_GAMES))
bad_workers = anything.filter(lambda value: not (is_whole(value) and 1 <= value <= max_workers()))
bad_seed = st.one_of(
    anything.filter(lambda value: not (isinstance(value, str) or is_whole(value))),
    st.text(min_size=201, max_size=300),
    st.integers(min_value=10**100, max_value=10**120),
    st.integers(max_value=-1),  # a negative number is a seed nowhere in cardlab
)
bad_flag = anything.filter(lambda value: not isinstance(value, bool | np.bool_))
bad_per = anything.filter(lambda value: not (isinstance(value, str) and value in ("hand", "match")))


def names_agents(value):
    """True if ``value`` names agents cardlab knows (so it is not a bad one)."""
    from cardlab.simulation.runs import checked_agents

    try:
        checked_agents(value, 3)
    except SimulationError:
        return True if callable(value) else False
    return True


bad_agents = st.one_of(
    anything.filter(lambda value: not names_agents(value)),
    st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=6),  # too many
    st.lists(st.integers(), min_size=1, max_size=3),
    st.text(alphabet="xyz:,0", min_size=1, max_size=10).filter(lambda text: not names_agents(text)),
)
bad_executor = anything.filter(lambda value: value is not None)

ARGUMENTS = {
    "games": bad_games,
    "workers": bad_workers,
    "seed": bad_seed,
    "progress": bad_flag.filter(lambda value: not (isinstance(value, str) and value == "lines")),
    "records": bad_flag,
    "per": bad_per,
    "agents": bad_agents,
    "executor": bad_executor,
}


@pytest.mark.parametrize("name", sorted(ARGUMENTS))
def test_simulate_refuses_each_bad_argument_before_playing(name):
    @given(ARGUMENTS[name])
    def refused(value):
        arguments = {"games": 3, "progress": False, name: value}
        with pytest.raises(SimulationError):
            simulate(GAME, **arguments)

    refused()


@given(anything.filter(lambda value: not isinstance(value, str)))
def test_a_game_is_a_game_or_a_name(value):
    with pytest.raises(SimulationError, match="the game is a game"):
        simulate(value, games=1, progress=False)


@given(st.text(max_size=20))
def test_an_unknown_game_name_is_an_option_error(name):
    with pytest.raises(cardlab.OptionError, match="unknown game"):
        checked_run(name.replace("_", "-") + "!", games=1)


@given(bad_seed, bad_games)
def test_helpers_refuse_bad_seeds_and_indexes(seed, index):
    with pytest.raises(SimulationError):
        game_seed(seed, 0)
    with pytest.raises(SimulationError):
        game_seed(1, index)
    with pytest.raises(SimulationError):
        chunk_size(index, 2)


@given(anything.filter(lambda value: not isinstance(value, str)), bad_agents)
def test_play_hand_and_play_match_refuse_bad_seeds_and_agents(seed, agents):
    for play in (play_hand, play_match):
        with pytest.raises(SimulationError):
            play(GAME, ["random"], seed)
        with pytest.raises(SimulationError):
            play(GAME, agents, "1-1")


# --------------------------------------------------------------------------- tables


@st.composite
def mangled_tables(draw):
    """A simulation table with some columns dropped and some rows kept, or no table at all."""
    if draw(st.integers(0, 5)) == 0:
        return draw(anything)
    source = draw(st.sampled_from([TABLE, TIES, MATCHES]))
    kept = [column for column in source.columns if draw(st.integers(0, 4))]
    rows = draw(st.sampled_from([0, 1, 2, len(source)]))
    return source[kept].head(rows)


SUMMARIES = [
    stats.seats,
    stats.win_rates,
    stats.agent_results,
    stats.running_win_rate,
    stats.in_playing_order,
    stats.decided,
    long_form,
]
CHARTS = [
    charts.win_rate_bars,
    charts.score_distribution,
    charts.game_lengths,
    charts.agent_table,
    charts.convergence,
]


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(mangled_tables(), st.sampled_from(SUMMARIES + CHARTS))
def test_any_table_gets_an_answer_or_a_table_error(table, function):
    try:
        function(table)
    except TableError as error:
        assert str(error)
        assert "KeyError" not in str(error)


@given(anything, anything, anything)
def test_numbers_for_stats_are_checked(wins, games, z):
    try:
        low, high = stats.wilson_interval(wins, games, z)
    except TableError:
        return
    assert 0 <= low <= high <= 1


@given(anything)
def test_seat_arguments_and_counts_are_checked(value):
    for call in (
        lambda: stats.running_win_rate(TABLE, value),
        lambda: charts.convergence(TABLE, seat=value),
        lambda: charts.score_distribution(TABLE, seat=value),
        lambda: charts.score_distribution(TABLE, par=value),
        lambda: charts.log_spaced(value, 10),
        lambda: charts.log_spaced(10, value),
        lambda: stats.position_names(value),
        lambda: charts.win_rate_bars(TABLE, labels=value),
        lambda: charts.win_rate_bars(TABLE, title=value),
        lambda: charts.game_lengths(TABLE, column=value),
    ):
        try:
            call()
        except TableError:
            pass


@given(anything.filter(lambda value: not isinstance(value, str)) | st.text(max_size=30))
def test_output_names_are_checked(name):
    try:
        kind = output_format(name)
    except TableError:
        return
    assert kind in ("csv", "parquet")


@given(anything.filter(lambda value: not isinstance(value, pd.DataFrame)))
def test_only_tables_are_written(value):
    with pytest.raises(TableError):
        write_table(value, "never-written.csv")


# --------------------------------------------------------------------------- the command line

BAD_OPTIONS = st.one_of(
    st.tuples(st.just("--games"), st.sampled_from(["-1", "x", "1.5", str(MAX_GAMES + 1), ""])),
    st.tuples(st.just("--workers"), st.sampled_from(["0", "-2", "many", str(10**9)])),
    st.tuples(st.just("--players"), st.sampled_from(["0", "1", "7", "two"])),
    st.tuples(st.just("--agents"), st.sampled_from(["", ",", "mc:x", "smart", "random," * 7])),
    st.tuples(st.just("--seed"), st.text(min_size=201, max_size=250)),
    st.tuples(st.just("--per"), st.sampled_from(["trick", ""])),
    st.tuples(st.just("-o"), st.text(max_size=15).filter(lambda text: "=" not in text)),
    st.tuples(
        st.just("-o"),
        st.sampled_from(["deck=", "deck=triple", "name=x", "x=1", "players=", "players=seven"])
        | st.sampled_from(["players=9", "open_hands=maybe", "open_hands=2", "match_target=-"]),
    ),
    st.tuples(st.just("--out"), st.sampled_from(["", " ", "x.json", "/proc/x.csv", "a/b/c.csv"])),
)
GOOD_OPTIONS = st.sampled_from(
    [("--games", "3"), ("--seed", "7"), ("--agents", "greedy"), ("--no-progress",)]
)


@settings(max_examples=60)
@given(good=st.lists(GOOD_OPTIONS, max_size=2), bad=st.lists(BAD_OPTIONS, min_size=1, max_size=3))
def test_the_command_refuses_bad_arguments_with_status_2_before_running(good, bad):
    argv = ["simulate", "mod-ten"] + [token for pair in good + bad for token in pair]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    assert status == 2, (argv, err.getvalue())
    assert out.getvalue() == ""  # nothing was played nor summarised
    assert "Traceback" not in err.getvalue()
    last = err.getvalue().strip().splitlines()[-1]
    assert last.startswith(("cardlab: error:", "cardlab simulate: error:"))


def test_the_executor_must_be_an_executor():
    with concurrent.futures.ThreadPoolExecutor(1) as executor:
        assert len(simulate(GAME, games=2, executor=executor, progress=False)) == 2
    with pytest.raises(SimulationError, match="executor is a concurrent.futures.Executor"):
        simulate(GAME, games=2, executor="dask", progress=False)


# --------------------------------------------------------------------------- bounds (issue 19)
# Every long operation is bounded by default and says so; a value past a bound is refused with
# the bound named, before anything runs.


@pytest.mark.parametrize(
    ("spec", "limit"),
    [
        ("mc:1000000000000", "1 to 10,000"),
        ("pimc:1000000000000", "1 to 1,000"),
        ("mc-greedy:10001", "at most 10,000"),
        ("mc:" + "9" * 5000, "1 to 10,000"),
        ("mc:\uff13", "digits 0-9"),
        ("greedy:", "only the Monte Carlo agents"),
        ("mcts", "unknown agent 'mcts'"),
    ],
)
def test_agent_specs_past_their_limit_are_refused_naming_it(spec, limit):
    from cardlab.bots.checks import AgentOptionError
    from cardlab.bots.specs import make_agent

    with pytest.raises(AgentOptionError, match=limit) as caught:
        make_agent(spec)
    assert isinstance(caught.value, ValueError) and len(str(caught.value)) < 300


@pytest.mark.parametrize(
    "options",
    [
        {"playouts": True},
        {"playouts": 2.0},
        {"playouts": 10**12},
        {"rollout": ["greedy"]},
    ],
)
def test_monte_carlo_settings_are_whole_numbers_in_range(options):
    from cardlab.bots.agents import MonteCarloAgent
    from cardlab.bots.checks import AgentOptionError

    with pytest.raises(AgentOptionError):
        MonteCarloAgent(1, **options)


@pytest.mark.parametrize(
    "options",
    [
        {"worlds": 1001},
        {"budget": 10**8},
        {"seconds": 0},
        {"seconds": float("nan")},
        {"seconds": True},
    ],
)
def test_pimc_settings_have_maxima(options):
    from cardlab.bots.agents import PerfectInformationAgent
    from cardlab.bots.checks import AgentOptionError

    with pytest.raises(AgentOptionError):
        PerfectInformationAgent(1, **options)


def test_a_pimc_decision_stops_at_its_time_budget():
    from cardlab.bots.agents import PerfectInformationAgent

    # Two-player double-deck Mod Ten: the view determines the deal, but the solver cannot
    # finish it; the decision is cut at its time budget instead of searching on.
    state = cardlab.game("mod-ten", players=2, deck="double").deal(seed=1)
    view = state.view(state.current_player)
    agent = PerfectInformationAgent(1, budget=10_000_000, seconds=0.5)
    started = time.perf_counter()
    assert agent(view) in view.legal_moves()
    assert time.perf_counter() - started < 5


def test_solve_is_bounded_by_default_in_time_and_table_size():
    import inspect

    from cardlab.search import solver

    defaults = inspect.signature(solver.solve).parameters
    assert defaults["max_seconds"].default == solver.DEFAULT_SECONDS == 30
    assert defaults["max_table"].default == solver.DEFAULT_TABLE
    # A deal too big to solve stops at its time limit, with the reason.
    state = cardlab.game("mod-ten", players=2, deck="double").deal(seed=1)
    found = solver.solve(state, max_positions=None, max_seconds=0.5, max_table=1000)
    assert not found.solved and "max_seconds" in found.budget and found.seconds < 5


def test_the_transposition_table_never_outgrows_its_size():
    from cardlab.search import alphabeta, solver

    state = cardlab.game("mod-ten", players=2).deal(seed=1)
    for _ in range(14):
        state = state.play(state.legal_moves()[0])
    search = alphabeta.Search(state, None, None, True, True, table_limit=50)
    bounded = search.solution()
    assert len(search.table) == 50  # full, and no fuller
    assert bounded.solved and bounded.values == solver.solve(state).values
    assert bounded.move_values == solver.solve(state).move_values
    small = solver.solve(state, max_table=50)
    assert small.solved and small.values == solver.solve(state).values


@pytest.mark.parametrize(
    "options",
    [
        {"transpositions": "no"},
        {"pruning": 1},
        {"moves": None},
        {"max_positions": Fraction(3, 1)},
        {"max_positions": 2.0},
        {"max_seconds": float("inf")},
        {"max_table": 0},
        {"max_table": None},
    ],
)
def test_solve_checks_every_option_before_searching(options):
    from cardlab.search import solver

    state = cardlab.game("mod-ten", players=2).deal(seed=1)
    with pytest.raises(solver.SolveError):
        solver.solve(state, **options)


def test_a_match_that_cannot_end_stops_at_the_hand_limit(monkeypatch):
    from cardlab.simulation import rows as hands

    assert hands.MAX_MATCH_HANDS == 1000
    monkeypatch.setattr(hands, "MAX_MATCH_HANDS", 6)
    endless = cardlab.game("mod-ten", players=3, match_target=10**9)
    table = cardlab.simulate(endless, games=2, per="match", seed=1, progress=False)
    assert list(table["hands"]) == [6, 6] and table["winner"].isna().all()
    reachable = cardlab.game("mod-ten", players=3, match_target=2)
    table = cardlab.simulate(reachable, games=3, per="match", seed=1, progress=False)
    assert table["winner"].notna().all() and (table["hands"] < 6).all()


def test_a_run_whose_table_would_not_fit_in_memory_is_refused_before_it_starts(monkeypatch):
    from cardlab.simulation import runs

    with pytest.raises(SimulationError, match="simulate_to_parquet") as caught:
        cardlab.simulate("mod-ten", games=10**9, progress=False)
    assert "GB of memory" in str(caught.value)
    monkeypatch.setattr(runs, "memory_available", lambda: 10**6)
    with pytest.raises(SimulationError, match="more than half of the 1 MB"):
        cardlab.simulate("mod-ten", games=10_000, progress=False)
    assert len(cardlab.simulate("mod-ten", games=100, progress=False)) == 100
    monkeypatch.setattr(runs, "memory_available", lambda: None)  # cannot tell: no refusal
    assert len(cardlab.simulate("mod-ten", games=10_000, progress=False)) == 10_000


def test_simulate_to_parquet_writes_the_rows_simulate_gives_part_by_part(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    from cardlab.simulation.many_games import simulate_to_parquet

    game = cardlab.game("two-ten-jack")
    folder = simulate_to_parquet(
        tmp_path / "run", game, "random,greedy", games=250, seed=4, progress=False, part_games=100
    )
    assert sorted(path.name for path in folder.iterdir()) == [
        "part-000000000000.parquet",
        "part-000000000100.parquet",
        "part-000000000200.parquet",
    ]
    back = pd.read_parquet(folder)
    whole = cardlab.simulate(game, "random,greedy", games=250, seed=4, progress=False)
    pd.testing.assert_frame_equal(back.reset_index(drop=True), whole, check_categorical=False)
    with pytest.raises(SimulationError, match="folder with files"):
        simulate_to_parquet(folder, game, games=5, progress=False)
