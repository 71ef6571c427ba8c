"""Jupyter widgets built on the core protocol (no rules inside): the game :class:`Explorer`
and the rule-variant :class:`VariantLab`.

Importing this module imports ipywidgets, so ``import cardlab`` does not import it (the
VariantLab imports plotly and pandas when one is made).
"""

from cardlab.simulation.runs import EXTRA

try:
    import ipywidgets  # noqa: F401
except ImportError:  # said with the line that installs it, not as Python's bare "No module"
    raise ModuleNotFoundError(
        f"cardlab.widgets needs ipywidgets: {EXTRA}", name="ipywidgets"
    ) from None

from cardlab.widgets.explorer import Explorer, describe_choice, random_bot  # noqa: E402
from cardlab.widgets.variant_lab import VariantLab  # noqa: E402

__all__ = ["Explorer", "VariantLab", "describe_choice", "random_bot"]
