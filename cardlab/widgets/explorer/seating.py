"""The hand being explored, in plain Python: its timeline
(:class:`~cardlab.widgets.explorer.timeline.Timeline`), who sees and who plays each seat, the bots
and how they play ahead (at once, or thinking in the background job), and what a click on a card
means. The explorer draws it and wires its widgets to it.

>>> import cardlab
>>> game = cardlab.game("mod-ten", players=2)
>>> seating = Seating(game, show=None, human=1, specs=["random", "random"], background=False)
>>> seating.start(Timeline(game.deal(seed=3)), seed=3)
>>> seating.play_ahead(seconds=1.0)
>>> seating.timeline.last.current_player
1
>>> card_moves(seating.timeline.last, "2S"), card_moves(seating.timeline.last, "8C")
([Move('2S')], "8C is not in seat 1's hand")
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING

from cardlab.bots.checks import checked_view
from cardlab.engine.cards import Card, CardError
from cardlab.engine.core import Agent, Game, State, View
from cardlab.engine.errors import OptionError
from cardlab.engine.moves import Move
from cardlab.engine.numbers import whole_number
from cardlab.engine.words import shortened
from cardlab.widgets.background import event_loop, threads_available
from cardlab.widgets.explorer.bots import BotSpec, check_spec, make_bots
from cardlab.widgets.explorer.timeline import Timeline

if TYPE_CHECKING:
    from cardlab.widgets.explorer.thinking import BotThinking

Bot = Callable[[View], Move]
"""A bot: given what its seat may see, a legal move."""

FAST_BOTS = ("random", "greedy")
"""The bots that play at once; every other one (Monte Carlo, pimc, a function) thinks in the
background job when ``background`` is True, with a Cancel button, so that neither the
constructor nor a click waits for it."""


def random_bot(rng: random.Random) -> Bot:
    """A bot that picks uniformly among the legal moves, drawing from ``rng``."""
    if not isinstance(rng, random.Random):
        raise OptionError(f"expected a random.Random, not {shortened(rng)}")

    def choose(view: View) -> Move:
        return rng.choice(checked_view(view).legal_moves())

    return choose


def check_game(game: object) -> None:
    """Refuse what is not a game (``cardlab.game(...)``), with an :class:`OptionError`."""
    if not isinstance(game, Game):
        raise OptionError(
            f"the explorer takes a game, as cardlab.game('mod-ten'), not {shortened(game)}"
        )


def check_state(game: Game, state: object) -> None:
    """Refuse a ``state=`` that is not a state of ``game`` (same game, same options)."""
    if not isinstance(state, State):
        raise OptionError(
            f"state must be a state of the game (game.deal(...)), not {shortened(state)}"
        )
    if state.game != game:
        raise OptionError(
            f"state is a state of {state.game!r}, not of the explorer's game {game!r}: "
            "give the game it was dealt from"
        )


def check_solver(solver: object) -> bool | None:
    """``solver=`` checked: True, False or None (None: the default, see the explorer)."""
    if solver is not None and not isinstance(solver, bool):
        raise OptionError(f"solver must be True, False or None, not {shortened(solver)}")
    return solver


def seat_or_none(game: Game, seat: object, what: str) -> int | None:
    """``seat`` checked as a seat number of ``game`` (None stays None)."""
    if seat is None:
        return None
    number = whole_number(seat)  # numpy's integers too
    if number is None or not 0 <= number < game.players:
        last = game.players - 1
        raise OptionError(f"{what} must be None or a seat from 0 to {last}, not {shortened(seat)}")
    return number


def check_seat(game: Game, seat: object) -> int:
    """``seat`` checked as a seat number of ``game`` (an :class:`OptionError` otherwise)."""
    checked = seat_or_none(game, seat, "seat")
    if checked is None:
        raise OptionError(f"seat must be a seat from 0 to {game.players - 1}, not None")
    return checked


def card_moves(state: State, card: Card | str) -> list[Move] | str:
    """What clicking ``card`` at ``state`` offers: the legal moves with it, or why there is
    none, in words (a :class:`~cardlab.engine.cards.CardError` for text that is not a card)."""
    card = Card.parse(card)
    moves = [move for move in state.legal_moves() if move.card is card]
    if not moves:
        return state.why_not(Move(card)) or f"{card} cannot be played now"
    return moves


class Seating:
    """The hand being explored: :attr:`timeline`, the seats and their bots.

    ``show`` and ``human`` are seats or None (checked here); ``specs`` are the seats' bots as
    given; with ``background``, slow bots think in the background job that :meth:`attach`
    gives. A plain-Python part of the explorer: it draws nothing.
    """

    def __init__(
        self, game: Game, show: object, human: object, specs: list[BotSpec], background: bool
    ) -> None:
        self.game = game
        """The game being explored."""
        self.show = seat_or_none(game, show, "show")
        """The seat whose view is shown, or None for every hand face up."""
        self.human = seat_or_none(game, human, "human")
        """The seat the user plays, or None for every seat."""
        self.specs = specs
        """Each seat's bot, as a name or a function."""
        self.background = background
        """True: slow bots think in the background job. False: they play at once."""
        self.bots: list[Agent] = []
        """Each seat's bot, ready to play (made by :meth:`start`)."""
        self.seed: int | str | None = None
        """The seed of the hand (None for a hand dealt from given cards)."""
        self.hands: list[tuple[list[State], str]] = []
        """A record's hands (each its states and a label), when one was opened."""
        self.rng = random.Random()
        """The random numbers every bot of the hand draws from (seeded by :meth:`start`)."""
        self.timeline: Timeline
        """The hand's timeline: its states, the one shown, the recorded moves."""
        self.thinking: BotThinking | None = None
        self.revealed: Callable[[], bool] = lambda: False
        self.redraw: Callable[[], None] = lambda: None

    @property
    def history(self) -> Timeline:
        """The older name of :attr:`timeline` (deprecated: the timeline is one name)."""
        warnings.warn("Table.history is now Seating.timeline", DeprecationWarning, 2)
        return self.timeline

    def attach(
        self, thinking: BotThinking, revealed: Callable[[], bool], redraw: Callable[[], None]
    ) -> None:
        """The background job slow bots think in, whether every hand is revealed at the end
        of the hand (asked when needed), and what to call after each move of a slow bot."""
        self.thinking, self.revealed, self.redraw = thinking, revealed, redraw

    def start(self, timeline: Timeline, seed: int | str | None) -> None:
        """Make ``timeline`` the hand explored, its bots seeded by ``seed`` (so a seeded hand
        repeats); bots thinking for the old one stop."""
        self.stop_bots()
        self.seed = seed
        self.rng = random.Random(f"{seed}/explorer-bot")
        self.bots = make_bots(self.specs, self.rng)
        self.timeline = timeline

    # ------------------------------------------------------------------ who sees
    def eyes(self, state: State) -> int | None:
        """The seat whose view is drawn at ``state``; None when everything may be shown."""
        if self.show is None or (state.is_over and self.revealed()):
            return None
        return self.show

    def hidden_turn(self, state: State) -> str | None:
        """Why the user may not see the moves of the seat to move at ``state``, or None."""
        seat = state.current_player
        eyes = self.eyes(state)
        if seat is None or eyes is None or eyes == seat:
            return None
        return (
            f"It is seat {seat}'s turn and its hand is hidden: press ▶ to let its bot play, "
            f"or show every hand."
        )

    def why_not_click(self, state: State) -> str | None:
        """Why the user may not click a move at ``state`` (a hidden hand, or a seat played by
        its bot), or None."""
        refusal = self.hidden_turn(state)
        seat = state.current_player
        if refusal is None and self.human not in (None, seat):
            return f"Seat {seat} is played by its bot: press ▶ to let it play."
        return refusal

    # ------------------------------------------------------------------ bots playing
    def slow(self, state: State) -> bool:
        """True when the bot to move at ``state`` should think in the background job."""
        seat = state.current_player
        if not self.background or seat is None:
            return False
        if not threads_available() and event_loop() is None:
            return False  # neither a thread nor the kernel's loop to think on: at once
        spec = self.specs[seat]
        return not (isinstance(spec, str) and spec in FAST_BOTS)

    @property
    def bots_thinking(self) -> bool:
        """True while bots play in the background job."""
        return self.thinking is not None and self.thinking.running

    def play_ahead(self, seconds: float) -> None:
        """Bots play from the end of the timeline: to the user's next turn when ``human`` is
        set, else to the end of the hand (for at most ``seconds``). A bot that is not one of
        :data:`FAST_BOTS` thinks in the background job instead (with ``background``), and
        the rest is played there."""
        if self.bots_thinking:
            return  # the background job plays on from the end of the timeline
        if self.timeline.play_ahead(self.bots, self.human, self.slow, seconds):
            self.think_in_background()

    def play_to_user(self, seconds: float) -> None:
        """Bots play ahead (:meth:`play_ahead`) and the state shown moves on over their moves
        to the user's turn, when ``human`` is set."""
        self.play_ahead(seconds)
        self.timeline.skip_to(self.human)

    def extend(self, index: int, seconds: float) -> None:
        """Bots play on until the timeline reaches ``index`` (or the hand ends, or a bot
        fails), then ahead as usual."""
        if not self.bots_thinking and self.timeline.play_to(index, self.bots, self.slow) == (
            "failed"
        ):
            return
        self.play_ahead(seconds)

    def go_to(self, index: int, seconds: float) -> None:
        """Show the state at ``index``: past the end of the timeline the bots play on to it;
        before the start, the start. At the last state, slow bots play on from it."""
        if index > len(self.timeline.states) - 1:
            self.extend(index, seconds)
        self.timeline.go_to(index)
        if self.timeline.index == len(self.timeline.states) - 1:
            self.play_ahead(seconds)  # slow bots play on as the user gets there

    def play_to_the_end(self) -> None:
        """Bots play every seat (the user's too) to the end of the hand, shown at its last
        state (a slow bot thinks in the background job, the state shown following it)."""
        if not self.timeline.last.is_over and (
            self.bots_thinking or self.timeline.play_to(None, self.bots, self.slow) == "slow"
        ):
            self.think_in_background(to_the_end=True)
        self.timeline.go_to_last()

    def think_in_background(self, to_the_end: bool = False) -> None:
        """Let the bots play on from the end of the timeline in the background job: to the
        user's turn (or to the end of the hand, ``to_the_end``), one move at a time, each
        shown as it comes; Cancel (or a click that replaces the future) stops them after the
        move being thought about, which is then dropped."""
        assert self.thinking is not None, "attach the background job first"
        seats = lambda: (self.human, self.bots, self.specs)  # noqa: E731
        self.thinking.start(self.timeline, seats, self.redraw, to_the_end)

    def stop_bots(self) -> bool:
        """Cancel the bots' background job, if one runs (True then)."""
        return self.thinking is not None and self.thinking.stop()

    # ------------------------------------------------------------------ changing the future
    def branch(self, after: State, seconds: float) -> None:
        """Replace the future of the state shown by ``after`` and the bots' play after it."""
        self.stop_bots()
        self.timeline.branch(after)
        self.play_to_user(seconds)

    def played(self, move: Move | str) -> State | str:
        """The state after ``move`` at the state shown, or why it may not be played there."""
        state = self.timeline.state
        refusal = self.hidden_turn(state)
        if refusal:
            return refusal
        try:
            return state.play(move)
        except ValueError as error:
            return str(error)

    def clicked(self, card: Card | str) -> Move | list[Move] | str:
        """What clicking ``card`` at the state shown does: the move to play (the only legal
        move with the card), the moves to choose among (several), or why not, in words."""
        try:
            card = Card.parse(card)
        except CardError as error:
            return str(error)
        state = self.timeline.state
        if state.is_over:
            return "The hand is over: deal again, or step back to try another move."
        refusal = self.hidden_turn(state)
        if refusal:
            return refusal
        moves = card_moves(state, card)
        if isinstance(moves, str):
            return f"{card} cannot be played: {moves}."
        return moves[0] if len(moves) == 1 else moves

    def replace_bot(self, seat: int, spec: BotSpec, seconds: float) -> BotSpec:
        """Let ``spec`` play ``seat`` from the state shown: the moves that seat's old bot made
        after it are played again by the new one. Returns the spec as kept (a name in lower
        case). :class:`~cardlab.bots.checks.AgentSpecError` for a spec that is no bot."""
        check_spec(spec)
        spec = spec.strip().lower() if isinstance(spec, str) else spec
        self.specs[seat] = spec
        self.bots[seat] = make_bots([spec], self.rng)[0]
        timeline = self.timeline
        future = timeline.states[timeline.index : -1]
        if any(state.current_player == seat for state in future) or timeline.failure:
            self.stop_bots()
            timeline.forget_future()
            self.play_ahead(seconds)
        return spec


__all__ = [
    "FAST_BOTS",
    "Bot",
    "Seating",
    "card_moves",
    "check_seat",
    "check_game",
    "check_solver",
    "check_state",
    "random_bot",
    "seat_or_none",
]
