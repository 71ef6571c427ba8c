"""Information-set Monte Carlo tree search: the search behind the ``ismcts`` agent.

Flat Monte Carlo (the ``mc`` agent) rates each of its own moves by playouts and never plans a
second move; perfect-information sampling (``pimc``) solves sampled deals one at a time, each
as if it were the truth. ISMCTS (single-observer ISMCTS, after Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", 2012) grows **one tree over what the deciding
player knows**, and shares it among all the deals it samples:

- A node is a line of play since the decision: the moves made, and who made each. Every move
  in cardlab's games is made face up, so the deciding player sees that line whatever the
  hidden cards are; the same node stands for it in every deal where it can happen. (What
  chance adds, a card drawn or turned up, is part of the deal, not a node.)
- Each iteration deals one world from the view's exact sampler (``view.determinize``) and walks
  down the tree. At each node it keeps to the moves legal in that world; while one of them has
  no child yet, it adds that child and stops; otherwise it takes the child with the best upper
  confidence bound (UCB1), counting for every legal child that it was *available* (a move that
  is legal in few worlds is not blamed for being tried seldom).
- From there the world is played out (the *rollout*): at random, by the game's own fast
  playout (``Game.play_position_out``), or with every seat playing the game's greedy heuristic
  (:mod:`cardlab.bots.heuristics`; what the ``ismcts`` agent does). Each node on the path adds the
  result **of the seat that chose its move**: an opponent's node rates its moves by that
  opponent's result.

A result is a seat's gain from the decision on (its hand score at the end less its score now:
1 for a Mod Ten win, points in the other games), rescaled for UCB1 by the smallest and largest
gain seen so far in the search (so that rewards lie in [0, 1], whatever the game's scale). The
move played is the root's most visited child.

>>> import cardlab, random
>>> state = cardlab.game("mod-ten", players=3).deal(seed=4)
>>> tree = Tree(state.view(state.current_player), random.Random(1))
>>> tree.run(200).iterations
200
>>> tree.best_move() in state.legal_moves()
True
>>> sum(child.visits for child in tree.root.all_children()) == tree.root.visits == 200
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Iterator, Sequence

from cardlab.bots.heuristics import fast_greedy_playout
from cardlab.bots.heuristics import play_greedily as play_greedily  # its home before heuristics
from cardlab.engine.core import View
from cardlab.engine.moves import Move, Outcome
from cardlab.engine.positions import Position
from cardlab.engine.randomness import draw_index

EXPLORATION = 0.7
"""The exploration constant of UCB1 (as Cowling, Powley and Whitehouse use, on rewards in
[0, 1]): larger tries more moves, smaller sticks sooner to the best so far."""


ROLLOUTS = ("random", "greedy")
"""How a playout plays from the node the tree adds: every seat at random (the game's own fast
random playout), or every seat by the game's greedy heuristic (see
:mod:`cardlab.bots.heuristics`)."""

Playout = Callable[[Position, random.Random], Outcome]
"""A playout: a position of the game (which it may change) played to the end, drawing from
the generator; how the hand ended."""


def playout_of(view: View, rollout: str) -> Playout:
    """The playout of ``view``'s game that ``rollout`` (one of :data:`ROLLOUTS`) names: the
    game's random one, or its greedy one (the registry's faster greedy playout where the game
    has one, else the heuristic played on each seat's view)."""
    game = view.game
    if rollout == "random":
        return game.play_position_out
    if rollout != "greedy":
        raise ValueError(f"rollout is one of {', '.join(ROLLOUTS)}, not {rollout!r}")
    as_state = type(view.determinize(random.Random(0)))
    fast = fast_greedy_playout(game.name)
    if fast is not None:
        return lambda position, rng: fast(as_state(game, position), rng)
    return lambda position, rng: play_greedily(as_state(game, position), rng)


class Node:
    """A line of play since the decision, as the deciding player sees it: the last ``move``,
    made by ``seat``, and what the search has learned after it."""

    __slots__ = ("move", "seat", "children", "visits", "available", "total")

    move: Move | None
    """The move that leads here (None at the root)."""
    seat: int
    """The seat that chose ``move``: whose gain ``total`` adds up (the deciding seat at the
    root)."""
    children: dict[int, dict[Move, Node]]
    """The nodes one move further, by the seat to move and the move (who moves next can depend
    on the hidden cards: a Mod Ten seat without the led suit is skipped)."""
    visits: int
    """How many iterations came through here."""
    available: int
    """How many times this node's move was legal when its parent chose a child (and 1 for
    the iteration that added it): what UCB1 weighs ``visits`` against."""
    total: float
    """The sum of ``seat``'s gains over those visits."""

    def __init__(self, move: Move | None, seat: int) -> None:
        self.move = move
        self.seat = seat
        self.children = {}
        self.visits = 0
        self.available = 1
        self.total = 0.0

    @property
    def mean(self) -> float:
        """``seat``'s average gain over the visits (NaN before the first)."""
        return self.total / self.visits if self.visits else math.nan

    def all_children(self) -> list[Node]:
        """The children of every seat to move, in the order they were added."""
        return [child for by_move in self.children.values() for child in by_move.values()]

    def nodes(self) -> Iterator[Node]:
        """This node and every node below it, depth first."""
        yield self
        for child in self.all_children():
            yield from child.nodes()

    def __repr__(self) -> str:
        move = "root" if self.move is None else f"seat {self.seat} {self.move}"
        return f"<Node {move}: {self.visits} visits, mean {self.mean:.3g}>"


