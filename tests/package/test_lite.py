"""The JupyterLite site (``make lite``, lite/build.py) holds what a student needs to run every
lesson in the browser: the lessons with a setup cell, cardlab's wheel, the pinned wheels of
what the lessons import, and the kernel, widget and plotly front ends.

What cannot be checked here: the site running in a browser. Its kernel loads Pyodide and
pandas from Pyodide's CDN, which these machines cannot reach (tests/package/test_pyodide.py
runs cardlab itself under Pyodide in Node.js instead).
"""

from __future__ import annotations

import ast
import json
import re
import sys

import pytest
from package_checks import REPO, load_lite_build

import cardlab

pytestmark = pytest.mark.slow

lite_build = load_lite_build()
LESSONS = sorted(path.name for path in (REPO / "notebooks").glob("*.ipynb"))
SOLUTIONS = sorted(path.name for path in (REPO / "notebooks" / "solutions").glob("*.ipynb"))


@pytest.fixture
def site(lite_site):
    """The site (built once per session by conftest.py)."""
    return lite_site


def locked_versions() -> dict[str, str]:
    """Package name (normalized) -> version, from requirements/lock.txt."""
    versions = {}
    for line in (REPO / "requirements" / "lock.txt").read_text().splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==", 1)
            versions[re.sub(r"[-_.]+", "-", name).lower()] = version.strip()
    return versions


def imported_modules(notebook: dict) -> set[str]:
    """The top-level modules that a notebook's code cells import (magics skipped)."""
    modules = set()
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("%"))
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.Import):
                modules |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules.add(node.module.split(".")[0])
    return modules


def as_served(cell: dict) -> dict:
    """A lesson's cell as the site should serve it: charts interactive, docs links rewritten."""
    cell = lite_build.interactive_only(cell)
    source = "".join(cell["source"])
    if cell["cell_type"] == "markdown" and lite_build.site_links(source) != source:
        cell = {**cell, "source": lite_build.site_links(source)}
    return cell


def test_every_lesson_and_solution_is_in_the_site_with_the_setup_cell_first(site):
    assert sorted(path.name for path in (site / "files").glob("*.ipynb")) == LESSONS
    served_solutions = sorted(path.name for path in (site / "files" / "solutions").glob("*"))
    assert served_solutions == SOLUTIONS
    for name in LESSONS + [f"solutions/{name}" for name in SOLUTIONS]:
        original = json.loads((REPO / "notebooks" / name).read_text())
        served = json.loads((site / "files" / name).read_text())
        code_cells = [cell for cell in served["cells"] if cell["cell_type"] == "code"]
        setup = "".join(code_cells[0]["source"])
        assert "await piplite.install(name)" in setup
        assert f"urlpath=lab/tree/notebooks/{name}" in setup, name  # its Binder link
        uses = [need.name for need in lite_build.lesson_uses(original)]
        assert code_cells[0]["metadata"]["cardlab"] == {"uses": uses, "not_carried": []}, name
        # Otherwise the lesson is the one in the repository, outputs included, but for the
        # static pictures stored beside interactive charts (the site draws the charts) and
        # the links to docs/, which go to the documentation's pages.
        rest = [cell for cell in served["cells"] if cell.get("id") != "cardlab-jupyterlite-setup"]
        assert rest == [as_served(cell) for cell in original["cells"]], name
        for cell in rest:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                assert not ("application/vnd.plotly.v1+json" in data and "image/png" in data)


@pytest.fixture
def setup_run(monkeypatch, capsys):
    """Run a setup cell in this Python, with a stand-in for JupyterLite's ``piplite`` whose
    install of the names in ``fail`` fails as a cut download does; returns what the cell
    printed and what it installed. plotly's default renderer is put back after."""
    import asyncio
    import types

    import plotly.io as pio

    monkeypatch.setattr(pio.renderers, "default", pio.renderers.default)

    def run(cell: dict, fail: tuple[str, ...] = ()) -> tuple[str, list[str]]:
        installed = []

        async def install(name):
            if name in fail:
                raise OSError(f"Failed to fetch {name}.whl")
            installed.append(name)

        monkeypatch.setitem(sys.modules, "piplite", types.SimpleNamespace(install=install))
        namespace: dict = {}
        exec(cell["source"].split("\nawait ")[0], namespace)  # (await: only in a notebook)
        asyncio.run(namespace["_cardlab_setup"]())
        return capsys.readouterr().out, installed

    return run


def lesson(name: str) -> dict:
    return json.loads((REPO / "notebooks" / name).read_text())


def test_the_setup_cell_names_what_the_lesson_uses_and_says_ready():
    start = lite_build.lesson_uses(lesson("00-start-here.ipynb"))
    assert [need.name for need in start] == ["cardlab", "ipywidgets", "anywidget"]
    for name in LESSONS[1:]:  # they build tables
        assert "pandas" in [need.name for need in lite_build.lesson_uses(lesson(name))], name
    # A solution whose check plays hands (cardlab.simulate) uses pandas through it.
    assert "mod-ten.6" in lite_build.checks_that_simulate()
    uses = lite_build.lesson_uses(lesson("solutions/01-mod-ten-solutions.ipynb"))
    assert [need.name for need in uses] == ["cardlab", "pandas"]


