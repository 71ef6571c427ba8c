"""What every game shares: games, states, moves, events, views, errors and records.

A :class:`Game` holds the rules and options of one game and is immutable. ``game.deal(seed=7)``
gives the first :class:`State` of a hand. A state is a value: ``state.play(move)`` returns the
next state and leaves ``state`` as it was, so a notebook can keep ``s0, s1, s2`` side by side.

Each game module in :mod:`cardlab.games` subclasses :class:`Game`, :class:`State` and
:class:`View`; nothing in this module knows the rules of any game.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from cardlab.cards import Card, CardError, Hand, full_deck

if TYPE_CHECKING:
    from cardlab.match import Match

RECORD_FORMAT = 1
"""The version of the record format written by :meth:`State.record`."""


# --------------------------------------------------------------------------- errors


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


class MoveSyntaxError(ValueError):
    """Text that is not a move, e.g. ``"8X"`` or ``"AS=Z"``."""


class OptionError(ValueError):
    """An unknown game, an unknown option or an option value out of range."""


class DealError(ValueError):
    """Cards given for a deal that the rules do not allow (wrong counts, unknown or repeated)."""


class RecordError(ValueError):
    """A record that cannot be replayed. ``index`` is the offending move's index, if any."""

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message if index is None else f"move {index}: {message}")


# --------------------------------------------------------------------------- moves


DECLARATIONS = {"S": "S", "SPADE": "S", "SPADES": "S", "H": "H", "TRUMP": "H", "HEART": "H"}
"""Accepted spellings of a declaration (``AS=S`` or ``AS=trump``) and what each means."""


class Move:
    """A decision: the card played, and, where the rules ask for one, a choice.

    Text forms (``str(move)`` gives the first form and :meth:`parse` reads it back):

    - ``"8H"``: play the eight of hearts.
    - ``"3H>7C"``: play (or turn up) 3H and capture 7C with it (Chinese Ten).
    - ``"AS=S"`` / ``"AS=H"``: lead the ace of spades as a spade or as a trump (Two-Ten-Jack).

    Moves are interned like cards: ``Move(card)`` always gives the same object for the same
    card and choice, so comparing moves is as fast as comparing objects.

    >>> Move.parse("3h>7c")
    Move('3H>7C')
    >>> str(Move.parse("AS=trump"))
    'AS=H'
    >>> Move.parse("8H") is Move(Card.parse("8H"))
    True
    """

    __slots__ = ("card", "target", "declare", "_text")

    card: Card
    """The card played or turned up."""
    target: Card | None
    """The table card that ``card`` captures, when the player chooses it."""
    declare: str | None
    """``"S"`` or ``"H"``: how a led ace of spades counts (Two-Ten-Jack)."""

    _interned: dict[tuple[Card, Card | None, str | None], Move] = {}

    def __new__(cls, card: Card, target: Card | None = None, declare: str | None = None) -> Move:
        key = (card, target, declare)
        move = cls._interned.get(key)
        if move is not None:
            return move
        if not isinstance(card, Card) or not (target is None or isinstance(target, Card)):
            raise MoveSyntaxError(f"a move is made of cards, not {card!r} / {target!r}")
        if declare is not None and declare not in ("S", "H"):
            raise MoveSyntaxError(f"a declaration is 'S' or 'H', not {declare!r}")
        move = super().__new__(cls)
        text = card.text
        if target is not None:
            text += ">" + target.text
        if declare is not None:
            text += "=" + declare
        for name, value in (("card", card), ("target", target), ("declare", declare)):
            object.__setattr__(move, name, value)
        object.__setattr__(move, "_text", text)
        cls._interned[key] = move
        return move

    @classmethod
    def parse(cls, text: str | Move | Card) -> Move:
        """The move written as ``text``; raises :class:`MoveSyntaxError` if it is not one."""
        if isinstance(text, Move):
            return text
        if isinstance(text, Card):
            return cls(text)
        if not isinstance(text, str):
            raise MoveSyntaxError(f"expected a move such as '8H', got {text!r}")
        rest = text.strip()
        declare = None
        target = None
        try:
            if "=" in rest:
                rest, word = rest.split("=", 1)
                declare = DECLARATIONS.get(word.strip().upper())
                if declare is None:
                    raise MoveSyntaxError(
                        f"{text!r}: a declaration is S (spade) or H (trump), not {word!r}"
                    )
            if ">" in rest:
                rest, target_text = rest.split(">", 1)
                target = Card.parse(target_text)
            card = Card.parse(rest)
        except CardError as error:
            raise MoveSyntaxError(f"{text!r} is not a move: {error}") from None
        return cls(card, target, declare)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[type[Move], tuple[Card, Card | None, str | None]]:
        return (Move, (self.card, self.target, self.declare))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move({self._text!r})"


