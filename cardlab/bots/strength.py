"""How strong each bot is, measured rather than written: the strength table and its words.

``bench/strength.py`` plays every pair of registered bots in every registered game at its
default seat count, in duplicate (the same seeded deals, each bot in each seat), and writes
the table to ``cardlab/data/strength.json``, which ships in the package. This module reads it
(once, when first asked, with the standard library only: it runs under Pyodide too) and puts
it in words for a bot, a game and a seat count, for the explorer's bot menu and the docs.

A row says how a bot did against one opponent: its margin a hand (its hand score minus the
opponents' mean, in the game's unit: wins in Mod Ten, points in the other games) with a 95%
interval. The words are honest about the interval: a bot "beats" an opponent only when the
whole interval is above zero, "loses to" it only when the whole interval is below, and is
"level with" it otherwise.

>>> row = Measured("mod-ten", 2, "mc", "greedy", 60, 0.31, 0.2, 0.42, "wins", 0.02, 0.0001)
>>> versus_words(row)
'beats greedy by 0.31 wins a hand (0.20 to 0.42)'
>>> versus_words(row._replace(low=-0.05))
'level with greedy (-0.05 to +0.42 wins a hand)'
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from importlib import resources
from typing import Any, NamedTuple

TABLE_FILE = "data/strength.json"
"""Where the table is, inside the ``cardlab`` package."""


class StrengthTableError(ValueError):
    """The strength table cannot be read: its file is missing (a broken install: reinstall
    cardlab) or is not the table ``bench/strength.py`` writes (the message says what is
    wrong and where). A ValueError, as every cardlab error."""


class Measured(NamedTuple):
    """One row of the strength table: how ``bot`` did against ``opponent`` in ``game`` with
    ``seats`` seats (the bot in one seat, the opponent in the others, every seat in turn)."""

    game: str
    """The game's registered name."""
    seats: int
    """The number of seats played (the game's default)."""
    bot: str
    """The registered name of the bot measured."""
    opponent: str
    """The registered name of the bot it played against."""
    deals: int
    """How many deals the pair played (each once per seat)."""
    margin: float
    """The bot's mean hand score minus the opponents', a hand, in :attr:`unit`."""
    low: float
    """The low end of the margin's 95% interval."""
    high: float
    """The high end of the margin's 95% interval."""
    unit: str
    """What a hand's score counts: "wins" (Mod Ten) or "points"."""
    bot_seconds: float
    """CPU seconds a decision of the bot took, in these games."""
    opponent_seconds: float
    """CPU seconds a decision of the opponent took."""
    bot_settings: str = ""
    """The bot's settings as measured (the repr of the agent)."""
    opponent_settings: str = ""
    """The opponent's settings as measured."""
    cardlab: str = ""
    """The cardlab version and git commit the row was measured at."""
    load: str = ""
    """The machine's load while the row was measured ("3.1 on 2 cores": the mean 1-minute
    load average), where recorded: the CPU seconds a decision depend on it (caches and memory
    shared with the other work)."""


REQUIRED = Measured._fields[:11]
"""The fields every row has (the settings and version are for people reading the file)."""

NUMBERS = {"seats": int, "deals": int}
"""The fields that are whole numbers."""

NUMBER_FIELDS = ("margin", "low", "high", "bot_seconds", "opponent_seconds")
"""The fields that are numbers with decimals (the others are texts)."""

_loaded: tuple[Measured, ...] | None = None


def table() -> tuple[Measured, ...]:
    """Every row of the package's strength table, read from its file the first time it is
    asked for; :class:`StrengthTableError` if the file is missing or malformed."""
    global _loaded
    if _loaded is None:
        where = resources.files("cardlab").joinpath(TABLE_FILE)
        try:
            text = where.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            raise StrengthTableError(
                f"the strength table cardlab/{TABLE_FILE} is missing: reinstall cardlab, "
                "or write the table with python bench/strength.py"
            ) from None
        except UnicodeDecodeError as error:
            raise StrengthTableError(f"cardlab/{TABLE_FILE} is not UTF-8 text: {error}") from None
        _loaded = parse_table(text, f"cardlab/{TABLE_FILE}")
    return _loaded


