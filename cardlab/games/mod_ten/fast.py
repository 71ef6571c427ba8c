"""Mod Ten's fast paths: the solver's searches, the random playouts and the sampler of hidden
hands, built on the rules (:mod:`cardlab.games.mod_ten.rules`) and checked against them over the
registry (tests/test_fast_paths.py): a search's children are the positions the engine's play
gives, a playout makes the moves and draws of the public loop, and the sampler deals every
allowed deal alike.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from cardlab.engine.cards import SUITS, Card
from cardlab.engine.cardsets import SUIT_MASKS, moves_in, moves_of_suit, size
from cardlab.engine.core import Game
from cardlab.engine.moves import Move, Outcome
from cardlab.engine.positions import Child, NodeSearch
from cardlab.engine.randomness import shuffle
from cardlab.games.mod_ten.rules import (
    CARD_FACTS,
    SEATS_AFTER,
    ModTenPosition,
    SearchNode,
    collects,
    moves_of,
    next_turn,
    playable,
    take_card,
    with_hand,
)

# --------------------------------------------------------------------------- searches


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
    1.5, :func:`next_to_follow` for two seats): a third as costly a position. Calling
    ``next_to_follow`` instead, even once for each suit led, costs the solver 8% more
    instructions (callgrind, 30 two-player deals solved). tests/fast_paths.py plays every child
    with the engine."""

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
    agents play thousands of these; tests/fast_paths.py plays them against the engine.
    ``trace``, if given, receives the moves made.

    Rule 1.5 (:func:`next_to_follow`) is written out here too, over the same table of seats:
    a call each move costs the playout 8% (four seats) to 10% (two) more instructions
    (callgrind, 300 deals), and ``simulate`` with random agents is these playouts."""
    hands, twice = position.hands.copy(), position.twice.copy()
    players, led = position.players, position.led
    seat: int = position.to_move  # type: ignore[assignment]
    total, moves = position.table_sum % 10, position.moves
    captures, skips = position.captures, position.skips
    after, follows, masks, facts = SEATS_AFTER[players], _FOLLOWS, SUIT_MASKS, CARD_FACTS
    getrandbits = rng.getrandbits
    while True:
        # moves_of (rules 1.4, 1.5): any card to lead, else a card of the led suit
        if led < 0:
            legal = moves_in(hands[seat])
            count = len(legal)
            bits = count.bit_length()
        else:
            legal, count, bits = follows[hands[seat] & masks[led]]
        index = getrandbits(bits)  # draw_index(rng, count), as play_randomly draws it
        while index >= count:
            index = getrandbits(bits)
        move = legal[index]
        if trace is not None:
            trace.append(move)
        moves += 1
        card, points, suit = facts[move]
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
        mask = masks[led]
        for follower in after[seat]:  # rule 1.5 (next_to_follow), written out: see above
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


# --------------------------------------------------------------------------- the sampler


class SeenHands(Protocol):
    """What the sampler reads of a view (:class:`~cardlab.games.mod_ten.game.ModTenView` has it)."""

    @property
    def game(self) -> Game:
        """The game being played."""

    @property
    def seat(self) -> int:
        """The seat whose view this is."""

    @property
    def hand(self) -> Sequence[Card]:
        """The seat's own cards."""

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""

    @property
    def current_player(self) -> int | None:
        """The seat to move."""

    @property
    def table(self) -> tuple[Card, ...]:
        """The cards on the table, in the order played."""

    @property
    def voids(self) -> tuple[frozenset[str], ...]:
        """For each seat, the suits it was skipped on."""

    def unseen_cards(self) -> list[Card]:
        """The cards the seat cannot see."""


