"""Build the lessons as a JupyterLite site: JupyterLab in the browser, Python from Pyodide, no
server. ``make lite`` runs ``python lite/build.py --output site/lite``.

What goes in (staged in a temporary folder, then ``jupyter lite build``):

- the lessons and their solutions (``notebooks/*.ipynb``, ``notebooks/solutions/*.ipynb``, with
  their stored outputs), each with one more code cell after its title that installs cardlab
  and what the lessons use, one package at a time, then imports each and says in the cell what
  is missing and what to do (the cell exists only in this site, never in the repository's
  lessons). Links to ``../docs/*.md`` become links to the published documentation pages;
- cardlab's wheel (built from the working tree, or the one given with ``--wheel``) and the
  pure-Python wheels of what the lessons import that Pyodide does not provide, at the versions
  pinned in ``requirements/lock.txt`` (``pip download``: from pip's cache, or PyPI once);
- the front ends of the Pyodide kernel, ipywidgets, anywidget and plotly, taken from this
  environment (and nothing else installed here, such as jupytext or Voila's preview);
- ``lite/jupyter-lite.json``, ``lite/jupyter_lite_config.json`` and ``lite/overrides.json``
  (JupyterLab settings: no news or update checks), and ``lite/kernel-check.js``, loaded by
  every page: when Python (Pyodide) cannot be fetched, it says so on the page within seconds
  instead of leaving the first cell at ``[*]``.

Where the page loads Pyodide from (``--pyodide``):

- by default, Pyodide's public CDN (the kernel's default);
- ``--pyodide npm``, or a folder holding the npm package ``pyodide``: the site carries that
  core (about 20 MB) with the pure-Python packages of Pyodide's lock that the kernel and the
  lessons need, downloaded from PyPI at the lock's versions, the lock's sha256 entries
  rewritten for those files. Packages with compiled code (numpy, pandas) are not on PyPI for
  Pyodide and are left out: the setup cell says so. This is what the CI's browser test runs;
- a Pyodide release tarball (``pyodide-VERSION.tar.bz2``, path or URL): the site carries the
  whole release, numpy and pandas included (the Pages workflow does this).
"""

from __future__ import annotations

import argparse
import fcntl
import functools
import hashlib
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

REPO = Path(__file__).resolve().parents[1]
LITE = REPO / "lite"
NOTEBOOKS = REPO / "notebooks"
LOCK = REPO / "requirements" / "lock.txt"
CONFIG_FILES = ("jupyter-lite.json", "jupyter_lite_config.json", "overrides.json")
KERNEL_CHECK = LITE / "kernel-check.js"
"""The script every page loads: it says on the page when Pyodide cannot be fetched."""
PAGES = ("lab/index.html", "notebooks/index.html")
"""The site's pages (one per app in jupyter_lite_config.json) that load :data:`KERNEL_CHECK`."""
DOCS_URL = "https://cardlab.github.io/cardlab/"
"""The published documentation (site_url in mkdocs.yml), where ``../docs/*.md`` links go."""
BINDER_URL = "https://mybinder.org/v2/gh/cardlab/cardlab/HEAD?urlpath=lab/tree/notebooks/"
"""Where a lesson opens on Binder: the setup cell names it when the browser cannot run it."""
CACHE = Path(os.environ.get("CARDLAB_CACHE") or REPO / ".cache")
"""Downloads kept between builds (git-ignored): the npm package ``pyodide`` and the wheels of
its lock. ``CARDLAB_CACHE`` names another folder."""


class Requirement(NamedTuple):
    """A package the lessons use: its distribution, the module the setup cell imports to check
    it, what needs it (in the words the setup cell prints) and what in a lesson's code says that
    the lesson uses it (a regular expression; empty: every lesson)."""

    name: str
    module: str
    why: str
    used_by: str


