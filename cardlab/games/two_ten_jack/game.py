"""Two-Ten-Jack as players and notebooks see it: the game and its options, the deal (rule 3.2)
and the match (3.8), states with their narration and refusals, and what each seat may see
(views, with the suits a seat was shown to lack). The rules they play are in
:mod:`cardlab.games.two_ten_jack.rules`; the solver's search, the faster playouts and the exact
sampler in :mod:`cardlab.games.two_ten_jack.fast`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from heapq import heappop, heappush
from typing import Any, NamedTuple

from cardlab.engine import notation
from cardlab.engine.cards import SUIT_NAMES, SUITS, Card, Hand, cards_text, full_deck, parse_cards
from cardlab.engine.cardsets import CARDS, card_set, cards_ace_high
from cardlab.engine.core import Game, State, View, sole_leader
from cardlab.engine.deals import check_each_card_once, check_keys, parse_hands, parse_pile
from cardlab.engine.errors import MoveSyntaxError
from cardlab.engine.fields import Read, from_view, view_with
from cardlab.engine.moves import Event, Move, Outcome, Row, Trick
from cardlab.engine.options import option
from cardlab.engine.positions import Position
from cardlab.engine.randomness import as_rng, shuffle
from cardlab.engine.seen import Told
from cardlab.engine.words import shortened, suit_word
from cardlab.games.two_ten_jack.fast import random_playout, weighted_deal
from cardlab.games.two_ten_jack.rules import (
    ACE_OF_SPADES,
    DECK,
    DECK_SET,
    DECLARATIONS,
    DRAWING_TRICKS,
    HAND_SIZE,
    HEARTS,
    POINTS,
    STOCK_SIZE,
    TRICKS,
    TRUMP,
    Drew,
    Fact,
    Led,
    Play,
    TwoTenJackPosition,
    Won,
    breakdown_text,
    can_follow,
    cards_of_led_suit,
    follows_suit,
    is_trump,
    led_suit_of,
    points_range,
    score_breakdown,
    shown_void,
    stock_code,
    stock_size,
    suit_letter,
    trumps_in,
)

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

_SHUFFLE_ORDER = tuple(full_deck())
"""The deck in the order the shuffle starts from (``full_deck()``, made once)."""


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
            events.append(_draw_event(fact))
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


def trick_of(led: int, to_move: int | None) -> tuple[tuple[int, Card], ...]:
    """The current trick as ``(seat, card)`` pairs when the card at bit ``led`` leads it (-1:
    between tricks) and ``to_move`` follows."""
    if led < 0 or to_move is None:
        return ()
    return ((1 - to_move, CARDS[led]),)


def declaration_of(led: int, led_suit: int) -> str | None:
    """How a led ace of spades was declared ("S" or "H"), else None."""
    return suit_letter(led_suit) if led == ACE_OF_SPADES.order else None


def last_trick_of(
    last_leader: int, leader: int, won: tuple[tuple[Card, ...], ...]
) -> tuple[tuple[int, Card], ...]:
    """The last settled trick, as ``(seat, card)`` pairs: the last two cards its winner, the
    ``leader`` now, has won (``last_leader`` led it; -1 before the first trick)."""
    if last_leader < 0:
        return ()
    pile = won[leader]
    return ((last_leader, pile[-2]), (1 - last_leader, pile[-1]))


class TwoTenJackSight(NamedTuple):
    """What a Two-Ten-Jack view keeps to make its hand and its trick from when they are first
    read, each something its seat sees."""

    hand: int
    """The seat's own cards, a card set."""
    led: int
    """The bit index of the card that leads the current trick (-1 between tricks)."""
    led_suit: int
    """The suit index it was led in (-1 between tricks)."""
    last_leader: int
    """The seat that led the last settled trick (-1 before the first)."""


class Begun(NamedTuple):
    """Where a line of play begins (a deal, or a world drawn from a view), as both seats see it:
    the ``tricks`` settled before it and the suit ``led`` in a trick under way (None between
    tricks). The first fact of a history (:func:`history_after`)."""

    tricks: int
    led: str | None


class History(NamedTuple):
    """The cards played so far as both seats saw them (``plays``), the suits they showed each
    seat to lack (``voids``: see :func:`shown_void`), the tricks settled and the suit led in
    the trick under way."""

    plays: tuple[Play, ...]
    voids: tuple[tuple[tuple[int, str], ...], ...]
    tricks: int
    led: str | None


