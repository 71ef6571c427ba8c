"""Repository-wide pytest hooks (at the root so they apply to notebooks/ as well as tests/).

nbval (``--nbval`` in pyproject.toml) turns each code cell of every notebook under notebooks/ into
a test: the cell is run in a fresh kernel and its outputs are compared with the stored ones, after
the regexes in notebooks/nbval-sanitize.cfg are applied to text outputs.
"""

from pathlib import Path

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
