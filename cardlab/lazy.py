"""Names a package gives on first use: its ``__getattr__`` loads the module that holds a name
only when the name is asked for, so that importing one module of the package does not import
all of them (and ``import cardlab`` stays fast)."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from typing import Any

from cardlab.moved import old_name


def lazy_names(
    package: str, where: Mapping[str, str] | None = None, everything_of: str | None = None
) -> Callable[[str], Any]:
    """A module-level ``__getattr__`` for ``package`` that gives, each loaded when first asked
    for: each name of ``where`` (name -> the module that holds it) from its module; each name
    of the ``__all__`` of the module ``everything_of``; the package's own modules
    (``cardlab.simulation.stats``); and the package's old names (:func:`cardlab.moved.old_name`)
    with a DeprecationWarning."""
    where = where or {}

    def __getattr__(name: str) -> Any:
        if name in where:
            return getattr(importlib.import_module(where[name]), name)
        if everything_of is not None and not name.startswith("_"):
            module = importlib.import_module(everything_of)
            if name in module.__all__:
                return getattr(module, name)
        if importlib.util.find_spec(f"{package}.{name}") is not None:
            return importlib.import_module(f"{package}.{name}")  # a module of the package
        return old_name(package, name)

    return __getattr__


__all__ = ["lazy_names"]
