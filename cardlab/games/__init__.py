"""The games, one package each (the rules only, see docs/rules.md), and the one registry of them.

- :mod:`cardlab.games.mod_ten`: Mod Ten (section 1)
- :mod:`cardlab.games.chinese_ten`: Chinese Ten and Black Frog scoring (section 2)
- :mod:`cardlab.games.two_ten_jack`: Two-Ten-Jack (section 3)

Each of the three is a package of its rules, its fast paths and its game (states, views,
narration); a new game may be one module. A game is that and one :class:`Entry` in
:data:`REGISTRY` (as python-chess lists its variants in ``VARIANTS``): its class, its greedy
heuristic and the option sets that change its rules. Every other layer asks the entry or the
game itself; no other registry exists (:data:`GAMES` and :data:`cardlab.bots.heuristics.GREEDY`
are read from this one). An entry names its class and heuristic as ``"module:name"`` text, so a
game's module is imported only when the game is first used and ``import cardlab`` stays fast.

>>> game("mod-ten", players=3).title
'Mod Ten'
>>> REGISTRY["two-ten-jack"].option_sets
({},)

A game defined elsewhere (a lesson's, a test's) joins with :func:`register` and leaves with
:func:`unregister`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from cardlab.engine.core import Game, State, View
from cardlab.engine.errors import OptionError
from cardlab.engine.moves import Move, Outcome
from cardlab.engine.positions import named
from cardlab.engine.words import shortened

Heuristic = Callable[[View, random.Random], Move]
"""A heuristic: from a view (and a generator, for heuristics that draw), one legal move."""

GreedyPlayout = Callable[[State, random.Random], Outcome]
"""A hand played to the end by the greedy heuristic at every seat, from a state, drawing from
the generator what the heuristic would draw: how the hand ended."""


@dataclass(frozen=True)
class Entry:
    """What the layers above the games need to know of one game, besides the game itself."""

    name: str
    """The registered name, as ``cardlab.game(name)`` takes it: the game class's ``name``."""
    game: str | type[Game]
    """The game's class, or where it is as ``"module:Class"`` (imported on first use)."""
    greedy: str | Heuristic | None = None
    """The greedy agent's heuristic (a function of a view and a generator), or where it is as
    ``"module:function"``; None for a game with no greedy bot."""
    option_sets: tuple[dict[str, Any], ...] = ({},)
    """Option sets that change the game's rules (players, decks, scoring): the protocol suite
    and the recorded playthroughs run over each."""
    greedy_playout: str | GreedyPlayout | None = None
    """A faster way to play a hand to the end with every seat playing the greedy heuristic (a
    function of a state and a generator, making exactly the moves and draws of the heuristic on
    each seat's view), or where it is as ``"module:function"``; None: the greedy playouts of
    the Monte Carlo agents go through views."""
    batch: str | None = None
    """Where the game's batch form is, as ``"module:Class"`` (its rules over arrays, for
    :mod:`cardlab.batch`, which needs numpy); None for a game with no batch form."""

    def game_class(self) -> type[Game]:
        """The game's class (its module is imported the first time it is asked for)."""
        found: type[Game] = _load(self.game)
        return found

    def fast_greedy_playout(self) -> GreedyPlayout | None:
        """The game's faster greedy playout (see :attr:`greedy_playout`), or None."""
        if self.greedy_playout is None:
            return None
        found: GreedyPlayout = _load(self.greedy_playout)
        return found

    def batch_form(self) -> Any:
        """The class of the game's batch form (see :attr:`batch`; its module, and numpy, are
        imported the first time it is asked for), or None for a game without one."""
        return None if self.batch is None else _load(self.batch)

    def heuristic(self) -> Heuristic:
        """The game's greedy heuristic; NotImplementedError for a game without one."""
        if self.greedy is None:
            raise NotImplementedError(f"the game {self.name!r} has no greedy heuristic")
        found: Heuristic = _load(self.greedy)
        return found


def _load(where: Any) -> Any:
    """``where`` itself, or the object that ``"module:name"`` text names (see
    :func:`~cardlab.engine.positions.named`)."""
    return named(where) if isinstance(where, str) else where


def _where(thing: Any) -> str:
    """``thing`` as ``"module:name"`` text (itself when it is that text already)."""
    return thing if isinstance(thing, str) else f"{thing.__module__}:{thing.__qualname__}"


