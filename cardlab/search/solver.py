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

import math
import numbers
import operator
import time
from collections.abc import Generator, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

from cardlab.engine.core import State, View
from cardlab.engine.moves import Move
from cardlab.engine.numbers import whole_number
from cardlab.engine.positions import Child, Position
from cardlab.engine.words import shortened

Target = State | View
"""What :func:`solve` takes: a state, or a view whose hidden cards its display determines."""

DEFAULT_POSITIONS = 2_000_000
"""The default budget: positions searched before :func:`solve` gives up (at the 60,000 to
100,000 positions a second of a laptop, about half a minute)."""

DEFAULT_SECONDS = 30.0
"""The default time limit of :func:`solve`, in seconds: it gives up after this long even when
positions are searched slowly."""

DEFAULT_TABLE = 300_000
"""The default size of the transposition table (positions remembered), about 250 MB at most:
once full, the search goes on without remembering more positions (slower, same answer)."""

MAX_POSITIONS = 10**12
"""The largest ``max_positions`` :func:`solve` takes (None: no position limit)."""

MAX_TABLE = 50_000_000
"""The largest ``max_table`` :func:`solve` takes (about 40 GB of memory)."""

_LOW = -(10**9)
_HIGH = 10**9
_UNKNOWN: Any = object()
_first = operator.itemgetter(0)


class SolveError(ValueError):
    """A position the solver cannot solve exactly: the message says why and what to use."""


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found: perfect play from a position, for both seats.

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


class _OutOfBudget(Exception):
    """Raised inside the search when the budget is spent."""


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
) -> _Search:
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
    return _Search(
        state, max_positions, max_seconds, transpositions, pruning, table_limit=max_table
    )


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
class _Search:
    """One search: the position, the budget, the table of solved positions and the counts."""

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

    def solution(self, moves: bool = True) -> Solution:
        """Solve the state: its value and, with ``moves``, each legal move's value, the best
        moves and one line of play."""
        start = time.perf_counter()
        if self.max_seconds is not None:
            self.deadline = start + self.max_seconds
        position = self.position
        if position.to_move is None:
            return Solution(True, None, position.scores(), {}, (), (), (), 0, 0.0)
        root = self.space.root(position)
        gains: dict[Move, int] = {}
        line: tuple[Move, ...] = ()
        try:
            if moves:
                gains = self.move_gains()
                sign = 1 if position.to_move == 0 else -1
                gain = max(gains.values(), key=lambda gain: sign * gain)
                line = self.line(root, gain)
            else:
                low, high = self.bounds
                gain = self.value(root, low - 1, high + 1)
        except _OutOfBudget as stop:
            return self.unfinished(stop, time.perf_counter() - start)
        return self.finished(gain, gains, line, time.perf_counter() - start)

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

    def unfinished(self, stop: _OutOfBudget, seconds: float) -> Solution:
        """The solution of a search stopped by its budget (``stop`` says which)."""
        to_move = self.position.to_move
        return Solution(False, to_move, None, {}, (), (), (), self.positions, seconds, str(stop))

    def results(self, gain: int) -> tuple[int, int]:
        """Both seats' final results when seat 0 gains ``gain`` from the state on."""
        first = self.position.scores()[0] + gain
        return (first, self.total - first)

    def move_gains(self) -> dict[Move, int]:
        """What seat 0 gains from the state on, for each legal move in the game's order, with
        perfect play after it (raises _OutOfBudget)."""
        low, high = self.bounds
        root = self.space.root(self.position)
        return {
            move: gain if child is None else gain + self.value(child, low - 1, high + 1)
            for move, child, gain, _keeps, _replies in self.space.children(root)
        }

    def line(self, node: Any, value: int) -> tuple[Move, ...]:
        """One line of perfect play from ``node``, where seat 0 gains ``value`` under perfect
        play, to the end of the hand: at each turn the first legal move that keeps that value.
        A move is tested with the narrowest window around it, which is cheap."""
        moves = []
        while node is not None:
            move, node, value = self.first_keeping(node, value)
            moves.append(move)
        return tuple(moves)

    def first_keeping(self, node: Any, value: int) -> tuple[Move, Any, int]:
        """The first legal move at ``node`` that keeps seat 0's gain at ``value``, the node
        after it and what seat 0 still gains from there."""
        for move, child, gain, _keeps, _replies in self.space.children(node):
            rest = value - gain
            if child is None:
                result = gain
            else:
                result = gain + self.value(child, rest - 1, rest + 1)
            if result == value:
                return move, child, rest
        raise AssertionError("no move keeps the position's value: the solver has a bug")

    def value(
        self, node: Any, alpha: int, beta: int, maximizing: bool | None = None, entry: Any = None
    ) -> int:
        """What seat 0 gains from ``node`` (whose hand goes on) under perfect play, exactly when
        it lies strictly between ``alpha`` and ``beta``; otherwise a bound on the far side of
        the window ("fail-soft" alpha-beta). ``maximizing`` (whether seat 0 moves at ``node``)
        and ``entry`` (what the table said of ``node`` a moment ago: ``_UNKNOWN`` for nothing,
        None when it was not asked) save looking them up again when the caller knows them."""
        if maximizing is None:
            maximizing = self.space.mover(node) == 0
        if self.binary:
            return self.decided(node, maximizing, entry)
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
                result = gain + self.value(
                    child, alpha - gain, beta - gain, maximizing == keeps, known
                )
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

    def decided(self, node: Any, maximizing: bool, entry: Any = None) -> int:
        """What seat 0 gains from ``node`` under perfect play, where it can gain only one of two
        results (the two ends of the bounds): the seat to move takes the first move, in
        :meth:`children` order, that gives it its best result, else its worst. With two
        results alpha-beta's window cuts nothing more than that, so this searches exactly the
        positions :meth:`value` does, and every result is exact (kept as a pair of equal
        bounds). ``entry`` is as for :meth:`value`."""
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
                result = gain + self.decided(child, maximizing == keeps, known)
            if result > best if maximizing else result < best:
                best = result
                if best == goal:
                    break
        if len(table) < self.table_limit:
            table[key] = (best, best)
        return best

    def check_budget(self) -> None:
        """Raise _OutOfBudget once the budget is spent: called with one more position counted,
        when that is more than ``max_positions`` (it is then not counted) and every 1,024
        positions (for the time limit)."""
        if self.positions > self.limit:
            self.positions -= 1
            raise _OutOfBudget(f"searched {self.max_positions:,} positions (max_positions)")
        if time.perf_counter() > self.deadline:
            raise _OutOfBudget(f"searched for {self.max_seconds} s (max_seconds)")

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


