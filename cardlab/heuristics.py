"""The greedy heuristics: one simple rule of thumb per game, looking one move ahead from a view.

The greedy agent (:class:`cardlab.agents.GreedyAgent`) and the Monte Carlo agent's greedy
playouts play them. Each is a function of what a seat may see (a view) and a random generator
(which no heuristic here uses: they are deterministic), registered by game name in
:data:`GREEDY`, so that the games know nothing of agents.

>>> import cardlab, random
>>> state = cardlab.game("mod-ten").deal(seed=3)
>>> greedy_move(state.view(state.current_player), random.Random(0))
Move('9C')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from cardlab.cards import Card
from cardlab.core import Move, View
from cardlab.games import chinese_ten, two_ten_jack
from cardlab.games.mod_ten import ModTenView

Heuristic = Callable[[View, random.Random], Move]
"""A heuristic: from a view (and a generator, for heuristics that draw), one legal move."""


def mod_ten_greedy(view: View, rng: random.Random) -> Move:
    """Mod Ten: capture if a card can (the highest such card), since capturing lets you lead
    again and shed one more card; otherwise play the card after which the fewest unseen cards
    could capture (the next multiple of 10 is hardest to reach), the highest card on a tie."""
    assert isinstance(view, ModTenView)
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


def chinese_ten_greedy(view: View, rng: random.Random) -> Move:
    """Chinese Ten, one card ahead: take the most points now. A capturing move is worth the
    points of the cards it wins; a card that stays on the table is worth minus its own points
    (they are left for the others to take). The best move wins, the first in legal order on a
    tie."""
    assert isinstance(view, chinese_ten.ChineseTenView)
    points = view.game.points

    def worth(move: Move) -> int:
        taken = move.targets or chinese_ten.targets_on(move.card, view.table)
        if not taken:
            return -points[move.card]
        return points[move.card] + sum(points[card] for card in taken)

    return max(view.legal_moves(), key=worth)


def two_ten_jack_greedy(view: View, rng: random.Random) -> Move:
    """Two-Ten-Jack, one trick ahead.

    Following, it weighs each legal card by what the trick does to the difference of the two
    scores: the trick's points for it if the card wins, against it if the card loses. It plays
    the card that does best, and among equals the weakest card (win as cheaply as possible,
    lose with the lowest card). So it takes a trick holding points for it, throws a -5 club on
    a trick it loses, never throws a +5 heart away and does not win a trick holding a -5 club
    when it can lose it.

    Leading, it plays its lowest card that is worth nothing and is not a trump; with none, the
    card worth the fewest points (then the lowest). It keeps the ace of spades to follow with,
    since it wins any trick; led as the last card, the ace is declared a trump, so that the
    other player must give up a heart if it holds one.
    """
    assert isinstance(view, two_ten_jack.TwoTenJackView)
    legal = view.legal_moves()
    if view.trick:
        assert view.led_suit is not None
        return _follow(legal, view.trick[0][1], view.led_suit)
    return _lead(legal)


def _follow(legal: Sequence[Move], led_card: Card, led: str) -> Move:
    """The greedy reply to ``led_card`` (see :func:`two_ten_jack_greedy`)."""
    strength = two_ten_jack.strength_table(led)
    points = two_ten_jack.POINTS
    to_beat = strength[led_card]

    def value(move: Move) -> tuple[int, int]:
        card = move.card
        worth = points.get(led_card, 0) + points.get(card, 0)
        gain = worth if strength[card] > to_beat else -worth
        # What playing the card spends: its strength in this trick, or its rank when it
        # cannot win (a low discard costs less than a high one).
        cost = strength[card] or two_ten_jack.trick_rank(card)
        return (gain, -cost)

    return max(legal, key=value)


def _lead(legal: Sequence[Move]) -> Move:
    """The greedy lead (see :func:`two_ten_jack_greedy`)."""
    points = two_ten_jack.POINTS
    rank = two_ten_jack.trick_rank
    plain = [
        move for move in legal if move.card not in points and not two_ten_jack.is_trump(move.card)
    ]
    if plain:
        return min(plain, key=lambda move: rank(move.card))
    if two_ten_jack.AS_TRUMP in legal and len(legal) == 2:
        return two_ten_jack.AS_TRUMP
    spare = [move for move in legal if move.declare is None]
    return min(spare, key=lambda move: (abs(points.get(move.card, 0)), rank(move.card)))


GREEDY: dict[str, Heuristic] = {
    "mod-ten": mod_ten_greedy,
    "chinese-ten": chinese_ten_greedy,
    "two-ten-jack": two_ten_jack_greedy,
}
"""The greedy heuristic of each game, by the game's registered name."""


def greedy_move(view: View, rng: random.Random) -> Move:
    """The move of the greedy heuristic of ``view``'s game (see :data:`GREEDY`)."""
    heuristic = GREEDY.get(view.game.name)
    if heuristic is None:
        raise NotImplementedError(f"{view.game.title} has no greedy heuristic")
    return heuristic(view, rng)
