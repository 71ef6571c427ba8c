"""Chinese Ten as players and notebooks see it: the game and its options, the deal (rule 2.1)
and the match (2.7), states with their narration, refusals and the orders people see, and what
each seat may see (views). The rules they play are in :mod:`cardlab.games.chinese_ten.rules`;
the faster random playout in :mod:`cardlab.games.chinese_ten.fast`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardlab.engine import notation
from cardlab.engine.cards import RANK_NAMES, RANKS, Card, Hand
from cardlab.engine.cardsets import CARDS, card_set, cards_in, cards_of_rank, size
from cardlab.engine.core import Game, State, View, sole_leader
from cardlab.engine.deals import check_each_card_once, check_keys, parse_hands, parse_pile
from cardlab.engine.fields import Read, from_view, key_of, view_with
from cardlab.engine.moves import Event, Move, Outcome, Row
from cardlab.engine.options import option
from cardlab.engine.positions import Position
from cardlab.engine.randomness import as_rng, shuffle
from cardlab.engine.seen import Told
from cardlab.engine.words import and_list, or_list, plural, with_article
from cardlab.games.chinese_ten.fast import random_playout
from cardlab.games.chinese_ten.rules import (
    DECK,
    LAYOUT_SIZE,
    NOTHING_SHOWN,
    SCORING_CHOICES,
    STOCK_SIZE,
    Arrived,
    ChineseTenPosition,
    Chose,
    Fact,
    Orders,
    Scheme,
    breakdown,
    breakdown_text,
    capture_rank,
    capture_targets,
    cards_of,
    lay_out,
    orders_after,
    pile_points,
    plain_moves,
    points_table,
    scheme,
    scheme_total,
    target_move,
    targets_on,
)

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
        return points_table(self.scoring, self.players)

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


class ChineseTenTold(Told):
    """A Chinese Ten move told in words: :func:`describe` of the facts its rules noted."""

    __slots__ = ()
    tell = staticmethod(describe)


class ChineseTenSight(NamedTuple):
    """What a Chinese Ten view keeps to make its hand and scores from when they are first read
    (card sets: see :mod:`cardlab.engine.cardsets`), each something its seat sees."""

    hand: int
    """The seat's own cards."""
    won: tuple[int, ...]
    """Every seat's won pile."""
    scheme: Scheme
    """The points of the game's scoring, made to count card sets (see ``pile_points``)."""


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
    told_alike = True
    told_class = ChineseTenTold
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
        worked out once for each state, when someone reads them (the hand's history as every
        seat saw it: see :meth:`~cardlab.engine.seen.Told.fold`)."""
        return self.told(0).fold(Orders, NOTHING_SHOWN[self._game.players], orders_after)

    def _start_facts(self) -> tuple[Orders]:
        """Where this line of play begins: the orders of the deal (or of the view a world was
        drawn from)."""
        return (self._position.first_orders,)

    # ---------------------------------------------------------------- narration
    def _narrate(self, before: Position, move: Move) -> tuple[Event, ...]:
        return describe(_facts(before, move))

    def _noted_play(self, position: Position, move: Move) -> tuple[Fact, ...]:
        """Play ``move`` on ``position``, noting what the rules do: every seat sees it all (a
        turned-up card is face up)."""
        assert isinstance(position, ChineseTenPosition)
        facts: list[Fact] = []
        position.play(move, facts)
        return tuple(facts)

    def _hand_sizes(self) -> tuple[int, ...]:
        return tuple([size(hand) for hand in self._position.hands])

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
        in each hand and in the stock, and every event; not the other hands nor the stock order
        (its hand, the table and the piles in their orders, the scores and the events made
        when first read, from what the view keeps: see :class:`ChineseTenSight`)."""
        position = self._position
        if type(seat) is not int or not 0 <= seat < position.players:
            seat = self._game._check_seat(seat)
        sight = ChineseTenSight(position.hands[seat], tuple(position.won), position.scheme)
        return view_with(ChineseTenView, self, seat, sight)

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
        """The cards this seat cannot see (the other hands and the stock), in display order
        (worked out the first time, then kept)."""
        return list(self._unseen)

    def _make_unseen(self) -> tuple[Card, ...]:
        seen = set(self.seen_cards())
        return tuple([card for card in DECK if card not in seen])

    def _make_hand(self) -> Hand:
        return Hand(cards_in(self._raw.hand))

    def _make_table(self) -> tuple[Card, ...]:
        return self._orders().table

    def _make_won(self) -> tuple[tuple[Card, ...], ...]:
        return self._orders().piles

    def _orders(self) -> Orders:
        """The orders of the table and the piles, from the hand's history as this seat saw it."""
        return self._told.fold(Orders, NOTHING_SHOWN[self.game.players], orders_after)

    def _make_scores(self) -> tuple[int, ...]:
        sight: ChineseTenSight = self._raw
        return tuple([pile_points(pile, sight.scheme) for pile in sight.won])

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
