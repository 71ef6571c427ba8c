"""Views at engine speed (issue 33): what a view costs, and what the bots built on views cost,
this tree against another, side by side. Not a test; the figures the issue sets targets for:

- ``view``: building the view of the seat to move (``state.view(seat)``) in a loop where each
  state is viewed and then played (as every agent's loop does), us of CPU time (less what
  reading the clock costs: see :func:`clock_cost`), the median over the positions of 30 seeded
  random deals (target: at most 5 us);
- ``hands/s`` of whole hands from seeded deals: ``random`` in every seat (the fast playout, as
  ``simulate`` plays it), ``greedy`` in every seat (target: at least a quarter of random's), and
  ``first``, a plain function of a view that reads only ``legal_moves()`` (target: within 1.5x
  of random's time); played without pandas, so that the same rows run under Pyodide. In
  CPython the same three are also timed through ``cardlab.simulate`` (``sim`` rows);
- ``mc``, ``mc-greedy``, ``ismcts``, ``pimc``: ms of CPU time per decision at their defaults, the
  median over positions a few moves into seeded deals (target: no slower); and ``pimc:3``
  against ``pimc:100`` in the two-seat games.

Each figure is measured in a fresh interpreter on a fixed workload, the trees alternating for
several rounds; the medians are printed, with old / new for times (above 1: the new tree is
faster) and new / old for rates. With ``--instructions`` each figure is instead the machine
instructions of its workload under valgrind's callgrind (the same from run to run whatever else
the machine does), and ``--pyodide`` runs the same rows in Pyodide under Node.js (the npm
package ``pyodide``, as tests/package/test_pyodide.py installs it) and prints them beside.

    git worktree add /tmp/before HEAD~1
    python bench/views.py --old /tmp/before                 # CPU time, both trees
    python bench/views.py --old /tmp/before --instructions  # instruction counts
    python bench/views.py --old /tmp/before --pyodide       # and the same rows in Pyodide
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

GAMES = [
    ("mod-ten", {"players": 2}),
    ("mod-ten", {"players": 4}),
    ("chinese-ten", {"players": 3}),
    ("two-ten-jack", {}),
]
"""The games and seat counts of the rows: those of bench/engine.py."""

AGENTS = ("mc", "mc-greedy", "ismcts", "pimc")
"""The slow agents, at their default settings."""

HANDS = {"random": 400, "greedy": 60, "first": 60}
"""The hands each ``hands/s`` figure plays (fewer under callgrind and Pyodide: see :func:`rows`)."""

SIMULATED = 10
"""How many times more hands ``simulate`` plays than the other rows (its table's making costs
a fixed time, which more hands spread thinner)."""

DECISIONS = 4
"""The positions each decision figure is the median over."""


# --------------------------------------------------------------------------- the workloads


def first_legal_move(view: Any) -> Any:
    """The cheapest bot a student writes: the first legal move."""
    return view.legal_moves()[0]


def cpu_clock() -> Any:
    """The finest CPU clock there is: the thread's (nanoseconds on Linux), or the process's
    (Pyodide has no thread clock)."""
    try:
        time.thread_time()
    except (AttributeError, OSError):
        return time.process_time
    return time.thread_time


def view_times(name: str, options: dict[str, Any], deals: int = 30) -> list[float]:
    """The CPU seconds of each ``state.view(seat)`` of ``deals`` seeded random hands, each
    state viewed by the seat to move and then played."""
    import cardlab

    game = cardlab.game(name, **options)
    clock = cpu_clock()
    idle = clock_cost(clock)
    times = []
    for seed in range(deals):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            started = clock()
            view = state.view(state.current_player)
            times.append(clock() - started - idle)
            state = state.play(rng.choice(view.legal_moves()))
    return times


def clock_cost(clock: Any) -> float:
    """What reading ``clock`` itself adds to a time taken between two readings (the median of
    empty intervals: about 0.6 us for the thread clock here), taken off each view's time so
    that the figure is the view's own."""
    empty = []
    for _ in range(2000):
        started = clock()
        empty.append(clock() - started)
    return statistics.median(empty)


