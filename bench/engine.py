"""Engine speed, old against new: the figures issue 8 set targets for, one row per game.

- ``api``: random legal play through the public API (``legal_moves`` + ``play``), moves/s;
- ``simulate``: ``cardlab.simulate`` with random agents in one process, moves/s;
- ``mc``: hands/s of a hand where seat 0 is the Monte Carlo agent (``mc``, its default
  playouts) and the other seats play at random;
- ``import``: ``import cardlab`` in a fresh interpreter, less a bare start, in ms.

Each figure is measured in a fresh interpreter on a fixed workload, alternating between the two
trees for several rounds, and the median is printed with the speed ratio new / old (above 1:
the new tree is faster). Only the public API is used, so any two commits can be compared:

    git worktree add /tmp/before HEAD~1
    python bench/engine.py --old /tmp/before        # this tree against that one
    python bench/engine.py                          # this tree alone
    python bench/engine.py --game two-ten-jack      # one game's rows

Rates are measured in CPU time (``time.process_time``), which other processes on a shared
machine disturb less than wall time. With ``--instructions`` each figure is instead the number
of machine instructions the workload takes under valgrind's callgrind (slow, about 50 times,
but the same from run to run whatever else the machine does); the ratio is then old / new.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GAMES = [
    ("mod-ten", {"players": 2}),
    ("mod-ten", {"players": 4}),
    ("chinese-ten", {"players": 3}),
    ("two-ten-jack", {}),
]
"""The games and options of the table's rows."""

METRICS = ("api", "simulate", "mc")

WORK = {"api": 100, "simulate": 2000, "mc": 2}
"""The fixed workload of each metric: hands played."""


def workload(metric: str, name: str, options: dict[str, object], hands: int) -> int:
    """Play the workload of ``metric`` with whatever ``cardlab`` this interpreter imports, and
    return its size: moves for ``api`` and ``simulate``, hands for ``mc``."""
    import random

    import cardlab

    game = cardlab.game(name, **options)
    if metric == "api":
        rng = random.Random(0)
        moves = 0
        for seed in range(hands):
            state = game.deal(seed=seed)
            while not state.is_over:
                state = state.play(rng.choice(state.legal_moves()))
                moves += 1
        return moves
    if metric == "simulate":
        table = cardlab.simulate(game, "random", games=hands, seed=1, progress=False)
        return int(table["moves"].sum())
    if metric == "mc":
        agents = "mc," + ",".join(["random"] * (game.players - 1))
        for seed in range(hands):
            cardlab.simulate(game, agents, games=1, seed=seed, progress=False)
        return hands
    raise ValueError(f"unknown metric {metric!r}")


def child(metric: str, name: str, options: dict[str, object], hands: int, run: bool) -> None:
    """What a fresh interpreter does: import everything the workload needs, then (if ``run``)
    play it, and print its size and the CPU seconds it took."""
    import importlib

    import cardlab

    for module in ("cardlab.agents", "cardlab.simulation", "cardlab.simulation.many_games"):
        try:  # the old paths and the new: any commit's tree
            importlib.import_module(module)
        except ModuleNotFoundError:
            pass

    if metric == "simulate":
        import pandas  # noqa: F401
    cardlab.game(name, **options).deal(seed=0)
    if not run:
        print("0 0")
        return
    start = time.process_time()
    size = workload(metric, name, options, hands)
    print(size, time.process_time() - start)


def in_fresh_python(tree: Path, arguments: list[str], under_valgrind: bool) -> tuple[float, float]:
    """Run this script's child mode with ``tree`` first on the path; its (size, seconds), or
    (size, instructions) under valgrind."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(Path(__file__).resolve()), "--child", *arguments]
    if under_valgrind:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    size, seconds = done.stdout.split()
    if not under_valgrind:
        return float(size), float(seconds)
    collected = [line for line in done.stderr.splitlines() if "Collected" in line]
    return float(size), float(collected[-1].split()[-1].replace(",", ""))


def figure(tree: Path, metric: str, name: str, options: dict[str, object], count: bool) -> float:
    """One figure: a rate (moves/s or hands/s of CPU time), or the instructions the workload
    takes beyond the interpreter's start and imports."""
    arguments = [metric, name, json.dumps(options), str(WORK[metric])]
    size, cost = in_fresh_python(tree, [*arguments, "run"], count)
    if not count:
        return size / cost
    _, start = in_fresh_python(tree, [*arguments, "idle"], count)
    return cost - start


def import_ms(tree: Path) -> float:
    """``import cardlab`` from ``tree`` in a fresh interpreter, less a bare start, in ms."""
    env = dict(os.environ, PYTHONPATH=str(tree))

    def timed(code: str) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], env=env, check=True)
        return time.perf_counter() - start

    return 1000 * (timed("import cardlab") - timed("pass"))


def main() -> None:
    """Print the table: one row per game and metric, old, new and the speed ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each figure per tree")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--game", help="only this game's rows (its name, as two-ten-jack)")
    parser.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        metric, name, options, hands, mode = args.child
        child(metric, name, json.loads(options), int(hands), mode == "run")
        return
    if args.instructions and not shutil.which("valgrind"):
        parser.error("--instructions needs valgrind (apt-get install valgrind)")
    rounds = 1 if args.instructions else args.rounds  # instruction counts do not vary

    trees = {"new": ROOT} if args.old is None else {"old": args.old.resolve(), "new": ROOT}
    unit = "instructions" if args.instructions else "per CPU second"
    header = f"{'game':<14}{'options':<12}{'metric':<10}" + "".join(f"{t:>16}" for t in trees)
    print(f"({unit})\n" + header + ("   speed new/old" if len(trees) == 2 else ""))
    for name, options in GAMES:
        if args.game is not None and name != args.game:
            continue
        described = " ".join(f"{key}={value}" for key, value in options.items())
        for metric in METRICS:
            figures: dict[str, list[float]] = {tree: [] for tree in trees}
            for _ in range(rounds):
                for tree, path in trees.items():  # alternate, so both see the same noise
                    figures[tree].append(figure(path, metric, name, options, args.instructions))
            medians = {tree: statistics.median(values) for tree, values in figures.items()}
            line = f"{name:<14}{described:<12}{metric:<10}"
            line += "".join(f"{medians[tree]:>16,.1f}" for tree in trees)
            if len(trees) == 2:
                ratio = medians["new"] / medians["old"]
                line += f"{1 / ratio if args.instructions else ratio:>15.2f}x"
            print(line, flush=True)
    imports = {t: statistics.median(import_ms(p) for _ in range(9)) for t, p in trees.items()}
    line = f"{'import cardlab':<26}{'ms':<10}" + "".join(f"{imports[t]:>16.1f}" for t in trees)
    print(line + (f"{imports['new'] / imports['old']:>15.2f}x" if len(trees) == 2 else ""))
    print(
        "\nunits: api and simulate in moves, mc in hands (seat 0 plays mc, the others at "
        "random); import in ms of wall time (lower is better)."
    )


if __name__ == "__main__":
    main()
