"""Chinese Ten: a fishing (capture) game for 2 to 4 players, with Black Frog scoring
(docs/rules.md, Chinese Ten).

A card from the hand, then the top card of the stock, each capture one table card that makes 10
with it (A-9, 2-8, 3-7, 4-6, 5-5; tens and court cards take their own rank). Points come from the
cards won, counted at the end by one of three schemes: ``"red"``, ``"pagat"`` or ``"black-frog"``.

>>> import cardlab
>>> game = cardlab.game("chinese-ten", players=3)
>>> state = game.deal(seed=1)
>>> len(state.hand(0)), len(state.table), len(state.stock)
(8, 4, 24)
>>> scheme_total("black-frog", 3), card_points("AS", "red", 3)
(218, 30)

The module follows the rules in their order: the deck and the deal (2.1), capture values (2.2),
a turn (2.3), the layout rules (2.4), the end of the hand (2.5), scoring (2.6) and the match
(2.7). How it
reads the rules where they leave a choice:

- **Deal order** (2.1). The 52 cards are shuffled with the deal's ``random.Random``; the first
  ``24`` are dealt one at a time clockwise starting left of the dealer (so each player gets
  24 / n), the next 4 are the layout, and the last 24 are the stock, the first of them on top.
  A deal from given cards lists the stock top card first.
- **A turn is one or two moves.** The first move plays a hand card. When it can capture exactly
  one table card, or none, the move is the card alone (``"3H"``). When it can capture two or more,
  the player says which (``"3H>7C"``, ``"3H>7S"``; two cards of one rank are two choices) and the
  card alone is refused. The engine then turns up the stock's top card by itself (chance from the
  deal). It resolves by itself unless it can capture two or more table cards: then the same
  player makes a second move, naming the turned-up card and its target (``"7S>3C"``), while
  ``state.pending`` holds that card. A target is never accepted where there is no choice, so every
  move has exactly one text.
- **The layout triple** (2.4). If the initial layout holds three of a rank among 5 T J Q K, those
  three stay on the table until the fourth card of the rank comes (no other card can capture them,
  and 5-5 is overridden), and that fourth card takes all three in one move with no choice.
  ``state.triple`` names the rank until then, and is None afterwards.
- **Four of a kind** in the initial layout (5 T J Q K) go to the dealer's won pile before play.
- **Orders.** The table keeps the order the cards arrived in (the layout first, in display
  order), and a won pile the order of its captures (each capturing card, then what it took).
  Positions hold them as card sets, so the same cards reached in another order are the same
  position; a state works the orders out from its moves when they are read (:class:`Orders`).
  Where a card has several targets, the moves list them in display order (suit, then rank),
  and so does ``state.targets(card)``.
- **Winner of a hand**: the seat with the highest hand score, or None on a tie for the highest.
- **Match** (2.7): a finished hand adds each seat's hand score to its total (the dealer moves one
  seat clockwise); when some total is at or above ``target``, the highest total wins, and an exact
  tie for the highest plays another hand.
- **Scoring** (2.6): with ``"pagat"`` the ace of spades scores 0 with 2 players; the ace of clubs
  scores 0 in every scheme except ``"pagat"`` with 4 players (40). ``par`` is total / players, a
  float (218 / 3 is not whole).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, NamedTuple

from cardlab.engine import notation
from cardlab.engine.cards import RANK_NAMES, RANKS, Card, Hand, full_deck
from cardlab.engine.cardsets import (
    CARDS,
    MOVES,
    RANK_MASKS,
    bits_in,
    card_set,
    cards_in,
    cards_of_rank,
    ranks_held_twice,
    size,
)
from cardlab.engine.core import Game, State, View, sole_leader
from cardlab.engine.deals import check_each_card_once, check_keys, parse_hands, parse_pile
from cardlab.engine.errors import OptionError
from cardlab.engine.fields import ELSEWHERE, Read, derive_copy, from_view, key_of, spec, view_of
from cardlab.engine.moves import PLAIN_MOVES, Event, Move, Outcome, Row
from cardlab.engine.options import option
from cardlab.engine.positions import Position
from cardlab.engine.randomness import as_rng, shuffle
from cardlab.engine.words import and_list, or_list, plural, shortened, with_article

SCORING_CHOICES = ("red", "pagat", "black-frog")
"""The values of the ``scoring`` option (rule 2.6)."""

TRIPLE_RANKS = "5TJQK"
"""The ranks whose three or four cards in the initial layout have a rule of their own (2.4)."""

TRIPLE_RANK_INDICES = tuple(RANKS.index(rank) for rank in TRIPLE_RANKS)
"""The same ranks as rank indices (0 for aces .. 12 for kings)."""

LAYOUT_SIZE = 4
"""Cards dealt face up to the table."""

STOCK_SIZE = 24
"""Cards in the stock; the hands hold the other 24 between them."""

DECK: tuple[Card, ...] = tuple(full_deck())
"""The 52 cards, in display order."""


_display_order = attrgetter("order")


# --------------------------------------------------------------------------- 2. capture values


def capture_rank(card: Card) -> str:
    """The rank that ``card`` captures (rule 2.2): the rank adding up to 10 with it for A..9, its
    own rank for T, J, Q and K.

    >>> [capture_rank(Card.parse(text)) for text in ("3H", "AS", "5C", "QD")]
    ['7', '9', '5', 'Q']
    """
    if card.number >= 10:
        return card.rank
    return RANKS[10 - card.number - 1]


WANTED: dict[Card, int] = {card: RANKS.index(capture_rank(card)) for card in DECK}
"""The rank each card captures, as a rank index (0 for aces .. 12 for kings)."""

CAPTURED_BY: dict[Card, int] = {card: RANK_MASKS[WANTED[card]] for card in DECK}
"""The cards each card can capture, as a card set (:mod:`cardlab.engine.cardsets`): the four cards
of the rank it captures, which are also the cards that capture one of its own rank."""

ALL_CARDS = (1 << 52) - 1
"""The card set of the whole deck."""

OWN_RANK: dict[Card, int] = {card: RANK_MASKS[card.number - 1] for card in DECK}
"""The four cards of each card's own rank, as a card set."""

OTHER_RANKS: dict[Card, int] = {card: ALL_CARDS & ~OWN_RANK[card] for card in DECK}
"""Every card not of each card's own rank, as a card set."""

ONE_CARD: dict[Card, int] = {card: 1 << card.order for card in DECK}
"""Each card's one-card set (:func:`cardlab.engine.cardsets.bit`), looked up rather than shifted."""


