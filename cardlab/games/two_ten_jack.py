"""Two-Ten-Jack: a trick-taking game for 2 players. RULES.md section 3.

Hearts are always trumps and the ace of spades is both a spade and the highest trump. The
players collect the 2, 10 and jack of hearts (+5 each) and avoid the 2, 10 and jack of clubs
(-5 each); the first to 31 points wins the match.

>>> import cardlab
>>> game = cardlab.game("two-ten-jack")
>>> state = game.deal(seed=1)
>>> len(state.hand(0)), len(state.hand(1)), len(state.stock)
(6, 6, 40)

How the engine reads RULES.md where it leaves a choice:

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
  as for any other suit (RULES.md 3.4 read literally).
- **The winner of a trick.** The ace of spades wins whenever it is played; otherwise the highest
  heart; otherwise the higher card of the led suit. A card of another suit never wins.
- **Scores while playing.** ``state.scores`` counts the cards won so far; it is the hand's
  score once all 26 tricks are played. The hand's ``winner`` is the seat with more points, None
  on a tie (which cannot happen: the two scores add up to 5, an odd number).
- **The match.** The totals are checked at the end of each hand: once a seat has ``target``
  points or more, the seat with the highest total wins; an exact tie for the highest total plays
  another hand. The deal alternates (the default ``next_dealer``).
- **Views and voids.** A view knows its own hand, the trick, both won piles and the size of the
  stock. It records no voids: a void shown by failing to follow holds only until the player
  draws again, and once the stock is empty the unseen cards are exactly the other hand, so a
  void would add nothing that counting the cards does not already give.
- **Bots.** ``state.stats()`` counts the tricks each seat has won; ``greedy_move`` is a
  one-trick heuristic (its docstring says the rule); ``playout`` is a fast path for random
  play that makes exactly the engine's random draws and moves.
- **Equality.** Two states of the same game are equal when the dealer, the hands, the stock,
  the trick (with its declaration), the won piles (in the order won), the last trick, the
  leader and the seat to move agree.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.cards import SUIT_NAMES, SUITS, Card, Hand, cards_text, full_deck, parse_cards
from cardlab.core import (
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
    plain_move,
    sole_leader,
)
from cardlab.deals import check_each_card_once, check_keys, parse_hands, parse_pile

HAND_SIZE = 6
"""Cards dealt to each player."""

STOCK_SIZE = 40
"""Cards left in the stock after the deal."""

TRICKS = 26
"""Tricks in a hand: 20 with drawing from the stock, then 6 from the hands alone."""

TRICK_RANKS = "23456789TJQKA"
"""The ranks from low to high for winning tricks (the ace is high)."""

ACE_OF_SPADES = Card.parse("AS")
"""The card that is both a spade and the highest trump."""

TRUMP = "H"
"""Hearts are always trumps."""

AS_SPADE = Move(ACE_OF_SPADES, declare="S")
"""Leading the ace of spades as a spade."""

AS_TRUMP = Move(ACE_OF_SPADES, declare="H")
"""Leading the ace of spades as a trump."""

POINTS: dict[Card, int] = {
    **dict.fromkeys(parse_cards("2H TH JH"), 5),
    **dict.fromkeys(parse_cards("2C TC JC"), -5),
    **dict.fromkeys(parse_cards("2S TS JS AS 6D"), 1),
}
"""The cards that score when won (RULES.md 3.7); every other card scores 0."""

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in TRICK_RANKS)
"""The 52 cards in display order: by suit (C, D, H, S), then rank from 2 up to the ace."""

_DISPLAY_ORDER = {card: index for index, card in enumerate(DECK)}
_MOVES = {card: plain_move(card) for card in DECK}
_RANK = {card: TRICK_RANKS.index(card.rank) + 2 for card in DECK}


def _strength_table(led: str) -> dict[Card, int]:
    """How strongly each card plays when ``led`` is the led suit (higher wins the trick)."""
    table = {}
    for card in DECK:
        if card is ACE_OF_SPADES:
            table[card] = 100
        elif card.suit == TRUMP:
            table[card] = 50 + _RANK[card]
        elif card.suit == led:
            table[card] = _RANK[card]
        else:
            table[card] = 0
    return table


_STRENGTH = {suit: _strength_table(suit) for suit in SUITS}

_SHUFFLE_ORDER = tuple(full_deck())
"""The deck in the order the shuffle starts from (``full_deck()``, made once)."""


def card_points(card: Card) -> int:
    """What ``card`` scores when won in a trick (RULES.md 3.7).

    >>> card_points(Card.parse("JH")), card_points(Card.parse("TC")), card_points(Card.parse("9D"))
    (5, -5, 0)
    """
    return POINTS.get(card, 0)


def trick_rank(card: Card) -> int:
    """The rank of ``card`` for winning tricks: 2 for a two up to 14 for an ace."""
    return _RANK[card]


def is_trump(card: Card) -> bool:
    """True for a heart or the ace of spades."""
    return card.suit == TRUMP or card is ACE_OF_SPADES


def winning_card(cards: Sequence[Card], led: str) -> Card:
    """The card that wins a trick of ``cards`` (in play order) when ``led`` was led (3.5).

    The ace of spades wins any trick it is in; otherwise the highest heart; otherwise the
    highest card of the led suit.

    >>> str(winning_card(parse_cards("9C 4H"), "C")), str(winning_card(parse_cards("9C KD"), "C"))
    ('4H', '9C')
    """
    strength = _STRENGTH[led]
    best = cards[0]
    for card in cards[1:]:
        if strength[card] > strength[best]:
            best = card
    return best


def follows_suit(card: Card, led: str) -> bool:
    """True if ``card`` is a card of the led suit: its suit, or the ace of spades when spades
    or hearts were led."""
    return card.suit == led or (card is ACE_OF_SPADES and led == TRUMP)


def following_cards(hand: Iterable[Card], led: str) -> list[Card]:
    """The cards of ``hand`` that may follow when ``led`` was led (RULES.md 3.4).

    A card of the led suit if the hand holds one; otherwise a trump if it holds one;
    otherwise any card.

    >>> cards_text(following_cards(parse_cards("3C 9C AS"), "C"))
    '3C 9C'
    >>> cards_text(following_cards(parse_cards("5D AS"), "C"))
    'AS'
    """
    hand = list(hand)
    same = [card for card in hand if card.suit == led or (card is ACE_OF_SPADES and led == TRUMP)]
    if same:
        return same
    trumps = [card for card in hand if card.suit == TRUMP or card is ACE_OF_SPADES]
    if trumps:
        return trumps
    return hand


def suit_word(suit: str) -> str:
    """The singular English word for a suit letter: ``"C"`` -> ``"club"``."""
    return SUIT_NAMES[suit][:-1]


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


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in display order: by suit (C, D, H, S), then rank from 2 up to the ace."""
    return tuple(sorted(cards, key=_DISPLAY_ORDER.__getitem__))


