"""The game explorer: deal, step through a hand, and play it by clicking cards.

Generic over games: it uses only the core protocol (``deal``, ``legal_moves``, ``why_not``,
``play``, ``layout``, ``last_events``), so every game in :data:`cardlab.GAMES` works in it.

>>> import cardlab
>>> from cardlab.widgets import Explorer
>>> explorer = Explorer(cardlab.game("mod-ten", players=3), seed=7)
>>> explorer.position, explorer.state.move_number
(0, 0)
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardlab.agents import move_values
from cardlab.cards import Card
from cardlab.core import Game, Move, State, View
from cardlab.render import RED, rows_html

Bot = Callable[[View], Move]
"""A bot: given what its seat may see, a legal move."""

LEGAL_COLOUR = "#dff5df"
"""The background of a card button that may be played."""
ILLEGAL_COLOUR = "#eeeeee"
"""The background of a card button that may not be played."""

EVERY = -1
"""The value of "every hand" / "every seat" in the Show and You play menus. (Not None: a
Dropdown whose value is None shows as empty in the browser.)"""


def random_bot(rng: random.Random) -> Bot:
    """A bot that picks uniformly among the legal moves, drawing from ``rng``."""

    def choose(view: View) -> Move:
        return rng.choice(view.legal_moves())

    return choose


class Explorer:
    """A widget to deal a hand, step through it and play it.

    - ``game``: the game to deal (``cardlab.game(...)``).
    - ``seed``: the deal's seed (None: drawn at random).
    - ``state``: start from this state instead of a deal (a set position for a lesson).
    - ``show``: None shows every hand face up; a seat number shows only that seat's hand.
    - ``human``: None lets the user play every seat by clicking; a seat number lets the user
      play that seat while a bot plays the others.
    - ``bot``: the bot that plays ahead (default: a random bot seeded from ``seed``).

    The explorer keeps a timeline of states: the hand is played out to the end by the bot, the
    buttons and the slider move along it, and clicking a card at any point replaces the future
    with that move (and the bot's replies). Display it by leaving it last in a cell.
    """

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        *,
        state: State | None = None,
        show: int | None = None,
        human: int | None = None,
        bot: Bot | None = None,
    ) -> None:
        self.game = game
        self.show = show
        self.human = human
        self._custom_bot = bot
        self.timeline: list[State] = []
        self.position = 0
        self._choosing: Card | None = None
        self._refreshing = False
        self._build_widgets()
        if state is not None:
            self._start(state, seed)
        else:
            self.deal(seed)

    # ------------------------------------------------------------------ building
    def _build_widgets(self) -> None:
        players = self.game.players
        self.seed_box = widgets.Text(description="Seed", layout=widgets.Layout(width="14em"))
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
        self.first_button = widgets.Button(icon="fast-backward", tooltip="To the start")
        self.back_button = widgets.Button(icon="step-backward", tooltip="Back one move")
        self.forward_button = widgets.Button(icon="step-forward", tooltip="Forward one move")
        self.last_button = widgets.Button(icon="fast-forward", tooltip="To the end")
        for button in (self.first_button, self.back_button, self.forward_button, self.last_button):
            button.layout = widgets.Layout(width="3em")
        self.slider = widgets.IntSlider(description="Move", min=0, max=0, value=0)
        self.player = widgets.Play(interval=700, min=0, max=0, description="Autoplay")
        widgets.jslink((self.player, "value"), (self.slider, "value"))
        self.board = widgets.HTML()
        self.narration = widgets.HTML()
        self.turn_label = widgets.HTML()
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.message = widgets.HTML()
        self.hint_button = widgets.Button(
            description="Hint",
            icon="lightbulb-o",
            tooltip="Estimate each legal move with the Monte Carlo bot, from this seat's view",
        )
        self.hint_playouts = widgets.BoundedIntText(
            value=200, min=1, max=5000, description="playouts", layout=widgets.Layout(width="11em")
        )
        self.hint = widgets.HTML()
        self.hint_button.on_click(lambda _button: self.show_hint())

        self.deal_button.on_click(lambda _button: self.deal(self.seed_box.value))
        self.first_button.on_click(lambda _button: self.go_to(0))
        self.back_button.on_click(lambda _button: self.go_to(self.position - 1))
        self.forward_button.on_click(lambda _button: self.go_to(self.position + 1))
        self.last_button.on_click(lambda _button: self.go_to(len(self.timeline) - 1))
        self.slider.observe(self._on_slider, names="value")
        self.show_menu.observe(self._on_show, names="value")
        self.human_menu.observe(self._on_human, names="value")

        controls = widgets.HBox([self.seed_box, self.deal_button, self.show_menu, self.human_menu])
        steps = widgets.HBox(
            [
                self.first_button,
                self.back_button,
                self.forward_button,
                self.last_button,
                self.slider,
                self.player,
            ]
        )
        self.widget = widgets.VBox(
            [
                controls,
                steps,
                self.board,
                self.narration,
                self.turn_label,
                self.hand_box,
                self.choice_box,
                self.message,
                widgets.HBox([self.hint_button, self.hint_playouts]),
                self.hint,
            ]
        )
        """The whole app as one ipywidgets box."""

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    # ------------------------------------------------------------------ actions
    @property
    def state(self) -> State:
        """The state shown now."""
        return self.timeline[self.position]

    def deal(self, seed: int | str | None = None) -> None:
        """Deal a new hand from ``seed`` (text from the seed box is accepted; None draws one).

        A seed that is not a whole number is refused with a message in the widget.
        """
        if isinstance(seed, str):
            text = seed.strip()
            if not text:
                seed = None
            else:
                try:
                    seed = int(text)
                except ValueError:
                    self._say(f"The seed must be a whole number, like 7, not {text!r}.", error=True)
                    return
        try:
            state = self.game.deal(seed=seed)
        except ValueError as error:
            self._say(str(error), error=True)
            return
        self._start(state, state.seed)

    def _start(self, state: State, seed: int | str | None) -> None:
        self.seed = seed
        self.seed_box.value = "" if seed is None else str(seed)
        self._bot_rng = random.Random(f"{seed}/explorer-bot")
        self.timeline = [state]
        self.position = 0
        self._choosing = None
        self._play_out()
        self._skip_to_human()
        self._say("")
        self._refresh()

    def go_to(self, position: int) -> None:
        """Show the state after ``position`` moves of the timeline (clamped to its ends)."""
        self.position = max(0, min(position, len(self.timeline) - 1))
        self._choosing = None
        self._say("")
        self._refresh()

    def click_card(self, card: Card | str) -> None:
        """What clicking a card of the player to move does: play it if it is the only legal
        move with that card, offer the choices if there are several, say why if it is illegal."""
        card = Card.parse(card)
        state = self.state
        if state.is_over:
            self._say("The hand is over: deal again, or step back to try another move.", True)
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
        and the bot's play after it. An illegal move is refused with a message."""
        state = self.state
        try:
            after = state.play(move)
        except ValueError as error:
            self._say(str(error), error=True)
            return
        self.timeline[self.position + 1 :] = [after]
        self._play_out()
        self.position += 1
        self._skip_to_human()
        self._choosing = None
        self._say("")
        self._refresh()

    def hint_values(self, playouts: int | None = None) -> dict[Move, float]:
        """The Monte Carlo estimate of each legal move for the seat to move: its chance to win
        (Mod Ten) or its expected points. Computed from that seat's view only, so it never
        uses a hidden card; seeded by the deal's seed and the move number, so it repeats."""
        state = self.state
        if state.current_player is None:
            return {}
        playouts = self.hint_playouts.value if playouts is None else playouts
        rng = random.Random(f"{self.seed}/hint/{state.move_number}")
        return move_values(state.view(state.current_player), playouts, rng)

    def show_hint(self) -> None:
        """Compute :meth:`hint_values` and show them, best first, under the hand."""
        state = self.state
        if state.current_player is None:
            self.hint.value = "<i>The hand is over: there is nothing to hint.</i>"
            return
        values = self.hint_values()
        label = self.game.value_label
        rows = []
        for move, value in sorted(values.items(), key=lambda item: -item[1]):
            shown = f"{value:.0%}" if label == "chance to win" else f"{value:+.1f}"
            rows.append(f"<tr><td>{html.escape(str(move))}</td><td>{shown}</td></tr>")
        self.hint.value = (
            f"<b>Seat {state.current_player}, {self.hint_playouts.value} playouts per move "
            f"({html.escape(label)}):</b>"
            f"<table><tr><th>move</th><th>{html.escape(label)}</th></tr>{''.join(rows)}</table>"
        )

    def _skip_to_human(self) -> None:
        """When the user plays one seat, move on over the bots' moves to that seat's turn."""
        if self.human is None:
            return
        while (
            self.position < len(self.timeline) - 1
            and self.timeline[self.position].current_player != self.human
        ):
            self.position += 1

    def _play_out(self) -> None:
        """Extend the timeline to the end of the hand with the bot's moves."""
        bot = self._custom_bot or random_bot(self._bot_rng)
        state = self.timeline[-1]
        while not state.is_over:
            state = state.play(bot(state.view(state.current_player)))
            self.timeline.append(state)

    # ------------------------------------------------------------------ callbacks
    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._refreshing and change["new"] != self.position:
            self.go_to(change["new"])

    def _on_show(self, change: dict[str, Any]) -> None:
        self.show = None if change["new"] == EVERY else change["new"]
        self._refresh()

    def _on_human(self, change: dict[str, Any]) -> None:
        self.human = None if change["new"] == EVERY else change["new"]
        self._skip_to_human()
        self._refresh()

    # ------------------------------------------------------------------ drawing
    def _say(self, text: str, error: bool = False) -> None:
        self.said = text
        """The last message shown to the user, as plain text."""
        colour = "#b00020" if error else "#333"
        self.message.value = (
            f'<div style="color:{colour};min-height:1.4em">{html.escape(text)}</div>'
        )

    def _refresh(self) -> None:
        state = self.state
        self.hint.value = ""
        last = len(self.timeline) - 1
        # Moving the slider's bounds may move its value: that must not move the position.
        self._refreshing = True
        try:
            self.slider.max = self.player.max = last
            self.slider.value = self.player.value = self.position
        finally:
            self._refreshing = False
        self.first_button.disabled = self.back_button.disabled = self.position == 0
        self.forward_button.disabled = self.last_button.disabled = self.position == last
        shown = None if self.show is None else [self.show]
        self.board.value = rows_html(state.layout(shown))
        said = " ".join(event.text for event in state.last_events)
        self.narration.value = (
            f'<div style="margin:0.3em 0"><b>Move {state.move_number}.</b> '
            f"{html.escape(said)}</div>"
        )
        self._draw_turn(state)

    def _draw_turn(self, state: State) -> None:
        seat = state.current_player
        if seat is None:
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
            self.hand_box.children = ()
            self.choice_box.children = ()
            return
        legal = state.legal_moves()
        legal_text = " ".join(str(move) for move in legal)
        self.turn_label.value = (
            f"<b>Seat {seat} to move.</b> Legal moves: {html.escape(legal_text)}"
        )
        may_click = (self.human is None or self.human == seat) and (
            self.show is None or self.show == seat
        )
        if not may_click:
            self.hand_box.children = (
                widgets.HTML(f"<i>Seat {seat}'s hand is hidden: press ▶ to let the bot play.</i>"),
            )
            self.choice_box.children = ()
            return
        buttons = []
        legal_cards = {move.card for move in legal}
        for card in state.hand(seat):
            buttons.append(self._card_button(card, card in legal_cards))
        self.hand_box.children = tuple(buttons)
        hand = set(state.hand(seat))
        choices = [m for m in legal if m.card is self._choosing or m.card not in hand]
        self.choice_box.children = tuple(self._move_button(move) for move in choices)

    def _card_button(self, card: Card, legal: bool) -> widgets.Button:
        button = widgets.Button(
            description=card.pretty,
            tooltip=f"{card.text}: {'play it' if legal else 'why not?'}",
            layout=widgets.Layout(width="3.6em", height="2.6em"),
        )
        button.style.button_color = LEGAL_COLOUR if legal else ILLEGAL_COLOUR
        button.style.text_color = RED if card.is_red else "#111"
        button.style.font_weight = "bold" if legal else "normal"
        button.on_click(lambda _button: self.click_card(card))
        return button

    def _move_button(self, move: Move) -> widgets.Button:
        button = widgets.Button(description=describe_choice(move), tooltip=str(move))
        button.style.button_color = LEGAL_COLOUR
        button.on_click(lambda _button: self.play(move))
        return button


def describe_choice(move: Move) -> str:
    """A move as a button label: "3H: capture 7C", "AS as a trump", or the card alone."""
    if move.target is not None:
        return f"{move.card.pretty}: capture {move.target.pretty}"
    if move.declare is not None:
        return f"{move.card.pretty} as a {'trump' if move.declare == 'H' else 'spade'}"
    return move.card.pretty
