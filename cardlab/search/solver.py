"""Perfect play: the exact value of a position when both players play their best.

Two of the games have positions where nothing is hidden and nothing is left to chance:

- **Mod Ten with two players**: every card is dealt, so the cards one seat cannot see are exactly
  the other hand (any position, from a state or from either seat's view). The value is who wins.
- **Two-Ten-Jack once the stock is empty** (the last six tricks): the unseen cards are then the
  other hand, so a view is enough. With cards left in the stock, a full state knows the stock's
  order (a teacher's "everything face up" position) and is solved too, as far as the budget
  allows. The value is each seat's points for the hand.

Both are two-seat games whose final scores always add up to the same total (one winner in Mod
Ten; every card's points are won by someone in Two-Ten-Jack), so one number says everything:
what seat 0 still gains from here. :func:`solve` finds it by **minimax** (seat 0 takes the
largest value, seat 1 the smallest) with two classic speed-ups that change no answer:

- a **transposition table**: a position reached again by another order of moves (its
  ``key()``: the hands, the seat to move, the table as far as it matters later) is looked up,
  not searched again;
- **alpha-beta pruning**: once a move is known to be worse for the seat to move than one it
  already has, the rest of that move's replies are not searched.

Both can be switched off (``transpositions=False``, ``pruning=False``) to count what they save.

**Chinese Ten is not solved.** A card is turned up from the stock on every turn, so the hand
is a game of chance as well as skill (its perfect play is an expectation over the stock's order,
with up to four players), and no variant deals it face up. Use the Monte Carlo agents there.

>>> import cardlab
>>> state = cardlab.game("mod-ten", players=2).deal(seed=1)
>>> for _ in range(22):  # play on to a small position
...     state = state.play(state.legal_moves()[0])
>>> state.hand(0), state.hand(1), state.table
(Hand('8H AS 3S 6S 7S 8S'), Hand('9H 2S 4S 9S'), (Card('6H'), Card('7H')))
>>> solution = solve(state)
>>> solution.values, solution.best_moves, solution.positions
((0, 1), (Move('9H'),), 86)
>>> print(solution.events[-1])
Seat 1 leads 9S, their last card: seat 1 wins the hand.
"""

from __future__ import annotations

import inspect
import math
import numbers
import time
from collections.abc import Generator, Iterator
from typing import Any

from cardlab.engine.core import State, View
from cardlab.engine.moves import Move
from cardlab.engine.numbers import whole_number
from cardlab.engine.words import shortened
from cardlab.moved import old_names_of
from cardlab.search.alphabeta import DEFAULT_TABLE as DEFAULT_TABLE
from cardlab.search.alphabeta import OutOfBudget, Search
from cardlab.search.alphabeta import Solution as Solution
from cardlab.search.alphabeta import SolveError as SolveError

Target = State | View
"""What :func:`solve` takes: a state, or a view whose hidden cards its display determines."""

DEFAULT_POSITIONS = 2_000_000
"""The default budget: positions searched before :func:`solve` gives up (at the 60,000 to
100,000 positions a second of a laptop, about half a minute)."""

DEFAULT_SECONDS = 30.0
"""The default time limit of :func:`solve`, in seconds: it gives up after this long even when
positions are searched slowly."""

MAX_POSITIONS = 10**12
"""The largest ``max_positions`` :func:`solve` takes (None: no position limit)."""

MAX_TABLE = 50_000_000
"""The largest ``max_table`` :func:`solve` takes (about 40 GB of memory)."""


def solvable(target: Target) -> str | None:
    """None when :func:`solve` can solve ``target`` exactly, else why not, in words (the game
    says: :meth:`~cardlab.engine.core.Game.solvability`).

    >>> import cardlab
    >>> print(solvable(cardlab.game("mod-ten", players=3).deal(seed=1)))  # doctest: +ELLIPSIS
    Mod Ten is solved for 2 players only: with 3, a player's best move can depend on ...
    """
    return target.game.solvability(target)


