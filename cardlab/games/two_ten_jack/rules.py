"""The rules of Two-Ten-Jack as the engine runs them, in the order of the rules page (docs/rules.md,
Two-Ten-Jack): the deck (3.1), leading (3.3), following (3.4), winning a trick (3.5), drawing
(3.6) and scoring (3.7), each one function over card sets (:mod:`cardlab.engine.cardsets`) and
the stock kept as one int, played by a :class:`TwoTenJackPosition`. The deal (3.2) and the
match (3.8) are the game's (:mod:`cardlab.games.two_ten_jack.game`). The engine, the refusal
texts, the greedy bot, the solver's search and the random playouts
(:mod:`cardlab.games.two_ten_jack.fast`) all call these functions.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from cardlab.engine import notation
from cardlab.engine.cards import SUITS, Card, parse_cards
from cardlab.engine.cardsets import (
    CARDS,
    MOVES,
    SUIT_MASKS,
    bit,
    card_set,
    cards_ace_high,
    moves_ace_high,
)
from cardlab.engine.core import sole_leader
from cardlab.engine.fields import derive_copy, spec
from cardlab.engine.moves import PLAIN_MOVES, Move
from cardlab.engine.positions import NodeSearch, Position, named

# --------------------------------------------------------------------------- 1. the deck

HAND_SIZE = 6
"""Cards dealt to each player."""

STOCK_SIZE = 40
"""Cards left in the stock after the deal."""

TRICKS = 26
"""Tricks in a hand: 20 with drawing from the stock, then 6 from the hands alone."""

DRAWING_TRICKS = STOCK_SIZE // 2
"""The tricks after which both players draw: 20."""

TRICK_RANKS = "23456789TJQKA"
"""The ranks from low to high for winning tricks (the ace is high)."""

ACE_OF_SPADES = Card.parse("AS")
"""The card that is both a spade and the highest trump."""

TRUMP = "H"
"""Hearts are always trumps."""

HEARTS = SUITS.index(TRUMP)
"""The suit index of hearts."""

DECLARATIONS = {"S": "S", "SPADE": "S", "SPADES": "S", "H": "H", "TRUMP": "H", "HEART": "H"}
"""Accepted spellings of a declaration (``AS=S`` or ``AS=trump``) and what each means."""

AS_SPADE = notation.make(ACE_OF_SPADES, declare="S")
"""Leading the ace of spades as a spade."""

AS_TRUMP = notation.make(ACE_OF_SPADES, declare="H")
"""Leading the ace of spades as a trump."""

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in TRICK_RANKS)
"""The 52 cards in display order: by suit (C, D, H, S), then rank from 2 up to the ace."""

DECK_SET = card_set(DECK)
"""The whole deck as a card set."""

_DISPLAY_ORDER = {card: index for index, card in enumerate(DECK)}
_RANK = {card: TRICK_RANKS.index(card.rank) + 2 for card in DECK}


_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}

ACE_OF_SPADES_BIT = bit(ACE_OF_SPADES)
"""The ace of spades as a one-card set (see :mod:`cardlab.engine.cardsets`)."""

_ACE_OF_SPADES_INDEX = ACE_OF_SPADES.order

TRUMP_CARDS = SUIT_MASKS[HEARTS] | ACE_OF_SPADES_BIT
"""The trumps as a card set: the hearts and the ace of spades."""


def trick_rank(card: Card) -> int:
    """The rank of ``card`` for winning tricks: 2 for a two up to 14 for an ace."""
    return _RANK[card]


def trumps_in(hand: int) -> int:
    """The trumps of ``hand`` (a card set): its hearts and its ace of spades."""
    return hand & TRUMP_CARDS


def is_trump(card: Card) -> bool:
    """True for a heart or the ace of spades."""
    return trumps_in(bit(card)) != 0


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in display order: by suit (C, D, H, S), then rank from 2 up to the ace."""
    return tuple(sorted(cards, key=_DISPLAY_ORDER.__getitem__))


# --------------------------------------------------------------------------- 3. leading


def led_suit_of(card: Card, declared: str | None) -> int:
    """Rule 3.3: the suit index a trick is led in when ``card`` leads it: its suit, or the
    declaration (``"S"`` or ``"H"``) of a led ace of spades."""
    return card.suit_index if declared is None else _SUIT_INDEX[declared]