def move_results(
    state: State, seat: int, max_positions: int, max_seconds: float | None = None
) -> dict[Move, int] | None:
    """``seat``'s final result for each legal move of ``state`` under perfect play afterwards,
    or None when that takes more than ``max_positions`` positions (or ``max_seconds``): what
    the ``pimc`` agent asks of each world (no line of play, no narration). ``state`` must be
    solvable (see :func:`solvable`)."""
    search = _Search(state, max_positions, max_seconds, transpositions=True, pruning=True)
    if max_seconds is not None:
        search.deadline = time.perf_counter() + max_seconds
    try:
        gains = search.move_gains()
    except _OutOfBudget:
        return None
    return {move: search.results(gain)[seat] for move, gain in gains.items()}


DEFAULT_STEP_POSITIONS = 500
"""The positions :class:`StepwiseSolve` searches in one step by default (a few milliseconds)."""

Steps = Generator[None, None, int]
"""A part of a search that pauses (yields) between steps and returns seat 0's gain."""


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
        max_positions: int | None = DEFAULT_POSITIONS,
        max_seconds: float | None = DEFAULT_SECONDS,
        transpositions: bool = True,
        pruning: bool = True,
        moves: bool = True,
        max_table: int = DEFAULT_TABLE,
    ) -> None:
        _check_count("step_positions", step_positions, MAX_POSITIONS, none=False)
        search = _prepared_search(
            target, max_positions, max_seconds, transpositions, pruning, moves, max_table
        )
        self.step_positions = step_positions
        """The most positions one step searches."""
        self.solution: Solution | None = None
        """What the search found (None until it is done)."""
        self._search = _SearchInSteps(search)
        self._run = self._search.solution(moves)

    @property
    def positions(self) -> int:
        """How many positions have been searched so far."""
        return self._search.search.positions

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
    search = _Search(state, max_positions, max_seconds, transpositions=True, pruning=True)
    return _results_in_steps(_SearchInSteps(search), seat, step_positions)


def _results_in_steps(
    stepping: _SearchInSteps, seat: int, step_positions: int
) -> Generator[None, None, dict[Move, int] | None]:
    """The steps of :func:`move_results_in_steps`."""
    search = stepping.search
    if search.max_seconds is not None:
        search.deadline = time.perf_counter() + search.max_seconds
    gains = stepping.move_gains(search.space.root(search.position))
    while True:
        stepping.resume(step_positions)
        try:
            next(gains)
        except StopIteration as done:
            return {move: search.results(gain)[seat] for move, gain in done.value.items()}
        except _OutOfBudget:
            return None
        finally:
            stepping.pause()
        yield


