"""How much stronger one agent is than another, with a 95% interval. Not a test.

Each deal is played twice with the same seed, the agents changing seats between the two
("duplicate" play, as bridge clubs do), so the luck of the cards cancels: the margin of a deal
is agent A's result minus agent B's, averaged over the two seatings (results: 1 for a win in
Mod Ten, the hand's points in Two-Ten-Jack). The script prints the mean margin over the deals,
its 95% interval (mean +/- 1.96 standard errors over the deals), and each seating's results.

Usage: ``python bench/strength.py [--a pimc] [--b mc] [--hands 200] [--only GAME]``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import cardlab

CONFIGURATIONS = (("mod-ten", {"players": 2}), ("two-ten-jack", {}))
"""The two-player games the solver reaches."""


def result(row: dict[str, object], seat: int, name: str) -> float:
    """One seat's result in a tabulated hand: a win (Mod Ten) or its points."""
    if name == "mod-ten":
        return float(row["winner"] == seat)
    return float(row[f"score_{seat}"])  # type: ignore[arg-type]


def margins(name: str, options: dict[str, object], a: str, b: str, hands: int) -> list[float]:
    """Per deal, A's result minus B's, averaged over both seatings."""
    game = cardlab.game(name, **options)
    first = cardlab.simulate(game, [a, b], games=hands, seed=11, progress=False)
    second = cardlab.simulate(game, [b, a], games=hands, seed=11, progress=False)
    found = []
    for one, two in zip(first.to_dict("records"), second.to_dict("records"), strict=True):
        assert one["seed"] == two["seed"], "both seatings must play the same deals"
        a_first = result(one, 0, name) - result(one, 1, name)
        a_second = result(two, 1, name) - result(two, 0, name)
        found.append((a_first + a_second) / 2)
    return found


def main() -> None:
    """Measure every configuration and print the margins."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="pimc", help="the agent measured")
    parser.add_argument("--b", default="mc", help="the agent it is measured against")
    parser.add_argument("--hands", type=int, default=200, help="deals per game (each twice)")
    parser.add_argument("--only", help="one game's name")
    args = parser.parse_args()
    for name, options in CONFIGURATIONS:
        if args.only and name != args.only:
            continue
        start = time.perf_counter()
        found = margins(name, options, args.a, args.b, args.hands)
        mean = statistics.fmean(found)
        half = 1.96 * statistics.stdev(found) / math.sqrt(len(found))
        unit = "wins per hand" if name == "mod-ten" else "points per hand"
        print(
            f"{name:13} {args.a} - {args.b}: {mean:+.3f} {unit}, 95% interval "
            f"[{mean - half:+.3f}, {mean + half:+.3f}] over {len(found)} deals played twice "
            f"({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
