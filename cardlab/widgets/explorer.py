"""The game explorer: deal, step through a hand, play it by clicking cards against bots of your
choice, ask for a hint, and open a recorded hand to look back at it.

Generic over games: it uses only the core protocol (``deal``, ``legal_moves``, ``why_not``,
``play``, ``view``, ``layout``, ``last_events``, ``record``), so every game in
:data:`cardlab.GAMES` works in it.

With ``show=seat`` the explorer shows what that seat may see and nothing more: the board is
the seat's :meth:`~cardlab.core.State.view`, the narration tells private events as the seat
was told them, and the legal moves, buttons and hint of another seat are not shown. At the end
of the hand a "Reveal every hand" button shows the rest.

The "Perfect play" box (not offered where no position is ever solvable, as in Chinese Ten)
opens the solver panel: each legal move's result under perfect play and a line of it, solved
only from what is displayed (see :mod:`cardlab.widgets.solution`). It is on by default, solved
in a process beside the kernel so that the notebook never waits (see
:mod:`cardlab.widgets.solving`); off by default where that cannot be (``background=False``,
and JupyterLite, which has no processes).

The explorer is made of parts: the :class:`~cardlab.widgets.timeline.Timeline` (plain
Python), the widget tree (:mod:`~cardlab.widgets.controls`), what is drawn in it
(:mod:`~cardlab.widgets.drawing`) and three background jobs, each one
:class:`~cardlab.widgets.background.LatestJob` (the hint, the solver panel, slow bots). This
class wires them.

>>> import cardlab
>>> from cardlab.widgets import Explorer
>>> explorer = Explorer(cardlab.game("mod-ten", players=3), seed=7)
>>> explorer.index, explorer.state.move_number
(0, 0)
"""

from __future__ import annotations

import contextlib
import html
import random
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import ipywidgets as widgets

from cardlab.agents import Estimate, checked_view, move_estimates
from cardlab.cards import Card, CardError
from cardlab.core import Game, Move, OptionError, RecordError, State, View, whole_number
from cardlab.render import rows_html
from cardlab.widgets.background import threads_available
from cardlab.widgets.bots import (
    BotSpec,
    BotSpecError,
    check_spec,
    make_bots,
    menu_entries,
    seat_specs,
)
from cardlab.widgets.boxes import hidden
from cardlab.widgets.controls import EVERY, Controls, wrapping  # noqa: F401 (app.py reads it here)
from cardlab.widgets.drawing import (  # the colours are also read here, where they were
    ERROR_COLOUR,  # noqa: F401
    ERROR_STYLE,  # noqa: F401
    ILLEGAL_COLOUR,  # noqa: F401
    LEGAL_COLOUR,
    board_rows,
    draw_end,
    draw_record,
    draw_turn,
    message_html,
    narration_html,
    turn_html,
)
from cardlab.widgets.hinting import HintPanel
from cardlab.widgets.replays import as_record, recorded_hands
from cardlab.widgets.seeds import SeedError, parse_seed
from cardlab.widgets.solution import never_solvable
from cardlab.widgets.solving import SolverPanel, panel_on_by_default
from cardlab.widgets.thinking import BotThinking
from cardlab.widgets.timeline import Timeline
from cardlab.words import shortened

Bot = Callable[[View], Move]
"""A bot: given what its seat may see, a legal move."""


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
    """``solver=`` checked: True, False or None (None: the default, see the class)."""
    if solver is not None and not isinstance(solver, bool):
        raise OptionError(f"solver must be True, False or None, not {shortened(solver)}")
    return solver


FAST_BOTS = ("random", "greedy")
"""The bots that play at once; every other one (Monte Carlo, pimc, a function) thinks in the
background job when ``background`` is True, with a Cancel button, so that neither the
constructor nor a click waits for it."""


def seat_or_none(game: Game, seat: object, what: str) -> int | None:
    """``seat`` checked as a seat number of ``game`` (None stays None)."""
    if seat is None:
        return None
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
        last = game.players - 1
        raise OptionError(f"{what} must be None or a seat from 0 to {last}, not {shortened(seat)}")
    return seat


