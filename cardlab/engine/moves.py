"""Moves and what is told of them: a :class:`Move` (a card, with its targets or its
declaration, and its text), the :class:`IllegalMoveError` a refused one raises, the
:class:`Event` that narrates it, and the rows, tricks and outcome a game reports."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from cardlab.engine.cards import Card, CardError, full_deck
from cardlab.engine.errors import (
    MoveSyntaxError,
)
from cardlab.engine.words import shortened

# --------------------------------------------------------------------------- moves


class IllegalMoveError(ValueError):
    """A move that the rules do not allow here. The message says why and lists the legal moves.

    Attributes: ``move`` (what was tried), ``reason`` (why it is illegal, in words) and
    ``legal`` (the legal moves at that point).
    """

    def __init__(self, reason: str, move: object = None, legal: Sequence[Move] = ()) -> None:
        self.move = move
        self.reason = reason
        self.legal = tuple(legal)
        if self.legal:
            message = f"{reason}. Legal moves: {' '.join(str(m) for m in self.legal)}"
        else:
            message = reason
        super().__init__(message)


class GameOverError(IllegalMoveError):
    """A move after the hand (or match) is over."""


class Move:
    """A decision: the card played, and the choices the rules ask for with it.

    - ``card``: the card played (or turned up).
    - ``targets``: the cards it takes, where the player chooses them (empty otherwise).
    - ``declare``: what the player declares with it, where the rules ask (None otherwise).
    - ``text``: the move as the game writes it; ``str(move)`` gives it.

    Each game writes and reads its own moves (``game.parse_move("3H>7C")``); a card alone is
    written as the card (``Move.parse("8H")``). Moves are interned like cards: the same card and
    choices always give the same object, so comparing moves is as fast as comparing objects.

    >>> Move.parse("8h")
    Move('8H')
    >>> Move.parse("8H") is Move(Card.parse("8H"))
    True
    """

    __slots__ = ("card", "targets", "declare", "text")

    card: Card
    """The card played or turned up."""
    targets: tuple[Card, ...]
    """The cards that ``card`` takes, when the player chooses them."""
    declare: str | None
    """What is declared with the card, when the rules ask for it."""
    text: str
    """The move as text, as its game writes and reads it."""

    _interned: ClassVar[dict[tuple[Card, tuple[Card, ...], str | None], Move]] = {}

    def __new__(
        cls,
        card: Card,
        targets: Card | Sequence[Card] = (),
        declare: str | None = None,
        *,
        text: str | None = None,
    ) -> Move:
        if isinstance(targets, Card):
            targets = (targets,)
        if not isinstance(card, Card) or not isinstance(targets, tuple | list):
            raise MoveSyntaxError(
                f"a move is a card and a tuple of target cards, not {shortened(card)} / "
                f"{shortened(targets)}"
            )
        key = (card, tuple(targets), declare)
        try:
            move = cls._interned.get(key)
        except TypeError:  # an unhashable target or declaration: refused in words below
            move = None
        if move is not None:
            return move
        if not isinstance(card, Card) or not all(isinstance(t, Card) for t in key[1]):
            raise MoveSyntaxError(
                f"a move is made of cards, not {shortened(card)} / {shortened(targets)}"
            )
        if declare is not None and not isinstance(declare, str):
            raise MoveSyntaxError(f"a declaration is text, not {shortened(declare)}")
        if text is None:
            if key[1] or declare is not None:
                raise MoveSyntaxError(
                    "a move with choices is written by its game: use game.parse_move(text)"
                )
            text = card.text
        move = super().__new__(cls)
        for name, value in zip(cls.__slots__, (*key, text), strict=True):
            object.__setattr__(move, name, value)
        # setdefault is atomic: two threads making the same move get the same object.
        return cls._interned.setdefault(key, move)

    @property
    def target(self) -> Card | None:
        """The one card that ``card`` takes, when the player chooses it (None otherwise)."""
        return self.targets[0] if len(self.targets) == 1 else None

    @classmethod
    def parse(cls, text: str | Move | Card) -> Move:
        """The move that plays a card alone, written as the card (``"8H"``, ``"10♥"``).

        A move with choices (a target, a declaration) is read by its game:
        ``game.parse_move("3H>7C")``. Raises :class:`MoveSyntaxError` otherwise.
        """
        found = move_or_text(text)
        if isinstance(found, Move):
            return found
        try:
            return PLAIN_MOVES[Card.parse(found)]
        except CardError as error:
            if ">" in found or "=" in found:
                raise MoveSyntaxError(
                    f"{shortened(text)} is not a card alone: a move with choices is read by its "
                    "game, as game.parse_move(text) or state.play(text)"
                ) from None
            raise MoveSyntaxError(f"{shortened(text)} is not a move: {error}") from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[Callable[..., Move], tuple[Any, ...]]:
        return (_unpickle_move, (self.card, self.targets, self.declare, self.text))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"


def _unpickle_move(card: Card, targets: tuple[Card, ...], declare: str | None, text: str) -> Move:
    return Move(card, targets, declare, text=text)


PLAIN_MOVES: dict[Card, Move] = {card: Move(card) for card in full_deck()}
"""The move that plays each card with no choice attached (a fast look-up for engines)."""


def move_or_text(given: object) -> Move | str:
    """What every reader of moves does first: a move as it is, a card as the move that plays it
    alone, text as it is (to be read); a :class:`MoveSyntaxError` for anything else."""
    if isinstance(given, Move):
        return given
    if isinstance(given, Card):
        return PLAIN_MOVES[given]
    if not isinstance(given, str):
        raise MoveSyntaxError(f"expected a move such as '8H', got {shortened(given)}")
    return given


def plain_move(card: Card) -> Move:
    """The move that plays ``card`` with no choice attached."""
    return PLAIN_MOVES[card]


# --------------------------------------------------------------------------- events


class Event(NamedTuple):
    """Something that happened, with a plain-words ``text`` ("Seat 2 plays 8H ...").

    ``private`` events (a card drawn from the stock, say) are seen in full only by ``seat``;
    the other seats see ``public_text`` instead. Events are immutable (a named tuple).
    """

    kind: str
    """A short tag: "deal", "play", "skip", "capture", "win", "turn-up", "trick", "draw" ..."""
    seat: int | None
    """The seat the event is about, or None for the table."""
    text: str
    """What happened, in words."""
    cards: tuple[Card, ...] = ()
    """The cards involved."""
    private: bool = False
    """True when only ``seat`` may see the cards."""
    public_text: str = ""
    """What the other seats are told of a private event."""
    detail: str = ""
    """A short fact for programs, e.g. the suit a seat was skipped on ("H")."""

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it (None: as an onlooker sees it)."""
        if not self.private or seat == self.seat:
            return self
        return Event(self.kind, self.seat, self.public_text or self.text, detail=self.detail)

    def __str__(self) -> str:
        return self.text


# --------------------------------------------------------------------------- layout rows


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a picture of a state, for rendering: a label, cards, face-down cards, a note."""

    label: str
    cards: tuple[Card, ...] = ()
    face_down: int = 0
    note: str = ""
    seat: int | None = None
    highlight: bool = False


class Trick(NamedTuple):
    """A trick, as a fact for programs (a log): who led it, its cards in the order played, who
    won it."""

    leader: int
    """The seat that led the trick."""
    cards: tuple[Card, ...]
    """The cards of the trick, in the order they were played."""
    winner: int
    """The seat that won the trick."""


class Outcome(NamedTuple):
    """How a hand ended, in numbers (what simulations tabulate)."""

    scores: tuple[int, ...]
    """Each seat's hand score (1 for the winner and 0 for the others in Mod Ten)."""
    winner: int | None
    """The winning seat, or None on a tie."""
    moves: int
    """How many moves (decisions) the hand took."""
    stats: tuple[tuple[str, int], ...] = ()
    """Game-specific counts, as (name, value) pairs: captures, tricks won ..."""
