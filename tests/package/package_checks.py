"""Helpers shared by the packaging checks in tests/package (imported by their conftest and
test modules): where the repository is, running a command, skipping or failing when a tool is
missing, building something once for a whole test run (all of pytest-xdist's workers), and
serving a built site on 127.0.0.1 (the pages that open it: tests/chromium.py)."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import subprocess
import threading
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any

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
    """lite/build.py as a module (it is a script, not part of the package; the sdist does not
    carry it: the calling test or module is then skipped, saying so)."""
    return load_script("lite/build.py", "lite_build")


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves a site's files, with the types JupyterLite needs, and logs nothing."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".wasm": "application/wasm",
        ".ipynb": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:
        """Say nothing: the test's output is the test's."""

    def handle(self) -> None:
        """Serve, and take a client that hangs up early (a link checker does) as no error."""
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """``directory`` served by a static file server on a free port of 127.0.0.1; yields its
    address."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