CARD_FACTS: dict[Card, tuple[int, int, int, int]] = {
    card: (ONE_CARD[card], CAPTURED_BY[card], OWN_RANK[card], OTHER_RANKS[card]) for card in DECK
}
"""Each card's ``ONE_CARD``, ``CAPTURED_BY``, ``OWN_RANK`` and ``OTHER_RANKS`` in one look-up, for
the random playouts (:func:`random_playout`)."""


def capture_targets(card: Card, table: int) -> int:
    """The cards of the card set ``table`` that ``card`` can capture (rule 2.2): those of the
    rank adding up to 10 with it (its own rank for T, J, Q, K); of a layout triple, all three.

    >>> from cardlab.engine.cards import parse_cards
    >>> from cardlab.engine.cardsets import card_set, cards_in
    >>> cards_in(capture_targets(Card.parse("3H"), card_set(parse_cards("7C 9D 7S"))))
    [Card('7C'), Card('7S')]
    """
    return table & CAPTURED_BY[card]


def has_choice(targets: int, triple: int) -> bool:
    """True when a card whose :func:`capture_targets` are ``targets`` must say which one it
    takes: two or more of them, unless they are the layout triple ``triple`` (a card set, empty
    when there is none), which is taken whole (rule 2.4)."""
    return targets & (targets - 1) != 0 and targets != triple


def choosers_on(table: int, triple: int) -> int:
    """The cards that would have a choice of target on ``table`` (see :func:`has_choice`): the
    cards capturing a rank that the table holds twice or more, the layout ``triple``'s rank
    left out. A position keeps this up to date as cards come and go (``position.choosers``)."""
    choosers = 0
    twice = ranks_held_twice(table & ~triple)
    for rank in bits_in(twice) if twice else ():
        choosers |= CAPTURED_BY[CARDS[rank]]  # who captures a rank is what a card of it captures
    return choosers


