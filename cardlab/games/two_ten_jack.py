"""Two-Ten-Jack: a trick-taking game for 2 players (docs/rules.md, Two-Ten-Jack).

Hearts are always trumps and the ace of spades is both a spade and the highest trump. The
players collect the 2, 10 and jack of hearts (+5 each) and avoid the 2, 10 and jack of clubs
(-5 each); the first to 31 points wins the match.

>>> import cardlab
>>> game = cardlab.game("two-ten-jack")
>>> state = game.deal(seed=1)
>>> len(state.hand(0)), len(state.hand(1)), len(state.stock)
(6, 6, 40)

The module follows the rules in their order: the deck (3.1), the deal (3.2), leading (3.3),
following (3.4), winning a trick (3.5), drawing (3.6), scoring (3.7) and the match (3.8). The
rules work on a :class:`TwoTenJackPosition`, which keeps each hand as a card set (see
:mod:`cardlab.engine.cardsets`) and the stock as one int, and each rule is one function over them
(:func:`leading_moves`, :func:`cards_to_follow`, :func:`beats`, :func:`draw_two`,
:func:`trick_points`): the engine, the refusal texts, the greedy bot, the solver's
:class:`TwoTenJackSearch` and the random playouts all call those. How it reads the rules where
they leave a choice:

- **The deal.** The 52 cards are shuffled with the deal's random generator; the first 12 are
  dealt one at a time, alternately, starting with the non-dealer (cards 0, 2, 4 ... to the
  non-dealer, 1, 3, 5 ... to the dealer); the other 40, in the shuffled order, are the stock,
  ``stock[0]`` being its top card (drawn first). A deal from given cards takes the stock top
  first too.
- **Ranks.** 2 (low) .. 10, J, Q, K, A (high) inside every suit; ``Card.number`` (ace 1) is not
  used for ranking.
- **The ace of spades.** It belongs to two groups: the spades and the trumps. Led, it must be
  declared (``AS=S`` or ``AS=H``) and the declaration is the led suit. Following, it is played
  as ``AS`` with no declaration: it is a card of the led suit when spades or hearts were led, a
  trump otherwise (so, with clubs led, it may be played only by a player holding no club).
- **Following** a led spade with no spade (the ace of spades counts as one) obliges a trump,
  as for any other suit (rule 3.4 read literally).
- **The winner of a trick.** The ace of spades wins whenever it is played; otherwise the highest
  heart; otherwise the higher card of the led suit. A card of another suit never wins.
- **Scores while playing.** ``state.scores`` counts the cards won so far; it is the hand's
  score once all 26 tricks are played. The hand's ``winner`` is the seat with more points, None
  on a tie (which cannot happen: the two scores add up to 5, an odd number).
- **The match.** The totals are checked at the end of each hand: once a seat has ``target``
  points or more, the seat with the highest total wins; an exact tie for the highest total plays
  another hand. The deal alternates (the default ``next_dealer``).
- **Views and voids.** A view knows its own hand, the trick, both won piles, the size of the
  stock and every card played. A follower who does not follow shows it holds no card of the
  led suit (and, if it does not trump either, no trump); it may hold one again only if it drew
  it since. ``view.voids`` lists what each seat was shown to lack, ``view.could_hold`` says
  whether a seat could hold a given hand, and ``determinize`` deals only such hands, each as
  likely as a shuffled deck makes it.
- **Equality.** Two states of the same game are equal when the dealer, the hands, the stock,
  the trick (with its declaration), the won piles (in the order won), the last trick, the
  leader and the seat to move agree.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from heapq import heappop, heappush
from typing import Any, NamedTuple

from cardlab.engine import notation
from cardlab.engine.cards import SUIT_NAMES, SUITS, Card, Hand, cards_text, full_deck, parse_cards
from cardlab.engine.cardsets import (
    CARDS,
    MOVES,
    SUIT_MASKS,
    bit,
    card_set,
    cards_ace_high,
    moves_ace_high,
)
from cardlab.engine.core import Game, State, View, sole_leader
from cardlab.engine.deals import check_each_card_once, check_keys, parse_hands, parse_pile
from cardlab.engine.errors import MoveSyntaxError
from cardlab.engine.fields import Read, derive_copy, from_view, spec, view_of
from cardlab.engine.moves import PLAIN_MOVES, Event, Move, Outcome, Row, Trick
from cardlab.engine.options import option
from cardlab.engine.positions import Child, NodeSearch, Position
from cardlab.engine.randomness import as_rng, shuffle
from cardlab.engine.words import shortened, suit_word

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

_SHUFFLE_ORDER = tuple(full_deck())
"""The deck in the order the shuffle starts from (``full_deck()``, made once)."""


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


_FOLLOWING_MOVES = _FollowingMoves()
_FOLLOWING_KEPT = 1 << 16
"""The most sets :data:`_FOLLOWING_MOVES` keeps: it is emptied when it reaches that many."""


def following_moves(hand: int, led: int) -> tuple[Move, ...]:
    """The moves that play the cards of :func:`cards_to_follow`, in display order."""
    if len(_FOLLOWING_MOVES) >= _FOLLOWING_KEPT:
        _FOLLOWING_MOVES.clear()
    return _FOLLOWING_MOVES[cards_to_follow(hand, led)]


def follows_suit(card: Card, led: str) -> bool:
    """True if ``card`` is a card of the led suit: its suit, or the ace of spades when spades
    or hearts were led (see :func:`cards_of_led_suit`)."""
    return can_follow(bit(card), _SUIT_INDEX[led])


def following_cards(hand: Iterable[Card], led: str) -> list[Card]:
    """The cards of ``hand`` that may follow when ``led`` was led (rule 3.4), in the hand's
    order: :func:`cards_to_follow` for a hand given as cards and a suit letter.

    A card of the led suit if the hand holds one; otherwise a trump if it holds one;
    otherwise any card.

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


