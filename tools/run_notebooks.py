"""Run lessons top to bottom and store their outputs, as the repository keeps them: no saved
widget state and no execution timestamps (nbval compares the outputs; see notebooks/).

    make notebooks                                   # every lesson and solutions notebook
    .venv/bin/python tools/run_notebooks.py notebooks/06-distributions.ipynb

Run it after a change of the library that changes what a lesson shows (a table's columns, a
chart's style), then read the diff of the outputs before committing them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def clean(notebook: object) -> None:
    """Drop what executing adds but the repository does not keep: the cells' execution
    timestamps and the saved state of the widgets."""
    metadata = notebook.metadata  # type: ignore[attr-defined]
    metadata.pop("widgets", None)
    for cell in notebook.cells:  # type: ignore[attr-defined]
        cell.metadata.pop("execution", None)


def run(path: Path, timeout: int = 600) -> None:
    """Execute ``path`` in a fresh ``python3`` kernel in its own folder and save it cleaned."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": path.parent}},
    ).execute()
    clean(notebook)
    nbformat.write(notebook, path)


def main(argv: list[str] | None = None) -> int:
    """Run the notebooks named (default: every lesson and solutions notebook, not the apps)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    # The apps (notebooks/apps/) are kept without outputs: Voila runs them, nbval only executes.
    notebooks = ROOT / "notebooks"
    lessons = sorted(notebooks.glob("*.ipynb")) + sorted(notebooks.glob("solutions/*.ipynb"))
    paths = args.notebooks or lessons
    for path in paths:
        print(f"running {path}", flush=True)
        run(path.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