REGISTRY: dict[str, Entry] = {
    "mod-ten": Entry(
        "mod-ten",
        "cardlab.games.mod_ten:ModTen",
        "cardlab.bots.heuristics.mod_ten:greedy",
        (
            {"players": 2},
            {"players": 2, "open_hands": True},
            {"players": 3},
            {"players": 4},
            {"players": 5, "deck": "single"},
            {"players": 6},
            {"players": 2, "deck": "double"},
        ),
        greedy_playout="cardlab.bots.heuristics.mod_ten:greedy_playout",
        batch="cardlab.batch.mod_ten:ModTenBatch",
    ),
    "chinese-ten": Entry(
        "chinese-ten",
        "cardlab.games.chinese_ten:ChineseTen",
        "cardlab.bots.heuristics.chinese_ten:greedy",
        (
            {"players": 2},
            {"players": 3},
            {"players": 4, "scoring": "black-frog"},
            {"players": 4, "scoring": "pagat"},
        ),
        greedy_playout="cardlab.bots.heuristics.chinese_ten:greedy_playout",
        batch="cardlab.batch.chinese_ten:ChineseTenBatch",
    ),
    "two-ten-jack": Entry(
        "two-ten-jack",
        "cardlab.games.two_ten_jack:TwoTenJack",
        "cardlab.bots.heuristics.two_ten_jack:greedy",
        greedy_playout="cardlab.bots.heuristics.two_ten_jack:greedy_playout",
        batch="cardlab.batch.two_ten_jack:TwoTenJackBatch",
    ),
}
"""Every game, by registered name: the one registry (add a game with :func:`register`)."""


class _Column(Mapping[str, str]):
    """One column of :data:`REGISTRY` read as ``name -> "module:name"``, live: a game
    registered later is in it at once."""

    def __init__(self, column: str) -> None:
        self._column = column

    def _entries(self) -> dict[str, Entry]:
        if self._column == "game":
            return REGISTRY
        return {name: entry for name, entry in REGISTRY.items() if entry.greedy is not None}

    def __getitem__(self, name: str) -> str:
        return _where(getattr(self._entries()[name], self._column))

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries())

    def __len__(self) -> int:
        return len(self._entries())

    def __repr__(self) -> str:
        return repr(dict(self))


GAMES: Mapping[str, str] = _Column("game")
"""The known games, name -> ``"module:Class"``, read from :data:`REGISTRY`."""

GREEDY: Mapping[str, str] = _Column("greedy")
"""The games' greedy heuristics, name -> ``"module:function"``, read from :data:`REGISTRY`."""


def registered_name(name: object) -> str:
    """``name`` as the registry writes it (case, spaces and underscores aside: ``"Mod_Ten"``
    is ``"mod-ten"``); an :class:`~cardlab.engine.errors.OptionError` naming the games otherwise."""
    key = name.strip().lower().replace("_", "-") if isinstance(name, str) else None
    if key is None or key not in REGISTRY:
        raise OptionError(f"unknown game {shortened(name)}: the games are {', '.join(REGISTRY)}")
    return key


def entry(name: str) -> Entry:
    """The registry entry of the game called ``name``."""
    return REGISTRY[registered_name(name)]


def game_class(name: str) -> type[Game]:
    """The :class:`~cardlab.engine.core.Game` subclass registered as ``name``."""
    return entry(name).game_class()


def game(name: str, /, **options: Any) -> Game:
    """The game called ``name`` with ``options`` (see each game's class for its options).

    >>> game("mod-ten", players=3).players
    3
    """
    cls = game_class(name)
    known = [field.name for field in dataclasses.fields(cls)]
    unknown = [key for key in options if key not in known]
    if unknown:
        raise OptionError(
            f"unknown option {shortened(unknown[0])} for {cls.name}: "
            f"the options are {', '.join(known)}"
        )
    return cls(**options)


def register(new: Entry) -> Entry:
    """Add a game to the registry: ``cardlab.game(new.name)`` then builds it, and the explorer,
    ``simulate``, records, the bots and the solver work with it. Returns the entry.

    The name must be new and written as the registry writes names (lower case, hyphens), and a
    class given as itself must carry that name. Undo it with :func:`unregister`.
    """
    name = new.name
    if not isinstance(name, str) or not name or name != name.strip().lower().replace("_", "-"):
        raise OptionError(f"a game's name is lower case with hyphens, not {shortened(name)}")
    if name in REGISTRY:
        raise OptionError(f"a game called {name!r} is registered already")
    if not isinstance(new.game, str) and new.game.name != name:
        called = new.game.name
        raise OptionError(f"the class {new.game.__name__} is called {called!r}, not {name!r}")
    REGISTRY[name] = new
    return new


def unregister(name: str) -> Entry:
    """Take the game called ``name`` out of the registry (undoing :func:`register`); returns
    its entry."""
    return REGISTRY.pop(registered_name(name))


__all__ = [
    "GAMES",
    "GREEDY",
    "REGISTRY",
    "Entry",
    "Heuristic",
    "entry",
    "game",
    "game_class",
    "register",
    "registered_name",
    "unregister",
]
