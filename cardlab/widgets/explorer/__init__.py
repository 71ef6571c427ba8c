"""The game explorer (:class:`Explorer`) and its parts: the timeline of a hand and the table
it is played at (plain Python), the bots of each seat and their thinking in the background,
the hint and the perfect-play panels (their work and their words), what is drawn, the
widget tree and the replays it opens.

The parts import the layers below the widgets and :mod:`cardlab.widgets`' shared modules (background
jobs, boxes, seeds); the :class:`Explorer` itself is a thin widget over them."""

from __future__ import annotations

from cardlab.moved import old_names_of
from cardlab.widgets.explorer.widget import (
    EVERY,
    Bot,
    Explorer,
    SeedError,
    describe_choice,
    random_bot,
)

__getattr__ = old_names_of(__name__)

__all__ = ["EVERY", "Bot", "Explorer", "SeedError", "describe_choice", "random_bot"]
