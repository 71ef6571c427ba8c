"""Helpers shared by the packaging checks in tests/package (imported by their conftest and
test modules): where the repository is, running a command, skipping or failing when a tool is
missing, serving a built site on 127.0.0.1 and opening pages that may reach nothing else."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
"""The repository root (where pyproject.toml is)."""


def in_ci() -> bool:
    """True when the CI environment variable says so: a missing tool then fails the test."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def skip_unless_available(available: bool, reason: str) -> None:
    """Skip the calling test with ``reason`` when ``available`` is false, or fail it under CI,
    where every check must run."""
    if available:
        return
    if in_ci():
        pytest.fail(f"CI=true, so this check must run, but: {reason}", pytrace=False)
    pytest.skip(reason)


def run(
    command: list[str], cwd: Path = REPO, timeout: float = 300, env: dict[str, str] | None = None
) -> str:
    """Run ``command`` (in ``env``, by default this process's environment) and return its output
    (stdout and stderr together); fail the test with that output when it exits with an error."""
    result = subprocess.run(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout,
        check=False,
    )
    if result.returncode != 0:
        shown = " ".join(command)
        pytest.fail(
            f"`{shown}` exited with {result.returncode}:\n{readable_tail(result.stdout)}",
            pytrace=False,
        )
    return result.stdout


def readable_tail(output: str, lines: int = 60, width: int = 300) -> str:
    """The last ``lines`` lines of ``output``, each cut to ``width`` characters (Node.js prints
    a whole minified source line before an error)."""
    kept = output.splitlines()[-lines:]
    return "\n".join(line if len(line) <= width else line[:width] + " [...]" for line in kept)


def load_script(name: str) -> ModuleType:
    """``lite/<name>.py`` as a module (the site's scripts are not part of the package)."""
    spec = importlib.util.spec_from_file_location(f"lite_{name}", REPO / "lite" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up there)
    spec.loader.exec_module(module)
    return module


def load_lite_build() -> ModuleType:
    """lite/build.py, which builds the JupyterLite site."""
    return load_script("build")


run_lessons = load_script("run_lessons")
"""lite/run_lessons.py, which runs a built site's notebooks in Chromium."""
CHROMIUM = run_lessons.CHROMIUM
CHROMIUM_ARGS = run_lessons.CHROMIUM_ARGS
serve = run_lessons.serve
"""A built site served on a free port of 127.0.0.1 (a JupyterLite site with its app exposed to
the page as ``window.jupyterapp``, so that tests can run its cells): yields its address."""


local_page = run_lessons.local_page
"""A fresh page that may reach only the site it is given (any other request refused at once)."""
