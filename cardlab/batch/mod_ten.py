"""Mod Ten over arrays (rules of docs/rules.md, Mod Ten): the batch form of
:mod:`cardlab.games.mod_ten`, 2 to 6 players, single and double deck.

Each hand is the card set of every seat (``held``; with a double deck also ``twice``, the
cards a seat holds both copies of, as the rules engine keeps them), the suit led (-1 for an
empty table), the table's total modulo 10 and, to find who follows without looking at every
hand, ``holds``: a bit for each seat and suit it still holds (bit ``8 * suit + seat``).

>>> import cardlab
>>> from cardlab.batch.draws import hand_keys, run_key
>>> rules = ModTenBatch(cardlab.game("mod-ten", players=3))
>>> hands = rules.deal(hand_keys(run_key(1), np.arange(4)))
>>> [int(count(held).sum()) for held in hands.held]
[30, 30, 30, 30]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.batch.bits import BITS, NONE, count, lowest, one_card, select
from cardlab.batch.draws import Array, below, shuffled
from cardlab.batch.engine import BatchRules, CardTexts, Hands, at, dealt_round, put
from cardlab.engine.cards import Card
from cardlab.engine.cardsets import CARDS, SUIT_MASKS
from cardlab.engine.moves import Move
from cardlab.games.mod_ten import ModTen

SUIT_OF: Array = np.array([index // 13 for index in range(65)], dtype=np.int64)
"""The suit index of the card at each bit."""

VALUE: Array = np.array([index % 13 + 1 for index in range(65)], dtype=np.int64)
"""The Mod Ten value of the card at each bit (rule 1.2: ace 1, 2..9 face value)."""

MODULO_TEN: Array = np.arange(32) % 10
"""``MODULO_TEN[total]``: the total modulo 10, looked up (faster than computed)."""

SUITS: Array = np.array(SUIT_MASKS, dtype=np.uint64)
"""The card set of each suit."""

MAY_PLAY: Array = np.array([sum(SUIT_MASKS), *SUIT_MASKS], dtype=np.uint64)
"""The cards a seat may play, by the led suit plus 1: any card on an empty table (rule 1.4),
else a card of the led suit (rule 1.5)."""


class ModTenHands(Hands):
    """A batch of Mod Ten hands (see the module)."""

    held: Array
    """The cards of each seat, ``(hands, players)`` card sets."""
    twice: Array
    """The cards each seat holds both copies of (a double deck; else all empty)."""
    holds: Array
    """A bit ``8 * suit + seat`` for each suit a seat holds."""
    led: Array
    """The suit led, -1 while the table is empty."""
    total: Array
    """The table's total modulo 10."""
    captures: Array
    """Tables collected so far."""
    skips: Array
    """Seats passed over so far (they held none of the led suit)."""


