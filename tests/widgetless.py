"""Run code in a fresh interpreter where ipywidgets cannot be imported, to show that a part of
the explorer (the timeline, the table) is plain Python and needs no widgets."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import cardlab

BLOCK_WIDGETS = """\
import sys, types
sys.modules["ipywidgets"] = None  # any import of it fails
package = types.ModuleType("cardlab.widgets")
package.__path__ = [{folder!r}]
sys.modules["cardlab.widgets"] = package  # the package's own imports skipped
explorer = types.ModuleType("cardlab.widgets.explorer")
explorer.__path__ = [{folder!r} + "/explorer"]
sys.modules["cardlab.widgets.explorer"] = explorer  # and the explorer package's
"""


def run_without_widgets(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` (dedented) in a new Python with ipywidgets blocked and the modules of
    cardlab.widgets importable one by one; its output is captured as text."""
    folder = str(Path(cardlab.__file__).parent / "widgets")
    script = BLOCK_WIDGETS.format(folder=folder) + textwrap.dedent(code)
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
