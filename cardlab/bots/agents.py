"""Agents: players that choose a move from what their seat may see.

An agent is any callable that takes a :class:`~cardlab.engine.core.View` and returns one of
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
  (:mod:`cardlab.bots.ismcts`): one search tree over what its seat knows, grown over many random
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

import math
import random
import time
from collections.abc import Callable, Generator, Mapping, Sequence

from cardlab.bots.checks import (
    MAX_BUDGET,
    MAX_ITERATIONS,
    MAX_PLAYOUTS,
    MAX_SECONDS,
    MAX_WORLDS,
    PIMC_STEP_POSITIONS,
    AgentOptionError,
    DecisionSteps,
    checked_count,
    checked_rollout,
    checked_seconds,
    checked_view,
    deadline_after,
    to_the_end,
)
from cardlab.bots.estimates import playout_value, values_in_steps
from cardlab.bots.heuristics import greedy_move
from cardlab.bots.ismcts import EXPLORATION, Tree
from cardlab.engine.core import Agent, State, View
from cardlab.engine.moves import Move
from cardlab.engine.numbers import real_number
from cardlab.engine.randomness import as_rng
from cardlab.engine.words import shortened


class InstantAgent:
    """An agent that answers at once by one rule (:meth:`choose`), so it is always within a time
    budget (``seconds``, accepted and checked as every agent's); seeded, so runs repeat. Each
    subclass gives its ``name`` and its rule."""

    name = ""
    """The agent's name in :data:`~cardlab.bots.specs.AGENTS`."""

    def __init__(
        self, seed: int | str | random.Random | None = None, *, seconds: float | None = None
    ) -> None:
        self.seconds = checked_seconds(seconds)
        self.rng = as_rng(seed)

    def __call__(self, view: View) -> Move:
        return self.choose(checked_view(view), self.rng)

    def choose(self, view: View, rng: random.Random) -> Move:
        """The rule: a legal move of ``view``, drawing from ``rng`` if it draws."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(InstantAgent):
    """Plays uniformly at random among the legal moves (seeded, so runs repeat)."""

    name = "random"

    def choose(self, view: View, rng: random.Random) -> Move:
        """A legal move drawn uniformly from ``rng``."""
        return rng.choice(view.legal_moves())


class GreedyAgent(InstantAgent):
    """Plays the game's simple one-move heuristic (see :mod:`cardlab.bots.heuristics`)."""

    name = "greedy"

    def choose(self, view: View, rng: random.Random) -> Move:
        """The move of the game's greedy heuristic."""
        return greedy_move(view, rng)


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
        return to_the_end(self.decide_in_steps(view))

    def decide_in_steps(self, view: View) -> DecisionSteps:
        """This agent's decision in steps (see :func:`decision_in_steps`): one playout a
        step. ``view`` is checked at once."""
        return self._steps(view, checked_view(view).legal_moves())

    def _steps(self, view: View, legal: Sequence[Move]) -> DecisionSteps:
        """The steps of :meth:`decide_in_steps` (the view checked, its legal moves found)."""
        if len(legal) == 1:
            return legal[0]
        deadline = deadline_after(self.seconds, self.clock)
        values = yield from values_in_steps(
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

    Why fewer worlds can take longer ("pimc:3" about three times a decision of "pimc:100" in
    Two-Ten-Jack, bench/views.py): ``budget`` is the whole decision's, shared among the worlds.
    With 100 worlds each world may search 2,000 positions: far from the end of a hand the first
    world gives up at once and every world is rated by its playout. With 3, each may search
    66,666 positions, and each is searched that far before it gives up (or is solved): fewer,
    deeper searches. Give ``budget`` too for 3 worlds searched as far as 100 are
    (``PerfectInformationAgent(worlds=3, budget=6_000)``: 6 ms against 220 ms there).
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

    def decide_in_steps(self, view: View) -> DecisionSteps:
        """This agent's decision in steps (see :func:`decision_in_steps`): each world's solve
        in steps of at most :data:`PIMC_STEP_POSITIONS` positions, each playout a step.
        ``view`` is checked at once.

        It shares its work with ``agent(view)`` but for the solve: ``agent(view)`` solves each
        world at once (:func:`cardlab.search.solver.move_results`), the steps in steps
        (:func:`cardlab.search.solver.move_results_in_steps`: the same positions, the same results),
        because a solve written in steps is slower: 1.6 times in two-player Mod Ten from the
        deal, as fast in Two-Ten-Jack (bench/solve_steps.py)."""
        return self._steps(view, checked_view(view).legal_moves())

    def _steps(self, view: View, legal: Sequence[Move]) -> DecisionSteps:
        """The steps of :meth:`decide_in_steps` (the view checked, its legal moves found)."""
        if len(legal) == 1:
            return legal[0]
        values = yield from self.values_in_steps(view, True)
        return max(legal, key=lambda move: values[move])

    def move_values(self, view: View) -> dict[Move, float]:
        """Each legal move's average result over the worlds (see the class's description)."""
        return to_the_end(self.values_in_steps(view, False))

    def values_in_steps(
        self, view: View, solve_in_steps: bool
    ) -> Generator[None, None, dict[Move, float]]:
        """:meth:`move_values` in steps: a step after each world, after each playout, and
        within each solve with ``solve_in_steps`` (else a solve is one step)."""
        from cardlab.search import solver  # noqa: PLC0415 (the solver loads only for this agent)

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
        return to_the_end(self._means_in_steps(world, seat, count, deadline))

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
    """Information-set Monte Carlo tree search (see :mod:`cardlab.bots.ismcts`): grows one tree
    over what its seat knows by ``iterations`` iterations, each in a new random deal of the
    hidden cards consistent with its view, and plays the move tried most. It plans its own
    later moves and its opponents' replies (each rated by its own seat's result), in every game
    and seat count.

    ``iterations`` is a whole number from 1 to :data:`MAX_ITERATIONS`; ``exploration`` the
    UCB1 constant (above 0, at most 10; :data:`cardlab.bots.ismcts.EXPLORATION` by default). With
    ``seconds`` (a time budget a decision, up to :data:`MAX_SECONDS`) no new iteration starts
    once the time is up (one at least). ``rollout`` is how each iteration plays the world out
    from the node it adds (one of :data:`cardlab.bots.ismcts.ROLLOUTS`): at random (the default),
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
        return to_the_end(self._tree_in_steps(checked_view(view)))

    def _tree_in_steps(self, view: View) -> Generator[None, None, Tree]:
        """:meth:`tree` (the view checked), in steps: an iteration a step."""
        deadline = deadline_after(self.seconds, self.clock)
        tree = Tree(view, self.rng, self.exploration, self.rollout)
        return (yield from tree.grow(self.iterations, deadline, self.clock))

    def __call__(self, view: View) -> Move:
        return to_the_end(self.decide_in_steps(view))

    def decide_in_steps(self, view: View) -> DecisionSteps:
        """This agent's decision in steps (see :func:`decision_in_steps`): one iteration of
        the tree a step. ``view`` is checked at once."""
        return self._steps(view, checked_view(view).legal_moves())

    def _steps(self, view: View, legal: Sequence[Move]) -> DecisionSteps:
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


def decision_in_steps(agent: Agent, view: View) -> DecisionSteps:
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


def _in_one_step(agent: Agent, view: View) -> DecisionSteps:
    """The decision of an agent that has no steps: all of it in the first (and only) step."""
    yield from ()  # a generator all the same, with no pause
    return agent(view)
