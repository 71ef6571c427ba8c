"""Mod Ten (Mark Steere, 2022): a shedding game for 2 to 6 players (docs/rules.md, Mod Ten).

Players follow the suit that leads; a card that brings the table to a multiple of 10 collects it,
and the first player to shed their last card wins.

>>> import cardlab
>>> game = cardlab.game("mod-ten", players=2, deck="single")
>>> state = game.deal(seed=1)
>>> len(state.hand(0)), len(state.hand(1))
(16, 16)

The module follows the rules in their order: the deck (1.1), card values (1.2), the deal (1.3),
the lead (1.4), following (1.5), collecting at a multiple of 10 (1.6), going out (1.7) and the
next hand (1.8). The rules work on a :class:`ModTenPosition`, which keeps each hand as the moves
that play its cards, by suit, so "does this seat hold the led suit?" is a glance, not a search.
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from cardlab.engine import notation
from cardlab.engine.cards import SUIT_NAMES, SUITS, Card, Hand, cards_text, sort_cards
from cardlab.engine.cardsets import (
    MOVES,
    SUIT_MASKS,
    cards_in,
    cards_of_suit,
    moves_in,
    moves_of_suit,
    size,
)
from cardlab.engine.core import Game, State, View
from cardlab.engine.deals import check_keys, parse_hands
from cardlab.engine.errors import DealError, OptionError
from cardlab.engine.fields import Read, derive_copy, from_view, spec, view_of
from cardlab.engine.moves import Event, Move, Outcome, Row
from cardlab.engine.options import option
from cardlab.engine.positions import Child, NodeSearch, Position
from cardlab.engine.randomness import as_rng, shuffle
from cardlab.engine.words import suit_word

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


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class ModTen(Game):
    """Mod Ten, with its options (docs/rules.md, Mod Ten).

    - ``players``: 2 to 6 (default 2).
    - ``deck``: ``"auto"`` (single deck for 2-3 players, double for 4-6), ``"single"`` or
      ``"double"``.
    - ``open_hands``: 2 players only; the hands are dealt face up, so each seat sees the other
      hand (what it knows already: with two players every card is dealt).
    - ``match_target``: a match is won by the first player to win this many hands.
    """

    name = "mod-ten"
    title = "Mod Ten"
    value_label = "chance to win"
    min_players = 2
    max_players = 6

    players: int = option(2, "the number of players")
    deck: str = option(
        "auto",
        "the deck: single (32 cards) or double (72); auto is single for 2-3 players",
        choices=DECK_CHOICES,
    )
    open_hands: bool = option(False, "2 players only: both hands dealt face up")
    match_target: int = option(
        1, "hands a player must win to win the match", minimum=1, unit="hands"
    )

    def __post_init__(self) -> None:
        super().__post_init__()  # the declared limits: players, deck, open_hands, match_target
        if self.open_hands and self.players != 2:
            raise OptionError(f"open_hands is a 2-player variant, not for {self.players} players")

    @property
    def cards(self) -> list[Card]:
        """The deck for these options, in display order."""
        return deck_for(self.players, self.deck)

    @property
    def hand_size(self) -> int:
        """How many cards each player is dealt."""
        return len(self.cards) // self.players

    def parse_move(self, text: str | Move | Card) -> Move:
        """A move from its text: the card played (``"8H"``). A target or a declaration is
        read too, so that the rules can say why Mod Ten has none."""
        return notation.read(text)

    # ---------------------------------------------------------------- 3. the deal
    def _deal(self, rng: random.Random, dealer: int) -> ModTenState:
        """The whole deck, shuffled, dealt one card at a time clockwise from the dealer's left."""
        deck = self.cards
        shuffle(rng, deck)
        players = self.players
        # One at a time clockwise from the dealer's left: seat s gets every players-th card.
        hands = [deck[(seat - dealer - 1) % players :: players] for seat in range(players)]
        return ModTenState(self, ModTenPosition.deal(self, dealer, hands))

    def _deal_cards(self, dealer: int, **cards: Any) -> ModTenState:
        check_keys(cards, self.title, ("hands",))
        hands = parse_hands(cards["hands"], self.players, self.hand_size)
        _check_against_deck(hands, self)
        return ModTenState(self, ModTenPosition.deal(self, dealer, hands))

    # ---------------------------------------------------------------- 8. the next hand
    def match_points(self, final: State) -> tuple[int, ...]:
        """One point, a hand won, to the winner of the hand."""
        return final.scores

    def next_dealer(self, final: State) -> int:
        """The seat right of the winner deals the next hand, so the winner leads it (1.8)."""
        assert final.winner is not None
        return (final.winner - 1) % self.players

    def match_winner(self, totals: Sequence[int]) -> int | None:
        """The first seat to win ``match_target`` hands."""
        for seat, total in enumerate(totals):
            if total >= self.match_target:
                return seat
        return None

    # ---------------------------------------------------------------- for the solver
    def solvability(self, target: State | View) -> str | None:
        """Solved with 2 players only: every card is dealt, so nothing is hidden but the other
        hand, which is exactly the cards a seat does not see."""
        if self.players != 2:
            return (
                f"Mod Ten is solved for 2 players only: with {self.players}, a player's best "
                "move can depend on what the others hope for, so perfect play has no single "
                "meaning. Use the 'mc' agent."
            )
        return None

    def score_total(self) -> int:
        """1: one seat wins the hand."""
        return 1

    def gain_bounds(self, state: State) -> tuple[int, int]:
        """0 to 1: a win."""
        return (0, 1)

    def play_position_out(
        self, position: Position, rng: random.Random, trace: list[Move] | None = None
    ) -> Outcome:
        """Play ``position`` to the end with uniformly random moves drawn from ``rng`` and say
        how the hand ended: the same moves and draws as
        :func:`cardlab.engine.randomness.play_randomly`, played on the hands' card sets alone (see
        :func:`random_playout`); ``position`` is left as it was."""
        assert isinstance(position, ModTenPosition)
        if position.to_move is None:
            return position.outcome()
        return random_playout(position, rng, trace)


