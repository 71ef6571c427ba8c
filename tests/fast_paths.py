"""Every game's fast paths play exactly as its rules, checked the same way for every game of the
registry (the protocol suite, tests/test_protocol.py, runs these checks over its table of option
sets, and so does any game that runs the suite, as tests/test_toy_game.py does):

- a **search** (what :meth:`~cardlab.engine.positions.Position.search` gives the solver, or the
  solver's own search over positions) has, at every node, the children the engine's play gives:
  the same moves in the same order, the same positions after them, gains and replies;
- a **random playout** (:meth:`~cardlab.engine.core.Game.playout`) makes the moves and the draws
  of the public loop ``state.play(rng.choice(state.legal_moves()))``, and leaves the state as it
  was;
- a **greedy playout** (the registry's faster one, if any) makes the moves of the greedy
  heuristic played on each seat's view;
- a **sampler** (:meth:`~cardlab.engine.core.View.determinize`) draws each world as often as the
  deal and the hand's history make it: a world drawn for a view, played one move on, and kept
  when the seat's view of it is what the seat then saw, is a world drawn for the next view (the
  rule of Bayes, one move at a time; the first view's worlds are a shuffle's).

The checks use the public protocol only (states, views, the registry), so a new game gets them
all from its registry entry. The helpers here are the ones the game-by-game tests of special
positions use too.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st
from playthrough import OPTION_SETS
from positions import assert_fast_path_agrees, random_hand, some_states
from pytest import mark

import cardlab
from cardlab import Move, State, View
from cardlab.bots.heuristics import greedy_playout, play_greedily
from cardlab.games import REGISTRY
from cardlab.search.alphabeta import PositionSearch

IDS = [f"{name}-{options}" for name, options in OPTION_SETS]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
EVERY_GAME = mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)


def positions_of(game: cardlab.Game, seed: int, count: int = 6) -> list[State]:
    """States spread over a seeded random hand (its end too), and worlds drawn for the view of
    the seat to move at each (a world has no history behind it: the Monte Carlo agents and
    the solver play those)."""
    states = some_states(game, seed, count)
    rng = random.Random(seed)
    worlds = [s.view(s.current_player).determinize(rng) for s in states if not s.is_over]
    return states + worlds


# --------------------------------------------------------------------------- searches


@EVERY_GAME
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_a_search_has_the_children_the_engine_plays(name, options, seed):
    game = cardlab.game(name, **options)
    for state in positions_of(game, seed):
        if state.is_over:
            continue
        position = state.position
        space = position.search()
        if space is None and game.solvability(state) is None:
            space = PositionSearch()  # the solver's own search, where it can solve
        if space is None:
            continue
        node = space.root(position)
        assert space.mover(node) == position.to_move
        children = space.children(node)
        assert [move for move, *_rest in children] == list(position.legal_moves())
        for move, child, gain, keeps, replies in children:
            after = position.copy()
            after.play(move)
            assert gain == after.scores()[0] - position.scores()[0], str(move)
            if after.to_move is None:
                assert (child, keeps, replies) == (None, False, 0), str(move)
                continue
            assert space.key(child) == space.key(space.root(after)), str(move)
            assert space.mover(child) == after.to_move
            assert keeps == (after.to_move == position.to_move)
            assert replies == len(after.legal_moves())


# --------------------------------------------------------------------------- random playouts


@EVERY_GAME
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, draws=SEEDS)
def test_a_random_playout_is_the_public_loop_move_by_move_and_draw_by_draw(
    name, options, seed, draws
):
    game = cardlab.game(name, **options)
    for state in positions_of(game, seed):
        assert_fast_path_agrees(state, draws)


# --------------------------------------------------------------------------- greedy playouts


@EVERY_GAME
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, draws=SEEDS)
def test_a_greedy_playout_makes_the_moves_of_greedy_on_each_seats_view(name, options, seed, draws):
    if REGISTRY[name].greedy is None:
        return
    game = cardlab.game(name, **options)
    for state in positions_of(game, seed, count=4):
        on_views, fast = random.Random(draws), random.Random(draws)
        assert greedy_playout(state, fast) == play_greedily(state, on_views)
        assert fast.getstate() == on_views.getstate()


# --------------------------------------------------------------------------- samplers


def place_of_each_card(world: State, view: View) -> Counter[tuple[str, int]]:
    """Where each card ``view`` does not see lies in ``world``: (card, seat), or (card, -1)
    for a card in no hand (a stock)."""
    places = Counter()
    held = {card: seat for seat in range(world.game.players) for card in world.hand(seat)}
    for card in view.unseen_cards():
        places[(str(card), held.get(card, -1))] += 1
    return places


def same_sight(world: State, view: View) -> bool:
    """True when the seat of ``view`` sees ``world`` as ``view`` shows it (history aside: a
    world drawn from a view has none)."""
    seen = world.view(view.seat)
    return all(
        getattr(seen, name) == getattr(view, name)
        for name in view.__dataclass_fields__
        if name not in view.history_fields
    )


Sampler = Callable[[View, random.Random], State]


def bayes_counts(
    before: View, move: Move, after: View, worlds: int, rng: random.Random, sampler: Sampler
) -> tuple[Counter[tuple[str, int]], Counter[tuple[str, int]]]:
    """Where the unseen cards lie in ``worlds`` worlds drawn by ``sampler`` for ``after``, and
    in as many worlds drawn for ``before``, played on by ``move`` and kept when the seat sees
    them as ``after`` (a rejection sampler of the rule of Bayes)."""
    drawn = Counter()
    for _ in range(worlds):
        drawn.update(place_of_each_card(sampler(after, rng), after))
    kept = Counter()
    tries = 0
    while sum(kept.values()) < sum(drawn.values()) and tries < 200 * worlds:
        tries += 1
        world = sampler(before, rng)
        if move not in world.legal_moves():
            continue
        world = world.play(move)
        if same_sight(world, after):
            kept.update(place_of_each_card(world, after))
    return drawn, kept


def agree(drawn: Counter, kept: Counter) -> float:
    """The p-value of a chi-square test that ``drawn`` and ``kept`` count alike (a test of
    homogeneity; the tail by the Wilson-Hilferty approximation, as tests/test_samplers.py)."""
    cells = sorted(set(drawn) | set(kept))
    rows = (sum(drawn.values()), sum(kept.values()))
    statistic = 0.0
    for cell in cells:
        column = drawn[cell] + kept[cell]
        for counts, total in zip((drawn, kept), rows, strict=True):
            expected = total * column / sum(rows)
            statistic += (counts[cell] - expected) ** 2 / expected
    freedom = max(1, len(cells) - 1)
    cube = (statistic / freedom) ** (1 / 3)
    z = (cube - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * math.erfc(z / math.sqrt(2))


def bayes_step(game: cardlab.Game, seed: int, sampler: Sampler) -> tuple[View, Move, View]:
    """A step of a seeded hand to check ``sampler`` on, as late as may be among its first
    moves: a seat's view before a move and after it, where the seat does not see every card
    and enough worlds drawn before the move are seen as after it (the rejection sampler of
    :func:`bayes_counts` must keep enough of them)."""
    states = random_hand(game, seed)[:10]
    rng = random.Random(seed)
    for before, after in reversed(list(zip(states, states[1:], strict=False))):
        for seat in range(game.players):
            seen_before, seen_after = before.view(seat), after.view(seat)
            if not seen_after.unseen_cards():
                continue
            move = after.moves[-1]
            kept = 0
            for _ in range(40):
                world = sampler(seen_before, rng)
                if move in world.legal_moves() and same_sight(world.play(move), seen_after):
                    kept += 1
            if kept >= 4:
                return seen_before, move, seen_after
    return states[0].view(0), states[1].moves[-1], states[1].view(0)


def determinize(view: View, rng: random.Random) -> State:
    """The game's own sampler."""
    return view.determinize(rng)


