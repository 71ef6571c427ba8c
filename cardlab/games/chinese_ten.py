"""Chinese Ten: a fishing (capture) game for 2 to 4 players, with Black Frog scoring.
RULES.md section 2.

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

How this module reads RULES.md where it leaves a choice:

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
  Positions compare them as sets, so the same cards reached in another order are the same
  position. Where a card has several targets, the moves list them in display order (suit, then
  rank), and so does ``state.targets(card)``.
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
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.cards import RANK_NAMES, RANKS, Card, Hand, full_deck
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

SCORING_CHOICES = ("red", "pagat", "black-frog")
"""The values of the ``scoring`` option (RULES.md 2.6)."""

TRIPLE_RANKS = "5TJQK"
"""The ranks whose three or four cards in the initial layout have a rule of their own (2.4)."""

LAYOUT_SIZE = 4
"""Cards dealt face up to the table."""

STOCK_SIZE = 24
"""Cards in the stock; the hands hold the other 24 between them."""

DECK: tuple[Card, ...] = tuple(full_deck())
"""The 52 cards, in display order."""

_ORDER: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
_display_order = _ORDER.__getitem__


def capture_rank(card: Card) -> str:
    """The rank that ``card`` captures (RULES.md 2.2): the rank adding up to 10 with it for
    A..9, its own rank for T, J, Q and K.

    >>> [capture_rank(Card.parse(text)) for text in ("3H", "AS", "5C", "QD")]
    ['7', '9', '5', 'Q']
    """
    if card.number >= 10:
        return card.rank
    return RANKS[10 - card.number - 1]


_CAPTURES: dict[Card, str] = {card: capture_rank(card) for card in DECK}
_PLAIN: dict[Card, Move] = {card: plain_move(card) for card in DECK}


# --------------------------------------------------------------------------- scoring


def _scheme_points(card: Card, scoring: str, players: int) -> int:
    """The points of one card under one scheme (RULES.md 2.6), before any validation."""
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


def _check_scheme(scoring: object, players: object) -> None:
    if scoring not in SCORING_CHOICES:
        raise OptionError(f"scoring must be one of {', '.join(SCORING_CHOICES)}, not {scoring!r}")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise OptionError(f"Chinese Ten is for 2 to 4 players, not {players!r}")


def points_table(scoring: str = "red", players: int = 3) -> dict[Card, int]:
    """Every card's points under ``scoring`` with ``players`` players (a shared dict: read it,
    do not change it)."""
    _check_scheme(scoring, players)
    return _POINTS[(scoring, players)]


def card_points(card: Card | str, scoring: str = "red", players: int = 3) -> int:
    """The points ``card`` scores in a won pile (RULES.md 2.6).

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
    scored.sort(key=lambda pair: _ORDER[pair[0]])
    return scored


def breakdown_text(scored: Iterable[tuple[Card, int]]) -> str:
    """A breakdown as text: ``"7H: 7, QD: 10, AS: 30"`` (``"nothing"`` when it is empty)."""
    text = ", ".join(f"{card}: {points}" for card, points in scored)
    return text or "nothing"


# --------------------------------------------------------------------------- words


def _rank_word(rank: str, plural: bool = False) -> str:
    word = RANK_NAMES[rank]
    if plural:
        return word + ("es" if word.endswith("x") else "s")
    return ("an " if word[0] in "ae" else "a ") + word


def _wanted_text(card: Card) -> str:
    """What ``card`` captures, in words: "a seven (3 + 7 = 10)" or "only another king"."""
    if card.number >= 10:
        return f"only another {RANK_NAMES[card.rank]}"
    other = 10 - card.number
    return f"{_rank_word(_CAPTURES[card])} ({card.number} + {other} = 10)"


def _or_list(cards: Sequence[Card | Move]) -> str:
    texts = [str(card) for card in cards]
    if len(texts) == 1:
        return texts[0]
    return ", ".join(texts[:-1]) + " or " + texts[-1]