REQUIREMENTS = (
    Requirement("cardlab", "cardlab", "everything", ""),
    Requirement(
        "ipywidgets",
        "ipywidgets",
        "the explorer and the other widgets",
        r"\bwidgets\b|\bExplorer\b|\bVariantLab\b",
    ),
    Requirement(
        "anywidget",
        "anywidget",
        "the explorer's hand and the charts with sliders",
        r"\bwidgets\b|\bExplorer\b|\bsliders\b|\bFigureWidget\b",
    ),
    Requirement(
        "plotly", "plotly", "the charts", r"\bplotly\b|\bcharts\b|\bsliders\b|\bVariantLab\b"
    ),
    Requirement("tqdm", "tqdm", "the progress bars of simulations", r"\bsimulate\b|\btournament\b"),
    Requirement(
        "pandas",
        "pandas",
        "the tables and the simulations",
        r"\bpandas\b|\bpd\.|\bsimulate\b|\btournament\b|\bturnlog\b|\bcharts\b"
        r"|\bVariantLab\b",
    ),
)
"""What the setup cell installs and then imports, in this order: cardlab and everything its
lessons and its notebook layers (widgets, charts, simulate with its progress bar) import."""
SETUP_PACKAGES = tuple(requirement.name for requirement in REQUIREMENTS)
"""The distributions the setup cell may install."""
ON_DEMAND = ("pandas",)
"""Installed only for a lesson that uses them (a large download; in a cell of one's own, an
``import pandas`` loads it from Pyodide anyway). The others are installed for every lesson, so
that a student's own cells can use them."""
BUNDLED_WHEELS = (
    "ipywidgets",
    "jupyterlab_widgets",
    "comm",
    "anywidget",
    "psygnal",
    "plotly",
)
"""Pure-Python wheels the site carries, pinned by the lock: what the lessons need that is not
in Pyodide's lock (what is there, such as traitlets, tqdm or narwhals, comes from Pyodide:
micropip prefers its versions, so a bundled copy would never be used). Not nbformat: plotly
asks for it only to show a chart, which the setup cell lets plotly do without it
(:func:`cardlab.previews.enable_without_nbformat`), and it cannot be imported in the browser
(its jsonschema needs compiled packages)."""
FRONT_ENDS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
    "jupyterlab-plotly",
)
"""The JupyterLab extensions the site needs, from this environment's share/jupyter."""
PYODIDE_PYTHON = "3.13"
"""A Python version for choosing pure-Python wheels (any py3 wheel fits Pyodide's Python)."""
PYODIDE_NEEDS = (
    "micropip",
    "ipython",
    # The kernel loads jedi (completions) as it starts: without it, it logs "The following
    # error occurred while loading jedi: Failed to fetch" (and parso) to the console.
    "jedi",
    "traitlets",
    "typing-extensions",
    "narwhals",
    "tqdm",
    "packaging",
    "pandas",
)
"""The packages of Pyodide's lock that the kernel (micropip, IPython) and the lessons need; a
self-hosted core carries them and what they depend on, when they are pure Python."""


class LiteBuildError(RuntimeError):
    """A step of the build failed; the message says which and shows its output."""


SETUP_SOURCE = """\
# In your browser (JupyterLite): install what this lesson uses, then check that each one
# imports. This takes a few seconds, once per session.
async def _cardlab_setup():
    import importlib
    import sys

    import piplite

    print("This lesson uses: USES.")
    absent, failed = [], []
    for name, module, why, needed in PACKAGES:
        if name in NOT_CARRIED:
            absent += [f"  {name} (for {why})"] if needed else []
            continue
        try:
            await piplite.install(name)
            importlib.import_module(module)
        except Exception as error:
            failed += [f"  {name} (for {why}): {type(error).__name__}: {error}"] if needed else []
    if "plotly" in sys.modules and "cardlab" in sys.modules:
        from cardlab.previews import enable_without_nbformat

        enable_without_nbformat()  # charts drawn without nbformat, which cannot load here
    if absent:
        print("NOT READY: the Python of this site does not carry:", *absent, sep="\\n")
        print("What to do: open this lesson where it runs: on Binder, BINDER , or on the full"
              " lessons site, FULL_SITE")
    if failed:
        print("NOT READY: these could not be downloaded or imported:", *failed, sep="\\n")
        print("What to do: reload the page and run this cell again (a download may have been"
              " cut short). If it stays, this network may block the files of this site: ask"
              " for them to be allowed, or open the lesson on Binder: BINDER")
    if not (absent or failed):
        import cardlab

        print(f"Ready: cardlab {cardlab.__version__} and everything this lesson uses.")


await _cardlab_setup()
del _cardlab_setup"""
"""The setup cell's code (``USES``, ``PACKAGES``, ``NOT_CARRIED``, ``BINDER`` and
``FULL_SITE`` are filled in by :func:`setup_cell`). One package at a time: micropip installs a
list all or nothing, and one that cannot be had must not keep the others out. A package the
site does not carry is said to be so, with the remedy that fits (another site), apart from one
that failed to download or import (reload)."""
FULL_SITE_URL = DOCS_URL + "lite/lab/index.html?path="
"""Where a lesson opens on the published lessons site, which carries Pyodide's full release."""


