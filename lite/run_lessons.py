"""Run every lesson and solutions notebook of a built JupyterLite site top to bottom in headless
Chromium, as a student's browser would, with every request that leaves this machine refused
(as a school network that blocks outside addresses would).

    python lite/run_lessons.py SITE [NAME ...] [--seconds N] [--chromium PATH]

``SITE`` is a site built by ``lite/build.py``; ``NAME`` a notebook under its ``files/``
("00-start-here.ipynb", "solutions/01-mod-ten-solutions.ipynb"; default: all of them). The
site is served on 127.0.0.1; each notebook opens in a fresh page (its own kernel), runs all
its cells and is read back from JupyterLab's model of it. One line per notebook says what
came of it:

- ``ran``: every cell ran, none ended in an error, the setup cell said "Ready", and the page
  asked for nothing it could not have and logged no error;
- ``FAILED``: a cell ended in an error (its number, the error), the setup cell said "NOT
  READY", the page asked for a file that failed (anything off the site among them: refused)
  or logged an error to the browser's console (:data:`ALLOWED_ERRORS` aside), or the
  notebook did not finish within ``--seconds``;
- ``not runnable here``: the notebook uses a package this site does not carry (its setup
  cell's metadata says which: a site with Pyodide's core only has no pandas). It is not
  opened.

The exit status is 1 when a notebook failed. The Pages workflow runs this on the site it is
about to publish (Pyodide's full release: every notebook must run), ``make test`` on the site
that carries Pyodide's core (tests/package/test_lite_kernel.py), so both run the same code.
Needs Playwright (in .venv) and Debian's Chromium.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

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
"""Debian's Chromium, as the browser tests start it (no background requests of its own)."""
SECONDS = 600
"""How long one notebook may take to open, start its kernel and run every cell."""
NOTEBOOK = "window.jupyterapp.shell.currentWidget"
"""The open notebook's panel, in the page (the site is served with the app exposed)."""
KERNEL_READY = (
    f"() => window.jupyterapp && {NOTEBOOK} && {NOTEBOOK}.sessionContext"
    f" && {NOTEBOOK}.sessionContext.session?.kernel?.connectionStatus === 'connected'"
    f" && {NOTEBOOK}.sessionContext.session.kernel.status === 'idle'"
)
ALL_RUN = (
    f"() => {NOTEBOOK}.content.widgets.filter(c => c.model.type === 'code')"
    ".every(c => c.model.executionCount !== null && !c.hasClass('jp-mod-running'))"
    f" && {NOTEBOOK}.sessionContext.session.kernel.status === 'idle'"
)
"""True once every code cell has run and the kernel is idle."""
ALLOWED_ERRORS: tuple[str, ...] = ()
"""Console errors that are no fault of the site and do not fail a notebook (each a piece of
the error's text, with why). None so far: the self-hosted site's lessons log none, once the
kernel's jedi and parso are carried (lite/build.py, PYODIDE_NEEDS)."""
OUTPUTS = f"""() => {NOTEBOOK}.content.widgets.map((cell, index) => ({{
  index, type: cell.model.type,
  outputs: cell.model.type === 'code' ? cell.model.outputs.toJSON() : [],
}}))"""
"""Each cell's number, type and outputs (nbformat JSON), read from JupyterLab's model."""


