"""Pictures: cards, hands and states as HTML (:mod:`cardlab.display.render`, the notebooks'
``_repr_html_``), plotly charts of simulation tables (:mod:`cardlab.display.charts`) and their
static previews (:mod:`cardlab.display.previews`).

It imports the layers below it (the engine, the simulation's tables and statistics), never
the widgets; plotly loads when a chart is first drawn.
"""

from __future__ import annotations

from cardlab.lazy import lazy_names

__getattr__ = lazy_names(__name__)
