"""Monte Carlo estimates: the value of each legal move from a view, as the average result of
playouts from deals of the hidden cards consistent with it (random or greedy playouts), with
the running estimates and their intervals that the hint shows."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Iterator
from typing import Any, NamedTuple

from cardlab.bots.checks import (
    AgentOptionError,
    checked_estimate,
    checked_rng,
    checked_rollout,
    checked_state,
    to_the_end,
)
from cardlab.bots.heuristics import greedy_playout as _greedy_playout
from cardlab.engine.core import State, View
from cardlab.engine.moves import Move, Outcome
from cardlab.engine.numbers import whole_number
from cardlab.engine.words import shortened


def greedy_playout(state: State, rng: random.Random) -> Outcome:
    """Play ``state`` to the end with every seat playing the greedy heuristic on its own view
    (see :mod:`cardlab.bots.heuristics`), and say how the hand ended."""
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
    :func:`playout_value`), with ``playouts`` random deals of the hidden cards per move; or fewer,
    if ``clock()`` passes ``deadline`` first (checked between deals; one deal at least)."""
    checked_estimate(view, playouts, rng, rollout)
    return to_the_end(values_in_steps(view, playouts, rng, rollout, deadline, clock))


def values_in_steps(
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
            totals[move] += result_after(world, move, seat, luck, seeded, rollout)
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


def playout_rounds(
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
        yield {move: result_after(world, move, seat, luck, seeded, rollout) for move in legal}


def result_after(
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


class Sums:
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

    The draws are those of :func:`move_values`, so the last means are its values."""
    checked_estimate(view, playouts, rng, rollout, least=0)
    sums = Sums(view.legal_moves())
    for results in playout_rounds(view, playouts, rng, rollout):
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
    sums = Sums(view.legal_moves())
    for results in playout_rounds(view, playouts, rng, rollout):
        sums.add(results)
    return sums.estimates() if sums.count else {}