def targets_on(card: Card, table: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of ``table`` that ``card`` can capture (a layout triple: all three), in display
    order."""
    return cards_of(capture_targets(card, card_set(table)))


class _CardsOf(dict[int, tuple[Card, ...]]):
    """The cards of a card set in display order, by the set: worked out the first time a set is
    asked for (``__missing__``), then looked up. Only for the few sets a card can take (one
    card, or some cards of one rank): at most 13 x 15 entries."""

    def __missing__(self, cards: int) -> tuple[Card, ...]:
        found = self[cards] = tuple(cards_in(cards))
        return found


_TAKEN = _CardsOf()


def cards_of(taken: int) -> tuple[Card, ...]:
    """The cards of ``taken``, a card set of one rank (what a card captures), in display order."""
    return _TAKEN[taken]


TARGET_MOVES: dict[tuple[Card, Card], Move] = {
    (card, other): notation.make(card, (other,))
    for card in DECK
    for other in DECK
    if other is not card and other.rank == capture_rank(card)
}
"""Every move "card>target" the rules can ask for, made once."""


def target_move(card: Card, target: Card) -> Move:
    """The move ``card>target``: ``card`` captures ``target``, one of several it could take."""
    return TARGET_MOVES.get((card, target)) or notation.make(card, (target,))


class _ChoicesOf(dict[tuple[Card, int], tuple[Move, ...]]):
    """The moves ``card>target`` for a card and a set of its targets, in the targets' display
    order: worked out the first time (``__missing__``), then looked up (at most 52 x 15
    entries: a card's targets are some of the four cards of one rank)."""

    def __missing__(self, key: tuple[Card, int]) -> tuple[Move, ...]:
        card, targets = key
        moves = self[key] = tuple([TARGET_MOVES[card, other] for other in cards_of(targets)])
        return moves


_CHOICES = _ChoicesOf()


def choice_moves(card: Card, targets: int) -> tuple[Move, ...]:
    """The moves that name each of ``targets`` (a card set) as what ``card`` captures, in
    display order: ``3H>7C``, ``3H>7S``."""
    return _CHOICES[card, targets]


# --------------------------------------------------------------------------- 6. scoring


def _scheme_points(card: Card, scoring: str, players: int) -> int:
    """The points of one card under one scheme (rule 2.6), before any validation."""
    if scoring == "black-frog":
        if card.is_red:
            return 0
        if card.rank == "A":
            return 50 if card.suit == "S" else 0
        return card.number if card.number <= 9 else 10
    if card.is_red:
        if card.rank == "A":
            return 20
        return card.number if card.number <= 8 else 10
    if card.rank != "A":
        return 0
    if card.suit == "S":
        return 0 if scoring == "pagat" and players == 2 else 30
    return 40 if scoring == "pagat" and players == 4 else 0


_POINTS: dict[tuple[str, int], dict[Card, int]] = {
    (scoring, players): {card: _scheme_points(card, scoring, players) for card in DECK}
    for scoring in SCORING_CHOICES
    for players in range(2, 5)
}


Scheme = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A scheme's points of cards won, made to count card sets: for each suit, the points of every
subset of its 13 cards, by the subset's 13 bits (see :func:`pile_points`)."""

_SCHEMES: dict[tuple[str, int], Scheme] = {}


def _suit_points(values: Mapping[Card, int], suit: int) -> tuple[int, ...]:
    """The points of each subset of one suit's cards, by its 13 bits, from each card's."""
    cards = DECK[13 * suit : 13 * suit + 13]
    points = [0] * (1 << 13)
    for subset in range(1, 1 << 13):
        low = subset & -subset  # the subset is its lowest card and a smaller subset
        points[subset] = points[subset ^ low] + values[cards[low.bit_length() - 1]]
    return tuple(points)


def scheme(scoring: str, players: int) -> Scheme:
    """The points of ``scoring`` with ``players`` players, made to count card sets (worked out
    the first time a scheme is asked for, then shared)."""
    found = _SCHEMES.get((scoring, players))
    if found is None:
        values = points_table(scoring, players)
        clubs, diamonds, hearts, spades = (_suit_points(values, suit) for suit in range(4))
        found = _SCHEMES[(scoring, players)] = (clubs, diamonds, hearts, spades)
    return found


def pile_points(pile: int, counted: Scheme) -> int:
    """The points of the cards of the card set ``pile`` under the scheme ``counted`` (rule 2.6):
    the sum of its cards' points, looked up suit by suit.

    >>> from cardlab.engine.cardsets import card_set
    >>> pile_points(card_set(Card.parse(c) for c in ("AS", "7H", "9C")), scheme("red", 3))
    37
    """
    clubs, diamonds, hearts, spades = counted
    return (
        clubs[pile & 0x1FFF]
        + diamonds[pile >> 13 & 0x1FFF]
        + hearts[pile >> 26 & 0x1FFF]
        + spades[pile >> 39]
    )


def _check_scheme(scoring: object, players: object) -> None:
    if scoring not in SCORING_CHOICES:
        raise OptionError(
            f"scoring must be one of {', '.join(SCORING_CHOICES)}, not {shortened(scoring)}"
        )
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise OptionError(f"Chinese Ten is for 2 to 4 players, not {shortened(players)}")


def points_table(scoring: str = "red", players: int = 3) -> dict[Card, int]:
    """Every card's points under ``scoring`` with ``players`` players (a shared dict: read it,
    do not change it)."""
    _check_scheme(scoring, players)
    return _POINTS[(scoring, players)]


def card_points(card: Card | str, scoring: str = "red", players: int = 3) -> int:
    """The points ``card`` scores in a won pile (rule 2.6).

    >>> card_points("7H"), card_points("AS", "pagat", 2), card_points("AC", "pagat", 4)
    (7, 0, 40)
    >>> [card_points(text, "black-frog") for text in ("AS", "9C", "9H", "AC")]
    [50, 9, 0, 0]
    """
    return points_table(scoring, players)[Card.parse(card)]


def scheme_total(scoring: str = "red", players: int = 3) -> int:
    """The points of the whole deck, which the players' hand scores add up to.

    >>> [scheme_total("pagat", n) for n in (2, 3, 4)]
    [210, 240, 280]
    >>> scheme_total("red"), scheme_total("black-frog")
    (240, 218)
    """
    return sum(points_table(scoring, players).values())


def par(scoring: str = "red", players: int = 3) -> float:
    """A fair share of a hand's points: the scheme's total / players (80.0 for 3 players, red)."""
    return scheme_total(scoring, players) / players


def breakdown(
    cards: Iterable[Card], scoring: str = "red", players: int = 3
) -> list[tuple[Card, int]]:
    """The cards among ``cards`` that score, with their points, in display order."""
    points = points_table(scoring, players)
    scored = [(card, points[card]) for card in cards if points[card]]
    scored.sort(key=lambda pair: pair[0].order)
    return scored


def breakdown_text(scored: Iterable[tuple[Card, int]]) -> str:
    """A breakdown as text: ``"7H: 7, QD: 10, AS: 30"`` (``"nothing"`` when it is empty)."""
    text = ", ".join(f"{card}: {points}" for card, points in scored)
    return text or "nothing"


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class ChineseTen(Game):
    """Chinese Ten, with its options (docs/rules.md, Chinese Ten).

    - ``players``: 2 to 4 (default 3); each gets 24 / players cards.
    - ``scoring``: ``"red"`` (default), ``"pagat"`` or ``"black-frog"`` (rule 2.6).
    - ``target``: a match is won, at the end of a hand, by the highest total once some total is
      at or above this (default 1000).
    """

    name = "chinese-ten"
    title = "Chinese Ten"
    min_players = 2
    max_players = 4

    players: int = option(3, "the number of players; each gets 24 / players cards")
    scoring: str = option(
        "red", "which cards score: red, pagat or black-frog", choices=SCORING_CHOICES
    )
    target: int = option(1000, "match points that end the match", minimum=1, unit="points")

    @property
    def cards(self) -> list[Card]:
        """The deck: all 52 cards, in display order."""
        return list(DECK)

    @property
    def hand_size(self) -> int:
        """How many cards each player is dealt: 24 / players."""
        return STOCK_SIZE // self.players

    @property
    def points(self) -> dict[Card, int]:
        """Every card's points under this game's scheme (shared: do not change it)."""
        return _POINTS[(self.scoring, self.players)]

    @property
    def total(self) -> int:
        """The points of a whole hand: what the hand scores add up to."""
        return scheme_total(self.scoring, self.players)

    @property
    def par(self) -> float:
        """A fair share of a hand's points: total / players."""
        return self.total / self.players

    def parse_move(self, text: str | Move | Card) -> Move:
        """A move from its text: a card (``"3H"``), or a card and the table card it captures
        (``"3H>7C"``)."""
        return notation.read(text)

    # ---------------------------------------------------------------- 1. the deal
    def _deal(self, rng: random.Random, dealer: int) -> ChineseTenState:
        deck = list(DECK)
        shuffle(rng, deck)
        players = self.players
        dealt = self.hand_size * players
        # One at a time clockwise from the dealer's left: seat s gets every players-th card.
        hands = [deck[(seat - dealer - 1) % players : dealt : players] for seat in range(players)]
        layout = deck[dealt : dealt + LAYOUT_SIZE]
        stock = deck[dealt + LAYOUT_SIZE :]
        return ChineseTenState(self, ChineseTenPosition.deal(self, dealer, hands, layout, stock))

    def _deal_cards(self, dealer: int, **cards: Any) -> ChineseTenState:
        check_keys(cards, self.title, ("hands", "layout", "stock"))
        hands = parse_hands(cards["hands"], self.players, self.hand_size)
        layout = parse_pile(cards["layout"], "the layout", LAYOUT_SIZE)
        stock = parse_pile(cards["stock"], "the stock", STOCK_SIZE)
        check_each_card_once(
            [(f"seat {seat}'s hand", hand) for seat, hand in enumerate(hands)]
            + [("the layout", layout), ("the stock", stock)]
        )
        return ChineseTenState(self, ChineseTenPosition.deal(self, dealer, hands, layout, stock))

    # ---------------------------------------------------------------- 7. the match
    def match_winner(self, totals: Sequence[int]) -> int | None:
        """Once some total reaches ``target``, the seat with the highest total; None while
        nobody has reached it, or on an exact tie for the highest (another hand is played)."""
        return sole_leader(totals) if max(totals) >= self.target else None

    def play_position_out(
        self, position: Position, rng: random.Random, trace: list[Move] | None = None
    ) -> Outcome:
        """Play ``position`` to the end with uniformly random moves drawn from ``rng`` and say
        how the hand ended: the same moves and draws as
        :func:`cardlab.engine.randomness.play_randomly`, faster (see :func:`random_playout`);
        ``position`` is left at the end of the hand."""
        assert isinstance(position, ChineseTenPosition)
        if position.to_move is None:
            return position.outcome()
        return random_playout(position, rng, trace)

    # ---------------------------------------------------------------- for the solver
    def solvability(self, target: State | View) -> str | None:
        """Never solved: chance takes part in every turn."""
        return (
            "Chinese Ten is not solved: a stock card is turned up on every turn, so the hand is "
            "a game of chance and its perfect play an expectation over the stock's order. Use "
            "the 'mc' agent."
        )


# --------------------------------------------------------------------------- the position


class Arrived(NamedTuple):
    """A fact for the narration: ``card`` was played (or turned up) by ``seat`` and met the
    table. ``how`` is "stays", "captures", "triple" or "choose"; ``cards`` what it took (or,
    for "choose", what it could take)."""

    seat: int
    card: Card
    turned: bool
    how: str
    cards: tuple[Card, ...]


class Chose(NamedTuple):
    """A fact: ``seat`` chose that the turned-up ``card`` captures ``target``."""

    seat: int
    card: Card
    target: Card


class Ended(NamedTuple):
    """A fact: the hand is over with these ``scores``; ``winner`` is None on a tie."""

    scores: tuple[int, ...]
    winner: int | None


Fact = Arrived | Chose | Ended
"""What the rules note while a move is played, when someone asks for the narration."""


class Orders(NamedTuple):
    """What card sets do not keep and people see: ``table``, the cards on the table in the
    order they arrived, and ``piles``, each seat's won pile in the order won (each capturing
    card, then what it took)."""

    table: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]


NOTHING_SHOWN: dict[int, Orders] = {players: Orders((), ((),) * players) for players in (2, 3, 4)}
"""The orders of an empty table and empty won piles, by the number of players."""


def orders_after(orders: Orders, facts: Sequence[Fact]) -> Orders:
    """The orders after a move whose rules noted ``facts``: a card that stays goes to the end
    of the table; a capture takes its cards off the table and puts the capturing card and
    them at the end of the seat's pile."""
    table, piles = orders.table, list(orders.piles)
    for fact in facts:
        if isinstance(fact, Arrived) and fact.how == "stays":
            table += (fact.card,)
        elif isinstance(fact, Arrived) and fact.how != "choose" or isinstance(fact, Chose):
            taken = fact.cards if isinstance(fact, Arrived) else (fact.target,)
            table = tuple([card for card in table if card not in taken])
            piles[fact.seat] += (fact.card, *taken)
    return Orders(table, tuple(piles))


def triple_rank(triple: int) -> str | None:
    """The rank of a layout triple (a card set), or None when there is none."""
    return CARDS[triple.bit_length() - 1].rank if triple else None


@derive_copy
@dataclass(slots=True, eq=False, kw_only=True)
class ChineseTenPosition(Position):
    """A Chinese Ten position, in the compact form the rules play on: card sets (see
    :mod:`cardlab.engine.cardsets`) and small ints, so that a copy copies a handful of ints.

    Beyond :class:`~cardlab.engine.positions.Position`'s fields, each declared with what it is (see
    :mod:`cardlab.engine.fields`): ``hands`` (per seat, the card set it holds), ``table`` (the card
    set face up), ``stock`` (its cards, top card first: a tuple, since its order is the chance
    of the hand, shared by every copy) and ``drawn`` (how many of them are turned up), ``won``
    (per seat, the card set of its won pile), ``scheme`` (the game's points, made to count
    card sets: see :func:`pile_points`), ``pending`` (a turned-up card whose target the player
    to move chooses), ``triple`` (the card set of a layout triple still on the table, or
    empty), ``layout`` (the four cards dealt face up, in display order) and the counts
    ``captures`` and ``choices``.

    Kept up to date as cards move, so that no move has to work it out: ``choosers``, the
    cards that would have a choice of target on this table (:func:`choosers_on`: while the hand
    to move holds none, its cards alone are the moves).

    The orders that only people see (the table in the order the cards arrived, the won piles
    in the order won) are not played along: ``first_orders`` holds them as they were where this
    line of play began (the deal, or a view made into a state), and a state works out its own
    from the moves since, when someone reads them (see :class:`Orders`).
    """

    hands: list[int] = field(metadata=spec(copy="list", seen="own"))
    hand_moves: list[list[Move]] = field(metadata=spec(copy="lists", key=False, seen="own"))
    table: int = field(default=0, metadata=spec(seen="public", shown=ELSEWHERE))  # in order
    choosers: int = field(default=0, metadata=spec(key=False, seen="public"))  # from table
    stock: tuple[Card, ...] = field(metadata=spec(key=False))  # the key has what is left
    drawn: int = field(default=0, metadata=spec(key=False, seen="public"))
    won: list[int] = field(metadata=spec(copy="list", seen="public", shown=ELSEWHERE))
    scheme: Scheme = field(metadata=spec(key=False, seen="public"))  # the game's
    pending: Card | None = field(default=None, metadata=spec(seen="public"))
    triple: int = field(default=0, metadata=spec(seen="public", shown=triple_rank))
    layout: tuple[Card, ...] = field(default=(), metadata=spec(key=False, seen="public"))
    captures: int = field(default=0, metadata=spec(key=False, seen="public"))
    choices: int = field(default=0, metadata=spec(key=False, seen="public"))
    first_orders: Orders = field(metadata=spec(key=False))

    @classmethod
    def deal(
        cls,
        game: ChineseTen,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        layout: Sequence[Card],
        stock: Sequence[Card],
    ) -> ChineseTenPosition:
        """The position after the deal and the layout rules (2.1, 2.4): left of the dealer plays."""
        shown = tuple(sorted(layout, key=_display_order))
        position = cls.empty(game, dealer, hands, tuple(stock))
        position.layout = shown
        position.to_move = (dealer + 1) % game.players
        lay_out(position, shown)
        layout_rules(position)
        if position.won[dealer]:  # the dealer took the four of a kind
            piles = tuple(shown if seat == dealer else () for seat in range(game.players))
            position.first_orders = Orders((), piles)
        else:
            position.first_orders = Orders(shown, position.first_orders.piles)
        return position

    @classmethod
    def empty(
        cls,
        game: ChineseTen,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        stock: tuple[Card, ...],
    ) -> ChineseTenPosition:
        """A position with these hands and this stock, nothing on the table nor won yet, and
        nobody to move."""
        players = game.players
        return cls(
            players=players,
            dealer=dealer,
            to_move=None,
            hands=[card_set(hand) for hand in hands],
            hand_moves=[plain_moves(hand) for hand in hands],
            stock=stock,
            won=[0] * players,
            scheme=scheme(game.scoring, players),
            first_orders=NOTHING_SHOWN[players],
        )

    def has_choice(self, card: Card) -> bool:
        """True when ``card`` can capture two or more table cards and must name one (a layout
        triple is taken whole, with no choice)."""
        return has_choice(capture_targets(card, self.table), self.triple)

    # ---------------------------------------------------------------- 3. a turn
    def legal_moves(self) -> Sequence[Move]:
        """Any card of the hand, named with its target where it has a choice (2.3, step 1); or,
        while a turned-up card waits, each card it can capture (2.3, step 2)."""
        pending = self.pending
        if pending is not None:
            return choice_moves(pending, capture_targets(pending, self.table))
        seat: int = self.to_move  # type: ignore[assignment]
        choosing = self.hands[seat] & self.choosers if self.choosers else 0
        if choosing:
            return choosing_moves(self.hand_moves[seat], choosing, self.table)
        return self.hand_moves[seat]

    def play(self, move: Move, facts: list[Fact] | None = None) -> None:
        """A turn (2.3): the hand card meets the table, then the stock's top card is turned up
        and meets it too, unless the move chooses for a waiting turned-up card; then the turn
        passes clockwise, or the hand is over (2.5). ``facts``, if given, receives what
        happened, for the narration."""
        seat: int = self.to_move  # type: ignore[assignment]
        self.moves += 1
        card, targets = move.card, move.targets
        target = None
        if targets:
            self.choices += 1
            target = targets[0]
        if self.pending is not None:
            choose(self, seat, card, target, facts)  # type: ignore[arg-type]
        else:
            self.hands[seat] ^= ONE_CARD[card]
            self.hand_moves[seat].remove(PLAIN_MOVES[card] if targets else move)
            arrive(self, seat, card, target, False, facts)
            turned = self.stock[self.drawn]
            self.drawn += 1
            if arrive(self, seat, turned, None, True, facts):
                self.pending = turned  # the same seat chooses, in a move of its own
                return
        if self.drawn < len(self.stock):  # the turn passes clockwise
            self.to_move = (seat + 1) % self.players
        else:
            end_hand(self, facts)

    # ---------------------------------------------------------------- the outcome
    def scores(self) -> tuple[int, ...]:
        """Each seat's points from its won pile (so far, while the hand goes on)."""
        counted = self.scheme
        return tuple([pile_points(pile, counted) for pile in self.won])

    def stats(self) -> tuple[tuple[str, int], ...]:
        """``captures`` (cards that captured, played or turned up; the dealer's four of a kind
        counts one) and ``choices`` (moves that named a target) so far."""
        return (("captures", self.captures), ("choices", self.choices))


def choosing_moves(plain: Sequence[Move], choosing: int, table: int) -> list[Move]:
    """The moves of a hand whose cards alone are the moves ``plain`` (in display order), with
    ``table`` face up (2.3, step 1): each card alone, but for each of the ``choosing`` cards
    (those of the hand that have a choice: see :func:`choosers_on`), one move for each of its
    targets, in its place."""
    moves = list(plain)
    while choosing:  # each choosing card, lowest first (bits_in, written out: this is hot)
        low = choosing & -choosing
        choosing ^= low
        index = low.bit_length() - 1
        card = CARDS[index]
        at = moves.index(MOVES[index])
        moves[at : at + 1] = _CHOICES[card, table & CAPTURED_BY[card]]  # choice_moves(card, ...)
    return moves


def plain_moves(cards: Iterable[Card]) -> list[Move]:
    """The moves that play ``cards`` alone, in display order: how a position keeps a hand, so
    that with no choice on the table the hand is the legal moves."""
    return [MOVES[index] for index in sorted([card.order for card in cards])]


def lay_out(position: ChineseTenPosition, cards: Iterable[Card]) -> None:
    """``cards`` are put face up on the table, where nothing was (the layout, or the table a
    view shows): the table and the cards that have a choice on it are worked out afresh."""
    position.table = card_set(cards)
    position.choosers = choosers_on(position.table, position.triple)


def arrive(
    position: ChineseTenPosition,
    seat: int,
    card: Card,
    target: Card | None,
    turned: bool,
    facts: list[Fact] | None = None,
) -> bool:
    """A card played (or ``turned`` up) meets the table (2.3): it stays, or captures for
    ``seat`` its only target, the player's ``target`` or a layout triple whole (2.4), all going
    to the seat's won pile. Returns True when it is a turned-up card with two or more targets
    and no ``target`` yet: the player must choose."""
    table = position.table
    targets = capture_targets(card, table)
    if not targets:  # it stays on the table (2.3, step 1)
        if table & OWN_RANK[card]:  # its rank is there twice now: its capturers have a choice
            position.choosers |= CAPTURED_BY[card]
        position.table = table | ONE_CARD[card]
        if facts is not None:
            facts.append(Arrived(seat, card, turned, "stays", ()))
        return False
    if target is not None:
        taken = ONE_CARD[target]
    elif has_choice(targets, position.triple):
        if facts is not None:
            facts.append(Arrived(seat, card, turned, "choose", cards_of(targets)))
        return True
    else:
        taken = targets  # its only target, or the three of a layout triple
    table = position.table = table ^ taken
    position.won[seat] |= ONE_CARD[card] | taken
    position.captures += 1
    if position.choosers & ONE_CARD[card]:  # the card had a choice: does its rank still?
        left = table & CAPTURED_BY[card]
        if left & (left - 1) == 0:  # the taken rank is no longer there twice: no choice for it
            position.choosers &= OTHER_RANKS[card]
    how = "captures"
    if position.triple and taken == position.triple:
        position.triple = 0  # the layout rule is spent
        how = "triple"
    if facts is not None:
        facts.append(Arrived(seat, card, turned, how, cards_of(taken)))
    return False


def choose(
    position: ChineseTenPosition,
    seat: int,
    card: Card,
    target: Card,
    facts: list[Fact] | None = None,
) -> None:
    """The second move of a turn: the waiting turned-up ``card`` captures the chosen
    ``target``."""
    arrive(position, seat, card, target, True)
    position.pending = None
    if facts is not None:
        facts.append(Chose(seat, card, target))


def end_hand(position: ChineseTenPosition, facts: list[Fact] | None = None) -> None:
    """After the last turn the hand is over (2.5): the stock and the hands are empty together,
    and the scores are counted (2.6)."""
    scores = position.scores()
    position.to_move = None
    position.winner = sole_leader(scores)
    if facts is not None:
        facts.append(Ended(scores, position.winner))


def layout_rules(position: ChineseTenPosition) -> None:
    """The layout rules (2.4): four of a rank among 5 T J Q K go to the dealer's won pile at once;
    three of one stay as a triple, which the fourth card takes whole."""
    if not position.choosers:  # no rank is there twice (most deals), so none three times
        return
    for rank in TRIPLE_RANK_INDICES:
        same = cards_of_rank(position.table, rank)
        count = size(same)
        if count == 4:
            dealer = position.dealer
            position.won[dealer] = same
            position.table = position.choosers = 0
            position.captures += 1
        elif count == 3:
            position.triple = same
            position.choosers = choosers_on(position.table, same)  # its rank gives no choice


def random_playout(
    position: ChineseTenPosition, rng: random.Random, trace: list[Move] | None = None
) -> Outcome:
    """Play ``position`` to its end as :func:`~cardlab.engine.randomness.play_randomly` does (the
    same draws and moves: tests check it), :meth:`ChineseTenPosition.play` and :func:`arrive`
    over local card sets and the tables (:data:`CARD_FACTS`); ``trace`` gets the moves."""
    p = position
    hands, hand_moves, won, stock, last = p.hands, p.hand_moves, p.won, p.stock, len(p.stock)
    table, choosers, triple, drawn, pending = p.table, p.choosers, p.triple, p.drawn, p.pending
    seat: int = p.to_move  # type: ignore[assignment]
    moves, captures, choices, getrandbits = p.moves, p.captures, p.choices, rng.getrandbits
    while True:
        if pending is not None:  # legal_moves: the turned-up card's targets, or the hand
            legal: Sequence[Move] = choice_moves(pending, table & CAPTURED_BY[pending])
        elif hands[seat] & choosers:
            legal = choosing_moves(hand_moves[seat], hands[seat] & choosers, table)
        else:
            legal = hand_moves[seat]
        bits = (count := len(legal)).bit_length()
        index = getrandbits(bits)  # draw_index(rng, count), as play_randomly draws it
        while index >= count:
            index = getrandbits(bits)
        move = legal[index]
        if trace is not None:
            trace.append(move)
        moves += 1
        chosen = move.targets[0] if move.targets else None
        choices += chosen is not None
        if pending is not None:  # choose: the waiting card takes its target
            arrivals: tuple[tuple[Card, Card | None], ...] = ((pending, chosen),)
            pending = None
        else:  # the hand card, then the stock's top card
            hands[seat] ^= ONE_CARD[move.card]
            hand_moves[seat].remove(move if chosen is None else PLAIN_MOVES[move.card])
            arrivals = ((move.card, chosen), (stock[drawn], None))
            drawn += 1
        for card, target in arrivals:  # arrive (2.3): the card stays, waits, or captures
            one, captured_by, own_rank, other_ranks = CARD_FACTS[card]
            found = table & captured_by
            if not found:  # it stays; a rank there twice gives its capturers a choice
                choosers |= captured_by if table & own_rank else 0
                table |= one
                continue
            if target is not None:
                found = ONE_CARD[target]
            elif found & (found - 1) and found != triple:  # has_choice: the player chooses
                pending = card
                break
            table ^= found
            won[seat] |= one | found
            captures += 1
            left = table & captured_by  # does the taken rank still give a choice?
            if choosers & one and left & (left - 1) == 0:
                choosers &= other_ranks
            triple = 0 if found == triple else triple  # the layout triple taken whole
        if pending is None:
            if drawn == last:
                break
            seat = (seat + 1) % p.players
    return _ended(p, (table, choosers, triple, drawn), (seat, moves, captures, choices))


def _ended(
    position: ChineseTenPosition, cards: tuple[int, int, int, int], counts: tuple[int, ...]
) -> Outcome:
    """The outcome of a :func:`random_playout`, whose end ``position`` takes: the ``cards``
    (table, choosers, triple and how many were drawn) and ``counts`` (the last seat to move,
    moves, captures and choices)."""
    position.table, position.choosers, position.triple, position.drawn = cards
    position.to_move, position.moves, position.captures, position.choices = counts
    position.pending = None
    end_hand(position)
    return position.outcome()


# --------------------------------------------------------------------------- words


def _facts(before: Position, move: Move | None) -> list[Fact]:
    """What the rules note when ``move`` is played from ``before`` (which is not changed)."""
    assert isinstance(before, ChineseTenPosition) and move is not None
    facts: list[Fact] = []
    before.copy().play(move, facts)
    return facts


def _wanted_text(card: Card) -> str:
    """What ``card`` captures, in words: "a seven (3 + 7 = 10)" or "only another king"."""
    if card.number >= 10:
        return f"only another {RANK_NAMES[card.rank]}"
    other = 10 - card.number
    return f"{with_article(RANK_NAMES[capture_rank(card)])} ({card.number} + {other} = 10)"


def describe(facts: Sequence[Fact]) -> tuple[Event, ...]:
    """The events of one move, in words, from the facts its rules noted."""
    events = []
    for fact in facts:
        if isinstance(fact, Arrived):
            events.append(_arrival_event(fact))
        elif isinstance(fact, Chose):
            text = f"Seat {fact.seat} chooses: the turned-up {fact.card} captures {fact.target}."
            events.append(Event("capture", fact.seat, text, (fact.card, fact.target)))
        else:
            listed = ", ".join(f"seat {seat} {points}" for seat, points in enumerate(fact.scores))
            if fact.winner is not None:
                outcome = f"seat {fact.winner} wins"
            else:
                outcome = "a tie for the highest score"
            text = f"The hand is over. Scores: {listed}; {outcome}."
            events.append(Event("end", fact.winner, text))
    return tuple(events)


def _arrival_event(fact: Arrived) -> Event:
    """A played or turned-up card meeting the table, in words."""
    seat, card = fact.seat, fact.card
    verb, where = ("turns up", " from the stock") if fact.turned else ("plays", "")
    if fact.how == "stays":
        text = f"Seat {seat} {verb} {card}{where}; it captures nothing and stays on the table."
        return Event("play", seat, text, (card,))
    if fact.how == "captures":
        text = f"Seat {seat} {verb} {card}{where} and captures {fact.cards[0]}."
        return Event("capture", seat, text, (card, *fact.cards))
    if fact.how == "triple":
        ranks = plural(RANK_NAMES[fact.cards[0].rank])
        text = (
            f"Seat {seat} {verb} {card}{where} and captures the three {ranks} "
            f"of the layout: {and_list(fact.cards)}."
        )
        return Event("capture", seat, text, (card, *fact.cards), detail="triple")
    text = (
        f"Seat {seat} {verb} {card}{where}: it can capture {or_list(fact.cards)}, "
        f"seat {seat} chooses."
    )
    return Event("choose", seat, text, (card, *fact.cards))


# --------------------------------------------------------------------------- the state


class ChineseTenState(State):
    """A position in a hand of Chinese Ten, as players and notebooks see it.

    Fields: ``hands`` (a tuple of card tuples, one per seat, in display order), ``table``
    (the face-up cards, in the order they arrived), ``stock`` (top card first), ``won`` (each
    seat's won pile, in the order won: each capturing card, then what it took), ``pending``
    (the turned-up card whose target the player to move chooses, or None), ``triple`` (the rank
    of a layout triple still on the table, or None) and ``initial_layout`` (the four cards dealt
    face up, in display order).
    """

    __slots__ = ()
    _game: ChineseTen
    _position: ChineseTenPosition

    pending: Read[Card | None] = Read()
    """The turned-up card whose target the player to move chooses, or None."""
    triple: Read[str | None] = Read()
    """The rank of a layout triple still on the table, or None."""
    initial_layout: Read[tuple[Card, ...]] = Read("layout")
    """The four cards dealt face up, in display order."""

    @property
    def game(self) -> ChineseTen:
        """The game (rules and options) this hand is played under."""
        return self._game

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards, in display order."""
        return tuple([tuple(cards_in(hand)) for hand in self._position.hands])

    @property
    def table(self) -> tuple[Card, ...]:
        """The face-up cards on the table, in the order they arrived."""
        return self.orders().table

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, top card first."""
        position = self._position
        return position.stock[position.drawn :]

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock."""
        position = self._position
        return len(position.stock) - position.drawn

    @property
    def won(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's won pile, in the order won."""
        return self.orders().piles

    @property
    def par(self) -> float:
        """A fair share of the hand's points: the scheme's total / players."""
        return self._game.par

    def targets(self, card: Card | str) -> tuple[Card, ...]:
        """The table cards that ``card`` can capture (all three of a layout triple), in
        display order."""
        return cards_of(capture_targets(Card.parse(card), self._position.table))

    def hand(self, seat: int) -> Hand:
        """The cards in ``seat``'s hand, in display order."""
        return Hand(cards_in(self._position.hands[self._game._check_seat(seat)]))

    def score_breakdown(self, seat: int) -> list[tuple[Card, int]]:
        """The cards in ``seat``'s won pile that score, with their points, in display order."""
        pile = self.orders().piles[self._game._check_seat(seat)]
        return breakdown(pile, self._game.scoring, self._game.players)

    def score_text(self, seat: int) -> str:
        """``seat``'s scoring cards as text: ``"7H: 7, QD: 10, AS: 30"``."""
        return breakdown_text(self.score_breakdown(seat))

    # ---------------------------------------------------------------- refusals
    def _why_not(self, move: Move) -> str:
        seat = self.current_player
        if move.declare is not None:
            return (
                f"{move}: a Chinese Ten move is a card, or a card and the table card it "
                "captures (like 3H>7C); there is nothing to declare"
            )
        if self.pending is not None:
            return self._why_not_pending(move)
        card = move.card
        if card not in self.hand(seat):  # type: ignore[arg-type]
            if self._position.table >> card.order & 1:
                return f"{card} is on the table, not in seat {seat}'s hand"
            return f"{card} is not in seat {seat}'s hand"
        return self._why_not_target(card, move, f"play it as {card}")

    def _why_not_pending(self, move: Move) -> str:
        pending = self.pending
        assert pending is not None
        seat = self.current_player
        if move.card is not pending:
            choices = or_list(self.legal_moves())
            return (
                f"seat {seat} turned up {pending} from the stock and must first choose what it "
                f"captures ({choices}); {move.card} cannot be played now"
            )
        return self._why_not_target(pending, move, "")

    def _why_not_target(self, card: Card, move: Move, plain_hint: str) -> str:
        """Why ``card`` (with the move's target, or none) is not a legal move; the card is
        playable."""
        choices = self.targets(card)
        if self.triple is not None and card.rank == self.triple:
            ranks = plural(RANK_NAMES[card.rank])
            return (
                f"{card} captures all three {ranks} of the layout ({and_list(choices)}) at "
                f"once: there is no choice, {plain_hint}"
            )
        if len(move.targets) > 1:
            return f"{move}: a card captures one table card here, not {len(move.targets)}"
        target = move.target
        if target is None:
            return f"{card} can capture {or_list(choices)}: say which, e.g. {card}>{choices[0]}"
        if not choices:
            return (
                f"{card} can capture nothing here (it takes {_wanted_text(card)}, and there is "
                f"none on the table): {plain_hint}"
            )
        if len(choices) == 1:
            if target is choices[0]:
                return (
                    f"{card} can capture only {target}, so there is no choice to make: {plain_hint}"
                )
            return f"{self._cannot(card, target)}; {card} captures {choices[0]}: {plain_hint}"
        examples = or_list([target_move(card, choice) for choice in choices])
        return f"{self._cannot(card, target)}: choose {examples}"

    def _cannot(self, card: Card, target: Card) -> str:
        """Why ``card`` cannot capture ``target``."""
        if not self._position.table >> target.order & 1:
            return f"{target} is not on the table"
        return f"{card} cannot capture {target}: it takes {_wanted_text(card)}"

    def orders(self) -> Orders:
        """The table in the order its cards arrived and the won piles in the order won: the
        orders where this line of play began, with the moves since (:func:`orders_after`),
        worked out once for each state, when someone reads them."""
        unknown = []  # the states whose orders are not worked out yet, the latest first
        state: ChineseTenState = self
        orders = state.memo(Orders)
        while orders is None:
            parent = state._parent
            if parent is None:
                orders = state.remember(Orders, state._position.first_orders)
                break
            unknown.append(state)
            state = parent  # type: ignore[assignment]
            orders = state.memo(Orders)
        for state in reversed(unknown):
            before = state._parent._position  # type: ignore[union-attr]
            orders = state.remember(Orders, orders_after(orders, _facts(before, state._move)))
        return orders  # type: ignore[no-any-return]

    # ---------------------------------------------------------------- narration
    def _narrate(self, before: Position, move: Move) -> tuple[Event, ...]:
        return describe(_facts(before, move))

    def _deal_events(self) -> tuple[Event, ...]:
        position = self._position
        dealer = position.dealer
        shown = " ".join([card.text for card in position.layout])
        text = (
            f"Seat {dealer} deals {size(position.hands[0])} cards to each player and {shown} face "
            f"up to the table; the other {len(position.stock)} cards are the stock. "
            f"Seat {position.to_move} plays first."
        )
        events = [Event("deal", dealer, text, position.layout)]
        if position.won[dealer]:  # four of a kind, taken by the dealer
            rank = position.layout[0].rank
            text = (
                f"The dealer, seat {dealer}, captures the four "
                f"{plural(RANK_NAMES[rank])} of the layout."
            )
            events.append(Event("capture", dealer, text, position.layout, detail="four"))
        elif position.triple:
            rank = CARDS[position.triple.bit_length() - 1].rank
            ranks = plural(RANK_NAMES[rank])
            text = (
                f"The layout holds three {ranks}: the fourth {RANK_NAMES[rank]} will "
                f"capture all three."
            )
            events.append(Event("triple", None, text, detail=rank))
        return tuple(events)

    # ---------------------------------------------------------------- values and looks
    def _key(self) -> tuple[Any, ...]:
        return (*key_of(self._position), self.stock)  # the stock that is left, not the drawn

    def view(self, seat: int) -> ChineseTenView:
        """What ``seat`` may see: its own hand, the table, every won pile, the number of cards
        in each hand and in the stock, and every event; not the other hands nor the stock order."""
        return view_of(ChineseTenView, self, seat)

    def layout(self, show: Iterable[int] | None = None) -> list[Row]:
        """Rows that picture the state: each hand (face up for the ``show`` seats, all by
        default), the table, a turned-up card waiting for its target, the stock and each won
        pile with its points."""
        shown = self._game._shown_seats(show)
        hands = self.hands
        face_up = {seat: hands[seat] for seat in shown}
        sizes = tuple(len(hand) for hand in hands)
        return _layout_rows(self, face_up, sizes, len(self.stock))


def _layout_rows(
    source: ChineseTenState | ChineseTenView,
    face_up: Mapping[int, Sequence[Card]],
    sizes: Sequence[int],
    stock_size: int,
) -> list[Row]:
    """The rows of :meth:`ChineseTenState.layout` and :meth:`ChineseTenView.layout`: the hands
    (``face_up`` ones shown, the others as backs), the table, a pending turned-up card, the
    stock and the won piles."""
    scores = source.scores
    rows = []
    for seat, count in enumerate(sizes):
        notes = []
        if seat == source.dealer:
            notes.append("dealer")
        if seat == source.current_player:
            notes.append("to move")
        if source.is_over and seat == source.winner:
            notes.append("winner")
        notes += [f"{count} cards", f"{scores[seat]} points"]
        hand = tuple(face_up.get(seat, ()))
        rows.append(
            Row(
                f"Seat {seat}",
                hand,
                0 if seat in face_up else count,
                ", ".join(notes),
                seat=seat,
                highlight=seat == source.current_player,
            )
        )
    note = f"{len(source.table)} cards"
    if source.triple is not None:
        note += f"; the fourth {RANK_NAMES[source.triple]} captures the three on the table"
    rows.append(Row("Table", source.table, note=note))
    if source.pending is not None:
        choices = or_list(targets_on(source.pending, source.table))
        rows.append(
            Row(
                "Turned up",
                (source.pending,),
                note=f"seat {source.current_player} chooses what it captures: {choices}",
                seat=source.current_player,
                highlight=True,
            )
        )
    rows.append(Row("Stock", face_down=stock_size, note=f"{stock_size} cards"))
    for seat, pile in enumerate(source.won):
        note = f"{scores[seat]} points: {source.score_text(seat)}"
        rows.append(Row(f"Seat {seat} won", pile, note=note, seat=seat))
    return rows


# --------------------------------------------------------------------------- the view


@dataclass(frozen=True, slots=True, repr=False)
class ChineseTenView(View):
    """What one seat may see of a Chinese Ten hand.

    Beyond :class:`~cardlab.engine.core.View`: ``table``, ``stock_size``, ``won`` (every seat's won
    pile: they are public), ``pending``, ``triple``, ``initial_layout``, ``scores`` and ``winner``.
    """

    game: ChineseTen
    """The game being played."""
    table: tuple[Card, ...]
    """The face-up cards on the table, in the order they arrived."""
    stock_size: int
    """How many cards are left in the stock."""
    won: tuple[tuple[Card, ...], ...]
    """Every seat's won pile."""
    pending: Card | None
    """The turned-up card waiting for its target to be chosen, or None."""
    triple: str | None
    """The rank of a layout triple still on the table, or None."""
    initial_layout: tuple[Card, ...]
    """The four cards dealt face up."""
    scores: tuple[int, ...]
    """Each seat's points so far."""
    winner: int | None
    """The winner once the hand is over (None on a tie, or while it goes on)."""

    def score_breakdown(self, seat: int) -> list[tuple[Card, int]]:
        """The cards in ``seat``'s won pile that score, with their points, in display order."""
        pile = self.won[self.game._check_seat(seat)]
        return breakdown(pile, self.game.scoring, self.game.players)

    def score_text(self, seat: int) -> str:
        """``seat``'s scoring cards as text: ``"7H: 7, QD: 10, AS: 30"``."""
        return breakdown_text(self.score_breakdown(seat))

    def layout(self) -> list[Row]:
        """Rows that picture what this seat sees: its own hand face up, the other hands face
        down, the table, a pending turned-up card, the stock and every won pile."""
        return _layout_rows(self, {self.seat: self.hand}, self.hand_sizes, self.stock_size)

    def seen_cards(self) -> list[Card]:
        """The cards this seat can see or has seen: its hand, the table, the won piles and a
        pending turned-up card, in display order."""
        seen = set(self.hand)
        seen.update(self.table)
        for pile in self.won:
            seen.update(pile)
        if self.pending is not None:
            seen.add(self.pending)
        return [card for card in DECK if card in seen]

    def unseen_cards(self) -> list[Card]:
        """The cards this seat cannot see (the other hands and the stock), in display order."""
        seen = set(self.seen_cards())
        return [card for card in DECK if card not in seen]

    def determinize(self, rng: random.Random | int | None = None) -> ChineseTenState:
        """A full state that agrees with this view: the unseen cards shuffled and dealt to the
        other hands and the stock, in the right numbers; a pending choice is kept."""
        rng = as_rng(rng)
        unseen = self.unseen_cards()
        shuffle(rng, unseen)
        hands: list[Sequence[Card]] = []
        used = 0
        for seat, count in enumerate(self.hand_sizes):
            if seat == self.seat:
                hands.append(self.hand)
                continue
            hands.append(unseen[used : used + count])
            used += count
        stock = tuple(unseen[used:])
        assert len(stock) == self.stock_size, "the view's counts do not add up: a bug"
        game = self.game
        triple = self.triple
        position = from_view(  # the seats and the pending card as the view shows them
            ChineseTenPosition,
            self,
            hands=[card_set(hand) for hand in hands],
            hand_moves=[plain_moves(hand) for hand in hands],
            table=0,  # laid out below, with its choosers
            stock=stock,
            won=[card_set(pile) for pile in self.won],
            scheme=scheme(game.scoring, game.players),
            triple=0
            if triple is None
            else cards_of_rank(card_set(self.table), RANKS.index(triple)),
            layout=self.initial_layout,
            first_orders=Orders(self.table, self.won),
        )
        lay_out(position, self.table)
        return ChineseTenState(game, position)
