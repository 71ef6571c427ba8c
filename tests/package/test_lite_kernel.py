"""The JupyterLite site with its kernel running, in headless Chromium with no network: the site
carries its own Pyodide core (``lite/build.py --pyodide npm``: the npm package ``pyodide`` and
the pure-Python packages of its lock, from PyPI, with the lock's hashes rewritten), is served on
127.0.0.1, and every other request is refused. Lesson 00 runs top to bottom with no traceback,
its explorer answers a click, and a plotly chart is drawn; then an explorer's Perfect play panel
solves a position in steps while the kernel answers another cell.

What such a site cannot have: numpy and pandas (compiled; not on PyPI for Pyodide) and what
needs them or another compiled package (nbformat, through jsonschema's rpds-py and
pyrsistent). The setup cell must then say, in the cell, exactly those and what to do; lesson 00
uses neither. The published site carries Pyodide's full release, where both are.

npm, Chromium and Playwright are needed; without them the test is skipped with the reason
(failed under CI=true). The npm package and the wheels are cached in .cache/ (git-ignored).
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium import expect, local_page
from package_checks import load_lite_build, serve, skip_unless_available

pytestmark = [pytest.mark.slow, pytest.mark.browser]

lite_build = load_lite_build()
RUN_SECONDS = 240
"""How long the kernel may take to start and run lesson 00 on a loaded machine."""
CLICK_SECONDS = 30
"""How long a click may take to reach the kernel and come back as an updated widget."""
OFFLINE_MISSING = {"nbformat", "pandas"}
"""What the setup cell cannot install from a site with Pyodide's core only (see above)."""
CHART_CELL = """\
import plotly.graph_objects as go
from IPython.display import display

figure = go.Figure(go.Bar(x=["random", "greedy"], y=[46, 154]))
display({"application/vnd.plotly.v1+json": figure.to_plotly_json()}, raw=True)"""
"""The chart drawn at the end of lesson 00."""
NOTEBOOK = "window.jupyterapp.shell.currentWidget"
SOLVE_SECONDS = 120
"""How long the Perfect play panel's solve of :func:`panel_position` may take in the page."""
PANEL_CELL = """\
import cardlab
from cardlab.widgets import Explorer

game = cardlab.game("two-ten-jack")
state = game.deal(seed={seed})
for move in {moves!r}:
    state = state.play(move)
explorer = Explorer(game, state=state, solver=False)
explorer.SOLVE_SECONDS = 600.0  # in a slow browser too, solved rather than out of budget
explorer.solver_toggle.value = True  # solved in steps on the kernel's event loop
explorer"""
"""An explorer whose Perfect play panel solves a position of a second or two in Pyodide."""
WHILE_SOLVING_CELL = 'print("answered while the panel solves:", explorer.solve_running)'
"""A cell run at once after :data:`PANEL_CELL`: the kernel answers it between two steps."""
"""The open notebook's panel, in the page (the test site exposes the app as jupyterapp)."""
BOTS_CELL = """\
import cardlab
from cardlab.widgets import Explorer

thinking = Explorer(cardlab.game("mod-ten", players=3), seed=1, human=0, bots="ismcts:20000")
thinking"""
"""An explorer whose ismcts bots think for seconds a move before the user's turn."""
WHILE_THINKING_CELL = 'print("answered while the bots think:", thinking.bots_thinking)'
"""A cell run at once after :data:`BOTS_CELL`: the kernel answers it between two slices."""
THINK_SECONDS = 180
"""How long the bots of :data:`BOTS_CELL` may take to reach the user's turn in the page."""


@pytest.fixture(scope="module")
def self_hosted_site(dists, tmp_path_factory) -> Path:
    """The site with the npm package's Pyodide core. For the test only, JupyterLab is exposed
    to the page (``exposeAppInBrowser``) so that the test can run cells and read the kernel."""
    skip_unless_available(bool(shutil.which("npm")), "npm is needed (apt-get install npm)")
    out = tmp_path_factory.mktemp("lite-self-hosted") / "site"
    site: Path = lite_build.build(out, dists.wheel, pyodide="npm")
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    config["jupyter-config-data"]["exposeAppInBrowser"] = True
    config_path.write_text(json.dumps(config))
    return site


@pytest.fixture(scope="module")
def site_url(self_hosted_site: Path) -> Iterator[str]:
    with serve(self_hosted_site) as url:
        yield url


@pytest.fixture
def page(browser: Any, site_url: str) -> Iterator[Any]:
    with local_page(browser, site_url, RUN_SECONDS * 1000) as new_page:
        yield new_page


