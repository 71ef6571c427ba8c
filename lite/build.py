"""Build the lessons as a JupyterLite site: JupyterLab in the browser, Python from Pyodide, no
server. ``make lite`` runs ``python lite/build.py --output site/lite``.

What goes in (staged in a temporary folder, then ``jupyter lite build``):

- the lessons (``notebooks/*.ipynb``, with their stored outputs), each with one more code cell
  after its title: ``%pip install`` of cardlab and what the lessons use. In JupyterLite that
  magic installs from the wheels below first (piplite), and pandas from Pyodide's own packages;
  the cell exists only in this site, never in the repository's lessons;
- cardlab's wheel (built from the working tree, or the one given with ``--wheel``) and the
  pure-Python wheels of what the lessons import, at the versions pinned in
  ``requirements/lock.txt``, so the Python side matches the widget and plotly front ends that
  the site bundles (``pip download``: from pip's cache, or PyPI once);
- the front ends of the Pyodide kernel, ipywidgets, anywidget and plotly, taken from this
  environment (and nothing else installed here, such as jupytext or Voila's preview);
- ``lite/jupyter-lite.json``, ``lite/jupyter_lite_config.json`` and ``lite/overrides.json``
  (JupyterLab settings: no news or update checks).

At run time the page loads Pyodide and pandas from Pyodide's public CDN (the kernel's default):
the site itself holds everything else.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
LITE = REPO / "lite"
NOTEBOOKS = REPO / "notebooks"
LOCK = REPO / "requirements" / "lock.txt"
CONFIG_FILES = ("jupyter-lite.json", "jupyter_lite_config.json", "overrides.json")

SETUP_PACKAGES = ("cardlab", "ipywidgets", "anywidget", "plotly", "pandas", "tqdm")
"""What the setup cell installs: cardlab and everything its lessons and its notebook layers
(widgets, charts, simulate with its progress bar) import."""
BUNDLED_WHEELS = (
    "ipywidgets",
    "jupyterlab_widgets",
    "comm",
    "traitlets",
    "anywidget",
    "psygnal",
    "typing_extensions",
    "plotly",
    "narwhals",
    "tqdm",
)
"""Pure-Python wheels the site carries, pinned by the lock (pandas and numpy are not pure
Python: Pyodide provides its own builds)."""
FRONT_ENDS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
    "jupyterlab-plotly",
)
"""The JupyterLab extensions the site needs, from this environment's share/jupyter."""
PYODIDE_PYTHON = "3.13"
"""A Python version for choosing pure-Python wheels (any py3 wheel fits Pyodide's Python)."""


class LiteBuildError(RuntimeError):
    """A step of the build failed; the message says which and shows its output."""


def setup_cell() -> dict[str, Any]:
    """The code cell that installs cardlab and the lessons' packages in the browser."""
    source = (
        "# In your browser (JupyterLite): install cardlab and what this lesson uses.\n"
        "# This takes a few seconds, once per session.\n"
        f"%pip install -q {' '.join(SETUP_PACKAGES)}"
    )
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": "cardlab-jupyterlite-setup",
        "metadata": {"tags": ["jupyterlite-setup"]},
        "outputs": [],
        "source": source,
    }


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


def lite_lesson(notebook: dict[str, Any]) -> dict[str, Any]:
    """The lesson as the JupyterLite site serves it: the setup cell after the title cell, and
    the charts interactive (see :func:`interactive_only`)."""
    lesson = dict(notebook)
    cells = [interactive_only(cell) for cell in notebook["cells"]]
    position = 1 if cells and cells[0]["cell_type"] == "markdown" else 0
    cells.insert(position, setup_cell())
    lesson["cells"] = cells
    metadata = dict(notebook.get("metadata", {}))
    metadata.pop("widgets", None)
    lesson["metadata"] = metadata
    return lesson


def stage_lessons(target: Path) -> list[Path]:
    """Write each lesson, with its setup cell, into ``target``; returns the files written."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        out = target / path.name
        out.write_text(json.dumps(lite_lesson(notebook), indent=1, ensure_ascii=False) + "\n")
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
    """Where this environment keeps the front ends of :data:`FRONT_ENDS`."""
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    paths = []
    for name in FRONT_ENDS:
        path = share / name
        if not (path / "package.json").exists():
            raise LiteBuildError(f"the JupyterLab extension {name} is not installed in {share}")
        paths.append(str(path))
    return paths


def build(output: Path, wheel: Path | None = None) -> Path:
    """Build the site into ``output`` (replaced if it exists); returns ``output``."""
    jupyter_lite = Path(sys.executable).with_name("jupyter-lite")
    with tempfile.TemporaryDirectory(prefix="cardlab-lite-") as tmp:
        stage = Path(tmp) / "lite"
        stage.mkdir()
        for name in CONFIG_FILES:
            shutil.copy(LITE / name, stage / name)
        stage_lessons(stage / "files")
        wheels = stage / "pypi"
        wheels.mkdir()
        if wheel is None:
            build_cardlab_wheel(wheels)
        else:
            shutil.copy(wheel, wheels / wheel.name)
        download_wheels(wheels)
        if output.exists():
            shutil.rmtree(output)
        command = [str(jupyter_lite), "build", "--lite-dir", str(stage)]
        command += ["--output-dir", str(output.resolve())]
        command += [f"--LiteBuildConfig.federated_extensions={path}" for path in front_end_paths()]
        run(command, stage, "jupyter lite build")
    return output


def main(argv: list[str] | None = None) -> int:
    """The command line: ``python lite/build.py [--output DIR] [--wheel FILE]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=REPO / "site" / "lite")
    parser.add_argument("--wheel", type=Path, help="cardlab's wheel (default: build one)")
    args = parser.parse_args(argv)
    try:
        output = build(args.output, args.wheel)
    except LiteBuildError as error:
        print(f"lite: {error}", file=sys.stderr)
        return 1
    print(f"lite: built {output} (serve it with: python -m http.server -d {output})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
