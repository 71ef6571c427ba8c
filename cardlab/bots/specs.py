"""The language of agent names: the registry of agents by name (``"random"``, ``"mc"``,
...), what a name with a number or a time budget says (``"mc:200"``, ``"pimc:2s"``), making
an agent from its name, and reading the ``agents`` argument that every place taking agents
shares (``"random,greedy"``, a function, a list), with seats given in turn."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from cardlab.bots.agents import (
    GreedyAgent,
    ISMCTSAgent,
    MonteCarloAgent,
    PerfectInformationAgent,
    RandomAgent,
)
from cardlab.bots.checks import (
    MAX_ITERATIONS,
    MAX_PLAYOUTS,
    MAX_SECONDS,
    MAX_WORLDS,
    AgentOptionError,
    AgentSpecError,
    agent_failed,
    checked_count,
    checked_move,
    checked_rng,
    checked_state,
    move_refused,
)
from cardlab.engine.core import Agent, AgentSpec, State
from cardlab.engine.numbers import whole_number
from cardlab.engine.randomness import as_rng
from cardlab.engine.words import shortened


def _greedy_monte_carlo(seed: int | str | random.Random | None = None, **options: Any) -> Agent:
    return MonteCarloAgent(seed, rollout="greedy", **options)


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mc": MonteCarloAgent,
    "mc-greedy": _greedy_monte_carlo,
    "pimc": PerfectInformationAgent,
    "ismcts": ISMCTSAgent,
}
"""The agents known by name (for :func:`cardlab.simulate` and the command line)."""


AGENT_OPTIONS = {
    "mc": "playouts",
    "mc-greedy": "playouts",
    "pimc": "worlds",
    "ismcts": "iterations",
}
"""The agents that take a number after a colon ("mc:200"), and what the number sets."""

SETTING_LIMITS = {"playouts": MAX_PLAYOUTS, "worlds": MAX_WORLDS, "iterations": MAX_ITERATIONS}
"""The largest number each setting of :data:`AGENT_OPTIONS` takes."""

TIME_BUDGETS: dict[str, dict[str, int]] = {
    "random": {},
    "greedy": {},
    "mc": {"playouts": MAX_PLAYOUTS},
    "mc-greedy": {"playouts": MAX_PLAYOUTS},
    # As many worlds as the time allows, each searched as far as with the default 100 worlds.
    "pimc": {"worlds": MAX_WORLDS, "budget": MAX_WORLDS * 2_000},
    "ismcts": {"iterations": MAX_ITERATIONS},
}
"""The agents that take a time budget after a colon ("mc:0.5s"), and what it sets besides
``seconds``: their number at its largest, so that the clock decides."""


def agent_settings(spec: str) -> tuple[Callable[..., Agent], dict[str, Any]]:
    """What a registered agent's name says: its maker (from :data:`AGENTS`) and the settings
    it is made with, checked without making it. The one rule, for every place that takes a
    name:

    - ``name`` alone: the agent's defaults ("mc" -> ``{}``);
    - ``name:N``, a whole number in digits 0-9: the agent's own number, for the agents of
      :data:`AGENT_OPTIONS` ("mc:200" -> ``{"playouts": 200}``; pimc's worlds, ismcts's
      iterations), from 1 to its limit (:data:`SETTING_LIMITS`);
    - ``name:Xs``, a number of seconds and the letter s ("mc:0.5s", "pimc:2s"): a time budget a
      decision, for every agent of :data:`TIME_BUDGETS` (random and greedy answer at once,
      always within it). X is written in digits 0-9 with at most one decimal point, above 0 and
      at most :data:`MAX_SECONDS`; the agent's number is then its largest, so that the clock
      decides. The clock is checked between iterations, deals or playouts, so a decision
      overruns its budget by at most one of those. A decision under a time budget depends on
      the machine's speed, so it is not repeatable from the seed alone; one under a number is
      (the same seed gives the same moves).

    Anything else raises :class:`AgentSpecError`, saying why.

    >>> agent_settings("mc:200")[1], agent_settings("ismcts:0.5s")[1]
    ({'playouts': 200}, {'seconds': 0.5, 'iterations': 100000})
    """
    if not isinstance(spec, str):
        raise AgentSpecError(f"an agent's name is a text, not {shortened(spec)}")
    name, colon, option = spec.strip().lower().partition(":")
    if name not in AGENTS:
        raise AgentSpecError(f"unknown agent {shortened(spec)}: the agents are {', '.join(AGENTS)}")
    if not colon:
        return AGENTS[name], {}
    if option.endswith("s") or " " in option:
        return AGENTS[name], _time_budget(spec, name, option)
    return AGENTS[name], _own_setting(spec, name, option)


def _own_setting(spec: str, name: str, option: str) -> dict[str, int]:
    """The setting that ``option``, the text after the colon of ``spec`` (agent ``name``),
    gives the agent's own number, checked (see :func:`agent_settings`)."""
    if name not in AGENT_OPTIONS:
        raise AgentSpecError(
            f"{shortened(spec)}: only the Monte Carlo agents take a number after the colon, "
            "as in ismcts:1000 (iterations), mc:200 (playouts) or pimc:50 (worlds); "
            f"{name} takes only a time budget, as in {name}:0.5s"
        )
    setting = AGENT_OPTIONS[name]
    most = SETTING_LIMITS[setting]
    # ASCII digits only ("mc:\uff13" is not mc:3), and few of them: a longer number is over
    # the limit anyway, and is not converted at all.
    if not re.fullmatch(r"[0-9]{1,12}", option):
        raise AgentSpecError(
            f"{shortened(spec)}: after the colon comes the number of {setting}, a whole "
            f"number from 1 to {most:,} in digits 0-9, as in ismcts:1000 (iterations), "
            f"mc:200 (playouts) or pimc:50 (worlds); or a time budget, as in {name}:0.5s"
        )
    try:
        number = checked_count(setting, int(option), most)
    except AgentOptionError as error:
        raise AgentSpecError(str(error)) from None
    return {setting: number}


