"""Fixtures for the browser tests: a Voila or JupyterLab server on a free port, and a page of
headless Chromium driven by Playwright (the ``browser`` fixture of tests/conftest.py: Debian's
Chromium, set up in tests/chromium.py; without it or Playwright the browser tests are skipped,
with the reason, and under CI=true they fail instead, so CI never passes without them).

Each server runs in a temporary Jupyter config/data/runtime directory (no user settings leak in)
and in its own process group, which is stopped after the test whatever happens (TERM: the server
shuts its kernels down; KILL if it hangs: its kernels exit when their parent dies). When a test
fails, the tail of its server's log is added to the report.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from chromium import local_page, skip_or_fail

REPO = Path(__file__).resolve().parents[2]
TOKEN = "cardlab-browser-test"
SERVER_START_SECONDS = 40
"""How long a server may take to answer HTTP before the test fails."""
PORT_ATTEMPTS = 3
"""Another process may take the free port between choosing it and the server binding it."""
PAGE_MS = 15_000
"""How long a page's actions and Playwright's assertions may wait by default."""


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser page that may only reach 127.0.0.1 (Voila asks a CDN for icon fonts:
    refused at once rather than left to time out, so the tests never depend on the network)."""
    with local_page(browser, "http://127.0.0.1:", PAGE_MS) as new_page:
        yield new_page


@dataclass
class Server:
    """A running Jupyter server: where to reach it and its log file."""

    base_url: str
    log: Path

    def url(self, path: str) -> str:
        """The address of ``path`` on this server, with the token that opens it."""
        return f"{self.base_url}/{path.lstrip('/')}?token={TOKEN}"


def free_port() -> int:
    """A TCP port that was free a moment ago (the OS picks it)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def answers_http(port: int) -> bool:
    """True when something answers HTTP on ``port`` (any status: Voila redirects /api/status)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        connection.request("GET", f"/api/status?token={TOKEN}")
        connection.getresponse().read()
        return True
    except OSError:
        return False
    finally:
        connection.close()


