"""Card sets: a set of cards as one int, a bit for each card of the 52-card deck.

The bit of a card is its display order (``card.order``: clubs A to K are bits 0 to 12, then
diamonds, hearts and spades), so a suit is a run of 13 bits and the cards of a set, read from
the lowest bit up, come in display order. Set operations are int operations: ``a | b`` (both),
``a & b`` (in common), ``a & ~b`` (``a`` without ``b``), ``a.bit_count()`` (how many). The games
keep their hands, piles, tables and stocks this way, because it is fast in pure Python (copying
a position copies a few ints) and the rules read as sentences about sets:

>>> from cardlab.engine.cards import parse_cards
>>> hand = card_set(parse_cards("2C 9C 4H KS"))
>>> cards_in(cards_of_suit(hand, CLUBS))
[Card('2C'), Card('9C')]
>>> has_suit(hand, DIAMONDS), size(hand)
(False, 4)

:class:`CardSet` wraps such an int for reading (as python-chess's ``SquareSet`` wraps a
bitboard): it iterates, tests membership and prints as cards.

>>> CardSet(hand)
CardSet('2C 9C 4H KS')

A deck with two copies of a card (Mod Ten's double deck) keeps a second set beside the first,
of the cards held twice: a card is in the second set only while it is in the first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from cardlab.engine.cards import SUITS, Card, cards_text, full_deck
from cardlab.engine.moves import PLAIN_MOVES, Move

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
"""The suit indices, in display order (``card.suit_index``)."""

CARDS: tuple[Card, ...] = tuple(full_deck())
"""The card of each bit: ``CARDS[card.order] is card``."""

MOVES: tuple[Move, ...] = tuple(PLAIN_MOVES[card] for card in CARDS)
"""The move that plays the card of each bit, alone (no target, no declaration)."""

SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
"""The set of every card of each suit, by suit index."""

EMPTY = 0
"""The empty card set."""


def bit(card: Card) -> int:
    """The one-card set of ``card``."""
    return 1 << card.order


def card_set(cards: Iterable[Card]) -> int:
    """The set of ``cards`` (a card given twice is in it once)."""
    found = 0
    for card in cards:
        found |= 1 << card.order
    return found


def bits_in(cards: int) -> Iterator[int]:
    """The bit index of each card in ``cards``, lowest (first in display order) first."""
    while cards:
        low = cards & -cards
        yield low.bit_length() - 1
        cards ^= low


def cards_in(cards: int) -> list[Card]:
    """The cards of ``cards``, in display order."""
    return [CARDS[index] for index in bits_in(cards)]


def size(cards: int) -> int:
    """How many cards ``cards`` holds."""
    return cards.bit_count()


def cards_of_suit(cards: int, suit: int) -> int:
    """The cards of ``cards`` in the suit with index ``suit``."""
    return cards & SUIT_MASKS[suit]


def has_suit(cards: int, suit: int) -> bool:
    """True when ``cards`` holds a card of the suit with index ``suit``."""
    return cards & SUIT_MASKS[suit] != 0


def suit_of(index: int) -> int:
    """The suit index of the card at bit ``index``."""
    return index // 13


class _SuitMoves(dict[int, tuple[Move, ...]]):
    """The moves that play each card of a set of one suit, in display order, by the set:
    worked out the first time a set is asked for (``__missing__``), then looked up."""

    def __missing__(self, cards: int) -> tuple[Move, ...]:
        moves = self[cards] = tuple(MOVES[index] for index in bits_in(cards))
        return moves


_SUIT_MOVES = _SuitMoves()
"""The moves of the subsets of one suit that were asked for: at most 4 x 8,192 entries."""


def moves_in(cards: int) -> tuple[Move, ...]:
    """The moves that play each card of ``cards``, alone, in display order: those of its clubs,
    then its diamonds, hearts and spades (each suit's looked up in :data:`_SUIT_MOVES`; a table
    of whole sets, tried before, cost more than it saved: a hand is rarely asked for twice).

    >>> from cardlab.engine.cards import parse_cards
    >>> moves_in(card_set(parse_cards("9S 2C")))
    (Move('2C'), Move('9S'))
    """
    return (
        _SUIT_MOVES[cards & SUIT_MASKS[0]]
        + _SUIT_MOVES[cards & SUIT_MASKS[1]]
        + _SUIT_MOVES[cards & SUIT_MASKS[2]]
        + _SUIT_MOVES[cards & SUIT_MASKS[3]]
    )


def moves_of_suit(cards: int, suit: int) -> tuple[Move, ...]:
    """The moves that play each card of ``cards`` in the suit with index ``suit``."""
    return _SUIT_MOVES[cards & SUIT_MASKS[suit]]


class CardSet:
    """A readable, immutable card set around the int (``int(card_set)`` gives it back):
    iterates its cards in display order, tests membership, and prints as cards.

    >>> from cardlab.engine.cards import Card
    >>> hand = CardSet.of([Card.parse("AS"), Card.parse("3C")])
    >>> list(hand), Card.parse("AS") in hand, len(hand)
    ([Card('3C'), Card('AS')], True, 2)
    """

    __slots__ = ("bits",)

    bits: int
    """The set as an int, a bit per card (``card.order``)."""

    def __init__(self, bits: int = 0) -> None:
        """The set whose int is ``bits``."""
        object.__setattr__(self, "bits", bits)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardSet:
        """The set of ``cards``."""
        return cls(card_set(cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a CardSet cannot be changed")

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_in(self.bits))

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and self.bits >> card.order & 1 == 1

    def __int__(self) -> int:
        return self.bits

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.bits == self.bits

    def __hash__(self) -> int:
        return hash(self.bits)

    def __repr__(self) -> str:
        return f"CardSet({cards_text(self)!r})"

    def suit(self, suit: str) -> CardSet:
        """The cards of this set in ``suit`` (a suit letter, ``"C"``, ``"D"``, ``"H"``, ``"S"``)."""
        return CardSet(cards_of_suit(self.bits, SUITS.index(suit)))


# --------------------------------------------------------------------------- Trick-taking
# Trick-taking games rank the ace above the king, and show a hand that way: by suit, each suit
# from the two up to the ace. These list a set's cards and moves in that order.


def rank_ace_high(index: int) -> int:
    """The rank inside its suit of the card at bit ``index`` with the ace high: 0 for the two
    up to 11 for the king and 12 for the ace.

    >>> rank_ace_high(Card.parse("2C").order), rank_ace_high(Card.parse("AC").order)
    (0, 12)
    """
    return (index % 13 - 1) % 13


class _AceHighOf(dict[int, tuple[Any, ...]]):
    """The items (cards, moves) of the cards of one suit, the two first and the ace last, by
    the suit's subset: worked out the first time a subset is asked for, then looked up."""

    def __init__(self, items: tuple[Any, ...]) -> None:
        super().__init__()
        self.items_by_bit = items

    def __missing__(self, cards: int) -> tuple[Any, ...]:
        ordered = list(bits_in(cards))
        if ordered and rank_ace_high(ordered[0]) == 12:  # the ace, lowest bit of its suit, last
            ordered.append(ordered.pop(0))
        found = self[cards] = tuple([self.items_by_bit[index] for index in ordered])
        return found


