"""Checks of cardlab that run inside Pyodide (tests/package/test_pyodide.py starts them in
Node.js) and, for comparison, in CPython.

Pyodide here is the npm package's core: the standard library, no pandas, plotly or ipywidgets
(they cannot be fetched for Pyodide on these machines). So an example that needs one of those
is set aside, with the name of what it needed, and every other example must pass.
"""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import re
import sys
from typing import Any

NOT_IN_PYODIDE_CORE = {"pandas", "numpy", "plotly", "ipywidgets", "anywidget", "tqdm", "IPython"}
"""Libraries the core of Pyodide lacks; an example that needs one is set aside."""
OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("mod-ten", {"players": 2}),
    ("mod-ten", {"players": 5}),
    ("chinese-ten", {"players": 3}),
    ("chinese-ten", {"players": 4, "scoring": "black-frog"}),
    ("two-ten-jack", {}),
]
"""Games and options whose seeded hands are compared between CPython and Pyodide."""
SEEDS = (1, 7, "lesson")
README_BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def playthroughs() -> dict[str, Any]:
    """Seeded hands played out by the random and greedy bots in every game: each record (the
    moves) and outcome. The same seeds must give the same hands in CPython and in Pyodide."""
    import cardlab

    hands: dict[str, Any] = {}
    for name, options in OPTION_SETS:
        game = cardlab.game(name, **options)
        for seed in SEEDS:
            for agents in ("random", "greedy"):
                final = game.deal(seed=seed).play_out(agents, seed=seed)
                record = final.record()
                assert cardlab.replay(record) == final, "a record must replay to its state"
                key = f"{name} {json.dumps(options, sort_keys=True)} seed={seed} {agents}"
                hands[key] = {
                    "moves": record["moves"],
                    "scores": list(final.scores),
                    "winner": final.winner,
                    "last": str(final.events[-1]),
                }
    return hands


def missing_library(error: BaseException) -> str | None:
    """The library an exception says is missing, if it is one Pyodide's core lacks."""
    if isinstance(error, ModuleNotFoundError) and error.name:
        top = error.name.split(".")[0]
        if top in NOT_IN_PYODIDE_CORE:
            return top
    return None


class SetAsideRunner(doctest.DocTestRunner):
    """A doctest runner that sets aside the examples after one that needed a library Pyodide's
    core lacks (they depend on it), and counts every other failure."""

    def __init__(self) -> None:
        flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
        super().__init__(optionflags=flags, verbose=False)
        self.needed: dict[str, str] = {}
        self.failures_seen: list[str] = []

    def run_test(self, test: doctest.DocTest, globs: dict[str, Any] | None = None) -> None:
        """Run one docstring's (or one README block's) examples."""
        if globs is not None:
            test.globs = globs
        self.run(test, out=lambda text: None, clear_globs=False)

    def report_failure(self, out: Any, test: doctest.DocTest, example: Any, got: str) -> None:
        if test.name not in self.needed:
            self.failures_seen.append(f"{test.name}: {example.source.strip()} gave {got!r}")

    def report_unexpected_exception(
        self, out: Any, test: doctest.DocTest, example: Any, exc_info: Any
    ) -> None:
        library = missing_library(exc_info[1])
        if library is not None:
            self.needed.setdefault(test.name, library)
        elif test.name not in self.needed:
            error = f"{exc_info[0].__name__}: {exc_info[1]}"
            self.failures_seen.append(f"{test.name}: {example.source.strip()} raised {error}")


def module_doctests(runner: SetAsideRunner) -> dict[str, str]:
    """Run the docstring examples of every module of cardlab; returns the modules that could
    not be imported at all, with the library each needed."""
    import cardlab

    unimportable = {}
    finder = doctest.DocTestFinder()
    for info in pkgutil.walk_packages(cardlab.__path__, prefix="cardlab."):
        try:
            module = importlib.import_module(info.name)
        except ImportError as error:
            library = missing_library(error)
            if library is None:
                raise
            unimportable[info.name] = library
            continue
        for test in finder.find(module, info.name):
            runner.run_test(test)
    return unimportable


def readme_doctests(readme: str, runner: SetAsideRunner) -> int:
    """Run the README's ``python`` blocks in order, sharing their names as pytest's doctest
    of the README does; returns how many blocks there were."""
    parser = doctest.DocTestParser()
    globs: dict[str, Any] = {"__name__": "README"}
    blocks = README_BLOCK.findall(readme)
    for number, block in enumerate(blocks, 1):
        test = parser.get_doctest(block, globs, f"README block {number}", "README.md", 0)
        runner.run_test(test, globs)
    return len(blocks)


def stepwise_positions() -> list[Any]:
    """Positions the solve in steps is checked on: two-player Mod Ten deals (open hands) and
    Two-Ten-Jack's last six tricks, reached by greedy play."""
    import cardlab
    from cardlab.bots.specs import make_agent

    mod_ten = cardlab.game("mod-ten", players=2, open_hands=True)
    positions = [mod_ten.deal(seed=seed) for seed in (1, 7)]
    two_ten_jack = cardlab.game("two-ten-jack").deal(seed=7)
    greedy = make_agent("greedy", seed=7)
    while two_ten_jack.stock or two_ten_jack.trick:
        two_ten_jack = two_ten_jack.play(greedy(two_ten_jack.view(two_ten_jack.current_player)))
    return [*positions, two_ten_jack]


def solution_facts(solution: Any) -> dict[str, Any]:
    """What a solution found, as JSON can hold it (its time left out)."""
    return {
        "values": list(solution.values),
        "moves": {str(move): list(values) for move, values in solution.move_values.items()},
        "line": [str(move) for move in solution.line],
        "positions": solution.positions,
    }


