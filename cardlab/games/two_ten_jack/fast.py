"""Two-Ten-Jack's fast paths: the solver's search, the playouts on search nodes (random, or any
chooser's: the greedy bot's) and the exact sampler of the other hand, built on the rules
(:mod:`cardlab.games.two_ten_jack.rules`) and checked against them over the registry
(tests/test_fast_paths.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache, partial
from typing import Protocol

from cardlab.engine.cards import Card
from cardlab.engine.core import sole_leader
from cardlab.engine.moves import Move, Outcome
from cardlab.engine.positions import Child, NodeSearch
from cardlab.engine.randomness import shuffle
from cardlab.games.two_ten_jack.rules import (
    DRAWING_TRICKS,
    FOLLOWING_KEPT,
    FOLLOWING_MOVES,
    LEAD_SUITS,
    LED_SUIT_CARDS,
    POINTS_BY_BIT,
    STRENGTH,
    TRICKS,
    TRUMP_CARDS,
    Play,
    SearchNode,
    TwoTenJackPosition,
    beats,
    cards_to_follow,
    draw_two,
    following_moves,
    follows_suit,
    lead_count,
    leading_moves,
    points_range,
    stock_set,
    trick_points,
)

# --------------------------------------------------------------------------- the search


class TwoTenJackSearch(NodeSearch):
    """The positions of a hand as :data:`SearchNode` tuples of ints, played with the same rules
    as :class:`TwoTenJackPosition` (:func:`leading_moves`, :func:`following_moves`,
    :func:`beats`, :func:`trick_points`, :func:`draw_two`), but with nothing kept for the
    narration: what :func:`cardlab.solve` searches."""

    __slots__ = ()

    def gain_bounds(self, node: SearchNode) -> tuple[int, int]:
        """The least and the most seat 0 can still gain from ``node`` (see
        :func:`points_range`): the cards in the hands, the stock and the trick are not won
        yet. The solver stops looking once a seat has the best it can still get."""
        _mover, led, _suit, stock, hand0, hand1 = node
        left = hand0 | hand1
        if stock:
            left |= stock_set(stock)
        if led >= 0:
            left |= 1 << led
        return points_range(left)

    def children(self, node: SearchNode) -> list[Child]:
        """Each legal move at ``node``, in the game's order, as the solver's ``Child``: the
        move, the node after it (None when the hand is then over), what seat 0 gains by it
        (the trick's points when seat 0 wins it), whether the same seat moves next and how
        many moves the seat to move then has."""
        if node[1] < 0:
            return lead_children(node)
        return follow_children(node)


def lead_children(node: SearchNode) -> list[Child]:
    """The children of a node where a trick is led (rule 3.3): the other seat follows, with
    as many replies as it has cards to follow the led suit (counted once a suit)."""
    other = node[4] if node[0] else node[5]
    replies = [-1, -1, -1, -1]
    found: list[Child] = []
    for move in leading_moves(node[5] if node[0] else node[4]):
        child = lead_node(node, move)
        suit = child[2]
        if replies[suit] < 0:
            replies[suit] = cards_to_follow(other, suit).bit_count()
        found.append((move, child, 0, False, replies[suit]))
    return found


def follow_children(node: SearchNode) -> list[Child]:
    """The children of a node where the trick is followed: it is settled (rule 3.5), the cards
    are drawn (3.6), and the winner leads; or the hand is over (:func:`settle_node`, with the
    draw, which is the same whichever card follows, worked out once)."""
    mover = node[0]
    drawn = draw_two(node[3]) if node[3] else None
    found: list[Child] = []
    for move in following_moves(node[5] if mover else node[4], node[2]):
        winner, worth, child = settle_node(node, move.card.order, drawn)
        gain = 0 if winner else worth
        if child is None:
            found.append((move, None, gain, False, 0))
        else:
            found.append((move, child, gain, winner == mover, lead_count(child[4 + winner])))
    return found


def lead_node(node: SearchNode, move: Move) -> SearchNode:
    """Rule 3.3 on a node: the seat to move leads with ``move`` (a led ace of spades'
    declaration is the led suit); the other seat follows."""
    mover, _led, _suit, stock, hand0, hand1 = node
    card = move.card.order
    if mover:
        return (0, card, LEAD_SUITS[move], stock, hand0, hand1 ^ (1 << card))
    return (1, card, LEAD_SUITS[move], stock, hand0 ^ (1 << card), hand1)


def settle_node(
    node: SearchNode, card: int, drawn: tuple[int, int, int] | None = None
) -> tuple[int, int, SearchNode | None]:
    """Rules 3.5 to 3.7 on a node: the seat to move follows with the card at bit ``card``. The
    seat that wins the trick, what the trick is worth, and the node after the draw, where the
    winner leads (None once the hand is over). ``drawn``, if given, is :func:`draw_two` of the
    node's stock, worked out already."""
    mover, led, suit, stock, hand0, hand1 = node
    winner = mover if beats(card, led, suit) else 1 - mover
    worth = trick_points(led, card)
    if mover:
        hand1 ^= 1 << card
    else:
        hand0 ^= 1 << card
    if stock:
        first, second, stock = drawn or draw_two(stock)
        if winner:
            hand0, hand1 = hand0 | second, hand1 | first
        else:
            hand0, hand1 = hand0 | first, hand1 | second
    elif not hand0 | hand1:  # the last trick: the hand is over
        return winner, worth, None
    return winner, worth, (winner, -1, -1, stock, hand0, hand1)


Chooser = Callable[[SearchNode, Sequence[Move]], Move]
"""How a playout on search nodes picks each move: from the node and its legal moves (in the
game's order), one of those moves."""


def random_playout(
    position: TwoTenJackPosition, rng: random.Random, trace: list[Move] | None = None
) -> Outcome:
    """Play ``position`` (not changed) to its end as
    :func:`~cardlab.engine.randomness.play_randomly` does (the same draws and moves: tests check
    it), :meth:`TwoTenJackPosition.play` (:func:`lead`, :func:`settle`, :func:`draw`) written out
    over local ints and the derived tables (``LEAD_SUITS``, ``STRENGTH``, ``POINTS_BY_BIT``), with
    no won piles or narration."""
    (hand_0, hand_1), stock, led = position.hands, position.stock, position.led
    led_suit, moves = position.led_suit, position.moves
    seat: int = position.to_move  # type: ignore[assignment]
    (points_0, points_1), tricks = position.points, position.tricks_played
    won_0, won_1 = len(position.won[0]) // 2, len(position.won[1]) // 2
    getrandbits, following = rng.getrandbits, FOLLOWING_MOVES
    if len(following) >= FOLLOWING_KEPT:  # following_moves' bound, checked once a playout
        following.clear()
    while tricks < TRICKS:
        hand = hand_1 if seat else hand_0
        if led < 0:
            legal = leading_moves(hand)
        else:  # following_moves: cards_to_follow, written out
            legal = following[hand & LED_SUIT_CARDS[led_suit] or hand & TRUMP_CARDS or hand]
        count = len(legal)
        bits = count.bit_length()
        index = getrandbits(bits)  # draw_index(rng, count), written out: a call costs 10% more
        while index >= count:
            index = getrandbits(bits)
        move = legal[index]
        if trace is not None:
            trace.append(move)
        moves += 1
        card = move.card.order
        if seat:
            hand_1 ^= 1 << card
        else:
            hand_0 ^= 1 << card
        if led < 0:  # lead (3.3): the other seat follows
            led, led_suit, seat = card, LEAD_SUITS[move], 1 - seat
            continue
        strengths = STRENGTH[led_suit]  # settle (3.5): beats and trick_points
        seat = seat if strengths[card] > strengths[led] else 1 - seat
        if seat:
            points_1 += POINTS_BY_BIT[led] + POINTS_BY_BIT[card]
            won_1 += 1
        else:
            points_0 += POINTS_BY_BIT[led] + POINTS_BY_BIT[card]
            won_0 += 1
        led = led_suit = -1
        tricks += 1
        if stock:  # draw_two (3.6): the winner takes the top card, the loser the next
            first, second = 1 << ((stock & 63) - 1), 1 << ((stock >> 6 & 63) - 1)
            stock >>= 12
            if seat:
                hand_0, hand_1 = hand_0 | second, hand_1 | first
            else:
                hand_0, hand_1 = hand_0 | first, hand_1 | second
    points = (points_0, points_1)
    stats = (("tricks_0", won_0), ("tricks_1", won_1))
    return Outcome(points, sole_leader(points), moves, stats)


def play_nodes_out(
    position: TwoTenJackPosition, choose: Chooser, trace: list[Move] | None = None
) -> Outcome:
    """Play ``position`` (whose hand goes on; it is not changed) to the end on search nodes
    (:func:`lead_node`, :func:`settle_node`), every move picked by ``choose`` among the legal
    moves, and say how the hand ended, as :meth:`~cardlab.engine.positions.Position.outcome` would:
    what fast playouts (random, or a bot's) are made of. ``trace``, if given, receives the moves."""
    node: SearchNode | None = position.node()
    points = list(position.points)
    tricks = [len(position.won[0]) // 2, len(position.won[1]) // 2]
    moves = position.moves
    while node is not None:
        mover, led, suit, _stock, hand0, hand1 = node
        hand = hand1 if mover else hand0
        legal = leading_moves(hand) if led < 0 else following_moves(hand, suit)
        move = choose(node, legal)
        if trace is not None:
            trace.append(move)
        moves += 1
        if led < 0:
            node = lead_node(node, move)
        else:
            winner, worth, node = settle_node(node, move.card.order)
            points[winner] += worth
            tricks[winner] += 1
    scores = (points[0], points[1])
    stats = (("tricks_0", tricks[0]), ("tricks_1", tricks[1]))
    return Outcome(scores, sole_leader(scores), moves, stats)


# --------------------------------------------------------------------------- exact worlds


def release(voids: Sequence[tuple[int, str]], card: Card, before: int) -> int:
    """The first moment ``card`` may have arrived in the hand of a seat shown ``voids`` if it
    held it at trick ``before``: -1 (the deal), or the last trick before ``before`` in which the
    seat was shown to lack a suit the card follows (the card was drawn after that trick)."""
    return max(
        (trick for trick, suit in voids if trick < before and follows_suit(card, suit)), default=-1
    )


@lru_cache(maxsize=512)
def hand_weights(
    history: tuple[tuple[int, int], ...],
    tricks_played: int,
    pool: tuple[tuple[int, int], ...],
    size: int,
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """How many deck orders give each make-up of a hidden hand, for :meth:`determinize`.

    A card's *release* is the first moment it may have arrived (-1: the deal; ``t``: drawn
    after trick ``t``). ``history`` lists, for each card the seat played, ``(trick, release)``;
    ``pool`` lists ``(release, count)``: how many unseen cards have each release (the cards
    the hand is drawn from); ``size`` is the hand's size. The answer lists, for each way to
    take ``size`` cards from the pool (a count per release, in ``pool``'s order), the number
    of deck orders that give one particular hand of that make-up (all such hands are alike).

    Every card of the seat arrived once, in the deal or in a draw after one of the first 20
    tricks, no earlier than its release and before it was played; the cards held now were
    never played. Going back in time from now, undoing each draw takes away one card that
    may have arrived then (as many ways as such cards), and undoing a play gives the card
    back; a card may not stay in the hand to before its release. A card's identity matters
    then only through its release, so the count follows the number of cards held per release:
    a few hundred such states at most."""
    releases = sorted({r for r, _ in pool} | {r for _, r in history} | {-1})
    steps = _steps_back(history, tricks_played, releases)
    counts: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(step: int, held: tuple[int, ...]) -> int:
        if step == len(steps):  # the deal: every card left must have been dealt
            return 1 if all(n == 0 for r, n in zip(releases, held, strict=True) if r > -1) else 0
        key = (step, held)
        found = counts.get(key)
        if found is None:
            found = counts[key] = _ways_before(steps[step], held, releases, partial(ways, step + 1))
        return found

    answer = []
    index = {r: i for i, r in enumerate(releases)}
    for make_up in _make_ups([count for _, count in pool], size):
        held = [0] * len(releases)
        for (r, _), n in zip(pool, make_up, strict=True):
            held[index[r]] += n
        answer.append((make_up, ways(0, tuple(held))))
    return tuple(answer)


def _steps_back(
    history: tuple[tuple[int, int], ...], tricks_played: int, releases: Sequence[int]
) -> list[tuple[str, int]]:
    """The steps of :func:`hand_weights` from now back to the deal: ``("play", i)`` gives back
    a card of the ``i``-th release, ``("draw", trick)`` undoes the draw after ``trick``."""
    index = {r: i for i, r in enumerate(releases)}
    played = {trick: index[r] for trick, r in history}
    steps: list[tuple[str, int]] = []
    if tricks_played in played:  # the seat led the current trick
        steps.append(("play", played[tricks_played]))
    for trick in range(tricks_played - 1, -1, -1):
        if trick < DRAWING_TRICKS:
            steps.append(("draw", trick))
        steps.append(("play", played[trick]))
    return steps


def _ways_before(
    step: tuple[str, int],
    held: tuple[int, ...],
    releases: Sequence[int],
    earlier: Callable[[tuple[int, ...]], int],
) -> int:
    """The deck orders that lead to ``held`` (cards held per release) through ``step`` of
    :func:`_steps_back`, given ``earlier``: the count for the holdings before it."""
    what, value = step
    if what == "play":  # the card played comes back
        changed = list(held)
        changed[value] += 1
        return earlier(tuple(changed))
    total = 0  # undo the draw after trick `value`: a card that may have come then leaves
    for i, r in enumerate(releases):
        if r > value or held[i] == 0:
            continue
        changed = list(held)
        changed[i] -= 1
        if any(n and releases[j] >= value for j, n in enumerate(changed)):
            continue  # a card would stay in the hand to before its release
        total += held[i] * earlier(tuple(changed))
    return total


def _make_ups(limits: Sequence[int], size: int) -> Iterable[tuple[int, ...]]:
    """Every way to take ``size`` items from groups of ``limits`` items: a count per group."""
    if not limits:
        if size == 0:
            yield ()
        return
    first, rest = limits[0], limits[1:]
    for n in range(min(first, size) + 1):
        for tail in _make_ups(rest, size - n):
            yield (n, *tail)


class SeenPlays(Protocol):
    """What the sampler reads of a view (:class:`~cardlab.games.two_ten_jack.game.TwoTenJackView`
    has it)."""

    @property
    def voids(self) -> tuple[tuple[tuple[int, str], ...], ...]:
        """For each seat, the suits it was shown to lack, as ``(trick, led suit)``."""

    @property
    def plays(self) -> tuple[Play, ...]:
        """Every card played so far."""

    @property
    def tricks_played(self) -> int:
        """How many tricks have been settled."""

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""


def weighted_deal(view: SeenPlays, seat: int, unseen: list[Card], rng: random.Random) -> list[Card]:
    """The unseen cards in the order :meth:`TwoTenJackView.determinize` deals them: ``seat``'s
    hand first, drawn exactly (by :func:`hand_weights`), then the stock, shuffled."""
    voids = view.voids[seat]
    history = tuple(
        (play.trick, release(voids, play.card, play.trick))
        for play in view.plays
        if play.seat == seat
    )
    groups: dict[int, list[Card]] = {}
    for card in unseen:
        groups.setdefault(release(voids, card, TRICKS + 1), []).append(card)
    order = sorted(groups)
    pool = tuple((r, len(groups[r])) for r in order)
    size = view.hand_sizes[seat]
    weights = [
        (
            make_up,
            ways
            * math.prod(math.comb(len(groups[r]), n) for r, n in zip(order, make_up, strict=True)),
        )
        for make_up, ways in hand_weights(history, view.tricks_played, pool, size)
    ]
    total = sum(weight for _, weight in weights)
    if total == 0:
        raise AssertionError("no hand agrees with this view: the engine has a bug")
    pick = rng.randrange(total)
    chosen = weights[-1][0]
    for make_up, weight in weights:
        if pick < weight:
            chosen = make_up
            break
        pick -= weight
    hand: list[Card] = []
    rest: list[Card] = []
    for r, n in zip(order, chosen, strict=True):
        cards = list(groups[r])
        shuffle(rng, cards)
        hand += cards[:n]
        rest += cards[n:]
    shuffle(rng, rest)
    return hand + rest