def _and_list(cards: Sequence[Card]) -> str:
    texts = [str(card) for card in cards]
    if len(texts) == 1:
        return texts[0]
    return ", ".join(texts[:-1]) + " and " + texts[-1]


Arrival = tuple[tuple[Card, ...], str, str, tuple[Card, ...], Event, bool]
"""What a card meeting the table gives: the new table (cards, ranks, doubled ranks), the cards
won, the event, and whether the player must choose a target."""

_target_moves: dict[tuple[Card, Card], Move] = {}


def target_move(card: Card, target: Card) -> Move:
    """The move ``card>target`` (cached: one object per pair, like ``plain_move``)."""
    move = _target_moves.get((card, target))
    if move is None:
        move = _target_moves[(card, target)] = Move(card, target)
    return move


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class ChineseTen(Game):
    """Chinese Ten, with its options (RULES.md section 2).

    - ``players``: 2 to 4 (default 3); each gets 24 / players cards.
    - ``scoring``: ``"red"`` (default), ``"pagat"`` or ``"black-frog"`` (2.6).
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
    target: int = option(1000, "match points that end the match", minimum=1)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.scoring not in SCORING_CHOICES:
            raise OptionError(
                f"scoring must be one of {', '.join(SCORING_CHOICES)}, not {self.scoring!r}"
            )
        target = self.target
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise OptionError(f"target must be a whole number of points >= 1, not {target!r}")

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

    def _deal(self, rng: random.Random, dealer: int) -> ChineseTenState:
        deck = list(DECK)
        rng.shuffle(deck)
        players = self.players
        dealt = self.hand_size * players
        # One at a time clockwise from the dealer's left: seat s gets every players-th card.
        hands = [deck[(seat - dealer - 1) % players : dealt : players] for seat in range(players)]
        layout = deck[dealt : dealt + LAYOUT_SIZE]
        stock = deck[dealt + LAYOUT_SIZE :]
        return ChineseTenState.first(self, dealer, hands, layout, stock)

    def _deal_cards(self, dealer: int, **cards: Any) -> ChineseTenState:
        check_keys(cards, self.title, ("hands", "layout", "stock"))
        hands = parse_hands(cards["hands"], self.players, self.hand_size)
        layout = parse_pile(cards["layout"], "the layout", LAYOUT_SIZE)
        stock = parse_pile(cards["stock"], "the stock", STOCK_SIZE)
        check_each_card_once(
            [(f"seat {seat}'s hand", hand) for seat, hand in enumerate(hands)]
            + [("the layout", layout), ("the stock", stock)]
        )
        return ChineseTenState.first(self, dealer, hands, layout, stock)

    def match_winner(self, totals: Sequence[int]) -> int | None:
        """Once some total reaches ``target``, the seat with the highest total; None while
        nobody has reached it, or on an exact tie for the highest (another hand is played)."""
        return sole_leader(totals) if max(totals) >= self.target else None

    def greedy_move(self, view: View, rng: random.Random) -> Move:
        """The greedy heuristic, one card ahead and from the view alone: take the most points
        now. A capturing move is worth the points of the cards it wins; a card that stays on
        the table is worth minus its own points (they are left for the others to take). The
        best move wins, the first in legal order on a tie (``rng`` is not used)."""
        assert isinstance(view, ChineseTenView)
        points = self.points

        def worth(move: Move) -> int:
            taken = [move.target] if move.target is not None else targets_on(move.card, view.table)
            if not taken:
                return -points[move.card]
            return points[move.card] + sum(points[card] for card in taken)

        return max(view.legal_moves(), key=worth)

    def playout(self, state: State, rng: random.Random, trace: list[Move] | None = None) -> Outcome:
        """Random play to the end, as :meth:`Game.playout` but several times faster, making the
        same random draws and the same moves (see :mod:`cardlab.playouts.chinese_ten`)."""
        from cardlab.playouts.chinese_ten import playout

        return playout(self, state, rng, trace)


def _moves_for(hand: Iterable[Card], table: Sequence[Card], doubled: str) -> list[Move]:
    """The legal moves of ``hand`` (RULES.md 2.3) when the ``doubled`` ranks are each two or
    more times on ``table`` (see :func:`_doubled`): each card alone, except that a card
    capturing a doubled rank has one move per target."""
    moves = []
    for card in hand:
        if _CAPTURES[card] in doubled:
            for other in targets_on(card, table):
                moves.append(target_move(card, other))
        else:
            moves.append(_PLAIN[card])
    return moves


def targets_on(card: Card, table: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of ``table`` that ``card`` can capture (a layout triple: all three), in display
    order."""
    rank = _CAPTURES[card]
    return tuple(sorted((other for other in table if other.rank == rank), key=_display_order))


