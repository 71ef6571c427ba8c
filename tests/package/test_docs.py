"""The documentation site (``make docs``) builds in strict mode, needs no network, documents
every public name of the package, and shows every lesson with its stored outputs."""

from __future__ import annotations

import ast
import html
import json
import re
import zlib
from pathlib import Path

import pytest
from package_checks import REPO

pytestmark = pytest.mark.slow

PACKAGE_DIR = REPO / "cardlab"
LESSONS = sorted((REPO / "notebooks").glob("*.ipynb"))
PLOTLY_MIME = "application/vnd.plotly.v1+json"


@pytest.fixture
def site(docs_site):
    """The site, built once per session by conftest.py as `make docs` builds it."""
    return docs_site


def inventory(site: Path) -> set[str]:
    """The names in the site's objects.inv (the Sphinx inventory mkdocstrings writes)."""
    data = (site / "objects.inv").read_bytes()
    header_end = 0
    for _ in range(4):
        header_end = data.index(b"\n", header_end) + 1
    lines = zlib.decompress(data[header_end:]).decode("utf-8").splitlines()
    return {line.split(" ", 1)[0] for line in lines if line.strip()}


def module_name(path: Path) -> str:
    """``cardlab/games/mod_ten.py`` -> ``cardlab.games.mod_ten``."""
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def defined_names(body: list[ast.stmt]) -> list[str]:
    """The public names a module or class body defines directly."""
    names = []
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, ast.Assign):
            names += [target.id for target in node.targets if isinstance(target, ast.Name)]
    return [name for name in names if not name.startswith("_")]


def public_names() -> set[str]:
    """Every public module of the package, and every public name its modules and their classes
    define, read from the sources (independently of the docs tools)."""
    expected = set()
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        module = module_name(path)
        if any(part.startswith("_") for part in module.split(".")):
            continue
        expected.add(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        expected |= {f"{module}.{name}" for name in defined_names(tree.body)}
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                prefix = f"{module}.{node.name}"
                expected |= {f"{prefix}.{name}" for name in defined_names(node.body)}
    return expected


def test_every_public_name_of_the_package_is_in_the_api_reference(site):
    missing = sorted(public_names() - inventory(site))
    assert not missing, f"not in the API reference: {missing}"


def test_every_module_has_its_own_reference_page(site):
    for path in PACKAGE_DIR.rglob("*.py"):
        parts = module_name(path).split(".")
        if any(part.startswith("_") for part in parts):
            continue
        if path.name == "__init__.py":
            page = site.joinpath("reference", *parts, "index.html")
        else:
            page = site.joinpath("reference", *parts).with_suffix(".html")
        assert page.exists(), page


EXTERNAL = re.compile(
    r"""<(?:script|img|iframe|source|audio|video|embed)\b[^>]*\bsrc=["'](?:https?:)?//"""
    r"""|<link\b(?![^>]*\brel=["'](?:canonical|alternate)["'])[^>]*\bhref=["'](?:https?:)?//"""
    r"""|url\(\s*["']?(?:https?:)?//|@import\s+["'](?:https?:)?//|import\(\s*["']https?://""",
    re.IGNORECASE,
)
"""Anything a browser would fetch from another host when a page opens (links are fine)."""


def test_no_page_loads_anything_from_the_network(site):
    offending = []
    for path in [*site.rglob("*.html"), *site.rglob("*.css")]:
        for match in EXTERNAL.finditer(path.read_text(encoding="utf-8", errors="replace")):
            offending.append(f"{path.relative_to(site)}: {match.group(0)}")
    assert not offending, offending


def test_search_works_from_a_folder_on_disk(site):
    # Material's offline plugin inlines the search index, and the worker shim is our copy.
    assert (site / "search" / "search_index.js").exists()
    page = (site / "index.html").read_text()
    assert 'src="assets/javascripts/iframe-worker/shim.js"' in page


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_every_lesson_is_a_page_with_its_stored_outputs(site, lesson):
    notebook = json.loads(lesson.read_text())
    page = (site / "lessons" / f"{lesson.stem}.html").read_text()
    title = next(
        line[2:].strip()
        for cell in notebook["cells"]
        if cell["cell_type"] == "markdown"
        for line in "".join(cell["source"]).splitlines()
        if line.startswith("# ")
    )
    assert f"<title>{title}" in page
    outputs = [output for cell in notebook["cells"] for output in cell.get("outputs", [])]
    charts = sum(PLOTLY_MIME in output.get("data", {}) for output in outputs)
    assert page.count('class="cardlab-plotly-figure"') == charts
    if charts:
        assert "plotly.min.js" in page and "plotly-figures.js" in page
    shown = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
    streams = [output["text"] for output in outputs if output.get("output_type") == "stream"]
    for text in streams[:3]:
        first = " ".join("".join(text).strip().splitlines()[0].split())
        assert first in shown, first
    assert "application/vnd.jupyter.widget-view+json" not in page
    assert f"../lite/lab/index.html?path={lesson.name}" in page
    download = site / "downloads" / lesson.name
    assert download.read_bytes() == lesson.read_bytes()


def test_the_plotly_js_on_the_site_is_the_one_plotly_ships(site):
    import plotly

    shipped = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    assert (site / "assets" / "javascripts" / "plotly.min.js").read_bytes() == shipped.read_bytes()


def test_the_rules_and_the_teachers_guide_are_in_the_site_once_written(site):
    nav = (site / "index.html").read_text()
    for name in ("rules", "teachers"):
        written = (REPO / "docs" / f"{name}.md").exists()
        assert (site / f"{name}.html").exists() == written, name
        assert (f'href="{name}.html"' in nav) == written, name


def test_the_bots_page_shows_the_measured_strength_of_every_game(site):
    page = html.unescape(re.sub(r"<[^>]+>", " ", (site / "bots.html").read_text()))
    assert 'href="bots.html"' in (site / "index.html").read_text()
    for heading in ("Mod Ten, 2 players", "Chinese Ten, 3 players", "Two-Ten-Jack, 2 players"):
        assert heading in page, heading
    assert "against random" in page and "strength-tables" not in page


def test_the_teachers_kit_and_its_printable_sheets_are_in_the_site(site):
    import importlib
    import sys

    sys.path.insert(0, str(REPO / "tools"))
    kit, sheets = importlib.import_module("kit"), importlib.import_module("sheets")
    assert 'href="kit/index.html"' in (site / "index.html").read_text()
    assert 'href="../sheets/index.html"' in (site / "kit" / "index.html").read_text()
    for name, page in sheets.build(site=True).items():  # as `make sheets` builds them
        assert (site / "sheets" / name).read_text() == page, name
    for lesson in LESSONS:
        if not lesson.name[:2].isdigit():
            continue
        notes = (site / "kit" / f"{lesson.stem}.html").read_text()
        minutes = kit.lesson_minutes().estimate(lesson).core.total
        assert f"<strong>{minutes:.0f}</strong>" in notes, lesson.stem  # computed at this build
        assert f'href="../sheets/{lesson.stem}.html"' in notes
        assert "kit:about" not in notes
    rubric = (site / "kit" / "bot-rubric.html").read_text()
    assert "kit:bars" not in rubric
    for name, (_, bar, _) in kit.open_bot_bars().items():  # read from the checks' code
        assert f"<code>{name}</code>" in rubric and f"{bar.hands:,} hands" in rubric
