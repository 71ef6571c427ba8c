"""The plumbing a game's fields give, old against new: one row per game and operation.

- ``copy``: a position's ``copy`` (every ``State.play`` and every playout makes one), ns;
- ``view``: ``state.view(seat)`` (every agent decision), ns;
- ``determinize``: ``view.determinize(rng)`` (every Monte Carlo world), ns;
- ``key``: ``state._key()`` (state equality and hashing), ns.

Each figure is the CPU time (``time.process_time``) of the operation on every state of a few
seeded hands played at random, the best of three passes, measured in a fresh interpreter for
each tree, alternating between the trees for several rounds; the table gives the medians and
the median of the paired ratios new / old (below 1: the new tree is faster)::

    git worktree add --detach /tmp/before HEAD~1
    python bench/plumbing.py --old /tmp/before --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
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

OPERATIONS = ("copy", "view", "determinize", "key")


def child(name: str, options: dict[str, object]) -> None:
    """What a fresh interpreter does: time each operation and print the figures as JSON."""
    import random

    import cardlab

    game = cardlab.game(name, **options)
    rng = random.Random(0)
    states = []
    for seed in range(20):
        state = game.deal(seed=seed)
        while not state.is_over:
            states.append(state)
            state = state.play(rng.choice(state.legal_moves()))
    views = [state.view(state.current_player) for state in states]
    worlds = random.Random(1)
    work = {
        "copy": (lambda state: state._position.copy(), states, 20),
        "view": (lambda state: state.view(state.current_player), states, 3),
        "determinize": (lambda view: view.determinize(worlds), views, 1),
        "key": (lambda state: state._key(), states, 5),
    }
    figures = {}
    for operation, (function, items, passes) in work.items():
        best = []
        for _ in range(3):
            start = time.process_time()
            for _ in range(passes):
                for item in items:
                    function(item)
            best.append((time.process_time() - start) / passes / len(items) * 1e9)
        figures[operation] = min(best)
    print(json.dumps(figures))


def figures(tree: Path, name: str, options: dict[str, object]) -> dict[str, float]:
    """One run of :func:`child` with ``tree`` first on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(Path(__file__).resolve()), "--child", name, json.dumps(options)]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main() -> None:
    """Print the table: one row per game and operation, old, new and the paired ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each figure per tree")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], json.loads(args.child[1]))
        return
    trees = {"new": ROOT} if args.old is None else {"old": args.old.resolve(), "new": ROOT}
    print(f"{'game':<14}{'options':<12}{'operation':<13}" + "".join(f"{t:>12}" for t in trees))
    for name, options in GAMES:
        runs: dict[str, list[dict[str, float]]] = {tree: [] for tree in trees}
        for _ in range(args.rounds):
            for tree, path in trees.items():  # alternate, so both see the same noise
                runs[tree].append(figures(path, name, options))
        described = " ".join(f"{key}={value}" for key, value in options.items())
        for operation in OPERATIONS:
            line = f"{name:<14}{described:<12}{operation:<13}"
            for tree in trees:
                line += f"{statistics.median(run[operation] for run in runs[tree]):>12,.0f}"
            if len(trees) == 2:
                pairs = zip(runs["old"], runs["new"], strict=True)
                ratio = statistics.median(new[operation] / old[operation] for old, new in pairs)
                line += f"{ratio:>10.2f}x"
            print(line, flush=True)
    print("\nunits: ns of CPU time an operation; the ratio is new / old (below 1: faster).")


if __name__ == "__main__":
    main()
