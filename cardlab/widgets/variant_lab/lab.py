"""The variant lab: change a game's rules, run many hands, and see how the outcomes move.

Pick a game, set its options (the controls are made from ``Game.option_specs()``, so every
option of every game is there), the agent of each seat, the number of hands and a seed, and
press Run. Each run becomes a column beside the earlier ones (A, B, C ...): win rate by position
with 95% intervals, mean scores, hands without a winner and the length of a hand, then one chart
per question with the variants side by side, and the results as CSV files to download.

Runs are seeded: the same settings and seed give the same hands (those of
:func:`cardlab.simulate`). A run plays in the background with a progress bar and can be stopped;
the hands finished are kept.

>>> from cardlab.widgets import VariantLab
>>> lab = VariantLab("mod-ten", hands=40, background=False)
>>> lab.option_controls["players"].value = 3
>>> lab.run()
>>> [letter for letter, run in lab.runs], len(lab.runs[0][1].table)
(['A'], 40)
"""

from __future__ import annotations

import html
import json
import threading
import time
from typing import Any

import ipywidgets as widgets

from cardlab.engine.errors import OptionError
from cardlab.engine.numbers import whole_number
from cardlab.engine.options import OptionSpec
from cardlab.engine.words import shortened
from cardlab.games import GAMES, game_class
from cardlab.widgets.background import Ticket, start
from cardlab.widgets.boxes import replace_children
from cardlab.widgets.explorer.bots import menu_entries
from cardlab.widgets.explorer.controls import wrapping
from cardlab.widgets.explorer.drawing import ERROR_STYLE
from cardlab.widgets.seeds import SeedError, parse_seed
from cardlab.widgets.variant_lab.charts import win_rates_side_by_side
from cardlab.widgets.variant_lab.variants import (
    Run,
    Variant,
    csv_link,
    hands_table,
    play,
    positions,
    results_table,
    scores_points,
    summary,
)

PLOTLY_MIME = "application/vnd.plotly.v1+json"
"""The MIME type of a plotly figure in a notebook output."""
LARGEST = 10**9
"""The bound of a whole-number option that the game leaves unbounded."""
LINK_BYTES = 5_000_000
"""The largest CSV offered as a download link (bigger ones: call :meth:`VariantLab.hands`)."""


