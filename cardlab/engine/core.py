"""What every game shares: games, positions, states, moves, events, views and errors.

A :class:`Game` holds the rules and options of one game and is immutable. ``game.deal(seed=7)``
gives the first :class:`State` of a hand. A state is a value: ``state.play(move)`` returns the
next state and leaves ``state`` as it was, so a notebook can keep ``s0, s1, s2`` side by side.

Inside every state is a :class:`Position`: the compact, mutable form that a game's rules work
on (lists and small numbers, cheap to copy). A state never changes its position; ``play``
copies it and applies the move to the copy. Random playouts, the Monte Carlo agents and the
solver work on positions directly, with no states in between, so the rules that students
read are the rules that run fast. What happened is told in words (:class:`Event`) only when
someone asks, by replaying the move on a copy with a notebook of facts.

Each game module in :mod:`cardlab.games` subclasses :class:`Game`, :class:`Position`,
:class:`State` and :class:`View`; nothing in this module knows the rules or the move syntax of
any game.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from cardlab.engine.cards import Card, Hand, full_deck
from cardlab.engine.errors import (
    DealError,
    MoveSyntaxError,
    OptionError,
)
from cardlab.engine.fields import key_of
from cardlab.engine.moves import Event, GameOverError, IllegalMoveError, Move, Outcome, Row, Trick
from cardlab.engine.numbers import (
    MAX_HAND_NUMBER,
    MAX_OPTION,
    checked_seed,
    whole_number,
)
from cardlab.engine.options import OptionSpec, check_options, declared_specs, option
from cardlab.engine.positions import Position
from cardlab.engine.randomness import draw_index, play_randomly
from cardlab.engine.seen import Seen, Told, as_seen, told_by
from cardlab.engine.words import shortened

if TYPE_CHECKING:
    from cardlab.play.match import Match


# --------------------------------------------------------------------------- games

_OPTION_SPECS: dict[type[Game], tuple[OptionSpec, ...]] = {}
"""Each game class's option specs, once worked out (a game checks its options against them
every time one is made)."""


@dataclass(frozen=True)
class Game:
    """The rules and options of one game. Immutable; build one with :func:`cardlab.game`.

    Subclasses are frozen dataclasses whose fields are the game's options, declared with
    :func:`option` so that their facts (meaning, choices, bounds) are data.
    """

    name: ClassVar[str] = ""
    """The registered name, e.g. ``"mod-ten"``."""
    title: ClassVar[str] = ""
    """The name for people, e.g. ``"Mod Ten"``."""
    min_players: ClassVar[int] = 2
    """The fewest seats the game is played with."""
    max_players: ClassVar[int] = 2
    """The most seats the game is played with."""
    value_label: ClassVar[str] = "expected points"
    """What the average of a seat's hand score means: "expected points", or "chance to win"
    in a game whose score is 1 for the winner and 0 for the others."""
    trick_taking: ClassVar[bool] = False
    """True for a game played in tricks: its states say which trick a move settled
    (:meth:`State.trick_settled`), and :func:`cardlab.play.turnlog.trick_log` logs them."""

    players: int = option(2, "the number of players (seats 0, 1, ... clockwise)")
    """The number of seats, numbered 0..players-1 clockwise."""

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        """Every option of this game with its type, default, allowed values and meaning, in
        the order the game declares them (worked out once per class)."""
        specs = _OPTION_SPECS.get(cls)
        if specs is None:
            specs = _OPTION_SPECS.setdefault(cls, declared_specs(cls))
        return specs

    def __post_init__(self) -> None:
        """Check the options against what they declare (see :func:`option` and
        :func:`~cardlab.engine.options.check_options`); a game's own ``__post_init__`` calls
        this first and then checks only what data cannot say."""
        check_options(self)

    @property
    def cards(self) -> list[Card]:
        """The cards this game deals, in the game's order (two copies of a card in a double
        deck): a full 52-card deck unless the game says otherwise."""
        return full_deck()

    @property
    def options(self) -> dict[str, Any]:
        """The options as a plain dict (what a record stores)."""
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}

    # A subclass provides these.
    def _deal(self, rng: random.Random, dealer: int) -> State:
        raise NotImplementedError

    def _deal_cards(self, dealer: int, **cards: Any) -> State:
        raise NotImplementedError

    def parse_move(self, text: str | Move | Card) -> Move:
        """A move from its text form, in this game's syntax (a card alone by default)."""
        return Move.parse(text)

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
            dealer = self._check_seat(dealer, "dealer")
        number = hand_number if type(hand_number) is int else whole_number(hand_number)
        if number is None or not 0 <= number <= MAX_HAND_NUMBER:
            raise DealError(
                f"hand_number counts the hands of a match from 0 (up to {MAX_HAND_NUMBER:,}), "
                f"not {shortened(hand_number)}"
            )
        if cards:
            if number:
                raise DealError("a deal from given cards has no hand_number (it has no seed)")
            if seed is not None:
                raise DealError("give either a seed or the cards to deal, not both")
            if dealer is None:
                raise DealError("a deal from given cards needs a dealer, e.g. dealer=0")
            state = self._deal_cards(dealer, **cards)
            state._origin = {"dealer": dealer, **_cards_as_text(cards)}
            return state
        seed = secrets.randbelow(2**32) if seed is None else checked_seed(seed)
        hand_number = number
        rng = random.Random(seed if hand_number == 0 else f"{seed}/hand{hand_number}")
        # Drawn always, so the shuffle is the same: rng.randrange(players), drawn as it draws.
        drawn_dealer = draw_index(rng, self.players)
        if dealer is None:
            dealer = drawn_dealer
        state = self._deal(rng, dealer)
        origin = {"seed": seed, "hand_number": hand_number, "dealer": dealer}
        state._origin = origin
        return state

    def _check_seat(self, seat: object, what: str = "seat") -> int:
        """``seat`` as an int if it is one of this game's seats; an :class:`OptionError`
        saying which seats there are otherwise."""
        number = whole_number(seat)
        if number is None or not 0 <= number < self.players:
            raise OptionError(
                f"{what} must be a seat number from 0 to {self.players - 1}, not {shortened(seat)}"
            )
        return number

    def _shown_seats(self, show: object) -> set[int]:
        """The seats whose hands a layout shows: every seat for None, else the seats of
        ``show``, each checked."""
        if show is None:
            return set(range(self.players))
        if isinstance(show, str) or not isinstance(show, Iterable):
            raise OptionError(f"show is a list of seat numbers (or None), not {shortened(show)}")
        return {self._check_seat(seat, "a seat to show") for seat in show}

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

    # What the layers above ask of a game; games override where theirs differ.
    @classmethod
    def describe_move(cls, move: Move) -> str:
        """``move`` as a button label: the card, with the card it takes ("3♥: capture 7♣")
        or what it declares; games give their own words for a declaration."""
        if move.target is not None:
            return f"{move.card.pretty}: capture {move.target.pretty}"
        if move.declare is not None:
            return f"{move.card.pretty} declaring {move.declare}"
        return move.card.pretty

    def solvability(self, target: State | View) -> str | None:
        """None when :func:`cardlab.solve` can solve ``target`` (a state, or a view whose
        hidden cards its display determines) exactly, else why not, in words. A game that
        says None somewhere also gives :meth:`score_total` (and may give :meth:`gain_bounds`).
        """
        return f"{self.name} has no solver"

    def score_total(self) -> int | None:
        """The sum of the seats' final hand scores when it is the same in every ending of a
        hand (what the solver's search needs: seat 0's score then says both), else None."""
        return None

    def gain_bounds(self, state: State) -> tuple[int, int]:
        """The least and the most seat 0 can still add to its score from ``state`` on: the
        solver stops looking once a seat has the best result possible. By default no bound
        is known (the search is as exact, only slower)."""
        return (-MAX_OPTION, MAX_OPTION)

    def playout(self, state: State, rng: random.Random, trace: list[Move] | None = None) -> Outcome:
        """Play ``state`` to the end with uniformly random moves drawn from ``rng`` and say
        how the hand ended. ``trace``, if given, receives the moves made.

        This makes exactly the moves and draws of ``state = state.play(rng.choice(
        state.legal_moves()))`` until the end, on a copy of the state's position (see
        :func:`play_randomly`), with no states in between.
        """
        return self.play_position_out(state._position.copy(), rng, trace)

    def play_position_out(
        self, position: Position, rng: random.Random, trace: list[Move] | None = None
    ) -> Outcome:
        """:meth:`playout` from a position of this game, which may be changed (pass a copy to
        keep it): :func:`play_randomly` unless the game plays its playouts faster another way,
        with the same moves and draws."""
        return play_randomly(position, rng, trace)

    def match(self, seed: int | str | None = None) -> Match:
        """A new match: hands dealt from ``seed`` until :meth:`match_winner` names a winner.

        A hook: the work is :meth:`cardlab.play.match.Match.start`'s, imported when called, so
        that this module depends on no layer above it."""
        from cardlab.play.match import Match

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
    """A position in a hand, as players, records and notebooks see it. Immutable:
    :meth:`play` returns a new state.

    A state holds a :class:`Position` that it never changes, the state it came from and the
    move that led to it; its history (``events``, ``moves``, ``record()``) comes from that
    chain. Every public field is a read-only property (setting one raises ``AttributeError``),
    and the private ones are set only when the state is made, or once to remember what was
    worked out (the legal moves, the narration). Each game's subclass adds properties for its
    fields (``hands``, ``table`` ...), the reasons a move is refused, its narration, its view
    and its layout.
    """

    __slots__ = ("_game", "_position", "_parent", "_move", "_legal", "_events", "_memo", "_origin")

    _game: Game
    _position: Position
    _parent: State | None
    _move: Move | None
    _legal: tuple[Move, ...] | None
    _events: tuple[Event, ...] | None
    _memo: dict[Any, Any] | None
    _origin: dict[str, Any] | None

    def __init__(
        self,
        game: Game,
        position: Position,
        parent: State | None = None,
        move: Move | None = None,
    ) -> None:
        """A state holding ``position`` (which it will never change), reached from ``parent``
        by ``move`` (None for the first state of a hand, or a state made from a view)."""
        self._game = game
        self._position = position
        self._parent = parent
        self._move = move
        self._legal = None
        self._events = None
        self._memo = None
        self._origin = None

    # ---------------------------------------------------------------- what every game has
    @property
    def game(self) -> Game:
        """The game (rules and options) this hand is played under."""
        return self._game

    @property
    def dealer(self) -> int:
        """The seat that dealt this hand."""
        return self._position.dealer

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None when the hand is over."""
        return self._position.to_move

    @property
    def winner(self) -> int | None:
        """The winner once the hand is over (None while it goes on, or on a tie)."""
        return self._position.winner

    @property
    def is_over(self) -> bool:
        """True once the hand is over."""
        return self._position.to_move is None

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score for the hand (so far, if it is not over)."""
        return self._position.scores()

    @property
    def position(self) -> Position:
        """A copy of the compact position inside this state, to play on freely (search,
        playouts); the state itself never changes."""
        return self._position.copy()

    def stats(self) -> tuple[tuple[str, int], ...]:
        """Game-specific counts for simulations, as (name, value) pairs (captures, tricks ...)."""
        return self._position.stats()

    def outcome(self) -> Outcome:
        """How the hand ended: scores, winner, number of moves and the game's counts."""
        return self._position.outcome()

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock (0 in a game without one)."""
        return 0

    def trick_settled(self) -> Trick | None:
        """The trick that the move into this state settled, or None (no trick was settled,
        or the game has no tricks): what a trick-by-trick log is made from."""
        return None

    # ---------------------------------------------------------------- a game provides these
    def hand(self, seat: int) -> Hand:
        """The cards in ``seat``'s hand, in display order."""
        raise NotImplementedError

    def score_text(self, seat: int) -> str:
        """``seat``'s score card by card, in words ("7H: 7, AS: 30"); empty in a game without
        points."""
        self._game._check_seat(seat)
        return ""

    def view(self, seat: int) -> View:
        """What ``seat`` may see of this state: no other hand, no stock order."""
        raise NotImplementedError

    def layout(self, show: Iterable[int] | None = None) -> list[Row]:
        """Rows that picture the state, with the hands of the ``show`` seats face up
        (None: every hand face up)."""
        raise NotImplementedError

    def _why_not(self, move: Move) -> str:
        return f"{move} is not a legal move here"

    def _narrate(self, before: Position, move: Move) -> tuple[Event, ...]:
        """The events of ``move`` played from ``before`` (a game replays it with its facts)."""
        raise NotImplementedError

    told_alike: ClassVar[bool] = False
    """True where every seat is told every move and the deal alike: they share one history."""
    told_class: ClassVar[type[Told]] = Told
    """How this game tells the facts its rules note (:meth:`_facts`) in words: a
    :class:`~cardlab.engine.seen.Told` whose ``tell`` is the game's narration (by default, the
    facts are the events of :meth:`_narrate`)."""

    def _noted_play(self, position: Position, move: Move) -> tuple[Any, ...] | None:
        """Play ``move`` on ``position`` and give what the rules noted of it, which
        :attr:`told_class` tells in words; None (the default) when the game's position notes
        nothing: its events are then told by :meth:`_narrate`."""
        position.play(move)
        return None

    def _facts(self, before: Position, move: Move) -> tuple[Any, ...]:
        """What the rules note when ``move`` is played from ``before`` (not changed): the facts
        of :meth:`_noted_play` on a copy, or else the events of :meth:`_narrate`."""
        facts = self._noted_play(before.copy(), move)
        return self._narrate(before, move) if facts is None else facts

    def _seen_by(self, seat: int, facts: tuple[Any, ...]) -> tuple[Any, ...]:
        """``facts`` as ``seat`` saw them, with nothing it may not see (the same tuple when it
        saw them all): by default, events in the form :meth:`Event.for_seat` gives them."""
        return as_seen(facts, seat)

    def _start_facts(self) -> tuple[Any, ...]:
        """What every seat sees of where this line of play begins (a deal, or a world drawn
        from a view), as facts a game's history starts from (see
        :meth:`~cardlab.engine.seen.Told.fold`): by default, nothing."""
        return ()

    def _hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (a game that keeps its hands as card sets counts
        them without making the hands)."""
        return tuple(len(self.hand(seat)) for seat in range(self._game.players))

    def _deal_events(self) -> tuple[Event, ...]:
        """The events of the deal, for the first state of a hand."""
        return ()

    def _key(self) -> tuple[Any, ...]:
        """What makes two states of one game equal: the position's key fields
        (:func:`cardlab.engine.fields.key_of`)."""
        return key_of(self._position)

    # ---------------------------------------------------------------- moves
    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the player to move may make, in a stable order (empty when over)."""
        legal = self._legal
        if legal is None:
            position = self._position
            legal = () if position.to_move is None else tuple(position.legal_moves())
            self._legal = legal
        return legal

    def parse_move(self, move: str | Move | Card) -> Move:
        """``move`` as a :class:`Move` (text such as ``"8H"`` is parsed by the game)."""
        return move if type(move) is Move else self._game.parse_move(move)

    def why_not(self, move: str | Move | Card) -> str | None:
        """Why ``move`` is illegal here, in words; None if it is legal."""
        move = self.parse_move(move)
        if self._position.to_move is None:
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
            move = self._game.parse_move(move)
        if self._position.to_move is None:
            raise GameOverError(self._over_text(), move)
        legal = self._legal or self.legal_moves()
        if move not in legal:
            raise IllegalMoveError(self._why_not(move), move, legal)
        position = self._position.copy()
        if self._memo is None:
            position.play(move)
            return type(self)(self._game, position, self, move)
        # A state someone has looked at (a view, its events) notes the facts of the move as it
        # plays it, so that the next state's views need not play it again to tell it.
        after = type(self)(self._game, position, self, move)
        facts = self._noted_play(position, move)
        if facts is not None:
            after._memo = {"facts": facts}
        return after

    def play_all(self, moves: str | Iterable[str | Move | Card]) -> State:
        """The state after playing ``moves`` in order (text may be one space-separated string)."""
        if isinstance(moves, str):
            moves = moves.split()
        elif not isinstance(moves, Iterable):
            raise MoveSyntaxError(
                f"play_all takes moves as one text ('8H 3H') or a list of moves, "
                f"not {shortened(moves)}"
            )
        state = self
        for move in moves:
            state = state.play(move)
        return state

    def play_out(
        self,
        agents: AgentSpec | Sequence[AgentSpec] = "random",
        seed: int | str | None = None,
    ) -> State:
        """The final state of the hand, every seat playing its agent from here on.

        ``agents`` is a name ("random", "greedy", "mc", "mc:200" ...) or a function of a view
        that returns a legal move, for every seat, or several (a list, or names separated by
        commas), seat by seat: fewer agents than seats take the seats in turn (see
        :func:`cardlab.bots.specs.parse_agents`, the rule every ``agents`` argument follows). The
        agents draw from one generator seeded with ``seed`` (None: a new random seed), so a
        seed gives the same hand again.

        A hook: the work is :func:`cardlab.bots.specs.play_out`'s, imported when called, so that
        this module depends on no layer above it.

        >>> import cardlab
        >>> final = cardlab.game("mod-ten").deal(seed=3).play_out("greedy", seed=1)
        >>> final.is_over, final.winner
        (True, 1)
        """
        from cardlab.bots.specs import play_out

        return play_out(self, agents, seed)

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
    def last_events(self) -> tuple[Event, ...]:
        """The events caused by the last move (or by the deal, at the start)."""
        events = self._events
        if events is None:
            parent, move = self._parent, self._move
            if parent is None or move is None:
                events = self._deal_events() if self._origin is not None else ()
            else:
                events = self._narrate(parent._position, move)
            self._events = events
        return events

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened in the hand so far, oldest first."""
        return tuple(event for state in self._chain() for event in state.last_events)

    def events_seen_by(self, seat: int) -> tuple[Event, ...]:
        """Everything that happened in the hand so far as ``seat`` saw it (private events of
        other seats in their public form), oldest first: what :meth:`told` tells."""
        seat = self.game._check_seat(seat)
        key = ("events seen by", seat)
        events: tuple[Event, ...] | None = self.memo(key)
        if events is None:
            events = self.remember(key, told_by(self, seat).all_events())
        return events

    _told_by = staticmethod(told_by)
    """:func:`~cardlab.engine.seen.told_by`, which :meth:`told` calls once it has checked the
    seat: for a view's maker, which has checked it already."""

    def told(self, seat: int) -> Told:
        """What ``seat`` was told of the hand so far, as the facts of each move (see
        :mod:`cardlab.engine.seen`): what a view keeps, to tell its events when they are read."""
        if type(seat) is not int or not 0 <= seat < self._game.players:
            seat = self._game._check_seat(seat)
        return told_by(self, seat)

    def memo(self, key: Any) -> Any:
        """What this state remembers under ``key`` (see :meth:`remember`), or None."""
        return None if self._memo is None else self._memo.get(key)

    def remember(self, key: Any, value: Any) -> Any:
        """Remember ``value`` under ``key`` and return it: something worked out from this state
        once (its events as a seat saw them, a game's history facts), never a change to it."""
        if self._memo is None:
            self._memo = {}
        self._memo[key] = value
        return value

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made in this hand so far, oldest first."""
        return tuple(state._move for state in self._chain() if state._move is not None)

    def steps(self) -> list[tuple[State, Move, State]]:
        """The moves of the hand so far as ``(before, move, after)`` triples, oldest first:
        what a turn-by-turn log is made from.

        >>> import cardlab
        >>> state = cardlab.game("mod-ten").deal(seed=3).play_all("3C 4C")
        >>> [(before.current_player, str(move)) for before, move, after in state.steps()]
        [(1, '3C'), (0, '4C')]
        """
        steps = []
        for after in self._chain():
            if after._parent is not None and after._move is not None:
                steps.append((after._parent, after._move, after))
        return steps

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
        seed: int | str | None = origin.get("seed") if origin else None
        return seed

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

        :func:`cardlab.replay` rebuilds the state from it, through the rules (see
        :mod:`cardlab.play.records`). A hook: the work is
        :func:`cardlab.play.records.hand_record`'s, imported when called, so that this module
        depends on no layer above it.
        """
        from cardlab.play.records import hand_record

        return hand_record(self)

    # ---------------------------------------------------------------- values
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        return self._game == other._game and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self._game, self._key()))

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self

    def __repr__(self) -> str:
        turn = "over" if self.is_over else f"seat {self.current_player} to move"
        return f"<{self._game.title} state: move {self.move_number}, {turn}>"

    def _repr_html_(self) -> str:
        from cardlab.display.render import state_html

        return state_html(self)


