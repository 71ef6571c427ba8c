"""Mod Ten as players and notebooks see it: the game and its options, the deal (rule 1.3) and the
next hand (1.8), states with their narration and refusals, and what each seat may see (views).
The rules they play are in :mod:`cardlab.games.mod_ten.rules`; the faster searches, playouts
and sampler in :mod:`cardlab.games.mod_ten.fast`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import add
from typing import Any, NamedTuple

from cardlab.engine import notation
from cardlab.engine.cards import SUIT_NAMES, SUITS, Card, Hand, cards_text, sort_cards
from cardlab.engine.core import Game, State, View
from cardlab.engine.deals import check_keys, parse_hands
from cardlab.engine.errors import DealError, OptionError
from cardlab.engine.fields import Read, from_view, view_with
from cardlab.engine.moves import Event, Move, Outcome, Row
from cardlab.engine.options import option
from cardlab.engine.positions import Position
from cardlab.engine.randomness import as_rng, shuffle
from cardlab.engine.seen import Told
from cardlab.engine.words import suit_word
from cardlab.games.mod_ten.fast import deal_unseen, random_playout
from cardlab.games.mod_ten.rules import (
    DECK_CHOICES,
    Collected,
    Fact,
    ModTenPosition,
    Played,
    Skipped,
    WentOut,
    deck_for,
    hand_cards,
    hand_sets,
    resolve_deck,
)

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


class ModTenTold(Told):
    """A Mod Ten move told in words: :func:`describe` of the facts its rules noted."""

    __slots__ = ()
    tell = staticmethod(describe)


class ModTenSight(NamedTuple):
    """What a Mod Ten view keeps to make its hands, voids and unseen cards from when they are
    first read: card sets and bits (see :func:`~cardlab.games.mod_ten.rules.hand_sets`), each
    something its seat sees."""

    hand: tuple[int, int]
    """The seat's own cards: those it holds, and those it holds twice."""
    unseen: tuple[int, int]
    """The cards it cannot see (the other hands): those with a copy there, and with both."""
    voids: tuple[int, ...]
    """For each seat, the suits it was skipped on, as bits (``1 << suit index``)."""
    hands: tuple[tuple[int, int], ...] | None
    """Every hand, when the hands are dealt face up (``open_hands``); otherwise None."""


class ModTenState(State):
    """A position in a hand of Mod Ten, as players and notebooks see it.

    Fields: ``hands`` (a tuple of card tuples, one per seat), ``table`` (the cards on the
    table, in the order played), ``table_sum``, ``discard`` (the collected cards, face down).
    """

    __slots__ = ()
    _game: ModTen
    _position: ModTenPosition
    told_alike = True
    told_class = ModTenTold

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
        return describe(self._facts(before, move))

    def _noted_play(self, position: Position, move: Move) -> tuple[Fact, ...]:
        """Play ``move`` on ``position``, noting what the rules do: every seat sees it all (the
        cards played and collected, who was skipped)."""
        assert isinstance(position, ModTenPosition)
        facts: list[Fact] = []
        position.play(move, facts)
        return tuple(facts)

    def _hand_sizes(self) -> tuple[int, ...]:
        position = self._position
        count = int.bit_count
        return tuple(map(add, map(count, position.hands), map(count, position.twice)))

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
        the discard pile, the number of cards in each hand and every event (the hands, the
        voids and the events made when first read, from what the view keeps: see
        :class:`ModTenSight`)."""
        position = self._position
        if type(seat) is not int or not 0 <= seat < position.players:
            seat = self._game._check_seat(seat)
        shown = None
        if self._game.open_hands:
            shown = tuple(zip(position.hands, position.twice, strict=True))
        sight = ModTenSight(
            (position.hands[seat], position.twice[seat]),
            position.unseen_by(seat),
            tuple(position.voids),
            shown,
        )
        return view_with(ModTenView, self, seat, sight)

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
        """The cards this seat cannot see: the deck less its hand, the table and the discard
        (worked out the first time, then kept)."""
        return list(self._unseen)

    def unseen_sets(self) -> tuple[int, int]:
        """The cards this seat cannot see as two card sets (see
        :func:`~cardlab.games.mod_ten.rules.hand_sets`): those with a copy unseen, and those
        with both copies unseen."""
        try:
            sight: ModTenSight = self._raw
        except AttributeError:  # a view made field by field keeps none
            return hand_sets(self._unseen)
        return sight.unseen

    def _make_unseen(self) -> tuple[Card, ...]:
        try:
            return hand_cards(*self._raw.unseen)
        except AttributeError:  # a view made field by field keeps none: count what it shows
            unseen = Counter(self.game.cards)
            unseen.subtract(self.hand)
            unseen.subtract(self.table)
            unseen.subtract(self.discard)
            return tuple(sort_cards(unseen.elements()))

    def _make_hand(self) -> Hand:
        return Hand(hand_cards(*self._raw.hand))

    def _make_hands(self) -> tuple[Hand, ...] | None:
        shown = self._raw.hands
        return None if shown is None else tuple([Hand(hand_cards(*hand)) for hand in shown])

    def _make_voids(self) -> tuple[frozenset[str], ...]:
        return tuple(
            frozenset(suit for index, suit in enumerate(SUITS) if voids >> index & 1)
            for voids in self._raw.voids
        )

    def determinize(self, rng: random.Random | int | None = None) -> ModTenState:
        """A full state that agrees with this view: the unseen cards dealt at random to the
        other seats, in the right numbers, and never a suit a seat was skipped on."""
        rng = as_rng(rng)
        if self.hands is not None:
            hands = [list(hand) for hand in self.hands]
        else:
            hands = deal_unseen(self, rng)
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