def hands_rate(name: str, options: dict[str, Any], agents: str, hands: int) -> float:
    """Hands a CPU second, each dealt from its seed and played to the end: by the game's fast
    playout for ``random`` (what ``simulate`` plays), else by ``state.play_out``; after two
    hands played the same way, untimed (what the first hands do once: tables, compiling)."""
    import cardlab

    game = cardlab.game(name, **options)
    agent: Any = first_legal_move if agents == "first" else agents

    def play(seed: int | str) -> None:
        state = game.deal(seed=seed)
        if agents == "random":
            game.play_position_out(state._position, random.Random(seed))
        else:
            state.play_out(agent, seed=seed)

    for seed in ("warm-1", "warm-2"):
        play(seed)
    started = time.process_time()
    for seed in range(hands):
        play(seed)
    return hands / (time.process_time() - started)


def simulate_rate(name: str, options: dict[str, Any], agents: str, hands: int) -> float:
    """Hands a CPU second of ``cardlab.simulate`` in this process (needs pandas), after a run
    of two hands: what is done once (importing pandas, making the table's columns) is not
    counted, or it would weigh most on the slowest agents, which play the fewest hands."""
    import cardlab

    game = cardlab.game(name, **options)
    agent: Any = first_legal_move if agents == "first" else agents
    cardlab.simulate(game, agent, games=2, seed=0, progress=False)
    started = time.process_time()
    cardlab.simulate(game, agent, games=hands, seed=1, progress=False)
    return hands / (time.process_time() - started)


def decision_times(name: str, options: dict[str, Any], agent_name: str, count: int) -> list[float]:
    """CPU seconds of each decision of ``agent_name`` (seeded with 1) on ``count`` views of
    the seat to move, each a few random moves into a seeded deal, with a choice to make."""
    import cardlab
    from cardlab.bots.specs import make_agent

    views = []
    seed = 0
    while len(views) < count:
        seed += 1
        rng = random.Random(seed)
        state = cardlab.game(name, **options).deal(seed=seed)
        for _ in range(rng.randrange(0, 12)):
            after = state.play(rng.choice(state.legal_moves()))
            if after.is_over:
                break
            state = after
        if len(state.legal_moves()) > 1:
            views.append(state.view(state.current_player))
    agent = make_agent(agent_name, 1)
    make_agent(agent_name, 1)(views[0])  # untimed: what the first decision does once (imports)
    times = []
    for view in views:
        started = time.process_time()
        agent(view)
        times.append(time.process_time() - started)
    return times


def workload(row: dict[str, Any]) -> float:
    """The figure of one row (a dict: game, options, metric and its arguments) in this
    interpreter: us per view, hands a second, or ms per decision."""
    name, options, metric = row["game"], row["options"], row["metric"]
    if metric == "view":
        return 1e6 * statistics.median(view_times(name, options, row["deals"]))
    if metric == "hands":
        return hands_rate(name, options, row["agents"], row["hands"])
    if metric == "sim":
        return simulate_rate(name, options, row["agents"], row["hands"])
    times = decision_times(name, options, row["agent"], row["count"])
    return 1e3 * statistics.median(times)


# --------------------------------------------------------------------------- the rows


def rows(scale: float, with_simulate: bool) -> list[dict[str, Any]]:
    """Every row of the table, its workloads scaled by ``scale`` (fewer hands and positions
    under callgrind and Pyodide)."""
    found: list[dict[str, Any]] = []
    for name, options in GAMES:
        base = {"game": name, "options": options}
        found.append({**base, "metric": "view", "deals": max(3, round(30 * scale))})
        for agents, hands in HANDS.items():
            count = max(4, round(hands * scale))
            found.append({**base, "metric": "hands", "agents": agents, "hands": count})
            if with_simulate:
                simulated = count * SIMULATED
                found.append({**base, "metric": "sim", "agents": agents, "hands": simulated})
        agents = list(AGENTS)
        if options.get("players", 2) == 2:
            agents += ["pimc:3", "pimc:100"]
        for agent in agents:
            count = max(2, round(DECISIONS * min(1.0, 2 * scale)))
            found.append({**base, "metric": "decision", "agent": agent, "count": count})
    return found


def chosen(row: dict[str, Any], game: str | None, metric: str | None) -> bool:
    """Whether ``row`` is of the ``game`` and ``metric`` asked for (None: any)."""
    return game in (None, row["game"]) and metric in (None, row["metric"])


def smallest(row: dict[str, Any]) -> dict[str, Any]:
    """``row`` with the least work (one deal, two hands, one decision): run first under
    callgrind, in the counted run and in the idle run alike, so that the difference is the
    row's own work, not what its first use imports, compiles and fills once."""
    return {**row, "deals": 1, "hands": 2, "count": 1}