def _time_budget(spec: str, name: str, option: str) -> dict[str, Any]:
    """The settings that ``option``, a time budget after the colon of ``spec`` (agent
    ``name``), gives, checked (see :func:`agent_settings`)."""
    if name not in TIME_BUDGETS:
        raise AgentSpecError(f"{shortened(spec)}: {name} takes no time budget")
    if " " in option:
        raise AgentSpecError(
            f"{shortened(spec)}: a time budget is written without spaces, as in {name}:0.5s"
        )
    number = option.removesuffix("s")
    if not re.fullmatch(r"-?[0-9]{1,12}(\.[0-9]{1,12})?", number):
        raise AgentSpecError(
            f"{shortened(spec)}: a time budget is a number of seconds in digits 0-9, with at "
            f"most one decimal point, then s, as in {name}:0.5s or {name}:2s"
        )
    seconds = float(number)
    if seconds <= 0:
        raise AgentSpecError(f"{shortened(spec)}: a time budget is more than 0 seconds")
    if seconds > MAX_SECONDS:
        raise AgentSpecError(
            f"{shortened(spec)}: a time budget is at most {MAX_SECONDS:g} seconds a decision"
        )
    return {"seconds": seconds, **TIME_BUDGETS[name]}


def make_agent(spec: AgentSpec, seed: int | str | random.Random | None = None) -> Agent:
    """An agent from a name, seeded with ``seed``: "random", "greedy", "mc" (Monte Carlo with
    random playouts), "mc-greedy" (Monte Carlo with greedy playouts), "pimc" (perfect-
    information Monte Carlo) or "ismcts" (information-set tree search); "mc:200" or
    "mc-greedy:20" set the playouts per move (at most :data:`MAX_PLAYOUTS`), "pimc:50" the
    worlds (at most :data:`MAX_WORLDS`), "ismcts:1000" the iterations (at most
    :data:`MAX_ITERATIONS`), and "mc:0.5s" (any agent) a time budget a decision, by the rule
    of :func:`agent_settings`. A callable is returned unchanged. Anything else raises
    :class:`AgentSpecError` (an :class:`AgentOptionError`), naming the limit."""
    if callable(spec):
        return spec
    if not isinstance(spec, str):
        raise AgentSpecError(f"an agent is a name or a function of a view, not {shortened(spec)}")
    maker, settings = agent_settings(spec)
    return maker(seed, **settings)


AgentsSpec = AgentSpec | Sequence[AgentSpec]
"""What every ``agents`` argument takes (see :func:`parse_agents`)."""


MAX_SEATS = 100
"""The most seats :func:`parse_agents` seats agents at (no game here has more than six): a
bound, so that a mistyped count is refused rather than filling the memory."""