def parse_table(text: str, source: str = "the strength table") -> tuple[Measured, ...]:
    """The rows of a strength table written as ``bench/strength.py`` writes it (JSON: an
    object whose ``"rows"`` is a list of rows), checked; :class:`StrengthTableError`, naming
    ``source`` and the row, if it is anything else."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise StrengthTableError(f"{source} is not valid JSON: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise StrengthTableError(f'{source} is not a strength table: it has no list of "rows"')
    return tuple(parse_row(row, f"{source}, row {index}") for index, row in enumerate(data["rows"]))


def parse_row(row: object, where: str) -> Measured:
    """One row of the table, its fields checked (see :func:`parse_table`)."""
    if not isinstance(row, dict):
        raise StrengthTableError(f"{where} is not an object of fields")
    missing = [name for name in REQUIRED if name not in row]
    if missing:
        raise StrengthTableError(f"{where} lacks {', '.join(missing)}")
    values: dict[str, Any] = {}
    for name in Measured._fields:
        if name in row:
            values[name] = checked_field(name, row[name], where)
    return Measured(**values)


def checked_field(name: str, value: object, where: str) -> object:
    """A field's value if it has the field's type, else a :class:`StrengthTableError`."""
    kind = NUMBERS.get(name, float if name in NUMBER_FIELDS else str)
    if kind is float and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, kind) and not isinstance(value, bool):
        return value
    wanted = {int: "a whole number", float: "a number", str: "a text"}[kind]
    raise StrengthTableError(f"{where}: {name} must be {wanted}, not {value!r:.40}")


# --------------------------------------------------------------------------- looking up


def measured(
    bot: str, game: str, seats: int, rows: Sequence[Measured] | None = None
) -> list[Measured]:
    """The rows of ``bot`` in ``game`` with ``seats`` seats (from :func:`table` unless
    ``rows`` are given), its weakest opponents first (see :func:`ranking`)."""
    rows = table() if rows is None else rows
    order = ranking(game, seats, rows)
    found = [row for row in rows if (row.bot, row.game, row.seats) == (bot, game, seats)]
    return sorted(found, key=lambda row: order.index(row.opponent) if row.opponent in order else 0)


def ranking(game: str, seats: int, rows: Sequence[Measured] | None = None) -> list[str]:
    """The bots measured in ``game`` with ``seats`` seats, weakest first: by their mean
    margin over all their opponents."""
    rows = table() if rows is None else rows
    margins: dict[str, list[float]] = {}
    for row in rows:
        if (row.game, row.seats) == (game, seats):
            margins.setdefault(row.bot, []).append(row.margin)
    return sorted(margins, key=lambda bot: sum(margins[bot]) / len(margins[bot]))


# --------------------------------------------------------------------------- words


DECIMALS = {"wins": 2, "points": 1}
"""How many decimals a margin is written with, by unit (a win is worth more than a point)."""


def amount(value: float, unit: str, sign: bool = False) -> str:
    """A margin written in its unit's decimals: "0.31", or "+0.31" with ``sign``."""
    places = DECIMALS.get(unit, 2)
    return f"{value:+.{places}f}" if sign else f"{value:.{places}f}"


def versus_words(row: Measured) -> str:
    """How the bot did against the row's opponent, in words: "beats greedy by 0.31 wins a
    hand (0.20 to 0.42)", "loses to pimc by 4.1 points a hand (1.0 to 7.2)", or "level with
    mc (-0.05 to +0.10 wins a hand)" when the interval holds zero (or is unknown)."""
    unit = f"{row.unit} a hand"
    if row.low > 0:
        between = f"{amount(row.low, row.unit)} to {amount(row.high, row.unit)}"
        return f"beats {row.opponent} by {amount(row.margin, row.unit)} {unit} ({between})"
    if row.high < 0:
        between = f"{amount(-row.high, row.unit)} to {amount(-row.low, row.unit)}"
        return f"loses to {row.opponent} by {amount(-row.margin, row.unit)} {unit} ({between})"
    if math.isnan(row.low) or math.isnan(row.high):
        return f"level with {row.opponent} (too few deals for an interval)"
    between = f"{amount(row.low, row.unit, True)} to {amount(row.high, row.unit, True)}"
    return f"level with {row.opponent} ({between} {unit})"


def seconds_words(seconds: float) -> str:
    """CPU time a decision in words: "0.02 s a move", "under a millisecond a move"."""
    if seconds < 0.001:
        return "under a millisecond a move"
    return f"{seconds:.2g} s a move"


