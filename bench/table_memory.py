"""Memory of a simulation table: a million hands by default. Not a test; prints figures.

Prints the table's own size (``DataFrame.memory_usage(deep=True)``), how much the process grew
while building it (peak resident memory less the memory before the run) and the time taken.
Each figure is of one run in a fresh process; run it again to compare two checkouts, e.g.
``PYTHONPATH=/path/to/other/checkout python bench/table_memory.py``.

``--strings python`` stores text columns as Python objects, as pandas does without pyarrow;
``--strings pyarrow`` (the default when pyarrow is installed) stores them in Arrow buffers.

Usage: ``python bench/table_memory.py [--games N] [--workers W] [--strings python|pyarrow]``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time


def resident_mb() -> float:
    """This process's resident memory now, in MB (Linux)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 1e6


def main() -> None:
    """Build one table and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="hands (default 10**6)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--strings", choices=("python", "pyarrow"), help="text column storage")
    args = parser.parse_args()

    import pandas as pd

    import cardlab

    if args.strings:
        pd.set_option("mode.string_storage", args.strings)
    game = cardlab.game("mod-ten", players=3)
    cardlab.simulate(game, "random", games=10, seed=0, progress=False)  # imports, warm-up
    before = resident_mb()
    start = time.perf_counter()
    table = cardlab.simulate(
        game, "random", games=args.games, seed=1, workers=args.workers, progress=False
    )
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3  # kB on Linux
    size = table.memory_usage(deep=True).sum() / 1e6
    print(
        f"cardlab from {cardlab.__file__}, pandas {pd.__version__}, Python {sys.version.split()[0]}"
    )
    print(f"strings stored by: {pd.get_option('mode.string_storage')}")
    print(f"{len(table):,} hands of Mod Ten, 3 random players, workers={args.workers}:")
    print(f"  table (memory_usage deep): {size:8.1f} MB")
    print(f"  process growth at peak:    {peak - before:8.1f} MB (peak {peak:.1f} MB)")
    print(f"  time:                      {seconds:8.1f} s")
    print("  dtypes: " + ", ".join(f"{name} {dtype}" for name, dtype in table.dtypes.items()))


if __name__ == "__main__":
    main()
