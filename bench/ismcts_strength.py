"""How strong the ``ismcts`` agent is against ``mc-greedy`` and ``pimc``, with 95% intervals.
Not a test.

Each deal is played twice with the same seed ("duplicate" play), the agents changing seats
between the two: with two players A-B then B-A, with three A-B-A then B-A-B, so each agent sits
in every seat once per deal and the luck of the cards cancels. A deal's margin is A's average
result minus B's (results: 1 for a win in Mod Ten, the hand's points in the other games); the
script prints the mean margin over the deals with its paired 95% interval (mean +/- 1.96
standard errors over the deals) and what an ismcts decision cost, in CPU seconds.

The iterations are set per game so that a decision costs about half a second of CPU on the
machine where the figures were measured (see ``ITERATIONS``; ``--iterations`` overrides).

Usage: ``python bench/ismcts_strength.py [--deals 10] [--only two-ten-jack] [--matches 0,2]
[--seed 11]``.

Measured (issue 22, small samples: 8 deals x 2 a run, seed 11, and seeds 12 and 13 where the
first run was inconclusive; runs pooled as independent deals), ismcts at about 0.5 s of CPU a
decision (0.46 to 0.56 s):

- Two-Ten-Jack, ismcts:4000 vs mc-greedy: +8.9 points a hand (95% +2.0 to +15.7), 8 deals;
- Two-Ten-Jack, ismcts:4000 vs pimc: +8.3 points a hand (95% +1.8 to +14.7), 8 deals;
- Mod Ten, 2 players, ismcts:7000 vs mc-greedy: +0.63 wins a hand (95% +0.27 to +0.98), 8 deals;
- Mod Ten, 3 players, ismcts:7000 vs mc-greedy: +0.13 wins a hand (95% -0.10 to +0.35), 16 deals;
- Chinese Ten, 3 players, ismcts:7000 vs mc-greedy: +2.8 points a hand (95% -1.6 to +7.2), 24 deals.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

import cardlab
from cardlab.agents import ISMCTSAgent

ITERATIONS = {"two-ten-jack": 4000, "mod-ten": 7000, "chinese-ten": 7000}
"""Iterations a decision that cost about 0.5 s of CPU each, measured on the session's machine
(2 cores, shared): 1,000 iterations took 0.13 s in Two-Ten-Jack, 0.07 s in Mod Ten and
Chinese Ten, on average over two hands."""

MATCHES = (
    ("two-ten-jack", {}, "mc-greedy"),
    ("two-ten-jack", {}, "pimc"),
    ("mod-ten", {"players": 2}, "mc-greedy"),
    ("mod-ten", {"players": 3}, "mc-greedy"),
    ("chinese-ten", {"players": 3}, "mc-greedy"),
)
"""The game, its options and the opponent of each measurement."""


def result(row: dict[str, Any], seat: int, name: str) -> float:
    """One seat's result in a tabulated hand: a win (Mod Ten) or its points."""
    if name == "mod-ten":
        return float(row["winner"] == seat)
    return float(row[f"score_{seat}"])


def seatings(a: str, b: str, players: int) -> tuple[list[str], list[str]]:
    """The two seatings of a deal: A and B alternating from seat 0, then the other way."""
    first = [a if seat % 2 == 0 else b for seat in range(players)]
    return first, [b if agent == a else a for agent in first]


def margins(
    name: str, options: dict[str, Any], a: str, b: str, deals: int, seed: int
) -> list[float]:
    """Per deal, A's average result minus B's, over both seatings."""
    game = cardlab.game(name, **options)
    found = []
    tables = [
        cardlab.simulate(game, seating, games=deals, seed=seed, progress=False).to_dict("records")
        for seating in seatings(a, b, game.players)
    ]
    for rows in zip(*tables, strict=True):
        assert len({row["seed"] for row in rows}) == 1, "both seatings play the same deal"
        mine: list[float] = []
        theirs: list[float] = []
        for row, seating in zip(rows, seatings(a, b, game.players), strict=True):
            for seat, agent in enumerate(seating):
                (mine if agent == a else theirs).append(result(row, seat, name))
        found.append(statistics.fmean(mine) - statistics.fmean(theirs))
    return found


def decision_cost(name: str, options: dict[str, Any], iterations: int) -> float:
    """The mean CPU seconds of an ismcts decision (with more than one legal move) over one hand
    played by ismcts in every seat."""
    state = cardlab.game(name, **options).deal(seed=1)
    agent = ISMCTSAgent(1, iterations=iterations)
    costs = []
    while (seat := state.current_player) is not None:
        view = state.view(seat)
        start = time.process_time()
        move = agent(view)
        if len(view.legal_moves()) > 1:
            costs.append(time.process_time() - start)
        state = state.play(move)
    return statistics.fmean(costs)


def main() -> None:
    """Measure every match and print the margins."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="deals per match (each twice)")
    parser.add_argument("--only", help="one game's name")
    parser.add_argument("--matches", help="the matches to play, by number (0-4), as 0,2,3")
    parser.add_argument("--iterations", type=int, help="ismcts iterations in every game")
    parser.add_argument("--seed", type=int, default=11, help="the runs' seed")
    args = parser.parse_args()
    chosen = {int(number) for number in args.matches.split(",")} if args.matches else None
    for number, (name, options, opponent) in enumerate(MATCHES):
        if (args.only and name != args.only) or (chosen is not None and number not in chosen):
            continue
        iterations = args.iterations or ITERATIONS[name]
        a = f"ismcts:{iterations}"
        cost = decision_cost(name, options, iterations)
        start = time.process_time()
        found = margins(name, options, a, opponent, args.deals, args.seed)
        mean = statistics.fmean(found)
        half = 1.96 * statistics.stdev(found) / math.sqrt(len(found))
        unit = "wins" if name == "mod-ten" else "points"
        print(
            f"{name} {options} {a} vs {opponent}: {mean:+.3f} {unit} a hand "
            f"(95% {mean - half:+.3f} to {mean + half:+.3f}, {len(found)} deals x 2); "
            f"ismcts {cost:.2f} s CPU a decision; run {time.process_time() - start:.0f} s CPU",
            flush=True,
        )


if __name__ == "__main__":
    main()