@EVERY_GAME
def test_a_sampler_draws_the_worlds_the_rule_of_bayes_draws(name, options):
    game = cardlab.game(name, **options)
    for seed in range(2):
        step = bayes_step(game, seed, determinize)
        drawn, kept = bayes_counts(*step, 300, random.Random(seed), determinize)
        assert sum(kept.values()) == sum(drawn.values()), "too few worlds were kept"
        assert agree(drawn, kept) > 1e-4, (seed, drawn, kept)


def skipping_step(game: cardlab.Game) -> tuple[View, Move, View]:
    """A step of a seeded hand of Mod Ten in which a seat is skipped (so it is seen to lack the
    led suit), as the view of a seat that neither moved nor was skipped, where enough worlds
    drawn before the step are seen as after it (see :func:`bayes_step`)."""
    rng = random.Random(0)
    for seed in range(100):
        states = random_hand(game, seed)
        for before, after in zip(states, states[1:], strict=False):
            skipped = [event.seat for event in after.last_events if event.kind == "skip"]
            if not skipped or after.is_over:
                continue
            seat = next(
                s for s in range(game.players) if s not in (*skipped, before.current_player)
            )
            seen_before, move, seen_after = before.view(seat), after.moves[-1], after.view(seat)
            worlds = [seen_before.determinize(rng) for _ in range(40)]
            kept = sum(
                same_sight(world.play(move), seen_after)
                for world in worlds
                if move in world.legal_moves()
            )
            if kept >= 8:
                return seen_before, move, seen_after
    raise AssertionError("no step with a skip keeps enough worlds in 100 hands")


def test_the_check_of_a_sampler_would_catch_one_that_forgets_what_a_skip_shows():
    def forgetful(view: View, rng: random.Random) -> State:
        """Worlds dealt as if no seat had been skipped."""
        return dataclasses.replace(view, voids=(frozenset(),) * view.game.players).determinize(rng)

    step = skipping_step(cardlab.game("mod-ten", players=3))
    drawn, kept = bayes_counts(*step, 300, random.Random(1), determinize)
    assert sum(kept.values()) == sum(drawn.values()) and agree(drawn, kept) > 1e-4
    drawn, kept = bayes_counts(*step, 300, random.Random(1), forgetful)
    assert sum(kept.values()) == sum(drawn.values()) and agree(drawn, kept) < 1e-4
