"""The numbers behind the :class:`~cardlab.widgets.VariantLab`: a rule variant to try (a game,
its options, the agents, how many hands, a seed), playing it hand by hand so that it can be
stopped and followed, and its results by position, side by side with other variants.

A variant's hands are exactly those of :func:`cardlab.simulate` with the same game, agents,
number of hands and seed: hand ``i`` is dealt from the seed ``f"{seed}-{i}"``.

>>> variant = Variant("mod-ten", (("players", 3),), ("random",) * 3, hands=50, seed=1)
>>> variant.describe()
'Mod Ten, players 3; random'
>>> run = play(variant)
>>> len(run.table), run.stopped
(50, False)
>>> list(positions(run)["position"])
['1st to play', '2nd to play', 'dealer']
"""

from __future__ import annotations

import base64
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlab.engine.core import Game
from cardlab.games import game, game_class
from cardlab.simulation.stats import Z95, in_playing_order, position_names, win_rates
from cardlab.widgets.explorer.hint_words import WIN_LABEL

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class Variant:
    """One set of rules and players to try: ``game`` (a name), ``options`` (as (name, value)
    pairs), ``agents`` (one name per seat), ``hands`` and ``seed``."""

    game: str
    options: tuple[tuple[str, Any], ...]
    agents: tuple[str, ...]
    hands: int
    seed: int | str

    def make_game(self) -> Game:
        """The game with these options (an :class:`~cardlab.OptionError` if they clash)."""
        return game(self.game, **dict(self.options))

    def changed_options(self) -> list[tuple[str, Any]]:
        """The options that differ from the game's defaults, in the game's order."""
        defaults = {spec.name: spec.default for spec in game_class(self.game).option_specs()}
        return [(name, value) for name, value in self.options if defaults.get(name) != value]

    def describe(self) -> str:
        """The variant in a few words: "Mod Ten, players 3; random" (defaults left out)."""
        title = game_class(self.game).title
        options = "".join(f", {name} {value}" for name, value in self.changed_options())
        if len(set(self.agents)) == 1:
            agents = self.agents[0]
        else:
            agents = ", ".join(f"seat {seat} {agent}" for seat, agent in enumerate(self.agents))
        return f"{title}{options}; {agents}"


@dataclass(frozen=True)
class Run:
    """The hands played for a variant: one row per hand (the columns of
    :func:`cardlab.simulate`), whether the run was stopped early, and how long its hands took
    to play (``seconds``: to the last hand finished, not counting the table made of them)."""

    variant: Variant
    table: pd.DataFrame
    stopped: bool
    seconds: float


def never() -> bool:
    """A stop signal that never comes."""
    return False


def ignore(done: int) -> None:
    """A progress report nobody follows."""


def play(
    variant: Variant,
    should_stop: Callable[[], bool] = never,
    progress: Callable[[int], None] = ignore,
) -> Run:
    """Play the variant's hands one by one, asking ``should_stop()`` before each and telling
    ``progress(hands done)`` after each. A stopped run keeps the hands that finished. The
    table is the one :func:`cardlab.simulate` gives for the same game, agents and seed.

    The run's ``seconds`` stop with the last hand: making the table loads pandas the first
    time (about 2 s), which is no part of how long the variant takes to play, and which the
    progress bar, counting the hands, never showed."""
    from cardlab.simulation.many_games import checked_run, play_games
    from cardlab.simulation.runs import Stopped
    from cardlab.simulation.tables import build_table

    run = checked_run(
        variant.make_game(), list(variant.agents), variant.hands, variant.seed, progress=False
    )
    columns: dict[str, list[Any]] = {}
    started = time.perf_counter()

    def keep(row: dict[str, Any]) -> None:
        for name, value in row.items():
            columns.setdefault(name, []).append(value)
        progress(len(columns["game"]))
        if should_stop():
            raise Stopped

    try:
        if not should_stop():
            play_games(run.task, 0, run.games, keep)
    except Stopped:
        pass
    seconds = time.perf_counter() - started
    stopped = len(columns.get("game", ())) < run.games
    table = build_table(run, columns, complete=not stopped)
    return Run(variant, table, stopped, seconds)


def same_agent_everywhere(run: Run) -> bool:
    """True when every seat has the same agent: then positions in playing order mean most."""
    return len(set(run.variant.agents)) == 1


