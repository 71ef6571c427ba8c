"""The search behind :func:`cardlab.search.solver.solve`: **minimax** over the positions of a
hand (seat 0 takes the largest gain, seat 1 the smallest) with a **transposition table** and
**alpha-beta pruning** (see :mod:`cardlab.search.solver` for what is solved and why).

It is written once, as generators that pause (yield) before a position is counted once a
step's positions are searched (:meth:`Search.resume`): :meth:`Search.run` drives a part of
it to its end in one go (:func:`~cardlab.search.solver.solve`,
:func:`~cardlab.search.solver.move_results`), :class:`~cardlab.search.solver.StepwiseSolve`
step by step, between which a program with one thread does other work.
"""

from __future__ import annotations

import math
import operator
import time
from collections.abc import Generator, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cardlab.engine.core import State
from cardlab.engine.moves import Move
from cardlab.engine.positions import Child, Position

DEFAULT_TABLE = 300_000
"""The default size of the transposition table (positions remembered), about 250 MB at most:
once full, the search goes on without remembering more positions (slower, same answer)."""

_LOW = -(10**9)
_HIGH = 10**9
_UNKNOWN: Any = object()
_NO_PAUSE = (1 << 30) - 1
"""The positions a search with no step limit searches between two pauses that :meth:`Search.run`
steps over: a billion (kept a small int of Python's, which compares fastest)."""
_first = operator.itemgetter(0)
_Found = TypeVar("_Found")

GainSteps = Generator[None, None, int]
"""A part of a search that pauses (yields) between steps and returns seat 0's gain."""


class SolveError(ValueError):
    """A position the solver cannot solve exactly: the message says why and what to use."""


@dataclass(frozen=True)
class Solution:
    """What :func:`~cardlab.search.solver.solve` found: perfect play from a position, for both
    seats.

    When the budget ran out first, ``solved`` is False, ``values`` is None and the moves are
    empty; ``positions`` and ``seconds`` say how far the search got.
    """

    solved: bool
    """True when the search finished within its budget."""
    to_move: int | None
    """The seat to move in the solved position (None when the hand is over)."""
    values: tuple[int, ...] | None
    """Each seat's result for the hand under perfect play: 1 for the winner and 0 for the
    loser in Mod Ten, the points for the hand in Two-Ten-Jack."""
    move_values: dict[Move, tuple[int, ...]]
    """For each legal move, in the game's order: the seats' results if it is played and both
    seats play perfectly afterwards."""
    best_moves: tuple[Move, ...]
    """The legal moves that keep the best result for the seat to move."""
    line: tuple[Move, ...]
    """One line of perfect play to the end of the hand (the first best move at each turn)."""
    events: tuple[str, ...]
    """What happens along :attr:`line`, as the game tells it."""
    positions: int
    """How many positions were searched (a transposition-table hit counts as one)."""
    seconds: float
    """How long the search took."""
    budget: str = field(default="")
    """Why the search stopped short (empty when it finished)."""

    @property
    def winner(self) -> int | None:
        """The seat with the best result under perfect play (None on a tie or if unsolved)."""
        if self.values is None:
            return None
        best = max(self.values)
        leaders = [seat for seat, value in enumerate(self.values) if value == best]
        return leaders[0] if len(leaders) == 1 else None

    @property
    def rate(self) -> float:
        """Positions searched per second."""
        return self.positions / self.seconds if self.seconds > 0 else math.inf

    def __str__(self) -> str:
        if not self.solved:
            return f"Not solved within budget: {self.budget}"
        assert self.values is not None
        if self.to_move is None:
            return f"The hand is over: results {self.values}."
        best = ", ".join(map(str, self.best_moves))
        return (
            f"Seat {self.to_move} to move. With perfect play the results are {self.values}; "
            f"best moves: {best} ({self.positions:,} positions searched)."
        )


class OutOfBudget(Exception):
    """Raised inside the search when the budget is spent."""


def _total(state: State) -> int:
    """The sum of both seats' final scores, the same in every ending of the hand."""
    total = state.game.score_total()
    if total is None:
        raise SolveError(f"{state.game.name} gives no constant score total: it cannot be solved")
    return total