@dataclass(frozen=True)
class TwoTenJack(Game):
    """Two-Ten-Jack, with its options (RULES.md section 3).

    - ``players``: always 2 (kept as an option so that every game takes it).
    - ``target``: the match is won by the first player to reach this many points (default 31).

    Deal by seed (``game.deal(seed=7)``) or from given cards:
    ``game.deal(dealer=0, hands=["...", "..."], stock="...")`` with 6 cards per hand and the
    other 40 in the stock, top card first.
    """

    name = "two-ten-jack"
    title = "Two-Ten-Jack"
    min_players = 2
    max_players = 2

    players: int = option(2, "always 2")
    target: int = option(31, "match points that end the match", minimum=1)

    def __post_init__(self) -> None:
        if self.players != 2 or isinstance(self.players, bool):
            raise OptionError(f"Two-Ten-Jack is for exactly 2 players, not {self.players!r}")
        super().__post_init__()
        target = self.target
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise OptionError(f"target must be a whole number of points >= 1, not {target!r}")

    @property
    def cards(self) -> list[Card]:
        """The 52-card deck, in display order."""
        return list(DECK)

    def _deal(self, rng: random.Random, dealer: int) -> TwoTenJackState:
        deck = list(_SHUFFLE_ORDER)
        rng.shuffle(deck)
        dealt = 2 * HAND_SIZE
        hands: list[list[Card]] = [[], []]
        hands[1 - dealer] = deck[0:dealt:2]  # one at a time, the non-dealer first
        hands[dealer] = deck[1:dealt:2]
        return TwoTenJackState.first(self, dealer, hands, deck[dealt:])

    def _deal_cards(self, dealer: int, **cards: Any) -> TwoTenJackState:
        check_keys(cards, self.title, ("hands", "stock"))
        hands = parse_hands(cards["hands"], 2, HAND_SIZE)
        stock = parse_pile(cards["stock"], "the stock", STOCK_SIZE)
        check_each_card_once(
            [(f"seat {seat}'s hand", hand) for seat, hand in enumerate(hands)]
            + [("the stock", stock)]
        )
        return TwoTenJackState.first(self, dealer, hands, stock)

    def match_winner(self, totals: Sequence[int]) -> int | None:
        """Once a seat has ``target`` points, the seat with the highest total; None while
        nobody has reached it or when the two totals are equal (another hand is played)."""
        return sole_leader(totals) if max(totals) >= self.target else None

    def greedy_move(self, view: View, rng: random.Random) -> Move:
        """The greedy heuristic, one trick ahead and from the view alone.

        Following, it weighs each legal card by what the trick does to the difference of
        the two scores: the trick's points for it if the card wins, against it if the card
        loses. It plays the card that does best, and among equals the weakest card (win as
        cheaply as possible, lose with the lowest card). So it takes a trick holding points
        for it, throws a -5 club on a trick it loses, never throws a +5 heart away and does
        not win a trick holding a -5 club when it can lose it.

        Leading, it plays its lowest card that is worth nothing and is not a trump; with
        none, the card worth the fewest points (then the lowest). It keeps the ace of spades
        to follow with, since it wins any trick; led as the last card, the ace is declared a
        trump, so that the other player must give up a heart if it holds one.

        ``rng`` is not used: the heuristic is deterministic.
        """
        legal = view.legal_moves()
        if view.trick:
            return _greedy_follow(legal, view.trick[0][1], view.led_suit)
        return _greedy_lead(legal)

    def playout(self, state: State, rng: random.Random, trace: list[Move] | None = None) -> Outcome:
        """Random play to the end, as :meth:`Game.playout` but several times faster, making the
        same random draws and the same moves (see :mod:`cardlab.playouts.two_ten_jack`)."""
        from cardlab.playouts.two_ten_jack import playout

        return playout(state, rng, trace)


