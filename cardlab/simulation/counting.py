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
from cardlab.engine.numbers import whole_number
from cardlab.engine.words import shortened

__all__ = [
    "CountingError",
    "Fraction",
    "by_card",
    "chance",
    "deck_of",
    "groups",
    "hands",
    "splits",
]


class CountingError(ValueError):
    """An argument of the counting functions that cannot be used (a hand larger than the
    deck, a ``by`` that is not a key, more splits than can be listed); the message says why."""


MAX_CARDS = 1000
"""The most cards the counting functions take (a deck here has at most 104)."""

MAX_SPLITS = 1_000_000
"""The most splits :func:`splits` (and so :func:`chance`) lists: more kinds (a key that tells
every card apart, say) make too many to add up one by one in a lesson's time."""

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
    if not isinstance(game, Game):
        raise CountingError(f"deck_of takes a game (cardlab.game(...)), not {shortened(game)}")
    cards = getattr(game, "cards", None)
    return list(cards) if cards is not None else full_deck()


def hands(cards: Sequence[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Every hand of ``size`` cards from ``cards``, each once (a hand is a combination: its
    order does not matter). There are ``math.comb(len(cards), size)`` of them: list them only
    when that is small."""
    return itertools.combinations(cards, _check_size(cards, size))


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
    given: object = cards
    if not isinstance(given, Iterable) or isinstance(given, str):
        raise CountingError(f"cards are a list of cards, not {shortened(cards)}")
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
    size = _check_size(cards, size)
    sizes = groups(cards, by)
    names = list(sizes)
    count = _count_splits(list(sizes.values()), size)
    if count > MAX_SPLITS:
        raise CountingError(
            f"a hand of {size} from these cards splits into its {len(names)} kinds in more than "
            f"{MAX_SPLITS:,} ways: sort the cards into fewer kinds (by='suit', by='rank', "
            "by_card('AS', ...))"
        )
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
    if not callable(event):
        raise CountingError(
            f"event is a function of a split (a dict of counts by kind), not {shortened(event)}"
        )
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


def _count_splits(available: list[int], size: int) -> int:
    """How many tuples :func:`_ways_to_take` gives (counted with a cap: past
    :data:`MAX_SPLITS` the count stops growing), kind by kind with running sums."""
    ways = [1] + [0] * size  # ways[s]: tuples of the kinds so far adding to s
    for most in available:
        running, new = 0, []
        for total in range(size + 1):
            running += ways[total]
            if total > most:
                running -= ways[total - most - 1]
            new.append(min(running, MAX_SPLITS + 1))
        ways = new
    return ways[size]


def _key_function(by: Key) -> Callable[[Card], str]:
    if callable(by):
        return by
    if by == "suit":
        return _suit
    if by == "rank":
        return _rank
    raise CountingError(
        f"by is 'suit', 'rank' or a function of a card (such as by_card('AS')), not {shortened(by)}"
    )


def _suit(card: Card) -> str:
    return card.suit


def _rank(card: Card) -> str:
    return card.rank


def _check_size(cards: object, size: object) -> int:
    """Refuse what is not a list of at most :data:`MAX_CARDS` cards, or a ``size`` that is not
    a whole number from 0 to their number."""
    if not isinstance(cards, Sequence) or isinstance(cards, str) or len(cards) > MAX_CARDS:
        raise CountingError(
            f"cards are a list of at most {MAX_CARDS:,} cards (deck_of(game)), "
            f"not {shortened(cards)}"
        )
    if not all(isinstance(card, Card) for card in cards):
        raise CountingError("cards are Card objects: deck_of(game), or parse_cards('AS KS ...')")
    number = whole_number(size)
    if number is None or not 0 <= number <= len(cards):
        raise CountingError(
            f"a hand from these {len(cards)} cards holds 0 to {len(cards)} cards, "
            f"not {shortened(size)}"
        )
    return number
