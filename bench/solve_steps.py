"""The solve in steps (``cardlab.search.solver.StepwiseSolve``), what the explorer's Perfect play
panel runs where there are no processes (JupyterLite), against the one-shot ``cardlab.solve``. Not a
test.

For the lesson-10 style positions (two-player open Mod Ten from the deal; Two-Ten-Jack's last
six tricks; Two-Ten-Jack face up with 8 cards in the stock), each solved every move and the
line, one-shot and in steps of ``--step`` positions (the panel's 500), alternately on each deal,
it prints the median over the deals of:

- the one-shot solve's CPU time, and the stepwise solve's (all its steps), and their ratio;
- the longest step of each solve (CPU ms), and the worst of those over all deals (the worst
  are steps in which Python's cyclic garbage collector ran a full collection, which a solve in
  one go pays too);
- the stepwise solve driven as the panel drives it, a task on the event loop that hands the
  loop back between steps (``await asyncio.sleep(0)``): its wall time against its CPU time
  (what the loop's turns cost; wall time means something only on a quiet machine).

Times are CPU seconds (``time.process_time``; inside Pyodide, Node's ``process.cpuUsage``)
unless said. The solutions are checked equal.

Usage: ``python bench/solve_steps.py [--deals 300] [--step 500]``; with ``--pyodide DIR`` (a
folder where ``npm install pyodide@VERSION`` was run, as tests/package/test_pyodide.py caches
it) the same figures are measured inside Pyodide under Node.js, on this checkout's cardlab.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import cardlab
from cardlab.bots.specs import make_agent
from cardlab.search.solver import StepwiseSolve

REPO = Path(__file__).resolve().parent.parent


def cpu_seconds() -> float:
    """The CPU seconds this process has used: ``time.process_time``, except inside Pyodide
    under Node.js, where that is the wall clock and Node's ``process.cpuUsage`` is asked."""
    if sys.platform == "emscripten":
        from js import process  # type: ignore[import-not-found]

        usage = process.cpuUsage()
        return float(usage.user + usage.system) / 1e6
    return time.process_time()


def played_until(state: cardlab.State, stock_left: int | None, seed: int) -> cardlab.State:
    """``state`` played on greedily until the stock holds at most ``stock_left`` cards, between
    tricks (None: the state itself)."""
    if stock_left is None:
        return state
    agent = make_agent("greedy", seed=seed)
    while len(state.stock) > stock_left or state.trick:
        state = state.play(agent(state.view(state.current_player or 0)))
    return state


