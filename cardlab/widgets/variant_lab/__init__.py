"""The variant lab (:class:`VariantLab`): change a game's rules, run many hands, and see how
the outcomes move; with the numbers behind it (:mod:`~cardlab.widgets.variant_lab.variants`)
and its side-by-side charts (:mod:`~cardlab.widgets.variant_lab.charts`).

It imports the layers below the widgets, the shared widget modules and the explorer's bots,
controls and drawing, which it reuses.
"""

from __future__ import annotations

from cardlab.widgets.variant_lab.lab import VariantLab, letter, option_control, progress_words

__all__ = ["VariantLab", "letter", "option_control", "progress_words"]
