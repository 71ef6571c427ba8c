"""Chinese Ten over arrays (rules of docs/rules.md, Chinese Ten): the batch form of
:mod:`cardlab.games.chinese_ten`, 2 to 4 players, every scoring, the layout rules.

Each hand is the card set of every seat's hand and won pile, of the table, of the layout
triple still waiting for its fourth card (empty when there is none) and of the ``choosers``
(the cards that would have a choice of target on this table, kept up to date as cards come and
go, exactly as the rules engine keeps them), the stock in its order, and the turned-up card
waiting for its player's choice of target (``pending``, or none).

A move is a card played, with its target where it has a choice (code ``card + 64 * (target
+ 1)``: see :class:`~cardlab.batch.engine.BatchRules`), or, while a turned-up card waits, the
target chosen for it. As in the rules engine, a card with a choice of ``n`` targets is ``n``
moves, so the random agent plays it ``n`` times as often as a card with one.

>>> import cardlab
>>> from cardlab.batch.draws import hand_keys, run_key
>>> rules = ChineseTenBatch(cardlab.game("chinese-ten", players=4))
>>> hands = rules.deal(hand_keys(run_key(1), np.arange(3)))
>>> count(hands.held).tolist()
[[6, 6, 6, 6], [6, 6, 6, 6], [6, 6, 6, 6]]
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from cardlab.batch.bits import NONE, count, lowest, one_card, only, select
from cardlab.batch.draws import Array, below, shuffled
from cardlab.batch.engine import BatchRules, Hands, at, dealt_round, put, sole_leaders
from cardlab.engine.cardsets import CARDS, RANK_MASKS
from cardlab.engine.moves import Move
from cardlab.games.chinese_ten import (
    CAPTURED_BY,
    LAYOUT_SIZE,
    OWN_RANK,
    STOCK_SIZE,
    TRIPLE_RANK_INDICES,
    ChineseTen,
    scheme,
)


def _by_bit(table: dict[Any, int]) -> Array:
    """A card set for each card, by the card's bit (empty for :data:`~cardlab.batch.bits.NONE`)."""
    return np.array([table[card] for card in CARDS] + [0] * (NONE + 1 - 52), dtype=np.uint64)


CAPTURES: Array = _by_bit(CAPTURED_BY)
"""The cards each card can capture (rule 2.2), by the card's bit."""
OWN: Array = _by_bit(OWN_RANK)
"""The four cards of each card's rank, by the card's bit."""
RANKS: Array = np.array(RANK_MASKS, dtype=np.uint64)
"""The four cards of each rank, by rank index."""


def several(cards: Array) -> Array:
    """True where a card set holds two cards or more."""
    found: Array = (cards & (cards - np.uint64(1))) != 0
    return found


class ChineseTenHands(Hands):
    """A batch of Chinese Ten hands (see the module)."""

    held: Array
    """The cards in each seat's hand, ``(hands, players)`` card sets."""
    won: Array
    """Each seat's won pile, ``(hands, players)`` card sets."""
    table: Array
    """The cards face up."""
    choosers: Array
    """The cards that would have a choice of target on the table."""
    triple: Array
    """The three cards of a layout triple still on the table, or empty."""
    stock: Array
    """The stock's cards by bit, top card first, ``(hands, 24)``."""
    drawn: Array
    """How many stock cards are turned up."""
    pending: Array
    """The turned-up card whose target the seat to move chooses (its bit), or NONE."""
    captures: Array
    """Cards that captured so far (the dealer's four of a kind counts one)."""
    choices: Array
    """Moves that named a target so far."""


class Legal:
    """What the agents need of the legal moves of each hand: the seat's ``hand``, its cards
    with a choice of target (``choosing``) and, where a turned-up card waits, its ``targets``
    (else empty)."""

    def __init__(self, hand: Array, choosing: Array, targets: Array) -> None:
        self.hand, self.choosing, self.targets = hand, choosing, targets


