"""What every game promises, checked the same way for all of them (as OpenSpiel's api_test and
pgx's generic test do): one suite over the game registry and a table of option sets.

The per-game test files keep only each game's own rules; everything here holds for any game
that implements the protocol of :mod:`cardlab.engine.core`, so a new game's registry entry gives its
option sets (``OPTION_SETS`` of the recorded playthroughs is checked against them) and the game
gets the whole suite.
"""

from __future__ import annotations

import dataclasses
import gc
import json
import pickle
import random
from collections.abc import Iterator

import pytest
from fast_paths import (  # the fast paths' checks, part of what every game promises
    test_a_greedy_playout_makes_the_moves_of_greedy_on_each_seats_view,
    test_a_random_playout_is_the_public_loop_move_by_move_and_draw_by_draw,
    test_a_sampler_draws_the_worlds_the_rule_of_bayes_draws,
    test_a_search_has_the_children_the_engine_plays,
    test_the_check_of_a_sampler_would_catch_one_that_forgets_what_a_skip_shows,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from playthrough import OPTION_SETS  # the games and option sets the recorded hands use
from positions import random_hand, some_states

import cardlab
from cardlab import GAMES, IllegalMoveError, Move, State
from cardlab.bots.agents import GreedyAgent, RandomAgent
from cardlab.display.render import state_html, view_html
from cardlab.engine import notation
from cardlab.engine.cards import full_deck
from cardlab.engine.core import Game, View
from cardlab.engine.positions import Position
from cardlab.games import REGISTRY

IDS = [f"{name}-{json.dumps(options, sort_keys=True)}" for name, options in OPTION_SETS]
FAST_PATHS = (
    test_a_search_has_the_children_the_engine_plays,
    test_a_random_playout_is_the_public_loop_move_by_move_and_draw_by_draw,
    test_a_greedy_playout_makes_the_moves_of_greedy_on_each_seats_view,
    test_a_sampler_draws_the_worlds_the_rule_of_bayes_draws,
    test_the_check_of_a_sampler_would_catch_one_that_forgets_what_a_skip_shows,
)
"""The checks of the fast paths (tests/fast_paths.py), run here: they are part of what every game
promises, so a game that runs this suite (tests/test_toy_game.py) gets them too."""
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def test_the_option_sets_here_are_the_registrys():
    registered = [
        (name, options) for name, entry in REGISTRY.items() for options in entry.option_sets
    ]
    assert OPTION_SETS == registered
    assert {name for name, _ in OPTION_SETS} == set(GAMES)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_registry_entry_names_its_game_and_its_heuristic(name):
    entry = REGISTRY[name]
    assert entry.name == name == entry.game_class().name
    assert callable(entry.heuristic())
    for options in entry.option_sets:
        cardlab.game(name, **options)  # every option set is allowed


def games() -> Iterator[Game]:
    for name, options in OPTION_SETS:
        yield cardlab.game(name, **options)


def candidate_moves(game: Game, state: State) -> list[Move]:
    """Moves to try at ``state``: every card alone, every legal move, and each card with each
    choice a move of any game can carry (a target, a declaration)."""
    moves = [Move(card) for card in full_deck()]
    moves += list(state.legal_moves())
    for text in ("3H>7C", "KD>KC", "5S>5H", "AS=S", "AS=H", "8H=S", "QD>QC+QH"):
        moves.append(notation.read(text))
    return moves


# --------------------------------------------------------------------------- legality


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
@settings(max_examples=8)
@given(seed=SEEDS)
def test_a_move_is_legal_exactly_when_nothing_is_said_against_it(name, options, seed):
    game = cardlab.game(name, **options)
    for state in some_states(game, seed):
        legal = state.legal_moves()
        assert len(set(legal)) == len(legal), "a legal move is listed twice"
        for move in candidate_moves(game, state):
            reason = state.why_not(move)
            assert (reason is None) == (move in legal), (str(move), reason)
            if reason is not None:
                assert isinstance(reason, str) and reason.strip()


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
@settings(max_examples=6)
@given(seed=SEEDS)
def test_a_refused_move_changes_nothing_and_says_why(name, options, seed):
    game = cardlab.game(name, **options)
    for state in some_states(game, seed, count=6):
        before = (state.legal_moves(), state.moves, state.scores, state.current_player)
        twin = cardlab.replay(state.record())
        for move in candidate_moves(game, state):
            if move in state.legal_moves():
                continue
            with pytest.raises(IllegalMoveError) as refused:
                state.play(move)
            assert refused.value.reason == state.why_not(move)
        assert (state.legal_moves(), state.moves, state.scores, state.current_player) == before
        assert state == twin


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
@settings(max_examples=6)
@given(seed=SEEDS)
def test_states_are_values_that_playing_never_changes(name, options, seed):
    game = cardlab.game(name, **options)
    states = random_hand(game, seed)
    snapshots = [(s._key(), s.legal_moves(), s.scores) for s in states]
    for state in states[:-1]:  # play other moves from every state: nothing earlier changes
        for move in state.legal_moves():
            state.play(move)
    assert [(s._key(), s.legal_moves(), s.scores) for s in states] == snapshots
    final = states[-1]
    assert final.is_over and final.legal_moves() == () and final.current_player is None
    assert final.move_number == len(states) - 1 == len(final.moves)
    assert [s for s in final.steps()] == [
        (before, move, after)
        for before, move, after in zip(states[:-1], final.moves, states[1:], strict=True)
    ]


# --------------------------------------------------------------------------- records


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
@settings(max_examples=6)
@given(seed=SEEDS)
def test_a_record_through_json_replays_to_an_equal_state(name, options, seed):
    game = cardlab.game(name, **options)
    for state in some_states(game, seed, count=4):
        record = json.loads(json.dumps(state.record()))
        again = cardlab.replay(record)
        assert again == state and again.moves == state.moves
        assert [str(e) for e in again.events] == [str(e) for e in state.events]


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
def test_a_match_record_replays_to_an_equal_match(name, options):
    game = cardlab.game(name, **options)
    match = game.match(seed=3)
    rng = random.Random(3)
    for _ in range(300):
        if match.is_over:
            break
        match = match.play(rng.choice(match.state.legal_moves()))
    again = cardlab.replay(json.loads(json.dumps(match.record())))
    assert again.totals == match.totals and again.state == match.state
    assert again.winner == match.winner and len(again.hands) == len(match.hands)


# --------------------------------------------------------------------------- views


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` through references (classes and modules aside)."""
    seen = {id(root)}
    stack = [root]
    while stack:
        item = stack.pop()
        yield item
        for other in gc.get_referents(item):
            if isinstance(other, type) or type(other).__name__ == "module":
                continue
            if id(other) not in seen:
                seen.add(id(other))
                stack.append(other)


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
@settings(max_examples=5)
@given(seed=SEEDS)
def test_a_view_cannot_reach_the_state_or_its_position(name, options, seed):
    game = cardlab.game(name, **options)
    for state in some_states(game, seed, count=5):
        for seat in range(game.players):
            view = state.view(seat)
            assert dataclasses.is_dataclass(view) and isinstance(view, View)
            for item in reachable(view):
                assert not isinstance(item, State | Position), (seat, type(item).__name__)


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
@settings(max_examples=3)
@given(seed=SEEDS)
def test_a_view_is_a_value_whichever_fields_were_read(name, options, seed):
    game = cardlab.game(name, **options)
    for state in some_states(game, seed, count=4):
        for seat in range(game.players):
            read, unread = state.view(seat), state.view(seat)
            fields = [field.name for field in dataclasses.fields(read)]
            values = {name: getattr(read, name) for name in fields}  # each made, then kept
            assert all(getattr(read, name) is values[name] for name in fields)
            assert read.unseen_cards() == read.unseen_cards()
            assert read.unseen_cards() is not read.unseen_cards()  # a new list each call
            whole = pickle.loads(pickle.dumps(unread))  # its fields made, nothing else kept
            assert read == unread == whole and hash(read) == hash(whole)
            assert whole.unseen_cards() == read.unseen_cards()
            assert dataclasses.replace(whole) == read


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
@settings(max_examples=6)
@given(seed=SEEDS, world_seed=SEEDS)
def test_a_determinized_world_agrees_with_its_view(name, options, seed, world_seed):
    game = cardlab.game(name, **options)
    for state in some_states(game, seed, count=6):
        for seat in range(game.players):
            view = state.view(seat)
            world = view.determinize(random.Random(world_seed))
            seen = world.view(seat)
            for field in dataclasses.fields(view):
                if field.name not in view.history_fields:  # a world has no history
                    assert getattr(seen, field.name) == getattr(view, field.name), field.name
            if state.current_player == seat:  # its own moves, whatever the others hold
                assert world.legal_moves() == state.legal_moves()
            assert world.current_player == state.current_player
            assert sorted(map(str, world.hand(seat))) == sorted(map(str, state.hand(seat)))
            assert view.determinize(random.Random(world_seed)) == world  # seeded: the same


# --------------------------------------------------------------------------- agents and playouts


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
@settings(max_examples=5)
@given(seed=SEEDS)
def test_greedy_and_random_agents_play_legal_moves(name, options, seed):
    game = cardlab.game(name, **options)
    for agent in (GreedyAgent(seed), RandomAgent(seed)):
        final = game.deal(seed=seed).play_out(agent, seed=seed)
        assert final.is_over
        for before, move, _after in final.steps():
            assert move in before.legal_moves()


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
@settings(max_examples=2)
@given(seed=SEEDS)
def test_the_ismcts_agent_plays_legal_moves_and_repeats_from_its_seed(name, options, seed):
    # A small tree (20 iterations a decision) in every seat: cheap, and every seat's view.
    game = cardlab.game(name, **options)
    final = game.deal(seed=seed).play_out("ismcts:20", seed=seed)
    assert final.is_over
    for before, move, _after in final.steps():
        assert move in before.legal_moves()
    assert game.deal(seed=seed).play_out("ismcts:20", seed=seed).moves == final.moves


# --------------------------------------------------------------------------- pictures and words


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
def test_layouts_render_for_every_state_and_view(name, options):
    game = cardlab.game(name, **options)
    for state in some_states(game, 11, count=8):
        assert "cardlab-layout" in state_html(state)
        assert state._repr_html_() == state_html(state)
        assert all(row.label for row in state.layout())
        for seat in range(game.players):
            view = state.view(seat)
            assert "cardlab-view" in view_html(view)
            assert all(row.label for row in view.layout())


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
def test_every_move_is_told_in_words_the_same_way_each_time(name, options):
    game = cardlab.game(name, **options)
    states = random_hand(game, 5)
    assert states[0].last_events and states[0].last_events[0].kind == "deal"
    for state in states[1:]:
        events = state.last_events
        assert events and all(event.text.strip() for event in events)
        assert state.last_events is events  # made once, then remembered
        assert state._narrate(state._parent._position, state._move) == events
    told = [event for state in states for event in state.last_events]
    assert list(states[-1].events) == told


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
def test_option_specs_describe_the_game(name, options):
    game = cardlab.game(name, **options)
    specs = {spec.name: spec for spec in game.option_specs()}
    assert set(specs) == set(game.options)
    for key, value in game.options.items():
        spec = specs[key]
        assert isinstance(value, spec.kind)
        assert not spec.choices or value in spec.choices
        assert spec.minimum is None or value >= spec.minimum
        assert spec.maximum is None or value <= spec.maximum


# --------------------------------------------------------------------------- the batch engine


def test_the_games_with_a_batch_form():
    # Their rules written over numpy arrays (cardlab.batch), for bulk random and greedy play.
    with_one = {name for name, entry in REGISTRY.items() if entry.batch is not None}
    assert with_one == {"mod-ten", "chinese-ten", "two-ten-jack"}


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
def test_the_batch_engine_plays_it_by_its_rules_or_says_it_cannot(name, options):
    pytest.importorskip("numpy")
    pytest.importorskip("pandas")
    from cardlab.batch import compare
    from cardlab.simulation.runs import SimulationError

    game = cardlab.game(name, **options)
    if REGISTRY[name].batch is None:
        with pytest.raises(SimulationError, match=f"'{name}' has no batch form.*engine='rules'"):
            cardlab.simulate(game, games=2, engine="batch", progress=False)
        return
    assert compare(game, hands=60, seed=7, driver="batch") is None
    table = cardlab.simulate(game, "greedy,random", games=60, engine="batch", progress=False)
    assert table.attrs["engine"] == "batch" and len(table) == 60