def solve(
    target: Target,
    *,
    max_positions: int | None = DEFAULT_POSITIONS,
    max_seconds: float | None = DEFAULT_SECONDS,
    transpositions: bool = True,
    pruning: bool = True,
    moves: bool = True,
    max_table: int = DEFAULT_TABLE,
) -> Solution:
    """Perfect play from ``target``, a :class:`~cardlab.engine.core.State`, or a
    :class:`~cardlab.engine.core.View` whose hidden cards are determined by what it shows (see the
    module's introduction for what is solved).

    The search stops, with ``solved=False``, after ``max_positions`` positions (by default
    :data:`DEFAULT_POSITIONS`, at most :data:`MAX_POSITIONS`) or ``max_seconds`` seconds (by
    default :data:`DEFAULT_SECONDS`); None lifts either limit. The transposition table keeps
    at most ``max_table`` positions (by default :data:`DEFAULT_TABLE`, at most
    :data:`MAX_TABLE`), so memory stays bounded too: once it is full the search goes on
    without remembering more (slower, the same answer).
    ``transpositions`` and ``pruning`` switch the transposition table and alpha-beta pruning
    on or off: the answer is the same, only the number of positions searched changes. With
    ``moves=False`` only the position's value is found (faster): ``move_values``,
    ``best_moves``, ``line`` and ``events`` stay empty.
    Raises :class:`SolveError` for a position that is not solvable exactly and for options
    out of range (a flag that is not True or False, say), before any search.
    """
    search = _prepared_search(
        target, max_positions, max_seconds, transpositions, pruning, moves, max_table
    )
    return search.solution(moves)


def _prepared_search(
    target: object,
    max_positions: int | None,
    max_seconds: float | None,
    transpositions: bool,
    pruning: bool,
    moves: bool,
    max_table: int,
) -> Search:
    """The search :func:`solve` runs for these arguments, once they are checked (raises
    :class:`SolveError` for a target that is not solvable and for options out of range)."""
    if not isinstance(target, State | View):
        raise SolveError(f"solve takes a state or a view, not {shortened(target)}")
    for name, flag in (("transpositions", transpositions), ("pruning", pruning), ("moves", moves)):
        if not isinstance(flag, bool):
            raise SolveError(f"{name} is True or False, not {shortened(flag)}")
    _check_count("max_positions", max_positions, MAX_POSITIONS, none=True)
    _check_count("max_table", max_table, MAX_TABLE, none=False)
    _check_seconds(max_seconds)
    refusal = solvable(target)
    if refusal is not None:
        raise SolveError(refusal)
    state = target if isinstance(target, State) else target.determinize(0)
    return Search(state, max_positions, max_seconds, transpositions, pruning, table_limit=max_table)


def _check_count(name: str, limit: object, most: int, *, none: bool) -> None:
    """Refuse a count that is not a whole number from 1 to ``most`` (or None, if allowed)."""
    if limit is None and none:
        return
    number = whole_number(limit)
    if number is None or not 1 <= number <= most:
        if none:
            what = f"a positive number or None (a whole number of at most {most:,})"
        else:
            what = f"a positive number (a whole number of at most {most:,})"
        raise SolveError(f"{name} is {what}, not {shortened(limit)}")


def _check_seconds(limit: object) -> None:
    """Refuse a time limit that is not a positive, finite number of seconds (or None)."""
    if limit is None:
        return
    try:
        seconds = float(limit) if isinstance(limit, numbers.Real) else math.nan
    except OverflowError:  # a whole number too large for a float
        seconds = math.inf
    if isinstance(limit, bool) or not 0 < seconds < math.inf:
        raise SolveError(
            f"max_seconds is a positive number or None (finite seconds), not {shortened(limit)}"
        )


def move_results(
    state: State, seat: int, max_positions: int, max_seconds: float | None = None
) -> dict[Move, int] | None:
    """``seat``'s final result for each legal move of ``state`` under perfect play afterwards,
    or None when that takes more than ``max_positions`` positions (or ``max_seconds``): what
    the ``pimc`` agent asks of each world (no line of play, no narration). ``state`` must be
    solvable (see :func:`solvable`)."""
    search = Search(state, max_positions, max_seconds, transpositions=True, pruning=True)
    try:
        return search.run(_move_results(search, seat))
    except OutOfBudget:
        return None


def _move_results(search: Search, seat: int) -> Generator[None, None, dict[Move, int]]:
    """The steps of :func:`move_results` (raises OutOfBudget)."""
    if search.max_seconds is not None:
        search.deadline = time.perf_counter() + search.max_seconds
    gains = yield from search.move_gains(search.space.root(search.position))
    return {move: search.results(gain)[seat] for move, gain in gains.items()}


DEFAULT_STEP_POSITIONS = 500
"""The positions :class:`StepwiseSolve` searches in one step by default (a few milliseconds)."""

_SOLVE = inspect.signature(solve)
"""The parameters of :func:`solve`, declared there once: :class:`StepwiseSolve` takes them."""


