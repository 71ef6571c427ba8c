"""Two-Ten-Jack over arrays (rules of docs/rules.md, Two-Ten-Jack): the batch form of
:mod:`cardlab.games.two_ten_jack`, with its ace of spades, its stock and its draws.

Each hand is the card set of both seats, the stock in its order and how many cards were drawn,
the card leading the trick (or none) and the suit it was led in (a led ace of spades: its
declaration), each seat's points and tricks, and the tricks played.

A move is a card (code: its bit), or the ace of spades led and declared a spade or a trump
(code ``bit + 64`` or ``bit + 128``): as in the rules engine, a seat leading from a hand
with the ace of spades has one move more than it has cards.

>>> import cardlab
>>> from cardlab.batch.draws import hand_keys, run_key
>>> rules = TwoTenJackBatch(cardlab.game("two-ten-jack"))
>>> hands = rules.deal(hand_keys(run_key(1), np.arange(3)))
>>> count(hands.held).tolist(), hands.stock.shape
([[6, 6], [6, 6], [6, 6]], (3, 40))
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.batch.bits import NONE, count, lowest, one_card, select
from cardlab.batch.draws import Array, below, shuffled
from cardlab.batch.engine import BatchRules, CardTexts, Hands, at, put, sole_leaders
from cardlab.engine.cards import SUITS
from cardlab.engine.cardsets import CARDS
from cardlab.engine.moves import Move
from cardlab.games.two_ten_jack import (
    ACE_OF_SPADES,
    HAND_SIZE,
    HEARTS,
    LED_SUIT_CARDS,
    POINTS_BY_BIT,
    SCORING_CARDS,
    STOCK_SIZE,
    STRENGTH,
    TRICKS,
    TRUMP_CARDS,
    TwoTenJack,
    trick_rank,
)

PAD = NONE + 1 - 52
"""Entries after the 52 cards in the tables by bit, so that :data:`NONE` looks up too."""

ACE = ACE_OF_SPADES.order
"""The bit of the ace of spades."""
SPADES = SUITS.index("S")
"""The suit index of spades."""
DECLARED = (None, "S", "H")
"""What a code's ``// 64`` says of a led ace of spades: nothing, a spade, a trump."""