PLAIN_MOVES: dict[Card, Move] = {card: Move(card) for card in full_deck()}
"""The move that plays each card with no choice attached (a fast look-up for engines)."""


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


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game, described as data: what menus, forms and checks are built from.

    >>> spec = game_class("mod-ten").option_specs()[1]
    >>> spec.name, spec.kind.__name__, spec.default, spec.choices
    ('deck', 'str', 'auto', ('auto', 'single', 'double'))
    """

    name: str
    """The option's name, as ``cardlab.game(...)`` takes it."""
    kind: type
    """``bool``, ``int`` or ``str``."""
    default: Any
    """The value the game has when the option is not given."""
    doc: str
    """What the option means, in a few words."""
    choices: tuple[Any, ...] = ()
    """The allowed values, when they are a short list (empty otherwise)."""
    minimum: int | None = None
    """The smallest allowed value of a whole-number option (None: no bound)."""
    maximum: int | None = None
    """The largest allowed value of a whole-number option (None: no bound)."""


def option(
    default: Any,
    doc: str,
    *,
    choices: Sequence[Any] = (),
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """Declare a game option (a dataclass field of a :class:`Game` subclass) with its facts:
    ``deck: str = option("auto", "which deck", choices=("auto", "single", "double"))``."""
    facts = {"doc": doc, "choices": tuple(choices), "minimum": minimum, "maximum": maximum}
    return dataclasses.field(default=default, metadata=facts)


# --------------------------------------------------------------------------- games


@dataclass(frozen=True)
class Game:
    """The rules and options of one game. Immutable; build one with :func:`cardlab.game`.

    Subclasses are frozen dataclasses whose fields are the game's options.
    """

    name: ClassVar[str] = ""
    """The registered name, e.g. ``"mod-ten"``."""
    title: ClassVar[str] = ""
    """The name for people, e.g. ``"Mod Ten"``."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    value_label: ClassVar[str] = "expected points"
    """What the average of a seat's hand score means: "expected points", or "chance to win"
    in a game whose score is 1 for the winner and 0 for the others."""

    players: int = option(2, "the number of players (seats 0, 1, ... clockwise)")
    """The number of seats, numbered 0..players-1 clockwise."""

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        """Every option of this game with its type, default, allowed values and meaning, in
        the order the game declares them."""
        specs = []
        for field in dataclasses.fields(cls):
            facts = field.metadata
            minimum, maximum = facts.get("minimum"), facts.get("maximum")
            if field.name == "players":
                minimum, maximum = cls.min_players, cls.max_players
            specs.append(
                OptionSpec(
                    field.name,
                    type(field.default),
                    field.default,
                    facts.get("doc", ""),
                    facts.get("choices", ()),
                    minimum,
                    maximum,
                )
            )
        return tuple(specs)

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise OptionError(f"players must be a whole number, not {self.players!r}")
        if not self.min_players <= self.players <= self.max_players:
            if self.min_players == self.max_players:
                allowed = f"exactly {self.min_players}"
            else:
                allowed = f"{self.min_players} to {self.max_players}"
            raise OptionError(f"{self.title} is for {allowed} players, not {self.players}")

    @property
    def options(self) -> dict[str, Any]:
        """The options as a plain dict (what a record stores)."""
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}

    # A subclass provides these.
    def _deal(self, rng: random.Random, dealer: int) -> State:
        raise NotImplementedError

    def _deal_cards(self, dealer: int, **cards: Any) -> State:
        raise NotImplementedError

    def deal(
        self,
        seed: int | str | None = None,
        *,
        dealer: int | None = None,
        hand_number: int = 0,
        **cards: Any,
    ) -> State:
        """Deal a hand: shuffled from ``seed``, or from the given ``cards`` (see the game).

        With no ``dealer`` the dealer is drawn from the seed (a deal from cards needs one).
        With no seed, one is drawn and kept, so :meth:`State.record` can still reproduce it.
        ``hand_number`` numbers the hands of a match: hand 0 of a match with seed 7 is
        ``deal(seed=7)``; later hands shuffle from the seed and their number.
        """
        if dealer is not None:
            self._check_seat(dealer, "dealer")
        if cards:
            if seed is not None:
                raise DealError("give either a seed or the cards to deal, not both")
            if dealer is None:
                raise DealError("a deal from given cards needs a dealer, e.g. dealer=0")
            state = self._deal_cards(dealer, **cards)
            state.__dict__["_origin"] = {"dealer": dealer, **_cards_as_text(cards)}
            return state
        if seed is None:
            seed = secrets.randbelow(2**32)
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise DealError(f"a seed is a whole number or a string, not {seed!r}")
        rng = random.Random(seed if hand_number == 0 else f"{seed}/hand{hand_number}")
        drawn_dealer = rng.randrange(self.players)  # drawn always, so the shuffle is the same
        if dealer is None:
            dealer = drawn_dealer
        state = self._deal(rng, dealer)
        state.__dict__["_origin"] = {"seed": seed, "hand_number": hand_number, "dealer": dealer}
        return state

    def _check_seat(self, seat: object, what: str = "seat") -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise OptionError(
                f"{what} must be a seat number from 0 to {self.players - 1}, not {seat!r}"
            )
        return seat

    def parse_move(self, text: str | Move | Card) -> Move:
        """A move from its text form (see :class:`Move`)."""
        return Move.parse(text)

    # Match rules; games override where theirs differ.
    def match_points(self, final: State) -> tuple[int, ...]:
        """What a finished hand adds to each seat's match total."""
        return final.scores

    def next_dealer(self, final: State) -> int:
        """The dealer of the hand after ``final``. By default the deal moves clockwise."""
        return (final.dealer + 1) % self.players

    def match_winner(self, totals: Sequence[int]) -> int | None:
        """The winner of a match with these totals, or None if another hand is needed."""
        raise NotImplementedError

    def greedy_move(self, view: View, rng: random.Random) -> Move:
        """The move of this game's simple one-move heuristic for ``view`` (see the game)."""
        raise NotImplementedError(f"{self.title} has no greedy heuristic")

    def playout(self, state: State, rng: random.Random, trace: list[Move] | None = None) -> Outcome:
        """Play ``state`` to the end with uniformly random moves drawn from ``rng`` and say
        how the hand ended. ``trace``, if given, receives the moves made.

        This is exactly ``state = state.play(rng.choice(state.legal_moves()))`` until the end;
        a game may override it with a faster path that makes the same draws and moves.
        """
        while state.current_player is not None:
            move = rng.choice(state.legal_moves())
            if trace is not None:
                trace.append(move)
            state = state.play(move)
        return state.outcome()

    def greedy_playout(self, state: State, rng: random.Random) -> Outcome:
        """Play ``state`` to the end with every seat playing :meth:`greedy_move` (on its own
        view), and say how the hand ended. A game may override it with a faster path."""
        while state.current_player is not None:
            state = state.play(self.greedy_move(state.view(state.current_player), rng))
        return state.outcome()

    def match(self, seed: int | str | None = None) -> Match:
        """A new match: hands dealt from ``seed`` until :meth:`match_winner` names a winner."""
        from cardlab.match import Match

        return Match.start(self, seed)


def _cards_as_text(value: Any) -> Any:
    """Given cards as JSON-friendly text (lists of "9S"-style strings), for records."""
    if isinstance(value, Card):
        return value.text
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return {key: _cards_as_text(item) for key, item in value.items()}
    if isinstance(value, Iterable):
        return [_cards_as_text(item) for item in value]
    return value


# --------------------------------------------------------------------------- states


class State:
    """A position in a hand. Immutable: :meth:`play` returns a new state.

    Subclasses fill in the rules: ``_legal``, ``_apply``, ``_why_not``, ``hand``, ``view``,
    ``layout``, ``scores`` and ``_key``. Their fields are set by ``__init__`` (the deal) and
    ``_child`` (each move), and never changed afterwards.
    """

    game: Game
    """The game (rules and options) this hand is played under."""
    dealer: int
    """The seat that dealt this hand."""
    current_player: int | None
    """The seat to move, or None when the hand is over."""
    winner: int | None
    """The winner once the hand is over (None while it goes on)."""

    def __init__(self, game: Game, dealer: int, events: tuple[Event, ...] = (), **fields: Any):
        """A first state of a hand; engines call this from ``Game._deal``."""
        self.__dict__.update(
            game=game,
            dealer=dealer,
            winner=None,
            _parent=None,
            _move=None,
            _new_events=events,
            _legal_cache=None,
            _origin=None,
        )
        self.__dict__.update(fields)

    def _child(self, move: Move, events: tuple[Event, ...], **changes: Any) -> State:
        """The next state: a copy of this one with ``changes``, reached by ``move``."""
        child = object.__new__(type(self))
        fields = child.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        fields["_parent"] = self
        fields["_move"] = move
        fields["_new_events"] = events
        fields["_legal_cache"] = None
        fields["_origin"] = None
        return child

    # ---------------------------------------------------------------- rules
    def _legal(self) -> tuple[Move, ...]:
        raise NotImplementedError

    def _apply(self, move: Move) -> State:
        raise NotImplementedError

    def _why_not(self, move: Move) -> str:
        return f"{move} is not a legal move here"

    @property
    def is_over(self) -> bool:
        """True once the hand is over."""
        return self.current_player is None

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score for the hand (so far, if it is not over)."""
        raise NotImplementedError

    def hand(self, seat: int) -> Hand:
        """The cards in ``seat``'s hand, in display order."""
        raise NotImplementedError

    def stats(self) -> tuple[tuple[str, int], ...]:
        """Game-specific counts for simulations, as (name, value) pairs (captures, tricks ...)."""
        return ()

    def score_text(self, seat: int) -> str:
        """``seat``'s score card by card, in words ("7H: 7, AS: 30"); empty in a game without
        points."""
        return ""

    def outcome(self) -> Outcome:
        """How the hand ended: scores, winner, number of moves and the game's counts."""
        return Outcome(self.scores, self.winner, self.move_number, self.stats())

    def view(self, seat: int) -> View:
        """What ``seat`` may see of this state: no other hand, no stock order."""
        raise NotImplementedError

    def layout(self, show: Iterable[int] | None = None) -> list[Row]:
        """Rows that picture the state, with the hands of the ``show`` seats face up
        (None: every hand face up)."""
        raise NotImplementedError

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    # ---------------------------------------------------------------- moves
    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the player to move may make, in a stable order (empty when over)."""
        legal = self._legal_cache
        if legal is None:
            legal = () if self.current_player is None else self._legal()
            self.__dict__["_legal_cache"] = legal
        return legal

    def parse_move(self, move: str | Move | Card) -> Move:
        """``move`` as a :class:`Move` (text such as ``"8H"`` is parsed)."""
        return move if type(move) is Move else self.game.parse_move(move)

    def why_not(self, move: str | Move | Card) -> str | None:
        """Why ``move`` is illegal here, in words; None if it is legal."""
        move = self.parse_move(move)
        if self.current_player is None:
            return self._over_text()
        if move in self.legal_moves():
            return None
        return self._why_not(move)

    def is_legal(self, move: str | Move | Card) -> bool:
        """True if ``move`` is one of :meth:`legal_moves`."""
        return self.why_not(move) is None

    def play(self, move: str | Move | Card) -> State:
        """The state after the player to move makes ``move``; this state is unchanged.

        Raises :class:`IllegalMoveError` (a ``ValueError``) saying why a move is illegal,
        :class:`GameOverError` after the end and :class:`MoveSyntaxError` for text that is
        not a move.
        """
        if type(move) is not Move:
            move = self.game.parse_move(move)
        if self.current_player is None:
            raise GameOverError(self._over_text(), move)
        legal = self._legal_cache or self.legal_moves()
        if move not in legal:
            raise IllegalMoveError(self._why_not(move), move, legal)
        return self._apply(move)

    def play_all(self, moves: Iterable[str | Move | Card]) -> State:
        """The state after playing ``moves`` in order (text may be one space-separated string)."""
        if isinstance(moves, str):
            moves = moves.split()
        state = self
        for move in moves:
            state = state.play(move)
        return state

    def play_out(
        self,
        agents: str | Callable[[View], Move] | Sequence[str | Callable[[View], Move]] = "random",
        seed: int | str | None = None,
    ) -> State:
        """The final state of the hand, every seat playing its agent from here on.

        ``agents`` is one agent for every seat, or one per seat: a name ("random", "greedy",
        "mc", "mc:200" ...) or a function of a view that returns a legal move. The agents
        draw from one generator seeded with ``seed`` (None: a new random seed), so a seed
        gives the same hand again.

        >>> import cardlab
        >>> final = cardlab.game("mod-ten").deal(seed=3).play_out("greedy", seed=1)
        >>> final.is_over, final.winner
        (True, 1)
        """
        from cardlab.agents import make_agent

        specs = [agents] if isinstance(agents, str) or callable(agents) else list(agents)
        players = self.game.players
        if len(specs) == 1:
            specs = specs * players
        if len(specs) != players:
            raise ValueError(f"{len(specs)} agents given for {players} seats: give 1 or {players}")
        rng = random.Random(seed)
        seated = [make_agent(spec, rng) for spec in specs]
        state = self
        while state.current_player is not None:
            seat = state.current_player
            state = state.play(seated[seat](state.view(seat)))
        return state

    def steps(self) -> list[tuple[State, Move, State]]:
        """The moves of the hand so far as ``(before, move, after)`` triples, oldest first:
        what a turn-by-turn log is made from.

        >>> import cardlab
        >>> state = cardlab.game("mod-ten").deal(seed=3).play_all("3C 4C")
        >>> [(before.current_player, str(move)) for before, move, after in state.steps()]
        [(1, '3C'), (0, '4C')]
        """
        chain = self._chain()
        pairs = zip(chain, chain[1:], strict=False)
        return [(before, after._move, after) for before, after in pairs]

    def _over_text(self) -> str:
        return "the hand is over: no more moves can be made"

    # ---------------------------------------------------------------- history
    def _chain(self) -> list[State]:
        chain = []
        state: State | None = self
        while state is not None:
            chain.append(state)
            state = state._parent
        chain.reverse()
        return chain

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened in the hand so far, oldest first."""
        return tuple(event for state in self._chain() for event in state._new_events)

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events caused by the last move (or by the deal, at the start)."""
        return self._new_events

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made in this hand so far, oldest first."""
        return tuple(state._move for state in self._chain() if state._move is not None)

    @property
    def start(self) -> State:
        """The state at the start of the hand."""
        state = self
        while state._parent is not None:
            state = state._parent
        return state

    @property
    def seed(self) -> int | str | None:
        """The seed this hand was dealt from (one is drawn when none is given); None for a
        hand dealt from given cards."""
        origin = self.start._origin
        return origin.get("seed") if origin else None

    @property
    def move_number(self) -> int:
        """How many moves have been made in this hand."""
        number = 0
        state = self
        while state._parent is not None:
            number += 1
            state = state._parent
        return number

    def record(self) -> dict[str, Any]:
        """The hand as a JSON-friendly dict: game, options, seed (or dealt cards) and moves.

        :func:`cardlab.replay` rebuilds the state from it, through the rules.
        """
        origin = self.start._origin
        if origin is None:
            raise RecordError(
                "this state was not dealt by Game.deal (a determinized view, say): "
                "it has no history to record"
            )
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "kind": "hand",
            "game": self.game.name,
            "options": self.game.options,
        }
        if "seed" in origin:
            record.update(origin)
        else:
            record["deal"] = dict(origin)
        record["moves"] = [str(move) for move in self.moves]
        return record

    # ---------------------------------------------------------------- values
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.game == other.game and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.game, self._key()))

    def __setattr__(self, name: str, value: object) -> None:
        # States are values: engines build them with __init__ and _child, nothing sets them.
        raise AttributeError(f"states are immutable: {name!r} cannot be set")

    def __repr__(self) -> str:
        turn = "over" if self.is_over else f"seat {self.current_player} to move"
        return f"<{self.game.title} state: move {self.move_number}, {turn}>"

    def _repr_html_(self) -> str:
        from cardlab.render import state_html

        return state_html(self)


