"""Hands and matches beyond one move: matches of several hands with a target, records that
replay a hand or a match through the rules, and turn-by-turn logs of a hand as tables.

It imports the engine and the games; never the bots, the simulation or the widgets."""

from __future__ import annotations

from cardlab.lazy import lazy_names

__getattr__ = lazy_names(__name__)
