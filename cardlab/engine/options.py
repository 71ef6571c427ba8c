"""A game's options as data: each option's facts (meaning, choices, bounds) declared once
with :func:`option`, read back as an :class:`OptionSpec`, and checked when a game is made
(:func:`check_options`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.engine.errors import OptionError
from cardlab.engine.numbers import MAX_OPTION, whole_number
from cardlab.engine.words import shortened

# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game, described as data: what menus, forms and checks are built from.

    >>> from cardlab.games import game_class
    >>> spec = game_class("mod-ten").option_specs()[1]
    >>> spec.name, spec.kind.__name__, spec.default, spec.choices
    ('deck', 'str', 'auto', ('auto', 'single', 'double'))
    """

    name: str
    """The option's name, as ``cardlab.game(...)`` takes it."""
    kind: type
    """``bool``, ``int`` or ``str``."""
    default: Any
    """The value the game has when the option is not given."""
    doc: str
    """What the option means, in a few words."""
    choices: tuple[Any, ...] = ()
    """The allowed values, when they are a short list (empty otherwise)."""
    minimum: int | None = None
    """The smallest allowed value of a whole-number option (None: no bound)."""
    maximum: int | None = None
    """The largest allowed value of a whole-number option (None: no bound)."""
    unit: str = ""
    """What a whole-number option counts ("points", "hands"), for its error message."""

    def refusal(self, value: object) -> str | None:
        """Why ``value`` is not allowed for this option, in words; None when it is.

        >>> spec = OptionSpec("target", int, 31, "match points", minimum=1, unit="points")
        >>> spec.refusal(31), spec.refusal(0)
        (None, 'target must be a whole number of points >= 1, not 0')
        """
        if self.kind is bool and not isinstance(value, bool):
            return f"{self.name} is True or False, not {shortened(value)}"
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(choice) for choice in self.choices)
            return f"{self.name} must be one of {allowed}, not {shortened(value)}"
        if self.kind is int and not self._whole_in_bounds(value):
            what = f"a whole number of {self.unit}" if self.unit else "a whole number"
            return f"{self.name} must be {what}{self._bounds_text()}, not {shortened(value)}"
        return None

    def _whole_in_bounds(self, value: object) -> bool:
        """True when ``value`` is an int (not a bool) within the option's bounds."""
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        low, high = self.minimum, self.maximum
        return (low is None or value >= low) and (high is None or value <= high)

    def _bounds_text(self) -> str:
        """The bounds in words: " >= 1", " <= 9", " from 1 to 9", or nothing."""
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f" from {low} to {high}"
        if low is not None:
            return f" >= {low}"
        return "" if high is None else f" <= {high}"


def option(
    default: Any,
    doc: str,
    *,
    choices: Sequence[Any] = (),
    minimum: int | None = None,
    maximum: int | None = None,
    unit: str = "",
) -> Any:
    """Declare a game option (a dataclass field of a :class:`Game` subclass) with its facts:
    ``deck: str = option("auto", "which deck", choices=("auto", "single", "double"))``.

    :class:`Game` enforces them when a game is made (its ``__post_init__``): a bool option
    takes True or False, an option with ``choices`` one of them, and a whole-number option a
    whole number from ``minimum`` to ``maximum`` (``unit`` says what it counts, for the
    message); each refusal is an :class:`OptionError` (see :meth:`OptionSpec.refusal`).
    """
    facts = {
        "doc": doc,
        "choices": tuple(choices),
        "minimum": minimum,
        "maximum": maximum,
        "unit": unit,
    }
    return dataclasses.field(default=default, metadata=facts)


# --------------------------------------------------------------------------- a game's options


def declared_specs(cls: Any) -> tuple[OptionSpec, ...]:
    """The option specs of the game class ``cls``, read from its dataclass fields in the order
    it declares them (``players`` bounded by its ``min_players`` and ``max_players``): what
    :meth:`cardlab.engine.core.Game.option_specs` gives."""
    specs = []
    for field in dataclasses.fields(cls):
        facts = field.metadata
        minimum, maximum = facts.get("minimum"), facts.get("maximum")
        if field.name == "players":
            minimum, maximum = cls.min_players, cls.max_players
        specs.append(
            OptionSpec(
                field.name,
                type(field.default),
                field.default,
                facts.get("doc", ""),
                facts.get("choices", ()),
                minimum,
                maximum,
                facts.get("unit", ""),
            )
        )
    return tuple(specs)


def check_options(game: Any) -> None:
    """Check the options of ``game`` (a :class:`~cardlab.engine.core.Game`) against what they
    declare (see :func:`option`): an :class:`OptionError` for the first that is not allowed.
    Whole numbers given as another library's integers become ints first."""
    if game.min_players == game.max_players and not _seats_fit(game):
        raise OptionError(_players_text(game))
    _whole_number_options(game)
    if not isinstance(game.players, int) or isinstance(game.players, bool):
        raise OptionError(f"players must be a whole number, not {shortened(game.players)}")
    if not game.min_players <= game.players <= game.max_players:
        raise OptionError(_players_text(game))
    for spec in game.option_specs():
        refusal = None if spec.name == "players" else spec.refusal(getattr(game, spec.name))
        if refusal is not None:
            raise OptionError(refusal)


def _seats_fit(game: Any) -> bool:
    """Whether ``players`` is the one seat count of a game for a fixed number of seats."""
    return bool(game.players == game.min_players and not isinstance(game.players, bool))


def _players_text(game: Any) -> str:
    """The refusal of a ``players`` value out of the game's range."""
    if game.min_players == game.max_players:
        allowed = f"exactly {game.min_players}"
    else:
        allowed = f"{game.min_players} to {game.max_players}"
    return f"{game.title} is for {allowed} players, not {shortened(game.players)}"


def _whole_number_options(game: Any) -> None:
    """Whole-number options given as another library's integers (NumPy's) become ints, so
    that options compare, hash and go into a record as plain numbers."""
    for field in dataclasses.fields(game):
        value = getattr(game, field.name)
        if type(field.default) is not int:
            continue
        number = whole_number(value)
        if number is not None and type(value) is not int:
            object.__setattr__(game, field.name, number)
        if number is not None and number > MAX_OPTION:
            raise OptionError(
                f"{field.name} must be at most {MAX_OPTION:,}, not {shortened(number)}"
            )
