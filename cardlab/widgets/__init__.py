"""Jupyter widgets built on the core protocol (no rules inside): the game :class:`Explorer`
and the rule-variant :class:`VariantLab`.

Importing this module imports ipywidgets, so ``import cardlab`` does not import it.
"""

from cardlab.widgets.explorer import Explorer, describe_choice, random_bot

__all__ = ["Explorer", "describe_choice", "random_bot"]
