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


def test_every_lesson_is_in_the_site_with_the_setup_cell_first(site):
    assert sorted(path.name for path in (site / "files").glob("*.ipynb")) == LESSONS
    for name in LESSONS:
        original = json.loads((REPO / "notebooks" / name).read_text())
        served = json.loads((site / "files" / name).read_text())
        code_cells = [cell for cell in served["cells"] if cell["cell_type"] == "code"]
        setup = "".join(code_cells[0]["source"])
        assert "%pip install" in setup and "cardlab" in setup, name
        # Otherwise the lesson is the one in the repository, outputs included, but for the
        # static pictures stored beside interactive charts (the site draws the charts).
        rest = [cell for cell in served["cells"] if cell.get("id") != "cardlab-jupyterlite-setup"]
        assert rest == [lite_build.interactive_only(cell) for cell in original["cells"]], name
        for cell in rest:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                assert not ("application/vnd.plotly.v1+json" in data and "image/png" in data)


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


def test_the_lessons_themselves_are_not_changed_by_the_build(site):
    # The setup cell lives only in the site: the repository's lessons stay as nbval checks them.
    for name in LESSONS:
        cells = json.loads((REPO / "notebooks" / name).read_text())["cells"]
        assert not any(cell.get("id") == "cardlab-jupyterlite-setup" for cell in cells)


def test_a_missing_front_end_is_reported_by_name(monkeypatch):
    monkeypatch.setattr(lite_build, "FRONT_ENDS", ("no-such-extension",))
    with pytest.raises(lite_build.LiteBuildError, match="no-such-extension is not installed"):
        lite_build.front_end_paths()
