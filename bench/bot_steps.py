"""How long the slow bots' steps last, and what deciding in steps costs against deciding at once.

Where no thread can start (JupyterLite), the explorer's slow bots think on the kernel's event
loop, a few steps at a time (``cardlab.bots.agents.decision_in_steps``): the page answers between
two slices, so a step must be short. For each game and slow agent (at its default settings),
on seeded positions a few moves into a hand, this prints:

- ``steps``: the median number of steps of a decision;
- ``median ms`` / ``worst ms``: the median and the longest step, in CPython (wall time of one
  ``next()``; Pyodide runs several times slower);
- ``at once`` / ``in steps``: the CPU time of all the decisions, ``agent(view)`` against working
  through ``decision_in_steps`` (the same moves), the median of several rounds that alternate;
- ``cost``: in steps / at once (1.00x: stepping costs nothing).

    python bench/bot_steps.py                      # every game and agent
    python bench/bot_steps.py --game two-ten-jack --rounds 5 --positions 8
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import cardlab
from cardlab.bots.agents import decision_in_steps
from cardlab.bots.specs import make_agent

GAMES = [
    ("mod-ten", {"players": 2}),
    ("mod-ten", {"players": 4}),
    ("chinese-ten", {"players": 3}),
    ("two-ten-jack", {}),
]
"""The games and options of the table's rows."""

AGENTS = ("mc", "mc-greedy", "pimc", "ismcts")
"""The agents that decide in steps, at their default settings."""


def positions(name: str, options: dict[str, object], count: int) -> list[cardlab.View]:
    """``count`` views of the seat to move, each a few random moves into a seeded deal, with
    more than one legal move."""
    views: list[cardlab.View] = []
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
    return views


def at_once(agent_name: str, views: list[cardlab.View]) -> float:
    """CPU seconds of ``agent(view)`` for every view, one agent seeded with 1."""
    agent = make_agent(agent_name, 1)
    started = time.process_time()
    for view in views:
        agent(view)
    return time.process_time() - started


def in_steps(
    agent_name: str, views: list[cardlab.View], step_times: list[float] | None
) -> tuple[float, list[int]]:
    """CPU seconds of working through every view's decision in steps (seeded as
    :func:`at_once`), and each decision's count of steps; each step's wall time is added to
    ``step_times`` when given."""
    agent = make_agent(agent_name, 1)
    counts = []
    clock: Callable[[], float] = time.perf_counter
    started = time.process_time()
    for view in views:
        steps = decision_in_steps(agent, view)
        taken = 0
        while True:
            before = clock() if step_times is not None else 0.0
            try:
                next(steps)
            except StopIteration:
                break
            finally:
                taken += 1
                if step_times is not None:
                    step_times.append(clock() - before)
        counts.append(taken)
    return time.process_time() - started, counts


def row(name: str, options: dict[str, object], agent: str, count: int, rounds: int) -> str:
    """The table's row of one game and agent."""
    views = positions(name, options, count)
    step_times: list[float] = []
    _seconds, counts = in_steps(agent, views, step_times)  # the step times, once
    once, stepped = [], []
    for _ in range(rounds):
        once.append(at_once(agent, views))
        stepped.append(in_steps(agent, views, None)[0])
    first, second = statistics.median(once), statistics.median(stepped)
    seats = ", ".join(f"{key}={value}" for key, value in options.items())
    return (
        f"{name:13} {seats:11} {agent:10} {statistics.median(counts):7.0f} "
        f"{statistics.median(step_times) * 1000:10.3f} {max(step_times) * 1000:9.2f} "
        f"{first:8.3f} {second:9.3f} {second / first:6.2f}x"
    )


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this game's rows (its name, as two-ten-jack)")
    parser.add_argument("--agent", choices=AGENTS, help="only this agent's rows")
    parser.add_argument("--positions", type=int, default=5, help="decisions per row")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each way, alternating")
    arguments = parser.parse_args()
    print(
        f"{'game':13} {'options':11} {'agent':10} {'steps':>7} {'median ms':>10} "
        f"{'worst ms':>9} {'at once':>8} {'in steps':>9} {'cost':>7}"
    )
    for name, options in GAMES:
        if arguments.game not in (None, name):
            continue
        for agent in AGENTS:
            if arguments.agent not in (None, agent):
                continue
            print(row(name, options, agent, arguments.positions, arguments.rounds), flush=True)
    print("\nat once and in steps: CPU seconds of all the decisions (median of the rounds)")


if __name__ == "__main__":
    main()
