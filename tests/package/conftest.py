"""Fixtures for the packaging checks, each built once per test session into a temporary
directory, never into the repository:

- cardlab's sdist and wheel, built from the working tree with ``python -m build
  --no-isolation`` (the build backend, hatchling, is in the dev venv: no network, about a
  second). The sdist is built first and the wheel from it, so a file missing from the sdist
  breaks the wheel too;
- the JupyterLite site (lite/build.py), with that wheel.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from package_checks import REPO, load_lite_build, run


@dataclass(frozen=True)
class Dists:
    """The built distributions of cardlab."""

    wheel: Path
    sdist: Path


@pytest.fixture(scope="session")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    """cardlab's sdist and wheel, built from the working tree into a temporary directory."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(REPO)])
    wheels = sorted(out.glob("cardlab-*.whl"))
    sdists = sorted(out.glob("cardlab-*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, f"expected one wheel and one sdist in {out}"
    return Dists(wheel=wheels[0], sdist=sdists[0])


@pytest.fixture(scope="session")
def lite_site(dists: Dists, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The JupyterLite site, built as `make lite` builds it, with the session's wheel."""
    site: Path = load_lite_build().build(tmp_path_factory.mktemp("lite") / "site", dists.wheel)
    return site