NO_HISTORY = History((), ((), ()), 0, None)
"""The history before anything is played."""


def history_after(history: History, facts: tuple[Any, ...]) -> History:
    """The history after a move whose rules noted ``facts`` (or where a line of play begins):
    the card led, or the card that followed and what it showed its seat to lack."""
    plays, voids, tricks, led = history
    for fact in facts:
        if isinstance(fact, Begun):
            tricks, led = fact.tricks, fact.led
        elif isinstance(fact, Led):
            led = suit_letter(led_suit_of(fact.card, fact.declared))
            plays += (Play(tricks, fact.seat, fact.card, None),)
        elif isinstance(fact, Won):
            play = Play(tricks, fact.seat, fact.card, led)
            plays += (play,)
            shown = tuple((tricks, suit) for suit in shown_void(play))
            if shown:
                seat = play.seat
                voids = (voids[0] + shown, voids[1]) if seat == 0 else (voids[0], voids[1] + shown)
            tricks, led = tricks + 1, None
    return History(plays, voids, tricks, led)


def _as_seen_by(fact: Fact, seat: int) -> Fact:
    """``fact`` as ``seat`` saw it: a card drawn by the other seat, unseen."""
    if type(fact) is Drew and fact.seat != seat:
        return tuple.__new__(Drew, (fact.seat, None, fact.last))  # Drew(seat, None, last)
    return fact


def _draw_event(fact: Drew) -> Event:
    """A draw from the stock, in words: told to the seat that drew, with its card; to the
    other seat (whose fact has no card), as the public text."""
    if fact.last:
        text = f"Seat {fact.seat} draws {fact.card}, the last card of the stock."
        public = f"Seat {fact.seat} draws the last card of the stock."
    else:
        text = f"Seat {fact.seat} draws {fact.card}."
        public = f"Seat {fact.seat} draws a card from the stock."
    if fact.card is None:
        return Event("draw", fact.seat, public)  # as Event.for_seat shows a private event
    return Event("draw", fact.seat, text, (fact.card,), private=True, public_text=public)


