"""The rules of Mod Ten as the engine runs them, in the order of the rules page (docs/rules.md,
Mod Ten): the deck (1.1), card values (1.2), then, on a :class:`ModTenPosition`, the lead (1.4),
following (1.5), collecting at a multiple of 10 (1.6) and going out (1.7). The deal (1.3) and
the next hand (1.8) are the game's (:mod:`cardlab.games.mod_ten.game`).

A position keeps each hand as card sets (:mod:`cardlab.engine.cardsets`), so "does this seat
hold the led suit?" is a glance, not a search. Each rule is one function over them; the
position plays them move by move, and the game's searches and playouts
(:mod:`cardlab.games.mod_ten.fast`) call the same functions.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from cardlab.engine.cards import SUIT_NAMES, SUITS, Card
from cardlab.engine.cardsets import (
    MOVES,
    SUIT_MASKS,
    cards_in,
    cards_of_suit,
    moves_in,
    moves_of_suit,
    size,
)
from cardlab.engine.core import Game
from cardlab.engine.fields import derive_copy, spec
from cardlab.engine.moves import Move
from cardlab.engine.positions import NodeSearch, Position, named

# --------------------------------------------------------------------------- 1. the deck

DECK_CHOICES = ("auto", "single", "double")
"""The values of the ``deck`` option."""

SINGLE_RANKS = "A2346789"
"""The ranks of a Mod Ten deck: no 5s, no tens, no face cards."""


def resolve_deck(players: int, deck: str = "auto") -> str:
    """``"single"`` or ``"double"``: what ``deck="auto"`` means for ``players`` (BGA's choice)."""
    if deck == "auto":
        return "single" if players <= 3 else "double"
    return deck


def deck_for(players: int, deck: str = "auto") -> list[Card]:
    """The Mod Ten deck for ``players`` players, in display order (rule 1.1).

    A single deck has A 2 3 4 6 7 8 9 in each suit; a double deck has A to 9 twice. With 3, 5
    or 6 players the single deck loses AS and 9S, the double deck both aces and both nines of
    spades, clubs and diamonds: each suit still adds up to a multiple of 10.

    >>> len(deck_for(2)), len(deck_for(3)), len(deck_for(4)), len(deck_for(5))
    (32, 30, 72, 60)
    """
    return list(_deck(players, deck))


@functools.cache
def _deck(players: int, deck: str) -> tuple[Card, ...]:
    odd_count = players in (3, 5, 6)
    if resolve_deck(players, deck) == "single":
        cards = [Card(rank, suit) for suit in SUITS for rank in SINGLE_RANKS]
        removed = {Card.parse("AS"), Card.parse("9S")} if odd_count else set()
        return tuple(card for card in cards if card not in removed)
    cards = [Card(rank, suit) for suit in SUITS for rank in "A23456789" for _copy in range(2)]
    if odd_count:
        cards = [c for c in cards if not (c.rank in "A9" and c.suit in "SCD")]
    return tuple(cards)


# --------------------------------------------------------------------------- 2. values


def value(card: Card) -> int:
    """A card's Mod Ten value: ace 1, 2..9 face value (rule 1.2)."""
    return card.number


# --------------------------------------------------------------------------- the position


class Played(NamedTuple):
    """A fact for the narration: ``seat`` played ``card`` and the table now makes ``total``."""

    seat: int
    card: Card
    leads: bool
    total: int


class Collected(NamedTuple):
    """A fact: ``seat`` collected the table, ``cards``, onto the discard pile."""

    seat: int
    cards: tuple[Card, ...]


class Skipped(NamedTuple):
    """A fact: ``seat`` holds none of ``suit`` (a suit index) and was passed over."""

    seat: int
    suit: int


class WentOut(NamedTuple):
    """A fact: ``seat`` played its last card and won the hand."""

    seat: int


Fact = Played | Collected | Skipped | WentOut
"""What the rules note while a move is played, when someone asks for the narration."""


def hand_sets(cards: Iterable[Card]) -> tuple[int, int]:
    """A hand as two card sets (see :mod:`cardlab.engine.cardsets`): the cards it holds, and those
    of them it holds twice (a double deck's two copies; empty with a single deck)."""
    held = twice = 0
    for card in cards:
        if held >> card.order & 1:
            twice |= 1 << card.order
        else:
            held |= 1 << card.order
    return held, twice


def hand_cards(held: int, twice: int) -> tuple[Card, ...]:
    """The cards of a hand kept as two card sets (see :func:`hand_sets`), in display order,
    a card held twice given twice."""
    found: list[Card] = []
    for card in cards_in(held):
        found.append(card)
        if twice >> card.order & 1:
            found.append(card)
    return tuple(found)


@derive_copy
@dataclass(slots=True, eq=False, kw_only=True)
class ModTenPosition(Position):
    """A Mod Ten position, in the compact form the rules play on.

    Beyond :class:`~cardlab.engine.positions.Position`'s fields, each declared with what it is (see
    :mod:`cardlab.engine.fields`): ``hands`` (per seat, the card set of the cards it holds, see
    :mod:`cardlab.engine.cardsets`), ``twice`` (per seat, the cards of a double deck it holds both
    copies of; all empty with a single deck), ``table`` (in the order played), ``table_sum``,
    ``discard`` (the collected cards, in the order collected), ``voids`` (per seat, the suits
    it was skipped on, as bits: ``1 << suit index``), ``led`` (the index of the suit led, -1
    while the table is empty) and the counts ``captures`` and ``skips``. Copying it copies the
    four short lists and shares the rest (a move makes new tuples).
    """

    hands: list[int] = field(metadata=spec(copy="list", seen="own"))
    twice: list[int] = field(metadata=spec(copy="list", seen="own"))
    table: list[Card] = field(
        default_factory=list, metadata=spec(copy="list", seen="public", shown=tuple)
    )
    led: int = field(default=-1, metadata=spec(key=False, seen="public"))  # follows from table
    table_sum: int = field(default=0, metadata=spec(key=False, seen="public"))
    discard: tuple[Card, ...] = field(default=(), metadata=spec(seen="public"))
    voids: list[int] = field(metadata=spec(copy="list", key=False, seen="public"))
    captures: int = field(default=0, metadata=spec(key=False, seen="public"))
    skips: int = field(default=0, metadata=spec(key=False, seen="public"))

    @classmethod
    def deal(cls, game: Game, dealer: int, hands: Sequence[Sequence[Card]]) -> ModTenPosition:
        """The position after the deal: the seat left of the dealer leads (rules 1.3, 1.4)."""
        players = game.players
        sets = [hand_sets(hand) for hand in hands]
        return cls(
            players=players,
            dealer=dealer,
            to_move=(dealer + 1) % players,
            hands=[held for held, _twice in sets],
            twice=[twice for _held, twice in sets],
            voids=[0] * players,
        )

    def hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards in display order (a card held twice, twice)."""
        return hand_cards(self.hands[seat], self.twice[seat])

    def unseen_by(self, seat: int) -> tuple[int, int]:
        """The cards ``seat`` cannot see, as two card sets (see :func:`hand_sets`): every card
        is dealt, so they are the other hands' cards; those two other seats hold (or one holds
        twice) are in the second set."""
        once = twice = 0
        hands, doubles = self.hands, self.twice
        for other in SEATS_AFTER[self.players][seat][:-1]:
            held = hands[other]
            twice |= doubles[other] | once & held
            once |= held
        return once, twice

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return size(self.hands[seat]) + size(self.twice[seat])

    def led_suit(self) -> int:
        """The index of the suit that was led, or -1 while the table is empty."""
        return self.led

    def key(self) -> Hashable:
        """What decides the rest of the hand, for a solver's table of positions it has solved:
        the seat to move, the led suit (-1 before a lead), the table's total modulo 10 and each
        hand (its two card sets). The cards on the table, the discard pile and the skips change
        nothing later (rule 1.6 looks only at the total; rule 1.7 only at the hands). It is the
        node :class:`~cardlab.games.mod_ten.fast.ModTenSearch` searches on."""
        return (self.to_move, self.led, self.table_sum % 10, tuple(self.hands), tuple(self.twice))

    def node(self) -> SearchNode:
        """This position as a :data:`SearchNode` (while its hand goes on)."""
        assert self.to_move is not None
        return (self.to_move, self.led, self.table_sum % 10, tuple(self.hands), tuple(self.twice))

    # ---------------------------------------------------------------- 4, 5. leading, following
    def legal_moves(self) -> Sequence[Move]:
        """Any card to lead an empty table (rule 1.4), else a card of the led suit (rule 1.5): the
        seat to move holds one, or it would have been skipped. Two copies are one move."""
        return moves_of(self.hands[self.to_move], self.led)  # type: ignore[index]

    def play(self, move: Move, facts: list[Fact] | None = None) -> None:
        """``move`` is played: the card goes to the table; then it collects the table (rule 1.6)
        or not, its player goes out (rule 1.7) or not, and the next seat to move is found
        (rules 1.5, 1.6). ``facts``, if given, receives what happened, for the narration."""
        seat = self.to_move
        assert seat is not None
        card = move.card
        card_bit, points, suit = CARD_FACTS[move]
        hands, twice = self.hands, self.twice
        hands[seat], twice[seat] = take_card(hands[seat], twice[seat], card_bit)
        self.moves += 1
        leads = self.led < 0
        if leads:
            self.led = suit
        self.table.append(card)
        self.table_sum += points
        if facts is not None:
            facts.append(Played(seat, card, leads, self.table_sum))
        collected = collects(self.table_sum)
        if collected:
            collect(self, seat, facts)
        follower = next_turn(self.hands, seat, self.led, collected)
        if follower is None:
            self.to_move = None
            self.winner = seat
            if facts is not None:
                facts.append(WentOut(seat))
            return
        next_seat = (seat + 1) % self.players
        if not collected and follower != next_seat:  # someone was passed over
            for skipped in seats_between(seat, follower, self.players):
                skip(self, skipped, facts)
        self.to_move = follower

    # ---------------------------------------------------------------- the outcome
    def scores(self) -> tuple[int, ...]:
        """1 for the winner of the hand, 0 for everyone else (Mod Ten has no points)."""
        return tuple([int(seat == self.winner) for seat in range(self.players)])

    def stats(self) -> tuple[tuple[str, int], ...]:
        """``captures`` (times the table was collected) and ``skips`` (turns passed over)."""
        return (("captures", self.captures), ("skips", self.skips))

    def search(self) -> NodeSearch:
        """The positions after this one as :data:`SearchNode` tuples of ints, for the solver:
        :class:`~cardlab.games.mod_ten.fast.ModTenSearch` (``TwoSeatSearch`` with two
        players), named rather than imported, since it is built on these rules."""
        where = "TwoSeatSearch" if self.players == 2 else "ModTenSearch"
        search: NodeSearch = named(f"cardlab.games.mod_ten.fast:{where}")()
        return search


def playable(hand: int, led: int) -> int:
    """Rules 1.4 and 1.5: the cards a seat holding ``hand`` may play: any card to lead (``led``
    is -1), else a card of the led suit (the suit with index ``led``)."""
    if led < 0:
        return hand
    return cards_of_suit(hand, led)


def moves_of(hand: int, led: int) -> tuple[Move, ...]:
    """The moves that play the :func:`playable` cards, in display order (two copies of a card
    are one move): any card to lead, else a card of the led suit, looked up by that suit's
    cards alone (a test checks it against :func:`playable`)."""
    if led < 0:
        return moves_in(hand)
    return moves_of_suit(hand, led)


def take_card(held: int, twice: int, card: int) -> tuple[int, int]:
    """A hand's two card sets (the cards ``held``, and those held ``twice``) once it has played
    one copy of ``card`` (a one-card set): the second copy first."""
    if twice & card:
        return held, twice ^ card
    return held ^ card, twice


def with_hand(hands: tuple[int, ...], seat: int, hand: int) -> tuple[int, ...]:
    """``hands`` with ``seat``'s set replaced by ``hand``."""
    sets = list(hands)
    sets[seat] = hand
    return tuple(sets)


