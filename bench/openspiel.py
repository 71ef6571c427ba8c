"""cardlab against OpenSpiel's C++ ``hearts``: the throughput targets of issue 17, one row per game.

Each row puts one cardlab workload beside random play of OpenSpiel's ``hearts`` (its C++ engine
through ``pyspiel``, the Python bindings), measured in the same process, alternating between
the two for several rounds, in CPU time (``time.process_time``); the medians are printed with
their ratio and the issue's target:

- ``api``: random legal play through cardlab's public API (``state.play(rng.choice(
  state.legal_moves()))`` from ``game.deal(seed=...)``), decisions per second; target 1.5x;
- ``simulate``: ``cardlab.simulate(game, "random", ...)`` in one process, decisions (the
  table's ``moves``) per second, the table built; target 2.5x.

A **decision** is a move a player chooses. In hearts that is each of the three cards a player
passes (``hearts`` deals with passing on) and each card played: 64 a hand when cards are
passed, 52 when the pass direction is "no pass". Chance nodes (the pass direction and the 52
cards of the deal) are not decisions: they are sampled (uniformly, as ``chance_outcomes``
gives them) but not counted, while their cost is timed, as a deal's is in cardlab. A cardlab
decision is one move of ``legal_moves``: a Chinese Ten turn that names a target for the
turned-up card is two.

``--old CHECKOUT`` adds the ``mc`` rows: hands per second of a hand where seat 0 plays the
Monte Carlo agent, that checkout against this tree, measured by ``bench/engine.py`` (fresh
interpreters, alternating); the issue's target is 3x the commit it was filed at (15f2ab3,
before card sets).

OpenSpiel is not a dependency of cardlab. Without it this script says how to get it
(``pip install open_spiel``, a wheel for CPython on Linux and macOS) and exits with 0. Run
cardlab from a checkout in a virtual environment that has it, as::

    PYTHONPATH=. /path/to/venv/bin/python bench/openspiel.py --rounds 3
    PYTHONPATH=. /path/to/venv/bin/python bench/openspiel.py --old /tmp/before --rounds 5

The cardlab measured is the one that ``import cardlab`` finds (printed first).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engine  # noqa: E402  (bench/engine.py: the games' rows and the old/new mc figures)

TARGETS = {"api": 1.5, "simulate": 2.5, "mc": 3.0}
"""The issue's targets: api and simulate as a multiple of hearts, mc of the old checkout."""

MISSING = (
    "bench/openspiel.py compares cardlab with OpenSpiel's hearts, and pyspiel (OpenSpiel's "
    "Python bindings) is not installed here.\nInstall it with `pip install open_spiel` (wheels "
    "for CPython on Linux and macOS) in a virtual environment, then run this script with that "
    "environment's python and PYTHONPATH set to this checkout."
)


def hearts_rate(pyspiel: Any, seconds: float, seed: int) -> float:
    """Decisions per CPU second of uniformly random play of OpenSpiel's ``hearts`` for about
    ``seconds``: chance nodes sampled, timed, not counted."""
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [action for action, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(outcomes))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions / (time.process_time() - start)


def api_rate(name: str, options: dict[str, object], seconds: float, seed: int) -> float:
    """Decisions per CPU second of random legal play through cardlab's public API for about
    ``seconds``, a new seeded deal for each hand."""
    import cardlab

    game = cardlab.game(name, **options)
    rng = random.Random(seed)
    decisions = 0
    deal = seed * 1_000_000
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.deal(seed=deal)
        deal += 1
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            decisions += 1
    return decisions / (time.process_time() - start)


def simulate_rate(name: str, options: dict[str, object], games: int, seed: int) -> float:
    """Decisions per CPU second of ``cardlab.simulate`` with random agents, ``games`` hands
    in this process, the table built."""
    import cardlab

    game = cardlab.game(name, **options)
    start = time.process_time()
    table = cardlab.simulate(game, "random", games=games, seed=seed, progress=False)
    return int(table["moves"].sum()) / (time.process_time() - start)


