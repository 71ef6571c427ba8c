"""Checks for deals from given cards, shared by the games (``game.deal(dealer=..., hands=...)``).

Each check raises :class:`~cardlab.engine.errors.DealError` with a message that says what is wrong
and where, so a teacher setting up a position can fix it at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardlab.engine.cards import Card, cards_text, full_deck, parse_cards
from cardlab.engine.errors import DealError
from cardlab.engine.words import shortened


def check_keys(cards: Mapping[str, Any], title: str, required: Sequence[str]) -> None:
    """Refuse a deal that misses one of the ``required`` piles or names an unknown one."""
    unknown = sorted(set(cards) - set(required))
    missing = [name for name in required if name not in cards]
    if unknown or missing:
        takes = ", ".join(f"{name}=..." for name in required)
        raise DealError(
            f"a {title} deal takes {takes} (unknown: {', '.join(unknown) or 'nothing'}; "
            f"missing: {', '.join(missing) or 'nothing'})"
        )


def parse_pile(given: object, where: str, size: int) -> list[Card]:
    """``given`` (text such as "9S TH" or a list of cards) as cards, exactly ``size`` of them."""
    if not isinstance(given, str | Sequence):
        raise DealError(f"{where} must be cards as text or a list, not {shortened(given)}")
    try:
        cards = parse_cards(given)
    except (ValueError, TypeError) as error:
        raise DealError(f"{where} holds something that is not a card: {error}") from None
    if len(cards) != size:
        raise DealError(f"{where} holds {len(cards)} cards; it must hold {size}")
    return cards


def parse_hands(given: object, players: int, size: int) -> list[list[Card]]:
    """One hand of ``size`` cards per seat, each as text or a list of cards."""
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise DealError("hands must be a list with one hand (text or list of cards) per seat")
    if len(given) != players:
        raise DealError(f"{len(given)} hands given for {players} players")
    return [parse_pile(hand, f"seat {seat}'s hand", size) for seat, hand in enumerate(given)]


def check_each_card_once(places: Iterable[tuple[str, Sequence[Card]]]) -> None:
    """Refuse a card dealt twice among the named piles of a 52-card deal (with the counts right,
    another card is then missing: the message names it)."""
    places = list(places)
    where: dict[Card, str] = {}
    for place, cards in places:
        for card in cards:
            if card in where:
                given = {card for _, pile in places for card in pile}
                missing = cards_text(card for card in full_deck() if card not in given)
                raise DealError(
                    f"{card} is dealt twice: in {where[card]} and in {place}"
                    + (f", and {missing} not at all" if missing else "")
                )
            where[card] = place
