"""Card sets (cardlab.engine.cardsets) and the tables derived from Mod Ten's rules for speed: each
one equals a recomputation from the plain rule, on random cards and random positions (issue 17).

The solver searches Mod Ten on tuples of card sets (``ModTenSearch``), not on positions; the
tests here tie every step of that search to the engine's own ``play``: the node after a move is
the key of the position after it, with the same seat to move, the same end and the same gain.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab.engine.cards import Card, full_deck, sort_cards
from cardlab.engine.cardsets import (
    CARDS,
    MOVES,
    SUIT_MASKS,
    CardSet,
    bits_in,
    card_set,
    cards_in,
    cards_of_suit,
    has_suit,
    moves_in,
    moves_of_suit,
    size,
)
from cardlab.engine.moves import PLAIN_MOVES
from cardlab.games import mod_ten
from cardlab.games.mod_ten import CARD_FACTS, ModTenPosition, value

DECK = full_deck()
EXAMPLES = settings(max_examples=150, deadline=None)


def card_lists() -> st.SearchStrategy[list[Card]]:
    """Any cards of the standard deck, each at most once, in any order."""
    return st.lists(st.sampled_from(DECK), unique=True, max_size=52)


@given(card_lists())
@EXAMPLES
def test_a_card_set_holds_exactly_its_cards_in_display_order(cards: list[Card]) -> None:
    bits = card_set(cards)
    assert cards_in(bits) == sort_cards(cards)
    assert size(bits) == len(cards) == len(CardSet(bits))
    assert [CARDS[index] for index in bits_in(bits)] == sort_cards(cards)
    assert all(card in CardSet(bits) for card in cards)


@given(card_lists(), st.integers(0, 3))
@EXAMPLES
def test_the_cards_of_a_suit_are_the_cards_whose_suit_it_is(cards: list[Card], suit: int) -> None:
    bits = card_set(cards)
    wanted = [card for card in sort_cards(cards) if card.suit_index == suit]
    assert cards_in(cards_of_suit(bits, suit)) == wanted
    assert has_suit(bits, suit) == bool(wanted)
    assert list(CardSet(bits).suit("CDHS"[suit])) == wanted


@given(card_lists())
@EXAMPLES
def test_the_moves_of_a_set_are_its_cards_played_alone(cards: list[Card]) -> None:
    bits = card_set(cards)
    assert moves_in(bits) == tuple(PLAIN_MOVES[card] for card in sort_cards(cards))
    assert moves_in(bits) == moves_in(bits)  # the remembered moves of each suit: the same again
    for suit in range(4):
        wanted = tuple(PLAIN_MOVES[card] for card in sort_cards(cards) if card.suit_index == suit)
        assert moves_of_suit(bits, suit) == wanted


def test_the_tables_of_the_deck_follow_its_cards() -> None:
    assert [card.order for card in CARDS] == list(range(52))
    assert all(MOVES[card.order].card is card for card in CARDS)
    assert all(SUIT_MASKS[card.suit_index] >> card.order & 1 for card in CARDS)
    assert sum(SUIT_MASKS) == (1 << 52) - 1


def test_a_card_set_is_read_only_and_compares_by_its_cards() -> None:
    hand = CardSet.of(cardlab.parse_cards("9S 2C"))
    assert repr(hand) == "CardSet('2C 9S')"
    assert hand == CardSet(int(hand)) and hash(hand) == hash(CardSet(int(hand)))
    with pytest.raises(AttributeError):
        hand.bits = 0  # type: ignore[misc]


def test_mod_tens_card_facts_are_its_values_and_suits() -> None:
    for move in MOVES:
        card = move.card
        assert CARD_FACTS[move] == (1 << card.order, value(card), card.suit_index)


@st.composite
def positions(draw: st.DrawFn) -> ModTenPosition:
    """A Mod Ten position of 2 to 6 players, any deck, played some random moves into a deal."""
    players = draw(st.integers(2, 6))
    deck = draw(st.sampled_from(["single", "double"]))
    state = cardlab.game("mod-ten", players=players, deck=deck).deal(seed=draw(st.integers(0, 999)))
    rng = random.Random(draw(st.integers(0, 999)))
    for _ in range(draw(st.integers(0, 80))):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    position = state._position
    assert isinstance(position, ModTenPosition)
    return position


@given(positions())
@EXAMPLES
def test_a_hand_kept_as_card_sets_is_the_hand_of_cards(position: ModTenPosition) -> None:
    for seat in range(position.players):
        hand = position.hand(seat)
        assert list(hand) == sort_cards(hand)
        assert len(hand) == position.hand_size(seat)
        assert mod_ten.hand_sets(hand) == (position.hands[seat], position.twice[seat])


@given(card_lists(), st.integers(-1, 3))
@EXAMPLES
def test_mod_tens_moves_are_the_moves_of_its_playable_cards(cards: list[Card], led: int) -> None:
    hand = card_set(cards)
    assert mod_ten.moves_of(hand, led) == moves_in(mod_ten.playable(hand, led))