def medians(rounds: int, workloads: dict[str, Callable[[int], float]]) -> dict[str, float]:
    """The median of each workload over ``rounds``, the workloads taking turns in each round
    (so that they see the same load); each is called with the round's number as its seed."""
    figures: dict[str, list[float]] = {label: [] for label in workloads}
    for number in range(rounds):
        for label, workload in workloads.items():
            figures[label].append(workload(number + 1))
    return {label: statistics.median(values) for label, values in figures.items()}


def verdict(ratio: float, target: float) -> str:
    """Whether ``ratio`` meets ``target``, in a word."""
    return "met" if ratio >= target else "not met"


def game_rows(pyspiel: Any, args: argparse.Namespace) -> None:
    """Print the hearts, api and simulate rows of every game."""
    print(f"{'game':<14}{'options':<12}{'workload':<10}{'hearts/s':>12}{'cardlab/s':>12}", end="")
    print(f"{'ratio':>8}{'target':>8}  verdict")
    for name, options in engine.GAMES:
        if args.game is not None and name != args.game:
            continue
        found = medians(
            args.rounds,
            {
                "hearts": partial(hearts_rate, pyspiel, args.seconds),
                "api": partial(api_rate, name, options, args.seconds),
                "simulate": partial(simulate_rate, name, options, args.games),
            },
        )
        described = " ".join(f"{key}={value}" for key, value in options.items())
        for workload in ("api", "simulate"):
            ratio = found[workload] / found["hearts"]
            line = f"{name:<14}{described:<12}{workload:<10}"
            line += f"{found['hearts']:>12,.0f}{found[workload]:>12,.0f}{ratio:>7.2f}x"
            print(line + f"{TARGETS[workload]:>7.1f}x  {verdict(ratio, TARGETS[workload])}")


def mc_rows(old: Path, args: argparse.Namespace) -> None:
    """Print the mc rows: hands per CPU second, ``old`` against this tree (bench/engine.py's
    figures: fresh interpreters, alternating)."""
    trees = {"old": old.resolve(), "new": engine.ROOT}
    print(f"\nmc: hands/s, seat 0 the Monte Carlo agent; old = {trees['old']}")
    print(f"{'game':<14}{'options':<12}{'old':>10}{'new':>10}{'ratio':>8}{'target':>8}  verdict")
    for name, options in engine.GAMES:
        if args.game is not None and name != args.game:
            continue
        figures: dict[str, list[float]] = {tree: [] for tree in trees}
        for _ in range(args.rounds):
            for tree, path in trees.items():
                figures[tree].append(engine.figure(path, "mc", name, options, False))
        old_rate, new_rate = (statistics.median(figures[tree]) for tree in trees)
        ratio = new_rate / old_rate
        described = " ".join(f"{key}={value}" for key, value in options.items())
        line = f"{name:<14}{described:<12}{old_rate:>10,.1f}{new_rate:>10,.1f}{ratio:>7.2f}x"
        print(line + f"{TARGETS['mc']:>7.1f}x  {verdict(ratio, TARGETS['mc'])}", flush=True)


def main() -> None:
    """Print the table (or, without pyspiel, how to get it)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each figure")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of a rate")
    parser.add_argument("--games", type=int, default=1000, help="hands a simulate plays")
    parser.add_argument("--game", help="only this game's rows (its name, as two-ten-jack)")
    parser.add_argument("--old", type=Path, help="a checkout to compare mc with")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print(MISSING)
        return
    import cardlab

    print(f"cardlab {cardlab.__version__} from {Path(cardlab.__file__).parent}; CPU time,", end="")
    print(f" medians of {args.rounds} rounds, alternating in this process\n")
    game_rows(pyspiel, args)
    if args.old is not None:
        mc_rows(args.old, args)


if __name__ == "__main__":
    main()
