"""The bots' arguments, checked: the errors an agent's settings raise, the limits of each
setting, and the checks of counts, seconds, views, states, generators and rollouts that every
agent shares, each refusal in words."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator
from typing import Any, TypeVar

from cardlab.bots.ismcts import ROLLOUTS
from cardlab.engine.cards import Card
from cardlab.engine.core import State, View
from cardlab.engine.errors import OptionError
from cardlab.engine.moves import Move
from cardlab.engine.numbers import real_number, whole_number
from cardlab.engine.words import clipped, shortened
from cardlab.moved import old_names_of


class AgentOptionError(OptionError):
    """An agent that cannot be made as asked: an unknown name, or a setting that is not a whole
    number in its range (the message names the range). A ValueError, as every cardlab error."""


class AgentSpecError(AgentOptionError):
    """An ``agents`` argument that cannot be used (see :func:`parse_agents`): not names or
    functions, more agents than seats, an unknown name, a setting out of its range. Every
    place that takes agents (``State.play_out``, :func:`cardlab.simulate`, the explorer's
    ``bots=``, tournaments, the command line) raises it, with the same words."""


class AgentError(ValueError):
    """An agent failed while playing: it raised an exception, or returned something that is
    not a legal move. Every path that lets agents play says so with this error and the same
    words (:func:`play_out` and ``State.play_out``, :func:`cardlab.simulate`, tournaments, the
    explorer's bots): "agent 'mine' in seat 1 raised ZeroDivisionError: division by zero".

    Attributes: ``agent`` (its name), ``seat``, ``game`` (the index of the hand or match in a
    run, or None), ``seed`` (that game's seed, to play it again with
    :func:`cardlab.simulation.play_hand`, or the seed the agents were given; None if none),
    ``reason`` (what went wrong, in words) and ``rows``: in a run, the DataFrame of the games
    finished before it stopped, so that nothing is lost (None elsewhere). The original
    exception, if any, is the cause (``__cause__``).
    """

    def __init__(
        self,
        agent: str,
        seat: int,
        seed: object,
        reason: str,
        game: int | None = None,
        finished: dict[str, list[Any]] | None = None,
    ) -> None:
        self.agent = agent
        self.seat = seat
        self.seed = seed
        self.reason = reason
        self.game = game
        self.finished = finished
        """The columns of the games its chunk finished first (on the way back from a task)."""
        self.rows: Any = None
        """The games finished before a run stopped (a DataFrame), or None."""
        super().__init__(agent, seat, seed, reason, game)

    @property
    def what_failed(self) -> str:
        """Which agent failed, how, and where (the game and seed, when there are some): the
        message without the word on :attr:`rows` (what the ``cardlab`` command says, since it
        saves those rows itself)."""
        where = f", in game {self.game}" if self.game is not None else ""
        if self.seed is not None:
            where += f" (seed {shortened(self.seed)})"
        return f"agent {self.agent!r} in seat {self.seat} {self.reason}{where}"

    def __str__(self) -> str:
        text = self.what_failed
        if self.rows is not None:
            text += f"; the {len(self.rows)} games finished before the run stopped are in .rows"
        return text

    def __reduce__(self) -> tuple[type[AgentError], tuple[Any, ...]]:
        # Executors send the error back pickled: keep every attribute but the table, which
        # the process that started the run attaches.
        details = (self.agent, self.seat, self.seed, self.reason, self.game, self.finished)
        return (type(self), details)


def agent_failed(name: str, seat: int, error: Exception, seed: object = None) -> AgentError:
    """The :class:`AgentError` of the agent ``name`` in ``seat`` that raised ``error``."""
    try:
        words = str(error)
    except Exception:  # an exception whose message cannot be written is still named
        words = "(its message cannot be shown)"
    reason = f"raised {type(error).__name__}: {clipped(words)}"
    return AgentError(name, seat, seed, reason)


def checked_move(name: str, seat: int, move: object, seed: object = None) -> Move | str:
    """``move``, what the agent ``name`` in ``seat`` returned, if it can be a move (a
    :class:`~cardlab.engine.moves.Move`, a card or a move's text); else an :class:`AgentError`."""
    if not isinstance(move, Move | str | Card):
        reason = f"returned {shortened(move)}, which is not a move (give one of view.legal_moves())"
        raise AgentError(name, seat, seed, reason)
    return str(move) if isinstance(move, Card) else move


def move_refused(
    name: str, seat: int, move: object, error: ValueError, seed: object = None
) -> AgentError:
    """The :class:`AgentError` of the agent ``name`` in ``seat`` whose ``move`` the rules
    refused with ``error``."""
    why = clipped(str(error), 300)
    shown = shortened(str(move)) if isinstance(move, Move | Card | str) else shortened(move)
    reason = f"returned {shown}, which is not a legal move: {why}"
    return AgentError(name, seat, seed, reason)


MAX_PLAYOUTS = 10_000
"""The most playouts per move a Monte Carlo agent takes ("mc:10000"): about a second a move in
two-player Mod Ten, a minute with greedy playouts in Two-Ten-Jack. More is refused."""

MAX_WORLDS = 1_000
"""The most worlds a ``pimc`` agent deals per decision ("pimc:1000")."""

MAX_BUDGET = 10_000_000
"""The most positions a ``pimc`` agent's solver may search per decision."""

MAX_ITERATIONS = 100_000
"""The most iterations an ``ismcts`` agent grows its tree by per decision ("ismcts:100000"):
from about ten seconds to a minute a decision, and a tree of as many nodes. More is refused."""

MAX_SECONDS = 600.0
"""The longest time budget per decision of any agent (``seconds``, "mc:0.5s"), in seconds."""


DecisionSteps = Generator[None, None, Move]
"""A decision worked out in steps: a generator that yields None after each step and returns
the move chosen (see :func:`decision_in_steps`)."""

PIMC_STEP_POSITIONS = 500
"""The most positions one step of a ``pimc`` decision searches (a few milliseconds)."""

_Result = TypeVar("_Result")


def to_the_end(steps: Generator[None, None, _Result]) -> _Result:
    """Work through every step of ``steps`` at once and return what they give."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def checked_count(name: str, value: object, most: int, least: int = 1) -> int:
    """``value`` if it is a whole number from ``least`` (1) to ``most`` (not a bool, not a
    float), else an :class:`AgentOptionError` that names the setting and its range."""
    number = whole_number(value)
    if number is None or not least <= number <= most:
        raise AgentOptionError(
            f"{name} must be a whole number >= {least} and at most {most:,}, not {shortened(value)}"
        )
    return number


def checked_seconds(seconds: object) -> float | None:
    """``seconds`` as a float if it is a number above 0 and at most :data:`MAX_SECONDS` (a time
    budget a decision), None if it is None (no time budget); else an :class:`AgentOptionError`
    that names the range."""
    if seconds is None:
        return None
    number = real_number(seconds)  # numpy's numbers too
    if number is None or not 0 < number <= MAX_SECONDS:
        raise AgentOptionError(
            f"seconds must be a number above 0 and at most {MAX_SECONDS:g}, "
            f"not {shortened(seconds)}"
        )
    return number


def deadline_after(seconds: float | None, clock: Callable[[], float]) -> float:
    """The ``clock()`` reading at which a decision given ``seconds`` must stop starting new
    work (infinity without a time budget)."""
    return math.inf if seconds is None else clock() + seconds


def checked_view(view: object) -> View:
    """``view`` if it is a :class:`~cardlab.engine.core.View` (what an agent is called with), else
    an :class:`AgentOptionError`: an agent sees a seat's view, never a state or anything else."""
    if not isinstance(view, View):
        raise AgentOptionError(
            f"an agent is called with a seat's view (state.view(seat)), not {shortened(view)}"
        )
    if view.current_player != view.seat:
        raise AgentOptionError(
            f"an agent is asked for a move by the seat to move: this view is seat {view.seat}'s, "
            + (
                "and the hand is over"
                if view.current_player is None
                else f"and seat {view.current_player} is to move"
            )
        )
    return view


def checked_state(state: object) -> State:
    """``state`` if it is a :class:`~cardlab.engine.core.State`, else an
    :class:`AgentOptionError`."""
    if not isinstance(state, State):
        raise AgentOptionError(f"expected a state (game.deal(...)), not {shortened(state)}")
    return state


def checked_rng(rng: object) -> random.Random:
    """``rng`` if it is a ``random.Random``, else an :class:`AgentOptionError`."""
    if not isinstance(rng, random.Random):
        raise AgentOptionError(f"expected a random.Random, not {shortened(rng)}")
    return rng


def checked_estimate(
    view: object, playouts: object, rng: object, rollout: object, least: int = 1
) -> None:
    """The arguments of the Monte Carlo estimates (:func:`move_values` and its kin), checked:
    a view, a number of playouts from ``least`` to :data:`MAX_PLAYOUTS`, a generator, a
    rollout."""
    checked_view(view)
    checked_count("playouts", playouts, MAX_PLAYOUTS, least)
    checked_rng(rng)
    checked_rollout(rollout)


def checked_rollout(rollout: object) -> str:
    """``rollout`` if it is one of :data:`ROLLOUTS`, else an :class:`AgentOptionError`."""
    if not isinstance(rollout, str) or rollout not in ROLLOUTS:
        raise AgentOptionError(f"rollout is one of {', '.join(ROLLOUTS)}, not {shortened(rollout)}")
    return rollout


__getattr__ = old_names_of(__name__)
