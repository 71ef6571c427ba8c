"""cardlab.simulation.counting: exact chances agree with listing every hand, and with the deals."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardlab
from cardlab.engine.cards import full_deck, sort_key
from cardlab.simulation.counting import by_card, chance, deck_of, groups, hands, splits

SMALL_DECKS = st.lists(st.sampled_from(full_deck()), min_size=1, max_size=9, unique=True)


@given(SMALL_DECKS, st.data())
def test_splits_count_every_hand_once(cards, data):
    size = data.draw(st.integers(0, len(cards)))
    listed = Counter(
        tuple(sorted(Counter(c.suit for c in hand).items())) for hand in hands(cards, size)
    )
    counted = Counter()
    for split, count in splits(cards, size, by="suit"):
        counted[tuple(sorted((suit, n) for suit, n in split.items() if n))] += count
    assert counted == listed
    assert sum(count for _split, count in splits(cards, size)) == math.comb(len(cards), size)


@given(SMALL_DECKS, st.data())
def test_chance_is_the_share_of_listed_hands(cards, data):
    size = data.draw(st.integers(0, len(cards)))
    wanted = data.draw(st.integers(0, size))

    def event(ranks):
        return max(ranks.values(), default=0) >= wanted

    listed = list(hands(cards, size))
    share = Fraction(
        sum(max(Counter(c.rank for c in hand).values(), default=0) >= wanted for hand in listed),
        len(listed),
    )
    assert chance(cards, size, event, by="rank") == share


def test_every_kind_is_in_the_split_even_when_absent():
    seen = [split for split, _count in splits(full_deck(), 2, by="suit")]
    assert all(set(split) == set("CDHS") for split in seen)
    assert {"C": 2, "D": 0, "H": 0, "S": 0} in seen


def test_the_layout_triple_and_four_of_a_kind():
    four = chance(full_deck(), 4, lambda r: any(r[k] == 4 for k in "5TJQK"), by="rank")
    assert four == Fraction(5, math.comb(52, 4))


def test_who_holds_the_ace_of_spades():
    deck = deck_of(cardlab.game("chinese-ten"))
    assert chance(deck, 8, lambda c: c["AS"] == 1, by=by_card("AS")) == Fraction(8, 52)


def test_decks_of_the_games():
    assert len(deck_of(cardlab.game("mod-ten", players=4))) == 72
    assert groups(deck_of(cardlab.game("mod-ten", players=3)), by="suit") == {
        "C": 8,
        "D": 8,
        "H": 8,
        "S": 6,
    }
    assert sorted(deck_of(cardlab.game("two-ten-jack")), key=sort_key) == full_deck()


def test_a_double_deck_counts_both_copies():
    deck = deck_of(cardlab.game("mod-ten", players=4))
    assert groups(deck, by=by_card("7H")) == {"other": 70, "7H": 2}
    assert chance(deck, 18, lambda c: c["7H"] == 2, by=by_card("7H")) == Fraction(
        math.comb(70, 16), math.comb(72, 18)
    )


def test_bad_sizes_and_keys_are_refused_with_the_reason():
    with pytest.raises(ValueError, match="holds 0 to 4 cards, not 5"):
        list(splits(full_deck()[:4], 5))
    with pytest.raises(ValueError, match="holds 0 to 52 cards, not -1"):
        list(hands(full_deck(), -1))
    with pytest.raises(ValueError, match="by is 'suit', 'rank' or a function"):
        groups(full_deck(), by="colour")
