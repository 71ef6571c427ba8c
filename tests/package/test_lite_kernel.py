"""The JupyterLite site with its kernel running, in headless Chromium with no network: the site
carries its own Pyodide core (``lite/build.py --pyodide npm``: the npm package ``pyodide`` and
the pure-Python packages of its lock, from PyPI, with the lock's hashes rewritten), is served on
127.0.0.1, and every other request is refused.

- Every lesson and solutions notebook that this site can run runs top to bottom with no error
  (``lite/run_lessons.py``, the script the Pages workflow runs on the published site); the
  others are named as not runnable here, exactly those that use pandas.
- In lesson 00, the setup cell names what the lesson uses and says it is ready; an explorer
  answers a click; plotly charts (a figure left last in a cell, ``figure.show()``,
  ``display(figure)``) draw with no traceback and without nbformat; the explorer's Perfect play
  panel solves in steps while the kernel answers another cell, and slow bots think likewise.

What such a site cannot have: numpy and pandas (compiled; not on PyPI for Pyodide), nor
nbformat (its jsonschema needs rpds-py): the site does not carry nbformat at all (plotly is
shown without it), and the setup cell of a lesson that uses pandas says so, with where the
lesson runs. The published site carries Pyodide's full release, where pandas is.

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
from package_checks import load_lite_build, load_run_lessons, serve, skip_unless_available

pytestmark = [pytest.mark.slow, pytest.mark.browser]

lite_build = load_lite_build()
run_lessons = load_run_lessons()
RUN_SECONDS = 240
"""How long the kernel may take to start and run the setup cell on a loaded machine."""
CLICK_SECONDS = 30
"""How long a click may take to reach the kernel and come back as an updated widget."""
EXPLORER_CELL = """\
import cardlab
from cardlab.widgets import Explorer

Explorer(cardlab.game("mod-ten", players=3), seed=7)"""
"""Lesson 00's explorer, on a deal whose first move is seat 2's lead."""
CHART_CELLS = (
    'import plotly.graph_objects as go\n\ngo.Figure(go.Bar(x=["random", "greedy"], y=[46, 154]))',
    "go.Figure(go.Scatter(x=[1, 2, 3], y=[3, 1, 2])).show()",
    "from IPython.display import display\n\ndisplay(go.Figure(go.Pie(values=[1, 2])))",
)
"""A plain plotly figure left last in a cell (as the lessons leave cardlab's charts), then
shown by ``figure.show()`` and by ``display``: each must draw, with no traceback, in a kernel
without nbformat."""
NOTEBOOK = run_lessons.NOTEBOOK
"""The open notebook's panel, in the page (the site is served with the app exposed)."""
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
    """The site with the npm package's Pyodide core."""
    skip_unless_available(bool(shutil.which("npm")), "npm is needed (apt-get install npm)")
    out = tmp_path_factory.mktemp("lite-self-hosted") / "site"
    site: Path = lite_build.build(out, dists.wheel, pyodide="npm")
    return site


@pytest.fixture(scope="module")
def site_url(self_hosted_site: Path) -> Iterator[str]:
    with serve(self_hosted_site) as url:
        yield url


@pytest.fixture
def page(browser: Any, site_url: str) -> Iterator[Any]:
    with local_page(browser, site_url, RUN_SECONDS * 1000) as new_page:
        yield new_page


def run_setup(page: Any, site_url: str, lesson: str) -> Any:
    """Open ``lesson``, wait for its kernel and run its setup cell only; returns that cell."""
    page.goto(f"{site_url}/lab/index.html?path={lesson}")
    page.wait_for_function(run_lessons.KERNEL_READY)
    index = page.evaluate(
        f"() => {NOTEBOOK}.content.widgets.findIndex("
        "c => c.model.getMetadata('tags')?.includes('jupyterlite-setup'))"
    )
    page.evaluate(
        f"() => {{ {NOTEBOOK}.content.activeCellIndex = {index};"
        " return window.jupyterapp.commands.execute('notebook:run-cell'); }"
    )
    wait_until_run(page, index)
    return page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").nth(index)


def wait_until_run(page: Any, index: int | str) -> None:
    """Wait until cell ``index`` (a number, or JavaScript for one) of the open notebook has run
    and the kernel is idle."""
    page.wait_for_function(
        f"() => {NOTEBOOK}.content.widgets[{index}].model.executionCount !== null"
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
    from cardlab.bots.specs import make_agent

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
    wait_until_run(page, f"{NOTEBOOK}.content.widgets.length - 1")
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


def test_every_notebook_the_site_can_run_runs_and_the_others_are_named(self_hosted_site, browser):
    results = run_lessons.run_site(browser, self_hosted_site)
    failed = [result.line() for result in results if result.outcome == "FAILED"]
    assert failed == [], "\n".join(failed)
    not_here = {result.name for result in results if result.outcome == "not runnable here"}
    uses_pandas = {
        result.name
        for result in results
        if "pandas" in run_lessons.missing_here(self_hosted_site, result.name)
    }
    assert not_here == uses_pandas
    assert all(
        "uses pandas, which this site does not carry" in result.detail
        for result in results
        if result.name in not_here
    )
    ran = {result.name for result in results if result.outcome == "ran"}
    assert {"00-start-here.ipynb", "solutions/00-start-here-solutions.ipynb"} <= ran


def test_lesson_00_is_ready_its_explorer_answers_and_charts_draw(page, site_url, tmp_path):
    try:
        setup = run_setup(page, site_url, "00-start-here.ipynb").locator(".jp-OutputArea")
        expect(setup).to_contain_text(
            "This lesson uses: cardlab, ipywidgets (the explorer and the other widgets),"
            " anywidget (the explorer's hand and the charts with sliders)."
        )
        expect(setup).to_contain_text("Ready: cardlab")
        expect(setup).not_to_contain_text("NOT READY")

        # The explorer answers a click on a legal card.
        explorer = run_new_cell(page, EXPLORER_CELL)
        narration = explorer.locator(".widget-html").filter(has_text=re.compile(r"^\s*Move \d"))
        expect(narration).to_contain_text("Move 0.")
        explorer.get_by_role("button", name="play three of diamonds").click()
        expect(narration).to_contain_text("Move 1.", timeout=CLICK_SECONDS * 1000)

        # plotly charts draw with no traceback, though this kernel has no nbformat.
        for source in CHART_CELLS:
            chart = run_new_cell(page, source).locator(".js-plotly-plot .main-svg")
            expect(chart.first).to_be_attached(timeout=CLICK_SECONDS * 1000)
        no_nbformat = run_new_cell(
            page, "import importlib.util\nimportlib.util.find_spec('nbformat')"
        )
        expect(no_nbformat.locator(".jp-OutputArea")).to_have_text("")  # None shows nothing
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