def run_all(page: Any, site_url: str, lesson: str) -> None:
    """Open ``lesson``, wait for its kernel, run every cell and wait until all have run."""
    page.goto(f"{site_url}/lab/index.html?path={lesson}")
    page.wait_for_function(
        f"() => window.jupyterapp && {NOTEBOOK} && {NOTEBOOK}.sessionContext"
        f" && {NOTEBOOK}.sessionContext.session?.kernel?.connectionStatus === 'connected'"
        f" && {NOTEBOOK}.sessionContext.session.kernel.status === 'idle'"
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    wait_until_idle(page)


def wait_until_idle(page: Any) -> None:
    """Wait until every code cell of the open notebook has run and the kernel is idle."""
    page.wait_for_function(
        f"() => {NOTEBOOK}.content.widgets.filter(c => c.model.type === 'code')"
        ".every(c => c.model.executionCount !== null)"
        f" && {NOTEBOOK}.sessionContext.session.kernel.status === 'idle'"
    )


def errors_on(page: Any) -> list[str]:
    """The texts of the error and stderr outputs of the open notebook."""
    outputs = page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'],"
        " .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"
    )
    texts: list[str] = outputs.all_inner_texts()
    notebook_text = page.locator(".jp-NotebookPanel .jp-Notebook").inner_text()
    if "Traceback" in notebook_text:
        texts.append(notebook_text[notebook_text.index("Traceback") :][:2000])
    return texts


def panel_position() -> tuple[int, list[str], int]:
    """A Two-Ten-Jack deal's seed, the greedy moves to the moment 10 cards are left in the
    stock (everything face up: solved exactly, about half a second in CPython), and the
    positions CPython's solve searches from there."""
    import cardlab
    from cardlab.agents import make_agent

    seed = 1
    state = cardlab.game("two-ten-jack").deal(seed=seed)
    greedy = make_agent("greedy", seed=seed)
    while len(state.stock) > 10 or state.trick:
        state = state.play(greedy(state.view(state.current_player)))
    moves = [str(move) for move in state.moves]
    return seed, moves, cardlab.solve(state).positions


def run_new_cell(page: Any, source: str) -> Any:
    """Add a cell with ``source`` at the end of the open notebook, run it, wait until the
    kernel is idle; returns the cell."""
    page.evaluate(
        "async () => { const app = window.jupyterapp;"
        f" {NOTEBOOK}.content.activeCellIndex = {NOTEBOOK}.content.widgets.length - 1;"
        " await app.commands.execute('notebook:insert-cell-below');"
        f" {NOTEBOOK}.content.activeCell.model.sharedModel.setSource({json.dumps(source)});"
        " await app.commands.execute('notebook:run-cell'); }"
    )
    wait_until_idle(page)
    cells = page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell")
    return cells.nth(cells.count() - 1)  # this cell, even once others are added after it


def the_panel_solves_in_steps_while_the_kernel_answers(page: Any) -> None:
    """The explorer's Perfect play panel, on in JupyterLite, solves in steps: a cell run
    meanwhile is answered while it solves, and the panel then shows CPython's solution."""
    seed, moves, positions = panel_position()
    explorer_cell = run_new_cell(page, PANEL_CELL.format(seed=seed, moves=moves))
    asked = run_new_cell(page, WHILE_SOLVING_CELL)
    expect(asked.locator(".jp-OutputArea")).to_contain_text("answered while the panel solves: True")
    panel = explorer_cell.locator(".widget-html").filter(has_text="Perfect play")
    expect(panel).to_contain_text(
        f"Perfect play ({positions:,} positions searched)", timeout=SOLVE_SECONDS * 1000
    )


def the_bots_think_while_the_kernel_answers(page: Any) -> None:
    """The explorer's slow bots think on the kernel's event loop in JupyterLite: a cell run
    meanwhile is answered while they think, and they then reach the user's turn (the thinking
    line goes)."""
    explorer_cell = run_new_cell(page, BOTS_CELL)
    asked = run_new_cell(page, WHILE_THINKING_CELL)
    expect(asked.locator(".jp-OutputArea")).to_contain_text("answered while the bots think: True")
    line = explorer_cell.locator(".widget-html").filter(has_text="is thinking")
    expect(line).to_have_count(0, timeout=THINK_SECONDS * 1000)
    later = run_new_cell(page, "print('to move:', thinking.state.current_player)")
    expect(later.locator(".jp-OutputArea")).to_contain_text("to move: 0")