def next_to_follow(hands: Sequence[int], seat: int, suit: int) -> int:
    """Rule 1.5: the next seat clockwise after ``seat`` that holds the led suit (index
    ``suit``); each seat before it holding none is skipped. ``seat`` itself may be the one:
    nobody is exempt.

    Someone always holds the led suit (rule 1.9): each suit of the deck adds up to a multiple of
    10, so if nobody held the rest of it the table would already have been collected.
    """
    led = SUIT_MASKS[suit]  # has_suit(hand, suit) is hand & led, written out: this is hot
    for candidate in SEATS_AFTER[len(hands)][seat]:
        if hands[candidate] & led:
            return candidate
    raise AssertionError(f"nobody can follow {SUIT_NAMES[SUITS[suit]]}: the engine has a bug")


def seats_between(seat: int, follower: int, players: int) -> range:
    """The seats passed over (rule 1.5) when ``follower`` follows ``seat``: those after
    ``seat`` and before ``follower`` clockwise, as numbers to take modulo ``players`` (every
    other seat when ``seat`` follows itself)."""
    return range(seat + 1, follower if follower > seat else follower + players)


def collects(table_sum: int) -> bool:
    """Rule 1.6: a card that brings the table to a multiple of 10 collects it."""
    return table_sum % 10 == 0


