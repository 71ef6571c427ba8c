"""Mod Ten (Mark Steere, 2022): a shedding game for 2 to 6 players (docs/rules.md, Mod Ten).

Players follow the suit that leads; a card that brings the table to a multiple of 10 collects it,
and the first player to shed their last card wins.

>>> import cardlab
>>> game = cardlab.game("mod-ten", players=2, deck="single")
>>> state = game.deal(seed=1)
>>> len(state.hand(0)), len(state.hand(1))
(16, 16)

The game is three modules, read in this order:

- :mod:`~cardlab.games.mod_ten.rules`: the rules in their order, the deck (1.1), card values
  (1.2), the lead (1.4), following (1.5), collecting at a multiple of 10 (1.6) and going out
  (1.7), played by a :class:`ModTenPosition`, which keeps each hand as card sets, so "does this
  seat hold the led suit?" is a glance, not a search;
- :mod:`~cardlab.games.mod_ten.game`: the game (its options, the deal (1.3), the next hand
  (1.8)), its states (narration, refusals, layouts) and its views;
- :mod:`~cardlab.games.mod_ten.fast`: the solver's searches, the random playouts and the sampler
  of hidden hands, built on the rules and checked against them.

Every name is also here, as it was when the game was one module.
"""

from __future__ import annotations

from cardlab.games.mod_ten.fast import (
    ModTenSearch,
    SeenHands,
    TwoSeatSearch,
    deal_unseen,
    random_playout,
)
from cardlab.games.mod_ten.game import ModTen, ModTenState, ModTenView, describe
from cardlab.games.mod_ten.rules import (
    CARD_FACTS,
    DECK_CHOICES,
    SINGLE_RANKS,
    Collected,
    Fact,
    ModTenPosition,
    Played,
    SearchNode,
    Skipped,
    WentOut,
    collect,
    collects,
    deck_for,
    goes_out,
    hand_sets,
    moves_of,
    next_to_follow,
    next_turn,
    playable,
    resolve_deck,
    seats_between,
    skip,
    take_card,
    value,
    with_hand,
)
from cardlab.moved import old_names_of

__all__ = [
    "CARD_FACTS",
    "DECK_CHOICES",
    "SINGLE_RANKS",
    "Collected",
    "Fact",
    "ModTen",
    "ModTenPosition",
    "ModTenSearch",
    "ModTenState",
    "ModTenView",
    "Played",
    "SearchNode",
    "SeenHands",
    "Skipped",
    "TwoSeatSearch",
    "WentOut",
    "collect",
    "collects",
    "deal_unseen",
    "deck_for",
    "describe",
    "goes_out",
    "hand_sets",
    "moves_of",
    "next_to_follow",
    "next_turn",
    "playable",
    "random_playout",
    "resolve_deck",
    "seats_between",
    "skip",
    "take_card",
    "value",
    "with_hand",
]

__getattr__ = old_names_of(__name__)