class StepwiseSolve:
    """:func:`solve`, worked out in steps of at most ``step_positions`` positions searched, so
    that a program with one thread (a notebook's kernel in JupyterLite) can do other work
    between them. Everything the search has learned (its table of solved positions) is kept
    from one step to the next, so no work is lost, and a solve no longer wanted is simply
    dropped between two steps.

    It takes the same arguments as :func:`solve`, checks them at once (raising
    :class:`SolveError` as :func:`solve` does), and finds the same solution: every move's
    value, the same line and the same count of positions searched. ``max_seconds`` counts the
    time spent in steps, not the time between them; so does the solution's ``seconds``.

    >>> import cardlab
    >>> state = cardlab.game("mod-ten", players=2).deal(seed=1)
    >>> for _ in range(22):
    ...     state = state.play(state.legal_moves()[0])
    >>> solving = StepwiseSolve(state, step_positions=20)
    >>> [positions for positions in solving.steps()]  # the positions searched after each step
    [20, 40, 60, 80]
    >>> solution = solving.solution
    >>> solution.values, solution.best_moves, solution.positions  # as solve(state) finds
    ((0, 1), (Move('9H'),), 86)
    """

    def __init__(
        self,
        target: Target,
        *,
        step_positions: int = DEFAULT_STEP_POSITIONS,
        **options: Any,
    ) -> None:
        _check_count("step_positions", step_positions, MAX_POSITIONS, none=False)
        try:
            given = _SOLVE.bind(target, **options)  # solve's options, with its defaults
        except TypeError as error:
            raise TypeError(f"StepwiseSolve() {error}") from None
        given.apply_defaults()
        search = _prepared_search(**given.arguments)
        self.step_positions = step_positions
        """The most positions one step searches."""
        self.solution: Solution | None = None
        """What the search found (None until it is done)."""
        self._search = search
        self._run = search.solution_steps(given.arguments["moves"])

    @property
    def positions(self) -> int:
        """How many positions have been searched so far."""
        return self._search.positions

    def step(self) -> bool:
        """Search on for at most :attr:`step_positions` positions: True once the search is
        done (then :attr:`solution` holds what it found)."""
        if self.solution is None:
            try:
                self._search.resume(self.step_positions)
                next(self._run)
            except StopIteration as done:
                if done.value is None:  # the generator had raised: nothing is left to search
                    raise RuntimeError("this solve failed at an earlier step") from None
                self.solution = done.value
            finally:
                self._search.pause()
        return self.solution is not None

    def steps(self) -> Iterator[int]:
        """Step until the search is done, yielding the positions searched after each step
        that leaves it unfinished."""
        while not self.step():
            yield self.positions


def move_results_in_steps(
    state: State,
    seat: int,
    max_positions: int,
    max_seconds: float | None = None,
    step_positions: int = DEFAULT_STEP_POSITIONS,
) -> Generator[None, None, dict[Move, int] | None]:
    """:func:`move_results` in steps of at most ``step_positions`` positions searched, built on
    :class:`StepwiseSolve`'s search: a generator that pauses (yields None) between two steps
    and returns what :func:`move_results` returns (the same positions are searched, in the same
    order). ``max_seconds`` counts the time spent in steps, not the time between them. The
    counts are checked at once (:class:`SolveError`); ``state`` must be solvable.

    >>> import cardlab
    >>> state = cardlab.game("mod-ten", players=2).deal(seed=1)
    >>> for _ in range(22):
    ...     state = state.play(state.legal_moves()[0])
    >>> steps = move_results_in_steps(state, 1, 10_000, step_positions=20)
    >>> pauses = 0
    >>> while True:  # what a program does between two steps goes in this loop
    ...     try:
    ...         next(steps)
    ...     except StopIteration as done:
    ...         results = done.value
    ...         break
    ...     pauses += 1
    >>> pauses, results == move_results(state, 1, 10_000)
    (3, True)
    """
    _check_count("max_positions", max_positions, MAX_POSITIONS, none=False)
    _check_count("step_positions", step_positions, MAX_POSITIONS, none=False)
    _check_seconds(max_seconds)
    search = Search(state, max_positions, max_seconds, transpositions=True, pruning=True)
    return _results_in_steps(search, seat, step_positions)


def _results_in_steps(
    search: Search, seat: int, step_positions: int
) -> Generator[None, None, dict[Move, int] | None]:
    """The steps of :func:`move_results_in_steps`."""
    steps = _move_results(search, seat)
    while True:
        search.resume(step_positions)
        try:
            next(steps)
        except StopIteration as done:
            results: dict[Move, int] = done.value
            return results
        except OutOfBudget:
            return None
        finally:
            search.pause()
        yield


__getattr__ = old_names_of(__name__)