def _check_against_deck(hands: list[list[Card]], game: ModTen) -> None:
    """Refuse cards that are not in this game's deck, or more copies than it holds."""
    expected = Counter(game.cards)
    dealt = Counter(card for hand in hands for card in hand)
    deck_name = f"{resolve_deck(game.players, game.deck)} deck, {game.players} players"
    for card, count in dealt.items():
        if card not in expected:
            raise DealError(f"{card} is not in the Mod Ten deck ({deck_name})")
        if count > expected[card]:
            raise DealError(f"{card} is dealt {count} times; the deck holds {expected[card]}")


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
    def deal(cls, game: ModTen, dealer: int, hands: Sequence[Sequence[Card]]) -> ModTenPosition:
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
        twice = self.twice[seat]
        found: list[Card] = []
        for card in cards_in(self.hands[seat]):
            found.append(card)
            if twice >> card.order & 1:
                found.append(card)
        return tuple(found)

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
        node :class:`ModTenSearch` searches on."""
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

    def search(self) -> ModTenSearch:
        """The positions after this one as :class:`ModTenSearch` nodes (tuples of ints), for the
        solver (:class:`TwoSeatSearch` with two players)."""
        return TwoSeatSearch() if self.players == 2 else ModTenSearch()


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
    for candidate in _SEATS_AFTER[len(hands)][seat]:
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


class ModTenSearch(NodeSearch):
    """The positions of a hand as :data:`SearchNode` tuples of ints, played with the same rules
    as :class:`ModTenPosition` (:func:`moves_of`, :func:`take_card`, :func:`next_turn`), but with
    nothing kept for the narration: what :func:`cardlab.solve` searches."""

    __slots__ = ()

    gains_at_end = True
    """Seat 0 gains only by the move that ends the hand (when it goes out): the solver's
    search for two results relies on it."""

    def children(self, node: SearchNode) -> list[Child]:
        """Each legal move at ``node``, in the game's order, as the solver's ``Child``: the
        move, the node after it (None when the hand is then over), what seat 0 gains by it (1
        when seat 0 goes out) and whether the same seat moves next."""
        mover, led, total, hands, twice = node
        found: list[Child] = []
        for move in moves_of(hands[mover], led):
            card, points, suit = CARD_FACTS[move]
            held, held_twice = take_card(hands[mover], twice[mover], card)
            after_hands = with_hand(hands, mover, held)
            after_twice = (
                twice if held_twice == twice[mover] else with_hand(twice, mover, held_twice)
            )
            after_total = (total + points) % 10
            if led >= 0:
                suit = led
            collected = collects(after_total)
            follower = next_turn(after_hands, mover, suit, collected)
            if follower is None:
                found.append((move, None, int(mover == 0), False, 0))
                continue
            if collected:
                suit = -1
            child = (follower, suit, after_total, after_hands, after_twice)
            replies = size(playable(after_hands[follower], suit))
            found.append((move, child, 0, follower == mover, replies))
        return found


class TwoSeatSearch(ModTenSearch):
    """:class:`ModTenSearch` with two players, the only hands the solver searches: the same
    rules (:func:`take_card`, :func:`next_turn`, :func:`playable`) written out for two hands,
    where the seat to follow is the other one if it holds the led suit, else the same one (rule
    1.5): a third as costly a position. A test plays every child with the engine."""

    __slots__ = ()

    def children(self, node: SearchNode) -> list[Child]:
        """Each legal move at ``node`` as :meth:`ModTenSearch.children` gives it."""
        mover, led, total, hands, twice = node
        other = 1 - mover
        hand, theirs = hands[mover], hands[other]
        doubles = twice[mover]
        won = int(mover == 0)
        found: list[Child] = []
        for move in moves_of(hand, led):
            card, points, suit = CARD_FACTS[move]
            after_twice: tuple[int, ...]
            if doubles & card:
                held = hand
                after_twice = (
                    (doubles ^ card, twice[1]) if mover == 0 else (twice[0], doubles ^ card)
                )
            else:
                held = hand ^ card
                after_twice = twice
                if not held:
                    found.append((move, None, won, False, 0))
                    continue
            after_hands = (held, theirs) if mover == 0 else (theirs, held)
            after_total = (total + points) % 10
            if after_total == 0:
                found.append(
                    (move, (mover, -1, 0, after_hands, after_twice), 0, True, held.bit_count())
                )
                continue
            if led >= 0:
                suit = led
            mask = SUIT_MASKS[suit]
            if theirs & mask:
                child = (other, suit, after_total, after_hands, after_twice)
                found.append((move, child, 0, False, (theirs & mask).bit_count()))
            else:
                child = (mover, suit, after_total, after_hands, after_twice)
                found.append((move, child, 0, True, (held & mask).bit_count()))
        return found


def random_playout(
    position: ModTenPosition, rng: random.Random, trace: list[Move] | None = None
) -> Outcome:
    """Play ``position`` (whose hand goes on; it is not changed) to the end with uniformly
    random legal moves drawn from ``rng``, and say how the hand ended: the same draws and moves
    as :func:`~cardlab.engine.randomness.play_randomly` on the position, with the rules of
    :meth:`ModTenPosition.play` written out over the hands' card sets, the table's total and
    the counts alone (no table, discard pile, voids or narration). The hint and the Monte Carlo
    agents play thousands of these; a test plays them against the engine. ``trace``, if
    given, receives the moves made."""
    hands, twice = position.hands.copy(), position.twice.copy()
    players, seat, led = position.players, position.to_move, position.led
    total, moves = position.table_sum % 10, position.moves
    captures, skips = position.captures, position.skips
    after = _SEATS_AFTER[players]
    follows = _FOLLOWS
    getrandbits = rng.getrandbits
    while True:
        assert seat is not None
        # moves_of (rules 1.4, 1.5): any card to lead, else a card of the led suit
        if led < 0:
            legal = moves_in(hands[seat])
            count = len(legal)
            bits = count.bit_length()
        else:
            legal, count, bits = follows[hands[seat] & SUIT_MASKS[led]]
        index = getrandbits(bits)  # draw_index(rng, count), as play_randomly draws it
        while index >= count:
            index = getrandbits(bits)
        move = legal[index]
        if trace is not None:
            trace.append(move)
        moves += 1
        card, points, suit = CARD_FACTS[move]
        if twice[seat] & card:  # take_card: the second copy first
            twice[seat] ^= card
        else:
            hands[seat] ^= card
        if led < 0:
            led = suit
        total = (total + points) % 10
        if not total:  # rule 1.6: collected, and the same seat leads again ...
            captures += 1
            led = -1
        if not hands[seat]:  # rule 1.7: ... unless it is out, and has won the hand
            break
        if led < 0:
            continue
        mask = SUIT_MASKS[led]
        for follower in after[seat]:  # rule 1.5: the next seat holding the led suit
            if hands[follower] & mask:
                break
        skips += (follower - seat - 1) % players  # the seats passed over
        seat = follower
    scores = tuple([int(other == seat) for other in range(players)])
    return Outcome(scores, seat, moves, (("captures", captures), ("skips", skips)))


class _Follows(dict[int, tuple[tuple[Move, ...], int, int]]):
    """For a set of cards of one suit, the moves that play them (:func:`moves_of_suit`), how
    many, and that number's bit length (what a random draw among them needs): worked out the
    first time a set is asked for (at most 4 x 8,192 sets), then looked up."""

    def __missing__(self, cards: int) -> tuple[tuple[Move, ...], int, int]:
        moves = moves_of_suit(cards, (cards.bit_length() - 1) // 13)
        found = self[cards] = (moves, len(moves), len(moves).bit_length())
        return found


_FOLLOWS = _Follows()


_SEATS_AFTER: dict[int, tuple[tuple[int, ...], ...]] = {
    players: tuple(
        tuple((seat + step) % players for step in range(1, players + 1)) for seat in range(players)
    )
    for players in range(2, 7)
}
"""For each number of players and each seat, the seats after it clockwise, itself last: the
order in which rule 1.5 looks for the seat to follow (:func:`next_to_follow`)."""


# --------------------------------------------------------------------------- the state


def describe(facts: Sequence[Fact]) -> tuple[Event, ...]:
    """The events of one move, in words, from the facts its rules noted."""
    played = facts[0]
    assert isinstance(played, Played)
    seat, card, total = played.seat, played.card, played.total
    verb = "leads" if played.leads else "plays"
    collected = next((fact for fact in facts if isinstance(fact, Collected)), None)
    if any(isinstance(fact, WentOut) for fact in facts):
        what = f"the table makes {total}, " if collected else ""
        text = f"Seat {seat} {verb} {card}, {what}their last card: seat {seat} wins the hand."
        return (Event("win", seat, text, (card,), detail="capture" if collected else ""),)
    if collected is not None:
        text = (
            f"Seat {seat} {verb} {card}: the table makes {total}, seat {seat} collects "
            f"{len(collected.cards)} cards and leads again."
        )
        return (Event("capture", seat, text, collected.cards),)
    events = [Event("play", seat, f"Seat {seat} {verb} {card}: the table makes {total}.", (card,))]
    for fact in facts:
        if isinstance(fact, Skipped):
            suit = SUITS[fact.suit]
            text = f"Seat {fact.seat} has no {SUIT_NAMES[suit]} and is skipped."
            events.append(Event("skip", fact.seat, text, detail=suit))
    return tuple(events)


class ModTenState(State):
    """A position in a hand of Mod Ten, as players and notebooks see it.

    Fields: ``hands`` (a tuple of card tuples, one per seat), ``table`` (the cards on the
    table, in the order played), ``table_sum``, ``discard`` (the collected cards, face down).
    """

    __slots__ = ()
    _game: ModTen
    _position: ModTenPosition

    table: Read[tuple[Card, ...]] = Read()
    """The cards on the table, in the order played."""
    table_sum: Read[int] = Read()
    """The sum of the cards on the table."""
    discard: Read[tuple[Card, ...]] = Read()
    """The collected cards, face down, in the order collected."""

    @property
    def game(self) -> ModTen:
        """The game (rules and options) this hand is played under."""
        return self._game

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards, in display order."""
        position = self._position
        return tuple(position.hand(seat) for seat in range(position.players))

    @property
    def led_suit(self) -> str | None:
        """The suit on the table (the suit that was led), or None when the table is empty."""
        table = self._position.table
        return table[0].suit if table else None

    def hand(self, seat: int) -> Hand:
        """The cards in ``seat``'s hand, in display order."""
        return Hand(self._position.hand(self._game._check_seat(seat)))

    def _why_not(self, move: Move) -> str:
        seat = self.current_player
        hand = self._position.hand(seat)  # type: ignore[arg-type]
        if move.targets or move.declare is not None:
            return f"{move}: a Mod Ten move is a card alone, like {move.card}"
        card = move.card
        if card not in hand:
            if card not in self._game.cards:
                return f"{card} is not in this game's deck"
            return f"{card} is not in seat {seat}'s hand"
        led = self.led_suit
        assert led is not None
        followers = cards_text(c for c in hand if c.suit == led)
        return (
            f"{SUIT_NAMES[led]} were led and seat {seat} holds a {suit_word(led)} "
            f"({followers}): a {suit_word(led)} must be played"
        )

    def _narrate(self, before: Position, move: Move) -> tuple[Event, ...]:
        assert isinstance(before, ModTenPosition)
        facts: list[Fact] = []
        before.copy().play(move, facts)
        return describe(facts)

    def _deal_events(self) -> tuple[Event, ...]:
        position = self._position
        how = "face up" if self._game.open_hands else "face down"
        text = (
            f"Seat {position.dealer} deals {position.hand_size(0)} cards {how} to each player; "
            f"seat {position.to_move} leads."
        )
        return (Event("deal", position.dealer, text),)

    def view(self, seat: int) -> ModTenView:
        """What ``seat`` may see: its own hand (every hand with ``open_hands``), the table,
        the discard pile, the number of cards in each hand and every event."""
        return view_of(
            ModTenView,
            self,
            seat,
            hands=tuple(Hand(hand) for hand in self.hands) if self._game.open_hands else None,
            voids=tuple(
                frozenset(suit for index, suit in enumerate(SUITS) if voids >> index & 1)
                for voids in self._position.voids
            ),
        )

    def layout(self, show: Iterable[int] | None = None) -> list[Row]:
        """Rows that picture the state: each seat's hand, the table and the discard pile."""
        shown = self._game._shown_seats(show)
        rows = []
        for seat, hand in enumerate(self.hands):
            notes = []
            if seat == self.dealer:
                notes.append("dealer")
            if seat == self.current_player:
                notes.append("to move")
            if seat == self.winner:
                notes.append("winner")
            face_up = seat in shown or self._game.open_hands
            rows.append(
                Row(
                    f"Seat {seat}",
                    hand if face_up else (),
                    0 if face_up else len(hand),
                    ", ".join(notes + [f"{len(hand)} cards"]),
                    seat=seat,
                    highlight=seat == self.current_player,
                )
            )
        rows.append(Row("Table", self.table, note=f"sum {self.table_sum}"))
        discarded = len(self.discard)
        rows.append(Row("Discard pile", face_down=discarded, note=f"{discarded} cards"))
        return rows