def leading_moves(hand: int) -> tuple[Move, ...]:
    """Rule 3.3: the moves that lead a trick from ``hand`` (a card set): any card, in display
    order, the ace of spades (the highest spade, so the last) declared a spade or a trump."""
    moves = moves_ace_high(hand)
    if hand & ACE_OF_SPADES_BIT:
        return (*moves[:-1], AS_SPADE, AS_TRUMP)
    return moves


def lead_count(hand: int) -> int:
    """How many moves lead from ``hand``: one per card, two for the ace of spades (its two
    declarations). The length of :func:`leading_moves`, counted without listing them."""
    return hand.bit_count() + (hand >> _ACE_OF_SPADES_INDEX & 1)


# --------------------------------------------------------------------------- 4. following


LED_SUIT_CARDS: tuple[int, ...] = tuple(
    TRUMP_CARDS if suit == HEARTS else SUIT_MASKS[suit] for suit in range(4)
)
"""For each led suit (by index), the cards that count as cards of that suit for following:
the cards of the suit, and the ace of spades when hearts were led (it is a spade already)."""


def cards_of_led_suit(hand: int, led: int) -> int:
    """The cards of ``hand`` (a card set) that are cards of the led suit (index ``led``) for
    following (see :data:`LED_SUIT_CARDS`)."""
    return hand & LED_SUIT_CARDS[led]


def can_follow(hand: int, led: int) -> bool:
    """True when ``hand`` holds a card of the led suit (see :func:`cards_of_led_suit`)."""
    return cards_of_led_suit(hand, led) != 0


def cards_to_follow(hand: int, led: int) -> int:
    """Rule 3.4 over card sets: the cards of ``hand`` that may follow when the suit with index
    ``led`` was led. A card of the led suit if the hand holds one; otherwise a trump if it
    holds one; otherwise any card."""
    same = hand & LED_SUIT_CARDS[led]  # cards_of_led_suit(hand, led)
    if same:
        return same
    trumps = hand & TRUMP_CARDS  # trumps_in(hand)
    return trumps if trumps else hand


class _FollowingMoves(dict[int, tuple[Move, ...]]):
    """The moves of the sets of cards that may follow, by the set (most are cards of one suit,
    and come back often): worked out the first time a set is asked for, then looked up."""

    def __missing__(self, cards: int) -> tuple[Move, ...]:
        moves = self[cards] = moves_ace_high(cards)
        return moves


FOLLOWING_MOVES = _FollowingMoves()
FOLLOWING_KEPT = 1 << 16
"""The most sets :data:`FOLLOWING_MOVES` keeps: it is emptied when it reaches that many."""


def following_moves(hand: int, led: int) -> tuple[Move, ...]:
    """The moves that play the cards of :func:`cards_to_follow`, in display order."""
    if len(FOLLOWING_MOVES) >= FOLLOWING_KEPT:
        FOLLOWING_MOVES.clear()
    return FOLLOWING_MOVES[cards_to_follow(hand, led)]


def follows_suit(card: Card, led: str) -> bool:
    """True if ``card`` is a card of the led suit: its suit, or the ace of spades when spades
    or hearts were led (see :func:`cards_of_led_suit`)."""
    return can_follow(bit(card), _SUIT_INDEX[led])


def following_cards(hand: Iterable[Card], led: str) -> list[Card]:
    """The cards of ``hand`` that may follow when ``led`` was led (rule 3.4), in the hand's
    order: :func:`cards_to_follow` for a hand given as cards and a suit letter.

    A card of the led suit if the hand holds one; otherwise a trump if it holds one;
    otherwise any card.

    >>> from cardlab.engine.cards import cards_text
    >>> cards_text(following_cards(parse_cards("3C 9C AS"), "C"))
    '3C 9C'
    >>> cards_text(following_cards(parse_cards("5D AS"), "C"))
    'AS'
    """
    hand = list(hand)
    allowed = cards_to_follow(card_set(hand), _SUIT_INDEX[led])
    return [card for card in hand if allowed >> card.order & 1]


# --------------------------------------------------------------------------- 5. winning a trick


def _plain_strength(card: Card, led: int) -> int:
    """How strongly ``card`` plays when the suit with index ``led`` was led: the ace of spades
    above all, then the hearts by rank, then the led suit by rank; other cards 0."""
    if card is ACE_OF_SPADES:
        return 100
    if card.suit == TRUMP:
        return 50 + _RANK[card]
    if card.suit_index == led:
        return _RANK[card]
    return 0


STRENGTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(_plain_strength(card, led) for card in CARDS) for led in range(4)
)
"""``STRENGTH[led][index]``: how strongly the card at bit ``index`` plays when the suit with
index ``led`` was led (worked out once; a test checks it against the rule)."""


def strength(card: int, led: int) -> int:
    """How strongly the card at bit ``card`` plays when the suit with index ``led`` was led
    (higher wins the trick): the ace of spades above all, then the hearts, then the led suit;
    other cards 0."""
    return STRENGTH[led][card]


def beats(card: int, other: int, led: int) -> bool:
    """Rule 3.5: True when the card at bit ``card`` wins a trick against the card at bit
    ``other`` when the suit with index ``led`` was led. The ace of spades wins any trick it is
    in; otherwise the highest heart; otherwise the higher card of the led suit."""
    strengths = STRENGTH[led]
    return strengths[card] > strengths[other]


def strength_table(led: str) -> dict[Card, int]:
    """How strongly each card plays when ``led`` is the led suit (higher wins the trick): the
    ace of spades above all, then the hearts, then the led suit; other cards 0 (see
    :func:`strength`)."""
    strengths = STRENGTH[_SUIT_INDEX[led]]
    return {card: strengths[card.order] for card in DECK}


def winning_card(cards: Sequence[Card], led: str) -> Card:
    """The card that wins a trick of ``cards`` (in play order) when ``led`` was led (rule 3.5):
    each card takes the trick from the best so far if it :func:`beats` it.

    The ace of spades wins any trick it is in; otherwise the highest heart; otherwise the
    highest card of the led suit.

    >>> str(winning_card(parse_cards("9C 4H"), "C")), str(winning_card(parse_cards("9C KD"), "C"))
    ('4H', '9C')
    """
    suit = _SUIT_INDEX[led]
    best = cards[0]
    for card in cards[1:]:
        if beats(card.order, best.order, suit):
            best = card
    return best


# --------------------------------------------------------------------------- 6. drawing
# The stock keeps its order, so it is not a card set: a position keeps it as one int, six bits
# a card (its bit index + 1), the top card in the lowest six bits; 0 is an empty stock.


def stock_code(cards: Sequence[Card]) -> int:
    """The stock of ``cards`` (top card first) as one int (see above)."""
    code = 0
    for card in reversed(cards):
        code = code << 6 | (card.order + 1)
    return code


def stock_cards(stock: int) -> tuple[Card, ...]:
    """The cards of a stock kept as one int, top card first."""
    cards = []
    while stock:
        cards.append(CARDS[(stock & 63) - 1])
        stock >>= 6
    return tuple(cards)


def stock_size(stock: int) -> int:
    """How many cards a stock kept as one int holds."""
    return (stock.bit_length() + 5) // 6


@lru_cache(maxsize=4096)
def stock_set(stock: int) -> int:
    """The cards of a stock kept as one int, as a card set (order forgotten); remembered, for
    a search meets the same few stocks again and again."""
    cards = 0
    while stock:
        cards |= 1 << ((stock & 63) - 1)
        stock >>= 6
    return cards


def draw_two(stock: int) -> tuple[int, int, int]:
    """Rule 3.6: the stock's top card, which the trick's winner draws, and the next, which the
    loser draws, as one-card sets, and the stock left after them."""
    return 1 << ((stock & 63) - 1), 1 << ((stock >> 6 & 63) - 1), stock >> 12


# --------------------------------------------------------------------------- 7. scoring

POINTS: dict[Card, int] = {
    **dict.fromkeys(parse_cards("2H TH JH"), 5),
    **dict.fromkeys(parse_cards("2C TC JC"), -5),
    **dict.fromkeys(parse_cards("2S TS JS AS 6D"), 1),
}
"""The cards that score when won (rule 3.7); every other card scores 0."""

POINTS_BY_BIT: tuple[int, ...] = tuple(POINTS.get(card, 0) for card in CARDS)
"""What the card at each bit scores when won (from :data:`POINTS`)."""

SCORING_SETS: tuple[tuple[int, int], ...] = tuple(
    (points, card_set(card for card, worth in POINTS.items() if worth == points))
    for points in sorted(set(POINTS.values()))
)
"""The scoring cards grouped by what they score, as (points, card set) pairs (from
:data:`POINTS`)."""


