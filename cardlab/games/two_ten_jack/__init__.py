"""Two-Ten-Jack: a trick-taking game for 2 players (docs/rules.md, Two-Ten-Jack).

Hearts are always trumps and the ace of spades is both a spade and the highest trump. The
players collect the 2, 10 and jack of hearts (+5 each) and avoid the 2, 10 and jack of clubs
(-5 each); the first to 31 points wins the match.

>>> import cardlab
>>> game = cardlab.game("two-ten-jack")
>>> state = game.deal(seed=1)
>>> len(state.hand(0)), len(state.hand(1)), len(state.stock)
(6, 6, 40)

The game is three modules, read in this order:

- :mod:`~cardlab.games.two_ten_jack.rules`: the rules in their order, the deck (3.1), leading
  (3.3), following (3.4), winning a trick (3.5), drawing (3.6) and scoring (3.7), each one
  function over card sets (:func:`leading_moves`, :func:`cards_to_follow`, :func:`beats`,
  :func:`draw_two`, :func:`trick_points`), played by a :class:`TwoTenJackPosition`, which keeps
  each hand as a card set and the stock as one int;
- :mod:`~cardlab.games.two_ten_jack.game`: the game (its options, the deal (3.2), the match
  (3.8)), its states (narration, refusals) and its views;
- :mod:`~cardlab.games.two_ten_jack.fast`: the solver's :class:`TwoTenJackSearch`, the playouts
  on search nodes and the exact sampler of the other hand, built on the rules and checked
  against them.

The engine, the refusal texts, the greedy bot, the search and the playouts all call the same
rule functions. Every name is also here, as it was when the game was one module. How the rules
are read where they leave a choice:

- **The deal.** The 52 cards are shuffled with the deal's random generator; the first 12 are
  dealt one at a time, alternately, starting with the non-dealer (cards 0, 2, 4 ... to the
  non-dealer, 1, 3, 5 ... to the dealer); the other 40, in the shuffled order, are the stock,
  ``stock[0]`` being its top card (drawn first). A deal from given cards takes the stock top
  first too.
- **Ranks.** 2 (low) .. 10, J, Q, K, A (high) inside every suit; ``Card.number`` (ace 1) is not
  used for ranking.
- **The ace of spades.** It belongs to two groups: the spades and the trumps. Led, it must be
  declared (``AS=S`` or ``AS=H``) and the declaration is the led suit. Following, it is played
  as ``AS`` with no declaration: it is a card of the led suit when spades or hearts were led, a
  trump otherwise (so, with clubs led, it may be played only by a player holding no club).
- **Following** a led spade with no spade (the ace of spades counts as one) obliges a trump,
  as for any other suit (rule 3.4 read literally).
- **The winner of a trick.** The ace of spades wins whenever it is played; otherwise the highest
  heart; otherwise the higher card of the led suit. A card of another suit never wins.
- **Scores while playing.** ``state.scores`` counts the cards won so far; it is the hand's
  score once all 26 tricks are played. The hand's ``winner`` is the seat with more points, None
  on a tie (which cannot happen: the two scores add up to 5, an odd number).
- **The match.** The totals are checked at the end of each hand: once a seat has ``target``
  points or more, the seat with the highest total wins; an exact tie for the highest total plays
  another hand. The deal alternates (the default ``next_dealer``).
- **Views and voids.** A view knows its own hand, the trick, both won piles, the size of the
  stock and every card played. A follower who does not follow shows it holds no card of the
  led suit (and, if it does not trump either, no trump); it may hold one again only if it drew
  it since. ``view.voids`` lists what each seat was shown to lack, ``view.could_hold`` says
  whether a seat could hold a given hand, and ``determinize`` deals only such hands, each as
  likely as a shuffled deck makes it.
- **Equality.** Two states of the same game are equal when the dealer, the hands, the stock,
  the trick (with its declaration), the won piles (in the order won), the last trick, the
  leader and the seat to move agree.
"""

from __future__ import annotations

