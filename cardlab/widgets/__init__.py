"""Jupyter widgets built on the core protocol (no rules inside): the game :class:`Explorer`
and the rule-variant :class:`VariantLab`.

Importing this module imports ipywidgets, so ``import cardlab`` does not import it (the
VariantLab imports plotly and pandas when one is made).
"""

from cardlab.widgets.explorer.widget import Explorer, describe_choice, random_bot
from cardlab.widgets.variant_lab.lab import VariantLab

__all__ = ["Explorer", "VariantLab", "describe_choice", "random_bot"]