# --------------------------------------------------------------------------- words


def led_words(led: str, declaration: str | None) -> str:
    """What was led, in words: "clubs were led", "the ace of spades was led as a trump"."""
    if declaration == "S":
        return "the ace of spades was led as a spade"
    if declaration == TRUMP:
        return "the ace of spades was led as a trump"
    return f"{SUIT_NAMES[led]} were led"


def led_note(led: str, declaration: str | None) -> str:
    """The led suit for a layout: "spades (AS declared a spade)", "clubs"."""
    if declaration == "S":
        return "spades (AS declared a spade)"
    if declaration == TRUMP:
        return "hearts (AS declared a trump)"
    return SUIT_NAMES[led]


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class TwoTenJack(Game):
    """Two-Ten-Jack, with its options (docs/rules.md, Two-Ten-Jack).

    - ``players``: always 2 (kept as an option so that every game takes it).
    - ``target``: the match is won by the first player to reach this many points (default 31).

    Deal by seed (``game.deal(seed=7)``) or from given cards:
    ``game.deal(dealer=0, hands=["...", "..."], stock="...")`` with 6 cards per hand and the
    other 40 in the stock, top card first.
    """

    name = "two-ten-jack"
    title = "Two-Ten-Jack"
    trick_taking = True
    min_players = 2
    max_players = 2

    players: int = option(2, "always 2")
    target: int = option(31, "match points that end the match", minimum=1, unit="points")

    @property
    def cards(self) -> list[Card]:
        """The 52-card deck, in display order."""
        return list(DECK)

    def parse_move(self, text: str | Move | Card) -> Move:
        """A move from its text: a card (``"9C"``), or the ace of spades led with its
        declaration (``"AS=S"``, ``"AS=H"``; ``spade`` and ``trump`` are read too)."""
        move = notation.read(text)
        if move.declare is None or move.declare in ("S", "H"):
            return move
        declared = DECLARATIONS.get(move.declare)
        if declared is None:
            raise MoveSyntaxError(
                f"{shortened(text)}: a declaration is S (spade) or H (trump), "
                f"not {shortened(move.declare.lower())}"
            )
        return notation.make(move.card, move.targets, declared)

    # ---------------------------------------------------------------- 2. the deal
    def _deal(self, rng: random.Random, dealer: int) -> TwoTenJackState:
        deck = list(_SHUFFLE_ORDER)
        shuffle(rng, deck)
        dealt = 2 * HAND_SIZE
        hands: list[list[Card]] = [[], []]
        hands[1 - dealer] = deck[0:dealt:2]  # one at a time, the non-dealer first
        hands[dealer] = deck[1:dealt:2]
        return TwoTenJackState(self, TwoTenJackPosition.deal(dealer, hands, deck[dealt:]))

    def _deal_cards(self, dealer: int, **cards: Any) -> TwoTenJackState:
        check_keys(cards, self.title, ("hands", "stock"))
        hands = parse_hands(cards["hands"], 2, HAND_SIZE)
        stock = parse_pile(cards["stock"], "the stock", STOCK_SIZE)
        check_each_card_once(
            [(f"seat {seat}'s hand", hand) for seat, hand in enumerate(hands)]
            + [("the stock", stock)]
        )
        return TwoTenJackState(self, TwoTenJackPosition.deal(dealer, hands, stock))

    def play_position_out(
        self, position: Position, rng: random.Random, trace: list[Move] | None = None
    ) -> Outcome:
        """Play ``position`` to the end with uniformly random moves drawn from ``rng`` and say
        how the hand ended: the same moves and draws as
        :func:`cardlab.engine.randomness.play_randomly`, played on ints (see
        :func:`random_playout`); ``position`` is left as it was."""
        assert isinstance(position, TwoTenJackPosition)
        if position.to_move is None:
            return position.outcome()
        return random_playout(position, rng, trace)

    # ---------------------------------------------------------------- 8. the match
    def match_winner(self, totals: Sequence[int]) -> int | None:
        """Once a seat has ``target`` points, the seat with the highest total; None while
        nobody has reached it or when the two totals are equal (another hand is played)."""
        return sole_leader(totals) if max(totals) >= self.target else None

    # ---------------------------------------------------------------- for the explorer and solver
    @classmethod
    def describe_move(cls, move: Move) -> str:
        """A led ace of spades says what it is declared: "A♠ as a trump", "A♠ as a spade"."""
        if move.declare is not None:
            return f"{move.card.pretty} as a {'trump' if move.declare == TRUMP else 'spade'}"
        return super().describe_move(move)

    def solvability(self, target: State | View) -> str | None:
        """A full state is solved; a view once the stock is empty (the unseen cards are then
        the other hand)."""
        stock = target.stock_size if isinstance(target, TwoTenJackView) else 0
        if stock:
            return (
                f"this view does not show the other hand: {stock} cards are still in the stock, "
                "in an order nobody has seen. Solve the full state (everything face up), wait "
                "for the last six tricks, or use the 'pimc' agent, which solves many deals "
                "consistent with the view."
            )
        return None

    def score_total(self) -> int:
        """+5: every card's points are won by one seat or the other (rule 3.7)."""
        return sum(POINTS.values())

    def gain_bounds(self, state: State) -> tuple[int, int]:
        """Every negative card not yet won to every positive one."""
        assert isinstance(state, TwoTenJackState)
        return points_range(DECK_SET & ~card_set(state.won[0] + state.won[1]))


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
    """A fact: ``seat`` drew ``card`` from the stock (``last``: its last card)."""

    seat: int
    card: Card
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

    def search(self) -> TwoTenJackSearch:
        """The positions after this one as :class:`TwoTenJackSearch` nodes (tuples of ints),
        for the solver."""
        return TwoTenJackSearch()


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