_CARDS_ACE_HIGH = _AceHighOf(CARDS)
_MOVES_ACE_HIGH = _AceHighOf(MOVES)
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = SUIT_MASKS


def cards_ace_high(cards: int) -> tuple[Card, ...]:
    """The cards of ``cards`` by suit (C, D, H, S), each suit from the two up to the ace.

    >>> from cardlab.engine.cards import parse_cards
    >>> cards_text(cards_ace_high(card_set(parse_cards("AS KS 2C AC"))))
    '2C AC KS AS'
    """
    found = _CARDS_ACE_HIGH
    return (
        found[cards & _CLUBS]
        + found[cards & _DIAMONDS]
        + found[cards & _HEARTS]
        + found[cards & _SPADES]
    )


def moves_ace_high(cards: int) -> tuple[Move, ...]:
    """The moves that play each card of ``cards``, alone, in the order of
    :func:`cards_ace_high` (by suit, each from the two up to the ace).

    >>> from cardlab.engine.cards import parse_cards
    >>> moves_ace_high(card_set(parse_cards("AH 9H 2S")))
    (Move('9H'), Move('AH'), Move('2S'))
    """
    found = _MOVES_ACE_HIGH
    return (
        found[cards & _CLUBS]
        + found[cards & _DIAMONDS]
        + found[cards & _HEARTS]
        + found[cards & _SPADES]
    )


# --------------------------------------------------------------------------- Fishing
# What a fishing game (Chinese Ten) asks of a set: the cards of one rank, and the ranks it holds
# twice. A rank is an index, 0 for aces .. 12 for kings (``card.number - 1``).

RANK_MASKS: tuple[int, ...] = tuple(
    sum(1 << (13 * suit + rank) for suit in range(4)) for rank in range(13)
)
"""The set of the four cards of each rank, by rank index (0 for aces .. 12 for kings)."""


def cards_of_rank(cards: int, rank: int) -> int:
    """The cards of ``cards`` of the rank with index ``rank`` (0 for aces .. 12 for kings).

    >>> from cardlab.engine.cards import parse_cards
    >>> cards_in(cards_of_rank(card_set(parse_cards("7C 2D 7S")), 6))
    [Card('7C'), Card('7S')]
    """
    return cards & RANK_MASKS[rank]


def ranks_held_twice(cards: int) -> int:
    """The ranks of which ``cards`` holds two or more, as rank bits (``1 << rank index``).

    >>> from cardlab.engine.cards import parse_cards
    >>> bin(ranks_held_twice(card_set(parse_cards("7C 2D 7S 2H KS"))))
    '0b1000010'
    """
    clubs, diamonds, hearts, spades = (
        cards & 0x1FFF,
        cards >> 13 & 0x1FFF,
        cards >> 26 & 0x1FFF,
        cards >> 39,
    )
    return clubs & (diamonds | hearts | spades) | diamonds & (hearts | spades) | hearts & spades
