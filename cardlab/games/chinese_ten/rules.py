"""The rules of Chinese Ten as the engine runs them, in the order of the rules page (docs/rules.md,
Chinese Ten): the deck (2.1), capture values (2.2), a turn (2.3), the layout rules (2.4), the end
of the hand (2.5) and scoring (2.6), played by a :class:`ChineseTenPosition`, which keeps the
cards as card sets (:mod:`cardlab.engine.cardsets`). The deal and the match (2.1, 2.7) are the
game's (:mod:`cardlab.games.chinese_ten.game`); its random playout
(:mod:`cardlab.games.chinese_ten.fast`) calls these same functions and tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import NamedTuple, Protocol

from cardlab.engine import notation
from cardlab.engine.cards import RANKS, Card, full_deck
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
from cardlab.engine.core import sole_leader
from cardlab.engine.errors import OptionError
from cardlab.engine.fields import ELSEWHERE, derive_copy, spec
from cardlab.engine.moves import PLAIN_MOVES, Move
from cardlab.engine.positions import Position
from cardlab.engine.words import shortened

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


class Options(Protocol):
    """The options a position is dealt under (a :class:`~cardlab.games.chinese_ten.game.ChineseTen`
    has them)."""

    @property
    def players(self) -> int:
        """The number of players."""

    @property
    def scoring(self) -> str:
        """The scoring scheme (rule 2.6)."""


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


def orders_after(orders: Orders, facts: Sequence[Fact | Orders]) -> Orders:
    """The orders after a move whose rules noted ``facts``: a card that stays goes to the end
    of the table; a capture takes its cards off the table and puts the capturing card and
    them at the end of the seat's pile. (Orders among the facts are where a line of play
    begins: the deal's, or a view's.)"""
    table, piles = orders.table, list(orders.piles)
    for fact in facts:
        if isinstance(fact, Orders):
            table, piles = fact.table, list(fact.piles)
        elif isinstance(fact, Arrived) and fact.how == "stays":
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
        game: Options,
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
        game: Options,
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