def goes_out(hand: int) -> bool:
    """Rule 1.7: the first player to play their last card wins the hand, at once."""
    return hand == 0


def next_turn(hands: Sequence[int], seat: int, led: int, collected: bool) -> int | None:
    """Who moves after ``seat`` played a card (which ``collected`` the table or not): nobody
    when it was ``seat``'s last card (rule 1.7, the hand is over), ``seat`` again when it
    collected (rule 1.6), else the next seat that can follow the led suit (rule 1.5)."""
    if goes_out(hands[seat]):
        return None
    if collected:
        return seat
    return next_to_follow(hands, seat, led)


def skip(position: ModTenPosition, seat: int, facts: list[Fact] | None = None) -> None:
    """Rule 1.5: ``seat`` (any number, taken modulo the players) holds none of the led suit and
    is passed over; everyone now knows it lacks that suit."""
    seat %= position.players
    suit = position.led
    position.skips += 1
    position.voids[seat] |= 1 << suit
    if facts is not None:
        facts.append(Skipped(seat, suit))


def collect(position: ModTenPosition, seat: int, facts: list[Fact] | None = None) -> None:
    """Rule 1.6: the table goes face down onto the discard pile (it scores nothing)."""
    if facts is not None:
        facts.append(Collected(seat, tuple(position.table)))
    position.discard += tuple(position.table)
    position.table = []
    position.led = -1
    position.table_sum = 0
    position.captures += 1


CARD_FACTS: dict[Move, tuple[int, int, int]] = {
    move: (1 << move.card.order, value(move.card), move.card.suit_index) for move in MOVES
}
"""For the move of each card: its one-card set, its value (rule 1.2) and its suit index, looked
up once by the search rather than worked out at every node (a test checks it against
:func:`value`)."""


SearchNode = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]
"""A Mod Ten position as the solver sees it, which is also its key: the seat to move, the led
suit (-1 before a lead), the table's total modulo 10 and the hands' two card sets."""


SEATS_AFTER: dict[int, tuple[tuple[int, ...], ...]] = {
    players: tuple(
        tuple((seat + step) % players for step in range(1, players + 1)) for seat in range(players)
    )
    for players in range(2, 7)
}
"""For each number of players and each seat, the seats after it clockwise, itself last: the
order in which rule 1.5 looks for the seat to follow (:func:`next_to_follow`)."""
