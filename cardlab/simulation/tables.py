"""Simulation tables: compact typed columns, checks, the long form, saving as CSV or Parquet.

:func:`cardlab.simulate` builds its DataFrame with :func:`build_table`;
:mod:`cardlab.simulation.stats` and :mod:`cardlab.display.charts` check what they are given with
:func:`check_table`, so that a table that is not a simulation table gets a :class:`TableError` that
says what is missing.
"""

from __future__ import annotations

import json
import math
import numbers
import os
import random
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from cardlab.simulation.runs import EXTRA

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from cardlab.simulation.runs import CheckedRun

PARQUET_EXTRA = "pip install 'cardlab[parquet]'"
"""What to install to write Parquet files."""

COMPRESSIONS = ("", ".gz", ".bz2", ".xz", ".zip", ".zst")
"""The endings after ``.csv`` that pandas compresses by (``results.csv.gz``)."""


class TableError(ValueError):
    """A table that cannot be used as asked: not a simulation table, a column missing, or a
    file name it cannot be saved under. The message says what was wrong."""


def is_whole_number(value: object) -> bool:
    """True for an int or a numpy integer, False for anything else (True and False too)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def is_number(value: object) -> bool:
    """True for a finite int or float (numpy's too), False for anything else (bools too)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:  # an int too large for a float
        return False


def require_pandas(what: str) -> None:
    """Raise a ``ModuleNotFoundError`` (an ``ImportError``) for pandas, naming the extra to
    install, when pandas is missing."""
    try:
        import pandas  # noqa: F401
    except ImportError:
        raise ModuleNotFoundError(f"{what} needs pandas: {EXTRA}", name="pandas") from None


def check_table(table: object, needs: Iterable[str] = (), what: str = "this") -> pd.DataFrame:
    """``table`` if it is a DataFrame with the columns ``needs``, else a :class:`TableError`
    saying what ``what`` (a function's name) needs."""
    import pandas as pd

    if not isinstance(table, pd.DataFrame):
        raise TableError(
            f"{what} takes a simulation table (a DataFrame from cardlab.simulate), "
            f"not {type(table).__name__}"
        )
    missing = [name for name in needs if name not in table.columns]
    if missing:
        raise TableError(
            f"{what} needs the column{'s' if len(missing) > 1 else ''} {', '.join(missing)}, "
            "which this table does not have: give it a table from cardlab.simulate"
        )
    return table


def seats(table: pd.DataFrame) -> list[int]:
    """The seat numbers of a simulation table (from its ``agent_<seat>`` columns)."""
    check_table(table, (), "seats")
    found = []
    for column in table.columns:
        prefix, _, seat = str(column).partition("_")
        if prefix == "agent" and seat.isdigit():
            found.append(int(seat))
    if not found:
        raise TableError(
            "this is not a simulation table: it has no agent_<seat> columns "
            "(make one with cardlab.simulate)"
        )
    return sorted(found)


def one_seat(table: pd.DataFrame, seat: object, whose: str = "this table's") -> int:
    """``seat`` when it is one of the table's seats, else a :class:`TableError` that lists them
    (as ``whose`` seats)."""
    known = seats(table)
    if not is_whole_number(seat) or seat not in known:
        raise TableError(f"seat must be one of {whose} seats {known}, not {seat!r:.60}")
    return int(seat)


def every_seat(table: pd.DataFrame, what: str) -> list[int]:
    """The seats 0, 1 ... of a table that has every seat's agent column, or a
    :class:`TableError` (``what`` needs them all, to count the seats)."""
    found = seats(table)
    if found != list(range(len(found))):
        raise TableError(
            f"{what} needs every seat's columns, but this table has agent columns for seats "
            f"{found} only"
        )
    return found


# --------------------------------------------------------------------------- building


def _small_integers(values: list[int]) -> np.ndarray[Any, Any]:
    """Whole numbers as the smallest of int16, int32 and int64 that holds them."""
    import numpy as np

    array = np.asarray(values, dtype=np.int64)
    for kind in (np.int16, np.int32):
        limits = np.iinfo(kind)
        if not len(array) or (limits.min <= array.min() and array.max() <= limits.max):
            return array.astype(kind)
    return array


def _stat_names(run: CheckedRun) -> list[str]:
    """The names of the game's own counts (captures, tricks ...), from a hand played here."""
    if run.task.per == "match":
        return []
    the_game = run.game
    outcome = the_game.playout(the_game.deal(seed="column names"), random.Random(0))
    return [name for name, _ in outcome.stats]


def row_names(run: CheckedRun) -> list[str]:
    """The columns a game of ``run`` fills in, in order (without ``seed`` and the agents)."""
    seats = range(run.game.players)
    if run.task.per == "match":
        names = ["game", "first_dealer", "winner", "hands"]
        names += [f"total_{seat}" for seat in seats] + ["moves"]
    else:
        names = ["game", "dealer", "winner"] + [f"score_{seat}" for seat in seats] + ["moves"]
        names += _stat_names(run)
    return names + (["record"] if run.task.records else [])


def build_table(run: CheckedRun, columns: dict[str, list[Any]], complete: bool) -> pd.DataFrame:
    """The DataFrame of a run's finished games (``columns``: name -> values, in game order),
    with compact types and the run described in ``attrs``."""
    import numpy as np
    import pandas as pd

    from cardlab import __version__

    if not columns:
        columns = {name: [] for name in row_names(run)}
    columns = dict(columns)
    games = columns.pop("game")
    data: dict[str, Any] = {"game": _small_integers(games).astype(np.int32)}
    data["seed"] = pd.array([run.task.game_seed(index) for index in games], dtype="str")
    first = "first_dealer" if run.task.per == "match" else "dealer"
    data[first] = np.asarray(columns.pop(first), dtype=np.int8)
    names = run.agent_names
    categories = list(dict.fromkeys(names))
    for seat, name in enumerate(names):
        codes = np.full(len(games), categories.index(name), dtype=np.int8)
        data[f"agent_{seat}"] = pd.Categorical.from_codes(codes, categories=pd.Index(categories))
    data["winner"] = pd.array(columns.pop("winner"), dtype="Int8")
    records = columns.pop("record", None)
    for name, values in columns.items():
        data[name] = _small_integers(values)
    if records is not None:
        data["record"] = pd.Series(records, dtype=object)
    table = pd.DataFrame(data)
    table.attrs = {
        "game": run.game.name,
        "options": run.game.options,
        "agents": names,
        "seed": run.task.seed,
        "per": run.task.per,
        "games": run.games,
        "complete": complete,
        "cardlab": __version__,
    }
    return table


# --------------------------------------------------------------------------- the long form

PER_SEAT = ("agent", "score", "total")
"""The per-seat columns (``agent_0``, ``score_0`` ...) that :func:`long_form` stacks."""


def long_form(table: pd.DataFrame) -> pd.DataFrame:
    """The same games with one row per seat (tidy data, for ``groupby`` and plotting): the
    game's columns repeated, then ``seat``, ``position`` (the order of play: 0 plays first,
    the dealer last; hands only), ``agent``, ``won`` and ``score`` (``total`` per match).

    >>> import cardlab
    >>> table = cardlab.simulate("mod-ten", "random,greedy", games=3, seed=1, progress=False)
    >>> tidy = long_form(table)
    >>> len(tidy), list(tidy.columns[:7])
    (6, ['game', 'seed', 'dealer', 'seat', 'position', 'agent', 'won'])
    >>> tidy.groupby("agent", observed=True)["won"].sum().to_dict()
    {'random': 1, 'greedy': 2}
    """
    import numpy as np
    import pandas as pd

    check_table(table, ["winner"], "long_form")
    seats = every_seat(table, "long_form")
    stacked = [prefix for prefix in PER_SEAT if all(f"{prefix}_{seat}" in table for seat in seats)]
    per_seat = {f"{prefix}_{seat}" for prefix in stacked for seat in seats}
    lead = [name for name in ("game", "seed", "dealer", "first_dealer") if name in table]
    rest = [str(name) for name in table if name not in per_seat and name not in lead + ["winner"]]
    count = len(seats)

    def repeated(name: str) -> pd.Series:
        return table[name].repeat(count).reset_index(drop=True)

    data: dict[str, Any] = {name: repeated(name) for name in lead}
    seat = np.tile(np.asarray(seats, dtype=np.int8), len(table))
    data["seat"] = seat
    if "dealer" in table:
        data["position"] = ((seat - data["dealer"].to_numpy() - 1) % count).astype(np.int8)
    data["agent"] = _stack(table, "agent", seats)
    data["won"] = (repeated("winner") == pd.Series(seat)).fillna(False).astype(bool)
    for prefix in stacked:
        if prefix != "agent":
            data[prefix] = _stack(table, prefix, seats)
    data.update({name: repeated(name) for name in rest})
    return pd.DataFrame(data)


def _stack(table: pd.DataFrame, prefix: str, seats: list[int]) -> Any:
    """The columns ``prefix_<seat>`` interleaved: game 0 seat 0, game 0 seat 1, ..."""
    import numpy as np
    import pandas as pd

    columns = [table[f"{prefix}_{seat}"] for seat in seats]
    if all(isinstance(column.dtype, pd.CategoricalDtype) for column in columns):
        categories = columns[0].cat.categories
        if all(column.cat.categories.equals(categories) for column in columns):
            codes = np.column_stack([column.cat.codes.to_numpy() for column in columns])
            return pd.Categorical.from_codes(codes.ravel(), categories=categories)
    values = np.column_stack([column.to_numpy() for column in columns]).ravel()
    return pd.Series(values).convert_dtypes() if values.dtype == object else values


# --------------------------------------------------------------------------- saving


def output_format(path: str | os.PathLike[str]) -> str:
    """ "csv" or "parquet", by the file name's ending, or a :class:`TableError` (an
    ImportError naming the extra for Parquet without pyarrow).

    >>> output_format("results.csv"), output_format("runs/results.csv.gz")
    ('csv', 'csv')
    """
    if not isinstance(path, str | os.PathLike):
        raise TableError(f"an output file is a name or a path, not {type(path).__name__}")
    name = os.fspath(path)
    if not isinstance(name, str) or not name.strip():
        raise TableError("an output file needs a name, like results.csv or results.parquet")
    lower = name.lower()
    if lower.endswith((".parquet", ".pq")):
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ImportError(
                f"writing Parquet needs pyarrow: {PARQUET_EXTRA} (or give a .csv file name)"
            ) from None
        return "parquet"
    if lower.endswith(tuple(".csv" + ending for ending in COMPRESSIONS)):
        return "csv"
    raise TableError(
        f"cannot tell the format of {name[:80]!r}: give a file name ending in .csv "
        "(or .csv.gz, .csv.bz2, .csv.xz, .csv.zip, .csv.zst) or .parquet"
    )


def write_table(table: pd.DataFrame, path: str | os.PathLike[str]) -> Path:
    """Save ``table`` to ``path`` as CSV or Parquet (by its ending, see :func:`output_format`),
    whole or not at all: it is written beside ``path`` under another name first, then renamed.

    A ``record`` column is saved as JSON text. Parquet keeps the column types and
    ``table.attrs``; CSV keeps the values.
    """
    check_table(table, (), "write_table")
    kind = output_format(path)
    target = Path(path)
    saved = table
    if "record" in table.columns:
        saved = table.assign(record=[json.dumps(record) for record in table["record"]])
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name[:100]}.", suffix=".partial", dir=target.parent
    )
    os.close(handle)
    try:
        if kind == "parquet":
            saved.to_parquet(temporary, index=False)
        else:
            saved.to_csv(temporary, index=False, compression=_compression(target))
        os.chmod(temporary, 0o666 & ~current_umask())  # mkstemp made it 0600
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def current_umask() -> int:
    """The process's umask (read by setting it and putting it back: there is no getter)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


Compression = Literal["gzip", "bz2", "xz", "zip", "zstd"]
"""The compressions of a CSV file that pandas writes."""

COMPRESSION_OF: dict[str, Compression] = {
    ".gz": "gzip",
    ".bz2": "bz2",
    ".xz": "xz",
    ".zip": "zip",
    ".zst": "zstd",
}
"""A CSV file name's last ending -> its compression."""


def _compression(target: Path) -> Compression | None:
    """The compression a CSV file name asks for (None: plain text)."""
    return COMPRESSION_OF.get(target.suffix.lower())
