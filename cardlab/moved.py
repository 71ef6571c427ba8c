"""Where the package's older module paths and names went: one table, and the import hook that
keeps them working.

cardlab's modules once sat side by side in one folder. They now live in subpackages by layer
(:mod:`cardlab.engine`, :mod:`cardlab.games`, :mod:`cardlab.play`, :mod:`cardlab.search`,
:mod:`cardlab.bots`, :mod:`cardlab.simulation`, :mod:`cardlab.display`, :mod:`cardlab.widgets`,
:mod:`cardlab.exercises`). Code written for the old paths keeps working: ``import cardlab.agents``
or ``from cardlab.core import State`` still give the same objects, and each name taken through an
old path says where it lives now, with a :class:`DeprecationWarning`:

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from cardlab.core import State
>>> import cardlab.engine.core
>>> State is cardlab.engine.core.State
True
>>> print(caught[0].message)
cardlab.core.State is now cardlab.engine.core.State

Names that were renamed inside a module that kept its path (``cardlab.widgets.background.Task``,
now ``Ticket``) are in the same table, :data:`RENAMED`; such a module hands its unknown names
to :func:`old_name`.

This module imports nothing of the package when it is loaded: :mod:`cardlab` installs the
hook (:func:`install`) before anything else.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

MOVED_MODULES: dict[str, tuple[str, ...]] = {
    "cardlab.words": ("cardlab.engine.words",),
    "cardlab.cards": ("cardlab.engine.cards",),
    "cardlab.cardsets": ("cardlab.engine.cardsets",),
    "cardlab.fields": ("cardlab.engine.fields",),
    "cardlab.core": (
        "cardlab.engine.core",
        "cardlab.engine.moves",
        "cardlab.engine.errors",
        "cardlab.engine.numbers",
        "cardlab.engine.options",
        "cardlab.engine.positions",
        "cardlab.engine.randomness",
    ),
    "cardlab.notation": ("cardlab.engine.notation",),
    "cardlab.deals": ("cardlab.engine.deals",),
    "cardlab.turnlog": ("cardlab.play.turnlog",),
    "cardlab.heuristics": ("cardlab.bots.heuristics",),
    "cardlab.heuristics.mod_ten": ("cardlab.bots.heuristics.mod_ten",),
    "cardlab.heuristics.chinese_ten": ("cardlab.bots.heuristics.chinese_ten",),
    "cardlab.heuristics.two_ten_jack": ("cardlab.bots.heuristics.two_ten_jack",),
    "cardlab.ismcts": ("cardlab.bots.ismcts",),
    "cardlab.strength": ("cardlab.bots.strength",),
    "cardlab.runs": ("cardlab.simulation.runs",),
    "cardlab.hands": ("cardlab.simulation.rows",),
    "cardlab.workers": ("cardlab.simulation.workers",),
    "cardlab.tables": ("cardlab.simulation.tables",),
    "cardlab.tournament": ("cardlab.simulation.tournament",),
    "cardlab.counting": ("cardlab.simulation.counting",),
    "cardlab.widgets.explorer_names": ("cardlab.widgets.explorer.names",),
    "cardlab.widgets.table": ("cardlab.widgets.explorer.seating",),
    "cardlab.widgets.explorer.table": ("cardlab.widgets.explorer.seating",),
    "cardlab.widgets.timeline": ("cardlab.widgets.explorer.timeline",),
    "cardlab.widgets.screen": ("cardlab.widgets.explorer.screen",),
    "cardlab.widgets.controls": ("cardlab.widgets.explorer.controls",),
    "cardlab.widgets.drawing": ("cardlab.widgets.explorer.drawing",),
    "cardlab.widgets.bots": ("cardlab.widgets.explorer.bots",),
    "cardlab.widgets.thinking": ("cardlab.widgets.explorer.thinking",),
    "cardlab.widgets.hint": ("cardlab.widgets.explorer.hint_words",),
    "cardlab.widgets.hinting": ("cardlab.widgets.explorer.hint_panel",),
    "cardlab.widgets.solution": ("cardlab.widgets.explorer.solution_words",),
    "cardlab.widgets.solving": ("cardlab.widgets.explorer.solution_panel",),
    "cardlab.widgets.replays": ("cardlab.widgets.explorer.replays",),
    "cardlab.widgets.variants": ("cardlab.widgets.variant_lab.variants",),
    "cardlab.widgets.variant_charts": ("cardlab.widgets.variant_lab.charts",),
}
"""An old module path -> the modules that hold its names now, searched in this order."""

SHORT_NAMES: dict[str, str] = {
    "cardlab.agents": "cardlab.bots",
    "cardlab.stats": "cardlab.simulation.stats",
    "cardlab.charts": "cardlab.display.charts",
    "cardlab.render": "cardlab.display.render",
    "cardlab.records": "cardlab.play.records",
    "cardlab.match": "cardlab.play.match",
    "cardlab.solver": "cardlab.search.solver",
    "cardlab.previews": "cardlab.display.previews",
    "cardlab.classroom": "cardlab.simulation.classroom",
}
"""Old module paths that stay short names of their new modules, as notebooks use them
(``cardlab.stats.wilson_interval``): ``import cardlab.stats`` and ``cardlab.stats`` give
:mod:`cardlab.simulation.stats` itself, with no warning."""

RENAMED: dict[str, str] = {
    "cardlab.core.GAMES": "cardlab.games.GAMES",
    "cardlab.core.game": "cardlab.games.game",
    "cardlab.core.game_class": "cardlab.games.game_class",
    "cardlab.charts.win_rates": "cardlab.display.charts.win_rate_bars",
    "cardlab.turnlog.Row": "cardlab.play.turnlog.LogRow",
    "cardlab.runs.Run": "cardlab.simulation.runs.CheckedRun",
    "cardlab.runs.whole_number": "cardlab.simulation.runs.checked_whole_number",
    "cardlab.runs.checked_seed": "cardlab.simulation.runs.checked_run_seed",
    "cardlab.tournament.Bot": "cardlab.simulation.tournament.BotSpec",
    "cardlab.simulation.Row": "cardlab.simulation.rows.GameRow",
    "cardlab.search.solver.Steps": "cardlab.search.alphabeta.GainSteps",
    "cardlab.search.solver.PositionSearch": "cardlab.search.alphabeta.PositionSearch",
    "cardlab.bots.Steps": "cardlab.bots.checks.DecisionSteps",
    "cardlab.bots.checks.Steps": "cardlab.bots.checks.DecisionSteps",
    "cardlab.simulation.runs.checked_run": "cardlab.simulation.many_games.checked_run",
    "cardlab.widgets.solving.Key": "cardlab.widgets.explorer.solution_panel.PanelKey",
    "cardlab.widgets.background.Task": "cardlab.widgets.background.Ticket",
    "cardlab.widgets.explorer.ERROR_COLOUR": "cardlab.widgets.explorer.drawing.ERROR_COLOUR",
    "cardlab.widgets.explorer.ERROR_STYLE": "cardlab.widgets.explorer.drawing.ERROR_STYLE",
    "cardlab.widgets.explorer.ILLEGAL_COLOUR": "cardlab.widgets.explorer.drawing.ILLEGAL_COLOUR",
    "cardlab.widgets.explorer.LEGAL_COLOUR": "cardlab.widgets.explorer.drawing.LEGAL_COLOUR",
    "cardlab.widgets.explorer.wrapping": "cardlab.widgets.explorer.controls.wrapping",
    "cardlab.widgets.explorer.FAST_BOTS": "cardlab.widgets.explorer.seating.FAST_BOTS",
    "cardlab.widgets.explorer.seat_or_none": "cardlab.widgets.explorer.seating.seat_or_none",
    "cardlab.widgets.table.Table": "cardlab.widgets.explorer.seating.Seating",
    "cardlab.widgets.explorer.table.Table": "cardlab.widgets.explorer.seating.Seating",
    "cardlab.games.mod_ten._deal_unseen": "cardlab.games.mod_ten.fast.deal_unseen",
    "cardlab.games.mod_ten._SEATS_AFTER": "cardlab.games.mod_ten.rules.SEATS_AFTER",
    "cardlab.games.two_ten_jack._FOLLOWING_MOVES": (
        "cardlab.games.two_ten_jack.rules.FOLLOWING_MOVES"
    ),
    "cardlab.games.two_ten_jack._FOLLOWING_KEPT": "cardlab.games.two_ten_jack.rules.FOLLOWING_KEPT",
    "cardlab.games.two_ten_jack._weighted_deal": "cardlab.games.two_ten_jack.fast.weighted_deal",
}
"""An old full name -> its new full name, for names that were renamed or moved on their own
(the rest of an old module's names keep their names in :data:`MOVED_MODULES`' modules)."""


SPLIT_MODULES: dict[str, tuple[str, ...]] = {
    f"cardlab.games.{game}": tuple(
        f"cardlab.games.{game}.{part}" for part in ("rules", "fast", "game")
    )
    for game in ("mod_ten", "chinese_ten", "two_ten_jack")
}
"""Modules that became packages of the same path: the package gives every public name the
module gave, as it was; its other names (the private ones, and what the module imported) are
found in these modules, in this order, with a DeprecationWarning."""


def _split(full_name: str) -> tuple[str, str]:
    module, _, name = full_name.rpartition(".")
    return module, name


def _moved(old: str, new: str) -> None:
    """Warn the code that asked for ``old``: three frames up, past :func:`old_name` and the
    ``__getattr__`` that called it (the import system's own frames are skipped)."""
    warnings.warn(f"{old} is now {new}", DeprecationWarning, stacklevel=4)


def old_name(module: str, name: str) -> Any:
    """The object that ``module.name`` names under an older path or name, with a
    :class:`DeprecationWarning` that gives the new one; AttributeError when it is no old name
    of ``module`` (what a module's ``__getattr__`` should raise)."""
    full = f"{module}.{name}"
    if full in RENAMED:
        new_module, new_name = _split(RENAMED[full])
        _moved(full, RENAMED[full])
        return getattr(importlib.import_module(new_module), new_name)
    for new_module in MOVED_MODULES.get(module, ()) + SPLIT_MODULES.get(module, ()):
        found = importlib.import_module(new_module)
        if hasattr(found, name):
            _moved(full, f"{new_module}.{name}")
            return getattr(found, name)
    raise AttributeError(f"module {module!r} has no attribute {name!r}")


def old_names_of(module: str) -> Callable[[str], Any]:
    """A module-level ``__getattr__`` for ``module`` that answers its old names (see
    :func:`old_name`)."""

    def __getattr__(name: str) -> Any:
        return old_name(module, name)

    return __getattr__


class OldPath(types.ModuleType):
    """What an old module path imports: a module whose names are those of the modules that
    hold them now, each given with a DeprecationWarning."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return old_name(self.__name__, name)

    def __dir__(self) -> list[str]:
        names: set[str] = set()
        for new_module in MOVED_MODULES[self.__name__]:
            names.update(dir(importlib.import_module(new_module)))
        return sorted(names)


class OldPathFinder:
    """The import hook: it finds the old module paths of :data:`MOVED_MODULES` and
    :data:`SHORT_NAMES` (only once the usual finders have found no such file) and makes each
    an :class:`OldPath` module, or gives the module a short name stands for. It is a meta path
    finder and a loader by their methods, not by ``importlib.abc``'s classes, whose import
    brings ``importlib.resources`` and a dozen modules more into every ``import cardlab``."""

    def __init__(self) -> None:
        self.specs: dict[str, importlib.machinery.ModuleSpec | None] = {}
        """The true specs of the modules given under short names (the import system writes
        the short name's spec over a module's own: :meth:`exec_module` puts it back)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        """A spec for an old module path, None for every other name."""
        loader = cast("Loader", self)  # a loader by its methods (see the class's docstring)
        if fullname in SHORT_NAMES:
            return importlib.machinery.ModuleSpec(fullname, loader)
        if fullname not in MOVED_MODULES:
            return None
        is_package = any(other.startswith(fullname + ".") for other in MOVED_MODULES)
        return importlib.machinery.ModuleSpec(fullname, loader, is_package=is_package)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        """The module a short name stands for, or an empty :class:`OldPath` module."""
        if spec.name in SHORT_NAMES:
            module = importlib.import_module(SHORT_NAMES[spec.name])
            self.specs[spec.name] = module.__spec__
            return module
        return OldPath(spec.name)

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run (an old path's names are looked up when they are asked for), but a
        module given under a short name gets its own spec back."""
        if isinstance(module, OldPath):
            return
        for short_name, spec in self.specs.items():
            if module.__spec__ is not None and module.__spec__.name == short_name:
                module.__spec__ = spec


def install() -> None:
    """Put the hook at the end of ``sys.meta_path`` (once), so that old paths import."""
    if not any(isinstance(finder, OldPathFinder) for finder in sys.meta_path):
        sys.meta_path.append(OldPathFinder())


__all__ = [
    "MOVED_MODULES",
    "RENAMED",
    "SHORT_NAMES",
    "SPLIT_MODULES",
    "OldPath",
    "OldPathFinder",
    "install",
    "old_name",
    "old_names_of",
]
