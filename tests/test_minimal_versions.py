"""The floors of the extras are the versions `make minimal-check` tests with: each floor of
pyproject.toml's extras lessons, parquet and dask is pinned, as it is, in
requirements/minimal.txt, and nothing else of those extras is left unpinned there."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTED_EXTRAS = ("lessons", "parquet", "dask")


def floors() -> dict[str, str]:
    """Each requirement of the tested extras with its ``>=`` floor, by lower-case name."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    found = {}
    for extra in TESTED_EXTRAS:
        for requirement in project["optional-dependencies"][extra]:
            match = re.match(r"([A-Za-z0-9_.-]+)(\[[^]]*\])?>=([0-9][^,;\s]*)", requirement)
            assert match, f"{extra}: {requirement!r} has no floor (>=)"
            found[match.group(1).lower()] = match.group(3)
    return found


def pins() -> dict[str, str]:
    """The versions requirements/minimal.txt pins, by lower-case name."""
    found = {}
    for line in (ROOT / "requirements" / "minimal.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            found[name.strip().lower()] = version.strip()
    return found


def same_version(floor: str, pinned: str) -> bool:
    """True when a floor ("6", "2024.1") names the pinned release ("6.0.0", "2024.1.0")."""
    return pinned.split(".") == (floor.split(".") + ["0", "0"])[: len(pinned.split("."))]


def test_every_floor_is_the_version_the_minimal_check_installs():
    pinned = pins()
    for name, floor in floors().items():
        assert name in pinned, f"{name}>={floor} is not pinned in requirements/minimal.txt"
        assert same_version(floor, pinned[name]), (name, floor, pinned[name])


def test_the_development_tools_are_no_extra_of_the_published_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "dev" not in project["project"]["optional-dependencies"]
    assert "pytest>=8" in project["dependency-groups"]["dev"]
    # notebooks is lessons and JupyterLab: one list of the lessons' libraries.
    notebooks = project["project"]["optional-dependencies"]["notebooks"]
    assert sorted(notebooks) == ["cardlab[lessons]", "jupyterlab>=4,<5"]
