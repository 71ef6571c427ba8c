"""cardlab.simulation.tournament: every seating is played, the leaderboard adds up, hands_needed."""

from __future__ import annotations

import pytest

import cardlab
from cardlab.simulation.tournament import (
    TournamentError,
    hands_needed,
    leaderboard,
    round_robin,
    seatings,
)


def lowest(view):
    """Plays its lowest card."""
    return min(view.legal_moves(), key=lambda move: move.card.number)


def test_every_bot_meets_every_other_in_every_seat():
    game = cardlab.game("mod-ten")
    table = round_robin(game, {"lowest": lowest, "random": "random", "greedy": "greedy"}, 20, 1)
    assert len(table) == 6 * 20
    pairs = set(zip(table["agent_0"], table["agent_1"], strict=True))
    assert pairs == {
        (a, b)
        for a in ("lowest", "random", "greedy")
        for b in ("lowest", "random", "greedy")
        if a != b
    }
    board = leaderboard(table)
    assert set(board.index) == {"lowest", "random", "greedy"}
    assert (board["hands"] == 80).all()  # 4 seatings of 20 hands each
    assert board["wins"].sum() == len(table)  # Mod Ten: every hand has one winner
    assert list(board["win rate"]) == sorted(board["win rate"], reverse=True)
    assert ((board["low"] <= board["win rate"]) & (board["win rate"] <= board["high"])).all()


def test_the_same_seed_gives_the_same_tournament():
    game = cardlab.game("two-ten-jack")
    bots = {"random": "random", "greedy": "greedy"}
    first = round_robin(game, bots, 10, seed="x")
    assert first.equals(round_robin(game, bots, 10, seed="x"))
    assert not first.equals(round_robin(game, bots, 10, seed="y"))


def test_ties_count_as_played_not_won_and_scores_are_averaged():
    game = cardlab.game("chinese-ten")
    table = round_robin(game, {"a": "random", "b": "greedy", "c": "random"}, 30, 2)
    board = leaderboard(table)
    decided = table["winner"].notna().sum()
    assert board["wins"].sum() == decided
    assert board["mean score"].mul(board["hands"]).sum() == pytest.approx(
        sum(table[f"score_{seat}"].sum() for seat in range(3))
    )


def test_too_few_bots_or_hands_are_refused():
    with pytest.raises(TournamentError, match="3 seats need at least 3 different bots, not 2"):
        seatings(["a", "b"], 3)
    with pytest.raises(TournamentError, match="hands must be a whole number from 1 to "):
        round_robin(cardlab.game("mod-ten"), {"a": "random", "b": "random"}, hands=0)


def test_a_bot_that_is_no_agent_is_refused_by_the_rule_of_every_agents_argument():
    from cardlab.bots.checks import AgentSpecError

    game = cardlab.game("mod-ten", players=2)
    with pytest.raises(AgentSpecError, match="unknown agent 'clever': the agents are random"):
        round_robin(game, {"a": "random", "b": "clever"}, hands=2)
    with pytest.raises(AgentSpecError, match="playouts must be a whole number >= 1"):
        round_robin(game, {"a": "random", "b": "mc:0"}, hands=2)


def test_hands_needed_grows_as_the_edge_shrinks():
    assert hands_needed(0.1) < hands_needed(0.05) < hands_needed(0.01)
    assert hands_needed(0.01) == pytest.approx(2 / 0.01**2, rel=0.02)
    assert hands_needed(0.01, power=0.5) == pytest.approx(1 / 0.01**2, rel=0.04)
    with pytest.raises(TournamentError, match="edge is a difference of win rates"):
        hands_needed(0)
    with pytest.raises(
        TournamentError, match="power is a share from 0.000001 to 0.999999, not 1.5"
    ):
        hands_needed(0.1, power=1.5)
    # Issue 34: an edge too small to show in any run is refused in words, not divided by zero.
    with pytest.raises(TournamentError, match="at least 0.0001"):
        hands_needed(1e-300)
    assert hands_needed(0.0001) < 10**9