def _greedy_follow(legal: Sequence[Move], led_card: Card, led: str) -> Move:
    """The greedy reply to ``led_card`` (see :meth:`TwoTenJack.greedy_move`)."""
    strength = _STRENGTH[led]
    to_beat = strength[led_card]

    def value(move: Move) -> tuple[int, int]:
        card = move.card
        worth = POINTS.get(led_card, 0) + POINTS.get(card, 0)
        gain = worth if strength[card] > to_beat else -worth
        return (gain, -_weakness_cost(card, strength))

    return max(legal, key=value)


def _greedy_lead(legal: Sequence[Move]) -> Move:
    """The greedy lead (see :meth:`TwoTenJack.greedy_move`)."""
    plain = [move for move in legal if move.card not in POINTS and not is_trump(move.card)]
    if plain:
        return min(plain, key=lambda move: _RANK[move.card])
    if AS_TRUMP in legal and len(legal) == 2:
        return AS_TRUMP
    spare = [move for move in legal if move.declare is None]
    return min(spare, key=lambda move: (abs(POINTS.get(move.card, 0)), _RANK[move.card]))


def _weakness_cost(card: Card, strength: dict[Card, int]) -> int:
    """How much playing ``card`` spends: its strength in this trick, or its rank when it
    cannot win (a low discard costs less than a high one)."""
    return strength[card] or _RANK[card]


