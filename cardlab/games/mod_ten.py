"""Mod Ten (Mark Steere, 2022): a shedding game for 2 to 6 players. RULES.md section 1.

Players follow the suit that leads; a card that brings the table to a multiple of 10 collects it,
and the first player to shed their last card wins.

>>> import cardlab
>>> game = cardlab.game("mod-ten", players=2, deck="single")
>>> state = game.deal(seed=1)
>>> len(state.hand(0)), len(state.hand(1))
(16, 16)
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.cards import SUIT_NAMES, SUITS, Card, Hand, cards_text, sort_cards
from cardlab.core import (
    PLAIN_MOVES,
    DealError,
    Event,
    Game,
    Move,
    OptionError,
    Outcome,
    Row,
    State,
    View,
    as_rng,
    option,
)
from cardlab.deals import check_keys, parse_hands

DECK_CHOICES = ("auto", "single", "double")
"""The values of the ``deck`` option."""

SINGLE_RANKS = "A2346789"
"""The ranks of a Mod Ten deck: no 5s, no tens, no face cards."""


def suit_word(suit: str) -> str:
    """The singular English word for a suit letter: ``"H"`` -> ``"heart"``."""
    return SUIT_NAMES[suit][:-1]


def value(card: Card) -> int:
    """A card's Mod Ten value: ace 1, 2..9 face value."""
    return card.number


def deck_for(players: int, deck: str = "auto") -> list[Card]:
    """The Mod Ten deck for ``players`` players, in display order (RULES.md 1.1).

    >>> len(deck_for(2)), len(deck_for(3)), len(deck_for(4)), len(deck_for(5))
    (32, 30, 72, 60)
    """
    return list(_deck(players, deck))


@functools.cache
def _deck(players: int, deck: str) -> tuple[Card, ...]:
    return tuple(_build_deck(players, deck))


def _build_deck(players: int, deck: str) -> list[Card]:
    kind = resolve_deck(players, deck)
    odd_count = players in (3, 5, 6)
    if kind == "single":
        cards = [Card(rank, suit) for suit in SUITS for rank in SINGLE_RANKS]
        removed = {Card.parse("AS"), Card.parse("9S")} if odd_count else set()
        return [card for card in cards if card not in removed]
    cards = [Card(rank, suit) for suit in SUITS for rank in "A23456789" for _copy in range(2)]
    if odd_count:
        cards = [c for c in cards if not (c.rank in "A9" and c.suit in "SCD")]
    return cards


def resolve_deck(players: int, deck: str = "auto") -> str:
    """``"single"`` or ``"double"``: what ``deck="auto"`` means for ``players`` (BGA's choice)."""
    if deck == "auto":
        return "single" if players <= 3 else "double"
    return deck