class TwoTenJackTold(Told):
    """A Two-Ten-Jack move told in words: :func:`describe` of the facts its rules noted (each
    fact told alone, so that the facts of several moves may be told as one link)."""

    __slots__ = ()
    joins = True
    tell = staticmethod(describe)


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
    told_class = TwoTenJackTold
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
        return trick_of(position.led, position.to_move)

    @property
    def declaration(self) -> str | None:
        """How a led ace of spades was declared ("S" or "H"), else None."""
        position = self._position
        return declaration_of(position.led, position.led_suit)

    @property
    def last_trick(self) -> tuple[tuple[int, Card], ...]:
        """The last settled trick, as ``(seat, card)`` pairs: the last two cards its winner,
        the ``leader`` now, has won."""
        position = self._position
        return last_trick_of(position.last_leader, position.leader, position.won)

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
        return describe(self._facts(before, move))

    def _noted_play(self, position: Position, move: Move) -> tuple[Fact, ...]:
        """Play ``move`` on ``position``, noting what the rules do (a card drawn, seen by the
        seat that drew it only: see :meth:`_seen_by`)."""
        assert isinstance(position, TwoTenJackPosition)
        facts: list[Fact] = []
        position.play(move, facts)
        return tuple(facts)

    def _seen_by(self, seat: int, facts: tuple[Any, ...]) -> tuple[Any, ...]:
        """``facts`` as ``seat`` saw them: the card the other seat drew is not among them."""
        if len(facts) < 2 or type(facts[1]) is not Drew:  # draws follow a trick's Won only
            return facts
        if len(facts) == 3:  # the trick, the winner's draw and the other seat's (rule 3.6)
            won, first, second = facts
            if first.seat == seat:
                return (won, first, _as_seen_by(second, seat))
            return (won, _as_seen_by(first, seat), second)
        return tuple([_as_seen_by(fact, seat) for fact in facts])

    def _hand_sizes(self) -> tuple[int, ...]:
        hands = self._position.hands
        return (hands[0].bit_count(), hands[1].bit_count())

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
        return self._history().plays

    def _history(self) -> History:
        """The hand's history as both seats saw it (see :func:`history_after`), worked out once
        for each state, when someone reads it."""
        return self.told(0).fold(History, NO_HISTORY, history_after)

    def _start_facts(self) -> tuple[Begun]:
        """Where this line of play begins: the tricks settled and the suit led so far."""
        position = self._position
        return (Begun(position.tricks_played, suit_letter(position.led_suit)),)

    def view(self, seat: int) -> TwoTenJackView:
        """What ``seat`` may see: its own hand, the trick, the won piles, the stock's size and
        every card played (from which it knows the suits a seat was shown to lack); its hand as
        cards, the cards played, the suits shown lacking and the events made when first read."""
        position = self._position
        if type(seat) is not int or not 0 <= seat < 2:
            seat = self._game._check_seat(seat)
        facts = (position.hands[seat], position.led, position.led_suit, position.last_leader)
        sight = tuple.__new__(TwoTenJackSight, facts)  # TwoTenJackSight(*facts), quicker
        return view_with(TwoTenJackView, self, seat, sight)

    def _voids(self) -> tuple[tuple[tuple[int, str], ...], ...]:
        """For each seat, the suits its plays showed it to lack, as ``(trick, led suit)``, in
        the order shown (see :func:`shown_void`)."""
        return self._history().voids

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
        """The cards this seat cannot see: the other hand and the stock, in display order
        (worked out the first time, then kept)."""
        return list(self._unseen)

    def _make_unseen(self) -> tuple[Card, ...]:
        seen = set(self.hand) | set(self.played)
        return tuple([card for card in DECK if card not in seen])

    def _make_hand(self) -> Hand:
        return Hand(cards_ace_high(self._raw.hand))

    def _make_trick(self) -> tuple[tuple[int, Card], ...]:
        return trick_of(self._raw.led, self.current_player)

    def _make_declaration(self) -> str | None:
        sight: TwoTenJackSight = self._raw
        return declaration_of(sight.led, sight.led_suit)

    def _make_last_trick(self) -> tuple[tuple[int, Card], ...]:
        return last_trick_of(self._raw.last_leader, self.leader, self.won)

    def _make_plays(self) -> tuple[Play, ...]:
        return self._told.fold(History, NO_HISTORY, history_after).plays

    def _make_voids(self) -> tuple[tuple[tuple[int, str], ...], ...]:
        return self._told.fold(History, NO_HISTORY, history_after).voids

    def score_breakdown(self, seat: int) -> list[tuple[Card, int]]:
        """The scoring cards ``seat`` has won, with their points, in display order."""
        return score_breakdown(self.won[self.game._check_seat(seat)])

    def layout(self) -> list[Row]:
        """Rows that picture what this seat sees: its own hand face up, the other face down."""
        return _layout_rows(self, {self.seat: self.hand}, self.hand_sizes, self.stock_size)

    def could_hold(self, seat: int, hand: Iterable[Card | str] | str) -> bool:
        """True when ``seat`` could hold ``hand`` now, given every card it played and every
        suit it was shown to lack: each card it ever held came in the deal or in a draw after a
        trick, before the trick it was played in, and after the last trick in which the seat
        was shown to lack its suit. (A matching of cards to arrivals, found earliest deadline
        first.) ``hand`` is cards or their texts, as :func:`~cardlab.engine.cards.parse_cards` takes
        them (a :class:`~cardlab.engine.cards.CardError` otherwise); a hand that names a card twice
        cannot be held."""
        seat = self.game._check_seat(seat)
        cards = parse_cards(hand)
        if len(set(cards)) != len(cards):
            return False
        voids = self.voids[seat]
        held = [(play.trick, play.card) for play in self.plays if play.seat == seat]
        held += [(TRICKS, card) for card in cards]  # held now: it may stay to the end
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
            unseen = weighted_deal(self, other, unseen, rng)
        hands: list[Sequence[Card]] = [(), ()]
        hands[self.seat] = self.hand
        hands[other] = unseen[:other_size]
        position = from_view(  # the won piles, the counts and the seats as the view shows them
            TwoTenJackPosition,
            self,
            hands=(card_set(hands[0]), card_set(hands[1])),
            stock=stock_code(unseen[other_size:]),
            led=self.trick[0][1].order if self.trick else -1,
            led_suit=-1 if self.led_suit is None else SUITS.index(self.led_suit),
            last_leader=self.last_trick[0][0] if self.last_trick else -1,
        )
        return TwoTenJackState(self.game, position)
