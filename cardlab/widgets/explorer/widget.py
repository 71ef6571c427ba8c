"""The game explorer: deal, step through a hand, play it by clicking cards against bots of your
choice, ask for a hint, and open a recorded hand to look back at it.

Generic over games: it uses only the core protocol (``deal``, ``legal_moves``, ``why_not``,
``play``, ``view``, ``layout``, ``last_events``, ``record``), so every game in
:data:`cardlab.GAMES` works in it.

With ``show=seat`` the explorer shows what that seat may see and nothing more: the board is
the seat's :meth:`~cardlab.engine.core.State.view`, the narration tells private events as the seat
was told them, and the legal moves, buttons and hint of another seat are not shown. At the end
of the hand a "Reveal every hand" button shows the rest.

The "Perfect play" box (not offered where no position is ever solvable, as in Chinese Ten)
opens the solver panel: each legal move's result under perfect play and a line of it, solved
only from what is displayed (see :mod:`cardlab.widgets.explorer.solution_words`). It is on by
default where the player to move could know perfect play (not on a new Two-Ten-Jack deal, whose
stock nobody has seen), solved in a process beside the kernel so that the notebook never waits,
or in JupyterLite, which has no processes, in the kernel in steps of a few milliseconds between
which the kernel answers (see :mod:`cardlab.widgets.explorer.solution_panel`); off by default
with ``background=False``.

The explorer is made of parts: the :class:`~cardlab.widgets.explorer.seating.Seating` (plain Python:
the hand's :class:`~cardlab.widgets.explorer.timeline.Timeline`, who sees and plays each seat, the
bots playing ahead), the widget tree (:mod:`~cardlab.widgets.explorer.controls`), what is drawn in
it (:mod:`~cardlab.widgets.explorer.drawing`, after each change by
:mod:`~cardlab.widgets.explorer.screen`) and three background jobs, each one
:class:`~cardlab.widgets.background.LatestJob` (the hint, the solver panel, slow bots). This class
wires them; its names that hand over to those parts (``explorer.state``, ``explorer.slider``,
``explorer.hint_running`` ...) are in :mod:`cardlab.widgets.explorer.names`.

>>> import cardlab
>>> from cardlab.widgets import Explorer
>>> explorer = Explorer(cardlab.game("mod-ten", players=3), seed=7)
>>> explorer.index, explorer.state.move_number
(0, 0)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from cardlab.bots.estimates import Estimate
from cardlab.engine.cards import Card
from cardlab.engine.core import Game, State
from cardlab.engine.errors import OptionError
from cardlab.engine.moves import Move
from cardlab.engine.numbers import whole_number
from cardlab.engine.words import shortened
from cardlab.widgets.explorer.bots import BotSpec, BotSpecError, seat_specs
from cardlab.widgets.explorer.controls import EVERY, Controls
from cardlab.widgets.explorer.drawing import describe_choice
from cardlab.widgets.explorer.hint_panel import HintPanel, hint_estimates
from cardlab.widgets.explorer.names import ExplorerNames
from cardlab.widgets.explorer.replays import as_record, check_hand_number, recorded_hands
from cardlab.widgets.explorer.screen import Screen
from cardlab.widgets.explorer.seating import (
    Bot,
    Seating,
    check_game,
    check_seat,
    check_solver,
    check_state,
    random_bot,
)
from cardlab.widgets.explorer.solution_panel import SolverPanel, panel_on_by_default
from cardlab.widgets.explorer.thinking import BotThinking
from cardlab.widgets.explorer.timeline import Timeline
from cardlab.widgets.seeds import SeedError, parse_seed


class Explorer(ExplorerNames):
    """A widget to deal a hand, step through it and play it.

    - ``game``: the game to deal (``cardlab.game(...)``).
    - ``seed``: the deal's seed, a whole number (None: drawn at random).
    - ``state``: start from this state instead of a deal (a set position for a lesson).
    - ``show``: None shows every hand face up; a seat number shows only what that seat sees.
    - ``human``: None lets the user play every seat by clicking; a seat number lets the user
      play that seat while the bots play the others.
    - ``bots``: the bots, one for every seat or one per seat: names of agents in
      :data:`cardlab.bots.specs.AGENTS` ("random", "greedy", "mc", "mc:200" ...) or functions of
      a view. Default "random". ``bot`` (one function for every seat) is the older spelling.
    - ``background``: run the hint, slow bots and the solver panel beside the notebook (a
      thread; the solver in a process), so that it stays free; False runs them at once,
      which is what tests want.
    - ``solver``: whether the "Perfect play" panel starts on. None (the default): on where it
      is solved without holding the notebook (``background``: beside the kernel, or in
      JupyterLite in short steps) and the player to move could know perfect play from what
      they see of the first position (2-player Mod Ten; Two-Ten-Jack once its stock is
      empty, not a new Two-Ten-Jack deal, beyond the panel's budget); off with
      ``background=False``, where a solve would hold the notebook for up to
      :attr:`SOLVE_SECONDS` at each step.

    The explorer keeps a :class:`~cardlab.widgets.explorer.timeline.Timeline` of states
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
        if state is None:
            state = game.deal(seed=seed)
            seed = state.seed
        self._setup(game, show, human, specs, background, solver, state)
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
        check_hand_number(hands, hand)
        game = hands[0][0][0].game
        explorer = cls.__new__(cls)
        specs = seat_specs(bots, bot, game.players)
        explorer._setup(game, show, human, specs, background, solver, hands[hand][0][0])
        explorer.seating.hands = hands
        explorer.controls.set_hand_menu([label for _, label in hands], hand)
        explorer._open_recorded(hand)
        return explorer

    # ------------------------------------------------------------------ building
    def _setup(
        self,
        game: Game,
        show: int | None,
        human: int | None,
        specs: list[BotSpec],
        background: bool,
        solver: object,
        opening: State,
    ) -> None:
        on = check_solver(solver)  # (refused before the seats, as it always was)
        if not isinstance(background, bool):
            raise OptionError(f"background is True or False, not {shortened(background)}")
        self.game = game
        """The game being explored."""
        self.background = background
        """True: hints, slow bots and the solver panel run beside the notebook. False: at once."""
        self.seating = Seating(game, show, human, specs, background)
        self.controls = Controls(game.players, specs, self.seating.show, self.seating.human, game)
        lock = threading.RLock()
        self.hints = HintPanel(self.controls, background, lock)
        self.thinking_bots = BotThinking(self.controls, lock)
        self.solver = SolverPanel(self.controls.solution, background, lock)
        buttons, seconds = (self._card_pressed, self._move_pressed), lambda: self.SOLVE_SECONDS
        self.screen = Screen(self.controls, self.seating, self.solver, buttons, seconds)
        self.screen.offer_solver(panel_on_by_default(background, opening) if on is None else on)
        revealed = lambda: bool(self.controls.reveal_button.value)  # noqa: E731
        self.seating.attach(self.thinking_bots, revealed, self.screen.refresh)
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
        c.reveal_button.observe(lambda _change: self.screen.refresh(), names="value")
        c.hint_button.on_click(lambda _button: self.show_hint())
        c.hint_cancel.on_click(lambda _button: self.cancel_hint())
        c.thinking_cancel.on_click(lambda _button: self.cancel_bots())
        c.solver_toggle.observe(lambda _change: self.screen.draw_solution(), names="value")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.controls.widget)  # type: ignore[no-untyped-call]

    # ------------------------------------------------------------------ hands
    def deal(self, seed: int | str | None = None) -> None:
        """Deal a new hand from ``seed`` (text from the seed box is accepted; blank or None
        draws one). A bad seed (not a whole number from 0 to 10**18 - 1) is refused with a
        message in the widget, and the hand shown stays as it was."""
        self._interrupt(stop_autoplay=True)
        try:
            state = self.game.deal(seed=parse_seed(seed))
        except ValueError as error:
            self.screen.say(f"{error}. The hand shown is unchanged.", error=True)
            return
        self._start(state, state.seed)

    def _start(self, state: State, seed: int | str | None) -> None:
        """Show ``state`` as the start of a new timeline that the bots play ahead."""
        self.seating.hands = []
        self._new_timeline(Timeline(state), seed)
        self.seating.play_to_user(self.PLAY_AHEAD_SECONDS)
        self.screen.shown()

    def _new_timeline(self, timeline: Timeline, seed: int | str | None) -> None:
        """Make ``timeline`` the hand's, its bots and hint seeded by ``seed`` (in the box)."""
        self.seating.start(timeline, seed)
        self.controls.seed_box.value = "" if seed is None else str(seed)

    def _open_recorded(self, number: int) -> None:
        """Show hand ``number`` of the record at its start, its recorded moves as the timeline."""
        self._interrupt(stop_autoplay=True)
        states = self.seating.hands[number][0]
        self._new_timeline(Timeline(states[0], recorded=states), states[0].seed)
        self.screen.shown()

    def back_to_record(self) -> None:
        """Put the recorded moves back in place of the moves played since leaving them (the
        position shown stays, as far as the record goes)."""
        self._interrupt(stop_autoplay=True)
        if self.recorded is None:
            self.screen.say("This hand was not opened from a record.", error=True)
            return
        self.seating.stop_bots()
        self.seating.timeline.back_to_record()
        self.screen.shown()

    # ------------------------------------------------------------------ moving and playing
    def go_to(self, index: int) -> None:
        """Show the state after ``index`` moves of the timeline. Past its end the bots play
        on (the bot of the seat to move plays for it, even the user's seat); before the start
        it stops at the start. An index that is not a whole number (1.5, "3") is refused with
        an :class:`~cardlab.engine.errors.OptionError` (the position shown stays)."""
        number = whole_number(index)
        if number is None:
            raise OptionError(f"a position is a whole number of moves, not {shortened(index)}")
        self._interrupt(stop_autoplay=False)
        self.seating.go_to(number, self.PLAY_AHEAD_SECONDS)
        self.screen.shown()

    def go_to_end(self) -> None:
        """Let the bots play the hand to its end (every seat, the user's too) and show it (a
        slow bot thinks in the background job, the position following its moves)."""
        self._interrupt(stop_autoplay=True)
        self.seating.play_to_the_end()
        self.screen.shown()

    def _step_button(self, index: int) -> None:
        self._interrupt(stop_autoplay=True)
        self.go_to(index)

    def click_card(self, card: Card | str) -> None:
        """What clicking a card of the player to move does: play it if it is the only legal
        move with that card, offer the choices if there are several, say why if it is illegal."""
        self._interrupt(stop_autoplay=True)
        answer = self.seating.clicked(card)
        if isinstance(answer, str):
            self.screen.say(answer, error=True)
        elif isinstance(answer, Move):
            self.play(answer)
        else:
            self.screen.choosing = card = answer[0].card
            self.screen.say(f"{card} can be played in {len(answer)} ways: choose one below.")
            self.screen.refresh()

    def play(self, move: Move | str) -> None:
        """Play ``move`` at the shown position: the future of the timeline is replaced by it
        and the bots' play after it. An illegal move is refused with a message."""
        self._interrupt(stop_autoplay=True)
        after = self.seating.played(move)
        if isinstance(after, str):
            self.screen.say(after, error=True)
            return
        self.seating.branch(after, self.PLAY_AHEAD_SECONDS)
        self.screen.shown()

    def _card_pressed(self, card: Card) -> None:
        """A card's button pressed on the page: as :meth:`click_card`, then the focus moves
        on (see :meth:`Screen.focus_next`) when a move was made."""
        index = self.index
        self.click_card(card)
        if self.index != index:
            self.screen.focus_next()

    def _move_pressed(self, move: Move) -> None:
        """A move's button pressed on the page: as :meth:`play`, then the focus moves on."""
        self.play(move)
        self.screen.focus_next()

    def set_bot(self, seat: int, spec: BotSpec) -> None:
        """Let ``spec`` (a name or a function) play ``seat`` from the position shown: the moves
        that seat's old bot made after it are played again by the new one. A seat that is
        not one of the game's raises :class:`~cardlab.OptionError`, changing nothing."""
        check_seat(self.game, seat)
        self._interrupt(stop_autoplay=True)
        try:
            spec = self.seating.replace_bot(seat, spec, self.PLAY_AHEAD_SECONDS)
        except BotSpecError as error:
            self.screen.say(str(error), error=True)
            return
        label = self.controls.set_bot_menu(seat, spec, self.bot_specs)
        self.screen.say(f"Seat {seat} is now played by {label}.")
        self.screen.refresh()

    # ------------------------------------------------------------------ the hint
    def hint_estimates(self, playouts: int | None = None) -> dict[Move, Estimate]:
        """The Monte Carlo estimate of each legal move for the seat to move, with its
        uncertainty: its chance to win (Mod Ten) or expected points, their standard error and
        the playouts (default: the playouts box). Computed from that seat's view only, so it
        never uses a hidden card; seeded by the deal's seed and the move number, so it repeats."""
        playouts = self.controls.hint_playouts.value if playouts is None else playouts
        return hint_estimates(self.state, playouts, self.seed)

    def hint_values(self, playouts: int | None = None) -> dict[Move, float]:
        """The means of :meth:`hint_estimates` (what ``cardlab.bots.estimates.move_values``
        gives)."""
        return {move: estimate.mean for move, estimate in self.hint_estimates(playouts).items()}

    def _interrupt(self, stop_autoplay: bool) -> None:
        """What any step or click does first: cancel a running hint, and stop the autoplay
        (unless the autoplay itself is stepping)."""
        self.hints.cancel(say=False)
        if stop_autoplay:
            self.controls.player.playing = False

    # ------------------------------------------------------------------ callbacks
    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self.controls.quiet and change["new"] != self.index:
            self.go_to(change["new"])

    def _on_show(self, change: dict[str, Any]) -> None:
        self._interrupt(stop_autoplay=False)
        self.show = None if change["new"] == EVERY else change["new"]
        self.screen.choosing = None
        self.screen.refresh()

    def _on_human(self, change: dict[str, Any]) -> None:
        """Taking a seat ("You play: seat N") also shows only that seat's hand, so that a
        student playing against bots does not see their cards; the Show menu shows them again
        if the student chooses to."""
        self._interrupt(stop_autoplay=True)
        self.human = None if change["new"] == EVERY else change["new"]
        self.seating.play_to_user(self.PLAY_AHEAD_SECONDS)
        if self.human is not None and self.show != self.human:
            self.controls.show_menu.value = self.human  # redraws (see _on_show)
            self.screen.say(
                f"You play seat {self.human}: the other hands are hidden "
                "(Show: every hand shows them)."
            )
            return
        self.screen.refresh()

    def _bot_observer(self, seat: int) -> Callable[[dict[str, Any]], None]:
        def changed(change: dict[str, Any]) -> None:
            if not self.controls.quiet:
                self.set_bot(seat, change["new"])

        return changed

    def _on_hand(self, change: dict[str, Any]) -> None:
        if not self.controls.quiet and self.seating.hands:
            self._open_recorded(change["new"])


__all__ = ["EVERY", "Bot", "Explorer", "SeedError", "describe_choice", "random_bot"]