def parse_agents(agents: object, players: int) -> tuple[AgentSpec, ...]:
    """One agent spec per seat, from an ``agents`` argument, by the one rule that every place
    that takes agents follows (``State.play_out``, :func:`cardlab.simulate`, the explorer's
    ``bots=``, tournaments, ``cardlab simulate --agents``):

    - a text is one name or several, comma-separated: ``"greedy"``, ``"random,mc:200"``;
    - a function of a view (or any callable) is one agent;
    - a list or tuple holds names and functions, one per seat;
    - 1 to ``players`` agents: fewer agents than seats take the seats in turn
      (``"random,greedy"`` with 4 seats is random, greedy, random, greedy).

    Names are checked (known, settings in range) but no agent is made here:
    :func:`seated_agents` makes each once. Names come back stripped and in lower case.
    Anything else raises :class:`AgentSpecError`, saying what to give.

    >>> parse_agents("Random, mc:20", 3)
    ('random', 'mc:20', 'random')
    >>> parse_agents(["greedy", "random"], 3)
    ('greedy', 'random', 'greedy')
    """
    seats = whole_number(players)
    if seats is None or not 1 <= seats <= MAX_SEATS:
        raise AgentSpecError(
            f"players is a whole number from 1 to {MAX_SEATS}, not {shortened(players)}"
        )
    if isinstance(agents, str):
        specs: list[Any] = [part.strip() for part in agents.split(",") if part.strip()]
    elif callable(agents):
        specs = [agents]
    elif isinstance(agents, list | tuple):
        specs = list(agents)
    else:
        raise AgentSpecError(
            "agents are names ('random,greedy'), a list of names or functions of a view, "
            f"or one function, not {shortened(agents)}"
        )
    if not specs or len(specs) > seats:
        raise AgentSpecError(f"{len(specs)} agents given for {seats} seats: give 1 to {seats}")
    for spec in specs:
        checked_spec(spec)
    seated = [specs[seat % len(specs)] for seat in range(seats)]
    return tuple(spec.strip().lower() if isinstance(spec, str) else spec for spec in seated)


def checked_spec(spec: object) -> None:
    """Refuse what is neither a known agent's name (with its setting in range) nor a
    function, with an :class:`AgentSpecError` naming the known agents."""
    if callable(spec):
        return
    if not isinstance(spec, str):
        raise AgentSpecError(f"an agent is a name or a function of a view, not {shortened(spec)}")
    agent_settings(spec)


def seated_agents(specs: Sequence[AgentSpec], rng: random.Random) -> list[Agent]:
    """The agent of each seat, made once from specs of :func:`parse_agents` (a list or tuple);
    the agents made from names all draw from ``rng``."""
    if not isinstance(specs, list | tuple):
        raise AgentSpecError(f"specs are a list of agents, one per seat, not {shortened(specs)}")
    return [make_agent(spec, checked_rng(rng)) for spec in specs]


def play_out(state: State, agents: AgentsSpec = "random", seed: int | str | None = None) -> State:
    """The final state of the hand, every seat playing its agent from ``state`` on (what
    ``State.play_out`` does): ``agents`` as :func:`parse_agents` takes them, drawing from one
    generator seeded with ``seed`` (None: a new random seed). An agent that raises, or returns
    something that is not a legal move, stops the hand with an :class:`AgentError` saying so.

    >>> import cardlab
    >>> final = play_out(cardlab.game("mod-ten").deal(seed=3), "greedy", seed=1)
    >>> final.is_over, final.winner
    (True, 1)
    """
    specs = parse_agents(agents, checked_state(state).game.players)
    seated = seated_agents(specs, as_rng(seed))
    names = [agent_name(spec) for spec in specs]
    while (seat := state.current_player) is not None:
        state = agent_plays(seated[seat], names[seat], state, seed)
    return state


def agent_name(spec: AgentSpec) -> str:
    """A short name for an agent spec, for tables and charts."""
    if isinstance(spec, str):
        return spec.strip().lower()
    if not callable(spec):
        raise AgentOptionError(f"an agent is a name or a function of a view, not {shortened(spec)}")
    name = getattr(spec, "name", None) or getattr(spec, "__name__", None)
    return name if isinstance(name, str) else shortened(spec)


def agent_plays(agent: Agent, name: str, state: State, seed: object = None) -> State:
    """The state after the seat to move in ``state`` plays what ``agent`` (named ``name``)
    chooses from its view; an :class:`AgentError` if the agent raises or its move is not a
    legal one (the one way every path lets an agent play)."""
    seat = checked_state(state).current_player
    if seat is None:
        raise AgentOptionError("the hand is over: no seat is to move")
    try:
        chosen: object = agent(state.view(seat))
    except Exception as error:  # an agent is anyone's code: whatever it raises is reported
        raise agent_failed(name, seat, error, seed) from error
    move = checked_move(name, seat, chosen, seed)
    try:
        return state.play(move)
    except ValueError as error:
        raise move_refused(name, seat, move, error, seed) from error
