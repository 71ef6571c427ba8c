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
    "random": "weakest: any legal move, at random (instant)",
    "greedy": "weak: the game's one-move rule of thumb, beats random (instant)",
    "mc": "strong: beats greedy, trying each move in 30 random deals of the hidden cards (quick)",
    "mc-greedy": "strong at Two-Ten-Jack: Monte Carlo with greedy playouts (slow: up to "
    "a quarter of a second a move)",
    "pimc": "strongest at 2-player Mod Ten (perfect play) and Two-Ten-Jack (beats mc by about "
    "3 points a hand): solves 100 deals of the hidden cards exactly, elsewhere plays like "
    "mc-greedy (up to a second a move)",
    "ismcts": "strong in every game: a search tree over what it knows, grown over 1,000 random "
    "deals of the hidden cards (about a tenth of a second a move)",
}
"""Each registered agent's strength in words, written by hand: the fallback of
:func:`describe_agent` where the measured strength table (:mod:`cardlab.bots.strength`) has no row
for the agent, game and seat count (no game given, another seat count or options, a game or
an agent registered since the table was written). An agent added to :data:`AGENTS` without a
line here is described by the first line of its docstring."""


def describe_agent(name: str, game: Game | str | None = None, players: int | None = None) -> str:
    """The registered agent ``name``'s strength in words.

    Given the game on screen (a :class:`~cardlab.engine.core.Game`, or a game's name with
    ``players`` seats, by default its default seat count), the words are measured ones, read
    from the strength table for that game and seat count (see
    :func:`cardlab.bots.strength.describe`: how it did against each other bot, with 95% intervals,
    and its time a move). Without a game, or for a game, seat count or options the table was not
    measured at, they are the hand-written words of :data:`AGENT_DESCRIPTIONS`.

    >>> describe_agent("random")
    'weakest: any legal move, at random (instant)'
    >>> describe_agent("random", "mod-ten").startswith("loses to greedy by")
    True
    """
    words = _measured_words(strength.describe, name, game, players)
    if words is not None:
        return words
    if name in AGENT_DESCRIPTIONS:
        return AGENT_DESCRIPTIONS[name]
    doc = (AGENTS[name].__doc__ or "").strip()
    return doc.splitlines()[0] if doc else "no description"


def agent_strength(name: str, game: Game | str | None = None, players: int | None = None) -> str:
    """A few words of the agent ``name``'s strength, for a menu: measured for the game and
    seat count where the strength table has them ("strongest", "beats greedy" ...: see
    :func:`cardlab.bots.strength.short_words`), else the first words of its hand-written
    description ("weakest", "strong" ...).

    >>> agent_strength("random")
    'weakest'
    """
    words = _measured_words(strength.short_words, name, game, players)
    return describe_agent(name).split(":")[0] if words is None else words


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
