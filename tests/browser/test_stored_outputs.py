"""The lessons' stored outputs keep their meaning in a fresh clone opened in JupyterLab, without
running a cell. JupyterLab sanitizes the HTML of an untrusted notebook, which empties what the
stored tables say to a screen reader (``role``, ``aria-label``, ``aria-current``) and the
current seat's style; `make lab` and Binder's postBuild trust the lessons first (``jupyter
trust``), and this test does the same to an untrusted copy of a lesson, in JupyterLab's own
(temporary) data directory, where it keeps its trust.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium import expect

from conftest import REPO, Server, jupyter_env, start_lab

pytestmark = pytest.mark.browser

LESSON = "00-start-here.ipynb"
"""A lesson whose stored outputs hold cardlab's pictures of cards and of a state."""
OPEN_SECONDS = 90


@pytest.fixture(scope="module")
def fresh_clone_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """JupyterLab on a copy of :data:`LESSON` that nothing has trusted yet, and its folder of
    Jupyter directories (where ``jupyter trust`` must write to be seen by it)."""
    home = tmp_path_factory.mktemp("fresh-clone")
    with start_lab(home, {}, lessons=(LESSON,)) as server:
        yield server, home


def open_unrun(page: Any, lab: Server, workspace: str) -> Any:
    """Open the lesson without running a cell; returns its first stored state picture."""
    page.goto(lab.url(f"/lab/workspaces/{workspace}/tree/notebooks/{LESSON}"))
    state = page.locator(".jp-OutputArea-output .cardlab-state").first
    expect(state).to_be_attached(timeout=OPEN_SECONDS * 1000)
    return state


def test_the_lessons_are_trusted_by_make_lab_and_binder():
    makefile = (REPO / "Makefile").read_text()
    lab_recipe = makefile[makefile.index("\nlab: ") :].split("\n\n")[0]
    assert "jupyter trust $(LESSONS)" in lab_recipe
    assert "LESSONS := notebooks/*.ipynb notebooks/solutions/*.ipynb" in makefile
    post_build = (REPO / "binder" / "postBuild").read_text()
    assert "jupyter trust notebooks/*.ipynb notebooks/solutions/*.ipynb" in post_build


def test_a_trusted_copy_shows_its_stored_tables_with_their_meaning(
    fresh_clone_lab: tuple[Server, Path], page: Any, tmp_path: Path
) -> None:
    lab, home = fresh_clone_lab
    try:
        # Untrusted, as a fresh clone opened without `make lab`: sanitized.
        state = open_unrun(page, lab, "untrusted")
        expect(state.locator("tr[aria-current=true]")).to_have_count(0)
        assert page.locator(".jp-OutputArea-output [role=img][aria-label]").count() == 0

        # Trusted as `make lab` trusts the lessons: every stored picture reads as saved.
        notebook = home / "root" / "notebooks" / LESSON
        trust = [sys.executable, "-m", "jupyter", "trust", str(notebook)]
        subprocess.run(trust, env=jupyter_env(home), check=True, capture_output=True)
        state = open_unrun(page, lab, "trusted")
        current = state.locator("tr[aria-current=true]")
        expect(current).to_have_count(1)
        assert re.search(r"font-weight|background", current.first.get_attribute("style") or "")
        cards = page.locator(".jp-OutputArea-output [role=img][aria-label]")
        expect(cards.first).to_have_attribute("aria-label", re.compile(r"^\w+ of \w+$"))
    finally:
        page.screenshot(path=tmp_path / "stored-outputs.png")