@dataclass
class Result:
    """What came of one notebook: ``outcome`` is "ran", "FAILED" or "not runnable here"."""

    name: str
    outcome: str
    detail: str = ""
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def line(self) -> str:
        """The notebook's line of the report."""
        said = f"{self.outcome:<18} {self.name} ({self.seconds:.0f} s)"
        return f"{said}: {self.detail}" if self.detail else said


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves a site's files with the types JupyterLite needs, logs nothing, and serves the
    site's ``jupyter-lite.json`` with the app exposed to the page (``window.jupyterapp``), so
    that the notebook can be run and read; the site's files stay as built."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".wasm": "application/wasm",
        ".ipynb": "application/json",
        ".whl": "application/zip",
    }

    def do_GET(self) -> None:
        """A file of the site; the root ``jupyter-lite.json`` with the app exposed."""
        path = Path(self.directory) / "jupyter-lite.json"
        if self.path.split("?")[0] != "/jupyter-lite.json" or not path.exists():
            super().do_GET()
            return
        config = json.loads(path.read_text())
        config["jupyter-config-data"]["exposeAppInBrowser"] = True
        body = json.dumps(config).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Say nothing: the report is the output."""

    def handle(self) -> None:
        """Serve, and take a client that hangs up early as no error."""
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """``site`` served on a free port of 127.0.0.1; yields its address."""
    handler = functools.partial(SiteHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def notebooks(site: Path) -> list[str]:
    """The lessons and solutions notebooks of ``site``, as paths under its ``files/``."""
    files = site / "files"
    found = sorted(files.glob("*.ipynb")) + sorted(files.glob("solutions/*.ipynb"))
    return [path.relative_to(files).as_posix() for path in found]


def missing_here(site: Path, name: str) -> list[str]:
    """What notebook ``name`` uses that ``site`` does not carry (its setup cell's metadata)."""
    notebook = json.loads((site / "files" / name).read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        said = cell.get("metadata", {}).get("cardlab")
        if said is not None:
            return [package for package in said["uses"] if package in said["not_carried"]]
    return []


def problems_in(cells: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The errors of a run notebook (each "cell N: Name: value") and its notes (what went to
    stderr; a setup cell that did not say "Ready")."""
    errors, notes = [], []
    for cell in cells:
        for output in cell["outputs"]:
            where = f"cell {cell['index']}"
            if output["output_type"] == "error":
                errors.append(f"{where}: {output['ename']}: {output['evalue']}"[:400])
            text = "".join(output.get("text", ""))
            if output.get("name") == "stderr":
                notes.append(f"{where} wrote to stderr: {text.strip()[:300]}")
            if "NOT READY" in text:
                errors.append(f"{where} (setup): {text.strip()[:400]}")
    return errors, notes


@dataclass
class PageLog:
    """What a page did that a student would see in its console, or a school network would
    stop: each request that failed (its address and why; one off the site is refused), and
    each error it logged (console errors and uncaught exceptions)."""

    failed_requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        """Each failed request and each error, in words (:data:`ALLOWED_ERRORS` left out)."""
        errors = [e for e in self.errors if not any(a in e for a in ALLOWED_ERRORS)]
        return [f"asked for {url}" for url in self.failed_requests] + errors


def watch(page: Any) -> PageLog:
    """Start noting, in a :class:`PageLog`, the failed requests and the errors of ``page``.
    (A request refused by :func:`local_page` fails too, and the console says so: it is
    noted once, as a failed request.)"""
    log = PageLog()

    def failed(request: Any) -> None:
        log.failed_requests.append(f"{request.url} ({request.failure})")

    def console(message: Any) -> None:
        # "Failed to load resource: net::..." repeats a failed request (a 404 is said here only)
        if message.type == "error" and not message.text.startswith("Failed to load resource: net"):
            log.errors.append(f"console error: {message.text[:300]}")

    page.on("requestfailed", failed)
    page.on("console", console)
    page.on("pageerror", lambda error: log.errors.append(f"page error: {str(error)[:300]}"))
    return log


@contextlib.contextmanager
def local_page(
    browser: Any, site_url: str, timeout_ms: float, width: int = 1280, height: int = 1000
) -> Iterator[Any]:
    """A fresh page (in a context of its own) of ``width`` x ``height`` that may reach only
    ``site_url``: any other request is refused at once."""
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


def run_notebook(browser: Any, site_url: str, name: str, seconds: float) -> Result:
    """Open ``name`` in a fresh page that may reach only ``site_url``, run all its cells and
    say what came of it."""
    started = time.monotonic()
    with local_page(browser, site_url, seconds * 1000) as page:
        log = watch(page)
        try:
            page.goto(f"{site_url}/lab/index.html?path={name}")
            page.wait_for_function(KERNEL_READY, polling=500)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            left = seconds - (time.monotonic() - started)
            page.wait_for_function(ALL_RUN, polling=500, timeout=max(left, 1) * 1000)
            errors, notes = problems_in(page.evaluate(OUTPUTS))
        except Exception as error:  # a timeout, a page that broke: this notebook failed
            errors, notes = [f"did not finish: {type(error).__name__}: {str(error)[:300]}"], []
        errors += log.problems()
    took = time.monotonic() - started
    outcome = "FAILED" if errors else "ran"
    return Result(name, outcome, "; ".join(errors), took, notes)


def run_site(
    browser: Any, site: Path, names: list[str] | None = None, seconds: float = SECONDS
) -> list[Result]:
    """Run each notebook of ``names`` (default: every one) of the built ``site`` in
    ``browser``, printing each line of the report as it comes."""
    results = []
    with serve(site) as site_url:
        for name in notebooks(site) if names is None else names:
            missing = missing_here(site, name)
            if missing:
                why = f"uses {', '.join(missing)}, which this site does not carry"
                result = Result(name, "not runnable here", why)
            else:
                result = run_notebook(browser, site_url, name, seconds)
            print(result.line(), *(f"    note: {note}" for note in result.notes), sep="\n")
            sys.stdout.flush()
            results.append(result)
    return results


def summary(results: list[Result]) -> str:
    """The report's last line."""
    counts = {outcome: 0 for outcome in ("ran", "FAILED", "not runnable here")}
    for result in results:
        counts[result.outcome] += 1
    return ", ".join(f"{count} {outcome}" for outcome, count in counts.items())


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a site built by lite/build.py")
    parser.add_argument("names", nargs="*", help="notebooks under files/ (default: all)")
    parser.add_argument("--seconds", type=float, default=SECONDS, help="per notebook")
    parser.add_argument("--chromium", type=Path, default=CHROMIUM)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(args.chromium), args=CHROMIUM_ARGS, timeout=30_000
        )
        try:
            results = run_site(browser, args.site, args.names or None, args.seconds)
        finally:
            browser.close()
    print(f"lite lessons: {summary(results)}")
    return 1 if any(result.outcome == "FAILED" for result in results) else 0


if __name__ == "__main__":
    sys.exit(main())
