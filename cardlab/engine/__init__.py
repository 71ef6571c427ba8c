"""The engine: cards, card sets and the protocol every game shares (games, states, views,
moves, events, errors), field declarations, deals from given cards and plain-English words.

It imports nothing outside the standard library and nothing of the layers above it, so a rule
can be read, tested and timed without Jupyter, and runs under Pyodide.
"""

from __future__ import annotations

from cardlab.lazy import lazy_names

__getattr__ = lazy_names(__name__)