# --------------------------------------------------------------------------- the search


LEAD_SUITS: dict[Move, int] = {
    **{move: led_suit_of(move.card, None) for move in MOVES},
    AS_SPADE: led_suit_of(ACE_OF_SPADES, "S"),
    AS_TRUMP: led_suit_of(ACE_OF_SPADES, "H"),
}
"""For each move that leads a trick, the suit index it leads (:func:`led_suit_of`), looked up
by the search rather than worked out at every node (a test checks it against the rule)."""


class TwoTenJackSearch(NodeSearch):
    """The positions of a hand as :data:`SearchNode` tuples of ints, played with the same rules
    as :class:`TwoTenJackPosition` (:func:`leading_moves`, :func:`following_moves`,
    :func:`beats`, :func:`trick_points`, :func:`draw_two`), but with nothing kept for the
    narration: what :func:`cardlab.solve` searches."""

    __slots__ = ()

    def gain_bounds(self, node: SearchNode) -> tuple[int, int]:
        """The least and the most seat 0 can still gain from ``node`` (see
        :func:`points_range`): the cards in the hands, the stock and the trick are not won
        yet. The solver stops looking once a seat has the best it can still get."""
        _mover, led, _suit, stock, hand0, hand1 = node
        left = hand0 | hand1
        if stock:
            left |= stock_set(stock)
        if led >= 0:
            left |= 1 << led
        return _points_range(left & SCORING_CARDS)

    def children(self, node: SearchNode) -> list[Child]:
        """Each legal move at ``node``, in the game's order, as the solver's ``Child``: the
        move, the node after it (None when the hand is then over), what seat 0 gains by it
        (the trick's points when seat 0 wins it), whether the same seat moves next and how
        many moves the seat to move then has."""
        if node[1] < 0:
            return lead_children(node)
        return follow_children(node)


def lead_children(node: SearchNode) -> list[Child]:
    """The children of a node where a trick is led (rule 3.3): the other seat follows, with
    as many replies as it has cards to follow the led suit (counted once a suit)."""
    other = node[4] if node[0] else node[5]
    replies = [-1, -1, -1, -1]
    found: list[Child] = []
    for move in leading_moves(node[5] if node[0] else node[4]):
        child = lead_node(node, move)
        suit = child[2]
        if replies[suit] < 0:
            replies[suit] = cards_to_follow(other, suit).bit_count()
        found.append((move, child, 0, False, replies[suit]))
    return found


def follow_children(node: SearchNode) -> list[Child]:
    """The children of a node where the trick is followed: it is settled (rule 3.5), the cards
    are drawn (3.6), and the winner leads; or the hand is over (:func:`settle_node`, with the
    draw, which is the same whichever card follows, worked out once)."""
    mover = node[0]
    drawn = draw_two(node[3]) if node[3] else None
    found: list[Child] = []
    for move in following_moves(node[5] if mover else node[4], node[2]):
        winner, worth, child = settle_node(node, move.card.order, drawn)
        gain = 0 if winner else worth
        if child is None:
            found.append((move, None, gain, False, 0))
        else:
            found.append((move, child, gain, winner == mover, lead_count(child[4 + winner])))
    return found


def lead_node(node: SearchNode, move: Move) -> SearchNode:
    """Rule 3.3 on a node: the seat to move leads with ``move`` (a led ace of spades'
    declaration is the led suit); the other seat follows."""
    mover, _led, _suit, stock, hand0, hand1 = node
    card = move.card.order
    if mover:
        return (0, card, LEAD_SUITS[move], stock, hand0, hand1 ^ (1 << card))
    return (1, card, LEAD_SUITS[move], stock, hand0 ^ (1 << card), hand1)


def settle_node(
    node: SearchNode, card: int, drawn: tuple[int, int, int] | None = None
) -> tuple[int, int, SearchNode | None]:
    """Rules 3.5 to 3.7 on a node: the seat to move follows with the card at bit ``card``. The
    seat that wins the trick, what the trick is worth, and the node after the draw, where the
    winner leads (None once the hand is over). ``drawn``, if given, is :func:`draw_two` of the
    node's stock, worked out already."""
    mover, led, suit, stock, hand0, hand1 = node
    winner = mover if beats(card, led, suit) else 1 - mover
    worth = trick_points(led, card)
    if mover:
        hand1 ^= 1 << card
    else:
        hand0 ^= 1 << card
    if stock:
        first, second, stock = drawn or draw_two(stock)
        if winner:
            hand0, hand1 = hand0 | second, hand1 | first
        else:
            hand0, hand1 = hand0 | first, hand1 | second
    elif not hand0 | hand1:  # the last trick: the hand is over
        return winner, worth, None
    return winner, worth, (winner, -1, -1, stock, hand0, hand1)


Chooser = Callable[[SearchNode, Sequence[Move]], Move]
"""How a playout on search nodes picks each move: from the node and its legal moves (in the
game's order), one of those moves."""


