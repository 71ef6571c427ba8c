"""Playing cards: suits, ranks, cards and decks.

A card is written rank then suit, as in ``9S``, ``TH`` or ``AS`` (``T`` is ten).
Cards are interned: ``Card.parse("9S") is Card.parse("9S")``, so they compare and hash
as fast as plain objects and can be used freely as dictionary keys.

>>> Card.parse("TH")
Card('TH')
>>> Card.parse("th").pretty
'10♥'
>>> [str(c) for c in sort_cards(parse_cards("KS 2C 9H"))]
['2C', '9H', 'KS']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from operator import attrgetter

from cardlab.engine.words import SUIT_NAMES as SUIT_NAMES  # re-exported: cards name their suits
from cardlab.engine.words import shortened

SUITS = "CDHS"
"""The four suits in display order: clubs, diamonds, hearts, spades."""

RANKS = "A23456789TJQK"
"""The thirteen ranks, ace low, written as one character each (``T`` is ten)."""


SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
"""The Unicode symbol of each suit letter."""

RANK_NAMES = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}
"""The English name of each rank letter."""

RED_SUITS = frozenset("DH")
"""Diamonds and hearts are red; clubs and spades are black."""


class CardError(ValueError):
    """Text that does not name a card, e.g. ``"1X"``."""


class Card:
    """One playing card: a rank and a suit.

    Build cards with :meth:`Card.parse` (``Card.parse("9S")``) or ``Card(rank, suit)``.
    There is exactly one object per card, so ``is`` and ``==`` agree.
    """

    __slots__ = ("rank", "suit", "text", "number", "is_red", "order", "suit_index")

    rank: str
    """The rank letter, one of ``RANKS``."""
    suit: str
    """The suit letter, one of ``SUITS``."""
    text: str
    """The card as text: rank then suit, e.g. ``"9S"``."""
    number: int
    """The rank as a number: A = 1, 2..9, T = 10, J = 11, Q = 12, K = 13."""
    is_red: bool
    """True for diamonds and hearts."""
    order: int
    """The position in display order (by suit C, D, H, S, then rank A low), 0..51."""
    suit_index: int
    """The suit as a number in display order: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""

    _interned: dict[str, Card] = {}

    def __new__(cls, rank: str, suit: str) -> Card:
        try:
            return cls._interned[rank + suit]
        except (KeyError, TypeError):
            pass
        if not isinstance(rank, str) or rank not in RANKS or len(rank) != 1:
            raise CardError(f"{shortened(rank)} is not a rank: ranks are {' '.join(RANKS)}")
        if not isinstance(suit, str) or suit not in SUITS or len(suit) != 1:
            raise CardError(f"{shortened(suit)} is not a suit: suits are {' '.join(SUITS)}")
        card = super().__new__(cls)
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("text", rank + suit),
            ("number", RANKS.index(rank) + 1),
            ("is_red", suit in RED_SUITS),
            ("order", SUITS.index(suit) * 13 + RANKS.index(rank)),
            ("suit_index", SUITS.index(suit)),
        ):
            object.__setattr__(card, name, value)
        cls._interned[rank + suit] = card
        return card

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """The card named by ``text`` ("9S", "th", "10h" and "9♠" are accepted).

        Raises :class:`CardError` with the reason when the text names no card.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"expected a card as text like '9S', got {shortened(text)}")
        cleaned = text.strip().upper()
        for suit, symbol in SUIT_SYMBOLS.items():
            cleaned = cleaned.replace(symbol, suit)
        if cleaned.startswith("10"):
            cleaned = "T" + cleaned[2:]
        card = cls._interned.get(cleaned)
        if card is not None:
            return card
        if len(cleaned) != 2:
            raise CardError(
                f"{shortened(text)} is not a card: write rank then suit, like '9S', 'TH' or 'AS'"
            )
        return cls(cleaned[0], cleaned[1])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __str__(self) -> str:
        return self.text

    @property
    def pretty(self) -> str:
        """The card with a suit symbol and ``10`` for ten, e.g. ``"10♥"``."""
        rank = "10" if self.rank == "T" else self.rank
        return rank + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """The card in words, e.g. ``"ten of hearts"``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def _repr_html_(self) -> str:
        from cardlab.display.render import card_html

        return card_html(self)


def sort_key(card: Card) -> int:
    """Order cards by suit (C, D, H, S), then by rank (A low)."""
    return card.order


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """The cards in display order: by suit (C, D, H, S), then rank (A low)."""
    return sorted(cards, key=_order)


_order = attrgetter("order")


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Cards from text such as ``"9S TH AS"`` (spaces or commas) or from a list, in the order
    given; from a set (which has no order of its own: Python's depends on the run), in display
    order.

    >>> parse_cards("9S, TH")
    [Card('9S'), Card('TH')]
    >>> parse_cards({"AS", "KS", "2C", "TD"})
    [Card('2C'), Card('TD'), Card('AS'), Card('KS')]
    """
    if isinstance(text, str):
        items: Iterable[str | Card] = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, Mapping | bytes):  # no lists
        items = text
    else:
        raise CardError(f"expected cards as text like '9S TH' or a list, got {shortened(text)}")
    cards = [Card.parse(item) for item in items]
    return sort_cards(cards) if isinstance(text, AbstractSet) else cards


def full_deck() -> list[Card]:
    """The 52 cards of a standard deck, in display order."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as space-separated text, e.g. ``"9S TH"``."""
    return " ".join(card.text for card in cards)


class Hand(tuple[Card, ...]):
    """A tuple of cards that shows itself as a row of cards in a notebook. It is made from
    cards, or from what :func:`parse_cards` takes (a set's cards in display order).

    >>> Hand(parse_cards("2C 9H"))
    Hand('2C 9H')
    >>> Hand("9H 2C"), Hand({"9H", "2C"})
    (Hand('9H 2C'), Hand('2C 9H'))
    """

    __slots__ = ()

    def __new__(cls, cards: Iterable[Card | str] | str = ()) -> Hand:
        if isinstance(cards, tuple | list) and all(type(card) is Card for card in cards):
            return super().__new__(cls, cards)  # the engine's calls: cards already
        return super().__new__(cls, parse_cards(cards))

    def __repr__(self) -> str:
        return f"Hand({cards_text(self)!r})"

    def __str__(self) -> str:
        return cards_text(self)

    def _repr_html_(self) -> str:
        from cardlab.display.render import cards_html

        return cards_html(self)


# Intern every card once at import, so parsing is a dictionary look-up.
for _suit in SUITS:
    for _rank in RANKS:
        Card(_rank, _suit)
del _suit, _rank
