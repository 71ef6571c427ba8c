"""Small helpers for boxes of widgets: hiding one, and replacing a box's children without
leaving the old widgets open.

>>> import ipywidgets as widgets
>>> box = widgets.HBox([widgets.Button(description="old")])
>>> replace_children(box, [widgets.Button(description="new")])
>>> [child.description for child in box.children]
['new']
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets


def replace_children(
    box: widgets.Box, children: Sequence[widgets.Widget], keep: Sequence[widgets.Widget] = ()
) -> None:
    """Show ``children`` in ``box`` and close the widgets they replace (with their layouts and
    styles), so that a long session does not keep every button ever drawn; a widget of
    ``children`` or of ``keep`` (one that is shown again later) stays open."""
    old = box.children
    box.children = tuple(children)
    for child in old:
        if any(child is other for other in (*children, *keep)):
            continue
        for part in (getattr(child, "layout", None), getattr(child, "style", None), child):
            if isinstance(part, widgets.Widget):
                part.close()


def hidden(widget: widgets.Widget, hide: bool) -> None:
    """Hide or show ``widget`` (its layout's display)."""
    widget.layout.display = "none" if hide else None
