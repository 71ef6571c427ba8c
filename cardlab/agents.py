"""Agents: players that choose a move from what their seat may see.

An agent is any callable that takes a :class:`~cardlab.core.View` and returns one of
``view.legal_moves()``. It never sees the full state, so it cannot peek at hidden cards. Write
your own as a plain function::

    def lowest_card(view):
        return min(view.legal_moves(), key=lambda move: move.card.number)

Five agents come with cardlab, for every game:

- :class:`RandomAgent`: uniform over the legal moves.
- :class:`GreedyAgent`: the game's documented one-move heuristic (``Game.greedy_move``).
- :class:`MonteCarloAgent`: for each legal move, deals the hidden cards at random consistently
  with the view (``view.determinize``), plays the move and then random moves to the end, and
  picks the move with the best average result (win rate in Mod Ten, points in the other games).
  With ``rollout="greedy"`` (the agent named "mc-greedy") every seat plays the greedy heuristic
  after the move instead of random moves: slower, and stronger where random playouts rate most
  moves alike (Two-Ten-Jack).
- :class:`PerfectInformationAgent` ("pimc"): deals the hidden cards many times, solves each
  deal exactly with :func:`cardlab.solve` where it can (playouts where it cannot) and plays the
  move that does best over them.
- :class:`ISMCTSAgent` ("ismcts"): information-set Monte Carlo tree search
  (:mod:`cardlab.ismcts`): one search tree over what its seat knows, grown over many random
  deals of the hidden cards, so that it plans its own later moves and its opponents' replies,
  in every game and seat count.

Each agent's effort is set by a number ("mc:200" playouts, "pimc:50" worlds, "ismcts:1000"
iterations) or by a time budget a decision ("mc:0.5s"): see :func:`agent_settings`.

The slow agents (``mc``, ``mc-greedy``, ``pimc``, ``ismcts``) also decide **in steps**, for a
program with one thread that must keep answering (a JupyterLite kernel, where the explorer's
bots think on the kernel's event loop): ``agent.decide_in_steps(view)`` is a generator that
yields None after each small unit of work (a playout, an ISMCTS iteration,
at most :data:`PIMC_STEP_POSITIONS` positions of a pimc solve) and *returns* the move (the
value of its ``StopIteration``, what ``move = yield from agent.decide_in_steps(view)``
gives). :func:`decision_in_steps` does the same for any agent (one step for an agent that has
no steps). The steps make exactly the random draws of ``agent(view)``, which works through the
same steps, so both choose the same move for the same seed (see :func:`decision_in_steps` for
what "the same" means under a time budget).

Every place that takes agents (``State.play_out``, :func:`cardlab.simulate`, the explorer's
``bots=``, tournaments, ``cardlab simulate --agents``) reads them by one rule,
:func:`parse_agents`'s: a name ("mc:200"), names separated by commas ("random,greedy"), a
function of a view, or a list of names and functions; from 1 agent to one per seat, fewer
agents than seats taking the seats in turn ("random,greedy" with 4 seats is random, greedy,
random, greedy). What it cannot use raises :class:`AgentSpecError`, with the same words
everywhere. A run makes each seat's agent once (:func:`seated_agents`).

>>> import cardlab
>>> state = cardlab.game("mod-ten", players=2).deal(seed=1)
>>> agent = RandomAgent(seed=5)
>>> agent(state.view(state.current_player)) in state.legal_moves()
True
"""

from __future__ import annotations

import dataclasses
import math
import random
import re
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from cardlab import games, strength
from cardlab.cards import Card
from cardlab.core import (
    Agent as Agent,  # re-exported: the one meaning of an agent, a protocol of the core
)
from cardlab.core import (
    AgentSpec as AgentSpec,  # re-exported: an agent's name or the agent itself
)
from cardlab.core import (
    Game,
    Move,
    OptionError,
    Outcome,
    State,
    View,
    as_rng,
    real_number,
    whole_number,
)
from cardlab.heuristics import greedy_move
from cardlab.heuristics import greedy_playout as _greedy_playout
from cardlab.ismcts import EXPLORATION, Tree
from cardlab.ismcts import ROLLOUTS as ROLLOUTS  # re-exported: how a playout may play
from cardlab.words import clipped, shortened


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
    :class:`~cardlab.core.Move`, a card or a move's text); else an :class:`AgentError`."""
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