def random_playout(
    position: TwoTenJackPosition, rng: random.Random, trace: list[Move] | None = None
) -> Outcome:
    """Play ``position`` (not changed) to its end as
    :func:`~cardlab.engine.randomness.play_randomly` does (the same draws and moves: tests check
    it), :meth:`TwoTenJackPosition.play` (:func:`lead`, :func:`settle`, :func:`draw`) written out
    over local ints and the derived tables (``LEAD_SUITS``, ``STRENGTH``, ``POINTS_BY_BIT``), with
    no won piles or narration."""
    (hand_0, hand_1), stock, led = position.hands, position.stock, position.led
    led_suit, moves = position.led_suit, position.moves
    seat: int = position.to_move  # type: ignore[assignment]
    (points_0, points_1), tricks = position.points, position.tricks_played
    won_0, won_1 = len(position.won[0]) // 2, len(position.won[1]) // 2
    getrandbits, following = rng.getrandbits, _FOLLOWING_MOVES
    if len(following) >= _FOLLOWING_KEPT:  # following_moves' bound, checked once a playout
        following.clear()
    while tricks < TRICKS:
        hand = hand_1 if seat else hand_0
        if led < 0:
            legal = leading_moves(hand)
        else:  # following_moves: cards_to_follow, written out
            legal = following[hand & LED_SUIT_CARDS[led_suit] or hand & TRUMP_CARDS or hand]
        count = len(legal)
        bits = count.bit_length()
        index = getrandbits(bits)  # draw_index(rng, count), as play_randomly draws it
        while index >= count:
            index = getrandbits(bits)
        move = legal[index]
        if trace is not None:
            trace.append(move)
        moves += 1
        card = move.card.order
        if seat:
            hand_1 ^= 1 << card
        else:
            hand_0 ^= 1 << card
        if led < 0:  # lead (3.3): the other seat follows
            led, led_suit, seat = card, LEAD_SUITS[move], 1 - seat
            continue
        strengths = STRENGTH[led_suit]  # settle (3.5): beats and trick_points
        seat = seat if strengths[card] > strengths[led] else 1 - seat
        if seat:
            points_1 += POINTS_BY_BIT[led] + POINTS_BY_BIT[card]
            won_1 += 1
        else:
            points_0 += POINTS_BY_BIT[led] + POINTS_BY_BIT[card]
            won_0 += 1
        led = led_suit = -1
        tricks += 1
        if stock:  # draw_two (3.6): the winner takes the top card, the loser the next
            first, second = 1 << ((stock & 63) - 1), 1 << ((stock >> 6 & 63) - 1)
            stock >>= 12
            if seat:
                hand_0, hand_1 = hand_0 | second, hand_1 | first
            else:
                hand_0, hand_1 = hand_0 | first, hand_1 | second
    points = (points_0, points_1)
    stats = (("tricks_0", won_0), ("tricks_1", won_1))
    return Outcome(points, sole_leader(points), moves, stats)


