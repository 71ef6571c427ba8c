"""Charts that put rule variants side by side: win rate by position as grouped bars with their
95% intervals. (The score and length histograms come from :mod:`cardlab.display.charts`.)

>>> from cardlab.widgets.variant_lab.variants import Variant, play, positions
>>> run = play(Variant("mod-ten", (("players", 3),), ("random",) * 3, hands=30, seed=1))
>>> figure = win_rates_side_by_side({"A": positions(run)})
>>> [trace.name for trace in figure.data], list(figure.data[0].x)
(['A'], ['1st to play', '2nd to play', 'dealer'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardlab.widgets.variant_lab.variants import position_order

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go


def win_rates_side_by_side(
    positions: Mapping[str, pd.DataFrame], title: str = "Win rate by position"
) -> go.Figure:
    """One group of bars per position (in playing order), one bar per variant (label -> the table of
    :func:`~cardlab.widgets.variant_lab.variants.positions`), each with its 95% interval; a dashed
    line at the fair share when every variant has the same number of players."""
    import plotly.graph_objects as go

    figure = go.Figure()
    for label, table in positions.items():
        figure.add_trace(
            go.Bar(
                x=list(table["position"]),
                y=list(table["win_rate"]),
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": list(table["win_high"] - table["win_rate"]),
                    "arrayminus": list(table["win_rate"] - table["win_low"]),
                },
                name=label,
                hovertemplate="%{x}: %{y:.1%}<extra>" + label + "</extra>",
            )
        )
    labels = {label for table in positions.values() for label in table["position"]}
    figure.update_xaxes(categoryorder="array", categoryarray=sorted(labels, key=position_order))
    counts = {len(table) for table in positions.values()}
    if len(counts) == 1:
        figure.add_hline(y=1 / counts.pop(), line_dash="dash", annotation_text="fair share")
    figure.update_layout(
        title=title,
        barmode="group",
        xaxis_title="position",
        yaxis_title="win rate",
        template="plotly_white",
        height=380,
    )
    figure.update_yaxes(tickformat=".0%", rangemode="tozero")
    return figure
