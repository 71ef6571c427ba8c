"""The scripts of tools/ (not a package), imported by their paths, for the tests that check
what they compute (tools/lesson_minutes.py, tools/check_pass_rates.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def tools_module(name: str) -> ModuleType:
    """The script ``tools/<name>.py``, imported once."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
