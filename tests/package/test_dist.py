"""The wheel and the sdist are what PyPI and pip expect: they pass ``twine check --strict``,
carry the licence, the metadata a user looks for and the one version, and hold every file of
the package."""

from __future__ import annotations

import re
import sys
import tarfile
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

import pytest
from package_checks import REPO, run
from repository import repository_file

import cardlab

pytestmark = pytest.mark.slow


def wheel_metadata(wheel: Path) -> Message:
    """The METADATA of ``wheel``, parsed (it is an email-style header block)."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(archive.read(name).decode("utf-8"))


def package_files() -> set[str]:
    """Every file of the cardlab package in the working tree, relative to the repository."""
    root = REPO / "cardlab"
    return {
        path.relative_to(REPO).as_posix()
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def test_twine_check_strict_passes_on_the_wheel_and_the_sdist(dists):
    output = run(
        [sys.executable, "-m", "twine", "check", "--strict", str(dists.wheel), str(dists.sdist)]
    )
    assert output.count("PASSED") == 2, output


def test_the_wheel_has_the_version_written_in_cardlab_init(dists):
    assert wheel_metadata(dists.wheel)["Version"] == cardlab.__version__
    assert dists.wheel.name == f"cardlab-{cardlab.__version__}-py3-none-any.whl"
    assert dists.sdist.name == f"cardlab-{cardlab.__version__}.tar.gz"


def test_the_metadata_names_licence_authors_readme_and_urls(dists):
    metadata = wheel_metadata(dists.wheel)
    assert metadata["License-Expression"] == "MIT"
    assert metadata["License-File"] == "LICENSE"
    assert metadata["Author"] == "the cardlab contributors"
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert "# cardlab" in metadata.get_payload()
    urls = dict(value.split(", ", 1) for value in metadata.get_all("Project-URL", []))
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(urls)
    assert metadata["Keywords"] and metadata.get_all("Classifier")


def test_the_core_installs_with_no_dependency(dists):
    # The rules engines use the standard library only: every requirement belongs to an extra.
    requirements = wheel_metadata(dists.wheel).get_all("Requires-Dist", [])
    assert requirements, "the extras (lessons, notebooks, dask, parquet, docs) should be listed"
    assert [r for r in requirements if "extra ==" not in r] == []


def test_the_published_extras_are_for_users_not_for_developers(dists):
    # Issue 34: the test and lint tools are a dependency group, which is not published.
    extras = wheel_metadata(dists.wheel).get_all("Provides-Extra", [])
    assert sorted(extras) == ["dask", "docs", "lessons", "notebooks", "parquet"]


def test_the_wheel_holds_every_file_of_the_package_and_the_licence(dists):
    with zipfile.ZipFile(dists.wheel) as archive:
        names = set(archive.namelist())
    assert package_files() <= names, sorted(package_files() - names)
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    assert not [name for name in names if name.startswith(("tests/", "notebooks/"))]
    # The Voila template of the apps (no CDN), where Voila looks for templates once installed.
    template = f"cardlab-{cardlab.__version__}.data/data/share/jupyter/voila/templates/cardlab/"
    assert {template + "conf.json", template + "index.html.j2"} <= names


def test_the_sdist_holds_the_sources_tests_and_project_files(dists):
    with tarfile.open(dists.sdist) as archive:
        top = f"cardlab-{cardlab.__version__}/"
        names = {name.removeprefix(top) for name in archive.getnames()}
    expected = {"LICENSE", "README.md", "CHANGELOG.md", "CONTRIBUTING.md", "pyproject.toml"}
    expected.add("requirements/lock.txt")  # the tests' pinned environment (CONTRIBUTING.md)
    assert expected <= names, sorted(expected - names)
    assert package_files() <= names, sorted(package_files() - names)
    assert any(name.startswith("tests/") for name in names)
    assert any(name.startswith("notebooks/") for name in names)
    assert any(name.startswith("docs/") for name in names)
    # Nothing else: not the CI, the workflows, the benchmarks, Binder, the Lite build
    # (hatchling adds the .gitignore it reads). tools/ writes parts of the docs site.
    tops = {name.split("/")[0] for name in names if name}
    allowed = {"cardlab", "tests", "conftest.py", "docs", "mkdocs.yml", "notebooks", "PKG-INFO"}
    allowed |= {"requirements", "tools"}
    allowed.add("share")  # the Voila template, which the wheel built from the sdist installs
    allowed.add(".gitignore")
    assert tops <= allowed | expected, sorted(tops - allowed - expected)


REPOSITORY_CHECKS = [
    "tests/package/test_lite.py",
    "tests/package/test_links.py",
    "tests/package/test_dist.py::"
    "test_the_release_workflow_builds_checks_and_publishes_by_trusted_publishing_on_a_tag",
    "tests/browser/test_lab_environment.py::test_the_lab_settings_are_shipped_for_make_lab_and_binder",
]
"""Checks of what only the repository holds (lite/, .github/, binder/)."""


def test_the_unpacked_sdist_collects_its_tests_and_skips_what_needs_the_repository(dists, tmp_path):
    with tarfile.open(dists.sdist) as archive:
        archive.extractall(tmp_path, filter="data")
    top = tmp_path / f"cardlab-{cardlab.__version__}"
    pytest_command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0"]
    collected = run([*pytest_command, "--collect-only", "-q"], cwd=top).strip()
    summary = collected.splitlines()[-1]
    assert re.match(r"\d{4,} tests collected(, \d+ skipped)? in ", summary), collected[-2000:]
    output = run([*pytest_command, "-q", "-rs", *REPOSITORY_CHECKS], cwd=top).strip()
    assert re.match(r"\d+ skipped in ", output.splitlines()[-1]), output[-2000:]
    for needed in ("lite/build.py", ".github/workflows/release.yml", "binder/overrides.json"):
        assert f"needs {needed}, which the sdist does not carry" in output, needed


def test_the_classifiers_say_typed_since_py_typed_ships(dists):
    assert "Typing :: Typed" in wheel_metadata(dists.wheel).get_all("Classifier")
    with zipfile.ZipFile(dists.wheel) as archive:
        assert "cardlab/py.typed" in archive.namelist()


def test_the_readme_links_are_absolute_so_they_work_as_the_pypi_description():
    readme = (REPO / "README.md").read_text()
    relative = [
        target
        for target in re.findall(r"\]\(([^)\s]+)\)", readme)
        if not re.match(r"^(https?:|mailto:|#)", target)
    ]
    assert relative == []


def test_the_release_workflow_builds_checks_and_publishes_by_trusted_publishing_on_a_tag():
    import yaml

    workflow = yaml.safe_load(repository_file(".github/workflows/release.yml").read_text())
    triggers = workflow[True]  # YAML reads the key `on` as True
    assert triggers["push"]["tags"] == ["v*"] and "pull_request" in triggers
    build, publish = workflow["jobs"]["build"], workflow["jobs"]["publish"]
    assert any(step.get("run") == "make dist" for step in build["steps"])
    assert publish["needs"] == "build"
    assert publish["if"] == "startsWith(github.ref, 'refs/tags/v')"  # a dry run otherwise
    assert publish["permissions"] == {"id-token": "write"}  # trusted publishing: no token
    uses = [step.get("uses", "") for step in publish["steps"]]
    assert "pypa/gh-action-pypi-publish@release/v1" in uses
    assert not any("with" in step and "password" in step["with"] for step in publish["steps"])
