"""The scripts of lite/ as modules, for the tests (they are not part of the package):
lite/build.py, which builds the JupyterLite site, and lite/run_lessons.py, which runs a built
site's notebooks in headless Chromium. run_lessons also says, once, how every test starts
Chromium (``CHROMIUM_ARGS``) and watches a page (``watch``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

LITE = Path(__file__).resolve().parents[1] / "lite"


def load_script(name: str) -> ModuleType:
    """``lite/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(f"lite_{name}", LITE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up there)
    spec.loader.exec_module(module)
    return module


run_lessons = load_script("run_lessons")
"""lite/run_lessons.py, which runs a built site's notebooks in Chromium."""