SCORING_CARDS = card_set(POINTS)
"""Every card that scores when won, as a card set."""


def points_range(cards: int) -> tuple[int, int]:
    """The least and the most a seat can still add to its score while ``cards`` (a card set)
    are not yet won: from winning every negative card of them and nothing else, to winning
    every positive one and nothing else (rule 3.7)."""
    return _points_range(cards & SCORING_CARDS)


@lru_cache(maxsize=1 << 13)
def _points_range(cards: int) -> tuple[int, int]:
    """:func:`points_range` of scoring cards only (at most 2 ** 13 sets), remembered."""
    least = most = 0
    for points, scoring in SCORING_SETS:
        worth = points * (cards & scoring).bit_count()
        if worth < 0:
            least += worth
        else:
            most += worth
    return (least, most)


def trick_points(led: int, card: int) -> int:
    """Rule 3.7: what a trick of the cards at bits ``led`` and ``card`` is worth to its
    winner."""
    return POINTS_BY_BIT[led] + POINTS_BY_BIT[card]


def card_points(card: Card | str) -> int:
    """What ``card`` (a card, or its text) scores when won in a trick (rule 3.7).

    >>> card_points("JH"), card_points(Card.parse("TC")), card_points("9D")
    (5, -5, 0)
    """
    return POINTS.get(Card.parse(card), 0)


def score_breakdown(won: Iterable[Card]) -> list[tuple[Card, int]]:
    """The scoring cards among ``won``, with their points, in display order.

    >>> score_breakdown(parse_cards("JH 9C 2C"))
    [(Card('2C'), -5), (Card('JH'), 5)]
    """
    return [(card, POINTS[card]) for card in sort_hand(won) if card in POINTS]


def breakdown_text(breakdown: Sequence[tuple[Card, int]], total: int) -> str:
    """A score breakdown in words: "JH +5, 2C -5, 6D +1: 1 point"."""
    unit = "point" if abs(total) == 1 else "points"
    if not breakdown:
        return f"no scoring cards: {total} {unit}"
    parts = ", ".join(f"{card} {points:+d}" for card, points in breakdown)
    return f"{parts}: {total} {unit}"


# --------------------------------------------------------------------------- the position


class Led(NamedTuple):
    """A fact for the narration: ``seat`` led ``card`` (the ace of spades ``declared``)."""

    seat: int
    card: Card
    declared: str | None


class Won(NamedTuple):
    """A fact: ``seat`` followed with ``card``; ``winner`` won the trick ``cards`` with
    ``best``, worth ``worth``; ``last`` says whether it was the hand's last trick."""

    seat: int
    card: Card
    winner: int
    cards: tuple[Card, Card]
    best: Card
    worth: int
    last: bool


class Drew(NamedTuple):
    """A fact: ``seat`` drew ``card`` from the stock (``last``: its last card); the card is None
    as the other seat saw it."""

    seat: int
    card: Card | None
    last: bool


class Ended(NamedTuple):
    """A fact: the hand is over with these ``points``; ``winner`` is None on a tie."""

    points: tuple[int, int]
    winner: int | None


Fact = Led | Won | Drew | Ended
"""What the rules note while a move is played, when someone asks for the narration."""


class Play(NamedTuple):
    """A card played, as both seats saw it: in ``trick`` (from 0), by ``seat``, and, when it
    followed, the ``led`` suit it followed (None when it led the trick)."""

    trick: int
    seat: int
    card: Card
    led: str | None


def shown_void(play: Play) -> tuple[str, ...]:
    """The led suits a play showed its seat to lack (rule 3.4): a follower who does not follow
    holds no card of the led suit; one who then does not trump holds no trump either (the
    trumps are the cards that follow hearts: the hearts and the ace of spades)."""
    if play.led is None or follows_suit(play.card, play.led):
        return ()
    if play.led != TRUMP and not is_trump(play.card):
        return (play.led, TRUMP)
    return (play.led,)


def suit_moves(cards: Iterable[Card]) -> list[list[Move]]:
    """The moves that play ``cards``, as four lists, one per suit (C, D, H, S), each from low
    to high (the ace of spades, the highest spade, last). Positions no longer keep hands this
    way (they keep card sets); kept for code written against it."""
    suits: list[list[Move]] = [[], [], [], []]
    for card in sort_hand(cards):
        suits[card.suit_index].append(PLAIN_MOVES[card])
    return suits