@dataclass(frozen=True)
class ModTen(Game):
    """Mod Ten, with its options (RULES.md section 1).

    - ``players``: 2 to 6 (default 2).
    - ``deck``: ``"auto"`` (single deck for 2-3 players, double for 4-6), ``"single"`` or
      ``"double"``.
    - ``open_hands``: 2 players only; the hands are dealt face up (perfect information).
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
    match_target: int = option(1, "hands a player must win to win the match", minimum=1)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.deck not in DECK_CHOICES:
            raise OptionError(f"deck must be one of {', '.join(DECK_CHOICES)}, not {self.deck!r}")
        if not isinstance(self.open_hands, bool):
            raise OptionError(f"open_hands is True or False, not {self.open_hands!r}")
        if self.open_hands and self.players != 2:
            raise OptionError(f"open_hands is a 2-player variant, not for {self.players} players")
        target = self.match_target
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise OptionError(f"match_target must be a whole number of hands >= 1, not {target!r}")

    @property
    def cards(self) -> list[Card]:
        """The deck for these options, in display order."""
        return deck_for(self.players, self.deck)

    @property
    def hand_size(self) -> int:
        """How many cards each player is dealt."""
        return len(self.cards) // self.players

    def _deal(self, rng: random.Random, dealer: int) -> ModTenState:
        deck = self.cards
        rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        for index, card in enumerate(deck):
            hands[(dealer + 1 + index) % self.players].append(card)
        return ModTenState.first(self, dealer, hands)

    def _deal_cards(self, dealer: int, **cards: Any) -> ModTenState:
        check_keys(cards, self.title, ("hands",))
        hands = parse_hands(cards["hands"], self.players, self.hand_size)
        _check_against_deck(hands, self)
        return ModTenState.first(self, dealer, hands)

    def greedy_move(self, view: View, rng: random.Random) -> Move:
        """The greedy heuristic: capture if a card can (the highest such card), since capturing
        lets you lead again and shed one more card; otherwise play the card after which the
        fewest unseen cards could capture (the next multiple of 10 is hardest to reach),
        the highest card on a tie."""
        legal = view.legal_moves()
        total = view.table_sum
        capturing = [move for move in legal if (total + move.card.number) % 10 == 0]
        if capturing:
            return max(capturing, key=lambda move: move.card.number)
        unseen = Counter((card.suit, card.number) for card in view.unseen_cards())

        def risk(move: Move) -> tuple[int, int]:
            gap = 10 - (total + move.card.number) % 10
            return (unseen[(move.card.suit, gap)], -move.card.number)

        return min(legal, key=risk)

    def playout(self, state: State, rng: random.Random, trace: list[Move] | None = None) -> Outcome:
        """Random play to the end, as :meth:`Game.playout` but several times faster, making the
        same random draws and the same moves (see :mod:`cardlab.playouts.mod_ten`)."""
        from cardlab.playouts.mod_ten import playout

        return playout(self, state, rng, trace)

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


def _holds_suit(hand: Iterable[Card], suit: str) -> bool:
    for card in hand:
        if card.suit == suit:
            return True
    return False


class ModTenState(State):
    """A position in a hand of Mod Ten.

    Fields: ``hands`` (a tuple of card tuples, one per seat), ``table`` (the cards on the
    table, in the order played), ``table_sum``, ``discard`` (the collected cards, face down).
    """

    game: ModTen
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    table_sum: int
    discard: tuple[Card, ...]

    @classmethod
    def first(cls, game: ModTen, dealer: int, hands: Sequence[Sequence[Card]]) -> ModTenState:
        """The state after the deal: the seat left of the dealer leads (1.3, 1.4)."""
        leader = (dealer + 1) % game.players
        how = "face up" if game.open_hands else "face down"
        deal = Event(
            "deal",
            dealer,
            f"Seat {dealer} deals {len(hands[0])} cards {how} to each player; seat {leader} leads.",
        )
        return cls(
            game,
            dealer,
            (deal,),
            hands=tuple(tuple(sort_cards(hand)) for hand in hands),
            table=(),
            table_sum=0,
            discard=(),
            current_player=leader,
        )

    # ---------------------------------------------------------------- rules
    @property
    def led_suit(self) -> str | None:
        """The suit on the table (the suit that was led), or None when the table is empty."""
        return self.table[0].suit if self.table else None

    def _legal(self) -> tuple[Move, ...]:
        hand = self.hands[self.current_player]
        led = self.table[0].suit if self.table else None
        moves = []
        previous = None
        for card in hand:
            # Two copies of a card (double deck) are one move: the hand is sorted.
            if card is not previous and (led is None or card.suit == led):
                moves.append(PLAIN_MOVES[card])
            previous = card
        return tuple(moves)

    def _why_not(self, move: Move) -> str:
        seat = self.current_player
        hand = self.hands[seat]
        if move.target is not None or move.declare is not None:
            return f"{move}: a Mod Ten move is a card alone, like {move.card}"
        card = move.card
        if card not in hand:
            if card not in self.game.cards:
                return f"{card} is not in this game's deck"
            return f"{card} is not in seat {seat}'s hand"
        led = self.led_suit
        followers = cards_text(c for c in hand if c.suit == led)
        return (
            f"{SUIT_NAMES[led]} were led and seat {seat} holds a {suit_word(led)} "
            f"({followers}): a {suit_word(led)} must be played"
        )

    def _apply(self, move: Move) -> ModTenState:
        seat = self.current_player
        card = move.card
        hands = list(self.hands)
        hand = list(hands[seat])
        hand.remove(card)
        hands[seat] = tuple(hand)
        table = self.table + (card,)
        table_sum = self.table_sum + card.number
        verb = "leads" if not self.table else "plays"
        captures = table_sum % 10 == 0
        discard = self.discard + table if captures else self.discard

        if not hand:
            what = f"the table makes {table_sum}, " if captures else ""
            text = f"Seat {seat} {verb} {card}, {what}their last card: seat {seat} wins the hand."
            events = (Event("win", seat, text, (card,), detail="capture" if captures else ""),)
            return self._child(
                move,
                events,
                hands=tuple(hands),
                table=() if captures else table,
                table_sum=0 if captures else table_sum,
                discard=discard,
                current_player=None,
                winner=seat,
            )
        if captures:
            text = (
                f"Seat {seat} {verb} {card}: the table makes {table_sum}, seat {seat} collects "
                f"{len(table)} cards and leads again."
            )
            events = (Event("capture", seat, text, table),)
            return self._child(
                move,
                events,
                hands=tuple(hands),
                table=(),
                table_sum=0,
                discard=discard,
                current_player=seat,
            )
        text = f"Seat {seat} {verb} {card}: the table makes {table_sum}."
        events = [Event("play", seat, text, (card,))]
        suit = card.suit if verb == "leads" else table[0].suit
        players = self.game.players
        follower = None
        for step in range(1, players + 1):
            candidate = (seat + step) % players
            if _holds_suit(hands[candidate], suit):
                follower = candidate
                break
            events.append(
                Event(
                    "skip",
                    candidate,
                    f"Seat {candidate} has no {SUIT_NAMES[suit]} and is skipped.",
                    detail=suit,
                )
            )
        if follower is None:  # pragma: no cover - impossible by invariant 1.9
            raise AssertionError(f"nobody can follow {SUIT_NAMES[suit]}: the engine has a bug")
        return self._child(
            move,
            tuple(events),
            hands=tuple(hands),
            table=table,
            table_sum=table_sum,
            current_player=follower,
        )

    # ---------------------------------------------------------------- outcome and looks
    @property
    def scores(self) -> tuple[int, ...]:
        """1 for the winner of the hand, 0 for everyone else (Mod Ten has no points)."""
        return tuple(int(seat == self.winner) for seat in range(self.game.players))

    def hand(self, seat: int) -> Hand:
        """The cards in ``seat``'s hand, in display order."""
        return Hand(self.hands[self.game._check_seat(seat)])

    def stats(self) -> tuple[tuple[str, int], ...]:
        """``captures`` (times the table was collected) and ``skips`` (turns passed over)."""
        captures = skips = 0
        for event in self.events:
            if event.kind == "capture" or event.detail == "capture":
                captures += 1
            elif event.kind == "skip":
                skips += 1
        return (("captures", captures), ("skips", skips))

    def _key(self) -> tuple[Any, ...]:
        return (
            self.dealer,
            self.hands,
            self.table,
            self.discard,
            self.current_player,
            self.winner,
        )

    def view(self, seat: int) -> ModTenView:
        """What ``seat`` may see: its own hand (every hand with ``open_hands``), the table,
        the discard pile, the number of cards in each hand and every event."""
        return ModTenView(self, seat)

    def layout(self, show: Iterable[int] | None = None) -> list[Row]:
        """Rows that picture the state: each seat's hand, the table and the discard pile."""
        shown = set(range(self.game.players)) if show is None else set(show)
        rows = []
        for seat in range(self.game.players):
            hand = self.hands[seat]
            notes = []
            if seat == self.dealer:
                notes.append("dealer")
            if seat == self.current_player:
                notes.append("to move")
            if seat == self.winner:
                notes.append("winner")
            face_up = seat in shown or self.game.open_hands
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


