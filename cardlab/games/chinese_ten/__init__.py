"""Chinese Ten: a fishing (capture) game for 2 to 4 players, with Black Frog scoring
(docs/rules.md, Chinese Ten).

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

The game is three modules, read in this order:

- :mod:`~cardlab.games.chinese_ten.rules`: the rules in their order, the deck (2.1), capture
  values (2.2), a turn (2.3), the layout rules (2.4), the end of the hand (2.5) and scoring
  (2.6), played by a :class:`ChineseTenPosition`;
- :mod:`~cardlab.games.chinese_ten.game`: the game (its options, the deal (2.1), the match
  (2.7)), its states (narration, refusals, the orders people see) and its views;
- :mod:`~cardlab.games.chinese_ten.fast`: the random playout, built on the rules and checked
  against them.

Every name is also here, as it was when the game was one module. How the rules are read where
they leave a choice:

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
  Positions hold them as card sets, so the same cards reached in another order are the same
  position; a state works the orders out from its moves when they are read (:class:`Orders`).
  Where a card has several targets, the moves list them in display order (suit, then rank),
  and so does ``state.targets(card)``.
- **Winner of a hand**: the seat with the highest hand score, or None on a tie for the highest.
- **Match** (2.7): a finished hand adds each seat's hand score to its total (the dealer moves one
  seat clockwise); when some total is at or above ``target``, the highest total wins, and an exact
  tie for the highest plays another hand.
- **Scoring** (2.6): with ``"pagat"`` the ace of spades scores 0 with 2 players; the ace of clubs
  scores 0 in every scheme except ``"pagat"`` with 4 players (40). ``par`` is total / players, a
  float (218 / 3 is not whole).
"""

from __future__ import annotations

from cardlab.games.chinese_ten.fast import (
    random_playout,
)
from cardlab.games.chinese_ten.game import (
    ChineseTen,
    ChineseTenState,
    ChineseTenView,
    describe,
)
from cardlab.games.chinese_ten.rules import (
    ALL_CARDS,
    CAPTURED_BY,
    CARD_FACTS,
    DECK,
    LAYOUT_SIZE,
    NOTHING_SHOWN,
    ONE_CARD,
    OTHER_RANKS,
    OWN_RANK,
    SCORING_CHOICES,
    STOCK_SIZE,
    TARGET_MOVES,
    TRIPLE_RANK_INDICES,
    TRIPLE_RANKS,
    WANTED,
    Arrived,
    ChineseTenPosition,
    Chose,
    Ended,
    Fact,
    Options,
    Orders,
    Scheme,
    arrive,
    breakdown,
    breakdown_text,
    capture_rank,
    capture_targets,
    card_points,
    cards_of,
    choice_moves,
    choose,
    choosers_on,
    choosing_moves,
    end_hand,
    has_choice,
    lay_out,
    layout_rules,
    orders_after,
    par,
    pile_points,
    plain_moves,
    points_table,
    scheme,
    scheme_total,
    target_move,
    targets_on,
    triple_rank,
)
from cardlab.moved import old_names_of

__all__ = [
    "ALL_CARDS",
    "CAPTURED_BY",
    "CARD_FACTS",
    "DECK",
    "LAYOUT_SIZE",
    "NOTHING_SHOWN",
    "ONE_CARD",
    "OTHER_RANKS",
    "OWN_RANK",
    "SCORING_CHOICES",
    "STOCK_SIZE",
    "TARGET_MOVES",
    "TRIPLE_RANKS",
    "TRIPLE_RANK_INDICES",
    "WANTED",
    "Arrived",
    "ChineseTen",
    "ChineseTenPosition",
    "ChineseTenState",
    "ChineseTenView",
    "Chose",
    "Ended",
    "Fact",
    "Options",
    "Orders",
    "Scheme",
    "arrive",
    "breakdown",
    "breakdown_text",
    "capture_rank",
    "capture_targets",
    "card_points",
    "cards_of",
    "choice_moves",
    "choose",
    "choosers_on",
    "choosing_moves",
    "describe",
    "end_hand",
    "has_choice",
    "lay_out",
    "layout_rules",
    "orders_after",
    "par",
    "pile_points",
    "plain_moves",
    "points_table",
    "random_playout",
    "scheme",
    "scheme_total",
    "target_move",
    "targets_on",
    "triple_rank",
]

__getattr__ = old_names_of(__name__)