def suit_letter(index: int) -> str | None:
    """The letter of the suit with ``index``, None for -1 (no suit: between tricks)."""
    return None if index < 0 else SUITS[index]


SearchNode = tuple[int, int, int, int, int, int]
"""A Two-Ten-Jack position as the solver sees it, which is also its key: the seat to move, the
bit index of the card leading the current trick (-1 between tricks), the suit index it was led
in (-1 between tricks), the stock (as one int, see :func:`stock_code`) and the two hands (card
sets). The won piles and points so far change nothing later: the solver counts the points
still to be won."""


@derive_copy
@dataclass(slots=True, eq=False, kw_only=True)
class TwoTenJackPosition(Position):
    """A Two-Ten-Jack position, in the compact form the rules play on.

    Beyond :class:`~cardlab.engine.positions.Position`'s fields, each declared with what it is (see
    :mod:`cardlab.engine.fields`): ``hands`` (per seat, the card set of its cards, see
    :mod:`cardlab.engine.cardsets`), ``stock`` (the cards left in the stock, in order, as one int:
    see :func:`stock_code`), ``led`` (the bit index of the card that leads the current trick, -1
    between tricks: a trick is settled as soon as its second card is played), ``led_suit``
    (the suit index it was led in: a led ace of spades' declaration; -1 between tricks),
    ``won`` (each seat's won cards, in the order won), ``last_leader`` (the seat that led the
    last settled trick, -1 before the first: its two cards are the last two its winner won),
    ``tricks_played``, ``leader`` (the seat that leads, or led, the current trick) and
    ``points`` (each seat's points from the cards it has won). Every field is an int or a
    tuple, so a copy shares them all and a move makes new ones.
    """

    hands: tuple[int, int] = field(metadata=spec(seen="own"))
    stock: int = field(metadata=spec(shown=stock_cards))
    led: int = field(default=-1, metadata=spec(seen="public"))
    led_suit: int = field(default=-1, metadata=spec(seen="public", shown=suit_letter))
    won: tuple[tuple[Card, ...], tuple[Card, ...]] = field(
        default=((), ()), metadata=spec(seen="public")
    )
    last_leader: int = field(default=-1, metadata=spec(seen="public"))
    tricks_played: int = field(default=0, metadata=spec(key=False, seen="public"))  # from won
    leader: int = field(metadata=spec(seen="public"))
    points: tuple[int, int] = field(default=(0, 0), metadata=spec(key=False, seen="public"))

    @classmethod
    def deal(
        cls, dealer: int, hands: Sequence[Sequence[Card]], stock: Sequence[Card]
    ) -> TwoTenJackPosition:
        """The position after the deal: the non-dealer leads the first trick (rule 3.3)."""
        return cls(
            players=2,
            dealer=dealer,
            to_move=1 - dealer,
            hands=(card_set(hands[0]), card_set(hands[1])),
            stock=stock_code(stock),
            leader=1 - dealer,
        )

    def hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards in display order."""
        return cards_ace_high(self.hands[seat])

    def key(self) -> Hashable:
        """What decides the rest of the hand, for a solver's table of positions it has solved
        within one deal: the :data:`SearchNode` :class:`TwoTenJackSearch` searches on."""
        return self.node()

    def node(self) -> SearchNode:
        """This position as a :data:`SearchNode` (while its hand goes on)."""
        assert self.to_move is not None
        hands = self.hands
        return (self.to_move, self.led, self.led_suit, self.stock, hands[0], hands[1])

    # ---------------------------------------------------------------- 3, 4. leading, following
    def legal_moves(self) -> Sequence[Move]:
        """Leading (rule 3.3): any card, the ace of spades declared a spade or a trump.
        Following (rule 3.4): a card of the led suit, else a trump, else any card."""
        hand = self.hands[self.to_move]  # type: ignore[index]
        if self.led < 0:
            return leading_moves(hand)
        return following_moves(hand, self.led_suit)

    def play(self, move: Move, facts: list[Fact] | None = None) -> None:
        """``move`` is played: it leads a trick, or follows and settles it (rule 3.5), after
        which the cards are drawn (rule 3.6) and, after the last trick, the hand is scored (7).
        ``facts``, if given, receives what happened, for the narration."""
        seat = self.to_move
        assert seat is not None
        card = move.card
        hands, played = self.hands, 1 << card.order  # the card leaves the hand
        self.hands = (hands[0] ^ played, hands[1]) if seat == 0 else (hands[0], hands[1] ^ played)
        self.moves += 1
        if self.led < 0:
            lead(self, seat, card, move.declare, facts)
        else:
            settle(self, seat, card, facts)

    # ---------------------------------------------------------------- the outcome
    def scores(self) -> tuple[int, ...]:
        """Each seat's points from the cards it has won (the hand's score once it is over)."""
        return self.points

    def stats(self) -> tuple[tuple[str, int], ...]:
        """``tricks_0`` and ``tricks_1``: the tricks each seat has won so far."""
        return (("tricks_0", len(self.won[0]) // 2), ("tricks_1", len(self.won[1]) // 2))

    def search(self) -> NodeSearch:
        """The positions after this one as :data:`SearchNode` tuples of ints, for the solver:
        :class:`~cardlab.games.two_ten_jack.fast.TwoTenJackSearch`, named rather than imported,
        since it is built on these rules."""
        search: NodeSearch = named("cardlab.games.two_ten_jack.fast:TwoTenJackSearch")()
        return search


def lead(
    position: TwoTenJackPosition,
    seat: int,
    card: Card,
    declared: str | None,
    facts: list[Fact] | None = None,
) -> None:
    """Rule 3.3: ``seat`` leads ``card``; the led suit is its suit, or the declaration of a led
    ace of spades. The other seat follows."""
    position.led = card.order
    position.led_suit = led_suit_of(card, declared)
    position.to_move = 1 - seat
    if facts is not None:
        facts.append(Led(seat, card, declared))


def settle(
    position: TwoTenJackPosition, seat: int, card: Card, facts: list[Fact] | None = None
) -> None:
    """Rule 3.5: ``seat`` follows with ``card`` and the trick is won (by the ace of spades, else
    the highest heart, else the higher card of the led suit); the winner leads the next trick,
    after the draw (rule 3.6), unless it was the last (the hand is scored, rule 7)."""
    led_seat, led = 1 - seat, position.led
    winner = seat if beats(card.order, led, position.led_suit) else led_seat
    worth = trick_points(led, card.order)
    trick = (CARDS[led], card)
    won, points = position.won, position.points
    if winner == 0:
        position.won, position.points = (won[0] + trick, won[1]), (points[0] + worth, points[1])
    else:
        position.won, position.points = (won[0], won[1] + trick), (points[0], points[1] + worth)
    position.tricks_played += 1
    position.last_leader = led_seat
    position.led = position.led_suit = -1
    position.leader = position.to_move = winner
    last = position.tricks_played == TRICKS
    if facts is not None:
        best = card if winner == seat else trick[0]
        facts.append(Won(seat, card, winner, trick, best, worth, last))
    if position.stock:
        draw(position, winner, facts)
    if last:
        position.to_move = None
        position.winner = sole_leader(position.points)
        if facts is not None:
            facts.append(Ended(position.points, position.winner))


def draw(position: TwoTenJackPosition, winner: int, facts: list[Fact] | None = None) -> None:
    """Rule 3.6: the trick's winner draws the stock's top card, then the loser the next."""
    first, second, position.stock = draw_two(position.stock)
    hands = position.hands
    if winner == 0:
        position.hands = (hands[0] | first, hands[1] | second)
    else:
        position.hands = (hands[0] | second, hands[1] | first)
    if facts is not None:
        facts.append(Drew(winner, CARDS[first.bit_length() - 1], False))
        facts.append(Drew(1 - winner, CARDS[second.bit_length() - 1], position.stock == 0))


# --------------------------------------------------------------------------- 3.3 as a table


LEAD_SUITS: dict[Move, int] = {
    **{move: led_suit_of(move.card, None) for move in MOVES},
    AS_SPADE: led_suit_of(ACE_OF_SPADES, "S"),
    AS_TRUMP: led_suit_of(ACE_OF_SPADES, "H"),
}
"""For each move that leads a trick, the suit index it leads (:func:`led_suit_of`), looked up
by the search rather than worked out at every node (a test checks it against the rule)."""