# --------------------------------------------------------------------------- the view


@dataclass(frozen=True, slots=True, repr=False)
class ModTenView(View):
    """What one seat may see of a Mod Ten hand.

    Beyond :class:`~cardlab.engine.core.View`: ``table``, ``table_sum``, ``discard``, ``voids`` (the
    suits each seat is known to lack, from being skipped) and, with ``open_hands``, ``hands``.
    """

    game: ModTen
    """The game being played."""
    table: tuple[Card, ...]
    """The cards on the table, in the order played."""
    table_sum: int
    """The sum of the table."""
    discard: tuple[Card, ...]
    """The collected cards (everyone saw them played)."""
    hands: tuple[Hand, ...] | None
    """Every hand, when they are dealt face up; otherwise None."""
    voids: tuple[frozenset[str], ...]
    """For each seat, the suits it was skipped on, so cannot hold."""

    def layout(self) -> list[Row]:
        """Rows that picture what this seat sees: the hands it may see, the table, the pile."""
        rows = View.layout(self)
        if self.hands is not None:  # open hands: every hand face up
            rows = [
                Row(f"Seat {seat}", tuple(hand), seat=seat) for seat, hand in enumerate(self.hands)
            ]
        rows.append(Row("Table", self.table, note=f"sum {self.table_sum}"))
        discarded = len(self.discard)
        rows.append(Row("Discard pile", face_down=discarded, note=f"{discarded} cards"))
        return rows

    def unseen_cards(self) -> list[Card]:
        """The cards this seat cannot see: the deck less its hand, the table and the discard."""
        unseen = Counter(self.game.cards)
        unseen.subtract(self.hand)
        unseen.subtract(self.table)
        unseen.subtract(self.discard)
        return sort_cards(unseen.elements())

    def determinize(self, rng: random.Random | int | None = None) -> ModTenState:
        """A full state that agrees with this view: the unseen cards dealt at random to the
        other seats, in the right numbers, and never a suit a seat was skipped on."""
        rng = as_rng(rng)
        if self.hands is not None:
            hands = [list(hand) for hand in self.hands]
        else:
            hands = _deal_unseen(self, rng)
        sets = [hand_sets(hand) for hand in hands]
        position = from_view(  # the table, its sum and the discard pile as the view shows them
            ModTenPosition,
            self,
            hands=[held for held, _twice in sets],
            twice=[twice for _held, twice in sets],
            led=self.table[0].suit_index if self.table else -1,
            voids=[
                sum(1 << index for index, suit in enumerate(SUITS) if suit in voids)
                for voids in self.voids
            ],
        )
        if self.is_over:
            position.winner = self.hand_sizes.index(0)
        return ModTenState(self.game, position)