def code_of(notebook: dict[str, Any]) -> str:
    """The source of ``notebook``'s code cells, one after another."""
    cells = notebook.get("cells", [])
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


SIMULATES = r"\bbot_against\b|\bsimulate\b"
"""What in the code of an exercise's check says that it plays hands with ``cardlab.simulate``,
which needs pandas (a lesson that calls that check uses pandas, whatever its own code does)."""
CHECK_CALL = r"""\bcheck\(\s*["']([\w.-]+)["']"""
"""A call of an exercise's check in a lesson's code: ``check("mod-ten.6", ...)``."""


@functools.cache
def checks_that_simulate() -> frozenset[str]:
    """The names of the exercises whose check plays hands with ``cardlab.simulate``, read
    from the checks' code (see :data:`SIMULATES`)."""
    from cardlab.exercises import exercise_names
    from cardlab.exercises.feedback import CHECKS

    return frozenset(
        name for name in exercise_names() if re.search(SIMULATES, inspect.getsource(CHECKS[name]))
    )


def lesson_uses(notebook: dict[str, Any]) -> list[Requirement]:
    """The requirements that ``notebook``'s code uses (see :attr:`Requirement.used_by`),
    with pandas for a lesson that calls a check that simulates (:func:`checks_that_simulate`)."""
    code = code_of(notebook)
    simulating = bool(set(re.findall(CHECK_CALL, code)) & checks_that_simulate())
    return [
        need
        for need in REQUIREMENTS
        if re.search(need.used_by, code) or (simulating and need.name in ON_DEMAND)
    ]


def setup_cell(
    lesson: str = "", uses: list[Requirement] | None = None, not_carried: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The code cell that installs what the lesson ``uses`` (default: every requirement) and
    the site's other packages in the browser, then imports each and prints, in the cell, what
    is missing and what to do. ``lesson``: the notebook's path under notebooks/, for the links
    to Binder and to the full site; ``not_carried``: the requirements this site does not
    carry. The cell's metadata says both, for tools (``lite/run_lessons.py``)."""
    uses = list(REQUIREMENTS) if uses is None else uses
    packages = tuple(
        (need.name, need.module, need.why, need in uses)
        for need in REQUIREMENTS
        if need in uses or need.name not in ON_DEMAND
    )
    words = ", ".join(
        need.name if not need.used_by else f"{need.name} ({need.why})" for need in uses
    )
    listed = "(\n" + "".join(f"        {package!r},\n" for package in packages) + "    )"
    source = SETUP_SOURCE.replace("USES", words, 1).replace("PACKAGES", listed, 1)
    source = source.replace("NOT_CARRIED", repr(tuple(sorted(not_carried))), 1)
    source = source.replace("BINDER", BINDER_URL + lesson).replace(
        "FULL_SITE", FULL_SITE_URL + lesson
    )
    metadata = {"uses": [need.name for need in uses], "not_carried": sorted(not_carried)}
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": "cardlab-jupyterlite-setup",
        "metadata": {"tags": ["jupyterlite-setup"], "cardlab": metadata},
        "outputs": [],
        "source": source,
    }


DOCS_LINK = re.compile(r"\]\((?:\.\./)+docs/([\w-]+)\.md(#[^)\s]*)?\)")
"""A Markdown link to a page of docs/ (right on GitHub, where notebooks/ sits beside docs/)."""