from cardlab.games.two_ten_jack.fast import (
    Chooser,
    SeenPlays,
    TwoTenJackSearch,
    follow_children,
    hand_weights,
    lead_children,
    lead_node,
    play_nodes_out,
    random_playout,
    release,
    settle_node,
    weighted_deal,
)
from cardlab.games.two_ten_jack.game import (
    TwoTenJack,
    TwoTenJackState,
    TwoTenJackView,
    describe,
    led_note,
    led_words,
)
from cardlab.games.two_ten_jack.rules import (
    ACE_OF_SPADES,
    ACE_OF_SPADES_BIT,
    AS_SPADE,
    AS_TRUMP,
    DECK,
    DECK_SET,
    DECLARATIONS,
    DRAWING_TRICKS,
    FOLLOWING_KEPT,
    FOLLOWING_MOVES,
    HAND_SIZE,
    HEARTS,
    LEAD_SUITS,
    LED_SUIT_CARDS,
    POINTS,
    POINTS_BY_BIT,
    SCORING_CARDS,
    SCORING_SETS,
    STOCK_SIZE,
    STRENGTH,
    TRICK_RANKS,
    TRICKS,
    TRUMP,
    TRUMP_CARDS,
    Drew,
    Ended,
    Fact,
    Led,
    Play,
    SearchNode,
    TwoTenJackPosition,
    Won,
    beats,
    breakdown_text,
    can_follow,
    card_points,
    cards_of_led_suit,
    cards_to_follow,
    draw,
    draw_two,
    following_cards,
    following_moves,
    follows_suit,
    is_trump,
    lead,
    lead_count,
    leading_moves,
    led_suit_of,
    points_range,
    score_breakdown,
    settle,
    shown_void,
    sort_hand,
    stock_cards,
    stock_code,
    stock_set,
    stock_size,
    strength,
    strength_table,
    suit_letter,
    suit_moves,
    trick_points,
    trick_rank,
    trumps_in,
    winning_card,
)
from cardlab.moved import old_names_of

__all__ = [
    "ACE_OF_SPADES",
    "ACE_OF_SPADES_BIT",
    "AS_SPADE",
    "AS_TRUMP",
    "DECK",
    "DECK_SET",
    "DECLARATIONS",
    "DRAWING_TRICKS",
    "FOLLOWING_KEPT",
    "FOLLOWING_MOVES",
    "HAND_SIZE",
    "HEARTS",
    "LEAD_SUITS",
    "LED_SUIT_CARDS",
    "POINTS",
    "POINTS_BY_BIT",
    "SCORING_CARDS",
    "SCORING_SETS",
    "STOCK_SIZE",
    "STRENGTH",
    "TRICKS",
    "TRICK_RANKS",
    "TRUMP",
    "TRUMP_CARDS",
    "Chooser",
    "Drew",
    "Ended",
    "Fact",
    "Led",
    "Play",
    "SearchNode",
    "SeenPlays",
    "TwoTenJack",
    "TwoTenJackPosition",
    "TwoTenJackSearch",
    "TwoTenJackState",
    "TwoTenJackView",
    "Won",
    "beats",
    "breakdown_text",
    "can_follow",
    "card_points",
    "cards_of_led_suit",
    "cards_to_follow",
    "describe",
    "draw",
    "draw_two",
    "follow_children",
    "following_cards",
    "following_moves",
    "follows_suit",
    "hand_weights",
    "is_trump",
    "lead",
    "lead_children",
    "lead_count",
    "lead_node",
    "leading_moves",
    "led_note",
    "led_suit_of",
    "led_words",
    "play_nodes_out",
    "points_range",
    "random_playout",
    "release",
    "score_breakdown",
    "settle",
    "settle_node",
    "shown_void",
    "sort_hand",
    "stock_cards",
    "stock_code",
    "stock_set",
    "stock_size",
    "strength",
    "strength_table",
    "suit_letter",
    "suit_moves",
    "trick_points",
    "trick_rank",
    "trumps_in",
    "weighted_deal",
    "winning_card",
]

__getattr__ = old_names_of(__name__)