class ModTenView(View):
    """What one seat may see of a Mod Ten hand.

    Beyond :class:`~cardlab.core.View`: ``table``, ``table_sum``, ``discard``, ``voids`` (the
    suits each seat is known to lack, from being skipped) and, with ``open_hands``, ``hands``.
    """

    def __init__(self, state: ModTenState, seat: int) -> None:
        super().__init__(state, seat)
        self.table: tuple[Card, ...] = state.table
        """The cards on the table, in the order played."""
        self.table_sum: int = state.table_sum
        """The sum of the table."""
        self.discard: tuple[Card, ...] = state.discard
        """The collected cards (everyone saw them played)."""
        self.hands: tuple[Hand, ...] | None = (
            tuple(Hand(hand) for hand in state.hands) if state.game.open_hands else None
        )
        """Every hand, when they are dealt face up; otherwise None."""
        voids: list[set[str]] = [set() for _ in range(state.game.players)]
        for event in state.events:
            if event.kind == "skip" and event.seat is not None:
                voids[event.seat].add(event.detail)
        self.voids: tuple[frozenset[str], ...] = tuple(frozenset(v) for v in voids)
        """For each seat, the suits it was skipped on, so cannot hold."""

    def layout(self) -> list[Row]:
        """Rows that picture what this seat sees: the hands it may see, the table, the pile."""
        rows = super().layout()
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
        state = ModTenState(
            self.game,
            self.dealer,
            (),
            hands=tuple(tuple(sort_cards(hand)) for hand in hands),
            table=self.table,
            table_sum=self.table_sum,
            discard=self.discard,
            current_player=self.current_player,
        )
        if self.is_over:
            winners = [seat for seat, size in enumerate(self.hand_sizes) if size == 0]
            state.__dict__["winner"] = winners[0]
        return state


def _deal_unseen(view: ModTenView, rng: random.Random) -> list[list[Card]]:
    """Deal the unseen cards to the other seats, respecting their sizes and known voids.

    The most constrained cards go first; a dead end (rare) starts again with a new shuffle.
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
        rng.shuffle(unseen)
        for seat in others:
            size = view.hand_sizes[seat]
            hands[seat], unseen = unseen[:size], unseen[size:]
        return hands
    for _attempt in range(1000):
        rng.shuffle(unseen)
        unseen.sort(key=lambda card: sum(card.suit not in view.voids[s] for s in others))
        room = {seat: view.hand_sizes[seat] for seat in others}
        for seat in others:
            hands[seat] = []
        for card in unseen:
            choices = [s for s in others if room[s] > 0 and card.suit not in view.voids[s]]
            if not choices:
                break
            weights = [room[s] for s in choices]
            seat = rng.choices(choices, weights)[0]
            hands[seat].append(card)
            room[seat] -= 1
        else:
            if led is None or any(card.suit == led for card in hands[to_move]):
                return hands
    raise AssertionError("no deal agrees with this view: the engine has a bug")