def letter(index: int) -> str:
    """The column name of run number ``index``: A ... Z, then AA, AB ...

    >>> letter(0), letter(25), letter(26)
    ('A', 'Z', 'AA')
    """
    if index < 26:
        return chr(ord("A") + index)
    return letter(index // 26 - 1) + chr(ord("A") + index % 26)


def option_control(spec: OptionSpec) -> widgets.Widget:
    """The control for one game option: a checkbox, a menu of its choices, or a number box
    within its bounds; its tooltip is the option's meaning."""
    common: dict[str, Any] = {
        "description": spec.name,
        "tooltip": spec.doc,
        "style": {"description_width": "8em"},
        "layout": widgets.Layout(width="20em"),
    }
    if spec.kind is bool:
        return widgets.Checkbox(value=spec.default, indent=True, **common)
    if spec.choices:
        return widgets.Dropdown(options=list(spec.choices), value=spec.default, **common)
    if spec.kind is int:
        low = -LARGEST if spec.minimum is None else spec.minimum
        high = LARGEST if spec.maximum is None else spec.maximum
        return widgets.BoundedIntText(value=spec.default, min=low, max=high, **common)
    return widgets.Text(value=str(spec.default), **common)


MAX_HANDS = 1_000_000
"""The most hands per run the lab takes (its Hands box goes up to this)."""


class VariantLab:
    """A widget to run rule variants of a game and compare their outcomes side by side.

    - ``game``: the game shown first (a name in :data:`cardlab.GAMES`).
    - ``hands``: the number of hands per run shown first (2,000 by default), a whole number
      from 1 to :data:`MAX_HANDS` (anything else is refused with an ``OptionError``).
    - ``seed``: the seed shown first.
    - ``background``: run in a thread (the notebook stays free, Stop works); False runs at
      once, which is what tests want.

    Display it by leaving it last in a cell. :attr:`runs` holds each run's hands.
    """

    PROGRESS_SECONDS = 0.1
    """How often a run moves its progress bar."""

    def __init__(
        self,
        game: str = "mod-ten",
        *,
        hands: int = 2000,
        seed: int | str = 0,
        background: bool = True,
    ) -> None:
        if not isinstance(game, str):
            raise OptionError(f"game is a game's name, as 'mod-ten', not {shortened(game)}")
        game_class(game)  # an OptionError naming the games if it is not one
        count = whole_number(hands)
        if count is None or not 1 <= count <= MAX_HANDS:
            raise OptionError(
                f"hands must be a whole number from 1 to {MAX_HANDS:,}, not {shortened(hands)}"
            )
        hands = count
        try:
            checked = parse_seed(seed)  # what a run reads from the seed box
        except SeedError as error:
            raise OptionError(str(error)) from None
        if checked is None:  # None, or blank text: a run would read the box as seed 0
            raise OptionError(
                f"seed is a whole number such as 7 (or numbers joined by dashes, as 7-41), "
                f"not {shortened(seed)}"
            )
        seed = checked
        if not isinstance(background, bool):
            raise OptionError(f"background is True or False, not {shortened(background)}")
        self.background = background
        """True: runs play in a thread. False: at once (for tests)."""
        self.runs: list[tuple[str, Run]] = []
        """Each finished (or stopped) run with its letter, oldest first."""
        self.figures: dict[str, Any] = {}
        """The charts last drawn, by question: "win rate", "score", "length"."""
        self.said = ""
        """The last message shown, as plain text."""
        self.option_controls: dict[str, widgets.Widget] = {}
        """The control of each option of the game chosen, by option name."""
        self.agent_menus: list[widgets.Dropdown] = []
        """The agent of each seat."""
        self._task: Ticket | None = None
        self._lock = threading.RLock()
        self.run_thread: threading.Thread | None = None
        """The thread of the last run (None when run at once)."""
        self._build_widgets(game, hands, seed)
        self._show_options(game)

    # ------------------------------------------------------------------ building
    def _build_widgets(self, game: str, hands: int, seed: int | str) -> None:
        self.game_menu = widgets.Dropdown(
            description="Game",
            options=[(game_class(name).title, name) for name in GAMES],
            value=game_class(game).name,
        )
        self.options_box = widgets.VBox()
        self.agents_box = widgets.HBox(layout=wrapping())
        self.hands_box = widgets.BoundedIntText(
            value=hands, min=1, max=MAX_HANDS, description="Hands", tooltip="Hands per run"
        )
        self.seed_box = widgets.Text(
            value=str(seed), description="Seed", tooltip="The same seed gives the same hands"
        )
        self.run_button = widgets.Button(
            description="Run", icon="play", button_style="primary", tooltip="Run this variant"
        )
        self.stop_button = widgets.Button(
            description="Stop", icon="stop", disabled=True, tooltip="Stop, keeping the hands done"
        )
        self.clear_button = widgets.Button(
            description="Clear results", icon="trash", tooltip="Forget every run"
        )
        self.progress = widgets.IntProgress(min=0, max=1, layout=widgets.Layout(width="20em"))
        self.progress_label = widgets.HTML()
        self.message = widgets.HTML()
        self.summary_html = widgets.HTML()
        self.downloads = widgets.HTML()
        self.win_box = widgets.Output()
        self.score_box = widgets.Output()
        self.length_box = widgets.Output()
        self.score_note = widgets.HTML()
        self.charts = widgets.VBox([self.win_box, self.score_note, self.score_box, self.length_box])
        self.charts.layout.display = "none"

        self.game_menu.observe(lambda change: self._show_options(change["new"]), names="value")
        self.run_button.on_click(lambda _button: self.run())
        self.stop_button.on_click(lambda _button: self.stop())
        self.clear_button.on_click(lambda _button: self.clear())

        self.widget = widgets.VBox(
            [
                self.game_menu,
                widgets.HTML("<b>Options</b>"),
                self.options_box,
                widgets.HTML("<b>Agents</b>"),
                self.agents_box,
                widgets.HBox([self.hands_box, self.seed_box], layout=wrapping()),
                widgets.HBox(
                    [self.run_button, self.stop_button, self.progress, self.progress_label],
                    layout=wrapping(),
                ),
                self.message,
                self.summary_html,
                self.downloads,
                self.clear_button,
                self.charts,
            ]
        )
        """The whole lab as one ipywidgets box."""

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def _show_options(self, game: str) -> None:
        """Controls for every option of ``game``, each with its meaning beside it."""
        rows = []
        self.option_controls = {}
        for spec in game_class(game).option_specs():
            control = option_control(spec)
            control.observe(self._on_option, names="value")
            self.option_controls[spec.name] = control
            help_text = widgets.HTML(
                f"<span style='color:var(--jp-content-font-color2, #555)'>"
                f"{html.escape(spec.doc)}</span>"
            )
            rows.append(widgets.HBox([control, help_text], layout=wrapping()))
        replace_children(self.options_box, rows)
        self._show_agents()
        self._check()

    def _show_agents(self) -> None:
        """One agent menu per seat, for the number of players set (kept where they were)."""
        players = self.option_controls["players"].value
        kept = [menu.value for menu in self.agent_menus]
        self.agent_menus = [
            widgets.Dropdown(
                description=f"Seat {seat}",
                options=menu_entries([]),
                value=kept[seat] if seat < len(kept) else "random",
                layout=widgets.Layout(width="17em"),
            )
            for seat in range(players)
        ]
        replace_children(self.agents_box, self.agent_menus)

    def _on_option(self, change: dict[str, Any]) -> None:
        if change["owner"] is self.option_controls.get("players"):
            self._show_agents()
        self._check()

    def _check(self) -> None:
        """Say at once when the options set do not go together."""
        try:
            self.variant().make_game()
        except ValueError as error:
            self._say(str(error), error=True)
            return
        self._say("")

    # ------------------------------------------------------------------ running
    def variant(self) -> Variant:
        """The variant the controls describe. Raises a ``ValueError`` for a bad seed."""
        options = tuple((name, control.value) for name, control in self.option_controls.items())
        seed = parse_seed(self.seed_box.value)
        if seed is None:
            seed = 0
        return Variant(
            self.game_menu.value,
            options,
            tuple(menu.value for menu in self.agent_menus),
            self.hands_box.value,
            seed,
        )

    @property
    def running(self) -> bool:
        """True while a run plays."""
        return self._task is not None

    def run(self) -> None:
        """Run the variant the controls describe (in the background unless ``background`` is
        False); its results join the earlier ones when it ends or is stopped."""
        if self.running:
            self._say("A run is playing: wait for it, or stop it.")
            return
        try:
            variant = self.variant()
            variant.make_game()
        except ValueError as error:
            self._say(f"{error}. Nothing was run.", error=True)
            return
        task = Ticket()
        with self._lock:
            self._task = task
            self._busy(True, variant.hands)
        self._say(f"Running {variant.describe()} ...")
        self.run_thread = start(lambda: self._work(task, variant), self.background, "variant")

    def _work(self, task: Ticket, variant: Variant) -> None:
        """The run's work: the hands with progress, then the results."""
        started = time.monotonic()
        shown = 0.0

        def progress(done: int) -> None:
            nonlocal shown
            now = time.monotonic()
            if now - shown >= self.PROGRESS_SECONDS or done == variant.hands:
                shown = now
                self.progress.value = done
                self.progress_label.value = progress_words(done, variant.hands, now - started)

        try:
            run = play(variant, lambda: task.cancelled, progress)
        except Exception as error:  # never a traceback from a thread: say it in the widget
            with self._lock:
                self._task = None
                self._busy(False)
                self._say(f"The run failed: {type(error).__name__}: {error}", error=True)
            return
        finally:
            task.finished.set()
        with self._lock:
            self._task = None
            self._busy(False)
            if run.table.empty:
                self._say("Stopped before any hand finished: nothing to add.")
                return
            name = letter(len(self.runs))
            self.runs.append((name, run))
            # The bar's last words and the summary give one time: the hands' (run.seconds).
            self.progress_label.value = progress_words(len(run.table), variant.hands, run.seconds)
            stopped = " (stopped)" if run.stopped else ""
            self._say(
                f"{name}: {len(run.table):,} hands of {variant.describe()} in "
                f"{run.seconds:.1f} s{stopped}."
            )
            self._draw_results()

    def stop(self) -> None:
        """Stop the run at the next hand; the hands finished are kept as its results."""
        with self._lock:
            if self._task is None:
                self._say("Nothing is running.")
                return
            self._task.cancel()

    def clear(self) -> None:
        """Forget every run (a run playing goes on and is added when it ends)."""
        self.runs = []
        self._draw_results()
        self._say("Results cleared.")

    def results(self) -> Any:
        """The runs' numbers as a DataFrame, one row per run and position (what the results
        CSV holds): hands, wins, win rate and its 95% interval, mean score and its interval."""
        return results_table(self.runs)

    def hands(self) -> Any:
        """Every hand of every run as a DataFrame, its run's letter in the first column."""
        return hands_table(self.runs)

    def _busy(self, busy: bool, hands: int = 1) -> None:
        self.run_button.disabled = busy
        self.stop_button.disabled = not busy
        if busy:
            self.progress.max = hands
            self.progress.value = 0
            self.progress_label.value = progress_words(0, hands, 0.0)

    # ------------------------------------------------------------------ drawing
    def _say(self, text: str, error: bool = False) -> None:
        self.said = text
        style = ERROR_STYLE if error else "color:inherit"
        self.message.value = f'<div style="{style}">{html.escape(text)}</div>'

    def _draw_results(self) -> None:
        """The summary table, the download links and the three charts, for every run."""
        from cardlab.display import charts

        if not self.runs:
            self.summary_html.value = ""
            self.downloads.value = ""
            self.charts.layout.display = "none"
            self.figures = {}
            return
        self.summary_html.value = summary(self.runs).to_html(
            classes="cardlab-variants", border=0, justify="left"
        )
        self.downloads.value = csv_link(
            self.results(), "variant-results.csv", "Download the results (CSV)"
        ) + csv_link(self.hands(), "variant-hands.csv", "Download every hand (CSV)", LINK_BYTES)
        tables = {name: run.table for name, run in self.runs}
        with_points = {name: run.table for name, run in self.runs if scores_points(run)}
        self.figures = {
            "win rate": win_rates_side_by_side({name: positions(run) for name, run in self.runs}),
            "length": charts.game_lengths(tables, title="Moves per hand"),
        }
        if with_points:
            self.figures["score"] = charts.score_distribution(
                with_points, title="Points in a hand (every seat)"
            )
            self.score_note.value = ""
        else:
            self.score_note.value = (
                "<i>No score chart: these games score a win and nothing else (see the win "
                "rates).</i>"
            )
        self._draw(self.win_box, self.figures["win rate"])
        self._draw(self.score_box, self.figures.get("score"))
        self._draw(self.length_box, self.figures["length"])
        self.charts.layout.display = None

    def _draw(self, box: widgets.Output, figure: Any | None) -> None:
        """Show ``figure`` in ``box`` (None empties it)."""
        box.outputs = () if figure is None else (figure_output(figure),)

    def chart(self, question: str) -> dict[str, Any] | None:
        """The plotly figure shown for ``question`` ("win rate", "score", "length"), as the
        JSON the notebook draws (``data``, ``layout``), or None."""
        box = {"win rate": self.win_box, "score": self.score_box, "length": self.length_box}
        outputs = box[question].outputs
        if not outputs:
            return None
        shown: dict[str, Any] = outputs[0]["data"][PLOTLY_MIME]
        return shown


def figure_output(figure: Any) -> dict[str, Any]:
    """A plotly figure as an output of an Output widget: the plotly MIME bundle that JupyterLab
    and Voila draw with plotly's own renderer (a plotly FigureWidget made in the run's thread
    was seen to stay blank in Voila), with its title as the plain-text fallback."""
    title = figure.layout.title.text or "chart"
    return {
        "output_type": "display_data",
        "data": {PLOTLY_MIME: json.loads(figure.to_json()), "text/plain": f"<{title}>"},
        "metadata": {},
    }


def progress_words(done: int, total: int, seconds: float) -> str:
    """Progress in words: "1,200 of 2,000 hands, 1.3 s (about 0.9 s left)"."""
    words = f"{done:,} of {total:,} hands, {seconds:.1f} s"
    if 0 < done < total:
        words += f" (about {seconds * (total - done) / done:.1f} s left)"
    return words


__all__ = ["VariantLab", "letter", "option_control", "progress_words"]