FOLLOWS: Array = np.array(LED_SUIT_CARDS, dtype=np.uint64)
"""The cards that count as the led suit's, by the led suit (the ace of spades follows hearts)."""
TRUMPS = np.uint64(TRUMP_CARDS)
"""The hearts and the ace of spades."""
POWER: Array = np.array([list(row) + [0] * PAD for row in STRENGTH], dtype=np.int64)
"""``POWER[led suit, bit]``: how strongly a card plays in a trick (rule 3.5)."""
POINTS: Array = np.array(list(POINTS_BY_BIT) + [0] * PAD, dtype=np.int64)
"""What each card scores when won (rule 3.7), by bit."""
RANK: Array = np.array([trick_rank(card) for card in CARDS] + [99] * PAD, dtype=np.int64)
"""Each card's rank for tricks (2 up to 14 for an ace), by bit."""
PLACE: Array = np.array(
    [13 * (bit // 13) + (bit % 13 - 1) % 13 for bit in range(52)] + [99] * PAD, dtype=np.int64
)
"""Each card's place in the legal moves' order (by suit, from the two up to the ace), by bit."""
ACE_SET = np.uint64(1 << ACE)
"""The ace of spades as a card set."""
SUIT_OF: Array = np.array([bit // 13 for bit in range(NONE + 1)], dtype=np.int64)
"""Each card's suit index, by bit."""


class TwoTenJackHands(Hands):
    """A batch of Two-Ten-Jack hands (see the module)."""

    held: Array
    """Each seat's cards, ``(hands, 2)`` card sets."""
    stock: Array
    """The stock's cards by bit, top card first, ``(hands, 40)``."""
    drawn: Array
    """How many stock cards were drawn."""
    led: Array
    """The bit of the card leading the trick, NONE between tricks."""
    led_suit: Array
    """The suit the trick was led in (0 between tricks: read only with ``led``)."""
    points: Array
    """Each seat's points so far, ``(hands, 2)``."""
    tricks: Array
    """Each seat's tricks so far, ``(hands, 2)``."""
    played: Array
    """Tricks played."""


class Legal:
    """What the agents need of the legal moves of each hand: the ``cards`` the seat to move
    may play, and whether it leads (``leading``; then a held ace of spades is two moves)."""

    def __init__(self, cards: Array, leading: Array) -> None:
        self.cards, self.leading = cards, leading


class TwoTenJackBatch(BatchRules):
    """Two-Ten-Jack's rules over arrays (``target`` changes nothing in a hand)."""

    stats = ("tricks_0", "tricks_1")
    options = ("players", "target")

    def __init__(self, game: Any) -> None:
        assert isinstance(game, TwoTenJack)
        super().__init__(game)
        self.texts = CardTexts()

    # ---------------------------------------------------------------- 2. the deal
    def deal(self, keys: Array, order: Array | None = None) -> TwoTenJackHands:
        """Six cards each, one at a time from the non-dealer, the other 40 the stock (3.2);
        the non-dealer leads (3.3)."""
        hands = TwoTenJackHands(keys, 2)
        size = len(keys)
        if order is None:
            order = shuffled(keys, 52)  # card bits: the deck is in display order
        first, second = order[:, 0 : 2 * HAND_SIZE : 2], order[:, 1 : 2 * HAND_SIZE : 2]
        non_dealer = np.bitwise_or.reduce(one_card(first), axis=1)
        dealer = np.bitwise_or.reduce(one_card(second), axis=1)
        dealt_first = hands.dealer == 1  # seat 0 is the non-dealer
        hands.held = np.stack(
            [np.where(dealt_first, non_dealer, dealer), np.where(dealt_first, dealer, non_dealer)],
            axis=1,
        )
        hands.stock = order[:, 2 * HAND_SIZE :].copy()
        hands.drawn = np.zeros(size, dtype=np.int64)
        hands.led = np.full(size, NONE, dtype=np.int64)
        hands.led_suit = np.zeros(size, dtype=np.int64)
        hands.points = np.zeros((size, 2), dtype=np.int64)
        hands.tricks = np.zeros((size, 2), dtype=np.int64)
        hands.played = np.zeros(size, dtype=np.int64)
        return hands

    # ---------------------------------------------------------------- 3, 4. the legal moves
    def legal(self, hands: TwoTenJackHands) -> Legal:
        """Leading: any card (3.3). Following: a card of the led suit, else a trump, else any
        card (3.4)."""
        hand = at(hands.held, hands.to_move())
        leading = hands.led == NONE
        if leading.all():  # every hand of a batch leads together (each trick is two moves)
            return Legal(hand, leading)
        same = hand & FOLLOWS[hands.led_suit]
        trumps = hand & TRUMPS
        follow = np.where(same != 0, same, np.where(trumps != 0, trumps, hand))
        return Legal(np.where(leading, hand, follow), leading)

    def random_moves(self, hands: TwoTenJackHands, legal: Legal, words: Array) -> Array:
        """A move drawn uniformly among the legal ones: a led ace of spades is two moves."""
        cards = count(legal.cards)
        if not legal.leading.any():
            return select(legal.cards, below(words, cards))
        with_ace = legal.leading & ((legal.cards & ACE_SET) != 0)
        k = below(words, cards + with_ace)
        card = select(legal.cards, k)
        declared = np.where(k == cards, 2, np.where(with_ace & (card == ACE), 1, 0))
        moves: Array = np.where(k == cards, ACE, card) + 64 * declared
        return moves

    # ---------------------------------------------------------------- a move
    def play(self, hands: TwoTenJackHands, moves: Array) -> Array:
        """A card leads the trick (3.3), or follows and settles it (3.5): its winner scores
        its points (3.7), draws the stock's top card and the loser the next (3.6), and leads.
        The hand is over after 26 tricks."""
        places = hands.to_move()
        card = moves & 63
        put(hands.held, places, at(hands.held, places) ^ one_card(card))
        hands.moves += 1
        leading = hands.led == NONE
        if leading.all():  # every hand of a batch leads together
            self.lead(hands, card, moves >> 6)
        elif not leading.any():
            self.settle(hands, card)
        else:
            rows = np.flatnonzero(leading)
            hands.led[rows], hands.led_suit[rows], hands.seat[rows] = self._led(
                hands.seat[rows], card[rows], moves[rows] >> 6
            )
            self.settle(hands, card, np.flatnonzero(~leading))
        over: Array = hands.played == TRICKS
        return over

    def _led(self, seat: Array, card: Array, declared: Array) -> tuple[Array, Array, Array]:
        """The card leading, the suit it leads (a led ace of spades: as declared) and the
        seat that follows (3.3)."""
        suit = np.where(declared == 2, HEARTS, np.where(declared == 1, SPADES, SUIT_OF[card]))
        return card, suit, 1 - seat

    def lead(self, hands: TwoTenJackHands, card: Array, declared: Array) -> None:
        """Every hand's seat to move leads ``card`` (3.3)."""
        hands.led, hands.led_suit, hands.seat = self._led(hands.seat, card, declared)

    def settle(self, hands: TwoTenJackHands, card: Array, rows: Any = slice(None)) -> None:
        """In the hands at ``rows``, ``card`` follows and settles the trick (3.5, 3.6, 3.7)."""
        seat, led, suit = hands.seat[rows], hands.led[rows], hands.led_suit[rows]
        card = card[rows]
        takes = (
            POWER.reshape(-1)[suit * (NONE + 1) + card] > POWER.reshape(-1)[suit * (NONE + 1) + led]
        )
        winner = np.where(takes, seat, 1 - seat)
        index = np.arange(hands.size)[rows]
        places = 2 * index + winner
        points = hands.points.reshape(-1)
        points[places] += POINTS[led] + POINTS[card]
        hands.tricks.reshape(-1)[places] += 1
        hands.played[rows] += 1
        drawing = hands.drawn[rows] < STOCK_SIZE
        if drawing.all():
            self.draw(hands, index, places)
        elif drawing.any():
            self.draw(hands, index[drawing], places[drawing])
        hands.led[rows] = NONE
        hands.seat[rows] = winner

    def draw(self, hands: TwoTenJackHands, index: Array, places: Array) -> None:
        """In the hands numbered ``index``, the trick's winner (its cards at ``places``) draws
        the stock's top card, the loser the next (3.6)."""
        drawn = hands.drawn[index]
        top = index * STOCK_SIZE + drawn
        stock, held = hands.stock.reshape(-1), hands.held.reshape(-1)
        held[places] |= one_card(stock[top])
        held[places ^ 1] |= one_card(stock[top + 1])
        hands.drawn[index] = drawn + 2

    def outcome(self, hands: TwoTenJackHands) -> dict[str, Array]:
        """The points, the winner (the higher, never a tie) and each seat's tricks."""
        found: dict[str, Array] = {"winner": sole_leaders(hands.points)}
        for seat in range(2):
            found[f"score_{seat}"] = hands.points[:, seat]
        found["tricks_0"], found["tricks_1"] = hands.tricks[:, 0], hands.tricks[:, 1]
        return found

    # ---------------------------------------------------------------- the greedy agent
    def greedy_moves(self, hands: TwoTenJackHands, legal: Legal) -> Array:
        """:func:`cardlab.bots.heuristics.two_ten_jack.greedy` over arrays."""
        return np.where(legal.leading, self.greedy_lead(legal), self.greedy_follow(hands, legal))

    def greedy_follow(self, hands: TwoTenJackHands, legal: Legal) -> Array:
        """The card that does best for the score difference (the trick's points for it if it
        wins, against it if it loses), then the weakest, then the first in legal order."""
        led, suit = hands.led, hands.led_suit
        best = np.full(hands.size, NONE, dtype=np.int64)
        most = np.full(hands.size, -(1 << 40), dtype=np.int64)
        left = legal.cards.copy()
        while left.any():
            card = lowest(left)
            left &= ~one_card(card)
            worth = POINTS[np.minimum(led, NONE)] + POINTS[card]
            gain = np.where(POWER[suit, card] > POWER[suit, led], worth, -worth)
            cost = np.where(POWER[suit, card] > 0, POWER[suit, card], RANK[card])
            value = (gain * 1000 - cost) * 100 - PLACE[card]
            better = (card != NONE) & (value > most)
            best, most = np.where(better, card, best), np.where(better, value, most)
        return best

    def greedy_lead(self, legal: Legal) -> Array:
        """The lowest card that scores nothing and is not a trump; with none, the ace of spades
        declared a trump if it is the last card; else the card worth the fewest points (then
        the lowest), never the ace of spades."""
        hand = legal.cards
        plain = hand & ~np.uint64(SCORING_CARDS) & ~TRUMPS
        spare = hand & ~one_card(np.full(len(hand), ACE))
        by_rank = self.least(plain, RANK * 4 + SUIT_OF)
        by_points = self.least(spare, np.abs(POINTS) * 1000 + RANK * 4 + SUIT_OF)
        last_ace = hand == one_card(np.full(len(hand), ACE))
        return np.where(plain != 0, by_rank, np.where(last_ace, ACE + 128, by_points))

    def least(self, cards: Array, key: Array) -> Array:
        """The card of each set with the least ``key`` (a table by bit)."""
        best = np.full(len(cards), NONE, dtype=np.int64)
        least = np.full(len(cards), 1 << 40, dtype=np.int64)
        left = cards.copy()
        while left.any():
            card = lowest(left)
            left &= ~one_card(card)
            better = (card != NONE) & (key[card] < least)
            best, least = np.where(better, card, best), np.where(better, key[card], least)
        return best

    # ---------------------------------------------------------------- for the checks
    def dealt(self, hands: TwoTenJackHands, row: int) -> dict[str, Any]:
        """The deal of a hand of a batch just dealt, as ``game.deal(...)`` takes it."""
        return {
            "dealer": int(hands.dealer[row]),
            "hands": [
                [CARDS[bit] for bit in range(52) if int(h) >> bit & 1] for h in hands.held[row]
            ],
            "stock": [CARDS[bit] for bit in hands.stock[row]],
        }

    def legal_sets(self, hands: TwoTenJackHands, legal: Legal) -> list[frozenset[str]]:
        """The cards as text; a led ace of spades as ``AS=S`` and ``AS=H``."""
        found = []
        for cards, leading in zip(legal.cards.tolist(), legal.leading.tolist(), strict=True):
            texts = self.texts[cards]
            if leading and cards >> ACE & 1:
                texts = texts - {"AS"} | {"AS=S", "AS=H"}
            found.append(texts)
        return found

    def move_code(self, move: Move) -> int:
        """The card's bit, plus 64 for the ace of spades led as a spade, 128 as a trump."""
        return move.card.order + 64 * DECLARED.index(move.declare)

    def move_text(self, code: int) -> str:
        """``9C``, ``AS=S`` or ``AS=H``."""
        declared = DECLARED[code // 64]
        card = str(CARDS[code % 64])
        return card if declared is None else f"{card}={declared}"
