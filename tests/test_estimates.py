"""Monte Carlo estimates with their uncertainty (cardlab.bots.estimates), and the agents'
descriptions (cardlab.bots.descriptions)."""

from __future__ import annotations

import math
import random

import pytest

import cardlab
from cardlab.bots.descriptions import AGENT_DESCRIPTIONS, describe_agent
from cardlab.bots.estimates import Estimate, move_estimates, move_values, running_estimates
from cardlab.bots.specs import AGENTS

GAMES = [("mod-ten", {"players": 3}), ("chinese-ten", {}), ("two-ten-jack", {})]


def a_view(name: str, options: dict, seed: int = 5, moves: int = 3):
    state = cardlab.game(name, **options).deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves()))
    return state.view(state.current_player)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_the_means_are_move_values_exactly(name, options):
    view = a_view(name, options)
    estimates = move_estimates(view, 12, random.Random(8))
    values = move_values(view, 12, random.Random(8))
    assert set(estimates) == set(values) == set(view.legal_moves())
    for move, value in values.items():
        assert estimates[move].mean == value
        assert estimates[move].playouts == 12


def test_the_standard_error_is_that_of_the_mean():
    view = a_view("chinese-ten", {})
    rounds = list(running_estimates(view, 30, random.Random(2)))
    assert [next(iter(r.values())).playouts for r in rounds] == list(range(1, 31))
    first = rounds[0]
    assert all(math.isnan(estimate.stderr) for estimate in first.values())
    last = rounds[-1]
    assert last == move_estimates(view, 30, random.Random(2))
    for estimate in last.values():
        assert estimate.stderr >= 0
        low, high = estimate.interval
        assert low <= estimate.mean <= high
        assert high - low == pytest.approx(2 * 1.959963984540054 * estimate.stderr)


def test_the_error_shrinks_like_one_over_root_n():
    view = a_view("two-ten-jack", {}, moves=0)
    few = move_estimates(view, 40, random.Random(1))
    many = move_estimates(view, 640, random.Random(1))
    for move in few:
        if few[move].stderr > 0:
            assert many[move].stderr < few[move].stderr


def test_no_error_gives_a_point_interval_and_no_playouts_no_estimates():
    assert Estimate(1.0, 0.0, 10).interval == (1.0, 1.0)
    state = cardlab.game("mod-ten", players=2).deal(seed=1)
    assert move_estimates(state.view(state.current_player), 0, random.Random(1)) == {}


def test_stopping_early_keeps_the_estimates_so_far():
    view = a_view("mod-ten", {"players": 3})
    for estimates in running_estimates(view, 1000, random.Random(4)):
        if next(iter(estimates.values())).playouts == 7:
            break
    assert estimates == move_estimates(view, 7, random.Random(4))


def test_a_bad_rollout_is_refused():
    view = a_view("mod-ten", {"players": 3})
    with pytest.raises(ValueError, match="rollout is one of random, greedy, not 'clever'"):
        move_estimates(view, 3, random.Random(1), rollout="clever")


def test_every_registered_agent_is_described_in_words():
    for name in AGENTS:
        text = describe_agent(name)  # no game: what it does, no strength claimed
        assert text == f"not measured ({AGENT_DESCRIPTIONS[name]})"
    assert describe_agent("random", "mod-ten").startswith("loses to greedy by")
    with pytest.raises(ValueError, match="unknown agent 'clever'"):
        describe_agent("clever")


def test_an_agent_registered_later_is_described_by_its_docstring(monkeypatch):
    def cautious(seed=None):
        """careful: plays the lowest card it may."""
        return lambda view: min(view.legal_moves(), key=lambda move: move.card.number)

    monkeypatch.setitem(AGENTS, "cautious", cautious)
    assert describe_agent("cautious") == "not measured (careful: plays the lowest card it may.)"
