"""How the games write moves as text, and read them back.

A move is written as its card, then the cards it takes after ``>`` (several joined by ``+``),
then what is declared after ``=``:

- ``"8H"``: play the eight of hearts;
- ``"3H>7C"``: play 3H and take 7C with it (Chinese Ten);
- ``"AS=S"``: play the ace of spades, declared a spade (Two-Ten-Jack).

Every game reads the whole notation, so that a move written for another game reaches the rules
and is refused with the reason ("a Mod Ten move is a card alone, like 3H"); each game decides
which parts it accepts and what a declaration may say (see ``Game.parse_move``).

>>> read("3h>7c")
Move('3H>7C')
>>> make(Card.parse("KD"), [Card.parse("KC"), Card.parse("KH")]).text
'KD>KC+KH'
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.engine.cards import Card, CardError
from cardlab.engine.errors import MoveSyntaxError
from cardlab.engine.moves import PLAIN_MOVES, Move, move_or_text
from cardlab.engine.words import shortened

TAKES = ">"
"""Between a card and the cards it takes."""
AND = "+"
"""Between two cards taken by one card."""
DECLARES = "="
"""Between a card and what is declared with it."""


def write(card: Card, targets: Sequence[Card] = (), declare: str | None = None) -> str:
    """The text of a move: ``"8H"``, ``"3H>7C"``, ``"KD>KC+KH"`` or ``"AS=S"``."""
    text = card.text
    if targets:
        text += TAKES + AND.join(target.text for target in targets)
    if declare is not None:
        text += DECLARES + declare
    return text


def make(card: Card, targets: Sequence[Card] = (), declare: str | None = None) -> Move:
    """The move of ``card`` taking ``targets`` with ``declare``, written in this notation."""
    if not targets and declare is None:
        return PLAIN_MOVES[card]
    return Move(card, tuple(targets), declare, text=write(card, targets, declare))


def read(text: str | Move | Card) -> Move:
    """The move written as ``text``; the declaration is kept as written, in capitals (a game
    that has declarations maps its own words, see ``two_ten_jack.TwoTenJack.parse_move``).

    Raises :class:`~cardlab.engine.errors.MoveSyntaxError` for text that is not a move.
    """
    found = move_or_text(text)
    if isinstance(found, Move):
        return found
    rest = found.strip()
    declare = None
    if DECLARES in rest:
        rest, word = rest.split(DECLARES, 1)
        declare = word.strip().upper()
        if not declare or not declare.isalpha():
            raise MoveSyntaxError(f"{shortened(text)}: nothing is declared after '='")
    targets: list[Card] = []
    try:
        if TAKES in rest:
            rest, taken = rest.split(TAKES, 1)
            targets = [Card.parse(part) for part in taken.split(AND)]
        card = Card.parse(rest)
    except CardError as error:
        raise MoveSyntaxError(f"{shortened(text)} is not a move: {error}") from None
    return make(card, targets, declare)
