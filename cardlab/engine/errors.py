"""The errors of the engine: what refused move text, options, deals and records raise, each a
``ValueError`` whose message says why in words. A move the rules refuse raises
:class:`~cardlab.engine.moves.IllegalMoveError` (beside :class:`~cardlab.engine.moves.Move`,
whose legal alternatives it lists)."""

from __future__ import annotations


class MoveSyntaxError(ValueError):
    """Text that is not a move, e.g. ``"8X"`` or ``"AS=Z"``."""


class OptionError(ValueError):
    """An unknown game, an unknown option or an option value out of range."""


class DealError(ValueError):
    """Cards given for a deal that the rules do not allow (wrong counts, unknown or repeated)."""


class RecordError(ValueError):
    """A record that cannot be replayed. ``index`` is the offending move's index, if any."""

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message if index is None else f"move {index}: {message}")