class Explorer:
    """A widget to deal a hand, step through it and play it.

    - ``game``: the game to deal (``cardlab.game(...)``).
    - ``seed``: the deal's seed, a whole number (None: drawn at random).
    - ``state``: start from this state instead of a deal (a set position for a lesson).
    - ``show``: None shows every hand face up; a seat number shows only what that seat sees.
    - ``human``: None lets the user play every seat by clicking; a seat number lets the user
      play that seat while the bots play the others.
    - ``bots``: the bots, one for every seat or one per seat: names of agents in
      :data:`cardlab.agents.AGENTS` ("random", "greedy", "mc", "mc:200" ...) or functions of
      a view. Default "random". ``bot`` (one function for every seat) is the older spelling.
    - ``background``: run the hint, slow bots and the solver panel beside the notebook (a
      thread; the solver in a process), so that it stays free; False runs them at once,
      which is what tests want.
    - ``solver``: whether the "Perfect play" panel starts on. None (the default): on where it
      is solved beside the kernel (``background``, and not in JupyterLite, which has no
      processes), off elsewhere, where a solve would hold the notebook for up to
      :attr:`SOLVE_SECONDS` at each step.

    The explorer keeps a :class:`~cardlab.widgets.timeline.Timeline` of states
    (:attr:`timeline`, the one shown at :attr:`index`). The bots play ahead (to the end of the
    hand, or to the user's next turn when ``human`` is set); the buttons and the slider move
    along it; and clicking a card at any point replaces the future with that move (and the
    bots' replies). Display it by leaving it last in a cell. :meth:`from_record` opens a
    recorded hand. Its widgets are those of :attr:`controls` (``explorer.slider`` is
    ``explorer.controls.slider``).
    """

    PLAY_AHEAD_SECONDS = 0.25
    """How long the bots may play ahead at once when no seat is the user's: slow bots (Monte
    Carlo) then play the rest as the user steps forward."""
    PROGRESS_SECONDS = 0.1
    """How often a running hint moves its progress bar."""
    SOLVE_SECONDS = 1.5
    """The solver panel's budget per position: past it, "not solved within budget"."""

    def __init__(
        self,
        game: Game,
        seed: int | str | None = None,
        *,
        state: State | None = None,
        show: int | None = None,
        human: int | None = None,
        bot: Bot | None = None,
        bots: BotSpec | Sequence[BotSpec] | None = None,
        background: bool = True,
        solver: bool | None = None,
    ) -> None:
        check_game(game)
        if state is not None:
            check_state(game, state)
        seed = parse_seed(seed)  # a bad seed is refused before anything is built
        specs = seat_specs(bots, bot, game.players)
        self._setup(game, show, human, specs, background, check_solver(solver))
        if state is None:
            state = self._new_deal(seed)
            seed = state.seed
        self._start(state, parse_seed(seed))

    @classmethod
    def from_record(
        cls,
        source: Any,
        hand: int = 0,
        *,
        show: int | None = None,
        human: int | None = None,
        bot: Bot | None = None,
        bots: BotSpec | Sequence[BotSpec] | None = None,
        background: bool = True,
        solver: bool | None = None,
    ) -> Explorer:
        """An explorer opened at the start of a recorded hand, its moves as the timeline.

        ``source`` is a hand record (``state.record()``), a match record (``match.record()``,
        with ``hand`` choosing the hand; a menu switches hands), a row of
        ``cardlab.simulate(..., records=True)`` (or any mapping with a ``record``), a
        ``Match`` or a ``State``. The other arguments are the explorer's. Step and scrub
        through the recorded moves; click another move to branch off (a button goes back to
        the recorded moves). The timeline's states are those :func:`cardlab.replay` rebuilds.
        Raises :class:`~cardlab.RecordError` for a record that does not replay.
        """
        hands = recorded_hands(as_record(source))
        if not isinstance(hand, int) or isinstance(hand, bool) or not 0 <= hand < len(hands):
            raise RecordError(f"hand must be a number from 0 to {len(hands) - 1}, not {hand!r}")
        game = hands[0][0][0].game
        explorer = cls.__new__(cls)
        specs = seat_specs(bots, bot, game.players)
        explorer._setup(game, show, human, specs, background, check_solver(solver))
        explorer._open_hands(hands, hand)
        return explorer

    # ------------------------------------------------------------------ building
    def _setup(
        self,
        game: Game,
        show: int | None,
        human: int | None,
        specs: list[BotSpec],
        background: bool,
        solver: bool | None,
    ) -> None:
        self.game = game
        """The game being explored."""
        self.show = seat_or_none(game, show, "show")
        """The seat whose view is shown, or None for every hand face up."""
        self.human = seat_or_none(game, human, "human")
        """The seat the user plays, or None for every seat."""
        self.bot_specs: list[BotSpec] = specs
        """Each seat's bot, as a name or a function."""
        self.background = background
        """True: hints, slow bots and the solver panel run beside the notebook. False: at once."""
        self.seed: int | str | None = None
        """The seed of the hand shown (None for a hand dealt from given cards)."""
        self.said = ""
        """The last message shown to the user, as plain text."""
        self.bots: list[Bot] = []
        """Each seat's bot, ready to play."""
        self._hands: list[tuple[list[State], str]] = []
        self._choosing: Card | None = None
        self._refreshing = False
        self._bot_rng = random.Random()
        lock = threading.RLock()
        self.controls = Controls(game.players, specs, self.show, self.human, game)
        """Every widget of the explorer (:attr:`widget` holds them all)."""
        self.hints = HintPanel(self.controls, background, lock)
        """The hint's background job."""
        self.thinking_bots = BotThinking(self.controls, lock)
        """The slow bots' background job."""
        self.solver = SolverPanel(self.controls.solution, background, lock)
        """The solver panel's background job and its solved positions."""
        self._never_solvable = never_solvable(game)
        on = panel_on_by_default(background) if solver is None else solver
        self.controls.solver_toggle.value = on and not self._never_solvable
        hidden(self.controls.solver_toggle, self._never_solvable)
        self._wire()

    def _wire(self) -> None:
        """Every click and change of the widgets to what it does."""
        c = self.controls
        c.deal_button.on_click(lambda _button: self.deal(c.seed_box.value))
        c.first_button.on_click(lambda _button: self._step_button(0))
        c.back_button.on_click(lambda _button: self._step_button(self.index - 1))
        c.forward_button.on_click(lambda _button: self._step_button(self.index + 1))
        c.last_button.on_click(lambda _button: self.go_to_end())
        c.slider.observe(self._on_slider, names="value")
        c.show_menu.observe(self._on_show, names="value")
        c.human_menu.observe(self._on_human, names="value")
        for seat, menu in enumerate(c.bot_menus):
            menu.observe(self._bot_observer(seat), names="value")
        c.hand_menu.observe(self._on_hand, names="value")
        c.recorded_button.on_click(lambda _button: self.back_to_record())
        c.reveal_button.observe(lambda _change: self._refresh(), names="value")
        c.hint_button.on_click(lambda _button: self.show_hint())
        c.hint_cancel.on_click(lambda _button: self.cancel_hint())
        c.thinking_cancel.on_click(lambda _button: self.cancel_bots())
        c.solver_toggle.observe(lambda _change: self._draw_solution(), names="value")

    def __getattr__(self, name: str) -> Any:
        """The widgets are :attr:`controls`'s: ``explorer.slider`` is its slider."""
        controls = self.__dict__.get("controls")
        if controls is None or name.startswith("_"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return getattr(controls, name)

    def __dir__(self) -> list[str]:
        """The explorer's names and its widgets' (for tab completion)."""
        widgets_names = [name for name in vars(self.controls) if not name.startswith("_")]
        return sorted(set(super().__dir__()) | set(widgets_names))

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.controls.widget)  # type: ignore[no-untyped-call]

    @contextlib.contextmanager
    def _quietly(self) -> Iterator[None]:
        """Change widgets without their observers acting on it."""
        self._refreshing = True
        try:
            yield
        finally:
            self._refreshing = False

    # ------------------------------------------------------------------ the timeline
    @property
    def state(self) -> State:
        """The state shown now."""
        return self.history.state

    @property
    def timeline(self) -> list[State]:
        """The states of the hand, from the first one shown to the last one the bots played."""
        return self.history.states

    @property
    def index(self) -> int:
        """The index in :attr:`timeline` of the state shown (the number of moves shown, when
        the timeline starts at the deal)."""
        return self.history.index

    @index.setter
    def index(self, index: int) -> None:
        self.history.index = index

    @property
    def position(self) -> int:
        """The older name of :attr:`index` (deprecated: ``State.position`` is a position)."""
        warnings.warn("Explorer.position is now Explorer.index", DeprecationWarning, 2)
        return self.index

    @position.setter
    def position(self, index: int) -> None:
        warnings.warn("Explorer.position is now Explorer.index", DeprecationWarning, 2)
        self.index = index

    @property
    def recorded(self) -> list[State] | None:
        """The recorded hand's states, when opened from a record."""
        return self.history.recorded

    def left_record_at(self) -> int | None:
        """The move number where the timeline leaves the recorded moves (None: it follows them;
        also None when the hand was not opened from a record)."""
        return self.history.left_record_at()

    # ------------------------------------------------------------------ hands
    def _new_deal(self, seed: object) -> State:
        """A hand dealt from ``seed``; :class:`SeedError` (a ValueError) for a bad seed."""
        return self.game.deal(seed=parse_seed(seed))

    def deal(self, seed: int | str | None = None) -> None:
        """Deal a new hand from ``seed`` (text from the seed box is accepted; blank or None
        draws one). A bad seed (not a whole number from 0 to 10**18 - 1) is refused with a
        message in the widget, and the hand shown stays as it was."""
        self._interrupt(stop_autoplay=True)
        try:
            state = self._new_deal(seed)
        except ValueError as error:
            self._say(f"{error}. The hand shown is unchanged.", error=True)
            return
        self._start(state, state.seed)

    def _start(self, state: State, seed: int | str | None) -> None:
        """Show ``state`` as the start of a new timeline that the bots play ahead; ``seed``
        seeds the bots and the hint."""
        self._stop_bots()
        self._hands = []
        self._set_seed(seed)
        self.history = Timeline(state)
        """The hand's timeline: its states, the one shown, the recorded moves."""
        self._choosing = None
        self._play_ahead()
        self.history.skip_to(self.human)
        self._say("")
        self._refresh()

    def _set_seed(self, seed: int | str | None) -> None:
        """Show ``seed`` in the seed box and seed the bots from it."""
        self.seed = seed
        self.controls.seed_box.value = "" if seed is None else str(seed)
        self._bot_rng = random.Random(f"{seed}/explorer-bot")
        self.bots = make_bots(self.bot_specs, self._bot_rng)

    def _open_hands(self, hands: list[tuple[list[State], str]], number: int) -> None:
        """Keep a record's hands and open hand ``number``."""
        self._hands = hands
        with self._quietly():
            menu = self.controls.hand_menu
            menu.options = [(label, index) for index, (_, label) in enumerate(hands)]
            menu.value = number
        self._open_recorded(number)

    def _open_recorded(self, number: int) -> None:
        """Show hand ``number`` of the record at its start, its recorded moves as the timeline."""
        self._interrupt(stop_autoplay=True)
        self._stop_bots()
        states = self._hands[number][0]
        self._set_seed(states[0].seed)
        self.history = Timeline(states[0], recorded=states)
        self._choosing = None
        self._say("")
        self._refresh()

    def back_to_record(self) -> None:
        """Put the recorded moves back in place of the moves played since leaving them (the
        position shown stays, as far as the record goes)."""
        self._interrupt(stop_autoplay=True)
        if self.recorded is None:
            self._say("This hand was not opened from a record.", error=True)
            return
        self._stop_bots()
        self.history.back_to_record()
        self._choosing = None
        self._say("")
        self._refresh()

    # ------------------------------------------------------------------ moving
    def go_to(self, index: int) -> None:
        """Show the state after ``index`` moves of the timeline. Past its end the bots play
        on (the bot of the seat to move plays for it, even the user's seat); before the start
        it stops at the start. An index that is not a whole number is refused with a message
        (the position shown stays)."""
        number = whole_number(index)
        if number is None:
            self._say(f"a position is a whole number of moves, not {shortened(index)}", True)
            return
        self._interrupt(stop_autoplay=False)
        if number > len(self.timeline) - 1:
            self._extend(number)
        self.history.go_to(number)
        if self.index == len(self.timeline) - 1:
            self._play_ahead()  # slow bots play on as the user (or the autoplay) gets there
        self._choosing = None
        self._say("")
        self._refresh()

    def go_to_end(self) -> None:
        """Let the bots play the hand to its end (every seat, the user's too) and show it (a
        slow bot thinks in the background job, the position following its moves)."""
        self._interrupt(stop_autoplay=True)
        if not self.history.last.is_over and (
            self.bots_thinking or self.history.play_to(None, self.bots, self._slow) == "slow"
        ):
            self._think_in_background(to_the_end=True)
        self.history.go_to_last()
        self._choosing = None
        self._say("")
        self._refresh()

    def _step_button(self, index: int) -> None:
        self._interrupt(stop_autoplay=True)
        self.go_to(index)

    def _extend(self, index: int) -> None:
        """Bots play on until the timeline reaches ``index`` (or the hand ends, or a bot
        fails), then ahead as usual."""
        if not self.bots_thinking and self.history.play_to(index, self.bots, self._slow) == (
            "failed"
        ):
            return
        self._play_ahead()

    def _play_ahead(self) -> None:
        """Bots play from the end of the timeline: to the user's next turn when ``human`` is
        set, else to the end of the hand (for at most :attr:`PLAY_AHEAD_SECONDS`). A bot that
        is not one of :data:`FAST_BOTS` thinks in the background job instead (with
        ``background``), and the rest is played there."""
        if self.bots_thinking:
            return  # the background job plays on from the end of the timeline
        if self.history.play_ahead(self.bots, self.human, self._slow, self.PLAY_AHEAD_SECONDS):
            self._think_in_background()

    def _slow(self, state: State) -> bool:
        """True when the bot to move at ``state`` should think in the background job."""
        seat = state.current_player
        if not self.background or not threads_available() or seat is None:
            return False
        spec = self.bot_specs[seat]
        return not (isinstance(spec, str) and spec in FAST_BOTS)

    # ------------------------------------------------------------------ slow bots
    @property
    def bots_thinking(self) -> bool:
        """True while bots play in the background job."""
        return self.thinking_bots.running

    @property
    def bot_thread(self) -> threading.Thread | None:
        """The thread of the bots' last background thinking (None when they play at once)."""
        return self.thinking_bots.thread

    def _think_in_background(self, to_the_end: bool = False) -> None:
        """Let the bots play on from the end of the timeline in the background job: to the
        user's turn (or to the end of the hand, ``to_the_end``), one move at a time, each
        shown as it comes; Cancel (or a click that replaces the future) stops them after the
        move being thought about, which is then dropped."""
        seats = lambda: (self.human, self.bots, self.bot_specs)  # noqa: E731
        self.thinking_bots.start(self.history, seats, self._refresh, to_the_end)

    def cancel_bots(self) -> None:
        """Stop the bots thinking in the background job (the move being thought about is
        dropped); stepping forward lets them play on."""
        if self._stop_bots():
            self._say("The bots stopped: step forward to let them play on.")

    def _stop_bots(self) -> bool:
        """Cancel the bots' background job, if one runs (True then)."""
        return self.thinking_bots.stop()

    # ------------------------------------------------------------------ playing
    def _eyes(self, state: State) -> int | None:
        """The seat whose view is drawn at ``state``; None when everything may be shown."""
        if self.show is None or (state.is_over and self.controls.reveal_button.value):
            return None
        return self.show

    def _hidden_turn(self, state: State) -> str | None:
        """Why the user may not see the moves of the seat to move at ``state``, or None."""
        seat = state.current_player
        eyes = self._eyes(state)
        if seat is None or eyes is None or eyes == seat:
            return None
        return (
            f"It is seat {seat}'s turn and its hand is hidden: press ▶ to let its bot play, "
            f"or show every hand."
        )

    def click_card(self, card: Card | str) -> None:
        """What clicking a card of the player to move does: play it if it is the only legal
        move with that card, offer the choices if there are several, say why if it is illegal."""
        self._interrupt(stop_autoplay=True)
        try:
            card = Card.parse(card)
        except CardError as error:
            self._say(str(error), error=True)
            return
        state = self.state
        if state.is_over:
            self._say("The hand is over: deal again, or step back to try another move.", True)
            return
        refusal = self._hidden_turn(state)
        if refusal:
            self._say(refusal, error=True)
            return
        moves = [move for move in state.legal_moves() if move.card is card]
        if not moves:
            reason = state.why_not(Move(card)) or f"{card} cannot be played now"
            self._say(f"{card} cannot be played: {reason}.", error=True)
            return
        if len(moves) == 1:
            self.play(moves[0])
            return
        self._choosing = card
        self._say(f"{card} can be played in {len(moves)} ways: choose one below.")
        self._refresh()

    def play(self, move: Move | str) -> None:
        """Play ``move`` at the shown position: the future of the timeline is replaced by it
        and the bots' play after it. An illegal move is refused with a message."""
        self._interrupt(stop_autoplay=True)
        state = self.state
        refusal = self._hidden_turn(state)
        if refusal:
            self._say(refusal, error=True)
            return
        try:
            after = state.play(move)
        except ValueError as error:
            self._say(str(error), error=True)
            return
        self._stop_bots()
        self.history.branch(after)
        self._play_ahead()
        self.history.skip_to(self.human)
        self._choosing = None
        self._say("")
        self._refresh()

    def set_bot(self, seat: int, spec: BotSpec) -> None:
        """Let ``spec`` (a name or a function) play ``seat`` from the position shown: the moves
        that seat's old bot made after it are played again by the new one. A seat that is
        not one of the game's raises :class:`~cardlab.OptionError`, changing nothing."""
        if seat_or_none(self.game, seat, "seat") is None:
            raise OptionError(f"seat must be a seat from 0 to {self.game.players - 1}, not None")
        self._interrupt(stop_autoplay=True)
        try:
            check_spec(spec)
        except BotSpecError as error:
            self._say(str(error), error=True)
            return
        spec = spec.strip().lower() if isinstance(spec, str) else spec
        self.bot_specs[seat] = spec
        self.bots[seat] = make_bots([spec], self._bot_rng)[0]
        menu = self.controls.bot_menus[seat]
        with self._quietly():
            if all(value != spec for _, value in menu.options):
                menu.options = menu_entries(self.bot_specs, self.game)
            menu.value = spec
        future = self.timeline[self.index : -1]
        if any(state.current_player == seat for state in future) or self.history.failure:
            self._stop_bots()
            self.history.forget_future()
            self._play_ahead()
        self._say(f"Seat {seat} is now played by {menu.label}.")
        self._refresh()

    # ------------------------------------------------------------------ hint
    def hint_estimates(self, playouts: int | None = None) -> dict[Move, Estimate]:
        """The Monte Carlo estimate of each legal move for the seat to move, with its
        uncertainty: its chance to win (Mod Ten) or expected points, their standard error and
        the playouts. Computed from that seat's view only, so it never uses a hidden card;
        seeded by the deal's seed and the move number, so it repeats."""
        state = self.state
        if state.current_player is None:
            return {}
        playouts = self.controls.hint_playouts.value if playouts is None else playouts
        view = state.view(state.current_player)
        return move_estimates(view, playouts, self._hint_rng(state))

    def hint_values(self, playouts: int | None = None) -> dict[Move, float]:
        """The means of :meth:`hint_estimates` (what ``cardlab.agents.move_values`` gives)."""
        return {move: estimate.mean for move, estimate in self.hint_estimates(playouts).items()}

    def _hint_rng(self, state: State) -> random.Random:
        return random.Random(f"{self.seed}/hint/{state.move_number}")

    @property
    def hint_running(self) -> bool:
        """True while a hint is being worked out."""
        return self.hints.running

    @property
    def hint_thread(self) -> threading.Thread | None:
        """The thread that works out the last hint asked for (None when run at once)."""
        return self.hints.job.thread

    def show_hint(self) -> None:
        """Work out the hint for the seat to move (in the background unless ``background`` is
        False), with a progress bar and a Cancel button, and show it under the hand: each
        move's estimate with its 95% interval, best first."""
        state = self.state
        if self.hint_running:
            self._say("A hint is already being worked out: wait for it, or cancel it.")
            return
        seat = state.current_player
        if seat is None:
            self.controls.hint.value = "<i>The hand is over: there is nothing to hint.</i>"
            return
        refusal = self._hidden_turn(state)
        if refusal:
            self.controls.hint.value = f"<i>{html.escape(refusal)}</i>"
            return
        playouts = self.controls.hint_playouts.value
        rng = self._hint_rng(state)
        label = self.game.value_label
        self.hints.start(state.view(seat), playouts, rng, label, self.PROGRESS_SECONDS)

    def cancel_hint(self) -> None:
        """Stop the hint being worked out; nothing of it is shown."""
        self.hints.cancel(say=True)

    def _interrupt(self, stop_autoplay: bool) -> None:
        """What any step or click does first: cancel a running hint, and stop the autoplay
        (unless the autoplay itself is stepping)."""
        self.hints.cancel(say=False)
        if stop_autoplay:
            self.controls.player.playing = False

    # ------------------------------------------------------------------ solver panel
    def _draw_solution(self) -> None:
        """Show the panel for the position shown: kept, or solved now (beside the notebook
        unless ``background`` is False; the latest position wins over an older solve)."""
        if not self.controls.solver_toggle.value or self._never_solvable:
            self.solver.clear()
            return
        state = self.state
        self.solver.show(state, self._eyes(state), self.SOLVE_SECONDS)

    @property
    def solve_running(self) -> bool:
        """True while the solver panel is working out a position."""
        return self.solver.job.running

    @property
    def solve_thread(self) -> threading.Thread | None:
        """The thread of the last solve started for the solver panel (None when run at once);
        it waits for the solver process."""
        return self.solver.job.thread

    # ------------------------------------------------------------------ callbacks
    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._refreshing and change["new"] != self.index:
            self.go_to(change["new"])

    def _on_show(self, change: dict[str, Any]) -> None:
        self._interrupt(stop_autoplay=False)
        self.show = None if change["new"] == EVERY else change["new"]
        self._choosing = None
        self._refresh()

    def _on_human(self, change: dict[str, Any]) -> None:
        self._interrupt(stop_autoplay=True)
        self.human = None if change["new"] == EVERY else change["new"]
        self._play_ahead()
        self.history.skip_to(self.human)
        self._refresh()

    def _bot_observer(self, seat: int) -> Callable[[dict[str, Any]], None]:
        def changed(change: dict[str, Any]) -> None:
            if not self._refreshing:
                self.set_bot(seat, change["new"])

        return changed

    def _on_hand(self, change: dict[str, Any]) -> None:
        if not self._refreshing and self._hands:
            self._open_recorded(change["new"])

    # ------------------------------------------------------------------ drawing
    def _say(self, text: str, error: bool = False) -> None:
        self.said = text
        self.controls.message.value = message_html(text, error)

    def _refresh(self) -> None:
        state = self.state
        eyes = self._eyes(state)
        c = self.controls
        c.hint.value = ""
        # Moving the slider's bounds may move its value: that must not move the position.
        with self._quietly():
            c.slider.max = c.player.max = len(self.timeline) - 1
            c.slider.value = c.player.value = self.index
        c.first_button.disabled = c.back_button.disabled = self.history.at_start
        c.forward_button.disabled = c.last_button.disabled = self.history.at_end
        c.board.value = rows_html(board_rows(state, eyes))
        c.narration.value = narration_html(state, eyes)
        hidden(c.reveal_button, not (self.show is not None and state.is_over))
        recorded = None if self.recorded is None else len(self.recorded) - 1
        draw_record(c, recorded, self.left_record_at(), len(self._hands))
        self._draw_turn(state, eyes)
        self._draw_solution()

    def _draw_turn(self, state: State, eyes: int | None) -> None:
        seat = state.current_player
        if seat is None:
            draw_end(self.controls, state)
            return
        refusal = self._hidden_turn(state)
        failure = self.history.failure_at(state)
        may_see = failure is not None and (eyes is None or eyes == failure.seat)
        self.controls.turn_label.value = turn_html(state, refusal, failure, may_see)
        why_not = refusal
        if refusal is None and self.human not in (None, seat):
            why_not = f"Seat {seat} is played by its bot: press ▶ to let it play."
        buttons = (self.click_card, self._move_button)
        draw_turn(self.controls, state, why_not, buttons, self._choosing)

    def _move_button(self, move: Move) -> widgets.Button:
        button = widgets.Button(
            description=describe_choice(move, self.game),
            tooltip=str(move),
            layout=widgets.Layout(width="auto"),
        )
        button.style.button_color = LEGAL_COLOUR
        button.on_click(lambda _button: self.play(move))
        return button


def describe_choice(move: Move, game: Game | type[Game] = Game) -> str:
    """A move as a button label, in ``game``'s words (:meth:`~cardlab.core.Game.describe_move`):
    "3H: capture 7C", "AS as a trump" (Two-Ten-Jack), or the card alone."""
    if not isinstance(move, Move):
        raise OptionError(f"expected a move, not {shortened(move)}")
    return game.describe_move(move)


__all__ = ["EVERY", "Bot", "Explorer", "SeedError", "describe_choice", "random_bot"]
