"""cardlab runs under Pyodide, the Python of the JupyterLite site: its core gives the same
hands as CPython, and the docstring and README examples pass there, except those that need a
library the npm package's Pyodide core lacks (pandas, plotly, ipywidgets: they are set aside,
by name).

Pyodide comes from the npm package ``pyodide`` at the version the JupyterLite kernel uses,
installed once into a cache folder outside the repository (``$XDG_CACHE_HOME/cardlab``, or
``~/.cache/cardlab``; ``CARDLAB_PYODIDE_CACHE`` names another). Without Node.js and npm, or when
the package cannot be installed, the test is skipped with the reason; under CI=true it fails.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
from pathlib import Path

import core_checks
import pytest
from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
from package_checks import REPO, run, skip_unless_available

import cardlab

pytestmark = pytest.mark.slow

HERE = Path(__file__).parent
HEAVY_README_BLOCKS = {"README block 3"}
"""The README blocks that need pandas (simulate and its tables)."""


def cache_dir() -> Path:
    """Where the npm package is installed (outside the repository, kept between runs)."""
    if os.environ.get("CARDLAB_PYODIDE_CACHE"):
        return Path(os.environ["CARDLAB_PYODIDE_CACHE"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "cardlab" / f"pyodide-{PYODIDE_VERSION}"


def npm_install(folder: Path) -> str | None:
    """Install the npm package ``pyodide`` into ``folder`` unless it is there; returns why it
    could not be installed, or None. A lock file keeps two test runs from installing at once."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".install-lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (folder / "node_modules" / "pyodide" / "pyodide.mjs").exists():
            return None
        command = ["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix"]
        command += [str(folder), f"pyodide@{PYODIDE_VERSION}"]
        result = subprocess.run(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600
        )
        if result.returncode != 0:
            return f"`{' '.join(command)}` failed:\n{result.stdout[-2000:]}"
    return None


@pytest.fixture(scope="module")
def pyodide_dir() -> Path:
    """A folder with the npm package ``pyodide`` installed."""
    skip_unless_available(
        bool(shutil.which("node") and shutil.which("npm")),
        "Node.js and npm are needed to run cardlab under Pyodide (apt-get install nodejs npm)",
    )
    folder = cache_dir()
    problem = npm_install(folder)
    skip_unless_available(problem is None, f"the npm package pyodide is missing: {problem}")
    return folder


@pytest.fixture(scope="module")
def in_pyodide(pyodide_dir, dists) -> dict:
    """What tests/package/core_checks.py reports from inside Pyodide."""
    script = HERE / "run_in_pyodide.mjs"
    checks = HERE / "core_checks.py"
    command = ["node", str(script), str(pyodide_dir), str(dists.wheel), str(checks)]
    output = run([*command, str(REPO / "README.md")], timeout=600)
    return json.loads(output[output.index("{") :])


def test_cardlab_is_installed_from_its_wheel_with_its_version(in_pyodide):
    assert in_pyodide["platform"] == "emscripten"
    assert in_pyodide["version"] == in_pyodide["installed_version"] == cardlab.__version__


def test_the_same_seeds_give_the_same_hands_as_in_cpython(in_pyodide):
    assert in_pyodide["playthroughs"] == core_checks.playthroughs()


def test_the_docstring_examples_pass_under_pyodide(in_pyodide):
    modules = in_pyodide["modules"]
    assert modules["failures"] == []
    assert modules["tried"] > 20
    # What was set aside needed a library Pyodide's core lacks, never the core itself.
    for name in (*modules["set_aside"], *modules["unimportable"]):
        assert not name.startswith(
            ("cardlab.engine.core", "cardlab.engine.cards", "cardlab.games")
        ), name


def test_the_readme_examples_pass_under_pyodide(in_pyodide):
    readme = in_pyodide["readme"]
    assert readme["failures"] == []
    assert readme["blocks"] >= 3
    assert set(readme["set_aside"]) <= HEAVY_README_BLOCKS, readme["set_aside"]


def test_the_solve_in_steps_runs_on_pyodides_event_loop_with_the_same_solutions(in_pyodide):
    # What the explorer's panel does in JupyterLite: a task on the webloop solves in steps, and
    # other work on the loop runs between them; the solutions are CPython's one-shot solves.
    steps = in_pyodide["steps_on_the_loop"]
    assert steps["loop"] == "WebLoop"
    assert steps["solutions"] == core_checks.one_shot_solutions()
    assert steps["other_turns"] > len(steps["solutions"])


def test_the_bots_decide_in_steps_on_pyodides_event_loop_as_in_cpython(in_pyodide):
    # What the explorer's slow bots do in JupyterLite: a task on the webloop works through
    # each decision's steps, other work on the loop running between two; the moves are
    # CPython's, decided at once.
    decisions = in_pyodide["decisions_on_the_loop"]
    assert decisions["moves"] == core_checks.decisions_at_once()
    assert decisions["other_turns"] > 10 * len(decisions["moves"])


def test_the_batch_engine_says_what_to_do_where_numpy_is_missing(in_pyodide):
    refused = in_pyodide["batch"]
    assert refused["type"] == "ModuleNotFoundError" and refused["name"] == "numpy"
    assert "engine='batch' needs numpy" in refused["message"]
    assert "engine='rules'" in refused["message"]
