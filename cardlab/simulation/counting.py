"""Exact counting for card probabilities: a game's deck, hands as combinations, chances as
fractions.

A hand of ``size`` cards dealt from a shuffled deck is equally likely to be any of the
``comb(len(deck), size)`` combinations of the deck. So the chance of an event is the number of
hands where it happens divided by the number of hands. Counting hands one by one is often too
slow (a 10-card hand from 30 cards: 30,045,015 hands), but most events only care about how many
cards of each *kind* a hand holds: each suit, each rank, or "the ace of spades or not".
:func:`splits` lists every such split with the number of hands that have it, and
:func:`chance` adds up the hands where an event happens.

The chance that a 2-player Mod Ten hand (16 of the 32 cards) holds no heart:

>>> import cardlab
>>> deck = deck_of(cardlab.game("mod-ten", players=2))
>>> chance(deck, 16, lambda suits: suits["H"] == 0, by="suit")
Fraction(11, 8990)

Where the hands are few, they can be listed one by one (:func:`hands`): the chance that 2
cards of the 8 hearts add up to 10:

>>> hearts = [card for card in deck if card.suit == "H"]
>>> pairs = list(hands(hearts, 2))
>>> Fraction(sum(a.number + b.number == 10 for a, b in pairs), len(pairs))
Fraction(1, 7)
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction

from cardlab.engine.cards import Card, full_deck
from cardlab.engine.core import Game

__all__ = ["Fraction", "by_card", "chance", "deck_of", "groups", "hands", "splits"]

Key = str | Callable[[Card], str]
"""What sorts the cards into kinds: "suit", "rank", or a function of a card that returns a
label (see :func:`by_card`)."""


def deck_of(game: Game) -> list[Card]:
    """The cards ``game`` deals, in the game's order: its own deck where it has one (Mod Ten's
    stripped decks, two copies of a card in a double deck), otherwise the 52 cards.

    >>> import cardlab
    >>> len(deck_of(cardlab.game("mod-ten", players=3))), len(deck_of(cardlab.game("chinese-ten")))
    (30, 52)
    """
    cards = getattr(game, "cards", None)
    return list(cards) if cards is not None else full_deck()


def hands(cards: Sequence[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Every hand of ``size`` cards from ``cards``, each once (a hand is a combination: its
    order does not matter). There are ``math.comb(len(cards), size)`` of them: list them only
    when that is small."""
    _check_size(cards, size)
    return itertools.combinations(cards, size)


def by_card(*named: str) -> Callable[[Card], str]:
    """A key that tells the ``named`` cards apart and calls every other card "other", for
    events about single cards: ``by_card("AS")`` sorts a deck into "AS" and "other".

    >>> key = by_card("AS")
    >>> key(Card.parse("AS")), key(Card.parse("9H"))
    ('AS', 'other')
    """
    wanted = {Card.parse(text).text for text in named}

    def kind(card: Card) -> str:
        return card.text if card.text in wanted else "other"

    return kind


def groups(cards: Iterable[Card], by: Key = "suit") -> dict[str, int]:
    """How many cards of each kind ``cards`` holds, kinds in order of first appearance.

    >>> groups(full_deck(), by="suit")
    {'C': 13, 'D': 13, 'H': 13, 'S': 13}
    """
    kind = _key_function(by)
    return dict(Counter(kind(card) for card in cards))


def splits(
    cards: Sequence[Card], size: int, by: Key = "suit"
) -> Iterator[tuple[dict[str, int], int]]:
    """Every way a hand of ``size`` cards from ``cards`` can split into kinds, with the number
    of hands that split that way: ``({"C": 4, "D": 4, "H": 0, "S": 8}, hands)``.

    Taking ``k`` of the ``n`` cards of a kind can be done in ``comb(n, k)`` ways, and the
    kinds are chosen independently, so a split is held by the product of those numbers of
    hands. The counts of all splits add up to ``comb(len(cards), size)``.

    >>> deck = full_deck()
    >>> sum(count for split, count in splits(deck, 4, by="rank")) == math.comb(52, 4)
    True
    """
    _check_size(cards, size)
    sizes = groups(cards, by)
    names = list(sizes)
    for taken in _ways_to_take(list(sizes.values()), size):
        count = 1
        for available, chosen in zip(sizes.values(), taken, strict=True):
            count *= math.comb(available, chosen)
        yield dict(zip(names, taken, strict=True)), count


def chance(
    cards: Sequence[Card],
    size: int,
    event: Callable[[Mapping[str, int]], bool],
    by: Key = "suit",
) -> Fraction:
    """The exact chance that a hand of ``size`` cards dealt from ``cards`` makes ``event``
    true. ``event`` is given the hand's split into kinds (see :func:`splits`), a dict such as
    ``{"C": 4, "D": 4, "H": 0, "S": 8}``, and every kind is in it, with 0 when absent.

    The chance that the 4 cards of a Chinese Ten layout hold three of a kind among 5, T, J,
    Q, K (the layout triple rule):

    >>> chance(full_deck(), 4, lambda ranks: any(ranks[r] == 3 for r in "5TJQK"), by="rank")
    Fraction(192, 54145)
    """
    favourable = 0
    for split, count in splits(cards, size, by):
        if event(split):
            favourable += count
    return Fraction(favourable, math.comb(len(cards), size))


def _ways_to_take(available: list[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of counts, one per kind, at most ``available[i]`` each, adding to ``size``."""
    if not available:
        if size == 0:
            yield ()
        return
    first, rest = available[0], available[1:]
    room = sum(rest)
    for taken in range(max(0, size - room), min(first, size) + 1):
        for others in _ways_to_take(rest, size - taken):
            yield (taken, *others)


def _key_function(by: Key) -> Callable[[Card], str]:
    if callable(by):
        return by
    if by == "suit":
        return _suit
    if by == "rank":
        return _rank
    raise ValueError(
        f"by is 'suit', 'rank' or a function of a card (such as by_card('AS')), not {by!r}"
    )


def _suit(card: Card) -> str:
    return card.suit


def _rank(card: Card) -> str:
    return card.rank


def _check_size(cards: Sequence[Card], size: int) -> None:
    if not isinstance(size, int) or isinstance(size, bool) or not 0 <= size <= len(cards):
        raise ValueError(
            f"a hand from these {len(cards)} cards holds 0 to {len(cards)} cards, not {size!r}"
        )
