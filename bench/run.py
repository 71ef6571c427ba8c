"""Benchmarks: print the figures that the issues set targets for. Not a test; run `make bench`.

- random legal play through the public API (``legal_moves`` + ``play``): games/s and moves/s,
  per game and player count (target: at least 100,000 moves/s);
- ``import cardlab`` in a fresh interpreter, less the interpreter's own start (target < 100 ms);
- one explorer step: a click on a card to the redrawn widget, headless (target < 50 ms);
- each lesson notebook run top to bottom (target < 20 s).

Usage: ``python bench/run.py [--seconds S] [--skip-notebooks]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cardlab

ROOT = Path(__file__).resolve().parent.parent

CONFIGURATIONS = (
    [("mod-ten", {"players": players}) for players in range(2, 7)]
    + [("chinese-ten", {"players": players}) for players in range(2, 5)]
    + [("two-ten-jack", {})]
)
"""The games and options timed by :func:`random_play`."""


def random_play(name: str, options: dict, seconds: float) -> tuple[float, float]:
    """Games per second and moves per second of random legal play for ``seconds``."""
    game = cardlab.game(name, **options)
    rng = random.Random(0)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.deal(seed=games)
        games += 1
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            moves += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def simulate_speed(name: str, options: dict, games: int, workers: int = 1) -> tuple[float, float]:
    """Seconds and moves per second of ``cardlab.simulate`` with random agents."""
    game = cardlab.game(name, **options)
    start = time.perf_counter()
    table = cardlab.simulate(game, "random", games=games, seed=1, workers=workers, progress=False)
    elapsed = time.perf_counter() - start
    return elapsed, table["moves"].sum() / elapsed


def hint_time(name: str, options: dict, playouts: int = 200) -> tuple[int, float]:
    """Legal moves and seconds of one Monte Carlo hint (every legal move, ``playouts`` each)."""
    from cardlab.bots.estimates import move_values

    state = cardlab.game(name, **options).deal(seed=3)
    view = state.view(state.current_player)
    start = time.perf_counter()
    move_values(view, playouts, random.Random(3))
    return len(view.legal_moves()), time.perf_counter() - start


def import_time(repeats: int = 15) -> tuple[float, float]:
    """Median seconds of ``import cardlab`` in a fresh interpreter, and of a bare start."""

    def timed(code: str) -> float:
        runs = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
            runs.append(time.perf_counter() - start)
        return statistics.median(runs)

    return timed("import cardlab"), timed("pass")


def explorer_step(repeats: int = 200) -> list[float]:
    """Seconds from a click on a legal card to the redrawn explorer, for ``repeats`` clicks."""
    from cardlab.widgets import Explorer

    timings = []
    for name, options in [("mod-ten", {"players": 3}), ("chinese-ten", {}), ("two-ten-jack", {})]:
        try:
            game = cardlab.game(name, **options)
        except (ImportError, AttributeError):
            continue
        explorer = Explorer(game, seed=1)
        rng = random.Random(1)
        for _ in range(repeats):
            if explorer.state.is_over:
                explorer.deal(rng.randrange(10**6))
            move = rng.choice(explorer.state.legal_moves())
            start = time.perf_counter()
            explorer.play(move)
            timings.append(time.perf_counter() - start)
    return timings


def notebook_times() -> list[tuple[str, float]]:
    """Seconds to run each lesson notebook top to bottom (nbconvert, a fresh kernel)."""
    results = []
    with tempfile.TemporaryDirectory() as out:
        for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
            start = time.perf_counter()
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "jupyter",
                    "nbconvert",
                    "--to",
                    "notebook",
                    "--execute",
                    f"--output-dir={out}",
                    str(notebook),
                ],
                check=True,
                capture_output=True,
            )
            results.append((notebook.name, time.perf_counter() - start))
    return results


def main() -> None:
    """Run every benchmark and print a table of figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration")
    parser.add_argument("--skip-notebooks", action="store_true", help="skip the notebook runs")
    args = parser.parse_args()

    print(f"cardlab {cardlab.__version__}, Python {sys.version.split()[0]}")
    print("\nRandom legal play through legal_moves() + play(), one process:")
    print(f"  {'game':<14}{'options':<16}{'games/s':>10}{'moves/s':>12}")
    for name, options in CONFIGURATIONS:
        try:
            games, moves = random_play(name, options, args.seconds)
        except (ImportError, AttributeError) as error:
            print(f"  {name:<14}not available: {error}")
            continue
        described = " ".join(f"{key}={value}" for key, value in options.items())
        print(f"  {name:<14}{described:<16}{games:>10,.0f}{moves:>12,.0f}")

    print("\nsimulate() with random agents (fast playouts), one process and two workers:")
    print(f"  {'game':<14}{'options':<16}{'moves/s, 1':>12}{'moves/s, 2':>12}{'speed-up':>10}")
    for name, options in CONFIGURATIONS:
        games = max(5000, int(50000 * args.seconds / 2))
        one, one_rate = simulate_speed(name, options, games, workers=1)
        two, two_rate = simulate_speed(name, options, games, workers=2)
        described = " ".join(f"{key}={value}" for key, value in options.items())
        print(f"  {name:<14}{described:<16}{one_rate:>12,.0f}{two_rate:>12,.0f}{one / two:>9.2f}x")

    print("\nMonte Carlo hint, all legal moves x 200 playouts, one position:")
    for name, options in [
        ("mod-ten", {"players": 2}),
        ("mod-ten", {"players": 4}),
        ("chinese-ten", {}),
        ("two-ten-jack", {}),
    ]:
        moves, seconds = hint_time(name, options)
        described = " ".join(f"{key}={value}" for key, value in options.items())
        print(f"  {name:<14}{described:<16}{moves:>3} moves {seconds:8.2f} s")

    with_cardlab, bare = import_time()
    print(
        f"\nimport cardlab: {1000 * (with_cardlab - bare):.1f} ms "
        f"(fresh interpreter {1000 * with_cardlab:.1f} ms, bare start {1000 * bare:.1f} ms)"
    )

    steps = explorer_step()
    steps.sort()
    print(
        f"Explorer step (click to redrawn widget, {len(steps)} clicks): "
        f"median {1000 * statistics.median(steps):.1f} ms, "
        f"95th percentile {1000 * steps[int(0.95 * len(steps))]:.1f} ms, "
        f"max {1000 * steps[-1]:.1f} ms"
    )

    if not args.skip_notebooks:
        print("Notebooks, top to bottom in a fresh kernel:")
        for name, seconds in notebook_times():
            print(f"  {name:<32}{seconds:6.1f} s")


if __name__ == "__main__":
    main()
