"""Benchmarks of the widgets (issue 10): print the figures, assert nothing. Run with
``.venv/bin/python bench/widgets.py``.

- an explorer step: a click on a legal card to the redrawn widget, headless, with every hand
  shown, with one seat shown (the board drawn from its view) and playing one seat against
  greedy bots (target: 95th percentile under 50 ms);
- opening a record of a full hand with ``Explorer.from_record`` (target: under 200 ms);
- the VariantLab's default run (Mod Ten, 2,000 hands, random agents), in one process, from the
  click on Run to the drawn charts, run at once and in its thread (target: under 5 s);
- the Monte Carlo hint at its largest (5,000 playouts), 4-player Mod Ten, which the explorer
  runs in a thread (the issue measured about 15 s with the kernel blocked);
- the solver panel (issue 17): how much of the kernel a solve takes, the kernel's CPU time
  from "Perfect play" ticked to the panel drawn, and how long a click's worth of the kernel's
  own work (2 ms of CPU in 10 steps, each letting go of the interpreter as a widget message
  does) takes meanwhile, for this tree and another one side by side (``--solver-panel OTHER``:
  e.g. a worktree of main at /tmp/before), each in its own Python, alternating, repeated.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardlab  # noqa: E402
from cardlab.widgets import Explorer, VariantLab  # noqa: E402

GAMES = [("mod-ten", {"players": 3}), ("mod-ten", {"players": 4}), ("chinese-ten", {})]
GAMES += [("two-ten-jack", {})]
"""The games timed."""


def percentile(timings: list[float], share: float) -> float:
    """The ``share`` quantile of ``timings`` (nearest rank)."""
    ordered = sorted(timings)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def explorer_steps(make: Callable[[cardlab.Game, int], Explorer], steps: int) -> list[float]:
    """Seconds from a click to the redrawn explorer: on a legal card of the seat to move when
    the user may play it, else on the forward button (a hidden seat's bot moves)."""
    timings = []
    for name, options in GAMES:
        game = cardlab.game(name, **options)
        rng = random.Random(1)
        explorer = make(game, 1)
        for _ in range(steps):
            if explorer.state.is_over:
                explorer = make(game, rng.randrange(10**6))
            state = explorer.state
            start = time.perf_counter()
            if explorer.hand_box.children and hasattr(explorer.hand_box.children[0], "icon"):
                explorer.click_card(rng.choice(state.legal_moves()).card)
                if explorer.state is state:  # several moves with that card: choose the first
                    explorer.choice_box.children[0].click()
            else:
                explorer.forward_button.click()
            timings.append(time.perf_counter() - start)
    return timings


def record_openings(repeats: int = 20) -> list[tuple[str, int, float, float]]:
    """For each game: moves in a full greedy hand, and the median and slowest seconds to open
    its record."""
    results = []
    for name, options in GAMES:
        game = cardlab.game(name, **options)
        final = game.deal(seed=5).play_out("greedy", seed=5)
        record = final.record()
        timings = []
        for _ in range(repeats):
            start = time.perf_counter()
            Explorer.from_record(record)
            timings.append(time.perf_counter() - start)
        label = f"{name} {options or ''}".strip()
        results.append((label, final.move_number, statistics.median(timings), max(timings)))
    return results


def variant_lab_run(background: bool) -> tuple[float, float]:
    """Seconds to build a VariantLab, and from Run to the drawn results (default settings)."""
    start = time.perf_counter()
    lab = VariantLab(background=background)
    built = time.perf_counter() - start
    start = time.perf_counter()
    lab.run()
    if lab.run_thread is not None:
        lab.run_thread.join()
    ran = time.perf_counter() - start
    assert len(lab.runs) == 1 and len(lab.runs[0][1].table) == 2000, lab.said
    return built, ran


def biggest_hint() -> tuple[int, float]:
    """Legal moves and seconds of the explorer's hint at 5,000 playouts, 4-player Mod Ten."""
    explorer = Explorer(cardlab.game("mod-ten", players=4), seed=3, background=False)
    explorer.hint_playouts.value = 5000
    start = time.perf_counter()
    explorer.show_hint()
    return len(explorer.state.legal_moves()), time.perf_counter() - start


PANEL_PROBE = """
import inspect, json, sys, time
import cardlab
from cardlab.widgets import Explorer

game = cardlab.game("mod-ten", players=2, open_hands=True)
off = {"solver": False} if "solver" in inspect.signature(Explorer).parameters else {}


def solved(explorer):
    while explorer.solve_running:
        explorer.solve_thread.join(0.01)


def kernel_work_while_solving(explorer):
    # A click's worth of kernel work, over and over until the solve ends, each timed on the
    # wall clock: 10 steps of 0.2 ms of this thread's CPU, each ending as a widget message
    # does, by letting go of the interpreter (sleep(0) releases the GIL, as socket I/O does).
    walls = []
    while explorer.solve_running:
        wall = time.perf_counter()
        for _ in range(10):
            cpu = time.thread_time()
            while time.thread_time() - cpu < 0.0002:
                pass
            time.sleep(0)
        walls.append(time.perf_counter() - wall)
    return walls


warm = Explorer(game, seed=0, **off)  # the first solve starts the solver process, if any
warm.solver_toggle.value = True
solved(warm)
rows = []
for seed in json.loads(sys.argv[1]):
    explorer = Explorer(game, seed=seed, **off)
    cpu, wall = time.process_time(), time.perf_counter()
    explorer.solver_toggle.value = True
    solved(explorer)
    kernel, drawn = time.process_time() - cpu, time.perf_counter() - wall
    again = Explorer(game, seed=seed, **off)
    again.solver_toggle.value = True
    walls = kernel_work_while_solving(again)
    solved(again)
    rows.append({"kernel": kernel, "drawn": drawn, "walls": walls})
print(json.dumps(rows))
"""
"""Run by :func:`solver_panel_side_by_side` in a fresh Python on one tree: for each seed, the
kernel's CPU seconds for a panel solve of an open-hand two-player Mod Ten deal, and the wall
seconds of each click's worth of the kernel's own work while another such solve runs."""


def panel_probe(tree: Path, seeds: list[int]) -> list[dict[str, object]]:
    """What :data:`PANEL_PROBE` prints, run with ``tree``'s cardlab."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", PANEL_PROBE, json.dumps(seeds)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=tree,
    )
    rows: list[dict[str, object]] = json.loads(done.stdout)
    return rows


def solver_panel_side_by_side(other: Path, runs: int = 3, deals: int = 10) -> None:
    """Print the solver panel's figures for this tree and ``other``, alternating ``runs``
    times over the same ``deals`` seeded deals, as medians."""
    here = Path(__file__).resolve().parent.parent
    trees = {"this tree": here, f"{other}": other}
    figures: dict[str, tuple[list[float], list[float], list[float]]] = {
        name: ([], [], []) for name in trees
    }
    seeds = list(range(1, deals + 1))
    for _ in range(runs):
        for name, tree in trees.items():
            for row in panel_probe(tree, seeds):
                figures[name][0].append(float(row["kernel"]))  # type: ignore[arg-type]
                figures[name][1].extend(row["walls"])  # type: ignore[arg-type]
                figures[name][2].append(float(row["drawn"]))  # type: ignore[arg-type]
    print(f"\nSolver panel, open-hand 2-player Mod Ten deals ({runs} runs x {deals} deals):")
    for name, (kernel, walls, drawn) in figures.items():
        print(
            f"  {name}: kernel CPU per solve median {1000 * statistics.median(kernel):.1f} ms"
            f" (max {1000 * max(kernel):.1f}); a 2 ms click meanwhile takes a median "
            f"{1000 * statistics.median(walls):.1f} ms ({len(walls)} clicks); tick to drawn "
            f"panel, wall clock, median {1000 * statistics.median(drawn):.0f} ms"
        )


def main() -> None:
    """Print every figure."""
    if sys.argv[1:2] == ["--solver-panel"]:
        solver_panel_side_by_side(Path(sys.argv[2]))
        return
    print(f"cardlab {cardlab.__version__}, Python {sys.version.split()[0]}")
    import_start = time.perf_counter()
    first = VariantLab(hands=1, background=False)  # pays the imports: pandas, plotly
    first.run()
    imports = time.perf_counter() - import_start
    print(f"First VariantLab and a 1-hand run (imports included): {imports:.2f} s")

    kinds: dict[str, Callable[[cardlab.Game, int], Explorer]] = {
        "every hand shown": lambda game, seed: Explorer(game, seed, background=False),
        "seat 0 shown": lambda game, seed: Explorer(game, seed, show=0, background=False),
        "seat 0 vs greedy": lambda game, seed: Explorer(
            game, seed, show=0, human=0, bots="greedy", background=False
        ),
    }
    print("\nExplorer step, click to redrawn widget (4 games x 150 clicks):")
    for kind, make in kinds.items():
        steps = explorer_steps(make, 150)
        print(
            f"  {kind:<18} median {1000 * statistics.median(steps):5.1f} ms, "
            f"95th percentile {1000 * percentile(steps, 0.95):5.1f} ms, "
            f"max {1000 * max(steps):5.1f} ms"
        )

    print("\nExplorer.from_record, a full hand (20 times):")
    for label, moves, median, slowest in record_openings():
        print(
            f"  {label:<28} {moves:>3} moves: median {1000 * median:6.1f} ms, "
            f"slowest {1000 * slowest:6.1f} ms"
        )

    print("\nVariantLab default run (Mod Ten, 2,000 hands, random), one process:")
    for background in (False, True):
        built, ran = variant_lab_run(background)
        where = "in its thread" if background else "at once"
        print(f"  {where:<14} build {built:.2f} s, Run to drawn results {ran:.2f} s")

    moves, seconds = biggest_hint()
    print(f"\nHint, 5,000 playouts x {moves} moves, 4-player Mod Ten: {seconds:.1f} s")


if __name__ == "__main__":
    main()
