"""Fixtures for the packaging checks, each built once per test run into a temporary directory,
never into the repository (under pytest-xdist, by the first worker that needs it, for all of
them: package_checks.built_once). A new check of these builds takes these fixtures, never a
build of its own:

- cardlab's sdist and wheel, built from the working tree with ``python -m build
  --no-isolation`` (the build backend, hatchling, is in the dev venv: no network, about a
  second). The sdist is built first and the wheel from it, so a file missing from the sdist
  breaks the wheel too;
- the JupyterLite site (lite/build.py), with that wheel;
- the documentation site (mkdocs, strict).

The tests that open these sites in headless Chromium take the ``browser`` fixture of
tests/conftest.py.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from package_checks import REPO, built_once, load_lite_build, run

DOCS_BUILD_SECONDS = 900
"""How long the docs build may take: about two minutes on a quiet machine, four and more on
a loaded one while the other pytest worker runs (the default of five minutes was reached)."""


@dataclass(frozen=True)
class Dists:
    """The built distributions of cardlab."""

    wheel: Path
    sdist: Path


@pytest.fixture(scope="session")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    """cardlab's sdist and wheel, built from the working tree into a temporary directory."""

    def build(out: Path) -> None:
        run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(REPO)])

    out = built_once(tmp_path_factory, "dist", build)
    wheels = sorted(out.glob("cardlab-*.whl"))
    sdists = sorted(out.glob("cardlab-*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, f"expected one wheel and one sdist in {out}"
    return Dists(wheel=wheels[0], sdist=sdists[0])


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation site, built as `make docs` builds it (strict: a warning fails)."""

    def build(out: Path) -> None:
        env = {**os.environ, "DISABLE_MKDOCS_2_WARNING": "true", "NO_MKDOCS_2_WARNING": "1"}
        command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
        run(command, env=env, timeout=DOCS_BUILD_SECONDS)

    return built_once(tmp_path_factory, "docs-site", build)


@pytest.fixture(scope="session")
def lite_site(dists: Dists, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The JupyterLite site, built as `make lite` builds it, with the session's wheel."""
    return built_once(
        tmp_path_factory, "lite-site", lambda out: load_lite_build().build(out, dists.wheel)
    )