def play_nodes_out(
    position: TwoTenJackPosition, choose: Chooser, trace: list[Move] | None = None
) -> Outcome:
    """Play ``position`` (whose hand goes on; it is not changed) to the end on search nodes
    (:func:`lead_node`, :func:`settle_node`), every move picked by ``choose`` among the legal
    moves, and say how the hand ended, as :meth:`~cardlab.engine.positions.Position.outcome` would:
    what fast playouts (random, or a bot's) are made of. ``trace``, if given, receives the moves."""
    node: SearchNode | None = position.node()
    points = list(position.points)
    tricks = [len(position.won[0]) // 2, len(position.won[1]) // 2]
    moves = position.moves
    while node is not None:
        mover, led, suit, _stock, hand0, hand1 = node
        hand = hand1 if mover else hand0
        legal = leading_moves(hand) if led < 0 else following_moves(hand, suit)
        move = choose(node, legal)
        if trace is not None:
            trace.append(move)
        moves += 1
        if led < 0:
            node = lead_node(node, move)
        else:
            winner, worth, node = settle_node(node, move.card.order)
            points[winner] += worth
            tricks[winner] += 1
    scores = (points[0], points[1])
    stats = (("tricks_0", tricks[0]), ("tricks_1", tricks[1]))
    return Outcome(scores, sole_leader(scores), moves, stats)


# --------------------------------------------------------------------------- the state


def describe(facts: Sequence[Fact]) -> tuple[Event, ...]:
    """The events of one move, in words, from the facts its rules noted."""
    events = []
    for fact in facts:
        if isinstance(fact, Led):
            if fact.declared is None:
                text = f"Seat {fact.seat} leads {fact.card}."
            else:
                what = "a trump" if fact.declared == TRUMP else "a spade"
                text = f"Seat {fact.seat} leads AS as {what}."
            events.append(Event("play", fact.seat, text, (fact.card,)))
        elif isinstance(fact, Won):
            events.append(
                Event("play", fact.seat, f"Seat {fact.seat} plays {fact.card}.", (fact.card,))
            )
            trump = " (trump)" if is_trump(fact.best) else ""
            then = "." if fact.last else " and leads next."
            extra = f" The trick is worth {fact.worth:+d}." if fact.worth else ""
            text = f"Seat {fact.winner} wins the trick with {fact.best}{trump}{then}{extra}"
            events.append(Event("trick", fact.winner, text, fact.cards))
        elif isinstance(fact, Drew):
            if fact.last:
                text = f"Seat {fact.seat} draws {fact.card}, the last card of the stock."
                public = f"Seat {fact.seat} draws the last card of the stock."
            else:
                text = f"Seat {fact.seat} draws {fact.card}."
                public = f"Seat {fact.seat} draws a card from the stock."
            events.append(
                Event("draw", fact.seat, text, (fact.card,), private=True, public_text=public)
            )
        else:
            if fact.winner is None:
                result = "the hand is a tie"
            else:
                result = f"seat {fact.winner} wins the hand"
            text = (
                f"The hand is over: seat 0 scores {fact.points[0]} and seat 1 scores "
                f"{fact.points[1]}; {result}."
            )
            events.append(Event("win", fact.winner, text))
    return tuple(events)


class TwoTenJackState(State):
    """A position in a hand of Two-Ten-Jack, as players and notebooks see it.

    Fields:

    - ``hands``: each seat's cards (a tuple per seat, in display order);
    - ``stock``: the face-down stock, top card first;
    - ``trick``: the cards played to the current trick, as ``(seat, card)`` pairs (empty
      between tricks: a trick is settled as soon as its second card is played);
    - ``led_suit``: the suit the current trick was led in (the declaration when the ace of
      spades led), None between tricks; ``declaration``: ``"S"``/``"H"`` when the ace of
      spades led the trick, else None;
    - ``won``: each seat's won cards, in the order won;
    - ``last_trick``: the last settled trick as ``(seat, card)`` pairs, its winner being
      ``leader``;
    - ``tricks_played``; ``leader``: the seat that leads (or led) the current trick;
    - ``points``: each seat's points from the cards it has won (also ``scores``).
    """

    __slots__ = ()
    _game: TwoTenJack
    _position: TwoTenJackPosition

    stock: Read[tuple[Card, ...]] = Read()
    """The cards left in the stock, top card first."""
    led_suit: Read[str | None] = Read()
    """The led suit of the current trick (a led ace's declaration), None between tricks."""
    won: Read[tuple[tuple[Card, ...], ...]] = Read()
    """Each seat's won cards, in the order won."""
    tricks_played: Read[int] = Read()
    """How many tricks have been settled."""
    leader: Read[int] = Read()
    """The seat that leads (or led) the current trick."""
    points: Read[tuple[int, int]] = Read()
    """Each seat's points from the cards it has won."""

    @property
    def game(self) -> TwoTenJack:
        """The game (rules and options) this hand is played under."""
        return self._game

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Both seats' cards, in display order."""
        position = self._position
        return (position.hand(0), position.hand(1))

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick as ``(seat, card)`` pairs: the led card, or nothing."""
        position = self._position
        if position.led < 0:
            return ()
        return ((1 - position.to_move, CARDS[position.led]),)  # type: ignore[operator]

    @property
    def declaration(self) -> str | None:
        """How a led ace of spades was declared ("S" or "H"), else None."""
        position = self._position
        return suit_letter(position.led_suit) if position.led == ACE_OF_SPADES.order else None

    @property
    def last_trick(self) -> tuple[tuple[int, Card], ...]:
        """The last settled trick, as ``(seat, card)`` pairs: the last two cards its winner,
        the ``leader`` now, has won."""
        position = self._position
        led = position.last_leader
        if led < 0:
            return ()
        pile = position.won[position.leader]
        return ((led, pile[-2]), (1 - led, pile[-1]))

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock."""
        return stock_size(self._position.stock)

    def trick_settled(self) -> Trick | None:
        """The trick the last move settled (its second card), or None."""
        parent = self._parent
        if not isinstance(parent, TwoTenJackState) or parent.tricks_played == self.tricks_played:
            return None
        (leader, led), (_, followed) = self.last_trick
        return Trick(leader, (led, followed), self._position.leader)

    def hand(self, seat: int) -> Hand:
        """The cards in ``seat``'s hand, in display order."""
        return Hand(self._position.hand(self._game._check_seat(seat)))

    def score_breakdown(self, seat: int) -> list[tuple[Card, int]]:
        """The scoring cards ``seat`` has won, with their points, in display order."""
        return score_breakdown(self._position.won[self._game._check_seat(seat)])

    def score_text(self, seat: int) -> str:
        """``seat``'s score in words: "JH +5, 2C -5, 6D +1: 1 point"."""
        return breakdown_text(self.score_breakdown(seat), self.points[seat])

    # ---------------------------------------------------------------- refusals
    def _why_not(self, move: Move) -> str:
        seat = self.current_player
        hand = self.hand(seat)  # type: ignore[arg-type]
        card = move.card
        if move.targets:
            return f"{move}: a Two-Ten-Jack move is a card alone (and AS=S or AS=H to lead the ace)"
        if card not in hand:
            return f"{card} is not in seat {seat}'s hand (it holds {cards_text(hand)})"
        trick = self.trick
        if card is not ACE_OF_SPADES:
            if move.declare is not None:
                return (
                    f"{move}: only the ace of spades is declared, when it leads a trick; "
                    f"play it as {card}"
                )
        elif not trick and move.declare is None:
            return "leading the ace of spades, say whether it is a spade or a trump: AS=S or AS=H"
        elif trick and move.declare is not None:
            return (
                f"{move}: the ace of spades is declared only when it leads a trick; "
                "to follow with it, play AS"
            )
        if trick:
            position = self._position
            held = position.hands[seat]  # type: ignore[index]
            return _follow_reason(held, position.led_suit, self.declaration, card)
        return f"{move} is not a legal move here"  # pragma: no cover - every lead is legal

    # ---------------------------------------------------------------- narration
    def _narrate(self, before: Position, move: Move) -> tuple[Event, ...]:
        assert isinstance(before, TwoTenJackPosition)
        facts: list[Fact] = []
        before.copy().play(move, facts)
        return describe(facts)

    def _deal_events(self) -> tuple[Event, ...]:
        position = self._position
        dealer, leader = position.dealer, position.leader
        text = (
            f"Seat {dealer} deals {HAND_SIZE} cards to each player, one at a time starting "
            f"with seat {leader}; the other {stock_size(position.stock)} cards form the stock. "
            f"Seat {leader} leads."
        )
        return (Event("deal", dealer, text),)

    # ---------------------------------------------------------------- values and looks
    @property
    def plays(self) -> tuple[Play, ...]:
        """Every card played in this hand so far, oldest first, as both seats saw it."""
        plays: tuple[Play, ...] | None = self.memo("plays")
        if plays is None:
            parent, move = self._parent, self._move
            if parent is None or move is None:
                plays = ()
            else:
                assert isinstance(parent, TwoTenJackState)
                before = parent._position
                assert isinstance(before, TwoTenJackPosition) and before.to_move is not None
                led = suit_letter(before.led_suit)
                played = Play(before.tricks_played, before.to_move, move.card, led)
                plays = (*parent.plays, played)
            self.remember("plays", plays)
        return plays

    def view(self, seat: int) -> TwoTenJackView:
        """What ``seat`` may see: its own hand, the trick, the won piles, the stock's size and
        every card played (from which it knows the suits a seat was shown to lack)."""
        return view_of(TwoTenJackView, self, seat, voids=self._voids())

    def _voids(self) -> tuple[tuple[tuple[int, str], ...], ...]:
        """For each seat, the suits its plays showed it to lack, as ``(trick, led suit)``, in
        the order shown (see :func:`shown_void`): the parent state's, and this move's."""
        voids: tuple[tuple[tuple[int, str], ...], ...] | None = self.memo("voids")
        if voids is None:
            parent = self._parent
            if parent is None or self._move is None:
                voids = ((), ())
            else:
                assert isinstance(parent, TwoTenJackState)
                voids = parent._voids()
                play = self.plays[-1]
                shown = tuple((play.trick, suit) for suit in shown_void(play))
                if shown:
                    seat = play.seat
                    voids = (
                        (voids[0] + shown, voids[1]) if seat == 0 else (voids[0], voids[1] + shown)
                    )
            self.remember("voids", voids)
        return voids

    def layout(self, show: Iterable[int] | None = None) -> list[Row]:
        """Rows that picture the state: the hands, the trick, the last trick, the stock and
        each seat's won cards with their points."""
        shown = self._game._shown_seats(show)
        hands = self.hands
        face_up = {seat: hands[seat] for seat in range(2) if seat in shown}
        sizes = (len(hands[0]), len(hands[1]))
        return _layout_rows(self, face_up, sizes, len(self.stock))


def _follow_reason(hand: int, led: int, declaration: str | None, card: Card) -> str:
    """Why ``card`` may not follow from ``hand`` (a card set) when the suit with index ``led``
    was led, in words (rule 3.4, as :func:`cards_to_follow` has it)."""
    suit = SUITS[led]
    what_was_led = led_words(suit, declaration)
    if can_follow(hand, led):
        kind = "a trump" if led == HEARTS else f"a {suit_word(suit)}"
        same = cards_text(cards_ace_high(cards_of_led_suit(hand, led)))
        return f"you hold {kind} ({same}), and {what_was_led}: the {card.name} may not be played"
    trumps = cards_text(cards_ace_high(trumps_in(hand)))
    return (
        f"you hold no {suit_word(suit)} but you hold a trump ({trumps}), and "
        f"{what_was_led}: you must trump, and the {card.name} is not a trump"
    )


def _layout_rows(
    state: TwoTenJackState | TwoTenJackView,
    face_up: Mapping[int, Sequence[Card]],
    sizes: Sequence[int],
    stock_size: int,
) -> list[Row]:
    """The rows of a layout, for a state or a view: the ``face_up`` hands shown, the others
    as ``sizes`` card backs."""
    rows = []
    for seat in range(2):
        size = sizes[seat]
        notes = []
        if seat == state.dealer:
            notes.append("dealer")
        if seat == state.current_player:
            notes.append("to lead" if not state.trick else "to follow")
        if state.is_over and seat == state.winner:
            notes.append("wins the hand")
        notes.append(f"{size} cards")
        shown = seat in face_up
        rows.append(
            Row(
                f"Seat {seat}",
                tuple(face_up[seat]) if shown else (),
                0 if shown else size,
                ", ".join(notes),
                seat=seat,
                highlight=seat == state.current_player,
            )
        )
    if state.trick:
        led_seat = state.trick[0][0]
        assert state.led_suit is not None
        note = f"seat {led_seat} led; led: {led_note(state.led_suit, state.declaration)}"
    else:
        note = "empty" if state.is_over else f"empty: seat {state.leader} leads"
    rows.append(Row("Trick", tuple(card for _, card in state.trick), note=note))
    if state.last_trick:
        last_seat = state.last_trick[0][0]
        rows.append(
            Row(
                "Last trick",
                tuple(card for _, card in state.last_trick),
                note=f"seat {last_seat} led, seat {state.leader} won",
            )
        )
    rows.append(Row("Stock", face_down=stock_size, note=f"{stock_size} cards"))
    for seat in range(2):
        won = state.won[seat]
        tricks = len(won) // 2
        score = breakdown_text(state.score_breakdown(seat), state.points[seat])
        rows.append(
            Row(
                f"Seat {seat} won",
                won,
                note=f"{tricks} {'trick' if tricks == 1 else 'tricks'}; {score}",
                seat=seat,
            )
        )
    return rows


# --------------------------------------------------------------------------- the view


@dataclass(frozen=True, slots=True, repr=False)
class TwoTenJackView(View):
    """What one seat may see of a Two-Ten-Jack hand.

    Beyond :class:`~cardlab.engine.core.View`: ``trick``, ``led_suit``, ``declaration``, ``won``
    (both won piles: won cards are public), ``last_trick``, ``points``, ``stock_size``,
    ``tricks_played``, ``leader`` and ``winner``. The other hand and the stock's order are
    not kept.
    """

    game: TwoTenJack
    """The game being played."""
    trick: tuple[tuple[int, Card], ...]
    """The cards played to the current trick, as (seat, card) pairs."""
    led_suit: str | None
    """The led suit of the current trick (a led ace's declaration), None between tricks."""
    declaration: str | None
    """How a led ace of spades was declared ("S" or "H"), else None."""
    won: tuple[tuple[Card, ...], ...]
    """Each seat's won cards, in the order won."""
    last_trick: tuple[tuple[int, Card], ...]
    """The last settled trick, as (seat, card) pairs."""
    points: tuple[int, int]
    """Each seat's points from the cards it has won."""
    stock_size: int
    """How many cards are left in the stock."""
    tricks_played: int
    """How many tricks have been settled."""
    leader: int
    """The seat that leads (or led) the current trick."""
    winner: int | None
    """The winner of the hand once it is over (None on a tie or while it goes on)."""
    plays: tuple[Play, ...]
    """Every card played so far, oldest first: its trick, its seat and the suit it followed."""
    voids: tuple[tuple[tuple[int, str], ...], ...]
    """For each seat, the suits it was shown to lack, as ``(trick, led suit)``: in that trick it
    held no card that follows that suit (the trumps, for ``"H"``). It may have drawn some since."""

    history_fields = ("events", "plays", "voids")
    """The fields made from the hand's history (a world dealt by :meth:`determinize` has none)."""

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far: both won piles, then the current trick."""
        return self.won[0] + self.won[1] + tuple(card for _, card in self.trick)

    def unseen_cards(self) -> list[Card]:
        """The cards this seat cannot see: the other hand and the stock, in display order."""
        seen = set(self.hand) | set(self.played)
        return [card for card in DECK if card not in seen]

    def score_breakdown(self, seat: int) -> list[tuple[Card, int]]:
        """The scoring cards ``seat`` has won, with their points, in display order."""
        return score_breakdown(self.won[self.game._check_seat(seat)])

    def layout(self) -> list[Row]:
        """Rows that picture what this seat sees: its own hand face up, the other face down."""
        return _layout_rows(self, {self.seat: self.hand}, self.hand_sizes, self.stock_size)

    def could_hold(self, seat: int, hand: Sequence[Card]) -> bool:
        """True when ``seat`` could hold ``hand`` now, given every card it played and every
        suit it was shown to lack: each card it ever held came in the deal or in a draw after a
        trick, before the trick it was played in, and after the last trick in which the seat
        was shown to lack its suit. (A matching of cards to arrivals, found earliest deadline
        first.)"""
        seat = self.game._check_seat(seat)
        voids = self.voids[seat]
        held = [(play.trick, play.card) for play in self.plays if play.seat == seat]
        held += [(TRICKS, card) for card in hand]  # held now: it may stay to the end
        windows = []
        for played_in, card in held:
            shown = [
                trick for trick, suit in voids if trick < played_in and follows_suit(card, suit)
            ]
            windows.append((max(shown, default=-1), played_in - 1))  # (first, last) arrival
        windows.sort()
        arrivals = [-1] * HAND_SIZE + list(range(min(self.tricks_played, DRAWING_TRICKS)))
        # A view without the hand's history (that of a world dealt by determinize) knows fewer
        # cards than arrivals: the arrivals of the cards it does not know may go to any card.
        unknown = len(arrivals) - len(held)
        waiting: list[int] = []  # the last arrivals of the cards that could come now
        next_card = 0
        for arrival in arrivals:
            while next_card < len(windows) and windows[next_card][0] <= arrival:
                heappush(waiting, windows[next_card][1])
                next_card += 1
            if not waiting and unknown > 0:
                unknown -= 1
                continue
            if not waiting or heappop(waiting) < arrival:
                return False
        return next_card == len(windows) and not waiting

    def determinize(self, rng: random.Random | int | None = None) -> TwoTenJackState:
        """A full state that agrees with this view, drawn exactly as a shuffled deck would
        give it: the probability of a world (the other hand, then the stock's order) is
        proportional to the number of deck orders that deal and draw every card this view has
        seen where it was seen, and the other hand's cards in a way its plays and the suits it
        was shown to lack allow (see :meth:`could_hold`).

        While the other seat has shown no void, every hand of the unseen cards is as likely as
        any other: the unseen cards are shuffled and the first ones dealt to it. After a void
        the hands are weighted: a hand whose cards could have arrived in more ways is more
        likely (see :func:`hand_weights`); the hand is drawn by those weights, then the stock
        is shuffled."""
        rng = as_rng(rng)
        unseen = self.unseen_cards()
        other = 1 - self.seat
        other_size = self.hand_sizes[other]
        if not self.voids[other]:
            shuffle(rng, unseen)  # nothing but sizes is known: a plain shuffle and deal
        else:
            unseen = _weighted_deal(self, other, unseen, rng)
        hands: list[Sequence[Card]] = [(), ()]
        hands[self.seat] = self.hand
        hands[other] = unseen[:other_size]
        position = from_view(  # the won piles, the counts and the seats as the view shows them
            TwoTenJackPosition,
            self,
            hands=(card_set(hands[0]), card_set(hands[1])),
            stock=stock_code(unseen[other_size:]),
            led=self.trick[0][1].order if self.trick else -1,
            led_suit=-1 if self.led_suit is None else _SUIT_INDEX[self.led_suit],
            last_leader=self.last_trick[0][0] if self.last_trick else -1,
        )
        return TwoTenJackState(self.game, position)


# --------------------------------------------------------------------------- exact worlds


def release(voids: Sequence[tuple[int, str]], card: Card, before: int) -> int:
    """The first moment ``card`` may have arrived in the hand of a seat shown ``voids`` if it
    held it at trick ``before``: -1 (the deal), or the last trick before ``before`` in which the
    seat was shown to lack a suit the card follows (the card was drawn after that trick)."""
    return max(
        (trick for trick, suit in voids if trick < before and follows_suit(card, suit)), default=-1
    )


@lru_cache(maxsize=512)
def hand_weights(
    history: tuple[tuple[int, int], ...],
    tricks_played: int,
    pool: tuple[tuple[int, int], ...],
    size: int,
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """How many deck orders give each make-up of a hidden hand, for :meth:`determinize`.

    A card's *release* is the first moment it may have arrived (-1: the deal; ``t``: drawn
    after trick ``t``). ``history`` lists, for each card the seat played, ``(trick, release)``;
    ``pool`` lists ``(release, count)``: how many unseen cards have each release (the cards
    the hand is drawn from); ``size`` is the hand's size. The answer lists, for each way to
    take ``size`` cards from the pool (a count per release, in ``pool``'s order), the number
    of deck orders that give one particular hand of that make-up (all such hands are alike).

    Every card of the seat arrived once, in the deal or in a draw after one of the first 20
    tricks, no earlier than its release and before it was played; the cards held now were
    never played. Going back in time from now, undoing each draw takes away one card that
    may have arrived then (as many ways as such cards), and undoing a play gives the card
    back; a card may not stay in the hand to before its release. A card's identity matters
    then only through its release, so the count follows the number of cards held per release:
    a few hundred such states at most."""
    releases = sorted({r for r, _ in pool} | {r for _, r in history} | {-1})
    steps = _steps_back(history, tricks_played, releases)
    counts: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(step: int, held: tuple[int, ...]) -> int:
        if step == len(steps):  # the deal: every card left must have been dealt
            return 1 if all(n == 0 for r, n in zip(releases, held, strict=True) if r > -1) else 0
        key = (step, held)
        found = counts.get(key)
        if found is None:
            found = counts[key] = _ways_before(steps[step], held, releases, partial(ways, step + 1))
        return found

    answer = []
    index = {r: i for i, r in enumerate(releases)}
    for make_up in _make_ups([count for _, count in pool], size):
        held = [0] * len(releases)
        for (r, _), n in zip(pool, make_up, strict=True):
            held[index[r]] += n
        answer.append((make_up, ways(0, tuple(held))))
    return tuple(answer)


def _steps_back(
    history: tuple[tuple[int, int], ...], tricks_played: int, releases: Sequence[int]
) -> list[tuple[str, int]]:
    """The steps of :func:`hand_weights` from now back to the deal: ``("play", i)`` gives back
    a card of the ``i``-th release, ``("draw", trick)`` undoes the draw after ``trick``."""
    index = {r: i for i, r in enumerate(releases)}
    played = {trick: index[r] for trick, r in history}
    steps: list[tuple[str, int]] = []
    if tricks_played in played:  # the seat led the current trick
        steps.append(("play", played[tricks_played]))
    for trick in range(tricks_played - 1, -1, -1):
        if trick < DRAWING_TRICKS:
            steps.append(("draw", trick))
        steps.append(("play", played[trick]))
    return steps


def _ways_before(
    step: tuple[str, int],
    held: tuple[int, ...],
    releases: Sequence[int],
    earlier: Callable[[tuple[int, ...]], int],
) -> int:
    """The deck orders that lead to ``held`` (cards held per release) through ``step`` of
    :func:`_steps_back`, given ``earlier``: the count for the holdings before it."""
    what, value = step
    if what == "play":  # the card played comes back
        changed = list(held)
        changed[value] += 1
        return earlier(tuple(changed))
    total = 0  # undo the draw after trick `value`: a card that may have come then leaves
    for i, r in enumerate(releases):
        if r > value or held[i] == 0:
            continue
        changed = list(held)
        changed[i] -= 1
        if any(n and releases[j] >= value for j, n in enumerate(changed)):
            continue  # a card would stay in the hand to before its release
        total += held[i] * earlier(tuple(changed))
    return total


def _make_ups(limits: Sequence[int], size: int) -> Iterable[tuple[int, ...]]:
    """Every way to take ``size`` items from groups of ``limits`` items: a count per group."""
    if not limits:
        if size == 0:
            yield ()
        return
    first, rest = limits[0], limits[1:]
    for n in range(min(first, size) + 1):
        for tail in _make_ups(rest, size - n):
            yield (n, *tail)


def _weighted_deal(
    view: TwoTenJackView, seat: int, unseen: list[Card], rng: random.Random
) -> list[Card]:
    """The unseen cards in the order :meth:`TwoTenJackView.determinize` deals them: ``seat``'s
    hand first, drawn exactly (by :func:`hand_weights`), then the stock, shuffled."""
    voids = view.voids[seat]
    history = tuple(
        (play.trick, release(voids, play.card, play.trick))
        for play in view.plays
        if play.seat == seat
    )
    groups: dict[int, list[Card]] = {}
    for card in unseen:
        groups.setdefault(release(voids, card, TRICKS + 1), []).append(card)
    order = sorted(groups)
    pool = tuple((r, len(groups[r])) for r in order)
    size = view.hand_sizes[seat]
    weights = [
        (
            make_up,
            ways
            * math.prod(math.comb(len(groups[r]), n) for r, n in zip(order, make_up, strict=True)),
        )
        for make_up, ways in hand_weights(history, view.tricks_played, pool, size)
    ]
    total = sum(weight for _, weight in weights)
    if total == 0:
        raise AssertionError("no hand agrees with this view: the engine has a bug")
    pick = rng.randrange(total)
    chosen = weights[-1][0]
    for make_up, weight in weights:
        if pick < weight:
            chosen = make_up
            break
        pick -= weight
    hand: list[Card] = []
    rest: list[Card] = []
    for r, n in zip(order, chosen, strict=True):
        cards = list(groups[r])
        shuffle(rng, cards)
        hand += cards[:n]
        rest += cards[n:]
    shuffle(rng, rest)
    return hand + rest
