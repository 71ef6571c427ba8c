"""The game explorer: deal, step through a hand, play it by clicking cards against bots of your
choice, ask for a hint, and open a recorded hand to look back at it.

Generic over games: it uses only the core protocol (``deal``, ``legal_moves``, ``why_not``,
``play``, ``view``, ``layout``, ``last_events``, ``record``), so every game in
:data:`cardlab.GAMES` works in it.

With ``show=seat`` the explorer shows what that seat may see and nothing more: the board is
the seat's :meth:`~cardlab.core.State.view`, the narration tells private events as the seat
was told them, and the legal moves, buttons and hint of another seat are not shown. At the end
of the hand a "Reveal every hand" button shows the rest.

The "Perfect play" box (off by default; not offered where no position is ever solvable, as in
Chinese Ten) opens the solver panel: each legal move's result under perfect play and a line of
it, solved only from what is displayed (see :mod:`cardlab.widgets.solution`).

>>> import cardlab
>>> from cardlab.widgets import Explorer
>>> explorer = Explorer(cardlab.game("mod-ten", players=3), seed=7)
>>> explorer.position, explorer.state.move_number
(0, 0)
"""

from __future__ import annotations

import dataclasses
import html
import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from cardlab.agents import Estimate, agent_name, checked_view, move_estimates, running_estimates
from cardlab.cards import Card, CardError
from cardlab.core import Game, Move, OptionError, RecordError, State, View, whole_number
from cardlab.render import RED, rows_html
from cardlab.widgets.background import Task, start
from cardlab.widgets.bots import (
    BotFailed,
    BotSpec,
    BotSpecError,
    bot_move,
    check_spec,
    legend_lines,
    make_bots,
    menu_entries,
    seat_specs,
)
from cardlab.widgets.boxes import hidden, replace_children
from cardlab.widgets.hint import hint_html
from cardlab.widgets.replays import as_record, recorded_hands
from cardlab.widgets.seeds import SeedError, parse_seed
from cardlab.widgets.solution import Target, never_solvable, panel_html, panel_lines
from cardlab.words import shortened

Bot = Callable[[View], Move]
"""A bot: given what its seat may see, a legal move."""

LEGAL_COLOUR = "#dff5df"
"""The background of a card button that may be played."""
ILLEGAL_COLOUR = "#eeeeee"
"""The background of a card button that may not be played."""
ERROR_COLOUR = "#b00020"
"""The colour of a message that refuses something."""
ERROR_STYLE = f"color:{ERROR_COLOUR};background:#fdecea;padding:0 0.3em;border-radius:0.2em"
"""The inline CSS of such a message: on a background of its own (6.4:1), so that it reads
as well on a dark page as on a light one."""

