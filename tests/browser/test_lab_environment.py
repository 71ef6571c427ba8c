"""`make lab` (and Binder) open clean: JupyterLab logs no error in the browser console and
asks no question about Jupyter news, with only the settings the repository ships
(binder/overrides.json, installed by `make venv` and by Binder's postBuild); and `make venv`
disables jupytext's front end, which Voila cannot load."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from chromium import expect
from repository import repository_file

pytestmark = pytest.mark.browser

OPEN_SECONDS = 90


def test_jupyterlab_opens_with_no_console_error_and_no_news_question(
    plain_lab: Any, page: Any, tmp_path: Path
) -> None:
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(plain_lab.url("/lab/workspaces/clean/tree/notebooks/explorer.ipynb"))
        kernel_idle = page.locator(".jp-StatusBar-TextItem").filter(
            has_text=re.compile(r"^Python 3.*\| Idle$")
        )
        expect(kernel_idle).to_be_visible(timeout=OPEN_SECONDS * 1000)
        page.wait_for_timeout(3000)  # the news question comes a moment after the page
        expect(page.get_by_text("official Jupyter news")).to_have_count(0)
        assert errors == []
    finally:
        page.screenshot(path=tmp_path / "lab.png")


def test_the_lab_settings_are_shipped_for_make_lab_and_binder():
    import json
    import sys

    shipped = json.loads(repository_file("binder/overrides.json").read_text())
    notification = shipped["@jupyterlab/apputils-extension:notification"]
    assert notification == {"checkForUpdates": False, "fetchNews": "false"}
    installed = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(installed.read_text()) == shipped, "run make venv"
    assert "binder/overrides.json" in repository_file("binder/postBuild").read_text()


def test_jupytexts_front_end_is_disabled_where_make_venv_installs_it():
    # jupytext comes with the docs tools (mkdocs-jupyter); its front end fails to load in
    # Voila, logging a console error on every page (tests/browser/test_apps_and_themes.py).
    import json
    import sys

    page_config = Path(sys.prefix) / "etc" / "jupyter" / "labconfig" / "page_config.json"
    disabled = json.loads(page_config.read_text())["disabledExtensions"]
    assert disabled.get("jupyterlab-jupytext") is True, "run make venv"