def _gain_range(state: State) -> tuple[int, int]:
    """The least and the most seat 0 can still gain from ``state`` or any position after it,
    as the game says (0 to 1 in Mod Ten: a win). Searching within these bounds lets a seat
    that has found the best result possible stop looking."""
    return state.game.gain_bounds(state)


class PositionSearch:
    """The search space of any solvable game: its nodes are positions, and a move is played on
    a copy (see :meth:`~cardlab.engine.positions.Position.search` for the faster spaces games may
    give)."""

    nodes_are_keys = False
    """Whether a node is its own key in the table of solved positions (no: a position is not
    hashable)."""

    gains_at_end = False
    """Whether seat 0 gains only by the move that ends the hand (as in Mod Ten, where the
    result is who goes out): not known of any game."""

    def root(self, position: Position) -> Position:
        """The node of ``position``: the position itself."""
        return position

    def key(self, node: Position) -> Hashable:
        """The node's key in the table of solved positions."""
        return node.key()

    def mover(self, node: Position) -> int | None:
        """The seat to move at ``node``."""
        return node.to_move

    def children(self, node: Position) -> list[Child]:
        """Each legal move, in the game's order, as a :data:`~cardlab.engine.positions.Child`."""
        before = node.scores()[0]
        mover = node.to_move
        found: list[Child] = []
        for move in node.legal_moves():
            child = node.copy()
            child.play(move)
            gain = child.scores()[0] - before
            if child.to_move is None:
                found.append((move, None, gain, False, 0))
            else:
                replies = len(child.legal_moves())
                found.append((move, child, gain, child.to_move == mover, replies))
        return found


