"""Pages made at every docs build (run by the mkdocs-gen-files plugin, see mkdocs.yml).

- The API reference: one page per module of the package, found by walking ``cardlab/``, so a
  module that is added or removed appears or disappears by itself. Each page is a mkdocstrings
  directive; the package's own page lists the names ``import cardlab`` gives.
- The lessons: each ``notebooks/*.ipynb`` copied to ``lessons/`` with its stored outputs (it is
  never executed), with a box that says where to run it, and its plotly charts and widgets
  turned into HTML a page can show without a kernel or a CDN; the solutions notebooks the
  same way under ``lessons/solutions/`` (with an index page, in a section of the navigation
  of their own, after the lessons). Links in their Markdown cells go to the rendered pages:
  ``X.ipynb`` to ``X.html`` and ``../docs/X.md`` to the page ``X.html`` (mkdocs' own link
  check never sees inside a notebook).
- The teacher's kit: the pages of ``docs/kit/`` with their parts computed at this build (each
  lesson's objectives and timing by ``tools/lesson_minutes.py``, the table of the lessons, the
  open-bot checks' bars: ``tools/kit.py``), and the printable sheets under ``sheets/``
  (``tools/sheets.py``, as ``make sheets`` builds them).
- The navigation (``SUMMARY.md``, read by literate-nav), where the rules and the teacher's guide
  appear only once their pages (``docs/rules.md``, ``docs/teachers.md``) exist.
"""

from __future__ import annotations

import ast
import copy
import html
import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any

import griffe
import mkdocs_gen_files
import plotly
from mkdocs.structure.files import InclusionLevel
from mkdocs_gen_files.nav import Nav

REPO = Path(__file__).resolve().parents[1]
PACKAGE = "cardlab"
DOCS = REPO / "docs"
NOTEBOOKS = REPO / "notebooks"
BINDER_LAB = "https://mybinder.org/v2/gh/cardlab/cardlab/HEAD?urlpath=lab/tree/notebooks/"
"""Where a lesson opens on Binder (the repository is assumed to be cardlab/cardlab)."""
PLOTLY_JS = Path(plotly.__path__[0]) / "package_data" / "plotly.min.js"
"""plotly.js as the installed plotly package ships it: the charts are drawn with the same
version that made them, from the site itself."""

PLOTLY_MIME = "application/vnd.plotly.v1+json"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


# --------------------------------------------------------------------------- API reference


def module_names(package_dir: Path) -> list[str]:
    """The dotted names of the public modules under ``package_dir`` (none with a leading
    underscore, except packages' ``__init__``), packages before their modules."""
    names = []
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if any(part.startswith("_") for part in parts):
            continue
        names.append(".".join(parts))
    return sorted(names, key=lambda name: name.split("."))


def first_line(docstring: griffe.Docstring | None) -> str:
    """The first sentence-line of a docstring, for a summary table ('' if there is none)."""
    if docstring is None or not docstring.value.strip():
        return ""
    return docstring.value.strip().splitlines()[0].strip()