class ModTenBatch(BatchRules):
    """Mod Ten's rules over arrays, for one set of options (every option the game has:
    ``open_hands`` and ``match_target`` change nothing in a hand played by these agents)."""

    stats = ("captures", "skips")
    options = ("players", "deck", "open_hands", "match_target")

    def __init__(self, game: Any) -> None:
        assert isinstance(game, ModTen)
        super().__init__(game)
        self.deck: list[Card] = game.cards
        self.double = len(set(self.deck)) < len(self.deck)
        self.texts = CardTexts()
        self.orders: Array = np.array([card.order for card in self.deck], dtype=np.int64)
        self.seat_after: Array = np.arange(2 * NONE) % self.players
        """``seat_after[n]``: the seat ``n`` seats after seat 0 (``n % players``, looked up)."""

    # ---------------------------------------------------------------- 3. the deal
    def deal(self, keys: Array, order: Array | None = None) -> ModTenHands:
        """The whole deck, shuffled, dealt one card at a time clockwise from the dealer's
        left (rule 1.3); the seat on the dealer's left leads (rule 1.4)."""
        hands = ModTenHands(keys, self.players)
        size, players = len(keys), self.players
        if order is None:
            order = shuffled(keys, len(self.deck))
        order = self.orders[order]  # the cards' bits, in the order dealt
        dealt = dealt_round(order, hands.dealer, players, len(self.deck) // players)
        hands.held = np.zeros((size, players), dtype=np.uint64)
        hands.twice = np.zeros((size, players), dtype=np.uint64)
        for seat in range(players):
            cards = one_card(dealt[seat])
            held = twice = np.zeros(size, dtype=np.uint64)
            for column in cards.T:
                twice = twice | (held & column)
                held = held | column
            hands.held[:, seat], hands.twice[:, seat] = held, twice
        hands.holds = np.zeros(size, dtype=np.uint64)
        for seat in range(players):
            for suit in range(4):
                has = (hands.held[:, seat] & SUITS[suit]) != 0
                hands.holds |= has.astype(np.uint64) << np.uint64(8 * suit + seat)
        hands.led = np.full(size, -1, dtype=np.int64)
        hands.total = np.zeros(size, dtype=np.int64)
        hands.captures = np.zeros(size, dtype=np.int64)
        hands.skips = np.zeros(size, dtype=np.int64)
        return hands

    # ---------------------------------------------------------------- 4, 5. the legal moves
    def legal(self, hands: ModTenHands) -> Array:
        """The cards the seat to move may play, as a card set (two copies are one move)."""
        legal: Array = at(hands.held, hands.to_move()) & MAY_PLAY[hands.led + 1]
        return legal

    def random_moves(self, hands: ModTenHands, legal: Array, words: Array) -> Array:
        """A card drawn uniformly among the legal ones."""
        return select(legal, below(words, count(legal)))

    # ---------------------------------------------------------------- 6, 7. a move
    def play(self, hands: ModTenHands, moves: Array) -> Array:
        """The card goes to the table; it collects the table at a multiple of 10 (rule 1.6,
        and its seat leads again) or the next seat holding the led suit follows (rule 1.5);
        a seat that plays its last card wins at once (rule 1.7)."""
        seat, places = hands.seat, hands.to_move()
        card = one_card(moves)
        held = at(hands.held, places)
        if self.double:  # the second copy goes first
            twice = at(hands.twice, places)
            second = twice & card
            put(hands.twice, places, twice ^ second)
            held ^= card ^ second
        else:
            held ^= card
        put(hands.held, places, held)
        suit = SUIT_OF[moves]
        emptied = (held & SUITS[suit]) == 0  # the seat no longer holds the suit it played
        hands.holds ^= np.where(emptied, BITS[8 * suit + seat], np.uint64(0))
        hands.moves += 1
        led = np.where(hands.led < 0, suit, hands.led)
        total = MODULO_TEN[hands.total + VALUE[moves]]
        collected = total == 0
        out: Array = held == 0
        hands.captures += collected
        hands.total = total
        hands.led = np.where(collected, -1, led)
        follower, passed = self.next_to_follow(hands.holds, led, seat)
        stays = collected | out
        hands.seat = np.where(stays, seat, follower)
        hands.skips += np.where(stays, 0, passed)
        return out

    def next_to_follow(self, holds: Array, led: Array, seat: Array) -> tuple[Array, Array]:
        """The next seat clockwise from ``seat`` that holds the led suit (itself last), and
        how many seats were passed over to reach it (rule 1.5)."""
        players = self.players
        holders = (holds >> (8 * led).astype(np.uint64)) & np.uint64(0xFF)
        round_twice = holders | (holders << np.uint64(players))
        after = (round_twice >> (seat + 1).astype(np.uint64)) & np.uint64((1 << players) - 1)
        passed = lowest(after)  # seats after ``seat`` that were skipped
        return self.seat_after[seat + 1 + passed], passed

    def outcome(self, hands: ModTenHands) -> dict[str, Array]:
        """The winner (the seat that went out), a score of 1 for it, and the counts."""
        found: dict[str, Array] = {"winner": hands.seat.copy()}
        for seat in range(self.players):
            found[f"score_{seat}"] = (hands.seat == seat).astype(np.int64)
        found["captures"], found["skips"] = hands.captures, hands.skips
        return found

    # ---------------------------------------------------------------- the greedy agent
    def greedy_moves(self, hands: ModTenHands, legal: Array) -> Array:
        """:func:`cardlab.bots.heuristics.mod_ten.greedy` over arrays: the card that collects the
        table, if one does; else the card after which the fewest copies held by the other
        seats could collect (the highest card on a tie, then the first)."""
        total = hands.total
        needed = 13 * np.maximum(hands.led, 0) + (10 - total) % 10 - 1  # the collecting card
        collecting = (hands.led >= 0) & ((legal & BITS[np.where(total > 0, needed, NONE)]) != 0)
        once, twice = self.others_copies(hands)
        best = np.full(hands.size, NONE, dtype=np.int64)
        least = np.full(hands.size, 1 << 20, dtype=np.int64)
        left = legal.copy()
        while left.any():
            card = lowest(left)
            left &= ~one_card(card)
            value = VALUE[card]
            answer = card - value + 10 - (total + value) % 10  # its suit's card of the gap
            copies = ((once >> answer.astype(np.uint64)) & np.uint64(1)).astype(np.int64)
            copies += ((twice >> answer.astype(np.uint64)) & np.uint64(1)).astype(np.int64)
            risk = np.where(card == NONE, 1 << 20, 16 * copies + 9 - value)
            better = risk < least
            best, least = np.where(better, card, best), np.where(better, risk, least)
        return np.where(collecting, needed, best)

    def others_copies(self, hands: ModTenHands) -> tuple[Array, Array]:
        """The cards the other seats than the one to move hold a copy of, and those they hold
        two copies of (the cards a seat does not see: every card is dealt)."""
        once = np.zeros(hands.size, dtype=np.uint64)
        twice = np.zeros(hands.size, dtype=np.uint64)
        for seat in range(self.players):
            other = hands.seat != seat
            held = np.where(other, hands.held[:, seat], np.uint64(0))
            twice |= (once & held) | np.where(other, hands.twice[:, seat], np.uint64(0))
            once |= held
        return once, twice

    # ---------------------------------------------------------------- for the checks
    def dealt(self, hands: ModTenHands, row: int) -> dict[str, Any]:
        """The deal of a hand as ``game.deal(dealer=..., hands=[...])`` takes it."""
        seats = []
        for seat in range(self.players):
            held, twice = int(hands.held[row, seat]), int(hands.twice[row, seat])
            seats.append([CARDS[bit] for bit in _bits(held)] + [CARDS[b] for b in _bits(twice)])
        return {"dealer": int(hands.dealer[row]), "hands": seats}

    def legal_sets(self, hands: ModTenHands, legal: Array) -> list[frozenset[str]]:
        """The cards of each legal set, as text."""
        return [self.texts[cards] for cards in legal.tolist()]

    def move_code(self, move: Move) -> int:
        """The card's bit."""
        return move.card.order


def _bits(cards: int) -> list[int]:
    """The bit indices of a card set (a Python int), lowest first."""
    return [bit for bit in range(64) if cards >> bit & 1]