def _deal_unseen(view: ModTenView, rng: random.Random) -> list[list[Card]]:
    """Deal the unseen cards to the other seats, uniformly at random among every deal the view
    allows: the right number of cards to each seat, never a suit a seat was skipped on and,
    mid-trick, a card of the led suit to the seat to move (it was not skipped).

    The two copies of a card in a double deck are dealt as two cards, as a shuffle deals them.
    With nothing known but the hands' sizes, this is a shuffle and a deal. Otherwise it is
    rejection sampling, which is exactly uniform: the seats that lack the most suits draw first,
    each its cards at random among those it may hold; such a deal is as likely as
    ``1 / prod(comb(pool, size))`` (``pool``: the cards the seat could choose from when it drew),
    so it is kept with probability ``prod(comb(pool, size) / comb(most, size))``, ``most`` being
    the largest that pool could ever be, which makes every allowed deal equally likely.
    """
    others = [seat for seat in range(view.game.players) if seat != view.seat]
    unseen = view.unseen_cards()
    hands: list[list[Card]] = [[] for _ in range(view.game.players)]
    hands[view.seat] = list(view.hand)
    if len(others) == 1:  # two players: the other hand is exactly the unseen cards
        hands[others[0]] = unseen
        return hands
    to_move = view.current_player
    # Mid-trick, the player to move holds the led suit: otherwise they would have been skipped.
    led = view.table[0].suit if view.table and to_move not in (None, view.seat) else None
    if led is None and not any(view.voids[seat] for seat in others):
        # Nothing is known about the other hands but their sizes: a plain shuffle and deal.
        shuffle(rng, unseen)
        for seat in others:
            size = view.hand_sizes[seat]
            hands[seat], unseen = unseen[:size], unseen[size:]
        return hands
    order = sorted(others, key=lambda seat: -len(view.voids[seat]))  # stable: ties by seat
    most = {}
    left_count = len(unseen)
    for seat in order:
        allowed = sum(card.suit not in view.voids[seat] for card in unseen)
        most[seat] = min(allowed, left_count)
        left_count -= view.hand_sizes[seat]
    for _attempt in range(100_000):
        left = list(unseen)
        kept, out_of = 1, 1
        for seat in order:
            size = view.hand_sizes[seat]
            pool = [card for card in left if card.suit not in view.voids[seat]]
            if len(pool) < size:
                break
            kept *= math.comb(len(pool), size)
            out_of *= math.comb(most[seat], size)
            shuffle(rng, pool)
            hands[seat] = pool[:size]
            for card in hands[seat]:
                left.remove(card)
        else:
            if led is not None and not any(card.suit == led for card in hands[to_move]):  # type: ignore[index]
                continue
            if rng.randrange(out_of) < kept:
                return hands
    raise AssertionError("no deal agrees with this view: the engine has a bug")
