"""Repository-wide pytest hooks (at the root so they apply to notebooks/ as well as tests/).

nbval (``--nbval`` in pyproject.toml) turns each code cell of every notebook under notebooks/ into
a test: the cell is run in a fresh kernel and its outputs are compared with the stored ones, after
the regexes in notebooks/nbval-sanitize.cfg are applied to text outputs.

Under pytest-xdist (`make test` runs ``-n 2``), :func:`pytest_xdist_make_scheduler` says which
tests must run on one worker, whatever ``--dist`` says.
"""

from pathlib import Path

import pytest

# Output types whose stored value is never compared. Regexes reach text only, not JSON:
#  - plotly figures embed the whole template and trace uids; a chart is checked by tests, not
#    by its bytes;
#  - widget views carry random model ids (nbval skips these already; kept here to say so).
# text/html stays compared: cardlab's HTML renderings of cards and states must be stable.
NBVAL_SKIP_COMPARE = (
    "application/vnd.plotly.v1+json",
    "application/vnd.jupyter.widget-view+json",
)

# nbval waits a hard-coded 5 s for a cell's late output messages; slow cells then flake.
NBVAL_OUTPUT_TIMEOUT = 60


def pytest_configure(config):
    # Let `pytest` find the sanitize file (given relative to the repository root in addopts)
    # when it is started from another directory.
    option = config.option
    path = getattr(option, "nbval_sanitize_with", None)
    if path and not Path(path).is_absolute() and not Path(path).exists():
        rooted = Path(config.rootpath, path)
        if rooted.exists():
            option.nbval_sanitize_with = str(rooted)


def pytest_collectstart(collector):
    # nbval's notebook collector (IPyNbFile) reads `skip_compare` when comparing outputs.
    skip = getattr(collector, "skip_compare", None)
    if isinstance(skip, tuple):
        collector.skip_compare = skip + tuple(m for m in NBVAL_SKIP_COMPARE if m not in skip)


def pytest_collection_modifyitems(items):
    for item in items:
        # nbval's cell items (IPyNbCell) carry `output_timeout`.
        timeout = getattr(item, "output_timeout", None)
        if isinstance(timeout, int | float) and timeout < NBVAL_OUTPUT_TIMEOUT:
            item.output_timeout = NBVAL_OUTPUT_TIMEOUT


SITE_MODULES = tuple(
    f"tests/package/{name}.py"
    for name in (
        "test_docs",
        "test_docs_in_browser",
        "test_links",
        "test_lite",
        "test_lite_in_browser",
    )
)
"""The modules that check the docs and Lite sites (the docs_site and lite_site fixtures of
tests/package/conftest.py): one work unit, so that one worker builds each site once while the
other runs the rest. A new module that takes these fixtures goes here (elsewhere it is still
right, as the builds are shared, but may wait for the other worker's build)."""
ONE_WORKER_FOLDERS = ("tests/package", "tests/browser")
"""Folders each of whose modules runs on one worker: a module shares its servers, browser
and builds (module fixtures)."""


def xdist_scope(nodeid: str) -> str:
    """The work unit of pytest-xdist a test belongs to, from its address: the site checks of
    :data:`SITE_MODULES`, a module of :data:`ONE_WORKER_FOLDERS`, a notebook (its cells run in
    order in one kernel), or else the test alone, for any worker."""
    module = nodeid.split("::", 1)[0]
    if module in SITE_MODULES:
        return "the docs and Lite sites"
    if module.rpartition("/")[0] in ONE_WORKER_FOLDERS or module.endswith(".ipynb"):
        return module
    return nodeid


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's scheduler, with :func:`xdist_scope`'s work units: each goes to one worker
    whole, the largest first. (pytest-xdist's own ``--dist loadgroup`` would take the groups from
    ``xdist_group`` marks, but it cannot pass them on under pytest 9.2: pytest-xdist issue 1386.)"""
    from xdist.scheduler import LoadScopeScheduling

    class ScopeScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return xdist_scope(nodeid)

    return ScopeScheduling(config, log)