Steps = Generator[None, None, Move]
"""A decision worked out in steps: a generator that yields None after each step and returns
the move chosen (see :func:`decision_in_steps`)."""

PIMC_STEP_POSITIONS = 500
"""The most positions one step of a ``pimc`` decision searches (a few milliseconds)."""

_Result = TypeVar("_Result")


def _to_the_end(steps: Generator[None, None, _Result]) -> _Result:
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


def _deadline_after(seconds: float | None, clock: Callable[[], float]) -> float:
    """The ``clock()`` reading at which a decision given ``seconds`` must stop starting new
    work (infinity without a time budget)."""
    return math.inf if seconds is None else clock() + seconds


def checked_view(view: object) -> View:
    """``view`` if it is a :class:`~cardlab.core.View` (what an agent is called with), else an
    :class:`AgentOptionError`: an agent sees a seat's view, never a state or anything else."""
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
    """``state`` if it is a :class:`~cardlab.core.State`, else an :class:`AgentOptionError`."""
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


class RandomAgent:
    """Plays uniformly at random among the legal moves (seeded, so runs repeat).
    It answers at once, so it is always within a time budget (``seconds``, accepted and
    checked as every agent's)."""

    name = "random"

    def __init__(
        self, seed: int | str | random.Random | None = None, *, seconds: float | None = None
    ) -> None:
        self.seconds = checked_seconds(seconds)
        self.rng = as_rng(seed)

    def __call__(self, view: View) -> Move:
        return self.rng.choice(checked_view(view).legal_moves())

    def __repr__(self) -> str:
        return "RandomAgent()"


class GreedyAgent:
    """Plays the game's simple one-move heuristic (see each game's ``greedy_move``).
    It answers at once, so it is always within a time budget (``seconds``, accepted and
    checked as every agent's)."""

    name = "greedy"

    def __init__(
        self, seed: int | str | random.Random | None = None, *, seconds: float | None = None
    ) -> None:
        self.seconds = checked_seconds(seconds)
        self.rng = as_rng(seed)

    def __call__(self, view: View) -> Move:
        return greedy_move(checked_view(view), self.rng)

    def __repr__(self) -> str:
        return "GreedyAgent()"


def greedy_playout(state: State, rng: random.Random) -> Outcome:
    """Play ``state`` to the end with every seat playing the greedy heuristic on its own view
    (see :mod:`cardlab.heuristics`), and say how the hand ended."""
    return _greedy_playout(checked_state(state), checked_rng(rng))


def playout_value(state: State, seat: int, rng: random.Random, rollout: str = "random") -> float:
    """``seat``'s result after playing ``state`` to the end of the hand, every seat playing at
    random (or greedily): the hand score (1 for a win in Mod Ten, points in the other games)."""
    checked_state(state)
    checked_rng(rng)
    checked_rollout(rollout)
    if whole_number(seat) is None or not 0 <= seat < state.game.players:
        raise AgentOptionError(
            f"seat is a seat from 0 to {state.game.players - 1}, not {shortened(seat)}"
        )
    if rollout == "greedy":
        return greedy_playout(state, rng).scores[seat]
    return state.game.playout(state, rng).scores[seat]