def _ranks(cards: Iterable[Card]) -> str:
    """The ranks of ``cards`` as one string, e.g. ``"5TK"``."""
    return "".join([card.rank for card in cards])


def _index(cards: tuple[Card, ...], card: Card) -> int:
    """Where ``card`` is in ``cards`` (it is there)."""
    for index, other in enumerate(cards):
        if other is card:
            return index
    raise ValueError(f"{card} is not there")


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` (in display order) less ``card``, which is there."""
    # A binary search by display order: faster than cards.index(card), which compares cards.
    index = bisect_left(cards, _ORDER[card], key=_display_order)
    return cards[:index] + cards[index + 1 :]


def _layout_rules(
    dealer: int, layout: tuple[Card, ...], won: list[tuple[Card, ...]], events: list[Event]
) -> tuple[tuple[Card, ...], str | None]:
    """The layout rules (RULES.md 2.4): four of a rank among 5 T J Q K go to the dealer's won
    pile (``won`` and ``events`` are added to), three of one stay as a triple. Returns the
    table and the triple's rank (or None)."""
    table = layout
    triple = None
    ranks = _ranks(layout)
    for rank in set(ranks).intersection(TRIPLE_RANKS):
        count = ranks.count(rank)
        if count == 4:
            won[dealer] = layout
            table = ()
            text = (
                f"The dealer, seat {dealer}, captures the four "
                f"{_rank_word(rank, plural=True)} of the layout."
            )
            events.append(Event("capture", dealer, text, layout, detail="four"))
        elif count == 3:
            triple = rank
            plural = _rank_word(rank, plural=True)
            text = (
                f"The layout holds three {plural}: the fourth {RANK_NAMES[rank]} will "
                f"capture all three."
            )
            events.append(Event("triple", None, text, detail=rank))
    return table, triple


class ChineseTenState(State):
    """A position in a hand of Chinese Ten.

    Fields: ``hands`` (a tuple of card tuples, one per seat, in display order), ``table``
    (the face-up cards, in the order they arrived), ``stock`` (top card first), ``won`` (each
    seat's won pile, in the order won: each capturing card, then what it took), ``pending``
    (the turned-up card whose target the player to move chooses, or None), ``triple`` (the rank
    of a layout triple still on the table, or None) and ``initial_layout`` (the four cards dealt
    face up, in display order). Two more fields are there for speed: ``table_ranks``, the
    table's ranks as a string (searched fast by ``str.find``), and ``doubled``, the ranks found
    two or more times on the table (a layout triple's rank left out): only a card capturing one
    of them has a choice.
    """

    game: ChineseTen
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    table_ranks: str
    doubled: str
    stock: tuple[Card, ...]
    won: tuple[tuple[Card, ...], ...]
    pending: Card | None
    triple: str | None
    initial_layout: tuple[Card, ...]

    @classmethod
    def first(
        cls,
        game: ChineseTen,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        layout: Sequence[Card],
        stock: Sequence[Card],
    ) -> ChineseTenState:
        """The state after the deal and the layout rules (2.1, 2.4): left of the dealer plays."""
        players = game.players
        leader = (dealer + 1) % players
        layout = tuple(sorted(layout, key=_display_order))
        shown = " ".join([card.text for card in layout])
        text = (
            f"Seat {dealer} deals {len(hands[0])} cards to each player and {shown} face up to "
            f"the table; the other {len(stock)} cards are the stock. Seat {leader} plays first."
        )
        events = [Event("deal", dealer, text, layout)]
        table = layout
        won: list[tuple[Card, ...]] = [()] * players
        triple = None
        ranks = _ranks(layout)
        doubled = ""
        if len(set(ranks)) < LAYOUT_SIZE:  # a rank twice or more: a layout rule may apply
            table, triple = _layout_rules(dealer, layout, won, events)
            ranks = _ranks(table)
            doubled = _doubled(ranks, triple)
        return cls(
            game,
            dealer,
            tuple(events),
            hands=tuple([tuple(sorted(hand, key=_display_order)) for hand in hands]),
            table=table,
            table_ranks=ranks,
            doubled=doubled,
            stock=tuple(stock),
            won=tuple(won),
            pending=None,
            triple=triple,
            initial_layout=layout,
            current_player=leader,
        )

    # ---------------------------------------------------------------- rules
    def targets(self, card: Card | str) -> tuple[Card, ...]:
        """The table cards that ``card`` can capture (all three of a layout triple), in
        display order."""
        return targets_on(Card.parse(card), self.table)

    def _legal(self) -> tuple[Move, ...]:
        pending = self.pending
        if pending is not None:
            return tuple([target_move(pending, other) for other in self.targets(pending)])
        hand = self.hands[self.current_player]
        doubled = self.doubled
        if not doubled:  # no rank twice on the table: no choice anywhere
            return tuple(map(_PLAIN.__getitem__, hand))
        return tuple(_moves_for(hand, self.table, doubled))

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
        if card not in self.hands[seat]:
            if card in self.table:
                return f"{card} is on the table, not in seat {seat}'s hand"
            return f"{card} is not in seat {seat}'s hand"
        return self._why_not_target(card, move.target, f"play it as {card}")

    def _why_not_pending(self, move: Move) -> str:
        pending = self.pending
        seat = self.current_player
        if move.card is not pending:
            choices = _or_list(self.legal_moves())
            return (
                f"seat {seat} turned up {pending} from the stock and must first choose what it "
                f"captures ({choices}); {move.card} cannot be played now"
            )
        return self._why_not_target(pending, move.target, "")

    def _why_not_target(self, card: Card, target: Card | None, plain_hint: str) -> str:
        """Why ``card`` (with ``target``, or none) is not a legal move; the card is playable."""
        choices = self.targets(card)
        if self.triple is not None and card.rank == self.triple:
            plural = _rank_word(card.rank, plural=True)
            return (
                f"{card} captures all three {plural} of the layout ({_and_list(choices)}) at "
                f"once: there is no choice, {plain_hint}"
            )
        if target is None:
            return f"{card} can capture {_or_list(choices)}: say which, e.g. {card}>{choices[0]}"
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
        examples = _or_list([target_move(card, choice) for choice in choices])
        return f"{self._cannot(card, target)}: choose {examples}"

    def _cannot(self, card: Card, target: Card) -> str:
        """Why ``card`` cannot capture ``target``."""
        if target not in self.table:
            return f"{target} is not on the table"
        return f"{card} cannot capture {target}: it takes {_wanted_text(card)}"

    def _apply(self, move: Move) -> ChineseTenState:
        if self.pending is not None:
            return self._apply_choice(move)
        seat = self.current_player
        card = move.card
        hands = list(self.hands)
        hands[seat] = _without(hands[seat], card)
        triple = self.triple
        table, ranks, doubled, taken, played, _ = _arrive(
            seat, card, move.target, "plays", "", self.table, self.table_ranks, self.doubled, triple
        )
        stock = self.stock
        turned = stock[0]
        table, ranks, doubled, more, turn_up, choose = _arrive(
            seat, turned, None, "turns up", " from the stock", table, ranks, doubled, triple
        )
        won = self.won
        if taken or more:
            piles = list(won)
            piles[seat] += taken + more
            won = tuple(piles)
            if triple is not None and (card.rank == triple or turned.rank == triple):
                triple = None
        events = (played, turn_up)
        stock = stock[1:]
        changes = {
            "hands": tuple(hands),
            "table": table,
            "table_ranks": ranks,
            "doubled": doubled,
            "stock": stock,
            "won": won,
            "triple": triple,
        }
        if choose:  # the same seat chooses what the turned-up card captures
            return self._child(move, events, pending=turned, **changes)
        if stock:
            following = (seat + 1) % self.game.players
            return self._child(move, events, current_player=following, **changes)
        return self._end(move, events, **changes)

    def _apply_choice(self, move: Move) -> ChineseTenState:
        """The second decision of a turn: what the turned-up card captures."""
        seat = self.current_player
        card = move.card
        target = move.target
        text = f"Seat {seat} chooses: the turned-up {card} captures {target}."
        events = (Event("capture", seat, text, (card, target)),)
        piles = list(self.won)
        piles[seat] += (card, target)
        index = _index(self.table, target)
        table, ranks, doubled = _remove_at(self.table, self.table_ranks, self.doubled, index)
        if self.stock:
            return self._child(
                move,
                events,
                table=table,
                table_ranks=ranks,
                doubled=doubled,
                won=tuple(piles),
                pending=None,
                current_player=(seat + 1) % self.game.players,
            )
        return self._end(
            move,
            events,
            table=table,
            table_ranks=ranks,
            doubled=doubled,
            won=tuple(piles),
            pending=None,
        )

    def _end(self, move: Move, events: tuple[Event, ...], **changes: Any) -> ChineseTenState:
        """The state after the last turn (RULES.md 2.5): scores counted, the winner named."""
        scores = _scores(self.game, changes["won"])
        winner = sole_leader(scores)
        listed = ", ".join(f"seat {other} {points}" for other, points in enumerate(scores))
        outcome = f"seat {winner} wins" if winner is not None else "a tie for the highest score"
        end = Event("end", winner, f"The hand is over. Scores: {listed}; {outcome}.")
        return self._child(move, events + (end,), current_player=None, winner=winner, **changes)

    # ---------------------------------------------------------------- outcome and looks
    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's points from its won pile (so far, while the hand goes on)."""
        return _scores(self.game, self.won)

    @property
    def par(self) -> float:
        """A fair share of the hand's points: the scheme's total / players."""
        return self.game.par

    def stats(self) -> tuple[tuple[str, int], ...]:
        """``captures`` (cards that captured, played or turned up; the dealer's four of a kind
        counts one) and ``choices`` (moves that named a target) so far."""
        captures = choices = 0
        for event in self.events:
            if event.kind == "capture":
                captures += 1
        for move in self.moves:
            if move.target is not None:
                choices += 1
        return (("captures", captures), ("choices", choices))

    def score_breakdown(self, seat: int) -> list[tuple[Card, int]]:
        """The cards in ``seat``'s won pile that score, with their points, in display order."""
        pile = self.won[self.game._check_seat(seat)]
        return breakdown(pile, self.game.scoring, self.game.players)

    def score_text(self, seat: int) -> str:
        """``seat``'s scoring cards as text: ``"7H: 7, QD: 10, AS: 30"``."""
        return breakdown_text(self.score_breakdown(seat))

    def hand(self, seat: int) -> Hand:
        """The cards in ``seat``'s hand, in display order."""
        return Hand(self.hands[self.game._check_seat(seat)])

    def _key(self) -> tuple[Any, ...]:
        return (
            self.dealer,
            self.hands,
            frozenset(self.table),
            self.stock,
            tuple(frozenset(pile) for pile in self.won),
            self.current_player,
            self.pending,
            self.triple,
            self.winner,
        )

    def view(self, seat: int) -> ChineseTenView:
        """What ``seat`` may see: its own hand, the table, every won pile, the number of cards
        in each hand and in the stock, and every event; not the other hands nor the stock order."""
        return ChineseTenView(self, seat)

    def layout(self, show: Iterable[int] | None = None) -> list[Row]:
        """Rows that picture the state: each hand (face up for the ``show`` seats, all by
        default), the table, a turned-up card waiting for its target, the stock and each won
        pile with its points."""
        shown = set(range(self.game.players)) if show is None else set(show)
        face_up = {seat: self.hands[seat] for seat in shown}
        sizes = tuple(len(hand) for hand in self.hands)
        return _layout_rows(self, face_up, sizes, len(self.stock))


def _layout_rows(
    source: ChineseTenState | ChineseTenView,
    face_up: dict[int, Sequence[Card]],
    sizes: Sequence[int],
    stock_size: int,
) -> list[Row]:
    """The rows of :meth:`ChineseTenState.layout` and :meth:`ChineseTenView.layout`: the hands
    (``face_up`` ones shown, the others as backs), the table, a pending turned-up card, the
    stock and the won piles."""
    scores = source.scores
    rows = []
    for seat, size in enumerate(sizes):
        notes = []
        if seat == source.dealer:
            notes.append("dealer")
        if seat == source.current_player:
            notes.append("to move")
        if source.is_over and seat == source.winner:
            notes.append("winner")
        notes += [f"{size} cards", f"{scores[seat]} points"]
        hand = tuple(face_up.get(seat, ()))
        rows.append(
            Row(
                f"Seat {seat}",
                hand,
                0 if seat in face_up else size,
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
        choices = _or_list(targets_on(source.pending, source.table))
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


def _scores(game: ChineseTen, won: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """Each seat's points from its won pile."""
    value = game.points.__getitem__
    return tuple([sum(map(value, pile)) for pile in won])


def _arrive(
    seat: int,
    card: Card,
    target: Card | None,
    verb: str,
    where: str,
    table: tuple[Card, ...],
    ranks: str,
    doubled: str,
    triple: str | None,
) -> Arrival:
    """A card played or turned up (``verb`` and ``where`` say which, in words) meets the table,
    given with its ranks as a string and the ranks it holds twice or more (see
    :class:`ChineseTenState`); ``target`` is the player's choice, if the move named one.

    Returns the new table (cards, ranks, doubled ranks), the cards ``seat`` wins, the event, and
    whether the player must choose a target (a turned-up card with two or more)."""
    if target is None:
        rank = _CAPTURES[card]
        index = ranks.find(rank)
        if index < 0:
            text = (
                f"Seat {seat} {verb} {card.text}{where}; "
                "it captures nothing and stays on the table."
            )
            event = Event("play", seat, text, (card,))
            own = card.rank
            if own in ranks and own not in doubled:
                doubled += own
            return table + (card,), ranks + own, doubled, (), event, False
        if ranks.find(rank, index + 1) >= 0:
            return _several(seat, card, verb, where, table, ranks, doubled, triple)
        target = table[index]
    else:
        index = _index(table, target)
    text = f"Seat {seat} {verb} {card.text}{where} and captures {target.text}."
    taken = (card, target)
    event = Event("capture", seat, text, taken)
    # As _remove_at(table, ranks, doubled, index), written out here: this path is hot.
    rank = ranks[index]
    ranks = ranks[:index] + ranks[index + 1 :]
    if rank in doubled and ranks.count(rank) < 2:
        doubled = doubled.replace(rank, "")
    return table[:index] + table[index + 1 :], ranks, doubled, taken, event, False


def _remove_at(
    table: tuple[Card, ...], ranks: str, doubled: str, index: int
) -> tuple[tuple[Card, ...], str, str]:
    """The table (cards, ranks, doubled ranks) less its card at ``index``."""
    rank = ranks[index]
    ranks = ranks[:index] + ranks[index + 1 :]
    if rank in doubled and ranks.count(rank) < 2:
        doubled = doubled.replace(rank, "")
    return table[:index] + table[index + 1 :], ranks, doubled


def _doubled(ranks: str, triple: str | None) -> str:
    """The ranks found twice or more in ``ranks``, less the rank of a layout triple (whose
    fourth card takes all three: no choice)."""
    return "".join(rank for rank in sorted(set(ranks)) if ranks.count(rank) > 1 and rank != triple)


def _several(
    seat: int,
    card: Card,
    verb: str,
    where: str,
    table: tuple[Card, ...],
    ranks: str,
    doubled: str,
    triple: str | None,
) -> Arrival:
    """``card`` meets two or more cards it can capture: it takes a layout triple whole
    (RULES.md 2.4), or the player chooses one (a turned-up card: the choice is pending)."""
    rank = _CAPTURES[card]
    choices = targets_on(card, table)
    if rank == triple:
        plural = _rank_word(rank, plural=True)
        text = (
            f"Seat {seat} {verb} {card}{where} and captures the three {plural} "
            f"of the layout: {_and_list(choices)}."
        )
        taken = (card, *choices)
        remaining = tuple(other for other in table if other.rank != rank)
        event = Event("capture", seat, text, taken, detail="triple")
        return remaining, ranks.replace(rank, ""), doubled, taken, event, False
    text = (
        f"Seat {seat} {verb} {card}{where}: it can capture {_or_list(choices)}, "
        f"seat {seat} chooses."
    )
    return table, ranks, doubled, (), Event("choose", seat, text, (card, *choices)), True


class ChineseTenView(View):
    """What one seat may see of a Chinese Ten hand.

    Beyond :class:`~cardlab.core.View`: ``table``, ``stock_size``, ``won`` (every seat's won pile:
    they are public), ``pending``, ``triple``, ``initial_layout``, ``scores`` and ``winner``.
    """

    def __init__(self, state: ChineseTenState, seat: int) -> None:
        super().__init__(state, seat)
        self.table: tuple[Card, ...] = state.table
        """The face-up cards on the table, in the order they arrived."""
        self.stock_size: int = len(state.stock)
        """How many cards are left in the stock."""
        self.won: tuple[tuple[Card, ...], ...] = state.won
        """Every seat's won pile."""
        self.pending: Card | None = state.pending
        """The turned-up card waiting for its target to be chosen, or None."""
        self.triple: str | None = state.triple
        """The rank of a layout triple still on the table, or None."""
        self.initial_layout: tuple[Card, ...] = state.initial_layout
        """The four cards dealt face up."""
        self.scores: tuple[int, ...] = state.scores
        """Each seat's points so far."""
        self.winner: int | None = state.winner
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
        rng.shuffle(unseen)
        hands = []
        used = 0
        for seat, size in enumerate(self.hand_sizes):
            if seat == self.seat:
                hands.append(tuple(self.hand))
                continue
            hands.append(tuple(sorted(unseen[used : used + size], key=_display_order)))
            used += size
        stock = tuple(unseen[used:])
        assert len(stock) == self.stock_size, "the view's counts do not add up: a bug"
        return ChineseTenState(
            self.game,
            self.dealer,
            (),
            hands=tuple(hands),
            table=self.table,
            table_ranks=_ranks(self.table),
            doubled=_doubled(_ranks(self.table), self.triple),
            stock=stock,
            won=self.won,
            pending=self.pending,
            triple=self.triple,
            initial_layout=self.initial_layout,
            current_player=self.current_player,
            winner=self.winner,
        )