# --------------------------------------------------------------------------- views


class View:
    """What one seat may see of a state. It holds copies of public facts, never the state.

    Subclasses add the game's public facts and implement :meth:`determinize`.
    """

    def __init__(self, state: State, seat: int) -> None:
        state.game._check_seat(seat)
        self.game: Game = state.game
        """The game being played."""
        self.seat: int = seat
        """The seat whose view this is."""
        self.dealer: int = state.dealer
        """The seat that dealt this hand."""
        self.current_player: int | None = state.current_player
        """The seat to move, or None when the hand is over."""
        self.hand: Hand = state.hand(seat)
        """This seat's own cards."""
        self.hand_sizes: tuple[int, ...] = tuple(
            len(state.hand(other)) for other in range(state.game.players)
        )
        """How many cards each seat holds."""
        self.events: tuple[Event, ...] = tuple(event.for_seat(seat) for event in state.events)
        """What this seat has seen happen."""
        self.is_over: bool = state.is_over
        """True once the hand is over."""
        self._legal: tuple[Move, ...] = state.legal_moves() if state.current_player == seat else ()

    def legal_moves(self) -> tuple[Move, ...]:
        """This seat's legal moves (empty when it is not this seat's turn)."""
        return self._legal

    def determinize(self, rng: random.Random | int | None = None) -> State:
        """A full state that agrees with everything this view shows, with the hidden cards
        dealt at random (from ``rng``, a ``random.Random`` or a seed)."""
        raise NotImplementedError

    def layout(self) -> list[Row]:
        """Rows that picture what this seat sees (its own hand, the other hands face down);
        games add their table, stock and piles."""
        rows = [Row(f"Seat {self.seat} (this view)", tuple(self.hand), seat=self.seat)]
        for seat, size in enumerate(self.hand_sizes):
            if seat != self.seat:
                rows.append(Row(f"Seat {seat}", face_down=size, note=f"{size} cards", seat=seat))
        return rows

    def __repr__(self) -> str:
        return f"<{self.game.title} view of seat {self.seat}>"

    def _repr_html_(self) -> str:
        from cardlab.render import view_html

        return view_html(self)