def label(row: dict[str, Any]) -> str:
    """A row's name: its metric and agents."""
    if row["metric"] == "view":
        return "view us"
    if row["metric"] in ("hands", "sim"):
        return f"{row['metric']} {row['agents']} h/s"
    return f"{row['agent']} ms"


# --------------------------------------------------------------------------- running them


def in_fresh_python(tree: Path, row: dict[str, Any], count: bool) -> float:
    """One figure of ``row`` from ``tree``, in a fresh interpreter: the workload's own figure,
    or with ``count`` the instructions it takes (less those of an idle run, which does only
    the small run that both begin with: see :func:`smallest`)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(Path(__file__).resolve()), "--child", json.dumps(row)]
    if not count:
        done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
        return float(done.stdout.split()[-1])
    total = []
    for mode in ("run", "idle"):
        grind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command, mode]
        done = subprocess.run(grind, env=env, check=True, capture_output=True, text=True)
        lines = [line for line in done.stderr.splitlines() if "Collected" in line]
        total.append(float(lines[-1].split()[-1].replace(",", "")))
    return total[0] - total[1]


PYODIDE_RUNNER = """
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const [pyodideDir, zipFile, script, rowsJson] = process.argv.slice(2);
const { loadPyodide } = await import(
  pathToFileURL(join(pyodideDir, "node_modules", "pyodide", "pyodide.mjs")).href
);
const pyodide = await loadPyodide({ stdout: (s) => process.stderr.write(s + "\\n") });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipFile)), "zip", { extractDir: "/tree" });
pyodide.FS.writeFile("/tree/views_bench.py", readFileSync(script));
pyodide.globals.set("rows_json", rowsJson);
const out = await pyodide.runPythonAsync(`
import sys, json
sys.path.insert(0, "/tree")
import views_bench
json.dumps([views_bench.workload(row) for row in json.loads(rows_json)])
`);
process.stdout.write(out);
"""


def pyodide_dir() -> Path:
    """Where tests/package/test_pyodide.py keeps the npm package ``pyodide``."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    if os.environ.get("CARDLAB_PYODIDE_CACHE"):
        return Path(os.environ["CARDLAB_PYODIDE_CACHE"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "cardlab" / f"pyodide-{PYODIDE_VERSION}"


def in_pyodide(tree: Path, rows_: list[dict[str, Any]], work: Path) -> list[float]:
    """The figures of ``rows_`` from ``tree`` in one Pyodide under Node.js."""
    archive = shutil.make_archive(str(work / tree.name), "zip", tree, "cardlab")
    runner = work / "run.mjs"
    runner.write_text(PYODIDE_RUNNER, encoding="utf-8")
    command = ["node", str(runner), str(pyodide_dir()), archive, __file__, json.dumps(rows_)]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    figures: list[float] = json.loads(done.stdout)
    return figures


def measure(
    trees: dict[str, Path], rows_: list[dict[str, Any]], rounds: int, count: bool
) -> dict[str, list[float]]:
    """The median figure of each row for each tree (in the rows' order), the trees
    alternating round after round, so that both see the same noise."""
    figures: dict[str, list[list[float]]] = {tree: [[] for _ in rows_] for tree in trees}
    for number in range(rounds):
        order = list(trees) if number % 2 == 0 else list(reversed(trees))
        for index, row in enumerate(rows_):
            for tree in order:
                figures[tree][index].append(in_fresh_python(trees[tree], row, count))
    return {tree: [statistics.median(values) for values in rows] for tree, rows in figures.items()}


def pyodide_medians(
    trees: dict[str, Path], rows_: list[dict[str, Any]], rounds: int
) -> dict[str, list[float]]:
    """The median figure of each row for each tree in Pyodide, rounds alternating."""
    import tempfile

    figures: dict[str, list[list[float]]] = {tree: [[] for _ in rows_] for tree in trees}
    with tempfile.TemporaryDirectory() as work:
        for number in range(rounds):
            order = list(trees) if number % 2 == 0 else list(reversed(trees))
            for tree in order:
                for index, figure in enumerate(in_pyodide(trees[tree], rows_, Path(work))):
                    figures[tree][index].append(figure)
    return {tree: [statistics.median(values) for values in rows] for tree, rows in figures.items()}


def ratio(row: dict[str, Any], old: float, new: float, count: bool) -> float:
    """How much faster the new tree is (above 1: faster), whatever the figure's unit."""
    if count or row["metric"] in ("view", "decision"):
        return old / new  # instructions, us, ms: fewer is faster
    return new / old  # hands a second: more is faster


def print_table(
    rows_: list[dict[str, Any]],
    tables: dict[str, dict[str, list[float]]],
    count: bool,
) -> None:
    """Every row, with each table's old, new and speed-up side by side."""
    header = f"{'game':<13}{'options':<11}{'row':<22}"
    for title in tables:
        header += f"{title + ' old':>16}{title + ' new':>16}{'speed-up':>9}"
    print(header)
    for index, row in enumerate(rows_):
        options = " ".join(f"{key}={value}" for key, value in row["options"].items())
        line = f"{row['game']:<13}{options:<11}{label(row):<22}"
        for table in tables.values():
            if "old" in table:
                old, new = table["old"][index], table["new"][index]
                line += f"{old:>16,.1f}{new:>16,.1f}{ratio(row, old, new, count):>8.2f}x"
            else:
                line += f"{'':>16}{table['new'][index]:>16,.1f}{'':>9}"
        print(line, flush=True)


def targets(rows_: list[dict[str, Any]], new: list[float]) -> None:
    """The issue's targets, each said met or not, from the new tree's figures: the rates
    through ``simulate`` (the issue's measure) where they were run, else the hands rows."""
    figures = {
        (row["game"], json.dumps(row["options"]), label(row)): f
        for row, f in zip(rows_, new, strict=True)
    }
    print("\ntargets (new tree):")
    for name, options in GAMES:
        key = (name, json.dumps(options))
        if (*key, "view us") not in figures:
            continue
        described = f"{name} {' '.join(f'{k}={v}' for k, v in options.items())}"
        view = figures[(*key, "view us")]
        how = "sim" if (*key, "sim random h/s") in figures else "hands"
        random_rate = figures[(*key, f"{how} random h/s")]
        greedy = figures[(*key, f"{how} greedy h/s")] / random_rate
        first = random_rate / figures[(*key, f"{how} first h/s")]
        print(
            f"  {described:<22} view {view:.2f} us ({'met' if view <= 5 else 'NOT met'}); "
            f"{how}: greedy/random {greedy:.3f} ({'met' if greedy >= 0.25 else 'NOT met'}); "
            f"first takes {first:.2f}x random's time ({'met' if first <= 1.5 else 'NOT met'})"
        )
        pimc3, pimc100 = figures.get((*key, "pimc:3 ms")), figures.get((*key, "pimc:100 ms"))
        if pimc3 is not None and pimc100 is not None:
            print(f"  {'':<22} pimc:3 {pimc3:.1f} ms, pimc:100 {pimc100:.1f} ms a decision")


def main() -> None:
    """Print the table: every row, old and new, CPU time (or instructions), and Pyodide."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each figure per tree")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--pyodide", action="store_true", help="the same rows in Pyodide too")
    parser.add_argument("--game", help="only this game's rows (its name, as two-ten-jack)")
    parser.add_argument("--metric", help="only this metric's rows: view, hands, sim or decision")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        row = json.loads(args.child[0])
        mode = args.child[1] if len(args.child) > 1 else "time"
        if mode in ("run", "idle"):  # under callgrind: what is done once is in both counts
            workload(smallest(row))
            if mode == "idle":
                print(0)
                return
        print(workload(row))
        return
    if args.instructions and not shutil.which("valgrind"):
        parser.error("--instructions needs valgrind (apt-get install valgrind)")
    trees = {"new": ROOT} if args.old is None else {"old": args.old.resolve(), "new": ROOT}
    scale = 0.1 if args.instructions else 1.0
    try:
        import pandas  # noqa: F401
    except ImportError:
        with_simulate = False
    else:
        with_simulate = not args.instructions
    rows_ = [row for row in rows(scale, with_simulate) if chosen(row, args.game, args.metric)]
    rounds = 1 if args.instructions else args.rounds
    unit = "instructions" if args.instructions else "CPU time: us a view, hands/s, ms a decision"
    print(f"({unit}; medians of {rounds} rounds)")
    tables = {"cpython": measure(trees, rows_, rounds, args.instructions)}
    if args.pyodide:
        small = [row for row in rows(0.2, False) if chosen(row, args.game, args.metric)]
        tables = {"cpython": measure(trees, small, rounds, False)}
        tables["pyodide"] = pyodide_medians(trees, small, rounds)
        rows_ = small
    print_table(rows_, tables, args.instructions)
    if not args.instructions:
        targets(rows_, tables["cpython"]["new"])


if __name__ == "__main__":
    main()