def one_shot_solutions() -> list[dict[str, Any]]:
    """:func:`cardlab.solve` of each of :func:`stepwise_positions` (what CPython compares)."""
    import cardlab

    return [solution_facts(cardlab.solve(state)) for state in stepwise_positions()]


async def solved_in_steps_on_the_loop() -> dict[str, Any]:
    """Each of :func:`stepwise_positions` solved in steps by a task on the running event loop
    (Pyodide's webloop), as the explorer's panel does there, while a second task counts its
    own turns: the solutions, how often the other task ran meanwhile, and the loop's class."""
    import asyncio

    from cardlab.search.solver import StepwiseSolve

    solving = True
    turns = 0

    async def other() -> None:
        nonlocal turns
        while solving:
            turns += 1
            await asyncio.sleep(0)

    async def solve_all() -> list[dict[str, Any]]:
        found = []
        for state in stepwise_positions():
            steps = StepwiseSolve(state, step_positions=200)
            for _positions in steps.steps():
                await asyncio.sleep(0)
            found.append(solution_facts(steps.solution))
        return found

    loop = asyncio.get_running_loop()
    counting = loop.create_task(other())
    solutions = await loop.create_task(solve_all())
    solving = False
    await counting
    return {"solutions": solutions, "other_turns": turns, "loop": type(loop).__name__}


STEPPING_AGENTS = ("mc:20", "mc-greedy:4", "pimc:8", "ismcts:200")
"""The agents that decide in steps, with small settings, whose moves are compared."""


def stepping_views() -> list[tuple[str, Any]]:
    """Views the decisions in steps are checked on: a few moves into seeded hands of every
    game, each with its name."""
    import random

    import cardlab

    views = []
    for name, options in OPTION_SETS:
        state = cardlab.game(name, **options).deal(seed=5)
        rng = random.Random(5)
        for _ in range(4):
            state = state.play(rng.choice(state.legal_moves()))
        views.append(
            (f"{name} {json.dumps(options, sort_keys=True)}", state.view(state.current_player))
        )
    return views


def decisions_at_once() -> dict[str, str]:
    """Each stepping agent's move, ``agent(view)``, on each of :func:`stepping_views`."""
    from cardlab.bots.specs import make_agent

    return {
        f"{key} {agent}": str(make_agent(agent, 3)(view))
        for key, view in stepping_views()
        for agent in STEPPING_AGENTS
    }


async def decided_in_steps_on_the_loop() -> dict[str, Any]:
    """Each stepping agent's move on each of :func:`stepping_views`, worked out in its steps by
    a task on the running event loop (as the explorer's bots think in JupyterLite), handing
    the loop back after each step while a second task counts its own turns."""
    import asyncio

    from cardlab.bots.agents import decision_in_steps
    from cardlab.bots.specs import make_agent

    deciding = True
    turns = 0

    async def other() -> None:
        nonlocal turns
        while deciding:
            turns += 1
            await asyncio.sleep(0)

    async def decide_all() -> dict[str, str]:
        moves = {}
        for key, view in stepping_views():
            for agent in STEPPING_AGENTS:
                steps = decision_in_steps(make_agent(agent, 3), view)
                while True:
                    try:
                        next(steps)
                    except StopIteration as done:
                        moves[f"{key} {agent}"] = str(done.value)
                        break
                    await asyncio.sleep(0)
        return moves

    loop = asyncio.get_running_loop()
    counting = loop.create_task(other())
    moves = await loop.create_task(decide_all())
    deciding = False
    await counting
    return {"moves": moves, "other_turns": turns}


def report(readme_path: str) -> dict[str, Any]:
    """Everything but what needs the event loop: the version, the platform, the playthroughs
    and the examples."""
    from importlib.metadata import version

    import cardlab

    with open(readme_path, encoding="utf-8") as handle:
        readme = handle.read()
    modules = SetAsideRunner()
    unimportable = module_doctests(modules)
    readme_runner = SetAsideRunner()
    blocks = readme_doctests(readme, readme_runner)
    return {
        "platform": sys.platform,
        "python": sys.version.split()[0],
        "version": cardlab.__version__,
        "installed_version": version("cardlab"),
        "playthroughs": playthroughs(),
        "modules": {
            "tried": modules.tries,
            "failures": modules.failures_seen,
            "set_aside": modules.needed,
            "unimportable": unimportable,
        },
        "readme": {
            "blocks": blocks,
            "tried": readme_runner.tries,
            "failures": readme_runner.failures_seen,
            "set_aside": readme_runner.needed,
        },
    }


def batch_refusal() -> dict[str, str]:
    """What ``simulate(..., engine="batch")`` says where numpy is missing (Pyodide's core, as
    a JupyterLite site may leave it out): the error's type, the library it names, its words."""
    import cardlab

    try:
        cardlab.simulate("mod-ten", games=10, engine="batch", progress=False)
    except ImportError as error:
        return {"type": type(error).__name__, "name": error.name or "", "message": str(error)}
    return {"type": "", "name": "", "message": "no error"}


async def main(readme_path: str) -> str:
    """Everything, as JSON: :func:`report`, the solve in steps and the bots' decisions in
    steps on the running loop."""
    checks = report(readme_path)
    checks["batch"] = batch_refusal()
    checks["steps_on_the_loop"] = await solved_in_steps_on_the_loop()
    checks["decisions_on_the_loop"] = await decided_in_steps_on_the_loop()
    return json.dumps(checks)