def test_a_lesson_whose_packages_are_here_is_ready(setup_run):
    cell = lite_build.setup_cell(
        "00-start-here.ipynb", lite_build.lesson_uses(lesson("00-start-here.ipynb")), ("pandas",)
    )
    said, installed = setup_run(cell)
    assert said.splitlines()[0] == (
        "This lesson uses: cardlab, ipywidgets (the explorer and the other widgets),"
        " anywidget (the explorer's hand and the charts with sliders)."
    )
    assert f"Ready: cardlab {cardlab.__version__} and everything this lesson uses." in said
    assert "NOT READY" not in said
    assert installed == ["cardlab", "ipywidgets", "anywidget", "plotly", "tqdm"]  # no pandas


def test_a_package_the_site_does_not_carry_is_said_with_where_the_lesson_runs(setup_run):
    uses = lite_build.lesson_uses(lesson("01-mod-ten.ipynb"))
    said, installed = setup_run(lite_build.setup_cell("01-mod-ten.ipynb", uses, ("pandas",)))
    assert "NOT READY: the Python of this site does not carry:\n" in said
    assert "  pandas (for the tables and the simulations)\n" in said
    assert f"{lite_build.BINDER_URL}01-mod-ten.ipynb" in said
    assert f"{lite_build.FULL_SITE_URL}01-mod-ten.ipynb" in said
    assert "reload" not in said and "Ready:" not in said
    assert "pandas" not in installed


def test_a_failed_download_is_said_with_reload(setup_run):
    uses = lite_build.lesson_uses(lesson("05-win-rates.ipynb"))
    said, _ = setup_run(lite_build.setup_cell("05-win-rates.ipynb", uses), fail=("plotly",))
    assert "NOT READY: these could not be downloaded or imported:" in said
    assert "  plotly (for the charts): OSError: Failed to fetch plotly.whl" in said
    assert "reload the page and run this cell again" in said
    assert "does not carry" not in said and "Ready:" not in said
    # A package the lesson does not use failing is no reason to stop.
    said, _ = setup_run(
        lite_build.setup_cell("00-start-here.ipynb", [lite_build.REQUIREMENTS[0]]),
        fail=("plotly",),
    )
    assert "Ready: cardlab" in said


def test_the_setup_cell_installs_everything_the_lessons_import():
    installed = set(lite_build.SETUP_PACKAGES)
    for name in LESSONS:
        notebook = json.loads((REPO / "notebooks" / name).read_text())
        third_party = imported_modules(notebook) - set(sys.stdlib_module_names)
        assert third_party <= installed, (
            f"{name} imports {sorted(third_party - installed)}: add it to SETUP_PACKAGES "
            "(and its wheel to BUNDLED_WHEELS if Pyodide does not provide it) in lite/build.py"
        )


def test_the_site_carries_cardlab_and_the_locked_wheels(site, dists):
    index = json.loads((site / "pypi" / "all.json").read_text())
    assert list(index["cardlab"]["releases"]) == [cardlab.__version__]
    assert (site / "pypi" / dists.wheel.name).read_bytes() == dists.wheel.read_bytes()
    locked = locked_versions()
    for name in lite_build.BUNDLED_WHEELS:
        key = re.sub(r"[-_.]+", "-", name).lower()
        assert list(index[key]["releases"]) == [locked[key]], name
    assert all(path.name.endswith("-py3-none-any.whl") for path in (site / "pypi").glob("*.whl"))


def test_the_site_has_the_kernel_widget_and_plotly_front_ends_and_nothing_else(site):
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    names = {extension["name"] for extension in config["federated_extensions"]}
    assert names == set(lite_build.FRONT_ENDS)
    for name in names:
        assert (site / "extensions" / name / "package.json").exists(), name
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert any(url.startswith("./pypi/all.json") for url in kernel["pipliteUrls"])
    assert config["appName"] == "cardlab lessons"
    assert (site / "lab" / "index.html").exists() and (site / "notebooks" / "index.html").exists()


def test_links_to_the_docs_folder_go_to_the_published_pages():
    markdown = "[rules](../docs/rules.md#1-mod-ten), [guide](../docs/teachers.md), [x](01-a.ipynb)"
    assert lite_build.site_links(markdown) == (
        f"[rules]({lite_build.DOCS_URL}rules.html#1-mod-ten),"
        f" [guide]({lite_build.DOCS_URL}teachers.html), [x](01-a.ipynb)"
    )


def test_every_page_loads_the_kernel_check_told_where_pyodide_is(site):
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    script = (site / "kernel-check.js").read_text()
    assert f'"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/pyodide.mjs"' in script
    for page in lite_build.PAGES:
        assert '<script src="../kernel-check.js"></script>' in (site / page).read_text(), page


def test_the_lessons_themselves_are_not_changed_by_the_build(site):
    # The setup cell lives only in the site: the repository's lessons stay as nbval checks them.
    for name in LESSONS:
        cells = json.loads((REPO / "notebooks" / name).read_text())["cells"]
        assert not any(cell.get("id") == "cardlab-jupyterlite-setup" for cell in cells)


def test_a_missing_front_end_is_reported_by_name(monkeypatch):
    monkeypatch.setattr(lite_build, "FRONT_ENDS", ("no-such-extension",))
    with pytest.raises(lite_build.LiteBuildError, match="no-such-extension is not installed"):
        lite_build.front_end_paths()
