"""The explorer's hint in words: each legal move's Monte Carlo estimate with its 95% interval,
best first, and whether it is clearly worse than the best move or not.

>>> from cardlab import Move
>>> from cardlab.bots import Estimate
>>> estimates = {
...     Move.parse("8H"): Estimate(0.6, 0.05, 100),
...     Move.parse("2C"): Estimate(0.3, 0.04, 100),
... }
>>> [(str(move), verdict) for move, verdict in verdicts(estimates)]
[('8H', 'best'), ('2C', 'worse')]
>>> shown_value(0.6, 0.05, "chance to win")
'60% ± 10%'
"""

from __future__ import annotations

import html
import math

from cardlab.bots.estimates import Estimate
from cardlab.engine.moves import Move

WIN_LABEL = "chance to win"
"""The :attr:`~cardlab.engine.core.Game.value_label` of a game whose hand score is 1 for the winner
and 0 for the others (Mod Ten): its values are shown as percentages, its solved results as
"wins" / "loses", and it has no points to chart. The one place the widgets spell it."""


def shown_value(mean: float, stderr: float, label: str) -> str:
    """A mean with its 95% half-width: "60% ± 10%", or "+3.1 ± 1.2" points."""
    half = 1.959963984540054 * stderr
    if label == WIN_LABEL:
        spread = "?" if math.isnan(half) else f"{half:.0%}"
        return f"{mean:.0%} ± {spread}"
    spread = "?" if math.isnan(half) else f"{half:.1f}"
    return f"{mean:+.1f} ± {spread}"


def verdicts(estimates: dict[Move, Estimate]) -> list[tuple[Move, str]]:
    """The moves best first, each with "best", "about as good" (its interval reaches the best
    move's) or "worse" (its whole interval is below the best move's)."""
    ranked = sorted(estimates, key=lambda move: -estimates[move].mean)
    if not ranked:
        return []
    best_low = estimates[ranked[0]].interval[0]
    found = [(ranked[0], "best")]
    for move in ranked[1:]:
        high = estimates[move].interval[1]
        clearly_worse = not math.isnan(best_low) and high < best_low
        found.append((move, "worse" if clearly_worse else "about as good"))
    return found


def hint_html(estimates: dict[Move, Estimate], seat: int, label: str) -> str:
    """The hint as an HTML table: move, estimate ± its 95% half-width, verdict."""
    playouts = next(iter(estimates.values())).playouts if estimates else 0
    rows = []
    for move, verdict in verdicts(estimates):
        estimate = estimates[move]
        value = shown_value(estimate.mean, estimate.stderr, label)
        rows.append(
            f"<tr><td>{html.escape(str(move))}</td><td>{html.escape(value)}</td>"
            f"<td>{verdict}</td></tr>"
        )
    return (
        f"<b>Seat {seat}, {playouts} playouts per move ({html.escape(label)}, with a 95% "
        "interval):</b>"
        f"<table><tr><th>move</th><th>{html.escape(label)}</th><th>compared with the best</th>"
        f"</tr>{''.join(rows)}</table>"
        "<i>Moves marked 'about as good' are not told apart from the best one by this many "
        "playouts: more playouts narrow the intervals.</i>"
    )
