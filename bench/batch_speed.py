"""Speed of the batch engine beside the rules engine, in one process. Not a test.

For each game (at its default options, and the other option sets with ``--all``) it times
``cardlab.simulate(..., engine="rules")`` and ``cardlab.simulate(..., engine="batch")`` with
random agents in every seat, table included, one after the other in this process, and prints
the medians of the CPU time of each (the machine is shared: CPU time is steadier than wall
time, and the load average is printed): decisions (moves) per second, hands per second, the
ratio of the two engines' hands per second, and the memory one batch takes (the peak of
numpy's allocations while it is played, read by tracemalloc).

The issue's targets: at least 1.5 million decisions a second and at least 8 times the rules
engine's hands a second, for every game at its default options.

Usage: ``python bench/batch_speed.py [--repeats R] [--hands N] [--all] [--agents A]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import tracemalloc

import numpy as np

import cardlab
from cardlab.batch.engine import agent_seats
from cardlab.batch.run import BATCH_HANDS, batch_columns, batch_rules
from cardlab.games import REGISTRY


def rates(game: cardlab.Game, engine: str, hands: int, agents: str, repeats: int) -> tuple:
    """Median decisions per second and hands per second of ``simulate`` with ``engine``."""
    decisions, per_hand = [], []
    for repeat in range(repeats):
        start = time.process_time()  # CPU time: steadier than wall time on a shared machine
        table = cardlab.simulate(
            game, agents, games=hands, seed=repeat, engine=engine, progress=False
        )
        seconds = time.process_time() - start
        decisions.append(int(table["moves"].sum()) / seconds)
        per_hand.append(hands / seconds)
    return statistics.median(decisions), statistics.median(per_hand)


def batch_memory(game: cardlab.Game, agents: str) -> int:
    """The peak bytes numpy allocates while one batch of :data:`BATCH_HANDS` hands is played."""
    rules = batch_rules(game)
    greedy = agent_seats([agents] * game.players)
    tracemalloc.start()
    batch_columns(rules, greedy, 0, 0, BATCH_HANDS)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    """Time every configuration and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--hands", type=int, default=200_000, help="hands per batch run")
    parser.add_argument("--rules-hands", type=int, default=20_000, help="hands per rules run")
    parser.add_argument("--agents", default="random", help="random or greedy (every seat)")
    parser.add_argument("--all", action="store_true", help="every option set of the registry")
    args = parser.parse_args()

    print(f"cardlab {cardlab.__version__}, numpy {np.__version__}, {os.cpu_count()} cores")
    print(f"load average before: {' '.join(f'{load:.1f}' for load in os.getloadavg())}")
    print(
        f"{args.agents} agents; medians of {args.repeats} runs of CPU time; batch runs of "
        f"{args.hands:,} hands, rules runs of {args.rules_hands:,}; batches of {BATCH_HANDS:,}"
    )
    header = ("game", "options", "decisions/s", "hands/s", "rules hands/s", "ratio", "MB/batch")
    print(f"{header[0]:<14}{header[1]:<26}" + "".join(f"{name:>15}" for name in header[2:]))
    for name, entry in REGISTRY.items():
        for options in entry.option_sets if args.all else ({},):
            game = cardlab.game(name, **options)
            cardlab.simulate(game, args.agents, games=2000, engine="batch", progress=False)
            decisions, hands = rates(game, "batch", args.hands, args.agents, args.repeats)
            _, rules_hands = rates(game, "rules", args.rules_hands, args.agents, args.repeats)
            memory = batch_memory(game, args.agents) / 1e6
            described = " ".join(f"{key}={value}" for key, value in options.items()) or "default"
            print(
                f"{name:<14}{described:<26}{decisions:>15,.0f}{hands:>15,.0f}"
                f"{rules_hands:>15,.0f}{hands / rules_hands:>15.1f}{memory:>15.1f}"
            )
    print(f"load average after: {' '.join(f'{load:.1f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
