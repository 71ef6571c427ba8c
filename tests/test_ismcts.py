"""The ismcts agent and its search tree: what the tree counts, seeding, time budgets, strength.

Legality in every game and option set is checked by the protocol suite
(tests/test_protocol.py); the parser's words for budgets by tests/test_agents.py.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import time

import pytest
from clocks import Ticking
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import view_after

import cardlab
from cardlab.bots.agents import ISMCTSAgent, MonteCarloAgent, PerfectInformationAgent
from cardlab.bots.heuristics import chinese_ten as chinese_ten_greedy
from cardlab.bots.heuristics import fast_greedy_playout, greedy_move
from cardlab.bots.heuristics import mod_ten as mod_ten_greedy
from cardlab.bots.ismcts import Node, Tree
from cardlab.bots.specs import make_agent
from cardlab.games import REGISTRY

SMALL = [
    ("mod-ten", {"players": 3}),
    ("mod-ten", {"players": 2}),
    ("chinese-ten", {"players": 4, "scoring": "pagat"}),
    ("two-ten-jack", {}),
]
"""Games where a few random moves leave a small position to search."""


# --------------------------------------------------------------------------- the tree


def check_counts(node: Node, is_root: bool) -> None:
    """A node's visits are its children's plus the iteration that added it (none at the
    root); a child was available at least as often as it was visited; a child's seat is the
    seat that moved there."""
    children = node.all_children()
    for seat, by_move in node.children.items():
        for move, child in by_move.items():
            assert child.seat == seat and child.move == move
            assert child.available >= child.visits >= 1
    if children:
        assert node.visits == sum(child.visits for child in children) + (0 if is_root else 1)
    for child in children:
        check_counts(child, is_root=False)


@pytest.mark.parametrize(("name", "options"), SMALL)
@settings(max_examples=6)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 30), iterations=st.integers(1, 60))
def test_the_tree_counts_visits_and_availability(name, options, seed, moves, iterations):
    view = view_after(name, options, seed, moves)
    tree = Tree(view, random.Random(seed)).run(iterations)
    assert tree.iterations == tree.root.visits == iterations
    check_counts(tree.root, is_root=True)
    assert sum(1 for _ in tree.root.nodes()) <= iterations + 1  # one new node an iteration
    assert set(tree.move_visits()) == set(view.legal_moves())
    assert sum(tree.move_visits().values()) == iterations
    assert tree.best_move() in view.legal_moves()


def test_each_seat_s_node_adds_up_that_seat_s_gain():
    # Three seats: the root's total is the deciding seat's gains; a child made by another seat
    # holds that seat's gains, so each seat's nodes rate its own moves.
    view = view_after("mod-ten", {"players": 3}, seed=2, moves=4)
    tree = Tree(view, random.Random(2)).run(300)
    seats = {node.seat for node in tree.root.nodes()}
    assert seats == {0, 1, 2}
    for node in tree.root.nodes():
        assert 0 <= node.mean <= 1  # a Mod Ten gain is a win or not
    first = tree.root.all_children()
    assert sum(child.total for child in first) == tree.root.total  # all of the root's seat


def test_the_tree_remembers_between_iterations():
    # Growing by 100 and then 100 more gives the tree of 200 at once: nothing is forgotten.
    view = view_after("two-ten-jack", {}, seed=3, moves=6)
    stepped = Tree(view, random.Random(8)).run(100).run(100)
    whole = Tree(view, random.Random(8)).run(200)
    assert stepped.move_visits() == whole.move_visits()
    assert [n.visits for n in stepped.root.nodes()] == [n.visits for n in whole.root.nodes()]


def test_the_tree_is_grown_for_the_seat_to_move_only():
    state = cardlab.game("mod-ten", players=3).deal(seed=1)
    other = (state.current_player + 1) % 3
    with pytest.raises(ValueError, match="for the seat to move, not seat"):
        Tree(state.view(other), random.Random(1))


# --------------------------------------------------------------------------- the agent


def test_the_same_seed_gives_the_same_moves():
    view = view_after("chinese-ten", {"players": 3}, seed=5, moves=3)
    assert ISMCTSAgent(7, iterations=80)(view) == ISMCTSAgent(7, iterations=80)(view)
    game = cardlab.game("two-ten-jack")
    first = game.deal(seed=4).play_out(["ismcts:40", "greedy"], seed=9)
    again = game.deal(seed=4).play_out(["ismcts:40", "greedy"], seed=9)
    assert first.moves == again.moves


def test_its_settings_are_checked_and_shown():
    agent = make_agent("ismcts:250", 1)
    assert isinstance(agent, ISMCTSAgent) and agent.iterations == 250 and agent.seconds is None
    assert repr(agent) == "ISMCTSAgent(iterations=250, exploration=0.7)"
    assert agent.rollout == "random"
    greedy = ISMCTSAgent(1, iterations=250, rollout="greedy")
    assert repr(greedy) == "ISMCTSAgent(iterations=250, exploration=0.7, rollout='greedy')"
    timed = make_agent("ismcts:0.5s", 1)
    assert timed.seconds == 0.5 and timed.iterations == 100_000
    with pytest.raises(ValueError, match="iterations must be a whole number >= 1"):
        ISMCTSAgent(iterations=0)
    with pytest.raises(ValueError, match="exploration must be a number above 0 and at most 10"):
        ISMCTSAgent(exploration=-1)
    with pytest.raises(ValueError, match="seconds must be a number above 0 and at most 600"):
        ISMCTSAgent(seconds=0)
    with pytest.raises(ValueError, match="rollout is one of random, greedy, not 'clever'"):
        ISMCTSAgent(rollout="clever")


@pytest.mark.parametrize("rollout", ["random", "greedy"])
def test_each_rollout_repeats_from_its_seed(rollout):
    view = view_after("mod-ten", {"players": 3}, seed=3, moves=2)
    agent = ISMCTSAgent(5, iterations=60, rollout=rollout)
    tree = agent.tree(view)
    assert tree.rollout == rollout and tree.iterations == 60
    again = ISMCTSAgent(5, iterations=60, rollout=rollout).tree(view)
    assert again.move_visits() == tree.move_visits()


def test_it_beats_random_play():
    # Two-player Mod Ten, the seats swapped every hand: by chance a seat wins half the hands
    # (11 or 12 of 12 by chance: 3 in 1,000); ismcts with 100 iterations won all 24 of 24.
    game = cardlab.game("mod-ten", players=2)
    wins = 0
    for seed in range(12):
        seat = seed % 2
        agents = ["random", "random"]
        agents[seat] = "ismcts:100"
        wins += game.deal(seed=seed).play_out(agents, seed=seed).winner == seat
    assert wins >= 11


# --------------------------------------------------------------------------- time budgets


def test_a_time_budget_stops_the_tree_when_the_clock_says_so():
    view = view_after("mod-ten", {"players": 3}, seed=1, moves=0)
    agent = ISMCTSAgent(1, iterations=1000, seconds=5)
    agent.clock = Ticking(1.0)  # the deadline is read at 1: 6; iterations read 2, 3 ... 7
    tree = agent.tree(view)
    assert tree.iterations == 6  # the clock passed 6 before the seventh
    assert agent(view) in view.legal_moves()


def test_a_time_budget_stops_monte_carlo_between_deals():
    view = view_after("mod-ten", {"players": 3}, seed=1, moves=0)
    clock = Ticking(1.0)
    agent = MonteCarloAgent(1, playouts=1000, seconds=3)
    agent.clock = clock
    agent(view)
    assert clock.reads == 1 + 4  # the deadline, then before each deal but the first


def test_one_iteration_at_least_however_short_the_budget():
    view = view_after("two-ten-jack", {}, seed=2, moves=0)
    agent = ISMCTSAgent(1, seconds=1e-9)
    agent.clock = Ticking(10.0)
    assert agent.tree(view).iterations == 1


@pytest.mark.parametrize(
    "spec", ["ismcts:0.2s", "mc:0.2s", "mc-greedy:0.2s", "pimc:0.2s", "greedy:0.2s"]
)
def test_time_budgets_are_kept_on_the_real_clock(spec):
    # A generous bound, in CPU time (which a loaded machine does not stretch): the budget is
    # wall time, so a decision can only use less CPU than it, plus one iteration or deal.
    view = view_after("two-ten-jack", {}, seed=6, moves=2)
    agent = make_agent(spec, 1)
    start = time.process_time()
    assert agent(view) in view.legal_moves()
    assert time.process_time() - start < 0.2 + 1.5


def test_pimc_with_a_time_budget_deals_as_many_worlds_as_the_time_allows():
    agent = make_agent("pimc:1.5s", 1)
    assert isinstance(agent, PerfectInformationAgent)
    assert (agent.seconds, agent.worlds, agent.budget // agent.worlds) == (1.5, 1000, 2000)


# --------------------------------------------------------------------------- greedy rollouts


def greedy_line(state: cardlab.State) -> list[cardlab.State]:
    """``state`` and the states after it, every seat playing the greedy heuristic."""
    states = [state]
    while (seat := state.current_player) is not None:
        state = state.play(greedy_move(state.view(seat), random.Random(0)))
        states.append(state)
    return states


POSITION_GREEDY = [
    (name, options, module)
    for name, module in (("mod-ten", mod_ten_greedy), ("chinese-ten", chinese_ten_greedy))
    for options in REGISTRY[name].option_sets
]


@pytest.mark.parametrize(("name", "options", "module"), POSITION_GREEDY)
def test_the_greedy_playouts_on_positions_make_the_greedy_agents_moves(name, options, module):
    # Mod Ten's greedy reads the unseen cards from a view; on a position they are the other
    # hands. Each decision of a greedy line is checked, then the whole playout's ending.
    assert fast_greedy_playout(name) is module.greedy_playout
    for seed in range(12):
        start = view_after(name, options, seed, moves=seed % 9).determinize(random.Random(seed))
        states = greedy_line(start)
        for state, after in itertools.pairwise(states):
            assert module.greedy_on_position(state.position) == after.moves[-1]
        assert module.greedy_playout(start, random.Random(1)) == states[-1].outcome()


def test_the_tree_plays_out_by_the_rollout_it_is_given():
    view = view_after("chinese-ten", {"players": 3}, seed=4, moves=5)
    world = view.determinize(random.Random(3))
    greedy = Tree(view, random.Random(1), rollout="greedy")
    assert greedy.playout(world.position, random.Random(9)) == greedy_line(world)[-1].outcome()
    plain = Tree(view, random.Random(1))
    assert plain.rollout == "random"
    expected = world.game.playout(world, random.Random(9))
    assert plain.playout(world.position, random.Random(9)) == expected
    with pytest.raises(ValueError, match="rollout is one of random, greedy, not 'clever'"):
        Tree(view, random.Random(1), rollout="clever")


def test_a_game_without_a_faster_greedy_playout_is_played_out_on_views(monkeypatch):
    # The tree asks the registry; with no faster playout there, it plays the heuristic on
    # each seat's view, the same moves.
    name = "chinese-ten"
    monkeypatch.setitem(REGISTRY, name, dataclasses.replace(REGISTRY[name], greedy_playout=None))
    assert fast_greedy_playout(name) is None
    view = view_after(name, {"players": 3}, seed=6, moves=4)
    world = view.determinize(random.Random(2))
    tree = Tree(view, random.Random(1), rollout="greedy")
    assert tree.playout(world.position, random.Random(9)) == greedy_line(world)[-1].outcome()
    assert Tree(view, random.Random(1), rollout="greedy").run(30).iterations == 30