class TwoTenJackState(State):
    """A position in a hand of Two-Ten-Jack.

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

    game: TwoTenJack
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    led_suit: str | None
    declaration: str | None
    won: tuple[tuple[Card, ...], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_played: int
    leader: int
    points: tuple[int, int]

    @classmethod
    def first(
        cls,
        game: TwoTenJack,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
    ) -> TwoTenJackState:
        """The state after the deal: the non-dealer leads the first trick (3.3)."""
        leader = 1 - dealer
        deal = Event(
            "deal",
            dealer,
            f"Seat {dealer} deals {HAND_SIZE} cards to each player, one at a time starting "
            f"with seat {leader}; the other {len(stock)} cards form the stock. "
            f"Seat {leader} leads.",
        )
        return cls(
            game,
            dealer,
            (deal,),
            hands=tuple(sort_hand(hand) for hand in hands),
            stock=tuple(stock),
            trick=(),
            led_suit=None,
            declaration=None,
            won=((), ()),
            last_trick=(),
            tricks_played=0,
            leader=leader,
            points=(0, 0),
            current_player=leader,
        )

    # ---------------------------------------------------------------- rules
    def _legal(self) -> tuple[Move, ...]:
        hand = self.hands[self.current_player]
        if self.trick:
            return tuple([_MOVES[card] for card in following_cards(hand, self.led_suit)])
        if ACE_OF_SPADES not in hand:
            return tuple([_MOVES[card] for card in hand])
        moves = []
        for card in hand:
            if card is ACE_OF_SPADES:
                moves.append(AS_SPADE)
                moves.append(AS_TRUMP)
            else:
                moves.append(_MOVES[card])
        return tuple(moves)

    def _why_not(self, move: Move) -> str:
        seat = self.current_player
        hand = self.hands[seat]
        card = move.card
        if move.target is not None:
            return f"{move}: a Two-Ten-Jack move is a card alone (and AS=S or AS=H to lead the ace)"
        if card not in hand:
            return f"{card} is not in seat {seat}'s hand (it holds {cards_text(hand)})"
        if card is not ACE_OF_SPADES:
            if move.declare is not None:
                return (
                    f"{move}: only the ace of spades is declared, when it leads a trick; "
                    f"play it as {card}"
                )
        elif not self.trick and move.declare is None:
            return "leading the ace of spades, say whether it is a spade or a trump: AS=S or AS=H"
        elif self.trick and move.declare is not None:
            return (
                f"{move}: the ace of spades is declared only when it leads a trick; "
                "to follow with it, play AS"
            )
        if self.trick:
            return _follow_reason(hand, self.led_suit, self.declaration, card)
        return f"{move} is not a legal move here"  # pragma: no cover - every lead is legal

    def _apply(self, move: Move) -> TwoTenJackState:
        seat = self.current_player
        card = move.card
        hands = list(self.hands)
        hands[seat] = tuple([held for held in hands[seat] if held is not card])
        if not self.trick:
            return self._lead(move, seat, card, hands)
        return self._settle(move, seat, card, hands)

    def _lead(
        self, move: Move, seat: int, card: Card, hands: list[tuple[Card, ...]]
    ) -> TwoTenJackState:
        """The state after ``seat`` leads ``card``: the other seat follows."""
        led = card.suit if move.declare is None else move.declare
        return self._child(
            move,
            (_lead_event(seat, card, move.declare),),
            hands=tuple(hands),
            trick=((seat, card),),
            led_suit=led,
            declaration=move.declare,
            current_player=1 - seat,
        )

    def _settle(
        self, move: Move, seat: int, card: Card, hands: list[tuple[Card, ...]]
    ) -> TwoTenJackState:
        """The state after ``seat`` follows with ``card``: the trick is won, cards are drawn."""
        led_seat, led_card = self.trick[0]
        strength = _STRENGTH[self.led_suit]
        winner = seat if strength[card] > strength[led_card] else led_seat
        best = card if winner == seat else led_card
        worth = POINTS.get(led_card, 0) + POINTS.get(card, 0)
        won, points = self.won, self.points
        if winner == 0:
            won = (won[0] + (led_card, card), won[1])
            points = (points[0] + worth, points[1])
        else:
            won = (won[0], won[1] + (led_card, card))
            points = (points[0], points[1] + worth)
        tricks_played = self.tricks_played + 1
        over = tricks_played == TRICKS
        events = [
            _follow_event(seat, card),
            _trick_event(winner, led_card, card, best, worth, over),
        ]
        stock = self.stock
        if stock:
            loser = 1 - winner
            first, second = stock[0], stock[1]
            stock = stock[2:]
            hands[winner] = sort_hand(hands[winner] + (first,))
            hands[loser] = sort_hand(hands[loser] + (second,))
            events.append(_draw_event(winner, first, False))
            events.append(_draw_event(loser, second, not stock))
        if over:
            hand_winner = sole_leader(points)
            events.append(_end_event(points, hand_winner))
            changes = {"current_player": None, "winner": hand_winner}
        else:
            changes = {"current_player": winner}
        return self._child(
            move,
            tuple(events),
            hands=tuple(hands),
            stock=stock,
            trick=(),
            led_suit=None,
            declaration=None,
            won=won,
            last_trick=(self.trick[0], (seat, card)),
            tricks_played=tricks_played,
            leader=winner,
            points=points,
            **changes,
        )

    # ---------------------------------------------------------------- outcome and looks
    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's points from the cards it has won (the hand's score once it is over)."""
        return self.points

    def score_breakdown(self, seat: int) -> list[tuple[Card, int]]:
        """The scoring cards ``seat`` has won, with their points, in display order."""
        return score_breakdown(self.won[self.game._check_seat(seat)])

    def score_text(self, seat: int) -> str:
        """``seat``'s score in words: "JH +5, 2C -5, 6D +1: 1 point"."""
        return breakdown_text(self.score_breakdown(seat), self.points[seat])

    def stats(self) -> tuple[tuple[str, int], ...]:
        """``tricks_0`` and ``tricks_1``: the tricks each seat has won so far."""
        return (("tricks_0", len(self.won[0]) // 2), ("tricks_1", len(self.won[1]) // 2))

    def hand(self, seat: int) -> Hand:
        """The cards in ``seat``'s hand, in display order."""
        return Hand(self.hands[self.game._check_seat(seat)])

    def _key(self) -> tuple[Any, ...]:
        return (
            self.dealer,
            self.hands,
            self.stock,
            self.trick,
            self.led_suit,
            self.declaration,
            self.won,
            self.last_trick,
            self.leader,
            self.current_player,
        )

    def view(self, seat: int) -> TwoTenJackView:
        """What ``seat`` may see: its own hand, the trick, the won piles and the stock's size."""
        return TwoTenJackView(self, seat)

    def layout(self, show: Iterable[int] | None = None) -> list[Row]:
        """Rows that picture the state: the hands, the trick, the last trick, the stock and
        each seat's won cards with their points."""
        shown = {0, 1} if show is None else set(show)
        face_up = {seat: self.hands[seat] for seat in range(2) if seat in shown}
        sizes = (len(self.hands[0]), len(self.hands[1]))
        return _layout_rows(self, face_up, sizes, len(self.stock))


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


# Events are immutable values, so each distinct one is made once and shared: a hand makes
# about 130 events, and building them anew each time was a third of the cost of random play.


@functools.cache
def _lead_event(seat: int, card: Card, declare: str | None) -> Event:
    """``seat`` leads ``card`` (the ace of spades with its declaration)."""
    if declare is None:
        text = f"Seat {seat} leads {card}."
    else:
        text = f"Seat {seat} leads AS as {'a trump' if declare == TRUMP else 'a spade'}."
    return Event("play", seat, text, (card,))


@functools.cache
def _follow_event(seat: int, card: Card) -> Event:
    """``seat`` plays ``card`` to the trick led by the other seat."""
    return Event("play", seat, f"Seat {seat} plays {card}.", (card,))


@functools.cache
def _trick_event(
    winner: int, first: Card, second: Card, best: Card, worth: int, last: bool
) -> Event:
    """``winner`` wins the trick ``first``, ``second`` (worth ``worth`` points) with ``best``."""
    trump = " (trump)" if is_trump(best) else ""
    then = "." if last else " and leads next."
    extra = f" The trick is worth {worth:+d}." if worth else ""
    text = f"Seat {winner} wins the trick with {best}{trump}{then}{extra}"
    return Event("trick", winner, text, (first, second))


@functools.cache
def _draw_event(seat: int, card: Card, last: bool) -> Event:
    """A draw from the stock: the drawer sees the card, the other seat only that one was drawn."""
    if last:
        text = f"Seat {seat} draws {card}, the last card of the stock."
        public = f"Seat {seat} draws the last card of the stock."
    else:
        text = f"Seat {seat} draws {card}."
        public = f"Seat {seat} draws a card from the stock."
    return Event("draw", seat, text, (card,), private=True, public_text=public)


def _end_event(points: Sequence[int], winner: int | None) -> Event:
    """The end of the hand: the scores and who won."""
    result = "the hand is a tie" if winner is None else f"seat {winner} wins the hand"
    return Event(
        "win",
        winner,
        f"The hand is over: seat 0 scores {points[0]} and seat 1 scores {points[1]}; {result}.",
    )


def _follow_reason(hand: Sequence[Card], led: str, declaration: str | None, card: Card) -> str:
    """Why ``card`` may not follow when ``led`` was led, in words (3.4)."""
    what_was_led = led_words(led, declaration)
    same = [held for held in hand if follows_suit(held, led)]
    if same:
        kind = "a trump" if led == TRUMP else f"a {suit_word(led)}"
        return (
            f"you hold {kind} ({cards_text(same)}), and {what_was_led}: "
            f"the {card.name} may not be played"
        )
    trumps = [held for held in hand if is_trump(held)]
    return (
        f"you hold no {suit_word(led)} but you hold a trump ({cards_text(trumps)}), and "
        f"{what_was_led}: you must trump, and the {card.name} is not a trump"
    )


def _layout_rows(
    state: TwoTenJackState | TwoTenJackView,
    face_up: dict[int, Sequence[Card]],
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


class TwoTenJackView(View):
    """What one seat may see of a Two-Ten-Jack hand.

    Beyond :class:`~cardlab.core.View`: ``trick``, ``led_suit``, ``declaration``, ``won``
    (both won piles: won cards are public), ``last_trick``, ``points``, ``stock_size``,
    ``tricks_played``, ``leader`` and ``winner``. The other hand and the stock's order are
    not kept.
    """

    def __init__(self, state: TwoTenJackState, seat: int) -> None:
        super().__init__(state, seat)
        self.trick: tuple[tuple[int, Card], ...] = state.trick
        """The cards played to the current trick, as (seat, card) pairs."""
        self.led_suit: str | None = state.led_suit
        """The led suit of the current trick (a led ace's declaration), None between tricks."""
        self.declaration: str | None = state.declaration
        """How a led ace of spades was declared ("S" or "H"), else None."""
        self.won: tuple[tuple[Card, ...], ...] = state.won
        """Each seat's won cards, in the order won."""
        self.last_trick: tuple[tuple[int, Card], ...] = state.last_trick
        """The last settled trick, as (seat, card) pairs."""
        self.points: tuple[int, int] = state.points
        """Each seat's points from the cards it has won."""
        self.stock_size: int = len(state.stock)
        """How many cards are left in the stock."""
        self.tricks_played: int = state.tricks_played
        """How many tricks have been settled."""
        self.leader: int = state.leader
        """The seat that leads (or led) the current trick."""
        self.winner: int | None = state.winner
        """The winner of the hand once it is over (None on a tie or while it goes on)."""

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
        return score_breakdown(self.won[seat])

    def layout(self) -> list[Row]:
        """Rows that picture what this seat sees: its own hand face up, the other face down."""
        return _layout_rows(self, {self.seat: self.hand}, self.hand_sizes, self.stock_size)

    def determinize(self, rng: random.Random | int | None = None) -> TwoTenJackState:
        """A full state that agrees with this view: the unseen cards shuffled, the other hand
        dealt from them in its size and the rest forming the stock."""
        rng = as_rng(rng)
        unseen = self.unseen_cards()
        rng.shuffle(unseen)
        other = 1 - self.seat
        other_size = self.hand_sizes[other]
        hands = [(), ()]
        hands[self.seat] = tuple(self.hand)
        hands[other] = sort_hand(unseen[:other_size])
        return TwoTenJackState(
            self.game,
            self.dealer,
            (),
            hands=tuple(hands),
            stock=tuple(unseen[other_size:]),
            trick=self.trick,
            led_suit=self.led_suit,
            declaration=self.declaration,
            won=self.won,
            last_trick=self.last_trick,
            tricks_played=self.tricks_played,
            leader=self.leader,
            points=self.points,
            current_player=self.current_player,
            winner=self.winner,
        )