def move_values(
    view: View,
    playouts: int,
    rng: random.Random,
    rollout: str = "random",
    *,
    deadline: float = math.inf,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[Move, float]:
    """The average playout result of each legal move for the view's seat (see
    :func:`playout_value`), with ``playouts`` random deals of the hidden cards per move; or
    fewer, if ``clock()`` passes ``deadline`` first (checked between deals; one deal at
    least)."""
    checked_estimate(view, playouts, rng, rollout)
    return _to_the_end(_values_in_steps(view, playouts, rng, rollout, deadline, clock))


def _values_in_steps(
    view: View,
    playouts: int,
    rng: random.Random,
    rollout: str,
    deadline: float,
    clock: Callable[[], float],
) -> Generator[None, None, dict[Move, float]]:
    """:func:`move_values` (arguments checked), in steps: one playout a step (a greedy one
    in Two-Ten-Jack or four-seat Mod Ten can take several milliseconds)."""
    legal = view.legal_moves()
    seat = view.seat
    totals = dict.fromkeys(legal, 0.0)
    dealt = 0
    for _ in range(playouts):
        if dealt:
            yield
            if clock() > deadline:
                break
        dealt += 1
        # Every move is tried in the same world with the same later luck ("common random
        # numbers"): the moves are compared on equal terms, so far fewer playouts tell them
        # apart than if each move had its own deals.
        world = view.determinize(rng)
        luck = random.Random(rng.getrandbits(64))
        seeded = luck.getstate()
        for index, move in enumerate(legal):
            if index:
                yield
            totals[move] += _result_after(world, move, seat, luck, seeded, rollout)
    return {move: total / dealt for move, total in totals.items()}


class Estimate(NamedTuple):
    """A Monte Carlo estimate of one move: the average playout result and how sure it is."""

    mean: float
    """The average result over the playouts (what :func:`move_values` gives)."""
    stderr: float
    """The standard error of that average (NaN after a single playout)."""
    playouts: int
    """How many playouts the average is over."""

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the mean (normal approximation): mean -/+ 1.96 standard errors."""
        half = 1.959963984540054 * self.stderr
        return (self.mean - half, self.mean + half)


def _playout_rounds(
    view: View, playouts: int, rng: random.Random, rollout: str
) -> Iterator[dict[Move, float]]:
    """Each round's result for every legal move: one random world and one stream of later luck
    shared by all the moves (the same draws as :func:`move_values`)."""
    checked_estimate(view, playouts, rng, rollout, least=0)
    legal = view.legal_moves()
    seat = view.seat
    for _ in range(playouts):
        world = view.determinize(rng)
        luck = random.Random(rng.getrandbits(64))
        seeded = luck.getstate()
        yield {move: _result_after(world, move, seat, luck, seeded, rollout) for move in legal}


def _result_after(
    world: State, move: Move, seat: int, luck: random.Random, seeded: Any, rollout: str
) -> float:
    """``playout_value(world.play(move), seat, luck, rollout)`` with ``luck`` set back to
    ``seeded`` first (the state of a newly seeded generator: setting it is about twice as fast
    as seeding again). A random playout is played on a copy of the world's position, with no
    state in between."""
    luck.setstate(seeded)
    if rollout == "greedy":
        return greedy_playout(world.play(move), luck).scores[seat]
    position = world.position
    position.play(move)
    return world.game.play_position_out(position, luck).scores[seat]


class _Sums:
    """Running sums of each move's results and of their squares, for means and errors."""

    def __init__(self, moves: tuple[Move, ...]) -> None:
        self.count = 0
        self.total = dict.fromkeys(moves, 0.0)
        self.squares = dict.fromkeys(moves, 0.0)

    def add(self, results: dict[Move, float]) -> None:
        self.count += 1
        for move, result in results.items():
            self.total[move] += result
            self.squares[move] += result * result

    def estimates(self) -> dict[Move, Estimate]:
        n = self.count
        found = {}
        for move, total in self.total.items():
            mean = total / n
            if n > 1:
                variance = max(0.0, (self.squares[move] - total * mean) / (n - 1))
                stderr = math.sqrt(variance / n)
            else:
                stderr = math.nan
            found[move] = Estimate(mean, stderr, n)
        return found


def running_estimates(
    view: View, playouts: int, rng: random.Random, rollout: str = "random"
) -> Iterator[dict[Move, Estimate]]:
    """The estimate of every legal move after each playout, for ``playouts`` playouts: what a
    progress bar follows. Stop iterating to stop early; the last estimates yielded stand.

    The draws are those of :func:`move_values`, so the last means are its values.
    """
    checked_estimate(view, playouts, rng, rollout, least=0)
    sums = _Sums(view.legal_moves())
    for results in _playout_rounds(view, playouts, rng, rollout):
        sums.add(results)
        yield sums.estimates()


def move_estimates(
    view: View, playouts: int, rng: random.Random, rollout: str = "random"
) -> dict[Move, Estimate]:
    """Like :func:`move_values`, with each move's uncertainty: per move its mean result, the
    standard error of that mean and the number of playouts.

    >>> import cardlab
    >>> state = cardlab.game("mod-ten", players=2).deal(seed=1)
    >>> view = state.view(state.current_player)
    >>> estimates = move_estimates(view, 50, random.Random(3))
    >>> values = move_values(view, 50, random.Random(3))
    >>> all(estimates[move].mean == values[move] for move in values)
    True
    >>> {estimate.playouts for estimate in estimates.values()}
    {50}
    """
    checked_estimate(view, playouts, rng, rollout, least=0)
    sums = _Sums(view.legal_moves())
    for results in _playout_rounds(view, playouts, rng, rollout):
        sums.add(results)
    return sums.estimates() if sums.count else {}


class MonteCarloAgent:
    """Tries each legal move in ``playouts`` random worlds consistent with its view and plays
    the move with the best average result. Slower but stronger than the greedy agent.
    ``playouts`` is a whole number from 1 to :data:`MAX_PLAYOUTS`; more is refused. With
    ``seconds`` (a time budget a decision, up to :data:`MAX_SECONDS`) no new world is dealt
    once the time is up: the worlds dealt by then decide (one at least)."""

    name = "mc"

    def __init__(
        self,
        seed: int | str | random.Random | None = None,
        *,
        playouts: int = 30,
        rollout: str = "random",
        seconds: float | None = None,
    ) -> None:
        playouts = checked_count("playouts", playouts, MAX_PLAYOUTS)
        rollout = checked_rollout(rollout)
        self.seconds = checked_seconds(seconds)
        self.rng = as_rng(seed)
        self.playouts = playouts
        self.rollout = rollout
        self.name = "mc" if rollout == "random" else "mc-greedy"
        self.clock: Callable[[], float] = time.perf_counter
        """What the time budget is read from (a test may give a clock of its own)."""

    def __call__(self, view: View) -> Move:
        return _to_the_end(self.decide_in_steps(view))

    def decide_in_steps(self, view: View) -> Steps:
        """This agent's decision in steps (see :func:`decision_in_steps`): one playout a
        step. ``view`` is checked at once."""
        return self._steps(view, checked_view(view).legal_moves())

    def _steps(self, view: View, legal: Sequence[Move]) -> Steps:
        """The steps of :meth:`decide_in_steps` (the view checked, its legal moves found)."""
        if len(legal) == 1:
            return legal[0]
        deadline = _deadline_after(self.seconds, self.clock)
        values = yield from _values_in_steps(
            view, self.playouts, self.rng, self.rollout, deadline, self.clock
        )
        return max(legal, key=lambda move: values[move])

    def __repr__(self) -> str:
        budget = "" if self.seconds is None else f", seconds={self.seconds:g}"
        return f"MonteCarloAgent(playouts={self.playouts}, rollout={self.rollout!r}{budget})"


class PerfectInformationAgent:
    """Perfect-information Monte Carlo: deals the hidden cards ``worlds`` times consistently
    with its view, solves each world exactly (:func:`cardlab.solve`) and plays the move with
    the best average result over the worlds.

    A view that shows everything that matters (two-player Mod Ten; Two-Ten-Jack once the stock
    is empty) has one world: it is solved once, and the agent plays perfectly. A world the
    solver cannot finish within ``budget`` positions (shared among the worlds), or of a game it
    does not solve (Chinese Ten, Mod Ten with more players), is rated by ``playouts`` playouts
    per move instead, as the Monte Carlo agents do (greedy playouts, as "mc-greedy" plays, or
    random ones with ``rollout="random"``); after the first such world the
    others of that decision go straight to playouts. Where every move of a solved world is worth
    the same (a lost Mod Ten position, say), playouts rate them too: perfect play sees no
    difference, but an imperfect opponent may give one.

    Every setting has a maximum, refused beyond it with the limit named: ``worlds`` up to
    :data:`MAX_WORLDS`, ``budget`` up to :data:`MAX_BUDGET`, ``playouts`` up to
    :data:`MAX_PLAYOUTS`. A decision also stops after ``seconds`` (default 10, at most
    :data:`MAX_SECONDS`): the worlds dealt by then decide, and a search still running is cut
    short (its world is rated by playouts). Decisions that hit it are no longer repeatable
    from the seed alone. The name "pimc:0.5s" sets ``seconds`` and deals as many worlds as the
    time allows (up to :data:`MAX_WORLDS`), each searched as far as with the default 100.

    Why 100 worlds: before the solver reaches (most of a Two-Ten-Jack hand), each world rates
    the moves by one greedy playout, which is the same every time in a given world, so the
    only way to rate them better is more worlds. Measured on 160 duplicate deals against "mc",
    100 worlds won 1.6 points a hand more than 30 (95% interval 0.0 to 3.2): +1.8 against mc
    (0.7 to 3.0) where 30 worlds were level (+0.2, -1.0 to 1.4), at about 0.045 s a decision.
    """

    name = "pimc"

    def __init__(
        self,
        seed: int | str | random.Random | None = None,
        *,
        worlds: int = 100,
        budget: int = 200_000,
        playouts: int = 1,
        rollout: str = "greedy",
        seconds: float = 10.0,
    ) -> None:
        rollout = checked_rollout(rollout)
        worlds = checked_count("worlds", worlds, MAX_WORLDS)
        budget = checked_count("budget", budget, MAX_BUDGET)
        playouts = checked_count("playouts", playouts, MAX_PLAYOUTS)
        checked = checked_seconds(seconds)
        if checked is None:
            raise AgentOptionError(
                f"seconds must be a number above 0 and at most {MAX_SECONDS:g}, not None"
            )
        self.rng = as_rng(seed)
        self.worlds = worlds
        self.budget = budget
        self.playouts = playouts
        self.rollout = rollout
        self.seconds = checked
        self.clock: Callable[[], float] = time.perf_counter
        """What ``seconds`` is read from (a test may give a clock of its own; the strength
        bench gives CPU seconds)."""

    def __call__(self, view: View) -> Move:
        legal = checked_view(view).legal_moves()
        if len(legal) == 1:
            return legal[0]
        values = self.move_values(view)
        return max(legal, key=lambda move: values[move])

    def decide_in_steps(self, view: View) -> Steps:
        """This agent's decision in steps (see :func:`decision_in_steps`): each world's solve
        in steps of at most :data:`PIMC_STEP_POSITIONS` positions, each playout a step.
        ``view`` is checked at once.

        It shares its work with ``agent(view)`` but for the solve: ``agent(view)`` solves each
        world at once (:func:`cardlab.solver.move_results`), the steps in steps
        (:func:`cardlab.solver.move_results_in_steps`: the same positions, the same results),
        because a solve written in steps is slower: 1.6 times in two-player Mod Ten from the
        deal, as fast in Two-Ten-Jack (bench/solve_steps.py)."""
        return self._steps(view, checked_view(view).legal_moves())

    def _steps(self, view: View, legal: Sequence[Move]) -> Steps:
        """The steps of :meth:`decide_in_steps` (the view checked, its legal moves found)."""
        if len(legal) == 1:
            return legal[0]
        values = yield from self._values_in_steps(view, True)
        return max(legal, key=lambda move: values[move])

    def move_values(self, view: View) -> dict[Move, float]:
        """Each legal move's average result over the worlds (see the class's description)."""
        return _to_the_end(self._values_in_steps(view, False))

    def _values_in_steps(
        self, view: View, solve_in_steps: bool
    ) -> Generator[None, None, dict[Move, float]]:
        """:meth:`move_values` in steps: a step after each world, after each playout, and
        within each solve with ``solve_in_steps`` (else a solve is one step)."""
        from cardlab import solver  # noqa: PLC0415 (the solver loads only for this agent)

        legal = view.legal_moves()
        determined = solver.solvable(view) is None
        worlds = 1 if determined else self.worlds
        per_world = max(1, self.budget // worlds)
        can_solve = True
        totals = dict.fromkeys(legal, 0.0)
        deadline = self.clock() + self.seconds
        dealt = 0
        for _ in range(worlds):
            if dealt:
                yield
            left = deadline - self.clock()
            if dealt and left <= 0:
                break  # out of time: the worlds so far decide
            world = view.determinize(self.rng)
            dealt += 1
            results: Mapping[Move, float] | None = None
            if can_solve and solver.solvable(world) is None:
                seconds = max(left, 0.001)
                if solve_in_steps:
                    results = yield from solver.move_results_in_steps(
                        world, view.seat, per_world, seconds, PIMC_STEP_POSITIONS
                    )
                else:
                    results = solver.move_results(world, view.seat, per_world, seconds)
            can_solve = results is not None
            if results is None or len(set(results.values())) == 1:
                # One world stands for all of them when the view determines it: it gets all
                # their playouts.
                count = self.playouts * (self.worlds if determined else 1)
                results = yield from self._means_in_steps(world, view.seat, count, deadline)
            for move in legal:
                totals[move] += results[move]
        return {move: total / dealt for move, total in totals.items()}

    def playout_means(
        self, world: State, seat: int, count: int, deadline: float = math.inf
    ) -> dict[Move, float]:
        """Each legal move's average result for ``seat`` over ``count`` playouts in ``world``
        (greedy, or random with ``rollout="random"``), every move with the same later luck.
        Past ``deadline`` (a reading of :attr:`clock`) no new round of playouts starts: the
        rounds played by then, one at least, make the average."""
        return _to_the_end(self._means_in_steps(world, seat, count, deadline))

    def _means_in_steps(
        self, world: State, seat: int, count: int, deadline: float
    ) -> Generator[None, None, dict[Move, float]]:
        """:meth:`playout_means`, in steps: one playout a step."""
        means = dict.fromkeys(world.legal_moves(), 0.0)
        for played in range(count):
            if played:
                yield
                if self.clock() > deadline:
                    return {move: total * count / played for move, total in means.items()}
            seed = self.rng.getrandbits(64)
            for index, move in enumerate(means):
                if index:
                    yield
                luck = random.Random(seed)
                means[move] += playout_value(world.play(move), seat, luck, self.rollout) / count
        return means

    def __repr__(self) -> str:
        return (
            f"PerfectInformationAgent(worlds={self.worlds}, budget={self.budget}, "
            f"playouts={self.playouts}, rollout={self.rollout!r})"
        )


class ISMCTSAgent:
    """Information-set Monte Carlo tree search (see :mod:`cardlab.ismcts`): grows one tree
    over what its seat knows by ``iterations`` iterations, each in a new random deal of the
    hidden cards consistent with its view, and plays the move tried most. It plans its own
    later moves and its opponents' replies (each rated by its own seat's result), in every game
    and seat count.

    ``iterations`` is a whole number from 1 to :data:`MAX_ITERATIONS`; ``exploration`` the
    UCB1 constant (above 0, at most 10; :data:`cardlab.ismcts.EXPLORATION` by default). With
    ``seconds`` (a time budget a decision, up to :data:`MAX_SECONDS`) no new iteration starts
    once the time is up (one at least). ``rollout`` is how each iteration plays the world out
    from the node it adds (one of :data:`cardlab.ismcts.ROLLOUTS`): at random (the default),
    or with every seat playing the game's greedy heuristic. Measured at the same thinking
    time, greedy playouts did not play better (see bench/strength.py's docstring).
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | str | random.Random | None = None,
        *,
        iterations: int = 1000,
        exploration: float = EXPLORATION,
        seconds: float | None = None,
        rollout: str = "random",
    ) -> None:
        self.iterations = checked_count("iterations", iterations, MAX_ITERATIONS)
        self.rollout = checked_rollout(rollout)
        number = real_number(exploration)  # numpy's numbers too
        if number is None or not 0 < number <= 10:
            raise AgentOptionError(
                f"exploration must be a number above 0 and at most 10, not {shortened(exploration)}"
            )
        self.exploration = number
        self.seconds = checked_seconds(seconds)
        self.rng = as_rng(seed)
        self.clock: Callable[[], float] = time.perf_counter
        """What the time budget is read from (a test may give a clock of its own)."""

    def tree(self, view: View) -> Tree:
        """The search tree this agent grows for ``view`` (its seat to move), drawing from its
        generator: what :meth:`__call__` reads its move from."""
        return _to_the_end(self._tree_in_steps(checked_view(view)))

    def _tree_in_steps(self, view: View) -> Generator[None, None, Tree]:
        """:meth:`tree` (the view checked), in steps: an iteration a step."""
        deadline = _deadline_after(self.seconds, self.clock)
        tree = Tree(view, self.rng, self.exploration, self.rollout)
        return (yield from tree.grow(self.iterations, deadline, self.clock))

    def __call__(self, view: View) -> Move:
        return _to_the_end(self.decide_in_steps(view))

    def decide_in_steps(self, view: View) -> Steps:
        """This agent's decision in steps (see :func:`decision_in_steps`): one iteration of
        the tree a step. ``view`` is checked at once."""
        return self._steps(view, checked_view(view).legal_moves())

    def _steps(self, view: View, legal: Sequence[Move]) -> Steps:
        """The steps of :meth:`decide_in_steps` (the view checked, its legal moves found)."""
        if len(legal) == 1:
            return legal[0]
        tree = yield from self._tree_in_steps(view)
        return tree.best_move()

    def __repr__(self) -> str:
        rollout = "" if self.rollout == "random" else f", rollout={self.rollout!r}"
        budget = "" if self.seconds is None else f", seconds={self.seconds:g}"
        return (
            f"ISMCTSAgent(iterations={self.iterations}, "
            f"exploration={self.exploration:g}{rollout}{budget})"
        )


def decision_in_steps(agent: Agent, view: View) -> Steps:
    """``agent``'s decision for ``view`` in steps, for a program with one thread that must keep
    answering between them (a JupyterLite kernel): a generator that yields None after each
    step and returns the move (``move = yield from decision_in_steps(agent, view)``, or the
    value of the ``StopIteration`` that ends it). The slow agents (mc, mc-greedy, pimc,
    ismcts) take many small steps (their ``decide_in_steps``); any other agent (random,
    greedy, a function of a view) decides in one. ``agent`` and ``view`` are checked at once
    (an :class:`AgentOptionError`); what the agent raises comes out of the step it is in.

    The move is the one ``agent(view)`` chooses, with the same random draws: the agent's
    generator is left where ``agent(view)`` would leave it. Under a time budget (``seconds``)
    "the same" means the same under the same clock: the budget is read from the agent's
    ``clock`` (real time by default) between steps as ``agent(view)`` reads it between its
    units of work, and the time between two steps counts too.

    >>> import cardlab
    >>> state = cardlab.game("mod-ten", players=3).deal(seed=2)
    >>> view = state.view(state.current_player)
    >>> steps = decision_in_steps(ISMCTSAgent(5, iterations=50), view)
    >>> taken = 0
    >>> while True:
    ...     try:
    ...         next(steps)
    ...         taken += 1
    ...     except StopIteration as done:
    ...         move = done.value
    ...         break
    >>> taken, move == ISMCTSAgent(5, iterations=50)(view)  # a pause between two iterations
    (49, True)
    """
    if not callable(agent):
        raise AgentOptionError(f"an agent is a function of a view, not {shortened(agent)}")
    checked_view(view)
    stepping = getattr(agent, "decide_in_steps", None)
    if callable(stepping):
        return stepping(view)  # type: ignore[no-any-return]
    return _in_one_step(agent, view)


def _in_one_step(agent: Agent, view: View) -> Steps:
    """The decision of an agent that has no steps: all of it in the first (and only) step."""
    yield from ()  # a generator all the same, with no pause
    return agent(view)


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


def describe_agent(name: str, game: Game | str | None = None, players: int | None = None) -> str:
    """The registered agent ``name``'s strength in words, measured.

    Given the game on screen (a :class:`~cardlab.core.Game`, or a game's name with
    ``players`` seats, by default its default seat count), the words are read from the
    strength table for that game and seat count (see :func:`cardlab.strength.describe`: how
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
    :func:`cardlab.strength.short_words`), else "not measured".

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
    :class:`~cardlab.core.OptionError`); ``players`` defaults to the game's seats."""
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
