"""Agents: legal moves only, views only, names and options."""

from __future__ import annotations

import gc
import random

import pytest

import cardlab
from cardlab.bots.agents import GreedyAgent, MonteCarloAgent, RandomAgent
from cardlab.bots.specs import agent_name, make_agent
from cardlab.engine.core import State

GAMES = [
    ("mod-ten", {"players": 3}),
    ("mod-ten", {"players": 2}),
    ("chinese-ten", {}),
    ("two-ten-jack", {}),
]


def reachable(root: object, limit: int = 20000) -> list[object]:
    """Every object reachable from ``root`` through references (breadth first, bounded)."""
    seen = {id(root)}
    queue = [root]
    found = []
    while queue and len(found) < limit:
        item = queue.pop()
        found.append(item)
        for child in gc.get_referents(item):
            if id(child) not in seen and not isinstance(child, type):
                seen.add(id(child))
                queue.append(child)
    return found


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("spec", ["random", "greedy", "mc:3"])
def test_agents_only_return_legal_moves(name, options, spec):
    game = cardlab.game(name, **options)
    rng = random.Random(0)
    for seed in range(2):
        state = game.deal(seed=seed)
        agent = make_agent(spec, seed)
        steps = 0
        while not state.is_over and steps < 30:
            move = agent(state.view(state.current_player))
            assert move in state.legal_moves()
            state = state.play(rng.choice(state.legal_moves()))
            steps += 1


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_view_cannot_reach_the_full_state(name, options):
    game = cardlab.game(name, **options)
    state = game.deal(seed=4)
    rng = random.Random(4)
    for _ in range(5):
        state = state.play(rng.choice(state.legal_moves()))
    view = state.view(state.current_player)
    assert not any(isinstance(item, State) for item in reachable(view))


def test_agents_by_name_and_errors():
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent("Greedy", 1), GreedyAgent)
    mc = make_agent("mc:17", 1)
    assert isinstance(mc, MonteCarloAgent) and mc.playouts == 17
    with pytest.raises(
        ValueError, match="unknown agent 'clever': the agents are random, greedy, mc"
    ):
        make_agent("clever")
    with pytest.raises(
        ValueError, match="only the Monte Carlo agents take a number after the colon"
    ):
        make_agent("random:5")
    with pytest.raises(ValueError, match="playouts must be"):
        MonteCarloAgent(playouts=0)


def test_a_plain_function_is_an_agent():
    def lowest(view):
        return min(view.legal_moves(), key=lambda move: move.card.number)

    assert make_agent(lowest) is lowest
    assert agent_name(lowest) == "lowest"
    table = cardlab.simulate("mod-ten", agents=[lowest, "random"], games=30, seed=2, progress=False)
    assert set(table["agent_0"]) == {"lowest"} and len(table) == 30


def test_seeded_agents_repeat():
    state = cardlab.game("mod-ten", players=3).deal(seed=9)
    view = state.view(state.current_player)
    assert MonteCarloAgent(5, playouts=8)(view) == MonteCarloAgent(5, playouts=8)(view)
    assert RandomAgent(5)(view) == RandomAgent(5)(view)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "spec", "games"),
    [
        # Measured with seed 11: +5.5 points a hand, 50% and 67% of the hands won.
        pytest.param("chinese-ten", "mc:100", 30, marks=pytest.mark.probe(seconds=25)),
        # Measured with seed 11: +3.7 points a hand, 55% and 65% of the hands won. Random
        # playouts rate most early Two-Ten-Jack moves alike; greedy playouts tell them apart.
        pytest.param("two-ten-jack", "mc-greedy:10", 40, marks=pytest.mark.probe(seconds=10)),
    ],
)
def test_monte_carlo_beats_greedy_over_whole_hands(name, spec, games):
    # Two players, each agent in each seat. (Mod Ten: tests/test_mod_ten_bots.py.)
    game = cardlab.game(name, players=2)
    first = cardlab.simulate(game, [spec, "greedy"], games=games, seed=11, progress=False)
    second = cardlab.simulate(game, ["greedy", spec], games=games, seed=11, progress=False)
    wins = ((first["winner"] == 0).mean() + (second["winner"] == 1).mean()) / 2
    lead = (first["score_0"] - first["score_1"]).mean() + (
        second["score_1"] - second["score_0"]
    ).mean()
    assert wins > 0.55
    assert lead / 2 > 1.5