def workloads(deals: int) -> dict[str, list[cardlab.State]]:
    """The positions of each row, from seeded deals."""
    mod_ten = cardlab.game("mod-ten", players=2, open_hands=True)
    ttj = cardlab.game("two-ten-jack")
    return {
        "Mod Ten 2p open, from the deal": [mod_ten.deal(seed=seed) for seed in range(deals)],
        "Two-Ten-Jack, last six tricks": [
            played_until(ttj.deal(seed=seed), 0, seed) for seed in range(deals)
        ],
        "Two-Ten-Jack, 8 in the stock": [
            played_until(ttj.deal(seed=seed), 8, seed) for seed in range(max(1, deals // 4))
        ],
    }


def stepped(state: cardlab.State, step: int) -> tuple[float, float, cardlab.Solution]:
    """Solve ``state`` in steps in a plain loop: the CPU seconds of all steps, of the longest
    one, and the solution."""
    solving = StepwiseSolve(state, step_positions=step)
    total = longest = 0.0
    done = False
    while not done:
        start = cpu_seconds()
        done = solving.step()
        spent = cpu_seconds() - start
        total += spent
        longest = max(longest, spent)
    assert solving.solution is not None
    return total, longest, solving.solution


async def on_the_loop(state: cardlab.State, step: int) -> tuple[float, float]:
    """Solve ``state`` in steps as the panel does, handing the loop back between steps: the
    wall seconds and the CPU seconds it took."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    solving = StepwiseSolve(state, step_positions=step)
    for _positions in solving.steps():
        await asyncio.sleep(0)
    return time.perf_counter() - wall, cpu_seconds() - cpu


def same(first: cardlab.Solution, second: cardlab.Solution) -> bool:
    """Whether two solutions agree in everything but the time taken."""
    return dataclasses.replace(first, seconds=0.0) == dataclasses.replace(second, seconds=0.0)


async def measure(states: list[cardlab.State], step: int) -> dict[str, float]:
    """One row's medians (ms), one-shot and stepwise alternately on each deal."""
    one_shot, sliced, longest, wall, cpu = [], [], [], [], []
    for state in states:
        start = cpu_seconds()
        expected = cardlab.solve(state)
        one_shot.append(cpu_seconds() - start)
        total, worst, solution = stepped(state, step)
        assert same(solution, expected), "the stepwise solve must find the one-shot solution"
        sliced.append(total)
        longest.append(worst)
        seconds, spent = await on_the_loop(state, step)
        wall.append(seconds)
        cpu.append(spent)
    return {
        "deals": len(states),
        "one_shot_ms": statistics.median(one_shot) * 1000,
        "stepwise_ms": statistics.median(sliced) * 1000,
        "ratio": statistics.median(sliced) / statistics.median(one_shot),
        "longest_step_ms": statistics.median(longest) * 1000,
        "worst_step_ms": max(longest) * 1000,
        "loop_wall_ms": statistics.median(wall) * 1000,
        "loop_cpu_ms": statistics.median(cpu) * 1000,
    }


async def all_rows(deals: int, step: int) -> dict[str, dict[str, float]]:
    """Every row's medians."""
    return {label: await measure(states, step) for label, states in workloads(deals).items()}


def print_rows(rows: dict[str, dict[str, float]], where: str, step: int) -> None:
    """The table."""
    print(f"{where}, steps of {step} positions (medians over the deals; CPU ms unless said)")
    print(
        f"{'':32} {'deals':>5} {'one-shot':>9} {'stepwise':>9} {'ratio':>6} "
        f"{'longest step':>12} {'worst step':>10} {'on loop wall/cpu':>17}"
    )
    for label, row in rows.items():
        print(
            f"{label:32} {row['deals']:5.0f} {row['one_shot_ms']:9.1f} {row['stepwise_ms']:9.1f} "
            f"{row['ratio']:6.2f} {row['longest_step_ms']:12.2f} {row['worst_step_ms']:10.2f} "
            f"{row['loop_wall_ms']:8.1f}/{row['loop_cpu_ms']:.1f}",
            flush=True,
        )


NODE_SCRIPT = """
import { pathToFileURL } from "node:url";
const [pyodideDir, repo, deals, step] = process.argv.slice(1);
const entry = pathToFileURL(pyodideDir + "/node_modules/pyodide/pyodide.mjs");
const { loadPyodide } = await import(entry.href);
const pyodide = await loadPyodide({ stdout: (l) => process.stderr.write(l + "\\n") });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
const rows = await pyodide.runPythonAsync(`
import json, sys
sys.path[:0] = ["/repo", "/repo/bench"]
import solve_steps
json.dumps(await solve_steps.all_rows(${deals}, ${step}))
`);
process.stdout.write(rows);
"""
"""Runs :func:`all_rows` inside Pyodide, on the checkout's files (mounted, not installed)."""


def in_pyodide(pyodide_dir: str, deals: int, step: int) -> dict[str, dict[str, float]]:
    """:func:`all_rows` measured inside Pyodide under Node.js."""
    command = ["node", "--input-type=module", "-e", NODE_SCRIPT, pyodide_dir, str(REPO)]
    output = subprocess.run(
        [*command, str(deals), str(step)], check=True, stdout=subprocess.PIPE, text=True
    ).stdout
    rows: dict[str, dict[str, float]] = json.loads(output)
    return rows


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals of each row")
    parser.add_argument("--step", type=int, default=500, help="positions a step")
    parser.add_argument("--pyodide", help="measure inside Pyodide: its npm folder")
    args = parser.parse_args()
    if args.pyodide:
        print_rows(in_pyodide(args.pyodide, args.deals, args.step), "Pyodide", args.step)
    else:
        where = f"CPython {sys.version.split()[0]}"
        print_rows(asyncio.run(all_rows(args.deals, args.step)), where, args.step)


if __name__ == "__main__":
    main()
