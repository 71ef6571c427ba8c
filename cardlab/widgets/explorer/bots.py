"""The explorer's bots: one agent per seat, chosen by name or given as a function, the menu
entries that list them (made from :data:`cardlab.bots.specs.AGENTS`, so that an agent registered
later appears by itself) and one bot move that never raises past the widget.

>>> [value for label, value in menu_entries([])][:2]
['random', 'greedy']
>>> seat_specs("greedy", None, 3)
['greedy', 'greedy', 'greedy']
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence

from cardlab.bots.agents import decision_in_steps
from cardlab.bots.checks import AgentError, AgentSpecError, agent_failed, checked_move, move_refused
from cardlab.bots.descriptions import agent_strength, describe_agent
from cardlab.bots.specs import (
    AGENTS,
    agent_name,
    agent_plays,
    checked_spec,
    make_agent,
    parse_agents,
)
from cardlab.engine.core import Agent, AgentSpec, Game, State

BotSpec = AgentSpec
"""A bot as the explorer takes it: an agent's name ("mc", "mc:200") or a function of a view."""


BotSpecError = AgentSpecError
"""A ``bots=`` argument the explorer cannot use (an unknown name, a wrong count): the
:class:`~cardlab.bots.checks.AgentSpecError` that every place taking agents raises."""


def seat_specs(
    bots: BotSpec | Sequence[BotSpec] | None, bot: Agent | None, players: int
) -> list[BotSpec]:
    """One bot spec per seat from the explorer's ``bots=`` and its older ``bot=`` (one
    function for every seat), by the rule every ``agents`` argument follows
    (:func:`cardlab.bots.specs.parse_agents`: a name, names separated by commas, a function, or
    a list of them; fewer than the seats take the seats in turn). The default is "random"."""
    if bots is not None and bot is not None:
        raise BotSpecError("give bots= (names or functions) or bot=, not both")
    if bots is None:
        bots = "random" if bot is None else bot
    return list(parse_agents(bots, players))


def check_spec(spec: object) -> None:
    """Refuse what is neither a known agent's name nor a function, naming the known agents
    (:func:`cardlab.bots.specs.checked_spec`)."""
    checked_spec(spec)


def strength(name: str, game: Game | None = None) -> str:
    """A few words of a registered agent's strength: measured in ``game`` where the strength
    table has it ("strongest", "beats greedy" ...), else "not measured": see
    :func:`cardlab.bots.descriptions.agent_strength`."""
    return agent_strength(name, game)


def menu_entries(extra: Sequence[BotSpec], game: Game | None = None) -> list[tuple[str, BotSpec]]:
    """(label, spec) for a bot menu: every registered agent with its strength in words (in
    ``game``, the game on screen, when given), then the ``extra`` specs that are not plain
    registered names (functions, "mc:200")."""
    entries: list[tuple[str, BotSpec]] = [
        (f"{name} ({strength(name, game)})", name) for name in AGENTS
    ]
    for spec in extra:
        if any(value == spec for _, value in entries):
            continue
        if isinstance(spec, str):
            base = spec.partition(":")[0]
            entries.append((f"{spec} ({strength(base, game)})", spec))
        else:
            entries.append((f"{agent_name(spec)} (your function)", spec))
    return entries


def legend_lines(game: Game | None = None) -> list[str]:
    """One line per registered agent: its name and its strength in words, measured in
    ``game`` (the game on screen) where the strength table has it."""
    return [f"{name}: {describe_agent(name, game)}" for name in AGENTS]


def make_bots(specs: Sequence[BotSpec], rng: random.Random) -> list[Agent]:
    """The agents for ``specs``, all drawing from ``rng`` (so a seeded hand repeats)."""
    return [make_agent(spec, rng) for spec in specs]


class BotFailed(AgentError):
    """A bot that raised, or chose a move the rules refuse: the
    :class:`~cardlab.bots.checks.AgentError` every path that lets agents play raises, with the same
    words ("agent 'mine' in seat 1 raised ..."), and what the explorer shows of it."""

    @classmethod
    def of(cls, error: AgentError) -> BotFailed:
        """The same failure as ``error``, as the explorer's."""
        return cls(error.agent, error.seat, error.seed, error.reason, error.game)

    @property
    def bot(self) -> str:
        """The bot's name (its :attr:`agent`)."""
        return self.agent

    def told_to(self, may_see_seat: bool) -> str:
        """What the widget says: the whole reason if the viewer may see the seat's cards;
        otherwise only what went wrong (a reason may name hidden cards)."""
        if may_see_seat:
            words = self.what_failed
            return words[0].upper() + words[1:]
        return (
            f"Seat {self.seat}'s bot ({self.bot}) failed; its message is hidden because it may "
            f"name seat {self.seat}'s cards. Choose another bot for seat {self.seat}."
        )


def bot_move(state: State, bot: Agent) -> State:
    """The state after the player to move makes ``bot``'s move; :class:`BotFailed` if the bot
    raises or its move cannot be played."""
    assert state.current_player is not None, "bot_move needs a hand that is not over"
    try:
        return agent_plays(bot, agent_name(bot), state)
    except AgentError as error:
        raise BotFailed.of(error) from error.__cause__


def bot_move_in_steps(state: State, bot: Agent) -> Generator[None, None, State]:
    """:func:`bot_move` in the bot's steps (:func:`cardlab.bots.agents.decision_in_steps`): a
    generator that pauses (yields None) between two steps and returns the state after the
    move, the same as :func:`bot_move`'s; it raises :class:`BotFailed` where that does, from
    the step where the bot raised or from the last."""
    seat = state.current_player
    assert seat is not None, "bot_move_in_steps needs a hand that is not over"
    name = agent_name(bot)
    try:
        chosen = yield from decision_in_steps(bot, state.view(seat))
    except Exception as error:  # a bot is anyone's code: whatever it raises is reported
        raise BotFailed.of(agent_failed(name, seat, error)) from error
    try:
        move = checked_move(name, seat, chosen)
    except AgentError as error:
        raise BotFailed.of(error) from None
    try:
        return state.play(move)
    except ValueError as error:
        raise BotFailed.of(move_refused(name, seat, move, error)) from error
