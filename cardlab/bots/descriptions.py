"""Each bot's strength in words: measured words from the strength table
(:mod:`cardlab.bots.strength`) for the game and seat count on screen, and hand-written words
where the table has no row."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from cardlab import games
from cardlab.bots import strength
from cardlab.bots.checks import (
    AgentOptionError,
)
from cardlab.bots.specs import AGENTS
from cardlab.engine.core import Game
from cardlab.engine.words import shortened

AGENT_DESCRIPTIONS: dict[str, str] = {
    "random": "any legal move, at random",
    "greedy": "the game's one-move rule of thumb",
    "mc": "tries each move in 30 random deals of the hidden cards, playing on at random",
    "mc-greedy": "Monte Carlo with greedy playouts",
    "pimc": "solves 100 deals of the hidden cards exactly where the solver reaches, elsewhere "
    "plays like mc-greedy",
    "ismcts": "a search tree over what it knows, grown over 1,000 random deals of the hidden cards",
}
"""What each registered agent does, in words written by hand: never how strong or how quick
it is, which only the measured strength table says (:mod:`cardlab.strength`; where it has no
row, :func:`describe_agent` and :func:`agent_strength` say "not measured"). An agent added to
:data:`AGENTS` without a line here is described by the first line of its docstring."""

NOT_MEASURED = "not measured"
"""What a menu says of an agent the strength table has no row for in the game on screen."""


def describe_agent(name: str, game: Game | str | None = None, players: int | None = None) -> str:
    """The registered agent ``name``'s strength in words, measured.

    Given the game on screen (a :class:`~cardlab.engine.core.Game`, or a game's name with
    ``players`` seats, by default its default seat count), the words are read from the
    strength table for that game and seat count (see :func:`cardlab.bots.strength.describe`: how
    it did against each other bot, with 95% intervals, and its time a move). Without a game,
    or for a game, seat count or options the table was not measured at, they say so: "not
    measured", then what the agent does (:data:`AGENT_DESCRIPTIONS`); no strength is claimed
    that no measurement holds.

    >>> describe_agent("random")
    'not measured (any legal move, at random)'
    >>> describe_agent("random", "mod-ten").startswith("loses to greedy by")
    True
    """
    words = _measured_words(strength.describe, name, game, players)
    if words is not None:
        return words
    return f"{NOT_MEASURED} ({what_it_does(name)})"


def what_it_does(name: str) -> str:
    """What the registered agent ``name`` does, in words (no claim of strength)."""
    name = _checked_agent_name(name)
    if name in AGENT_DESCRIPTIONS:
        return AGENT_DESCRIPTIONS[name]
    doc = (AGENTS[name].__doc__ or "").strip()
    return doc.splitlines()[0] if doc else "no description"


def agent_strength(name: str, game: Game | str | None = None, players: int | None = None) -> str:
    """A few words of the agent ``name``'s strength, for a menu: measured for the game and
    seat count where the strength table has them ("strongest", "beats greedy" ...: see
    :func:`cardlab.bots.strength.short_words`), else "not measured".

    >>> agent_strength("random"), agent_strength("random", "mod-ten")
    ('not measured', 'weakest')
    """
    words = _measured_words(strength.short_words, name, game, players)
    return NOT_MEASURED if words is None else words


def _measured_words(
    words: Callable[[str, str, int], str | None],
    name: str,
    game: Game | str | None,
    players: int | None,
) -> str | None:
    """``words(name, game's name, seats)`` from the strength table for the registered agent
    ``name`` (checked) in the game on screen, or None where there is no game or no row."""
    _checked_agent_name(name)
    setting = _measured_setting(game, players)
    return None if setting is None else words(name, *setting)


def _checked_agent_name(name: object) -> str:
    """``name`` if it is a registered agent's name, else an :class:`AgentOptionError` that
    names the agents."""
    if not isinstance(name, str) or name not in AGENTS:
        raise AgentOptionError(
            f"unknown agent {shortened(name)}: the agents are {', '.join(AGENTS)}"
        )
    return name


def _measured_setting(game: Game | str | None, players: int | None) -> tuple[str, int] | None:
    """The game's name and seat count as the strength table files them, or None when there
    is no game or a game with options other than its defaults (the table is measured at the
    default options). A game's name is checked (an unknown one raises
    :class:`~cardlab.engine.errors.OptionError`); ``players`` defaults to the game's seats."""
    if game is None:
        return None
    if isinstance(game, str):
        game = games.game(game) if players is None else games.game(game, players=players)
    if not isinstance(game, Game):
        raise AgentOptionError(f"a game is a Game or a game's name, not {shortened(game)}")
    if players is not None and players != game.players:
        raise AgentOptionError(f"players is {shortened(players)}, but the game has {game.players}")
    for field in dataclasses.fields(game):
        if field.name != "players" and getattr(game, field.name) != field.default:
            return None
    return game.name, game.players
