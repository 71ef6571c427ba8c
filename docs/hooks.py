"""MkDocs hooks (see mkdocs.yml): small changes to the built pages.

- Lesson pages: mkdocs-jupyter's template loads MathJax and, for diagrams, mermaid from public
  CDNs. The lessons write no LaTeX and draw no mermaid diagrams, and the site must work with no
  network, so both loaders are left out.
- Links to ``../notebooks/X.ipynb`` (right on GitHub, where ``docs/`` sits beside
  ``notebooks/``; ``../../notebooks/X.ipynb`` from a page in a folder, such as ``kit/``) go to
  the lesson pages of the site, ``lessons/X.ipynb``.
- Pages with a plotly chart load plotly.js (copied from the plotly package by gen_pages.py) and
  the script that draws the stored figures; other pages do not (plotly.js is 4.6 MB).
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

MATHJAX = re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.S)
"""nbconvert's MathJax loader and configuration, as mkdocs-jupyter's template writes them."""
MERMAID = re.compile(r'<script type="module">(?:(?!</script>).)*?mermaid.*?</script>', re.S)
"""nbconvert's mermaid loader (it imports mermaid from a CDN when a page has a diagram)."""
PLOTLY_SCRIPTS = ("assets/javascripts/plotly.min.js", "javascripts/plotly-figures.js")
"""plotly.js and the script that draws the lessons' stored figures with it."""


NOTEBOOK_LINK = re.compile(r"\]\((?:\.\./)+notebooks/([\w.-]+\.ipynb(?:#[\w-]*)?)\)")
"""A Markdown link to a lesson in the repository's notebooks/ folder."""


def on_page_markdown(markdown: str, page: Page, config: Any, files: Any) -> str:
    """Point links to the repository's lessons at the site's lesson pages."""
    up = "../" * page.file.src_uri.count("/")
    return NOTEBOOK_LINK.sub(rf"]({up}lessons/\1)", markdown)


def on_page_content(html: str, page: Page, config: Any, files: Any) -> str:
    """Leave the CDN loaders out of the lesson pages."""
    if not page.file.src_uri.endswith(".ipynb"):
        return html
    return MERMAID.sub("", MATHJAX.sub("", html))


def on_post_page(output: str, page: Page, config: Any) -> str:
    """Load plotly.js on the pages that have a chart, and only there."""
    if "cardlab-plotly-figure" not in output:
        return output
    tags = "".join(
        f'<script src="{get_relative_url(script, page.url)}"></script>' for script in PLOTLY_SCRIPTS
    )
    return output.replace("</body>", tags + "</body>", 1)