def lazy_names(init_file: Path, table: str = "_LAZY") -> dict[str, str]:
    """The names ``cardlab/__init__.py`` loads on first use, read from the source so the docs
    build imports nothing: its ``_LAZY`` table (name -> the module that holds it) or another
    literal table of the file, by name (``_SUBPACKAGES``; ``SHORT_NAMES`` of moved.py)."""
    for node in ast.parse(init_file.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [target.id for target in targets if isinstance(target, ast.Name)]
            if table in names and isinstance(node.value, ast.Dict):
                found = ast.literal_eval(node.value)
                return {str(key): str(value) for key, value in found.items()}
    return {}


def package_page(package: griffe.Module) -> str:
    """The page of the package itself: its docstring and a table of the names it exports,
    each linked to the page where it is defined."""
    rows = []
    for name in package.exports or ():
        member = package.members.get(str(name))
        if member is None:  # a name the package makes on first use (see lazy_names)
            continue
        try:
            target = member.final_target if isinstance(member, griffe.Alias) else member
        except griffe.AliasResolutionError:  # imported from outside the package
            rows.append(f"| `{PACKAGE}.{name}` | | |")
            continue
        rows.append(
            f"| [`{PACKAGE}.{name}`][{target.path}] | {first_line(target.docstring)} "
            f"| `{target.parent.path if target.parent else PACKAGE}` |"
        )
    lazy = []
    init_file = REPO / PACKAGE / "__init__.py"
    short_names = lazy_names(REPO / PACKAGE / "moved.py", "SHORT_NAMES")
    for name, module in lazy_names(init_file, "_SUBPACKAGES").items():
        lazy.append(f"[`{PACKAGE}.{name}`][{module}]")
    for short_name, module in short_names.items():
        lazy.append(f"[`{short_name}`][{module}]")
    for name, module in lazy_names(init_file).items():
        lazy.append(f"[`{PACKAGE}.{name}`][{module}.{name}]")
    lines = [
        f"# {PACKAGE}",
        "",
        f"::: {PACKAGE}",
        "    options:",
        "      members: false",
        "      show_root_heading: false",
        "",
        "## What `import cardlab` gives",
        "",
        "| name | what it is | defined in |",
        "| --- | --- | --- |",
        *rows,
        "",
    ]
    if lazy:
        lines += [
            "These are loaded on first use (they need pandas, plotly or ipywidgets), so",
            f"`import {PACKAGE}` stays fast: {', '.join(lazy)}.",
            "",
        ]
    return "\n".join(lines)


def write_reference() -> list[str]:
    """One page per module under reference/; returns the reference's navigation, as the
    lines of a Markdown list (packages hold their modules)."""
    nav = Nav()  # type: ignore[no-untyped-call]
    extensions = griffe.load_extensions(str(DOCS / "griffe_docstrings.py:MarkdownDocstrings"))
    package = griffe.load(
        PACKAGE, search_paths=[str(REPO)], extensions=extensions, resolve_aliases=True
    )
    assert isinstance(package, griffe.Module)
    for name in module_names(REPO / PACKAGE):
        parts = name.split(".")
        # A package's page is its section's index page (navigation.indexes in mkdocs.yml).
        if (REPO / Path(*parts)).is_dir():
            page = Path("reference", *parts, "index.md")
        else:
            page = Path("reference", *parts).with_suffix(".md")
        if name == PACKAGE:
            text = package_page(package)
        else:
            text = f"::: {name}\n"
        with mkdocs_gen_files.open(page, "w") as handle:
            handle.write(text)
        nav[tuple(parts)] = page.as_posix()
    return [line.rstrip("\n") for line in nav.build_literate_nav()]


# --------------------------------------------------------------------------- lessons


def notebook_title(notebook: dict[str, Any], fallback: str) -> str:
    """The text of the lesson's first ``# `` heading."""
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        for line in "".join(cell["source"]).splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return fallback


NOTEBOOK_TARGET = re.compile(r"\]\((?!https?:|mailto:|#)([^)\s]*?)\.ipynb(#[^)\s]*)?\)")
"""A Markdown link to a notebook (a lesson or a solutions notebook), relative."""
DOCS_TARGET = re.compile(r"\]\(((?:\.\./)+)docs/([\w-]+)\.md(#[^)\s]*)?\)")
"""A Markdown link to a page of docs/, as the repository's notebooks write it."""
FOLDER_TARGET = re.compile(r"\]\(solutions/\)")
"""A Markdown link to the solutions folder."""


def page_links(markdown: str, depth: int) -> str:
    """``markdown`` with its links pointed at the site's pages; ``depth`` is how many folders
    below ``lessons/`` the page is (0 for a lesson, 1 for a solutions notebook)."""
    up = "../" * (depth + 1)
    markdown = DOCS_TARGET.sub(lambda m: f"]({up}{m[2]}.html{m[3] or ''})", markdown)
    markdown = FOLDER_TARGET.sub("](solutions/index.html)", markdown)
    return NOTEBOOK_TARGET.sub(lambda m: f"]({m[1]}.html{m[2] or ''})", markdown)


def run_box(name: str, depth: int = 0) -> dict[str, Any]:
    """A markdown cell that says where the lesson ``name`` (e.g. "01-mod-ten", or
    "solutions/01-mod-ten-solutions") can be run; ``depth`` as for :func:`page_links`."""
    up = "../" * (depth + 1)
    lite = f"{up}lite/lab/index.html?path={name}.ipynb"
    binder = f"{BINDER_LAB}{name}.ipynb"
    download = f"{up}downloads/{name}.ipynb"
    text = (
        '<div class="admonition tip">\n'
        '<p class="admonition-title">Run this lesson</p>\n'
        "<p>This page shows the lesson with the outputs it was saved with. To change the code,"
        " play with the explorer and run the simulations yourself, open it "
        f'<a href="{lite}">in your browser</a> (JupyterLite: nothing to install, no server) or '
        f'<a href="{binder}">on Binder</a> (a full Python server, slower to start), or '
        f'<a href="{download}" download>download the notebook</a>.</p>\n'
        "</div>"
    )
    return {
        "cell_type": "markdown",
        "id": "cardlab-run-this-lesson",
        "metadata": {},
        "source": text,
    }


def plotly_html(figure: dict[str, Any]) -> str:
    """A plotly figure (its stored JSON) as HTML that docs/javascripts/plotly-figures.js draws
    with the site's own copy of plotly.js."""
    data = json.dumps(figure, separators=(",", ":")).replace("</", "<\\/")
    return (
        '<div class="cardlab-plotly">'
        f'<script type="application/json" class="cardlab-plotly-figure">{data}</script>'
        "</div>"
    )


def widget_html(name: str) -> str:
    """What a page shows where the lesson ``name`` displays a widget (it needs a kernel)."""
    lite = f"../lite/lab/index.html?path={name}.ipynb"
    return (
        '<div class="admonition note"><p class="admonition-title">Interactive widget</p>'
        "<p>Here the lesson shows an interactive widget, which needs a running kernel: "
        f'<a href="{html.escape(lite)}">run the lesson in your browser</a> to use it.</p></div>'
    )


def page_outputs(outputs: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    """A cell's stored outputs as a static page can show them: plotly figures drawn from their
    JSON, widgets replaced by a note, everything else (text, HTML, images) as stored."""
    shown = []
    for output in outputs:
        data = output.get("data", {})
        if PLOTLY_MIME in data:
            output = copy.deepcopy(output)
            output["data"] = {"text/html": plotly_html(data[PLOTLY_MIME])}
        elif WIDGET_MIME in data:
            output = copy.deepcopy(output)
            output["data"] = {"text/html": widget_html(name)}
        shown.append(output)
    return shown


def lesson_page(notebook: dict[str, Any], name: str, depth: int = 0) -> dict[str, Any]:
    """The notebook as its page shows it: the run box after the title cell, outputs made
    static (see :func:`page_outputs`), links to the site's pages (see :func:`page_links`).
    Nothing is executed. ``name`` is the notebook's path under notebooks/ without ``.ipynb``."""
    page = copy.deepcopy(notebook)
    for cell in page["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = page_outputs(cell.get("outputs", []), name)
        elif cell["cell_type"] == "markdown":
            cell["source"] = page_links("".join(cell["source"]), depth)
    page["cells"].insert(1, run_box(name, depth))
    page["metadata"].pop("widgets", None)
    return page


SOLUTION_PAGES: list[tuple[str, str]] = []
"""The solutions' (title, page path) pairs, filled by :func:`write_lessons`."""


def write_lessons() -> list[tuple[str, str]]:
    """Every lesson under lessons/ and every solutions notebook under lessons/solutions/
    (with an index page; their (title, page path) pairs go to :data:`SOLUTION_PAGES`);
    returns the lessons' (title, page path) pairs in lesson order."""
    pages = []
    solutions = []
    paths = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("solutions/*.ipynb"))
    for path in paths:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        relative = path.relative_to(NOTEBOOKS).as_posix()
        depth = relative.count("/")
        page = f"lessons/{relative}"
        name = relative.removesuffix(".ipynb")
        with mkdocs_gen_files.open(page, "w") as handle:
            json.dump(lesson_page(notebook, name, depth), handle, indent=1, ensure_ascii=False)
        with mkdocs_gen_files.open(f"downloads/{relative}", "w") as handle:
            handle.write(path.read_text(encoding="utf-8"))
        if depth:
            solutions.append((notebook_title(notebook, path.stem), path.stem, page))
        else:
            pages.append((notebook_title(notebook, path.stem), page))
    index = ["# Solutions", "", "The worked answers to each lesson's exercises.", ""]
    index += [f"- [{title}]({stem}.ipynb)" for title, stem, _ in solutions]
    with mkdocs_gen_files.open("lessons/solutions/index.md", "w") as handle:
        handle.write("\n".join(index) + "\n")
    SOLUTION_PAGES.extend((title, page) for title, _, page in solutions)
    with mkdocs_gen_files.open("assets/javascripts/plotly.min.js", "w") as handle:
        handle.write(PLOTLY_JS.read_text(encoding="utf-8"))
    return pages


# --------------------------------------------------------------------------- the bots page

STRENGTH_MARKER = "<!-- strength-tables -->"
"""Where docs/bots.md takes the strength tables."""


def write_bots_page() -> None:
    """bots.md: the hand-written page with, at its marker, the measured strength table of
    every registered game at every seat count the table has (read from the package's data by
    cardlab.bots.strength, so the page says what the explorer's bot menu says)."""
    from cardlab.bots import strength
    from cardlab.games import REGISTRY, game

    parts = []
    for name in REGISTRY:
        title = game(name).title
        units = {row.unit for row in strength.table() if row.game == name}
        for seats in sorted({row.seats for row in strength.table() if row.game == name}):
            table = strength.markdown_table(name, seats)
            heading = f"### {title}, {seats} players ({' '.join(units)} a hand)"
            parts.append(f"{heading}\n\n{table}\n")
    text = (DOCS / "bots.md").read_text(encoding="utf-8")
    with mkdocs_gen_files.open("bots.md", "w") as handle:
        handle.write(text.replace(STRENGTH_MARKER, "\n".join(parts)))


# --------------------------------------------------------------------------- the teacher's kit

KIT_PAGES = ("route", "class-experiment", "bot-rubric")
"""The kit's pages beside its front page and the lessons' notes, in the navigation's order."""


def tool(name: str) -> Any:
    """The script tools/<name>.py, imported as the tools import each other."""
    tools = str(REPO / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    return importlib.import_module(name)


def write_kit() -> list[tuple[str, str]]:
    """Every page of docs/kit/ with its computed parts in place, and the printable sheets under
    sheets/; returns the kit's (title, page path) pairs in navigation order (none without
    docs/kit/)."""
    if not (DOCS / "kit").is_dir():
        return []
    kit = tool("kit")
    pages = {}
    for path in sorted((DOCS / "kit").glob("*.md")):
        text = kit.page(path)
        with mkdocs_gen_files.open(f"kit/{path.name}", "w") as handle:
            handle.write(text)
        title = next(line[2:].strip() for line in text.splitlines() if line.startswith("# "))
        pages[path.stem] = (title.removesuffix(": notes for the teacher"), f"kit/{path.name}")
    for name, text in tool("sheets").build(site=True).items():
        with mkdocs_gen_files.open(f"sheets/{name}", "w") as handle:
            handle.write(text)
    order = ["index", *KIT_PAGES] + sorted(set(pages) - {"index", *KIT_PAGES})
    return [pages[name] for name in order if name in pages]


# --------------------------------------------------------------------------- navigation


def write_summary(
    lessons: list[tuple[str, str]], reference: list[str], kit: list[tuple[str, str]]
) -> None:
    """SUMMARY.md: the site's navigation. The rules and the teacher's guide appear once their
    pages exist, the teacher's kit after the guide."""
    lines = ["- [Home](index.md)", "- [Getting started](getting-started.md)"]
    if (DOCS / "bots.md").exists():
        lines.append("- [The bots](bots.md)")
    if (DOCS / "rules.md").exists():
        lines.append("- [The rules](rules.md)")
    lines.append("- Lessons")
    lines += [f"    - [{title}]({page})" for title, page in lessons]
    lines += ["- Solutions", "    - [Solutions](lessons/solutions/index.md)"]
    lines += [f"    - [{title}]({page})" for title, page in SOLUTION_PAGES]
    if (DOCS / "teachers.md").exists():
        lines.append("- [Teacher's guide](teachers.md)")
    if kit:
        lines.append("- Teacher's kit")
        lines += [f"    - [{title}]({page})" for title, page in kit]
    lines += [
        "- [In your browser](browser.md)",
        "- [Adding a game](adding-a-game.md)",
        "- API reference",
        *(f"    {line}" for line in reference),
        "- [Changelog](changelog.md)",
        "- [Contributing](contributing.md)",
    ]
    with mkdocs_gen_files.open("SUMMARY.md", "w") as handle:
        handle.write("\n".join(lines) + "\n")
    # literate-nav reads it; it is not a page of the site.
    summary = mkdocs_gen_files.files.get_file_from_path("SUMMARY.md")
    assert summary is not None
    summary.inclusion = InclusionLevel.EXCLUDED


if (DOCS / "bots.md").exists():
    write_bots_page()
write_summary(write_lessons(), write_reference(), write_kit())
