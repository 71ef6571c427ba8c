"""No dead link in the published site: the documentation with the JupyterLite site under lite/,
laid out as the Pages workflow publishes them.

- LinkChecker (a well-kept link checker) crawls the site from its home page, served on
  127.0.0.1, and follows every link between its pages, the lesson and solutions pages included
  (links off the site are not fetched: these machines have no network; the JavaScript bundles
  are left out of the crawl, they hold no links).
- The links inside the JupyterLite lessons are Markdown in notebooks, which no HTML checker
  reads: a relative one must name a file of the Lite site, one to the documentation a page the
  docs build made.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from package_checks import load_lite_build, run, serve

pytestmark = pytest.mark.slow

lite_build = load_lite_build()
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
"""The target of a Markdown link."""


@pytest.fixture(scope="module")
def published(docs_site: Path, lite_site: Path, tmp_path_factory) -> Path:
    """The docs site with the Lite site as its lite/ folder (links, not copies)."""
    root = tmp_path_factory.mktemp("published") / "site"
    root.mkdir()
    for entry in docs_site.iterdir():
        (root / entry.name).symlink_to(entry)
    (root / "lite").symlink_to(lite_site)
    return root


@pytest.fixture(scope="module")
def published_url(published: Path) -> Iterator[str]:
    with serve(published) as url:
        yield url


def test_linkchecker_finds_no_dead_link_in_the_docs_and_lite_sites(published_url):
    linkchecker = Path(sys.executable).with_name("linkchecker")
    command = [str(linkchecker), "--no-status", "--threads", "4", "--no-warnings"]
    command += ["--ignore-url", r"\.m?js(\?|$)", "--ignore-url", r"^(?!http://127\.0\.0\.1)"]
    output = run([*command, f"{published_url}/index.html"], timeout=600)
    summary = re.search(r"(\d+) links? in (\d+) URLs? checked", output)
    assert summary, output[-2000:]
    assert "0 errors found" in output
    checked = int(summary[1])
    print(f"LinkChecker: {checked} links in {summary[2]} URLs checked, no error")
    assert checked > 200  # the crawl reached the lessons, the solutions, the reference, lite/


def lite_links(lite_site: Path) -> list[tuple[str, str]]:
    """(notebook, link target) for every Markdown link of the Lite site's notebooks."""
    links = []
    for path in sorted((lite_site / "files").rglob("*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "markdown":
                for target in MARKDOWN_LINK.findall("".join(cell["source"])):
                    links.append((path.relative_to(lite_site / "files").as_posix(), target))
    return links


def test_every_link_of_the_lite_lessons_names_a_file_or_a_docs_page(lite_site, docs_site):
    links = lite_links(lite_site)
    assert len(links) > 40
    dead = []
    for notebook, target in links:
        address = target.split("#")[0]
        if address.startswith(lite_build.DOCS_URL):
            page = docs_site / address.removeprefix(lite_build.DOCS_URL)
        elif re.match(r"^[a-z]+:", address):
            continue  # off the site (Binder, PyPI, Wikipedia...)
        else:
            page = lite_site / "files" / Path(notebook).parent / address
        if not page.exists():
            dead.append(f"{notebook}: {target}")
    print(f"Lite lessons: {len(links)} links checked")
    assert dead == []