# --------------------------------------------------------------------------- views


@dataclass(frozen=True, slots=True)
class View(Seen):
    """What one seat may see of a state. It holds copies of public facts, never the state.

    Each game's view adds its public facts and implements :meth:`determinize`. Fields that
    cost more than a copy (the events in words; in a game's view, the hand as cards) are made
    the first time they are read, then kept (see :class:`~cardlab.engine.seen.Seen`): a view
    costs what its reader uses.
    """

    game: Game
    """The game being played."""
    seat: int
    """The seat whose view this is."""
    dealer: int
    """The seat that dealt this hand."""
    current_player: int | None
    """The seat to move, or None when the hand is over."""
    hand: Hand
    """This seat's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    events: tuple[Event, ...]
    """What this seat has seen happen."""
    is_over: bool
    """True once the hand is over."""
    _legal: tuple[Move, ...] = dataclasses.field(repr=False)

    history_fields: ClassVar[tuple[str, ...]] = ("events",)
    """The fields made from the hand's history: a world dealt by :meth:`determinize` has no
    history, so its views agree with this one on every field but these."""

    @staticmethod
    def shared_fields(state: State, seat: int) -> dict[str, Any]:
        """The fields every view has, read from ``state`` for ``seat`` (games add theirs)."""
        game = state.game
        seat = game._check_seat(seat)
        return {
            "game": game,
            "seat": seat,
            "dealer": state.dealer,
            "current_player": state.current_player,
            "hand": state.hand(seat),
            "hand_sizes": tuple(len(state.hand(other)) for other in range(game.players)),
            "events": state.events_seen_by(seat),
            "is_over": state.is_over,
            "_legal": state.legal_moves() if state.current_player == seat else (),
        }

    def legal_moves(self) -> tuple[Move, ...]:
        """This seat's legal moves (empty when it is not this seat's turn)."""
        return self._legal

    def unseen_cards(self) -> list[Card]:
        """The cards this seat has not seen, in the game's order: by default every card the
        game deals (:attr:`Game.cards`) that its hand, its layout and its events do not show
        (games that know more, such as a suit a seat lacks, give their own). Worked out the
        first time, then kept (each call gives a new list)."""
        return list(self._unseen)

    def _make_unseen(self) -> tuple[Card, ...]:
        """The cards :meth:`unseen_cards` gives, worked out."""
        shown = set(self.hand)
        for row in self.layout():
            shown.update(row.cards)
        for event in self.events:
            shown.update(event.cards)
        return tuple([card for card in self.game.cards if card not in shown])

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
        from cardlab.display.render import view_html

        return view_html(self)


class Agent(Protocol):
    """Anything that chooses a move from a view (see :mod:`cardlab.bots.agents`)."""

    def __call__(self, view: View, /) -> Move:
        """One of ``view.legal_moves()``."""
        ...


AgentSpec = str | Agent
"""An agent as every ``agents`` argument takes one: a registered agent's name ("random",
"mc:200", "ismcts:0.5s": see :func:`cardlab.bots.specs.make_agent`) or the agent itself, a function
of a view."""


def sole_leader(scores: Sequence[int]) -> int | None:
    """The seat with the highest score, or None when two or more seats share it.

    >>> sole_leader([80, 95, 65]), sole_leader([95, 95, 50])
    (1, None)
    """
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


def iter_states(state: State) -> Iterator[State]:
    """Every state of the hand from the start up to ``state``."""
    yield from state._chain()
