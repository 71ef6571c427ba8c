"""Position fields declared once (cardlab.engine.fields): what a game derives from its
declaration."""

from __future__ import annotations

import dataclasses
import inspect
import random
from dataclasses import dataclass, field

import pytest

import cardlab
from cardlab.engine.cards import Hand
from cardlab.engine.core import State, View
from cardlab.engine.fields import (
    Read,
    copy_source,
    derive_copy,
    from_view,
    key_of,
    spec,
    specs,
    view_of,
)
from cardlab.engine.positions import Position

GAMES = [
    ("mod-ten", {"players": 2}),
    ("mod-ten", {"players": 4}),
    ("two-ten-jack", {}),
    ("chinese-ten", {"players": 3}),
]


def random_states(name: str, options: dict[str, object], hands: int = 3) -> list[State]:
    """Every state of a few hands played at random."""
    game = cardlab.game(name, **options)
    rng = random.Random(7)
    states = []
    for seed in range(hands):
        state = game.deal(seed=seed)
        while not state.is_over:
            states.append(state)
            state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_derived_copy_has_every_field_and_shares_no_list(name, options):
    for state in random_states(name, options):
        position = state._position
        copied = position.copy()
        assert type(copied) is type(position)
        for field_name, field_spec in specs(type(position)).items():
            value, other = getattr(position, field_name), getattr(copied, field_name)
            assert other == value, field_name
            if field_spec.copy == "share":
                assert other is value, field_name
            else:
                assert other is not value, field_name  # a move on the copy leaves it alone


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_playing_on_a_copy_leaves_the_state_as_it_was(name, options):
    rng = random.Random(3)
    for state in random_states(name, options, hands=2):
        if state.is_over:
            continue
        before = {key: getattr(state._position, key) for key in specs(type(state._position))}
        before = {
            key: list(value) if isinstance(value, list) else value for key, value in before.items()
        }
        copied = state.position  # a copy
        copied.play(rng.choice(state.legal_moves()))
        after = {key: getattr(state._position, key) for key in before}
        assert after == before


def test_copy_source_is_one_line_per_field():
    from cardlab.games.mod_ten import ModTenPosition

    source = copy_source(ModTenPosition)
    for field_name in specs(ModTenPosition):
        assert f"other.{field_name} = self.{field_name}" in source
    assert "other.hands = self.hands.copy()" in source
    assert "other.discard = self.discard\n" in source
    assert inspect.getsource(ModTenPosition.copy) == source  # a student can read it


def test_states_are_equal_when_their_key_fields_are():
    start = cardlab.game("mod-ten", players=3).deal(seed=2)
    state = start.play(start.legal_moves()[0])
    position = state.position
    position.skips += 1  # not in the key: it follows from the moves
    position.voids[2] |= 1
    same = type(state)(state.game, position)
    assert same == state and hash(same) == hash(state)
    position = state.position
    position.table.append(position.table[0])  # in the key
    assert type(state)(state.game, position) != state


def test_the_key_holds_the_key_fields_lists_as_tuples():
    state = cardlab.game("mod-ten", players=2).deal(seed=1)
    position = state._position
    assert key_of(position) == (
        position.dealer,
        position.to_move,
        position.winner,
        tuple(position.hands),
        tuple(position.twice),
        (),
        (),
    )


def test_a_read_accessor_shows_its_field_and_cannot_be_set():
    state = cardlab.game("mod-ten").deal(seed=1).play_all("3C")
    assert state.table == tuple(state._position.table) and isinstance(state.table, tuple)
    assert state.table_sum == 3
    with pytest.raises(AttributeError, match="property 'table_sum' of 'ModTenState' object"):
        state.table_sum = 4  # type: ignore[misc]  # the same error as any property's
    assert isinstance(type(state).__dict__["table"], Read)
    state = cardlab.game("two-ten-jack").deal(seed=1)
    assert state.led_suit is None and state.play(state.legal_moves()[0]).led_suit == "C"


# --------------------------------------------------------------------------- a small position


@dataclass(slots=True, eq=False, kw_only=True)
class Pile(Position):
    """A position with a list, a converted public field and a hidden one, for the tests."""

    cards: list[str] = field(
        default_factory=list, metadata=spec(copy="list", seen="public", shown=tuple)
    )
    order: list[list[int]] = field(
        default_factory=lambda: [[1], [2]], metadata=spec(copy="lists", key=False)
    )
    secret: int = field(metadata=spec(seen="hidden"))
    rank: int = field(default=0, metadata=spec(seen="public", shown=str))


derive_copy(Pile)


class PileState(State):
    """A state of a Pile."""

    __slots__ = ()
    cards: Read[tuple[str, ...]] = Read()
    rank: Read[str] = Read()

    def hand(self, seat: int) -> Hand:
        return Hand(())


@dataclass(frozen=True, slots=True)
class PileView(View):
    """A view of a Pile: its cards and its rank."""

    cards: tuple[str, ...]
    rank: str


def test_a_copy_copies_lists_of_lists_too():
    pile = Pile(players=1, dealer=0, to_move=0, secret=5)
    copied = pile.copy()
    copied.order[1].append(9)
    assert pile.order == [[1], [2]] and copied.secret == 5


def test_a_view_reads_its_fields_from_the_state_and_from_view_takes_them_back():
    game = cardlab.game("mod-ten")
    pile = Pile(players=2, dealer=1, to_move=0, secret=5, cards=["9S", "2H"], rank=3)
    state = PileState(game, pile)
    view = view_of(PileView, state, 1, rank="three")  # not to move: no legal moves asked
    assert view.cards == ("9S", "2H") and view.rank == "three"
    with pytest.raises(TypeError, match="Pile.rank is shown converted: give it to from_view"):
        from_view(Pile, view, secret=1)
    world = from_view(Pile, view, secret=1, rank=3)
    assert world.cards == ["9S", "2H"] and (world.dealer, world.to_move) == (1, 0)
    assert (world.players, world.secret, world.rank) == (2, 1, 3)
    assert key_of(world) == key_of(pile)[:3] + (("9S", "2H"), 1, 3)


def test_view_of_is_the_views_fields_in_order():
    state = cardlab.game("two-ten-jack").deal(seed=4)
    view = state.view(0)
    names = [f.name for f in dataclasses.fields(view)]
    assert names[: len(dataclasses.fields(View))] == [f.name for f in dataclasses.fields(View)]
    assert view.won == state.won and view.leader == state.leader


def test_a_list_field_shared_by_copies_is_refused():
    @dataclass(slots=True, eq=False, kw_only=True)
    class Shared(Position):
        cards: list[str] = field(default_factory=list)  # no spec: it would be shared

    with pytest.raises(TypeError, match="Shared.cards is a list: declare how a copy takes it"):
        derive_copy(Shared)