def test_greedy_playouts_by_name():
    agent = make_agent("mc-greedy:7", 1)
    assert isinstance(agent, MonteCarloAgent) and agent.playouts == 7 and agent.rollout == "greedy"
    assert agent.name == "mc-greedy"
    with pytest.raises(ValueError, match="rollout is one of random, greedy"):
        MonteCarloAgent(rollout="clever")


# --------------------------------------------------------------------------- one agents parser


def first_legal(view):
    return view.legal_moves()[0]


ACCEPTED = [
    ("greedy", ("greedy", "greedy", "greedy")),
    ("Random, mc:3", ("random", "mc:3", "random")),
    (["greedy", "random"], ("greedy", "random", "greedy")),
    (("random", first_legal, "GREEDY"), ("random", first_legal, "greedy")),
    (first_legal, (first_legal, first_legal, first_legal)),
]


@pytest.mark.parametrize(("agents", "seated"), ACCEPTED)
def test_every_place_that_takes_agents_seats_them_by_one_rule(agents, seated):
    from cardlab.bots.specs import parse_agents
    from cardlab.simulation.runs import checked_run
    from cardlab.widgets.explorer.bots import seat_specs

    game = cardlab.game("mod-ten", players=3)
    assert parse_agents(agents, 3) == seated
    assert tuple(seat_specs(agents, None, 3)) == seated  # the explorer's bots=
    assert checked_run(game, agents, games=1).task.agents == seated  # simulate, the CLI
    final = game.deal(seed=1).play_out(agents, seed=2)
    assert final.moves == cardlab.bots.specs.play_out(game.deal(seed=1), seated, seed=2).moves


@pytest.mark.parametrize("players", [0, -1, 101, 10**9, 2.5, "3"])
def test_the_agents_rule_refuses_a_seat_count_out_of_range_at_once(players):
    from cardlab.bots.checks import AgentSpecError
    from cardlab.bots.specs import parse_agents

    with pytest.raises(AgentSpecError, match="players is a whole number from 1 to 100"):
        parse_agents("random", players)


REFUSED = [
    (["random"] * 4, "4 agents given for 3 seats: give 1 to 3"),
    ("", "0 agents given for 3 seats: give 1 to 3"),
    ("clever", "unknown agent 'clever': the agents are random, greedy, mc"),
    ("mc:0", "playouts must be a whole number >= 1"),
    ("random:3", "only the Monte Carlo agents take a number after the colon"),
    (5, "agents are names .*, not 5"),
    ([5], "an agent is a name or a function of a view, not 5"),
]


@pytest.mark.parametrize(("agents", "words"), REFUSED)
def test_every_place_that_takes_agents_refuses_with_one_error_and_the_same_words(agents, words):
    from cardlab.bots.checks import AgentSpecError
    from cardlab.simulation.many_games import SimulationError
    from cardlab.widgets.explorer.bots import seat_specs

    game = cardlab.game("mod-ten", players=3)
    with pytest.raises(AgentSpecError, match=words):
        game.deal(seed=1).play_out(agents)
    with pytest.raises(AgentSpecError, match=words):
        seat_specs(agents, None, 3)
    with pytest.raises(AgentSpecError, match=words) as caught:
        cardlab.simulate(game, agents, games=1, progress=False)
    assert isinstance(caught.value, SimulationError)  # as every bad argument of simulate


def test_a_run_makes_each_seat_s_agent_once_and_its_games_keep_their_rows(monkeypatch):
    from cardlab import bots as agents
    from cardlab.simulation.many_games import play_hand

    made = []

    def counted(seed=None, **options):
        agent = RandomAgent(seed)
        made.append(agent)
        return agent

    monkeypatch.setitem(agents.AGENTS, "counted", counted)
    game = cardlab.game("mod-ten", players=3)
    table = cardlab.simulate(game, "counted,greedy", games=6, seed=4, progress=False)
    assert len(made) == 2  # seats 0 and 2, once each for the run: none made to check the names
    alone = play_hand(game, ["counted", "greedy", "counted"], "4-5")
    assert alone["winner"] == table["winner"][5] and alone["moves"] == table["moves"][5]