class Tree:
    """The search tree of one decision: ``view``'s seat to move, worlds and playouts drawn from
    ``rng``. :meth:`iterate` adds one iteration; :meth:`run` many; :meth:`best_move` answers.
    """

    def __init__(
        self,
        view: View,
        rng: random.Random,
        exploration: float = EXPLORATION,
        rollout: str = "random",
    ) -> None:
        if view.current_player != view.seat:
            raise ValueError(f"the tree is grown for the seat to move, not seat {view.seat}")
        self.view = view
        self.rng = rng
        self.exploration = exploration
        self.rollout = rollout
        """How the playouts play: one of :data:`ROLLOUTS`."""
        self.playout = playout_of(view, rollout)
        self.root = Node(None, view.seat)
        self.iterations = 0
        """How many iterations the tree has grown by."""
        self.start = view.determinize(random.Random(0)).scores
        """Each seat's hand score at the decision: the gains are counted from there."""
        self.lowest = math.inf
        """The smallest gain of any seat seen in a playout so far."""
        self.highest = -math.inf
        """The largest gain of any seat seen in a playout so far."""

    def iterate(self) -> None:
        """One iteration: deal a world, walk down the tree, add a node, play out, back up."""
        position = self.view.determinize(self.rng).position
        node = self.root
        path = [node]
        while (seat := position.to_move) is not None:
            legal = position.legal_moves()
            by_move = node.children.get(seat)
            if by_move is None:
                by_move = node.children[seat] = {}
            untried = [move for move in legal if move not in by_move]
            if untried:
                move = untried[draw_index(self.rng, len(untried))]
                node = by_move[move] = Node(move, seat)
                path.append(node)
                position.play(move)
                break
            move = self.chosen(by_move, legal)
            node = by_move[move]
            path.append(node)
            position.play(move)
        scores = self.playout(position, self.rng).scores
        self.back_up(
            path, [score - before for score, before in zip(scores, self.start, strict=True)]
        )

    def chosen(self, by_move: dict[Move, Node], legal: Sequence[Move]) -> Move:
        """The move whose child has the best upper confidence bound among the ``legal`` moves
        (all of them children already); each of them counts one more time available."""
        width = self.highest - self.lowest
        scale = 1.0 / width if width > 0 else 1.0
        explore = self.exploration
        log, sqrt = math.log, math.sqrt
        best = legal[0]
        best_bound = -math.inf
        for move in legal:
            child = by_move[move]
            visits = child.visits
            bound = child.total * scale / visits + explore * sqrt(log(child.available) / visits)
            child.available += 1
            if bound > best_bound:
                best, best_bound = move, bound
        return best

    def back_up(self, path: list[Node], gains: list[int]) -> None:
        """Add one visit and its seat's gain to every node of ``path``; widen the range of the
        gains seen."""
        for node in path:
            node.visits += 1
            node.total += gains[node.seat]
        self.lowest = min(self.lowest, *gains)
        self.highest = max(self.highest, *gains)

    def run(
        self,
        iterations: int,
        deadline: float = math.inf,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Tree:
        """Grow the tree by ``iterations`` iterations, or fewer if ``clock()`` passes
        ``deadline`` first (checked between iterations; one iteration at least). Returns the
        tree."""
        for _ in self.grow(iterations, deadline, clock):
            pass
        return self

    def grow(
        self,
        iterations: int,
        deadline: float = math.inf,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Generator[None, None, Tree]:
        """:meth:`run` in steps, for a program with one thread that must keep answering: a
        generator that pauses (yields None) between two iterations and returns the tree. The
        same iterations as :meth:`run`, with the same draws and the same readings of
        ``clock``.

        >>> import cardlab
        >>> state = cardlab.game("mod-ten", players=3).deal(seed=4)
        >>> tree = Tree(state.view(state.current_player), random.Random(1))
        >>> sum(1 for _ in tree.grow(5)), tree.iterations  # 4 pauses between 5 iterations
        (4, 5)
        """
        for done in range(iterations):
            if done:
                yield
                if clock() > deadline:
                    break
            self.iterate()
            self.iterations += 1
        return self

    def best_move(self) -> Move:
        """The root's most visited move (the first of the view's legal moves on a tie)."""
        children = self.root.children.get(self.view.seat, {})
        legal = self.view.legal_moves()
        return max(legal, key=lambda move: children[move].visits if move in children else 0)

    def move_visits(self) -> dict[Move, int]:
        """How many iterations tried each of the view's legal moves first."""
        children = self.root.children.get(self.view.seat, {})
        return {
            move: children[move].visits if move in children else 0
            for move in self.view.legal_moves()
        }