def describe(bot: str, game: str, seats: int, rows: Sequence[Measured] | None = None) -> str | None:
    """``bot``'s measured strength in ``game`` with ``seats`` seats, in words: how it did
    against each other bot (weakest first) and its CPU time a move; None if the table has no
    row for it (a bot or game added since the table was written).

    >>> rows = [Measured("mod-ten", 2, "mc", "random", 60, 0.5, 0.4, 0.6, "wins", 0.005, 0.0),
    ...         Measured("mod-ten", 2, "mc", "pimc", 20, -0.1, -0.3, 0.1, "wins", 0.005, 0.04)]
    >>> describe("mc", "mod-ten", 2, rows)
    'beats random by 0.50 wins a hand (0.40 to 0.60);
     level with pimc (-0.30 to +0.10 wins a hand); 0.005 s a move'
    >>> describe("mc", "mod-ten", 3, rows) is None
    True
    """
    found = measured(bot, game, seats, rows)
    if not found:
        return None
    seconds = sum(row.bot_seconds for row in found) / len(found)
    return "; ".join([versus_words(row) for row in found] + [seconds_words(seconds)])


def short_words(
    bot: str, game: str, seats: int, rows: Sequence[Measured] | None = None
) -> str | None:
    """A few words for a menu, claiming only what the intervals show: "strongest" (it beats
    every other bot), "weakest" (every other bot beats it), "beats X" naming the strongest
    bot it beats, "loses to Y" naming the weakest bot that beats it (when it beats none), or
    "level with all" (the deals told it apart from none); None if the table lacks it. Where
    it was measured against some of the table's bots only, never "strongest" or "weakest"
    ("level with all" then means all it was measured against).

    >>> rows = [Measured("mod-ten", 2, "mc", "random", 60, 0.5, 0.4, 0.6, "wins", 0.005, 0.0),
    ...         Measured("mod-ten", 2, "mc", "pimc", 20, -0.4, -0.6, -0.2, "wins", 0.005, 0.04)]
    >>> short_words("mc", "mod-ten", 2, rows)
    'beats random'
    """
    rows = table() if rows is None else rows
    found = measured(bot, game, seats, rows)
    if not found:
        return None
    beaten = [row.opponent for row in found if row.low > 0]  # weakest opponent first
    beaten_by = [row.opponent for row in found if row.high < 0]
    # "strongest" and "weakest" only where it was measured against every bot of the table.
    everyone = {row.bot for row in rows} - {bot} <= {row.opponent for row in found}
    if everyone and len(beaten) == len(found):
        return "strongest"
    if everyone and len(beaten_by) == len(found):
        return "weakest"
    if beaten:
        return f"beats {beaten[-1]}"
    if beaten_by:
        return f"loses to {beaten_by[0]}"
    return "level with all"


def cell(row: Measured) -> str:
    """A row as a table cell: its margin, bold where the bot beats the opponent, and the
    interval ("**+0.31** (+0.20 to +0.42)")."""
    margin = amount(row.margin, row.unit, sign=True)
    between = f"({amount(row.low, row.unit, True)} to {amount(row.high, row.unit, True)})"
    return f"**{margin}** {between}" if row.low > 0 else f"{margin} {between}"


def markdown_table(game: str, seats: int, rows: Sequence[Measured] | None = None) -> str:
    """The strength table of ``game`` with ``seats`` seats as a Markdown table (for the docs):
    a line per bot, strongest first, with its margin against each other bot (bold where the
    whole interval is above zero) and its CPU time a move; "" if the table has no rows.

    >>> rows = [Measured("mod-ten", 2, "mc", "random", 60, 0.5, 0.4, 0.6, "wins", 0.005, 0.0),
    ...         Measured("mod-ten", 2, "random", "mc", 60, -0.5, -0.6, -0.4, "wins", 0.0, 0.005)]
    >>> print(markdown_table("mod-ten", 2, rows))
    | bot | against mc | against random | time a move |
    | --- | --- | --- | --- |
    | mc | | **+0.50** (+0.40 to +0.60) | 0.005 s |
    | random | -0.50 (-0.60 to -0.40) | | under 1 ms |
    """
    rows = table() if rows is None else rows
    bots = list(reversed(ranking(game, seats, rows)))
    if not bots:
        return ""
    lines = [
        "| bot | " + " | ".join(f"against {bot}" for bot in bots) + " | time a move |",
        "| --- | " + " | ".join("---" for _ in bots) + " | --- |",
    ]
    for bot in bots:
        found = {row.opponent: row for row in measured(bot, game, seats, rows)}
        cells = [cell(found[other]) if other in found else "" for other in bots]
        seconds = sum(row.bot_seconds for row in found.values()) / len(found)
        when = seconds_words(seconds).removesuffix(" a move").replace("a millisecond", "1 ms")
        lines.append(f"| {bot} | " + " | ".join(cells) + f" | {when} |")
    return "\n".join(lines)


__all__ = [
    "Measured",
    "StrengthTableError",
    "describe",
    "markdown_table",
    "measured",
    "parse_table",
    "ranking",
    "seconds_words",
    "short_words",
    "table",
    "versus_words",
]