class ChineseTenBatch(BatchRules):
    """Chinese Ten's rules over arrays, for one set of options (every option the game has:
    ``target`` changes nothing in a hand)."""

    stats = ("captures", "choices")
    options = ("players", "scoring", "target")

    def __init__(self, game: Any) -> None:
        assert isinstance(game, ChineseTen)
        super().__init__(game)
        self.next_seat: Array = (np.arange(self.players) + 1) % self.players
        suits = scheme(game.scoring, game.players)
        self.suit_points = [np.array(points, dtype=np.int64) for points in suits]
        self.points: Array = np.array(
            [game.points[card] for card in CARDS] + [0] * (NONE + 1 - 52), dtype=np.int64
        )

    # ---------------------------------------------------------------- 1, 4. the deal
    def deal(self, keys: Array, order: Array | None = None) -> ChineseTenHands:
        """24 cards dealt one at a time clockwise from the dealer's left, four face up, the
        other 24 the stock (2.1); then the layout rules (2.4)."""
        hands = ChineseTenHands(keys, self.players)
        size, players = len(keys), self.players
        if order is None:
            order = shuffled(keys, 52)  # card bits: the deck is in display order
        dealt = dealt_round(order, hands.dealer, players, STOCK_SIZE // players)
        hands.held = np.stack([np.bitwise_or.reduce(one_card(cards), axis=1) for cards in dealt])
        hands.held = hands.held.T.copy()
        hands.won = np.zeros((size, players), dtype=np.uint64)
        layout = one_card(order[:, STOCK_SIZE : STOCK_SIZE + LAYOUT_SIZE])
        hands.table = np.bitwise_or.reduce(layout, axis=1)
        hands.triple = np.zeros(size, dtype=np.uint64)
        hands.stock = order[:, STOCK_SIZE + LAYOUT_SIZE :].copy()
        hands.drawn = np.zeros(size, dtype=np.int64)
        hands.pending = np.full(size, NONE, dtype=np.int64)
        hands.captures = np.zeros(size, dtype=np.int64)
        hands.choices = np.zeros(size, dtype=np.int64)
        self.layout_rules(hands)
        return hands

    def layout_rules(self, hands: ChineseTenHands) -> None:
        """Four of a rank among 5 T J Q K in the layout go to the dealer's won pile before
        play; three of one stay as a triple, which the fourth card takes whole (2.4)."""
        for rank in TRIPLE_RANK_INDICES:
            same = hands.table & RANKS[rank]
            found = count(same)
            four = found == 4
            hands.won[np.flatnonzero(four), hands.dealer[four]] = same[four]
            hands.table = np.where(four, np.uint64(0), hands.table)
            hands.captures += four
            hands.triple = np.where(found == 3, same, hands.triple)
        hands.choosers = choosers_on(hands.table, hands.triple)

    # ---------------------------------------------------------------- 3. the legal moves
    def legal(self, hands: ChineseTenHands) -> Legal:
        """The hand of the seat to move and its cards with a choice, or the waiting card's
        targets."""
        waiting = hands.pending != NONE
        hand = np.where(waiting, np.uint64(0), at(hands.held, hands.to_move()))
        targets = hands.table & CAPTURES[hands.pending]
        return Legal(hand, hand & hands.choosers, targets)

    def random_moves(self, hands: ChineseTenHands, legal: Legal, words: Array) -> Array:
        """A move drawn uniformly among the legal moves: each card of the hand alone, but a
        card with a choice once per target; or a target of the waiting card. (Most hands
        have neither: their moves are their cards.)"""
        moves = select(legal.hand, below(words, count(legal.hand)))
        rows = np.flatnonzero(hands.pending != NONE)
        if len(rows):
            targets = legal.targets[rows]
            chosen = select(targets, below(words[rows], count(targets)))
            moves[rows] = hands.pending[rows] + 64 * (chosen + 1)
        rows = np.flatnonzero(legal.choosing)
        if len(rows):
            moves[rows] = self._random_choices(
                hands.table[rows], legal.hand[rows], legal.choosing[rows], words[rows]
            )
        return moves

    def _random_choices(self, table: Array, hand: Array, choosing: Array, words: Array) -> Array:
        """:meth:`random_moves` in hands with cards that have a choice: the cards without one
        come first, then, rank by rank, the cards of a rank with a choice, each once per
        target (the cards of one rank have the same targets)."""
        plain = hand & ~choosing
        number, left = count(plain), choosing.copy()
        while left.any():
            card = lowest(left)
            left &= ~OWN[card]
            number += count(choosing & OWN[card]) * count(table & CAPTURES[card])
        k = below(words, number)
        moves = select(plain, k)
        k -= count(plain)
        left = choosing.copy()
        while left.any():
            card = lowest(left)
            rank, targets = left & OWN[card], table & CAPTURES[card]
            left &= ~rank
            per_card = np.maximum(count(targets), 1)
            here = (k >= 0) & (k < count(rank) * per_card)
            which = select(rank, k // per_card) + 64 * (select(targets, k % per_card) + 1)
            moves = np.where(here, which, moves)
            k -= count(rank) * per_card
        return moves

    # ---------------------------------------------------------------- 3. a turn
    def play(self, hands: ChineseTenHands, moves: Array) -> Array:
        """A hand card meets the table, then the stock's top card (2.3), unless the move is
        the choice of a waiting card's target; then the turn passes, or the hand is over."""
        hands.moves += 1
        hands.choices += moves >= 64
        waiting = hands.pending != NONE
        if waiting.any():
            rows = np.flatnonzero(waiting)
            self.choose(hands, rows, moves[rows])
            rows = np.flatnonzero(~waiting)
            self.turn(hands, rows, rows, moves[rows])
        else:
            self.turn(hands, slice(None), np.arange(hands.size), moves)
        goes_on = hands.pending == NONE
        over: Array = goes_on & (hands.drawn == STOCK_SIZE)
        hands.seat = np.where(goes_on & ~over, self.next_seat[hands.seat], hands.seat)
        return over

    def turn(self, hands: ChineseTenHands, rows: Any, index: Array, moves: Array) -> None:
        """In the hands at ``rows`` (``index``: their numbers), the card of the move leaves
        the hand and meets the table, then the stock's top card is turned up and meets it."""
        places = hands.to_move()[rows]
        card, target = moves & 63, (moves >> 6) - 1
        put(hands.held, places, at(hands.held, places) ^ one_card(card))
        self.arrive(hands, rows, places, card, np.where(target < 0, NONE, target))
        drawn = hands.drawn[rows]
        turned = hands.stock.reshape(-1)[index * STOCK_SIZE + drawn]
        hands.drawn[rows] = drawn + 1
        self.arrive(hands, rows, places, turned)

    def choose(self, hands: ChineseTenHands, rows: Array, moves: Array) -> None:
        """In the hands at ``rows``, the waiting turned-up card captures the chosen target."""
        places = hands.to_move()[rows]
        hands.pending[rows] = NONE
        self.arrive(hands, rows, places, moves & 63, (moves >> 6) - 1)

    def arrive(
        self,
        hands: ChineseTenHands,
        rows: Any,
        places: Array,
        card: Array,
        target: Array | None = None,
    ) -> None:
        """In the hands at ``rows`` (their seats to move at ``places``), each ``card`` meets
        the table (2.3): it stays, or captures its ``target`` (the player's choice; NONE: its
        only target, or the layout triple whole, 2.4). A card turned up from the stock has no
        ``target``: with several to choose from, it waits for its player's choice."""
        table, triple, choosers = hands.table[rows], hands.triple[rows], hands.choosers[rows]
        captured_by, own_rank, card_set = CAPTURES[card], OWN[card], one_card(card)
        targets = table & captured_by
        stays = targets == 0
        rank_there = (table & own_rank) != 0  # a rank there twice gives its capturers a choice
        choosers |= only(captured_by, stays & rank_there)
        if target is None:
            waits = several(targets) & (targets != triple)
            hands.pending[rows] = np.where(waits, card, NONE)
            takes = ~stays & ~waits
            taken = only(targets, takes)
        else:
            takes = ~stays
            taken = one_card(target) | only(targets, target == NONE)
        table = (table | only(card_set, stays)) ^ taken
        put(hands.won, places, at(hands.won, places) | only(card_set, takes) | taken)
        hands.captures[rows] += takes
        left = table & captured_by  # does the rank taken still give a choice?
        spent = takes & ((choosers & card_set) != 0) & ~several(left)
        hands.choosers[rows] = choosers & ~only(own_rank, spent)
        hands.triple[rows] = only(triple, ~(takes & (taken == triple)))
        hands.table[rows] = table

    # ---------------------------------------------------------------- 6. scoring
    def scores(self, won: Array) -> Array:
        """The points of each won pile (rule 2.6), looked up suit by suit."""
        clubs, diamonds, hearts, spades = self.suit_points
        mask = np.uint64(0x1FFF)
        return (
            clubs[(won & mask).astype(np.int64)]
            + diamonds[(won >> np.uint64(13) & mask).astype(np.int64)]
            + hearts[(won >> np.uint64(26) & mask).astype(np.int64)]
            + spades[(won >> np.uint64(39)).astype(np.int64)]
        )

    def outcome(self, hands: ChineseTenHands) -> dict[str, Array]:
        """The scores, the winner (the sole highest score, -1 on a tie) and the counts."""
        scores = self.scores(hands.won)
        found: dict[str, Array] = {"winner": sole_leaders(scores)}
        for seat in range(self.players):
            found[f"score_{seat}"] = scores[:, seat]
        found["captures"], found["choices"] = hands.captures, hands.choices
        return found

    # ---------------------------------------------------------------- the greedy agent
    def greedy_moves(self, hands: ChineseTenHands, legal: Legal) -> Array:
        """:func:`cardlab.bots.heuristics.chinese_ten.greedy` over arrays: the move that takes the
        most points (a card that captures nothing is worth minus its own points), the first in
        legal order on a tie."""
        best = np.full(hands.size, NONE, dtype=np.int64)
        most = np.full(hands.size, -(1 << 20), dtype=np.int64)
        left = legal.hand.copy()
        while left.any():  # the hand's cards in display order
            card = lowest(left)
            left &= ~one_card(card)
            targets = hands.table & CAPTURES[card]
            choosing = (legal.choosing & one_card(card)) != 0
            target, target_points = self.best_target(targets)
            taken = self.points_of(targets)
            worth = np.where(targets == 0, -self.points[card], self.points[card] + taken)
            worth = np.where(choosing, self.points[card] + target_points, worth)
            move = np.where(choosing, card + 64 * (target + 1), card)
            better = (card != NONE) & (worth > most)
            best, most = np.where(better, move, best), np.where(better, worth, most)
        target, _ = self.best_target(legal.targets)
        return np.where(hands.pending != NONE, hands.pending + 64 * (target + 1), best)

    def best_target(self, targets: Array) -> tuple[Array, Array]:
        """The target worth the most points of each set, the first on a tie, and its points."""
        best = lowest(targets)
        most = self.points[best]
        left = targets & ~one_card(best)
        while left.any():
            card = lowest(left)
            left &= ~one_card(card)
            better = (card != NONE) & (self.points[card] > most)
            best, most = np.where(better, card, best), np.where(better, self.points[card], most)
        return best, most

    def points_of(self, cards: Array) -> Array:
        """The points of each card set (:meth:`scores` of one pile)."""
        return self.scores(cards[:, None])[:, 0]

    # ---------------------------------------------------------------- for the checks
    def dealt(self, hands: ChineseTenHands, row: int) -> dict[str, Any]:
        """The deal of a hand of a batch just dealt, as ``game.deal(...)`` takes it."""
        dealer = int(hands.dealer[row])
        layout = int(hands.table[row]) | int(hands.won[row, dealer])
        return {
            "dealer": dealer,
            "hands": [_cards(int(held)) for held in hands.held[row]],
            "layout": _cards(layout),
            "stock": [CARDS[bit] for bit in hands.stock[row]],
        }

    def legal_sets(self, hands: ChineseTenHands, legal: Legal) -> list[frozenset[str]]:
        """Each card alone, a card with a choice once per target, or the waiting card's
        targets, as text (``3H``, ``3H>7C``)."""
        rows = zip(
            hands.pending.tolist(),
            legal.targets.tolist(),
            legal.hand.tolist(),
            legal.choosing.tolist(),
            hands.table.tolist(),
            strict=True,
        )
        return [_texts(*row) for row in rows]

    def move_code(self, move: Move) -> int:
        """The card's bit, plus 64 times its target's bit plus 1."""
        targets = move.targets
        return move.card.order + (64 * (targets[0].order + 1) if targets else 0)

    def move_text(self, code: int) -> str:
        """``3H`` or ``3H>7C``."""
        card = CARDS[code % 64]
        return f"{card}>{CARDS[code // 64 - 1]}" if code >= 64 else str(card)


def choosers_on(table: Array, triple: Array) -> Array:
    """The cards that would have a choice of target on each table: those capturing a rank the
    table holds twice or more, the layout triple's rank left out
    (:func:`cardlab.games.chinese_ten.choosers_on`)."""
    choosers = np.zeros(len(table), dtype=np.uint64)
    loose = table & ~triple
    for rank in range(13):
        twice = count(loose & RANKS[rank]) >= 2
        choosers |= np.where(twice, CAPTURES[rank], np.uint64(0))  # bit ``rank`` is a club
    return choosers


@functools.lru_cache(maxsize=1 << 16)
def _texts(pending: int, targets: int, hand: int, choosing: int, table: int) -> frozenset[str]:
    """The texts of the legal moves (see :meth:`ChineseTenBatch.legal_sets`)."""
    if pending != NONE:
        return frozenset(f"{CARDS[pending]}>{target}" for target in _cards(targets))
    texts = []
    for card in _cards(hand):
        if choosing >> card.order & 1:
            texts += [f"{card}>{t}" for t in _cards(table & int(CAPTURES[card.order]))]
        else:
            texts.append(str(card))
    return frozenset(texts)


def _cards(cards: int) -> list[Any]:
    """The cards of a card set (a Python int), in display order."""
    return [CARDS[bit] for bit in range(52) if cards >> bit & 1]