def stop(process: subprocess.Popen[bytes]) -> None:
    """End the server's process group (the server and its kernels): TERM, then KILL."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    except ProcessLookupError:
        pass


def log_tail(log: Path, lines: int = 30) -> str:
    """The last lines of a server log, for failure messages."""
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


def jupyter_env(home: Path) -> dict[str, str]:
    """This process's environment with Jupyter's directories in ``home`` (a server's, or a
    command's that must see the same settings and trusted notebooks)."""
    env = dict(os.environ)
    env.update(
        JUPYTER_PLATFORM_DIRS="1",
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
    )
    return env


@contextmanager
def serve(command: Callable[[int], list[str]], cwd: Path, home: Path) -> Iterator[Server]:
    """Run ``command(port)`` on a free port until the block ends, then stop it for sure.

    ``home`` holds the server's Jupyter directories and its log. The server must refuse a taken
    port (``port_retries=0``) rather than move to another one: it is then started again on a new
    free port.
    """
    env = jupyter_env(home)
    for attempt in range(1, PORT_ATTEMPTS + 1):
        port = free_port()
        log = home / f"server-{attempt}.log"
        with log.open("wb") as output:
            process = subprocess.Popen(
                command(port),
                cwd=cwd,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            if wait_until_serving(process, port, log):
                yield Server(f"http://127.0.0.1:{port}", log)
                return
        finally:
            stop(process)
    pytest.fail(
        f"the server exited {PORT_ATTEMPTS} times before answering; last log:\n{log_tail(log)}"
    )


def wait_until_serving(process: subprocess.Popen[bytes], port: int, log: Path) -> bool:
    """Wait until our server answers HTTP on ``port``: True when it does, False if it exits
    first (the port was taken); fails the test if it does neither in time.

    The server's log must name the port too (it does once bound), so that another program that
    took the port is never mistaken for our server."""
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        bound = f"127.0.0.1:{port}/" in log.read_text(errors="replace")
        if bound and answers_http(port):
            return True
        time.sleep(0.25)
    pytest.fail(
        f"no answer on port {port} after {SERVER_START_SECONDS} s; log:\n{log_tail(log)}",
        pytrace=False,
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Add the tail of the server's log to the report of a failed browser test."""
    report = yield
    if report.failed:
        for name in ("voila", "lab"):
            server = getattr(item, "funcargs", {}).get(name)
            if isinstance(server, Server):
                report.sections.append((f"{name} server log (tail)", log_tail(server.log)))
    return report


def require_module(name: str) -> None:
    """Skip (or fail under CI) when the server's package is not installed."""
    try:
        __import__(name)
    except ImportError:
        skip_or_fail(f"{name} is not installed: run the tests from .venv (make test)")


NOTEBOOKS: dict[str, list[str]] = {
    # Mod Ten, 3 players, seed 7: seat 2 leads and may play any card of 8C 9C 3D 7D 8D 2H 3H
    # 6H 9H 7S; after it leads 3D, seat 0 holds diamonds and may not play 8H.
    "explorer.ipynb": [
        "import cardlab\nfrom cardlab.widgets import Explorer",
        'Explorer(cardlab.game("mod-ten", players=3), seed=7)',
    ],
    # A Two-Ten-Jack hand played by greedy bots, opened from its record: seat 1 leads first
    # and holds a ten (whose button must read "10♠"/"10♦"..., not "1…").
    "replay.ipynb": [
        "import cardlab\nfrom cardlab.widgets import Explorer",
        'final = cardlab.game("two-ten-jack").deal(seed=1).play_out("greedy", seed=1)\n'
        "Explorer.from_record(final.record())",
    ],
    # A Chinese Ten deal played from seat 0 against bots, the other hands and the stock face
    # down: what a student sees on a phone.
    "chinese.ipynb": [
        "import cardlab\nfrom cardlab.widgets import Explorer",
        'Explorer(cardlab.game("chinese-ten"), seed=10, show=0, human=0)',
    ],
    "lab.ipynb": [
        'from cardlab.widgets import VariantLab\nVariantLab("mod-ten", hands=300)',
    ],
    # A Chinese Ten deal seen from seat 0 (other hands face down), seat 0 to move: every kind
    # of text cardlab draws on the page (labels, notes, cards, backs, the current seat's row).
    "state.ipynb": [
        'import cardlab\nstate = cardlab.game("chinese-ten").deal(seed=10)\n'
        "from IPython.display import HTML\nHTML(cardlab.render.state_html(state, show=[0]))",
    ],
}
"""The notebooks the browser tests open: small ones written here, so that the tests do not
depend on the lessons."""


def write_notebooks(folder: Path) -> Path:
    """Write :data:`NOTEBOOKS` into ``folder`` (kernel python3, no outputs; in Voila, cardlab's
    template, as notebooks/apps have it) and return it."""
    import nbformat

    folder.mkdir(parents=True, exist_ok=True)
    for name, cells in NOTEBOOKS.items():
        notebook = nbformat.v4.new_notebook()
        notebook.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3 (ipykernel)",
            "language": "python",
        }
        notebook.metadata["voila"] = {"template": "cardlab"}
        notebook.cells = [nbformat.v4.new_code_cell(source) for source in cells]
        nbformat.write(notebook, folder / name)
    return folder


@pytest.fixture(scope="module")
def voila_apps(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voila serving a copy of notebooks/apps/ (what the README's Voila link opens): open
    ``voila_apps.url("voila/render/explorer.ipynb")``."""
    require_module("voila")
    home = tmp_path_factory.mktemp("voila-apps")
    root = home / "apps"
    root.mkdir()
    for path in sorted((REPO / "notebooks" / "apps").glob("*.ipynb")):
        shutil.copy(path, root / path.name)
    with serve(voila_command(root), cwd=root, home=home) as server:
        yield server


def voila_command(root: Path) -> Callable[[int], list[str]]:
    """The command that starts Voila on ``root``, given a port."""

    def command(port: int) -> list[str]:
        return [
            sys.executable,
            "-m",
            "voila",
            str(root),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0",
            f"--token={TOKEN}",
        ]

    return command


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voila serving the test notebooks (as the README's Binder link serves a lesson): open
    ``voila.url("voila/render/<name>.ipynb")``. One server for a module's tests."""
    require_module("voila")
    home = tmp_path_factory.mktemp("voila")
    root = write_notebooks(home / "notebooks")
    with serve(voila_command(root), cwd=root, home=home) as server:
        yield server


LAB_SETTINGS = {
    # JupyterLab 4 renders only the cells on screen unless windowing is off.
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    # The news pop-up can cover outputs.
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    # Running the cells changes the notebook: it must never be written back.
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
}


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab, as `make lab` starts it, serving the test notebooks from a temporary folder
    (so running their cells can never change the repository), with test settings in a
    temporary directory. One server for a module's tests."""
    with start_lab(tmp_path_factory.mktemp("lab"), LAB_SETTINGS) as server:
        yield server


@pytest.fixture(scope="module")
def plain_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab with no test settings at all: only what the repository ships applies (the
    settings `make venv` installs into the environment)."""
    with start_lab(tmp_path_factory.mktemp("plain-lab"), {}) as server:
        yield server


@contextmanager
def start_lab(
    tmp_path: Path, lab_settings: dict[str, dict[str, Any]], lessons: tuple[str, ...] = ()
) -> Iterator[Server]:
    """JupyterLab on the test notebooks (and copies of the ``lessons`` of notebooks/, as a
    fresh clone has them) with ``lab_settings`` as the user's settings."""
    require_module("jupyterlab")
    root = write_notebooks(tmp_path / "root" / "notebooks").parent
    for lesson in lessons:
        shutil.copy(REPO / "notebooks" / lesson, root / "notebooks" / lesson)
    settings = tmp_path / "settings"
    settings.mkdir()
    for plugin, values in lab_settings.items():
        path = settings / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    allow_root = ["--allow-root"] if os.geteuid() == 0 else []

    def command(port: int) -> list[str]:
        return [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            *allow_root,
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--ServerApp.root_dir={root}",
            f"--IdentityProvider.token={TOKEN}",
            f"--LabServerApp.user_settings_dir={settings}",
            f"--LabServerApp.workspaces_dir={tmp_path / 'workspaces'}",
        ]

    with serve(command, cwd=root, home=tmp_path) as server:
        yield server