@dataclass
class _SearchInSteps:
    """The search of :class:`_Search`, the same positions in the same order, written as
    generators that pause (yield) before a position is counted once the step's positions are
    searched: :meth:`value` and :meth:`decided` are :meth:`_Search.value` and
    :meth:`_Search.decided` line for line, with ``yield from`` where those call themselves
    (a test checks that both give the same solutions and counts)."""

    search: _Search
    pause_at: int = 0
    """The count of positions at which the step pauses."""
    searching: float = 0.0
    """The seconds spent in steps before this one."""
    resumed: float = 0.0
    """When this step began (``time.perf_counter``)."""
    paused: float | None = None
    """When the last step ended (None before the first)."""

    def resume(self, positions: int) -> None:
        """Begin a step of at most ``positions`` positions; the time limit is moved on by the
        time spent between steps."""
        self.resumed = time.perf_counter()
        if self.paused is not None:
            self.search.deadline += self.resumed - self.paused
        self.pause_at = self.search.positions + positions

    def pause(self) -> None:
        """End a step."""
        self.paused = time.perf_counter()
        self.searching += self.paused - self.resumed

    def seconds(self) -> float:
        """The seconds spent searching, this step included."""
        return self.searching + time.perf_counter() - self.resumed

    def solution(self, moves: bool) -> Generator[None, None, Solution]:
        """:meth:`_Search.solution`, in steps."""
        search = self.search
        if search.max_seconds is not None:
            search.deadline = time.perf_counter() + search.max_seconds
        position = search.position
        if position.to_move is None:
            return Solution(True, None, position.scores(), {}, (), (), (), 0, 0.0)
        root = search.space.root(position)
        gains: dict[Move, int] = {}
        line: tuple[Move, ...] = ()
        try:
            if moves:
                gains = yield from self.move_gains(root)
                sign = 1 if position.to_move == 0 else -1
                gain = max(gains.values(), key=lambda gain: sign * gain)
                line = yield from self.line(root, gain)
            else:
                low, high = search.bounds
                gain = yield from self.value(root, low - 1, high + 1)
        except _OutOfBudget as stop:
            return search.unfinished(stop, self.seconds())
        return search.finished(gain, gains, line, self.seconds())

    def move_gains(self, root: Any) -> Generator[None, None, dict[Move, int]]:
        """:meth:`_Search.move_gains`, in steps."""
        low, high = self.search.bounds
        gains = {}
        for move, child, gain, _keeps, _replies in self.search.space.children(root):
            if child is not None:
                gain += yield from self.value(child, low - 1, high + 1)
            gains[move] = gain
        return gains

    def line(self, node: Any, value: int) -> Generator[None, None, tuple[Move, ...]]:
        """:meth:`_Search.line`, in steps."""
        moves = []
        while node is not None:
            move, node, value = yield from self.first_keeping(node, value)
            moves.append(move)
        return tuple(moves)

    def first_keeping(self, node: Any, value: int) -> Generator[None, None, tuple[Move, Any, int]]:
        """:meth:`_Search.first_keeping`, in steps."""
        for move, child, gain, _keeps, _replies in self.search.space.children(node):
            rest = value - gain
            if child is None:
                result = gain
            else:
                result = gain + (yield from self.value(child, rest - 1, rest + 1))
            if result == value:
                return move, child, rest
        raise AssertionError("no move keeps the position's value: the solver has a bug")

    def counted(self) -> Generator[None, None, None]:
        """Count one more position, pausing first if the step's positions are searched
        (raises _OutOfBudget as :meth:`_Search.check_budget` does)."""
        search = self.search
        if search.positions >= self.pause_at:
            yield
        positions = search.positions = search.positions + 1
        if positions > search.limit or not positions & 1023:
            search.check_budget()

    def value(
        self, node: Any, alpha: int, beta: int, maximizing: bool | None = None, entry: Any = None
    ) -> Steps:
        """:meth:`_Search.value`, in steps."""
        search = self.search
        if maximizing is None:
            maximizing = search.space.mover(node) == 0
        if search.binary:
            return (yield from self.decided(node, maximizing, entry))
        yield from self.counted()
        key = search.key_of(node)
        bounds = search.bounds if search.node_bounds is None else search.node_bounds(node)
        low, high = bounds
        if key is not None:
            if entry is None:
                entry = search.table.get(key, _UNKNOWN)
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
        for _rank, child, gain, keeps, known in search.children(node, maximizing, goal):
            if child is None:
                result = gain
            else:
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
            if search.pruning and (alpha >= beta or best == goal):
                break
        if key is not None:
            search.remember(key, best, (window_low, window_high), (low, high), entry)
        return best

    def decided(self, node: Any, maximizing: bool, entry: Any = None) -> Steps:
        """:meth:`_Search.decided`, in steps."""
        search = self.search
        yield from self.counted()
        key = node if search.nodes_are_keys else search.space.key(node)
        table = search.table
        if entry is None:
            entry = table.get(key, _UNKNOWN)
        if entry is not _UNKNOWN:
            return entry[0]  # type: ignore[no-any-return]
        low, high = search.bounds
        goal, best = (high, _LOW) if maximizing else (low, _HIGH)
        for _rank, child, gain, keeps, known in search.children(node, maximizing, goal):
            if child is None:
                result = gain
            else:
                result = gain + (yield from self.decided(child, maximizing == keeps, known))
            if result > best if maximizing else result < best:
                best = result
                if best == goal:
                    break
        if len(table) < search.table_limit:
            table[key] = (best, best)
        return best
