"""The repository's files outside the package for the tests that check them (the scripts of
tools/ and lite/, Binder's and the CI's files), and what happens when the tests run from an
unpacked sdist, which does not carry them: the test that needs one is skipped, saying so (in a
git checkout a missing file is an error, as it should be). CONTRIBUTING.md says how to run the
tests from the sdist."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]
"""The repository root (or the unpacked sdist's top folder): where pyproject.toml is."""
SOURCE = "https://github.com/cardlab/cardlab"
"""Where the whole repository is (pyproject.toml's Source URL)."""


def in_sdist() -> bool:
    """True when the tests run from an unpacked sdist: its PKG-INFO is at the top, where a git
    checkout has none."""
    return (REPO / "PKG-INFO").exists()


def repository_file(relative: str) -> Path:
    """The repository's file ``relative`` (``binder/postBuild``); run from an unpacked sdist
    that does not carry it, the calling test, or module, is skipped with the reason."""
    path = REPO / relative
    if in_sdist() and not path.exists():
        pytest.skip(
            f"needs {relative}, which the sdist does not carry (it holds the package, its tests, "
            f"docs, tools and lessons): this check runs in a clone of {SOURCE}",
            allow_module_level=True,
        )
    return path


def tool(name: str) -> ModuleType:
    """The script tools/<name>.py (not a package), imported by name with tools/ on the import
    path, as the scripts import each other; skipped as :func:`repository_file` says when the
    sdist does not carry it."""
    repository_file(f"tools/{name}.py")
    tools = str(REPO / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    return importlib.import_module(name)


def load_script(relative: str, name: str = "") -> ModuleType:
    """The script ``relative`` of the repository (``lite/build.py``; not a package), imported
    by its path once and registered in ``sys.modules`` as ``name``, by default its file name's
    stem (dataclasses look their module up there); skipped as :func:`repository_file` says
    when the sdist does not carry it."""
    path = repository_file(relative)
    name = name or path.stem
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
