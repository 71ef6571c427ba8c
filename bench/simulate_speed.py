"""Speed of ``cardlab.simulate`` with random agents (the games' fast playouts). Not a test.

Prints moves per second for each game and player count, in one process and with two worker
processes, and the time of a small run (where starting the workers shows). Uses the public
API only, so that two checkouts compare on the same machine:
``PYTHONPATH=/path/to/other/checkout python bench/simulate_speed.py``.

Usage: ``python bench/simulate_speed.py [--games N] [--repeats R] [--only GAME]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import cardlab

CONFIGURATIONS = (
    [("mod-ten", {"players": players}) for players in (2, 4, 6)]
    + [("chinese-ten", {"players": players}) for players in (2, 4)]
    + [("two-ten-jack", {})]
)
"""The games and options timed."""


def moves_per_second(game: cardlab.Game, games: int, workers: int, repeats: int) -> float:
    """The median over ``repeats`` runs of moves played per second."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        table = cardlab.simulate(
            game, "random", games=games, seed=1, workers=workers, progress=False
        )
        rates.append(int(table["moves"].sum()) / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    """Time every configuration and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="hands per run")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--only", help="time this game only")
    args = parser.parse_args()

    print(f"cardlab {cardlab.__version__} from {cardlab.__file__}")
    print(f"{args.games:,} hands per run, median of {args.repeats} runs")
    print(f"  {'game':<14}{'options':<12}{'moves/s, 1':>12}{'moves/s, 2':>12}")
    warm = cardlab.game("mod-ten")
    cardlab.simulate(warm, "random", games=200, seed=0, workers=2, progress=False)  # start workers
    for name, options in CONFIGURATIONS:
        if args.only and name != args.only:
            continue
        game = cardlab.game(name, **options)
        one = moves_per_second(game, args.games, 1, args.repeats)
        two = moves_per_second(game, args.games, 2, args.repeats)
        described = " ".join(f"{key}={value}" for key, value in options.items())
        print(f"  {name:<14}{described:<12}{one:>12,.0f}{two:>12,.0f}")
    small = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        cardlab.simulate(warm, "random", games=100, seed=2, workers=2, progress=False)
        small.append(time.perf_counter() - start)
    print(f"100 hands with workers=2 (workers already started): {statistics.median(small):.3f} s")


if __name__ == "__main__":
    main()