@dataclass
class Search:
    """One search: the position, the budget, the table of solved positions and the counts.

    It is written once, as generators that pause (yield) before a position is counted once a
    step's positions are searched (:meth:`resume`): :meth:`run` drives such a part of it to its
    end in one go, :class:`~cardlab.search.solver.StepwiseSolve` step by step."""

    state: State
    max_positions: int | None
    max_seconds: float | None
    transpositions: bool
    pruning: bool
    table: dict[Hashable, Any] = field(default_factory=dict)
    """The solved positions: a (low, high) pair of bounds on each (equal bounds: its value)."""
    table_limit: int = DEFAULT_TABLE
    """The most positions the table holds: once full, a position it does not hold yet is not
    added (those it holds are still updated), so memory stays bounded."""
    position: Position = field(init=False)
    """A copy of the state's position (:attr:`cardlab.engine.core.State.position`): the root of the
    search, read and never changed."""
    positions: int = 0
    deadline: float = math.inf
    bounds: tuple[int, int] = (0, 0)
    total: int = 0
    space: Any = None
    limit: float = math.inf
    nodes_are_keys: bool = False
    """The space's ``nodes_are_keys``, kept at hand."""
    lookup: Any = None
    """The table's ``get``, when the search uses the table (None otherwise)."""
    node_bounds: Any = None
    """The space's ``gain_bounds(node)``, if it has one: the least and the most seat 0 can still
    gain from a node, narrower than the root's :attr:`bounds` deeper in the hand (None: the
    root's bounds hold everywhere)."""
    binary: bool = False
    """Whether seat 0 gains one of two results (a win or not, in Mod Ten), only when the hand
    ends (the space's ``gains_at_end``), and both speed-ups are on: then :meth:`decided`
    searches, the same positions as :meth:`value` at less cost."""
    pause_at: int = _NO_PAUSE
    """The count of positions at which the search pauses (see :meth:`resume`)."""
    searching: float = 0.0
    """The seconds spent in the steps before this one."""
    resumed: float = 0.0
    """When this step began (``time.perf_counter``)."""
    paused: float | None = None
    """When the last step ended (None before the first)."""

    def __post_init__(self) -> None:
        if self.max_positions is not None:
            self.limit = self.max_positions
        self.position = self.state.position
        self.bounds = _gain_range(self.state)
        self.total = _total(self.state)
        self.space = self.position.search() or PositionSearch()
        self.nodes_are_keys = self.space.nodes_are_keys
        self.lookup = self.table.get if self.transpositions else None
        self.node_bounds = getattr(self.space, "gain_bounds", None)
        low, high = self.bounds
        ends_only = getattr(self.space, "gains_at_end", False)
        self.binary = self.transpositions and self.pruning and ends_only and high - low == 1

    def resume(self, positions: int | None) -> None:
        """Begin a step of at most ``positions`` positions searched (None: no pause, the
        search runs to its end); the time limit is moved on by the time spent between steps."""
        self.resumed = time.perf_counter()
        if self.paused is not None:
            self.deadline += self.resumed - self.paused
        self.pause_at = self.positions + (_NO_PAUSE if positions is None else positions)

    def pause(self) -> None:
        """End a step."""
        self.paused = time.perf_counter()
        self.searching += self.paused - self.resumed

    def seconds(self) -> float:
        """The seconds spent searching, this step included."""
        return self.searching + time.perf_counter() - self.resumed

    def run(self, steps: Generator[None, None, _Found]) -> _Found:
        """What ``steps`` (a part of this search) returns, searched in one go (raises
        OutOfBudget when the budget runs out)."""
        self.resume(None)
        try:
            while True:
                next(steps)  # paused only after a billion positions: go on
                self.pause_at = self.positions + _NO_PAUSE
        except StopIteration as done:
            found: _Found = done.value
            return found
        finally:
            self.pause()

    def solution(self, moves: bool = True) -> Solution:
        """Solve the state in one go: its value and, with ``moves``, each legal move's value,
        the best moves and one line of play."""
        return self.run(self.solution_steps(moves))

    def solution_steps(self, moves: bool) -> Generator[None, None, Solution]:
        """:meth:`solution`, as steps that pause (yield) once a step's positions are searched
        (see :meth:`resume`): the one form of the search, run to its end by :meth:`run` or
        step by step by :class:`~cardlab.search.solver.StepwiseSolve`."""
        if self.max_seconds is not None:
            self.deadline = time.perf_counter() + self.max_seconds
        position = self.position
        if position.to_move is None:
            return Solution(True, None, position.scores(), {}, (), (), (), 0, 0.0)
        root = self.space.root(position)
        gains: dict[Move, int] = {}
        line: tuple[Move, ...] = ()
        try:
            if moves:
                gains = yield from self.move_gains(root)
                sign = 1 if position.to_move == 0 else -1
                gain = max(gains.values(), key=lambda gain: sign * gain)
                line = yield from self.line(root, gain)
            else:
                low, high = self.bounds
                gain = yield from self.value(root, low - 1, high + 1)
        except OutOfBudget as stop:
            return self.unfinished(stop, self.seconds())
        return self.finished(gain, gains, line, self.seconds())

    def finished(
        self, gain: int, gains: dict[Move, int], line: tuple[Move, ...], seconds: float
    ) -> Solution:
        """The solution of a finished search: seat 0 gains ``gain`` from the state on, and
        ``gains`` after each legal move (empty with ``moves=False``), along ``line``."""
        return Solution(
            solved=True,
            to_move=self.position.to_move,
            values=self.results(gain),
            move_values={move: self.results(value) for move, value in gains.items()},
            best_moves=tuple(move for move, value in gains.items() if value == gain),
            line=line,
            events=_narrate(self.state, line),
            positions=self.positions,
            seconds=seconds,
        )

    def unfinished(self, stop: OutOfBudget, seconds: float) -> Solution:
        """The solution of a search stopped by its budget (``stop`` says which)."""
        to_move = self.position.to_move
        return Solution(False, to_move, None, {}, (), (), (), self.positions, seconds, str(stop))

    def results(self, gain: int) -> tuple[int, int]:
        """Both seats' final results when seat 0 gains ``gain`` from the state on."""
        first = self.position.scores()[0] + gain
        return (first, self.total - first)

    def move_gains(self, root: Any) -> Generator[None, None, dict[Move, int]]:
        """What seat 0 gains from ``root`` (the state's node) on, for each legal move in the
        game's order, with perfect play after it (raises OutOfBudget)."""
        low, high = self.bounds
        gains = {}
        for move, child, gain, _keeps, _replies in self.space.children(root):
            if child is not None:
                gain += yield from self.value(child, low - 1, high + 1)
            gains[move] = gain
        return gains

    def line(self, node: Any, value: int) -> Generator[None, None, tuple[Move, ...]]:
        """One line of perfect play from ``node``, where seat 0 gains ``value`` under perfect
        play, to the end of the hand: at each turn the first legal move that keeps that value.
        A move is tested with the narrowest window around it, which is cheap."""
        moves = []
        while node is not None:
            move, node, value = yield from self.first_keeping(node, value)
            moves.append(move)
        return tuple(moves)

    def first_keeping(self, node: Any, value: int) -> Generator[None, None, tuple[Move, Any, int]]:
        """The first legal move at ``node`` that keeps seat 0's gain at ``value``, the node
        after it and what seat 0 still gains from there."""
        for move, child, gain, _keeps, _replies in self.space.children(node):
            rest = value - gain
            if child is None:
                result = gain
            else:
                result = gain + (yield from self.value(child, rest - 1, rest + 1))
            if result == value:
                return move, child, rest
        raise AssertionError("no move keeps the position's value: the solver has a bug")

    def value(
        self, node: Any, alpha: int, beta: int, maximizing: bool | None = None, entry: Any = None
    ) -> GainSteps:
        """What seat 0 gains from ``node`` (whose hand goes on) under perfect play, exactly when
        it lies strictly between ``alpha`` and ``beta``; otherwise a bound on the far side of
        the window ("fail-soft" alpha-beta). ``maximizing`` (whether seat 0 moves at ``node``)
        and ``entry`` (what the table said of ``node`` a moment ago: ``_UNKNOWN`` for nothing,
        None when it was not asked) save looking them up again when the caller knows them.
        It pauses (yields) before counting a position once the step's positions are searched."""
        if maximizing is None:
            maximizing = self.space.mover(node) == 0
        if self.binary:
            return (yield from self.decided(node, maximizing, entry))
        if self.positions >= self.pause_at:
            yield
        positions = self.positions = self.positions + 1
        if positions > self.limit or not positions & 1023:
            self.check_budget()
        key = self.key_of(node)
        bounds = self.bounds if self.node_bounds is None else self.node_bounds(node)
        low, high = bounds
        if key is not None:
            # A node is never reached again below itself, nor below a sibling (every move plays
            # a card), so what the table says of it now is still what it says when its search
            # is done.
            if entry is None:
                entry = self.table.get(key, _UNKNOWN)
            if entry is not _UNKNOWN:
                low, high = entry
            if low == high or low >= beta:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        window_low, window_high = alpha, beta
        best = _LOW if maximizing else _HIGH
        goal = bounds[1] if maximizing else bounds[0]
        pruning = self.pruning
        for _rank, child, gain, keeps, known in self.children(node, maximizing, goal):
            if child is None:
                result = gain
            else:  # two seats: the same one moves again (keeps), or the other one
                reply = self.value(child, alpha - gain, beta - gain, maximizing == keeps, known)
                result = gain + (yield from reply)
            if maximizing:
                if result > best:
                    best = result
                    if result > alpha:
                        alpha = result
            elif result < best:
                best = result
                if result < beta:
                    beta = result
            if pruning and (alpha >= beta or best == goal):
                break  # the other seat avoids this, or nothing can be better
        if key is not None:
            self.remember(key, best, (window_low, window_high), (low, high), entry)
        return best

    def key_of(self, node: Any) -> Any:
        """The transposition table's key of ``node``, or None when the table is not used."""
        if not self.transpositions:
            return None
        return node if self.nodes_are_keys else self.space.key(node)

    def remember(
        self, key: Any, best: int, window: tuple[int, int], known: tuple[int, int], entry: Any
    ) -> None:
        """Keep in the table what the search of the node ``key`` within ``window`` found,
        ``best``, narrowing the bounds ``known`` of it before: an upper bound if every move
        failed low, a lower bound if a move failed high, else the exact value. ``entry`` (what
        the table said of it before, ``_UNKNOWN`` for nothing) lets a known node be updated when
        the table is full."""
        low, high = known
        if best <= window[0]:
            high = best  # every move failed low: an upper bound
        elif best >= window[1]:
            low = best  # a move failed high: a lower bound
        else:
            low = high = best
        if entry is not _UNKNOWN or len(self.table) < self.table_limit:
            self.table[key] = (low, high)

    def decided(self, node: Any, maximizing: bool, entry: Any = None) -> GainSteps:
        """What seat 0 gains from ``node`` under perfect play, where it can gain only one of two
        results (the two ends of the bounds): the seat to move takes the first move, in
        :meth:`children` order, that gives it its best result, else its worst. With two
        results alpha-beta's window cuts nothing more than that, so this searches exactly the
        positions :meth:`value` does, and every result is exact (kept as a pair of equal
        bounds). ``entry`` is as for :meth:`value`; it pauses as :meth:`value` does."""
        if self.positions >= self.pause_at:
            yield
        positions = self.positions = self.positions + 1
        if positions > self.limit or not positions & 1023:
            self.check_budget()
        key = node if self.nodes_are_keys else self.space.key(node)
        table = self.table
        if entry is None:
            entry = table.get(key, _UNKNOWN)
        if entry is not _UNKNOWN:
            return entry[0]  # type: ignore[no-any-return]
        low, high = self.bounds
        goal, best = (high, _LOW) if maximizing else (low, _HIGH)
        for _rank, child, gain, keeps, known in self.children(node, maximizing, goal):
            if child is None:
                result = gain
            else:  # the same seat moves again (keeps), or the other one
                result = gain + (yield from self.decided(child, maximizing == keeps, known))
            if result > best if maximizing else result < best:
                best = result
                if best == goal:
                    break
        if len(table) < self.table_limit:
            table[key] = (best, best)
        return best

    def check_budget(self) -> None:
        """Raise OutOfBudget once the budget is spent: called with one more position counted,
        when that is more than ``max_positions`` (it is then not counted) and every 1,024
        positions (for the time limit)."""
        if self.positions > self.limit:
            self.positions -= 1
            raise OutOfBudget(f"searched {self.max_positions:,} positions (max_positions)")
        if time.perf_counter() > self.deadline:
            raise OutOfBudget(f"searched for {self.max_seconds} s (max_seconds)")

    def children(
        self, node: Any, maximizing: bool, goal: int
    ) -> list[tuple[int, Any, int, bool, Any]]:
        """The nodes after each legal move (None where the hand ends), with what seat 0 gains by
        it, the most promising for the seat to move first, so that pruning cuts sooner: a
        bigger immediate gain first, then the moves that pass the turn, then those that leave
        the other seat fewest replies. (Measured on 30 Mod Ten deals: against the game's own
        order, the moves that keep the turn first searched 2.5 times as many positions, the
        turn passed first 0.7 times, and the fewest replies after that 0.34 times.) A move
        whose node the table already knows to give the seat the best result it can still get
        (``goal``) is the only one returned.

        Each comes as (its rank, the node, seat 0's gain, whether the same seat moves next,
        what the table knows of the node: ``_UNKNOWN`` for nothing, None when not asked). The
        rank is ``(gain, replies, turn kept)`` in one int (a move leaves fewer than 32,768
        replies), and the sort is stable, so ties keep the game's order."""
        space = self.space
        found = space.children(node)
        if len(found) == 1:
            _move, child, gain, keeps, _replies = found[0]
            return [(0, child, gain, keeps, None)]
        sign = -(1 << 16) if maximizing else 1 << 16
        known = self.lookup
        key = None if self.nodes_are_keys else space.key
        ready = []
        for _move, child, gain, keeps, replies in found:
            entry = None
            if child is not None and known is not None:
                entry = known(child if key is None else key(child), _UNKNOWN)
                if entry is not _UNKNOWN and entry[0 if maximizing else 1] + gain == goal:
                    return [(0, child, gain, keeps, entry)]
            ready.append((sign * gain + 2 * replies + (not keeps), child, gain, keeps, entry))
        ready.sort(key=_first)
        return ready


def _narrate(state: State, line: tuple[Move, ...]) -> tuple[str, ...]:
    """The event texts of playing ``line`` from ``state``."""
    texts: list[str] = []
    for move in line:
        state = state.play(move)
        texts.extend(event.text for event in state.last_events)
    return tuple(texts)