def positions(run: Run) -> pd.DataFrame:
    """One row per position: its label, the hands, wins, win rate and 95% interval, and the mean
    score with its 95% interval.

    With one agent everywhere the positions are in playing order ("1st to play" ... "dealer":
    the dealer changes from hand to hand); otherwise they are the seats with their agents.
    """
    import pandas as pd

    table = run.table
    players = len(run.variant.agents)
    if same_agent_everywhere(run):
        table = in_playing_order(table)
        labels = position_names(players)
    else:
        labels = [f"seat {seat} ({agent})" for seat, agent in enumerate(run.variant.agents)]
    rates = win_rates(table).to_dict("index")
    rows = []
    for seat, label in enumerate(labels):
        scores = table[f"score_{seat}"]
        mean = float(scores.mean())
        half = Z95 * float(scores.std()) / math.sqrt(len(scores)) if len(scores) > 1 else math.nan
        rows.append(
            {
                "position": label,
                "hands": int(rates[seat]["games"]),
                "wins": int(rates[seat]["wins"]),
                "win_rate": float(rates[seat]["win_rate"]),
                "win_low": float(rates[seat]["low"]),
                "win_high": float(rates[seat]["high"]),
                "mean_score": mean,
                "score_low": mean - half,
                "score_high": mean + half,
            }
        )
    return pd.DataFrame(rows)


def scores_points(run: Run) -> bool:
    """True when the variant's game scores points (not only a win)."""
    return game_class(run.variant.game).value_label != WIN_LABEL


def position_order(label: str) -> tuple[int, str]:
    """A sort key for position labels: 1st, 2nd ... to play, then the dealer, then seats."""
    if label == "dealer":
        return (90, label)
    if label.endswith(" to play"):
        return (int("".join(ch for ch in label.split()[0] if ch.isdigit())), label)
    return (100 + int(label.split()[1]), label)


def summary(runs: Sequence[tuple[str, Run]]) -> pd.DataFrame:
    """The runs side by side, one column each (by their letters), one row per question, as
    text: the variant, hands, win rate by position with its 95% interval, ties, mean score by
    position (games with points) and the length of a hand."""
    import pandas as pd

    columns: dict[str, dict[str, str]] = {}
    win_rows: set[str] = set()
    score_rows: set[str] = set()
    for letter, run in runs:
        column = {"variant": run.variant.describe(), "seed": str(run.variant.seed)}
        done = len(run.table)
        column["hands"] = f"{done:,}"
        if run.stopped:
            column["hands"] += f" of {run.variant.hands:,} (stopped)"
        for row in positions(run).itertuples():
            key = f"win rate: {row.position}"
            win_rows.add(key)
            column[key] = f"{row.win_rate:.1%} ({row.win_low:.1%} to {row.win_high:.1%})"
            if scores_points(run):
                key = f"mean score: {row.position}"
                score_rows.add(key)
                column[key] = (
                    f"{row.mean_score:+.1f} ({row.score_low:+.1f} to {row.score_high:+.1f})"
                )
        ties = int(run.table["winner"].isna().sum())
        column["hands without a winner"] = f"{ties / done:.1%}" if done else ""
        moves = run.table["moves"]
        column["moves per hand"] = (
            f"mean {moves.mean():.1f}, median {moves.median():g}, "
            f"90% from {moves.quantile(0.05):g} to {moves.quantile(0.95):g}"
        )
        columns[letter] = column

    def by_position(rows: set[str]) -> list[str]:
        return sorted(rows, key=lambda key: position_order(key.split(": ", 1)[1]))

    order = (
        ["variant", "seed", "hands"]
        + by_position(win_rows)
        + ["hands without a winner"]
        + by_position(score_rows)
        + ["moves per hand"]
    )
    frame = pd.DataFrame(columns, index=order, dtype="object")
    return frame.fillna("")


def results_table(runs: Sequence[tuple[str, Run]]) -> pd.DataFrame:
    """The runs' numbers, one row per variant and position (tidy, for a spreadsheet)."""
    import pandas as pd

    frames = []
    for letter, run in runs:
        found = positions(run)
        found.insert(0, "variant", letter)
        found.insert(1, "description", run.variant.describe())
        found.insert(2, "seed", str(run.variant.seed))
        found["stopped"] = run.stopped
        found["mean_moves"] = float(run.table["moves"].mean())
        frames.append(found)
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def hands_table(runs: Sequence[tuple[str, Run]]) -> pd.DataFrame:
    """Every hand of every run, with its variant's letter first."""
    import pandas as pd

    frames = []
    for letter, run in runs:
        table = run.table.copy()
        table.insert(0, "variant", letter)
        frames.append(table)
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def csv_link(frame: pd.DataFrame, filename: str, text: str, limit: int | None = None) -> str:
    """An HTML link that downloads ``frame`` as a CSV file (a data: URI, no server needed);
    past ``limit`` bytes of CSV, a note saying so instead."""
    data = frame.to_csv(index=False).encode()
    if limit is not None and len(data) > limit:
        return (
            f"<i style='margin-right:1.5em'>{filename}: {len(data) / 1e6:.0f} MB, too big for "
            "a link: use the lab's hands() in a cell and save it with to_csv()</i>"
        )
    encoded = base64.b64encode(data).decode()
    return (
        f'<a download="{filename}" href="data:text/csv;base64,{encoded}" '
        f'target="_blank" style="margin-right:1.5em">{text}</a>'
    )