EVERY = -1
"""The value of "every hand" / "every seat" in the Show and You play menus. (Not None: a
Dropdown whose value is None shows as empty in the browser.)"""


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
    - ``background``: run the hint and the solver panel in a thread (the notebook stays
      free); False runs them at once, which is what tests want.

    The explorer keeps a timeline of states. The bots play ahead (to the end of the hand, or to
    the user's next turn when ``human`` is set); the buttons and the slider move along it; and
    clicking a card at any point replaces the future with that move (and the bots' replies).
    Display it by leaving it last in a cell. :meth:`from_record` opens a recorded hand.
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
    ) -> None:
        check_game(game)
        if state is not None:
            check_state(game, state)
        seed = parse_seed(seed)  # a bad seed is refused before anything is built
        self._setup(game, show, human, seat_specs(bots, bot, game.players), background)
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
        explorer._setup(game, show, human, seat_specs(bots, bot, game.players), background)
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
        """True: hints run in a thread. False: at once (for tests)."""
        self.timeline: list[State] = []
        """The states of the hand, from the first one shown to the last one the bots played."""
        self.position = 0
        """The index in :attr:`timeline` of the state shown."""
        self.seed: int | str | None = None
        """The seed of the hand shown (None for a hand dealt from given cards)."""
        self.said = ""
        """The last message shown to the user, as plain text."""
        self.recorded: list[State] | None = None
        """The recorded hand's states, when opened from a record."""
        self._hands: list[tuple[list[State], str]] = []
        self._choosing: Card | None = None
        self._refreshing = False
        self._failure: tuple[State, BotFailed] | None = None
        self._lock = threading.RLock()
        self._hint_task: Task | None = None
        self.hint_thread: threading.Thread | None = None
        """The thread that works out the last hint asked for (None when run at once)."""
        self._solved: dict[tuple[State, int | None], list[str]] = {}
        self._solve_wanted: tuple[State, int | None] | None = None
        self._solve_running = False
        self.solve_thread: threading.Thread | None = None
        """The thread of the last solve started for the solver panel (None when run at once)."""
        self._bot_rng = random.Random()
        self.bots: list[Bot] = []
        """Each seat's bot, ready to play."""
        self._bot_task: Task | None = None
        self._to_the_end = False
        self.bot_thread: threading.Thread | None = None
        """The thread of the bots' last background thinking (None when they play at once)."""
        self._build_widgets()

    def _build_widgets(self) -> None:
        players = self.game.players
        self.seed_box = widgets.Text(
            description="Seed", placeholder="blank: any", layout=widgets.Layout(width="14em")
        )
        self.deal_button = widgets.Button(description="Deal", icon="refresh", tooltip="Deal")
        self.show_menu = widgets.Dropdown(
            description="Show",
            options=[("every hand", EVERY)] + [(f"seat {s} only", s) for s in range(players)],
            value=EVERY if self.show is None else self.show,
            layout=widgets.Layout(width="14em"),
        )
        self.human_menu = widgets.Dropdown(
            description="You play",
            options=[("every seat", EVERY)] + [(f"seat {s}", s) for s in range(players)],
            value=EVERY if self.human is None else self.human,
            layout=widgets.Layout(width="14em"),
        )
        self.bot_menus = [
            widgets.Dropdown(
                description=f"Seat {seat}",
                options=menu_entries(self.bot_specs),
                value=self.bot_specs[seat],
                tooltip=f"The bot that plays seat {seat}",
                layout=widgets.Layout(width="17em"),
            )
            for seat in range(players)
        ]
        legend = "".join(f"<li>{html.escape(line)}</li>" for line in legend_lines())
        self.bot_legend = widgets.HTML(
            "<details><summary>Bots: who plays the seats you do not</summary>"
            f"<ul style='margin:0.2em 0'>{legend}</ul></details>"
        )
        self.hand_menu = widgets.Dropdown(description="Hand", layout=widgets.Layout(width="22em"))
        self.recorded_button = widgets.Button(
            description="Back to the record",
            icon="undo",
            tooltip="Replace the moves since you left the record with the recorded moves",
        )
        self.record_note = widgets.HTML()
        self.first_button = widgets.Button(icon="fast-backward", tooltip="To the start")
        self.back_button = widgets.Button(icon="step-backward", tooltip="Back one move")
        self.forward_button = widgets.Button(icon="step-forward", tooltip="Forward one move")
        self.last_button = widgets.Button(icon="fast-forward", tooltip="To the end")
        for button in (self.first_button, self.back_button, self.forward_button, self.last_button):
            button.layout = widgets.Layout(width="3em")
        # A floor under its width: in a narrow row the slider would shrink to nothing rather
        # than wrap onto a line of its own.
        self.slider = widgets.IntSlider(
            description="Move", min=0, max=0, value=0, layout=widgets.Layout(min_width="18em")
        )
        self.player = widgets.Play(interval=700, min=0, max=0, description="Autoplay")
        widgets.jslink((self.player, "value"), (self.slider, "value"))
        self.board = widgets.HTML()
        self.narration = widgets.HTML()
        self.turn_label = widgets.HTML()
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.message = widgets.HTML()
        self.reveal_button = widgets.ToggleButton(
            description="Reveal every hand",
            icon="eye",
            tooltip="The hand is over: show every seat's cards",
            layout=widgets.Layout(width="auto"),
        )
        self.hint_button = widgets.Button(
            description="Hint",
            icon="lightbulb-o",
            tooltip="Estimate each legal move with the Monte Carlo bot, from this seat's view",
        )
        self.hint_playouts = widgets.BoundedIntText(
            value=200, min=1, max=5000, description="playouts", layout=widgets.Layout(width="11em")
        )
        self.hint_progress = widgets.IntProgress(
            min=0, max=1, description="thinking", layout=widgets.Layout(width="18em")
        )
        self.hint_cancel = widgets.Button(
            description="Cancel", icon="stop", tooltip="Stop the hint", layout=widgets.Layout()
        )
        hidden(self.hint_progress, True)
        hidden(self.hint_cancel, True)
        self.thinking = widgets.HTML()
        self.thinking_cancel = widgets.Button(
            description="Cancel", icon="stop", tooltip="Stop the bots thinking"
        )
        hidden(self.thinking, True)
        hidden(self.thinking_cancel, True)
        self.hint = widgets.HTML()
        self.solver_toggle = widgets.Checkbox(
            value=False,
            description="Perfect play",
            tooltip="Solve the position shown exactly, from what is displayed only",
            indent=False,
        )
        self.solution = widgets.HTML()
        self._never_solvable = never_solvable(self.game)
        hidden(self.solver_toggle, self._never_solvable)

        self.deal_button.on_click(lambda _button: self.deal(self.seed_box.value))
        self.first_button.on_click(lambda _button: self._step_button(0))
        self.back_button.on_click(lambda _button: self._step_button(self.position - 1))
        self.forward_button.on_click(lambda _button: self._step_button(self.position + 1))
        self.last_button.on_click(lambda _button: self.go_to_end())
        self.slider.observe(self._on_slider, names="value")
        self.show_menu.observe(self._on_show, names="value")
        self.human_menu.observe(self._on_human, names="value")
        for seat, menu in enumerate(self.bot_menus):
            menu.observe(self._bot_observer(seat), names="value")
        self.hand_menu.observe(self._on_hand, names="value")
        self.recorded_button.on_click(lambda _button: self.back_to_record())
        self.reveal_button.observe(lambda _change: self._refresh(), names="value")
        self.hint_button.on_click(lambda _button: self.show_hint())
        self.hint_cancel.on_click(lambda _button: self.cancel_hint())
        self.thinking_cancel.on_click(lambda _button: self.cancel_bots())
        self.solver_toggle.observe(lambda _change: self._draw_solution(), names="value")

        # Every row wraps, so that each control stays on the page at phone width (390 px).
        self.record_box = widgets.HBox(
            [self.hand_menu, self.recorded_button, self.record_note], layout=wrapping()
        )
        controls = widgets.HBox(
            [self.seed_box, self.deal_button, self.show_menu, self.human_menu], layout=wrapping()
        )
        bots = widgets.HBox(self.bot_menus, layout=wrapping())
        steps = widgets.HBox(
            [
                self.first_button,
                self.back_button,
                self.forward_button,
                self.last_button,
                self.slider,
                self.player,
            ],
            layout=wrapping(),
        )
        thinking_row = widgets.HBox([self.thinking, self.thinking_cancel])
        hint_row = widgets.HBox(
            [self.hint_button, self.hint_playouts, self.hint_progress, self.hint_cancel],
            layout=wrapping(),
        )
        self.board.layout = widgets.Layout(max_width="100%", overflow="auto")
        self.widget = widgets.VBox(
            [
                controls,
                bots,
                self.bot_legend,
                self.record_box,
                steps,
                thinking_row,
                self.board,
                self.narration,
                self.turn_label,
                self.hand_box,
                self.choice_box,
                self.message,
                self.reveal_button,
                hint_row,
                self.hint,
                self.solver_toggle,
                self.solution,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        """The whole app as one ipywidgets box."""

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    # ------------------------------------------------------------------ hands
    @property
    def state(self) -> State:
        """The state shown now."""
        return self.timeline[self.position]

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
        self._forget_record()
        self._set_seed(seed)
        self.timeline = [state]
        self.position = 0
        self._choosing = None
        self._failure = None
        self._play_ahead()
        self._skip_to_human()
        self._say("")
        self._refresh()

    def _set_seed(self, seed: int | str | None) -> None:
        """Show ``seed`` in the seed box and seed the bots from it."""
        self.seed = seed
        self.seed_box.value = "" if seed is None else str(seed)
        self._bot_rng = random.Random(f"{seed}/explorer-bot")
        self.bots = make_bots(self.bot_specs, self._bot_rng)

    def _open_hands(self, hands: list[tuple[list[State], str]], number: int) -> None:
        """Keep a record's hands and open hand ``number``."""
        self._hands = hands
        self._refreshing = True
        try:
            self.hand_menu.options = [(label, index) for index, (_, label) in enumerate(hands)]
            self.hand_menu.value = number
        finally:
            self._refreshing = False
        self._open_recorded(number)

    def _open_recorded(self, number: int) -> None:
        """Show hand ``number`` of the record at its start, its recorded moves as the timeline."""
        self._interrupt(stop_autoplay=True)
        self._stop_bots()
        states = self._hands[number][0]
        self._set_seed(states[0].seed)
        self.recorded = list(states)
        self.timeline = list(states)
        self.position = 0
        self._choosing = None
        self._failure = None
        self._say("")
        self._refresh()

    def _forget_record(self) -> None:
        self.recorded = None
        self._hands = []

    def back_to_record(self) -> None:
        """Put the recorded moves back in place of the moves played since leaving them (the
        position shown stays, as far as the record goes)."""
        self._interrupt(stop_autoplay=True)
        if self.recorded is None:
            self._say("This hand was not opened from a record.", error=True)
            return
        self._stop_bots()
        self.timeline = list(self.recorded)
        self.position = min(self.position, len(self.timeline) - 1)
        self._failure = None
        self._choosing = None
        self._say("")
        self._refresh()

    def left_record_at(self) -> int | None:
        """The move number where the timeline leaves the recorded moves (None: it follows them;
        also None when the hand was not opened from a record)."""
        if self.recorded is None:
            return None
        for index, (ours, theirs) in enumerate(zip(self.timeline, self.recorded, strict=False)):
            if ours is not theirs:
                return index
        if len(self.timeline) < len(self.recorded):
            return len(self.timeline)
        return None

    # ------------------------------------------------------------------ moving
    def go_to(self, position: int) -> None:
        """Show the state after ``position`` moves of the timeline. Past its end the bots play
        on (the bot of the seat to move plays for it, even the user's seat); before the start
        it stops at the start. A position that is not a whole number is refused with a message
        (the position shown stays)."""
        number = whole_number(position)
        if number is None:
            self._say(f"a position is a whole number of moves, not {shortened(position)}", True)
            return
        position = number
        self._interrupt(stop_autoplay=False)
        if position > len(self.timeline) - 1:
            self._extend(position)
        self.position = max(0, min(position, len(self.timeline) - 1))
        if self.position == len(self.timeline) - 1:
            self._play_ahead()  # slow bots play on as the user (or the autoplay) gets there
        self._choosing = None
        self._say("")
        self._refresh()

    def go_to_end(self) -> None:
        """Let the bots play the hand to its end (every seat, the user's too) and show it (a
        slow bot thinks in the background job, the position following its moves)."""
        self._interrupt(stop_autoplay=True)
        while not self.timeline[-1].is_over:
            if self._slow(self.timeline[-1]) or self.bots_thinking:
                self._think_in_background(to_the_end=True)
                break
            if not self._bot_plays(self.timeline[-1]):
                break
        self.position = len(self.timeline) - 1
        self._choosing = None
        self._say("")
        self._refresh()

    def _step_button(self, position: int) -> None:
        self._interrupt(stop_autoplay=True)
        self.go_to(position)

    def _extend(self, position: int) -> None:
        """Bots play on until the timeline reaches ``position`` (or the hand ends, or a bot
        fails), then ahead as usual."""
        while len(self.timeline) - 1 < position and not self.timeline[-1].is_over:
            if self.bots_thinking or self._slow(self.timeline[-1]):
                break  # the background job plays on; the position waits at the end
            if not self._bot_plays(self.timeline[-1]):
                return
        self._play_ahead()

    def _play_ahead(self) -> None:
        """Bots play from the end of the timeline: to the user's next turn when ``human`` is
        set, else to the end of the hand (for at most :attr:`PLAY_AHEAD_SECONDS`). A bot that
        is not one of :data:`FAST_BOTS` thinks in the background job instead (with
        ``background``), and the rest is played there."""
        if self.bots_thinking:
            return  # the background job plays on from the end of the timeline
        limited = self.human is None
        deadline = time.perf_counter() + self.PLAY_AHEAD_SECONDS
        state = self.timeline[-1]
        while not state.is_over and state.current_player != self.human:
            if self._slow(state):
                self._think_in_background()
                return
            if not self._bot_plays(state):
                return
            state = self.timeline[-1]
            if limited and time.perf_counter() > deadline:
                return

    def _slow(self, state: State) -> bool:
        """True when the bot to move at ``state`` should think in the background job."""
        seat = state.current_player
        if not self.background or seat is None:
            return False
        spec = self.bot_specs[seat]
        return not (isinstance(spec, str) and spec in FAST_BOTS)

    @property
    def bots_thinking(self) -> bool:
        """True while bots play in the background job."""
        return self._bot_task is not None

    def _think_in_background(self, to_the_end: bool = False) -> None:
        """Let the bots play on from the end of the timeline in the background job: to the
        user's turn (or to the end of the hand, ``to_the_end``), one move at a time, each
        shown as it comes; Cancel (or a click that replaces the future) stops them after the
        move being thought about, which is then dropped."""
        with self._lock:
            if self._bot_task is not None:
                self._to_the_end = self._to_the_end or to_the_end
                return
            task = Task()
            self._bot_task = task
            self._to_the_end = to_the_end
            previous = self.bot_thread
        self._thinking_shown(True)
        self.bot_thread = start(lambda: self._bots_think(task, previous), True, "bots")

    def _bots_think(self, task: Task, previous: threading.Thread | None) -> None:
        """The background job's loop (see :meth:`_think_in_background`)."""
        if previous is not None:
            previous.join()  # a cancelled job finishes its move first: one bot at a time
        try:
            while not task.cancelled:
                with self._lock:
                    state = self.timeline[-1]
                    if state.is_over or (
                        state.current_player == self.human and not self._to_the_end
                    ):
                        break
                    seat = state.current_player
                    assert seat is not None
                    bot = self.bots[seat]
                    self.thinking.value = (
                        f"<i>Seat {seat} ({html.escape(agent_name(self.bot_specs[seat]))}) "
                        "is thinking...</i>"
                    )
                try:
                    after = bot_move(state, bot)
                except BotFailed as failure:
                    with self._lock:
                        if not task.cancelled and self.timeline[-1] is state:
                            self._failure = (state, failure)
                            self._refresh()
                    break
                with self._lock:
                    if task.cancelled or self.timeline[-1] is not state:
                        break
                    self.timeline.append(after)
                    if self._to_the_end:
                        self.position = len(self.timeline) - 1
                    self._skip_to_human()
                    self._refresh()
        finally:
            with self._lock:
                if self._bot_task is task:
                    self._bot_task = None
                    self._to_the_end = False
                    self._thinking_shown(False)
            task.finished.set()

    def cancel_bots(self) -> None:
        """Stop the bots thinking in the background job (the move being thought about is
        dropped); stepping forward lets them play on."""
        if self._stop_bots():
            self._say("The bots stopped: step forward to let them play on.")

    def _stop_bots(self) -> bool:
        """Cancel the bots' background job, if one runs (True then)."""
        with self._lock:
            task = self._bot_task
            if task is None:
                return False
            task.cancel()
            self._bot_task = None
            self._to_the_end = False
            self._thinking_shown(False)
        return True

    def _thinking_shown(self, busy: bool) -> None:
        """Show the thinking line and its Cancel button (busy), or hide them."""
        if not busy:
            self.thinking.value = ""
        hidden(self.thinking, not busy)
        hidden(self.thinking_cancel, not busy)

    def _bot_plays(self, state: State) -> bool:
        """The bot of the seat to move at ``state`` (the timeline's last) makes its move; a
        bot's failure is kept to be shown at that position. True if it moved."""
        seat = state.current_player
        assert seat is not None
        try:
            after = bot_move(state, self.bots[seat])
        except BotFailed as failure:
            self._failure = (state, failure)
            return False
        self.timeline.append(after)
        return True

    def _skip_to_human(self) -> None:
        """When the user plays one seat, move on over the bots' moves to that seat's turn."""
        if self.human is None:
            return
        while (
            self.position < len(self.timeline) - 1
            and self.timeline[self.position].current_player != self.human
        ):
            self.position += 1

    # ------------------------------------------------------------------ playing
    def _eyes(self, state: State) -> int | None:
        """The seat whose view is drawn at ``state``; None when everything may be shown."""
        if self.show is None or (state.is_over and self.reveal_button.value):
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
        self.timeline[self.position + 1 :] = [after]
        self._failure = None
        self.position += 1
        self._play_ahead()
        self._skip_to_human()
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
        menu = self.bot_menus[seat]
        if all(value != spec for _, value in menu.options):
            self._refreshing = True
            try:
                menu.options = menu_entries(self.bot_specs)
            finally:
                self._refreshing = False
        self._refreshing = True
        try:
            menu.value = spec
        finally:
            self._refreshing = False
        future = self.timeline[self.position : -1]
        if any(state.current_player == seat for state in future) or self._failure:
            self._stop_bots()
            del self.timeline[self.position + 1 :]
            self._failure = None
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
        playouts = self.hint_playouts.value if playouts is None else playouts
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
        return self._hint_task is not None

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
            self.hint.value = "<i>The hand is over: there is nothing to hint.</i>"
            return
        refusal = self._hidden_turn(state)
        if refusal:
            self.hint.value = f"<i>{html.escape(refusal)}</i>"
            return
        playouts = self.hint_playouts.value
        task = Task()
        with self._lock:
            self._hint_task = task
            self._hint_busy(True, playouts)
        view = state.view(seat)
        rng = self._hint_rng(state)
        self.hint_thread = start(
            lambda: self._work_out_hint(task, view, playouts, rng), self.background, "hint"
        )

    def _work_out_hint(self, task: Task, view: View, playouts: int, rng: random.Random) -> None:
        """The hint's work: playouts with progress, then the table (unless cancelled)."""
        latest: dict[Move, Estimate] = {}
        shown = 0.0
        try:
            for done, estimates in enumerate(running_estimates(view, playouts, rng), start=1):
                if task.cancelled:
                    return
                latest = estimates
                now = time.monotonic()
                if now - shown >= self.PROGRESS_SECONDS and task is self._hint_task:
                    # Not under the lock: a click must never wait for the progress bar, and
                    # a late value on a bar that a cancel has hidden does no harm.
                    shown = now
                    self.hint_progress.value = done
            with self._lock:
                if task is not self._hint_task or task.cancelled:
                    return
                self._hint_task = None
                self._hint_busy(False)
                self.hint.value = hint_html(latest, view.seat, self.game.value_label)
        except Exception as error:  # never a traceback from a thread: say it in the widget
            with self._lock:
                if task is self._hint_task:
                    self._hint_task = None
                    self._hint_busy(False)
                    self.hint.value = (
                        f"<span style='{ERROR_STYLE}'>The hint failed: "
                        f"{html.escape(type(error).__name__)}: {html.escape(str(error))}</span>"
                    )
        finally:
            task.finished.set()

    def cancel_hint(self) -> None:
        """Stop the hint being worked out; nothing of it is shown."""
        with self._lock:
            if self._hint_task is None:
                return
            self._hint_task.cancel()
            self._hint_task = None
            self._hint_busy(False)
            self.hint.value = "<i>Hint cancelled.</i>"

    def _hint_busy(self, busy: bool, playouts: int = 1) -> None:
        """Show the progress bar and Cancel (busy), or the Hint button alone."""
        self.hint_button.disabled = busy
        self.hint_playouts.disabled = busy
        if busy:
            self.hint.value = ""
            self.hint_progress.max = playouts
            self.hint_progress.value = 0
        hidden(self.hint_progress, not busy)
        hidden(self.hint_cancel, not busy)

    def _interrupt(self, stop_autoplay: bool) -> None:
        """What any step or click does first: cancel a running hint, and stop the autoplay
        (unless the autoplay itself is stepping)."""
        with self._lock:
            if self._hint_task is not None:
                self._hint_task.cancel()
                self._hint_task = None
                self._hint_busy(False)
        if stop_autoplay:
            self.player.playing = False

    # ------------------------------------------------------------------ solver panel
    def _solver_target(self) -> Target:
        """What the panel may solve: the whole state when every hand is displayed, else the
        shown seat's view."""
        state = self.state
        eyes = self._eyes(state)
        return state if eyes is None else state.view(eyes)

    def _draw_solution(self) -> None:
        """Show the panel for the position shown: from the cache, or solved now (in the
        background unless ``background`` is False; one solve at a time, the latest wanted)."""
        if not self.solver_toggle.value or self._never_solvable:
            self.solution.value = ""
            return
        key = (self.state, self._eyes(self.state))
        with self._lock:
            self._solve_wanted = key
            if key in self._solved:
                self.solution.value = panel_html(self._solved[key])
                return
            self.solution.value = "<i>Solving…</i>"
            if self._solve_running:
                return  # the running solve starts this one when it ends
            self._solve_running = True
        self._start_solve(key, self._solver_target())

    def _start_solve(self, key: tuple[State, int | None], target: Target) -> None:
        self.solve_thread = start(
            lambda: self._work_out_solution(key, target), self.background, "solver"
        )

    def _work_out_solution(self, key: tuple[State, int | None], target: Target) -> None:
        """Solve ``target``, keep its panel, show it if still wanted, then solve what the user
        stepped to meanwhile."""
        try:
            lines = panel_lines(target, self.SOLVE_SECONDS)
        except Exception as error:  # never a traceback from a thread: say it in the widget
            lines = [f"The solver failed: {type(error).__name__}: {error}"]
        with self._lock:
            self._solved[key] = lines
            wanted = self._solve_wanted
            if wanted == key or wanted is None or not self.solver_toggle.value:
                self._solve_running = False
                if wanted == key:
                    self.solution.value = panel_html(lines)
                return
            if wanted in self._solved:
                self._solve_running = False
                self.solution.value = panel_html(self._solved[wanted])
                return
            state, eyes = wanted
            following: Target = state if eyes is None else state.view(eyes)
        self._start_solve(wanted, following)

    @property
    def solve_running(self) -> bool:
        """True while the solver panel is working out a position."""
        return self._solve_running

    # ------------------------------------------------------------------ callbacks
    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._refreshing and change["new"] != self.position:
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
        self._skip_to_human()
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
        style = ERROR_STYLE if error else "color:inherit"
        self.message.value = f'<div style="{style};min-height:1.4em">{html.escape(text)}</div>'

    def _refresh(self) -> None:
        state = self.state
        eyes = self._eyes(state)
        self.hint.value = ""
        last = len(self.timeline) - 1
        # Moving the slider's bounds may move its value: that must not move the position.
        self._refreshing = True
        try:
            self.slider.max = self.player.max = last
            self.slider.value = self.player.value = self.position
        finally:
            self._refreshing = False
        at_start = self.position == 0
        at_end = self.position == last and self.timeline[-1].is_over
        self.first_button.disabled = self.back_button.disabled = at_start
        self.forward_button.disabled = self.last_button.disabled = at_end
        self.board.value = rows_html(self._rows(state, eyes))
        said = " ".join(
            event.text if eyes is None else event.for_seat(eyes).text for event in state.last_events
        )
        self.narration.value = (
            f'<div style="margin:0.3em 0"><b>Move {state.move_number}.</b> '
            f"{html.escape(said)}</div>"
        )
        hidden(self.reveal_button, not (self.show is not None and state.is_over))
        self._draw_record()
        self._draw_turn(state, eyes)
        self._draw_solution()

    def _rows(self, state: State, eyes: int | None) -> list[Any]:
        """The board's rows: the whole state, or what seat ``eyes`` sees, with the row of the
        seat to move highlighted."""
        if eyes is None:
            return state.layout(None)
        rows = state.view(eyes).layout()
        if any(row.highlight for row in rows):
            return rows
        for index, row in enumerate(rows):  # the first row of the seat to move: its hand
            if row.seat is not None and row.seat == state.current_player:
                rows[index] = dataclasses.replace(row, highlight=True)
                break
        return rows

    def _draw_record(self) -> None:
        if self.recorded is None:
            hidden(self.record_box, True)
            return
        hidden(self.record_box, False)
        hidden(self.hand_menu, len(self._hands) < 2)
        left = self.left_record_at()
        hidden(self.recorded_button, left is None)
        moves = len(self.recorded) - 1
        if left is None:
            note = f"Replaying the record: {moves} recorded moves."
        else:
            note = f"You left the record after move {left - 1} of {moves}."
        self.record_note.value = f"<i>{html.escape(note)}</i>"

    def _draw_turn(self, state: State, eyes: int | None) -> None:
        seat = state.current_player
        failure = self._failure[1] if self._failure and self._failure[0] is state else None
        if seat is None:
            self._draw_end(state)
            return
        refusal = self._hidden_turn(state)
        if refusal:
            turn = f"<b>Seat {seat} to move.</b> Its hand is hidden."
        else:
            legal_text = " ".join(str(move) for move in state.legal_moves())
            turn = f"<b>Seat {seat} to move.</b> Legal moves: {html.escape(legal_text)}"
        if failure is not None:
            told = failure.told_to(eyes is None or eyes == failure.seat)
            turn += f"<div style='{ERROR_STYLE}'>{html.escape(told)}</div>"
        self.turn_label.value = turn
        may_click = refusal is None and (self.human is None or self.human == seat)
        if not may_click:
            why = refusal or f"Seat {seat} is played by its bot: press ▶ to let it play."
            replace_children(self.hand_box, [widgets.HTML(f"<i>{html.escape(why)}</i>")])
            replace_children(self.choice_box, [])
            return
        legal = state.legal_moves()
        legal_cards = {move.card for move in legal}
        hand = state.hand(seat)
        buttons = [self._card_button(card, card in legal_cards) for card in hand]
        replace_children(self.hand_box, buttons)
        in_hand = set(hand)
        choices = [m for m in legal if m.card is self._choosing or m.card not in in_hand]
        replace_children(self.choice_box, [self._move_button(move) for move in choices])

    def _draw_end(self, state: State) -> None:
        outcome = f"seat {state.winner} wins" if state.winner is not None else "a tie"
        scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(state.scores))
        details = [
            f"<li>Seat {seat}: {html.escape(text)}</li>"
            for seat in range(self.game.players)
            if (text := state.score_text(seat))
        ]
        self.turn_label.value = f"<b>The hand is over: {outcome}.</b> Scores: {scores}." + (
            f"<ul style='margin:0.2em 0'>{''.join(details)}</ul>" if details else ""
        )
        replace_children(self.hand_box, [])
        replace_children(self.choice_box, [])

    def _card_button(self, card: Card, legal: bool) -> widgets.Button:
        button = widgets.Button(
            description=card.pretty,
            tooltip=f"{card.text}: {'play it' if legal else 'why not?'}",
            # The width follows the label, so that "10♠" is not cut to "1…".
            layout=widgets.Layout(
                width="auto", min_width="3.2em", height="2.6em", padding="0 0.5em"
            ),
        )
        button.style.button_color = LEGAL_COLOUR if legal else ILLEGAL_COLOUR
        button.style.text_color = RED if card.is_red else "#111"
        button.style.font_weight = "bold" if legal else "normal"
        button.on_click(lambda _button: self.click_card(card))
        return button

    def _move_button(self, move: Move) -> widgets.Button:
        button = widgets.Button(
            description=describe_choice(move, self.game),
            tooltip=str(move),
            layout=widgets.Layout(width="auto"),
        )
        button.style.button_color = LEGAL_COLOUR
        button.on_click(lambda _button: self.play(move))
        return button


def wrapping() -> widgets.Layout:
    """The layout of a row of controls that wraps onto more lines when the page is narrow."""
    return widgets.Layout(flex_flow="row wrap", max_width="100%")


def describe_choice(move: Move, game: Game | type[Game] = Game) -> str:
    """A move as a button label, in ``game``'s words (:meth:`~cardlab.core.Game.describe_move`):
    "3H: capture 7C", "AS as a trump" (Two-Ten-Jack), or the card alone."""
    if not isinstance(move, Move):
        raise OptionError(f"expected a move, not {shortened(move)}")
    return game.describe_move(move)


__all__ = ["EVERY", "Bot", "Explorer", "SeedError", "describe_choice", "random_bot"]