def site_links(markdown: str) -> str:
    """``markdown`` with its links to ``../docs/*.md`` pointed at the published documentation
    (the lessons and solutions they link to are in the site, at the same relative paths)."""
    return DOCS_LINK.sub(lambda m: f"]({DOCS_URL}{m[1]}.html{m[2] or ''})", markdown)


def interactive_only(cell: dict[str, Any]) -> dict[str, Any]:
    """``cell`` without the static pictures stored beside its interactive charts (for previews
    where no kernel runs, such as GitHub): the site has plotly's front end, and an untrusted
    notebook would show the picture instead of the chart."""
    outputs = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if "application/vnd.plotly.v1+json" in data and "image/png" in data:
            output = {**output, "data": {k: v for k, v in data.items() if k != "image/png"}}
        outputs.append(output)
    return {**cell, "outputs": outputs} if "outputs" in cell else cell


def lite_lesson(
    notebook: dict[str, Any], lesson: str = "", not_carried: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The lesson as the JupyterLite site serves it: the setup cell after the title cell (for
    what the lesson uses, on a site that does not carry ``not_carried``), the charts
    interactive (see :func:`interactive_only`), the links to docs/ pointed at the
    documentation (see :func:`site_links`)."""
    lesson_copy = dict(notebook)
    cells = []
    for cell in notebook["cells"]:
        cell = interactive_only(cell)
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            if site_links(source) != source:
                cell = {**cell, "source": site_links(source)}
        cells.append(cell)
    position = 1 if cells and cells[0]["cell_type"] == "markdown" else 0
    cells.insert(position, setup_cell(lesson, lesson_uses(notebook), not_carried))
    lesson_copy["cells"] = cells
    metadata = dict(notebook.get("metadata", {}))
    metadata.pop("widgets", None)
    lesson_copy["metadata"] = metadata
    return lesson_copy


def stage_lessons(target: Path, not_carried: tuple[str, ...] = ()) -> list[Path]:
    """Write each lesson and each solutions notebook, with its setup cell (for a site that
    does not carry ``not_carried``), into ``target`` (the solutions in ``target/solutions``,
    as in the repository); returns the files written."""
    written = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("solutions/*.ipynb")):
        relative = path.relative_to(NOTEBOOKS)
        notebook = json.loads(path.read_text(encoding="utf-8"))
        out = target / relative
        out.parent.mkdir(parents=True, exist_ok=True)
        served = lite_lesson(notebook, relative.as_posix(), not_carried)
        out.write_text(json.dumps(served, indent=1, ensure_ascii=False) + "\n")
        written.append(out)
    return written


def run(command: list[str], cwd: Path, what: str) -> None:
    """Run one build step; raise :class:`LiteBuildError` with its output if it fails."""
    result = subprocess.run(
        command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    if result.returncode != 0:
        raise LiteBuildError(f"{what} failed ({' '.join(command)}):\n{result.stdout}")


def build_cardlab_wheel(target: Path) -> Path:
    """cardlab's wheel, built from the working tree into ``target``."""
    command = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir"]
    run([*command, str(target), str(REPO)], REPO, "building cardlab's wheel")
    return next(target.glob("cardlab-*.whl"))


def download_wheels(target: Path) -> None:
    """The pure-Python wheels of :data:`BUNDLED_WHEELS`, at their locked versions."""
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
    command += ["--only-binary=:all:", "--platform", "any", "--implementation", "py"]
    command += ["--python-version", PYODIDE_PYTHON, "--constraint", str(LOCK)]
    command += ["--dest", str(target), *BUNDLED_WHEELS]
    run(command, REPO, "downloading the lessons' wheels")


def front_end_paths() -> list[str]:
    """Where this environment keeps the front ends of :data:`FRONT_ENDS`: JupyterLab's
    extensions folder, or for the Lite kernel's, the folder ``make venv`` moves it to (out of
    the sight of ``make lab``'s JupyterLab, which cannot load it)."""
    shares = [
        Path(sys.prefix) / "share" / "jupyter" / "labextensions",
        Path(sys.prefix) / "share" / "cardlab-lite" / "labextensions",
    ]
    paths = []
    for name in FRONT_ENDS:
        found = [share / name for share in shares if (share / name / "package.json").exists()]
        if not found:
            raise LiteBuildError(f"the JupyterLab extension {name} is not installed in {shares[0]}")
        paths.append(str(found[0]))
    return paths


def normal(name: str) -> str:
    """A package name as Pyodide's lock and PyPI compare them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def npm_pyodide() -> Path:
    """The npm package ``pyodide`` at the version the kernel uses, installed into
    :data:`CACHE` once (a lock file keeps two builds from installing at once)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    folder = CACHE / f"npm-pyodide-{PYODIDE_VERSION}"
    core = folder / "node_modules" / "pyodide"
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".install-lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (core / "pyodide.mjs").exists():
            if not shutil.which("npm"):
                raise LiteBuildError("npm is needed for --pyodide npm (apt-get install npm)")
            command = ["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix"]
            command += [str(folder), f"pyodide@{PYODIDE_VERSION}"]
            run(command, REPO, "installing the npm package pyodide")
    return core


def lock_closure(packages: dict[str, Any], roots: tuple[str, ...]) -> list[str]:
    """The names of ``roots`` and of everything they depend on in a Pyodide lock's
    ``packages`` (names compared normalized; a name the lock lacks is skipped)."""
    by_name = {normal(name): name for name in packages}
    seen: set[str] = set()
    todo = [normal(root) for root in roots]
    while todo:
        name = todo.pop()
        if name in seen or name not in by_name:
            continue
        seen.add(name)
        todo += [normal(dep) for dep in packages[by_name[name]]["depends"]]
    return sorted(by_name[name] for name in seen)


def lock_wheels(specs: dict[str, dict[str, Any]]) -> dict[str, Path]:
    """The wheels of the lock entries ``specs`` (lock key -> entry; pure Python), at the
    lock's versions, from PyPI into :data:`CACHE` (each downloaded once); returns lock key ->
    wheel."""
    folder = CACHE / "pyodide-wheels"
    folder.mkdir(parents=True, exist_ok=True)

    def cached(spec: dict[str, Any]) -> Path | None:
        stem = f"{re.sub(r'[-_.]+', '_', spec['name']).lower()}-{spec['version']}-"
        found = [path for path in folder.glob("*.whl") if path.name.lower().startswith(stem)]
        return found[0] if found else None

    missing = [f"{s['name']}=={s['version']}" for s in specs.values() if cached(s) is None]
    if missing:
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
        command += ["--only-binary=:all:", "--platform", "any", "--implementation", "py"]
        command += ["--python-version", PYODIDE_PYTHON, "--dest", str(folder), *missing]
        run(command, REPO, "downloading the wheels of Pyodide's lock")
    wheels = {}
    for key, spec in specs.items():
        path = cached(spec)
        if path is None:
            raise LiteBuildError(f"no wheel of {spec['name']} {spec['version']} in {folder}")
        wheels[key] = path
    return wheels


def self_hosted_pyodide(core: Path, target: Path) -> list[str]:
    """Pyodide's core (the npm package, in ``core``) in ``target``, with the pure-Python
    packages of :data:`PYODIDE_NEEDS` from PyPI and the lock's ``file_name`` and ``sha256``
    entries rewritten for those files (PyPI's builds differ byte for byte from Pyodide's);
    returns the names left out because they have compiled code."""
    keep = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
    target.mkdir(parents=True, exist_ok=True)
    for name in (*keep, "pyodide.js", "pyodide-lock.json"):
        shutil.copy(core / name, target / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    needed = lock_closure(packages, PYODIDE_NEEDS)
    pure = [name for name in needed if packages[name]["file_name"].endswith("-none-any.whl")]
    for name, wheel in lock_wheels({name: packages[name] for name in pure}).items():
        shutil.copy(wheel, target / wheel.name)
        packages[name]["file_name"] = wheel.name
        packages[name]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return sorted(set(needed) - set(pure))


def pyodide_url(site: Path) -> str:
    """Where the site's kernel loads Pyodide from (its setting, or the kernel's default)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_KERNEL_PLUGIN_ID, PYODIDE_VERSION

    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config.get("litePluginSettings", {}).get(PYODIDE_KERNEL_PLUGIN_ID, {})
    default = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/pyodide.mjs"
    return str(settings.get("pyodideUrl") or default)


def add_kernel_check(site: Path) -> None:
    """Copy :data:`KERNEL_CHECK` into the site, told where Pyodide comes from, and load it
    from every page of :data:`PAGES`."""
    script = KERNEL_CHECK.read_text(encoding="utf-8")
    script = script.replace("__PYODIDE_URL__", json.dumps(pyodide_url(site)), 1)
    (site / KERNEL_CHECK.name).write_text(script, encoding="utf-8")
    for page in PAGES:
        path = site / page
        text = path.read_text(encoding="utf-8")
        tag = f'<script src="../{KERNEL_CHECK.name}"></script>'
        if tag not in text:
            path.write_text(text.replace("</body>", f"{tag}</body>", 1), encoding="utf-8")


def not_carried(left_out: list[str]) -> tuple[str, ...]:
    """The names of :data:`REQUIREMENTS` among the packages of Pyodide's lock that a site
    leaves out (``left_out``)."""
    gone = {normal(name) for name in left_out}
    return tuple(need.name for need in REQUIREMENTS if normal(need.name) in gone)


def build(output: Path, wheel: Path | None = None, pyodide: str | None = None) -> Path:
    """Build the site into ``output`` (replaced if it exists); returns ``output``.
    ``pyodide``: None (the CDN), ``"npm"``, a folder with the npm package ``pyodide``, or a
    Pyodide release tarball (a path or a URL); see the module's docstring."""
    jupyter_lite = Path(sys.executable).with_name("jupyter-lite")
    with tempfile.TemporaryDirectory(prefix="cardlab-lite-") as tmp:
        stage = Path(tmp) / "lite"
        stage.mkdir()
        for name in CONFIG_FILES:
            shutil.copy(LITE / name, stage / name)
        command = [str(jupyter_lite), "build", "--lite-dir", str(stage)]
        command += ["--output-dir", str(output.resolve())]
        command += [f"--LiteBuildConfig.federated_extensions={path}" for path in front_end_paths()]
        left_out: list[str] = []
        if pyodide == "npm" or (pyodide and Path(pyodide).is_dir()):
            core = npm_pyodide() if pyodide == "npm" else Path(pyodide)
            left_out = self_hosted_pyodide(core, stage / "static" / "pyodide")
            print(f"lite: self-hosted Pyodide core; left out (compiled): {', '.join(left_out)}")
        elif pyodide:
            command += [f"--PyodideAddon.pyodide_url={pyodide}"]
        stage_lessons(stage / "files", not_carried(left_out))
        wheels = stage / "pypi"
        wheels.mkdir()
        if wheel is None:
            build_cardlab_wheel(wheels)
        else:
            shutil.copy(wheel, wheels / wheel.name)
        download_wheels(wheels)
        if output.exists():
            shutil.rmtree(output)
        run(command, stage, "jupyter lite build")
        add_kernel_check(output)
    return output


def main(argv: list[str] | None = None) -> int:
    """The command line: ``python lite/build.py [--output DIR] [--wheel FILE] [--pyodide
    npm|DIR|TARBALL]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=REPO / "site" / "lite")
    parser.add_argument("--wheel", type=Path, help="cardlab's wheel (default: build one)")
    parser.add_argument(
        "--pyodide",
        help="where the site's Pyodide comes from: npm (the npm package's core), a folder "
        "holding that package, or a release tarball (path or URL); default: the CDN",
    )
    args = parser.parse_args(argv)
    try:
        output = build(args.output, args.wheel, args.pyodide)
    except LiteBuildError as error:
        print(f"lite: {error}", file=sys.stderr)
        return 1
    print(f"lite: built {output} (serve it with: python -m http.server -d {output})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