def deal_unseen(view: SeenHands, rng: random.Random) -> list[list[Card]]:
    """Deal the unseen cards to the other seats, uniformly at random among every deal the view
    allows: the right number of cards to each seat, never a suit a seat was skipped on and,
    mid-trick, a card of the led suit to the seat to move (it was not skipped).

    The two copies of a card in a double deck are dealt as two cards, as a shuffle deals them.
    With nothing known but the hands' sizes, this is a shuffle and a deal. Otherwise the deals
    the view allows are counted (:class:`AllowedDeals`): where a rejection sampler keeps one
    proposal in :data:`FEW_PROPOSALS` or fewer, that sampler deals (:func:`deal_by_rejection`),
    else the counts draw the deal directly (:meth:`AllowedDeals.deal`). Both are exactly uniform,
    and which one deals depends on the view alone, so the mixture is uniform too.
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
    deals = allowed_deals(deal_shape(view, others, unseen, led))
    if not deals.count:
        raise AssertionError("no deal agrees with this view: the engine has a bug")
    # A rejection sampler that gives up after REJECTION_TRIES proposals and then deals from the
    # counts is still exactly uniform: when it keeps a deal, every allowed deal is alike.
    quick = deals.proposals_per_deal <= FEW_PROPOSALS
    if quick and deal_by_rejection(view, rng, hands, others, unseen, led):
        return hands
    for seat, hand in zip(others, deals.deal(rng, unseen), strict=True):
        hands[seat] = hand
    return hands


FEW_PROPOSALS = 20
"""The most proposals a rejection sampler may need for each deal it keeps (on average) for
:func:`deal_unseen` to use it. A proposal costs about what a draw from the counts costs (some
20 microseconds), so rejection is dearer, but it makes the draws it made before the counts
were used, and so the bots' seeded moves stay as they were on all but the views past this
(1 to 4 in 100 of those where a seat is known to lack a suit, in 4 to 6 players)."""

REJECTION_TRIES = 100_000
"""The proposals :func:`deal_by_rejection` makes before it gives up."""


def deal_by_rejection(
    view: SeenHands,
    rng: random.Random,
    hands: list[list[Card]],
    others: Sequence[int],
    unseen: Sequence[Card],
    led: str | None,
) -> bool:
    """Deal the unseen cards into ``hands`` (the other seats') by rejection sampling, exactly
    uniformly over the deals the view allows, and say whether it did (within
    :data:`REJECTION_TRIES` proposals).

    The seats that lack the most suits draw first, each its cards at random among those it may
    hold; such a deal is as likely as ``1 / prod(comb(pool, size))`` (``pool``: the cards the
    seat could choose from when it drew), so it is kept with probability
    ``prod(comb(pool, size) / comb(most, size))``, ``most`` being the largest that pool could
    ever be, which makes every allowed deal equally likely."""
    to_move = view.current_player
    order = sorted(others, key=lambda seat: -len(view.voids[seat]))  # stable: ties by seat
    most = {}
    left_count = len(unseen)
    for seat in order:
        allowed = sum(card.suit not in view.voids[seat] for card in unseen)
        most[seat] = min(allowed, left_count)
        left_count -= view.hand_sizes[seat]
    for _attempt in range(REJECTION_TRIES):
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
                return True
    return False


class DealShape(NamedTuple):
    """What decides how many deals a view allows, and which: how many unseen cards each suit
    has, and for each other seat (in seat order) the suits it may hold and its number of cards,
    with the seat among them that must hold the led suit."""

    suits: tuple[int, ...]
    """The unseen cards of each suit, by suit index."""
    allowed: tuple[int, ...]
    """For each other seat, the suits it may hold: a bit for each suit index."""
    sizes: tuple[int, ...]
    """For each other seat, how many cards it holds."""
    holder: int
    """Which of the other seats (an index into ``sizes``) must hold the led suit, or -1."""
    led: int
    """The led suit's index, or -1."""


def deal_shape(
    view: SeenHands, others: Sequence[int], unseen: Sequence[Card], led: str | None
) -> DealShape:
    """The :class:`DealShape` of a view whose unseen cards go to the seats ``others``."""
    suits = [0] * len(SUITS)
    for card in unseen:
        suits[card.suit_index] += 1
    allowed = tuple(suits_allowed(view.voids[seat]) for seat in others)
    holder = others.index(view.current_player) if led is not None else -1
    return DealShape(
        tuple(suits),
        allowed,
        tuple(view.hand_sizes[seat] for seat in others),
        holder,
        SUITS.index(led) if led is not None else -1,
    )


@functools.cache
def suits_allowed(voids: frozenset[str]) -> int:
    """The suits a seat that lacks ``voids`` may hold: a bit for each suit index."""
    return sum(1 << index for index, suit in enumerate(SUITS) if suit not in voids)


@functools.lru_cache(maxsize=512)
def allowed_deals(shape: DealShape) -> AllowedDeals:
    """The :class:`AllowedDeals` of a shape, kept for the next view of the same shape (a bot
    deals thousands of worlds from one view)."""
    return AllowedDeals(shape)


def choose(total: int, taken: int) -> int:
    """The ways to take ``taken`` of ``total`` things: none when ``taken`` is out of reach."""
    return math.comb(total, taken) if 0 <= taken <= total else 0


def multinomial(parts: Sequence[int]) -> int:
    """The ways to split ``sum(parts)`` distinct cards into piles of these sizes."""
    ways, total = 1, 0
    for part in parts:
        total += part
        ways *= math.comb(total, part)
    return ways


class AllowedDeals:
    """Every deal of a view's unseen cards that the view allows, counted, and drawn from
    uniformly.

    A deal is counted by how many cards of each suit each seat gets: a table of counts allows
    ``prod(multinomial)`` deals (each suit's cards split among the seats by those counts).
    Seats that may hold the same suits are one *group* (a deal to the group, split at random
    among its seats, is a uniform deal to the seats). :meth:`ways` counts, suit by suit, the
    deals that fill what each group still needs, the last two suits at once (:meth:`last_two`);
    :meth:`deal` draws each suit's counts in proportion to the deals that follow them, then
    deals each suit's cards by its counts. The suits go from the fewest cards to the most, so
    the two biggest are the ones counted at once.
    """

    def __init__(self, shape: DealShape) -> None:
        self.shape = shape
        groups: dict[tuple[int, bool], list[int]] = {}
        for index, allowed in enumerate(shape.allowed):
            groups.setdefault((allowed, index == shape.holder), []).append(index)
        self.members: tuple[tuple[int, ...], ...] = tuple(map(tuple, groups.values()))
        """The other seats in each group (indexes into the shape's ``sizes``)."""
        self.order = sorted(range(len(shape.suits)), key=lambda suit: shape.suits[suit])
        """The suit indexes in the order the suits are split (``suit`` below: a place in it)."""
        self.cards = [shape.suits[index] for index in self.order]
        self.led = self.order.index(shape.led) if shape.led >= 0 else -1
        self.allowed = tuple(
            sum(1 << suit for suit, index in enumerate(self.order) if allowed >> index & 1)
            for allowed, _holds in groups
        )
        self.holder = next((g for g, (_, holds) in enumerate(groups) if holds), -1)
        self.needs = tuple(sum(shape.sizes[i] for i in seats) for seats in self.members)
        suits = range(len(self.cards))
        self.later = [  # for each suit, the cards of the later suits each group may hold
            tuple(
                sum(self.cards[s] for s in suits if s > suit and allowed >> s & 1)
                for allowed in self.allowed
            )
            for suit in suits
        ]
        self._choices: dict[tuple[int, tuple[int, ...]], Choices] = {}
        within = math.prod(multinomial([shape.sizes[i] for i in seats]) for seats in self.members)
        self.count = self.ways(0, self.needs) * within
        """How many deals the view allows (the unseen cards taken as distinct cards)."""

    def ways(self, suit: int, needs: tuple[int, ...]) -> int:
        """How many deals of the cards of ``suit`` and the later suits give each group the
        number of cards it ``needs``."""
        if suit == len(self.cards):
            return 1
        if suit == len(self.cards) - 2:
            return self.last_two(needs)
        return self.choices(suit, needs).total

    def last_two(self, needs: tuple[int, ...]) -> int:
        """:meth:`ways` for the last two suits, without going through their splits.

        A group that needs ``n`` and gets ``x`` of the first of them, ``n - x`` of the last,
        adds ``comb(n, x)`` to a product that, over all the groups, times ``a! b! / prod(n!)``
        (``a``, ``b``: the two suits' cards), is the split's deals. Each group's ``x`` lies
        between bounds (one suit it lacks fixes it; the led suit makes the seat to move keep a
        card of it), and by Vandermonde's identity, the sum of the products over the groups
        free to take any ``x`` is ``comb(their needs, the cards they take)``."""
        first, last = len(self.cards) - 2, len(self.cards) - 1
        if sum(needs) != self.cards[first] + self.cards[last]:
            return 0
        cards, fixed, free, box = self.cards[first], 1, 0, []
        for group, (need, allowed) in enumerate(zip(needs, self.allowed, strict=True)):
            low = 0 if allowed >> last & 1 else need
            high = need if allowed >> first & 1 else 0
            if group == self.holder:
                low = max(low, int(self.led == first))
                high = min(high, need - (self.led == last))
            if low == high:
                fixed *= math.comb(need, low)
                cards -= low
            elif low > high:
                return 0
            else:
                free += need
                box.append((low, high, need))
        total = choose(free, cards)
        for low, high, need in box:  # only the seat to move's box may be cut at an end
            total -= choose(free - need, cards) if low else 0
            total -= choose(free - need, cards - need) if high < need else 0
        scale = math.factorial(self.cards[first]) * math.factorial(self.cards[last])
        return scale * fixed * total // math.prod(map(math.factorial, needs))

    def choices(self, suit: int, needs: tuple[int, ...]) -> Choices:
        """Each split of the cards of ``suit`` among the groups that leave a deal of the later
        suits possible, with the deals it leads to."""
        key = (suit, needs)
        found = self._choices.get(key)
        if found is None:
            splits, weights = [], []
            cards = self.cards[suit]
            for split in compositions(cards, *self.bounds(suit, needs)):
                rest = tuple(need - got for need, got in zip(needs, split, strict=True))
                weight = multinomial(split) * self.ways(suit + 1, rest)
                if weight:
                    splits.append(split)
                    weights.append(weight)
            found = self._choices[key] = Choices(splits, weights)
        return found

    def bounds(self, suit: int, needs: tuple[int, ...]) -> tuple[list[int], list[int]]:
        """The fewest and the most cards of ``suit`` each group can take when it ``needs``
        that many more: none of a suit it lacks, enough that the later suits can fill it, and
        one at least for the seat that must hold the led suit."""
        lows, highs = [], []
        for group, (need, allowed, later) in enumerate(
            zip(needs, self.allowed, self.later[suit], strict=True)
        ):
            may = allowed >> suit & 1
            low = max(need - later, int(group == self.holder and suit == self.led))
            lows.append(low)
            highs.append(need if may else 0)
        return lows, highs

    def deal(self, rng: random.Random, unseen: Sequence[Card]) -> list[list[Card]]:
        """A deal of ``unseen`` (the view's unseen cards) drawn uniformly from the allowed
        ones: one hand for each other seat, in seat order."""
        by_suit: list[list[Card]] = [[] for _ in self.order]
        place = {index: suit for suit, index in enumerate(self.order)}
        for card in unseen:
            by_suit[place[card.suit_index]].append(card)
        to_groups: list[list[Card]] = [[] for _ in self.members]
        needs = self.needs
        for suit, cards in enumerate(by_suit):
            split = self.choices(suit, needs).draw(rng)
            needs = tuple(need - got for need, got in zip(needs, split, strict=True))
            if sum(1 for got in split if got) > 1:
                shuffle(rng, cards)
            start = 0
            for group, got in enumerate(split):
                to_groups[group] += cards[start : start + got]
                start += got
        hands: list[list[Card]] = [[] for _ in self.shape.sizes]
        for seats, cards in zip(self.members, to_groups, strict=True):
            if len(seats) > 1:
                shuffle(rng, cards)
            start = 0
            for seat in seats:
                size = self.shape.sizes[seat]
                hands[seat] = cards[start : start + size]
                start += size
        return hands

    @functools.cached_property
    def proposals_per_deal(self) -> float:
        """How many proposals :func:`deal_by_rejection` makes, on average, for each deal it
        keeps: the deals it may propose over the allowed ones (infinite when none is)."""
        shape = self.shape
        order = sorted(range(len(shape.sizes)), key=lambda i: shape.allowed[i].bit_count())
        left, proposals = sum(shape.suits), 1
        for index in order:
            allowed = sum(n for s, n in enumerate(shape.suits) if shape.allowed[index] >> s & 1)
            proposals *= math.comb(min(allowed, left), shape.sizes[index])
            left -= shape.sizes[index]
        return proposals / self.count if self.count else math.inf


class Choices:
    """The splits of one suit's cards that a deal may take at one point of
    :meth:`AllowedDeals.deal`, each with the number of deals it leads to."""

    __slots__ = ("splits", "running", "total")

    def __init__(self, splits: list[tuple[int, ...]], weights: list[int]) -> None:
        self.splits = splits
        self.running = list(itertools.accumulate(weights))
        self.total = self.running[-1] if weights else 0

    def draw(self, rng: random.Random) -> tuple[int, ...]:
        """A split, as likely as the deals it leads to (no draw when there is one split)."""
        if len(self.splits) == 1:
            return self.splits[0]
        return self.splits[bisect.bisect_right(self.running, rng.randrange(self.total))]


def compositions(total: int, lows: Sequence[int], highs: Sequence[int]) -> list[tuple[int, ...]]:
    """Every tuple of whole numbers between ``lows`` and ``highs`` (place by place) that adds
    up to ``total``, built place by place: each place takes only the numbers that leave a sum
    the later places can make."""
    begun: list[tuple[tuple[int, ...], int]] = [((), 0)] if sum(lows) <= total <= sum(highs) else []
    for place, (low, high) in enumerate(zip(lows, highs, strict=True)):
        later_low, later_high = sum(lows[place + 1 :]), sum(highs[place + 1 :])
        begun = [
            ((*head, n), used + n)
            for head, used in begun
            for n in range(
                max(low, total - used - later_high), min(high, total - used - later_low) + 1
            )
        ]
    return [head for head, _used in begun]