def sole_leader(scores: Sequence[int]) -> int | None:
    """The seat with the highest score, or None when two or more seats share it.

    >>> sole_leader([80, 95, 65]), sole_leader([95, 95, 50])
    (1, None)
    """
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


def as_rng(rng: random.Random | int | str | None) -> random.Random:
    """``rng`` as a ``random.Random`` (a seed makes a new one; None draws a seed)."""
    if isinstance(rng, random.Random):
        return rng
    return random.Random(rng)


# --------------------------------------------------------------------------- registry

GAMES: dict[str, str] = {
    "mod-ten": "cardlab.games.mod_ten:ModTen",
    "chinese-ten": "cardlab.games.chinese_ten:ChineseTen",
    "two-ten-jack": "cardlab.games.two_ten_jack:TwoTenJack",
}
"""The known games: name -> ``module:class``."""


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass registered as ``name``."""
    import importlib

    if not isinstance(name, str) or name.strip().lower().replace("_", "-") not in GAMES:
        raise OptionError(f"unknown game {name!r}: the games are {', '.join(GAMES)}")
    module_name, class_name = GAMES[name.strip().lower().replace("_", "-")].split(":")
    return getattr(importlib.import_module(module_name), class_name)


def game(name: str, **options: Any) -> Game:
    """The game called ``name`` with ``options`` (see each game's class for its options).

    >>> game("mod-ten", players=3).players
    3
    """
    cls = game_class(name)
    known = [field.name for field in dataclasses.fields(cls)]
    unknown = [key for key in options if key not in known]
    if unknown:
        raise OptionError(
            f"unknown option {unknown[0]!r} for {cls.name}: the options are {', '.join(known)}"
        )
    return cls(**options)


def replay(record: dict[str, Any]) -> Any:
    """The state (or match) a record describes, rebuilt move by move through the rules.

    Raises :class:`RecordError` for a record that is not valid, naming the index of the first
    move that is illegal at its place.
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record is a dict (from JSON), not {type(record).__name__}")
    version = record.get("format")
    if version != RECORD_FORMAT:
        raise RecordError(f"record format {version!r} is not supported (expected {RECORD_FORMAT})")
    for key in ("game", "options", "moves"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    try:
        the_game = game(record["game"], **record["options"])
    except KeyError as missing:
        raise RecordError(f"the record has no {missing.args[0]!r}") from None
    except OptionError as error:
        raise RecordError(f"bad game or options: {error}") from None
    if record.get("kind") == "match":
        from cardlab.match import Match

        return Match.replay(the_game, record)
    if "deal" in record:
        deal = dict(record["deal"])
        try:
            state = the_game.deal(**deal)
        except (DealError, OptionError, TypeError) as error:
            raise RecordError(f"bad deal: {error}") from None
    elif "seed" in record:
        state = the_game.deal(
            seed=record["seed"],
            dealer=record.get("dealer"),
            hand_number=record.get("hand_number", 0),
        )
    else:
        raise RecordError("the record has neither a seed nor a deal")
    return replay_moves(state, record["moves"])


def replay_moves(state: State, moves: Iterable[str], offset: int = 0) -> State:
    """``state`` after ``moves``; a :class:`RecordError` names the first bad move's index."""
    for index, text in enumerate(moves, start=offset):
        try:
            state = state.play(text)
        except ValueError as error:
            raise RecordError(f"{text!r} cannot be played: {error}", index) from None
    return state


def iter_states(state: State) -> Iterator[State]:
    """Every state of the hand from the start up to ``state``."""
    yield from state._chain()
