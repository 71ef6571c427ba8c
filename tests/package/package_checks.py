"""Helpers shared by the packaging checks in tests/package (imported by their conftest and
test modules): where the repository is, running a command, skipping or failing when a tool is
missing, serving a built site on 127.0.0.1 and opening pages that may reach nothing else."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import subprocess
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any

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


def load_lite_build() -> ModuleType:
    """lite/build.py as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("lite_build", REPO / "lite" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


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


@contextlib.contextmanager
def local_page(
    browser: Any, site_url: str, timeout_ms: float, width: int = 1280, height: int = 1000
) -> Iterator[Any]:
    """A fresh page of ``width`` x ``height`` that may reach only ``site_url``: any other
    request is refused at once."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(timeout_ms)
    context.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(site_url) else route.abort()
        ),
    )
    try:
        yield context.new_page()
    finally:
        context.close()
