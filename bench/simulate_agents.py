"""CPU time of ``cardlab.simulate`` in this process, by agent mix, and a digest of each table
(so two checkouts can be shown to give the same rows). Not a test.

    python bench/simulate_agents.py                        # this checkout
    python bench/simulate_agents.py --against ../other     # both, alternating, medians

With ``--against``, each round runs this script once per checkout in a fresh process (this
checkout first, then the other, then the other way round), so that the two share the
machine's load; the figures are the medians of the rounds' CPU times
(``time.process_time``), and the digests must agree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

RUNS = [
    ("mod-ten", {"players": 3}, "random", 4000),
    ("mod-ten", {"players": 3}, "random,greedy", 2000),
    ("chinese-ten", {}, "greedy", 1000),
    ("two-ten-jack", {}, "greedy,random", 300),
    ("mod-ten", {"players": 2}, "mc:5", 40),
]
"""What is timed: game, options, agents, games."""


def measure() -> dict[str, list[object]]:
    """Each run's CPU seconds and the digest of its table."""
    import cardlab

    found: dict[str, list[object]] = {"cardlab": [cardlab.__file__, ""]}
    for name, options, agents, games in RUNS:
        game = cardlab.game(name, **options)
        start = time.process_time()
        table = cardlab.simulate(game, agents, games=games, seed=3, progress=False)
        seconds = time.process_time() - start
        rows = table.drop(columns=["seed"]).astype(str).to_csv(index=False)
        digest = hashlib.sha256(rows.encode()).hexdigest()[:12]
        found[f"{name} {agents} x{games}"] = [seconds, digest]
    return found


def one_round(checkout: Path) -> dict[str, list[object]]:
    """:func:`measure` in a fresh process that imports cardlab from ``checkout``."""
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(
        [sys.executable, __file__, "--measure"],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, list[object]] = json.loads(done.stdout)
    where = Path(str(found.pop("cardlab")[0])).resolve()
    assert where.is_relative_to(checkout.resolve()), f"{where} is not from {checkout}"
    return found


def compare(here: Path, other: Path, rounds: int) -> None:
    """Alternate the checkouts for ``rounds`` rounds and print the medians."""
    times: dict[Path, dict[str, list[float]]] = {here: {}, other: {}}
    digests: dict[Path, dict[str, str]] = {here: {}, other: {}}
    for number in range(rounds):
        order = (here, other) if number % 2 == 0 else (other, here)
        for checkout in order:
            for key, (seconds, digest) in one_round(checkout).items():
                times[checkout].setdefault(key, []).append(float(str(seconds)))
                digests[checkout][key] = str(digest)
    print(f"CPU seconds, median of {rounds} rounds: {other} (before) -> {here} (after)")
    for key in times[here]:
        before = statistics.median(times[other][key])
        after = statistics.median(times[here][key])
        same = "same rows" if digests[here][key] == digests[other][key] else "ROWS DIFFER"
        print(f"  {key:<36}{before:8.3f}{after:8.3f}  {after / before:5.2f}  {same}")


def main() -> None:
    """Measure this checkout, or compare it with another."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per checkout (median)")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    if args.measure:
        print(json.dumps(measure()))
    elif args.against:
        compare(here, args.against.resolve(), args.rounds)
    else:
        for key, (seconds, digest) in list(measure().items())[1:]:
            print(f"  {key:<36}{float(str(seconds)):8.3f}  {digest}")


if __name__ == "__main__":
    main()