def test_lesson_00_runs_its_explorer_answers_and_a_chart_is_drawn(page, site_url, tmp_path):
    try:
        run_all(page, site_url, "00-start-here.ipynb")
        assert errors_on(page) == []

        # The setup cell says, in the cell, what cannot be had here and what to do.
        setup = page.locator(".jp-CodeCell").first.locator(".jp-OutputArea")
        expect(setup).to_contain_text("NOT READY")
        missing = set(re.findall(r"^\s+(\S+) \(for ", setup.inner_text(), re.M))
        assert missing == OFFLINE_MISSING
        expect(setup).to_contain_text("What to do: reload the page")

        # The lesson's own outputs: cardlab's pictures and the first deal's events.
        notebook = page.locator(".jp-NotebookPanel .jp-Notebook")
        expect(notebook).to_contain_text("Seat 2 leads 3D: the table makes 3.")
        expect(notebook.locator(".cardlab-card").first).to_be_visible()

        # The explorer (the last cell) answers a click on a legal card.
        explorer = (
            notebook.locator(".widget-vbox").filter(has=page.get_by_title("Deal", exact=True)).last
        )
        narration = explorer.locator(".widget-html").filter(has_text=re.compile(r"^\s*Move \d"))
        expect(narration).to_contain_text("Move 0.")
        legal = explorer.get_by_role("button", name=re.compile(r"^(10|[2-9AJQK])[♣♦♥♠]$"))
        legal.first.click()
        expect(narration).to_contain_text("Move 1.", timeout=CLICK_SECONDS * 1000)

        # A plotly chart, in a new cell at the end, is drawn with no traceback. Displayed as a
        # figure, plotly wants nbformat, which this site cannot have (see above): the cell shows
        # the figure's own MIME bundle, which is what plotly sends to the same front end.
        page.evaluate(
            "async () => { const app = window.jupyterapp;"
            f" {NOTEBOOK}.content.activeCellIndex = {NOTEBOOK}.content.widgets.length - 1;"
            " await app.commands.execute('notebook:insert-cell-below');"
            f" {NOTEBOOK}.content.activeCell.model.sharedModel.setSource({json.dumps(CHART_CELL)});"
            " await app.commands.execute('notebook:run-cell'); }"
        )
        wait_until_idle(page)
        chart = notebook.locator(".jp-Cell").last.locator(".js-plotly-plot .main-svg")
        expect(chart.first).to_be_attached(timeout=CLICK_SECONDS * 1000)
        assert errors_on(page) == []

        # The Perfect play panel, on by default here, solves without holding the kernel.
        the_panel_solves_in_steps_while_the_kernel_answers(page)
        assert errors_on(page) == []

        # Slow bots think without holding the kernel either.
        the_bots_think_while_the_kernel_answers(page)
        assert errors_on(page) == []
    finally:
        page.screenshot(path=tmp_path / "lite-lesson-00.png", full_page=True)


def test_the_self_hosted_lock_names_the_files_the_site_carries(self_hosted_site):
    import hashlib

    pyodide = self_hosted_site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    carried = sorted(path.name for path in pyodide.glob("*.whl"))
    assert carried, "no wheel of Pyodide's lock in the site"
    by_file = {spec["file_name"]: spec for spec in lock["packages"].values()}
    for name in carried:
        digest = hashlib.sha256((pyodide / name).read_bytes()).hexdigest()
        assert by_file[name]["sha256"] == digest, name
    # None of the site's own wheels duplicates a package of Pyodide's lock (micropip would
    # take Pyodide's version and never use the bundled one).
    in_lock = {lite_build.normal(name) for name in lock["packages"]}
    bundled = {lite_build.normal(name) for name in lite_build.BUNDLED_WHEELS}
    assert bundled & in_lock == set()


def test_a_pyodide_release_tarball_is_carried_whole(self_hosted_site, dists, tmp_path):
    # What the Pages workflow does with Pyodide's full release, here with a tarball in the
    # release's layout (a top pyodide/ folder) made from the self-hosted core.
    import tarfile

    pyodide = self_hosted_site / "static" / "pyodide"
    tarball = tmp_path / "pyodide-release.tar.bz2"
    with tarfile.open(tarball, "w:bz2") as archive:
        archive.add(pyodide, arcname="pyodide")
    site = lite_build.build(tmp_path / "site", dists.wheel, pyodide=str(tarball))
    carried = sorted(path.name for path in (site / "static" / "pyodide").iterdir())
    assert carried == sorted(path.name for path in pyodide.iterdir())
    assert lite_build.pyodide_url(site) == "./static/pyodide/pyodide.mjs"
    assert '"./static/pyodide/pyodide.mjs"' in (site / "kernel-check.js").read_text()
