"""Helpers shared by the packaging checks in tests/package (imported by their conftest and
test modules): where the repository is, running a command, skipping or failing when a tool is
missing, building something once for a whole test run (all of pytest-xdist's workers), the
scripts of lite/ and serving a built site on 127.0.0.1 (the pages that open it:
tests/chromium.py)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import chromium
import pytest
from chromium import skip_or_fail
from repository import REPO, load_script


def skip_unless_available(available: bool, reason: str) -> None:
    """Skip the calling test with ``reason`` when ``available`` is false, or fail it under CI,
    where every check must run."""
    if not available:
        skip_or_fail(reason)


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


def built_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]
) -> Path:
    """The folder ``name``, filled by ``build(folder)`` once for the whole test run.

    Under pytest-xdist each worker has a session of its own: the folder is then in the run's
    temporary folder, which all the workers share; the first worker that asks builds it while
    the others wait (a lock file), and they all use that build. A build that failed fails the
    others' tests at once with its message rather than being run again."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, which holds each worker's
    folder, ready, failed = (shared / f"{name}{end}" for end in ("", ".ready", ".failed"))
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if failed.exists():
            pytest.fail(f"building {name} failed:\n{failed.read_text()}", pytrace=False)
        if not ready.exists():
            try:
                build(folder)
            except (Exception, pytest.fail.Exception) as error:
                failed.write_text(str(error))
                raise
            ready.touch()
    return folder


def readable_tail(output: str, lines: int = 60, width: int = 300) -> str:
    """The last ``lines`` lines of ``output``, each cut to ``width`` characters (Node.js prints
    a whole minified source line before an error)."""
    kept = output.splitlines()[-lines:]
    return "\n".join(line if len(line) <= width else line[:width] + " [...]" for line in kept)


def load_lite_build() -> ModuleType:
    """lite/build.py, which builds the JupyterLite site (the sdist does not carry lite/: the
    calling test or module is then skipped, saying so)."""
    return load_script("lite/build.py", "lite_build")


load_run_lessons = chromium.run_lessons
"""lite/run_lessons.py, which runs a built site's notebooks in Chromium (skipped as
:func:`load_lite_build` says in the sdist)."""


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """A built site served on a free port of 127.0.0.1 (a JupyterLite site with its app exposed
    to the page as ``window.jupyterapp``, so that tests can run its cells): yields its address.
    lite/run_lessons.py's server, which the Pages workflow uses."""
    with load_run_lessons().serve(site) as address:
        yield address