# --------------------------------------------------------------------------- time budgets

BAD_BUDGETS = [
    ("mc:0s", "'mc:0s': a time budget is more than 0 seconds"),
    ("ismcts:-1s", "'ismcts:-1s': a time budget is more than 0 seconds"),
    ("pimc:0.0s", "'pimc:0.0s': a time budget is more than 0 seconds"),
    ("mc:601s", "'mc:601s': a time budget is at most 600 seconds a decision"),
    (
        "mc:1e9s",
        "'mc:1e9s': a time budget is a number of seconds in digits 0-9, with at most one "
        "decimal point, then s, as in mc:0.5s or mc:2s",
    ),
    (
        "ismcts:1.2.3s",
        "'ismcts:1.2.3s': a time budget is a number of seconds in digits 0-9, with at most one "
        "decimal point, then s, as in ismcts:0.5s or ismcts:2s",
    ),
    (
        "mc:s",
        "'mc:s': a time budget is a number of seconds in digits 0-9, with at most one "
        "decimal point, then s, as in mc:0.5s or mc:2s",
    ),
    ("mc:0.5 s", "'mc:0.5 s': a time budget is written without spaces, as in mc:0.5s"),
    (
        "ismcts:5m",
        "'ismcts:5m': after the colon comes the number of iterations, a whole number from 1 "
        "to 100,000 in digits 0-9, as in ismcts:1000 (iterations), mc:200 (playouts) or "
        "pimc:50 (worlds); or a time budget, as in ismcts:0.5s",
    ),
    (
        "greedy:3",
        "'greedy:3': only the Monte Carlo agents take a number after the colon, as in "
        "ismcts:1000 (iterations), mc:200 (playouts) or pimc:50 (worlds); greedy takes only "
        "a time budget, as in greedy:0.5s",
    ),
    ("ismcts:100001", "iterations must be a whole number >= 1 and at most 100,000, not 100001"),
]


@pytest.mark.parametrize(("spec", "words"), BAD_BUDGETS)
def test_a_bad_budget_is_refused_saying_why_word_for_word(spec, words):
    from cardlab.bots.checks import AgentSpecError
    from cardlab.bots.specs import agent_settings, parse_agents

    for call in (agent_settings, make_agent, lambda text: parse_agents(text, 2)):
        with pytest.raises(AgentSpecError) as caught:
            call(spec)
        assert str(caught.value) == words


def test_every_registered_agent_takes_a_time_budget():
    from cardlab.bots.specs import AGENTS, TIME_BUDGETS, agent_settings

    assert set(TIME_BUDGETS) == set(AGENTS)
    for name in AGENTS:
        maker, settings = agent_settings(f"{name.upper()}:0.25S")  # any case, as names
        assert settings["seconds"] == 0.25
        agent = make_agent(f"{name}:0.25s", 1)
        assert agent.seconds == 0.25
    assert agent_settings("mc:1.5s")[1] == {"seconds": 1.5, "playouts": 10_000}
    assert agent_settings("random:600s")[1] == {"seconds": 600.0}


@pytest.mark.parametrize("spec", ["random:0.01s", "greedy:0.01s"])
def test_random_and_greedy_take_a_budget_and_play_as_without_one(spec):
    name = spec.partition(":")[0]
    state = cardlab.game("chinese-ten").deal(seed=3)
    timed = state.play_out(spec, seed=4)
    assert timed.moves == state.play_out(name, seed=4).moves


def test_a_number_repeats_from_the_seed_and_a_time_budget_still_plays_legal_moves():
    state = cardlab.game("mod-ten", players=3).deal(seed=6)
    view = state.view(state.current_player)
    for spec in ("mc:5", "mc-greedy:2", "pimc:3", "ismcts:30"):
        assert make_agent(spec, 2)(view) == make_agent(spec, 2)(view)
    for spec in ("mc:0.01s", "mc-greedy:0.01s", "pimc:0.01s", "ismcts:0.01s"):
        assert make_agent(spec, 2)(view) in view.legal_moves()
