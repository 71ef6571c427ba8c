"""The ``cardlab`` command: simulate many games from a terminal, list the games.

Examples::

    cardlab games
    cardlab simulate mod-ten --players 4 --games 100000 --agents random,greedy \\
        --seed 1 --workers 2 --out results.csv
    cardlab simulate chinese-ten --option scoring=black-frog --games 5000 --out runs.parquet
    python -m cardlab --version

Every argument is checked before a run starts (the output file too: its folder must be
writable, and an existing file is kept unless ``--force``); numbers are written in the digits
0-9. The rows are written whole or not at all; a run cut short by Ctrl-C, SIGTERM (a scheduler,
``timeout``, a culled Binder) or SIGHUP (a closed terminal or SSH session) saves what finished
under a name that says so (``results.partial.csv``); another signal while it saves is noted,
not obeyed, so the saving finishes. Files are created with the permissions the umask gives a
new file. The progress bar is drawn on a terminal only (``--progress lines`` writes plain lines
instead, for a log file).

Exit status: 0 done; 1 the run failed (an agent failed, a file could not be written, a package
is missing); 2 bad arguments; 128 plus the signal's number when a signal stopped the run: 129
hung up (SIGHUP), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
import tempfile
import threading
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cardlab
from cardlab.engine.errors import OptionError
from cardlab.engine.options import OptionSpec
from cardlab.engine.words import shortened
from cardlab.games import GAMES, game, game_class
from cardlab.simulation.runs import MAX_GAMES, MAX_SEED_TEXT, max_workers

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
"""The exit statuses of the command."""

EXIT_TERMINATED = 143
"""The exit status after SIGTERM (128 + 15, as a shell reports a process it terminated)."""

EXIT_HUNG_UP = 129
"""The exit status after SIGHUP (128 + 1): the terminal or SSH session closed."""

STOPPING_SIGNALS = {
    "SIGINT": ("interrupted", EXIT_INTERRUPTED),
    "SIGTERM": ("terminated", EXIT_TERMINATED),
    "SIGHUP": ("hung up", EXIT_HUNG_UP),
}
"""The signals that stop a run (its finished rows saved), with what the command then says and
its exit status. (Windows has no SIGHUP.)"""

TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


class UsageError(ValueError):
    """An argument of the command that cannot be used (exit status 2)."""


def _option_value(spec: OptionSpec, text: str) -> Any:
    """An option's value from the command line, of the option's kind."""
    value = text.strip()
    if spec.kind is bool:
        if value.lower() in TRUE_WORDS:
            return True
        if value.lower() in FALSE_WORDS:
            return False
        raise OptionError(f"{spec.name} is true or false, not {value[:40]!r}")
    if spec.kind is int:
        if not re.fullmatch(r"[+-]?[0-9]{1,12}", value):  # not "３": the digits 0-9 only
            raise OptionError(
                f"{spec.name} is a whole number in the digits 0-9, not {shortened(value)}"
            )
        return int(value)
    return value


def parse_options(name: str, pairs: Sequence[str]) -> dict[str, Any]:
    """The game options given as ``KEY=VALUE`` texts, checked against the game's options."""
    specs = {spec.name: spec for spec in game_class(name).option_specs()}
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not sep or not key:
            raise OptionError(
                f"an option is written KEY=VALUE (like deck=double), not {pair[:40]!r}"
            )
        if key not in specs:
            raise OptionError(
                f"unknown option {key[:40]!r} for {name}: the options are {', '.join(specs)}"
            )
        if key in options:
            raise OptionError(f"the option {key} is given twice")
        options[key] = _option_value(specs[key], value)
    return options


def whole_argument(name: str, text: str, low: int | None = None, high: int | None = None) -> int:
    """A whole-number argument (--games, --players, --workers) in the digits 0-9 only ("３" is
    refused, as everywhere text becomes a number), from ``low`` to ``high`` when given; else a
    :class:`UsageError` that says so in one line. (Past 12 digits a number is past every bound,
    and is not converted: Python would not even convert 5,000 digits.)"""
    value = text.strip()
    bounds = f" from {low:,} to {high:,}" if low is not None and high is not None else ""
    refused = UsageError(
        f"{name} must be a whole number{bounds} in the digits 0-9, not {shortened(value)}"
    )
    if not re.fullmatch(r"[+-]?[0-9]+", value) or len(value.lstrip("+-")) > 12:
        raise refused
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise refused
    return number


def _seed(text: str) -> int | str:
    """A seed from the command line: a whole number when it is written as one in the digits
    0-9 (as Python writes it: "7", not "07" or "７"), else the text itself."""
    value = text.strip()
    if re.fullmatch(r"-?[0-9]{1,101}", value) and str(int(value)) == value:
        return int(value)
    return text


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardlab`` command (with complete help)."""
    parser = argparse.ArgumentParser(
        prog="cardlab",
        description="Simulate and analyse card games (Mod Ten, Chinese Ten, Two-Ten-Jack).",
        epilog=(
            "Exit status: 0 done, 1 the run failed, 2 bad arguments, 129 hung up (SIGHUP), "
            "130 interrupted (Ctrl-C), 143 terminated (SIGTERM); after a signal the finished "
            "rows are saved."
        ),
    )
    parser.add_argument("--version", action="version", version=f"cardlab {cardlab.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    commands.add_parser("games", help="list the games and their options with defaults")
    _add_simulate(commands)
    return parser


def _add_simulate(commands: Any) -> None:
    """The ``simulate`` command and its arguments."""
    simulate = commands.add_parser(
        "simulate",
        help="play many games with bots and summarise the outcomes",
        description=(
            "Play GAMES hands (or matches) of a game with the given agents, print a summary "
            "table of win rates with 95% intervals and, with --out, save one row per game "
            "as CSV or Parquet. The same --seed gives the same results whatever --workers is."
        ),
    )
    simulate.add_argument("game", choices=sorted(GAMES), help="the game to play")
    ranges = ", ".join(f"{name} {_players_text(game_class(name))}" for name in sorted(GAMES))
    simulate.add_argument("--players", help=f"number of players (default: the game's; {ranges})")
    simulate.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. deck=double or scoring=black-frog (repeatable)",
    )
    simulate.add_argument(
        "--games",
        default="1000",
        help=f"how many, from 1 to {MAX_GAMES:,} (default 1000; a run whose table would not "
        "fit in memory is refused before it starts)",
    )
    simulate.add_argument("--agents", default="random", help=_agents_help())
    simulate.add_argument(
        "--seed",
        default="0",
        help=f"the run's seed: a whole number of at most 100 digits or a text of at most "
        f"{MAX_SEED_TEXT} characters (default 0)",
    )
    simulate.add_argument(
        "--workers",
        default="1",
        help=f"worker processes, from 1 to 2 per core ({max_workers()} here; default 1)",
    )
    simulate.add_argument(
        "--per", choices=("hand", "match"), default="hand", help="one row per hand or per match"
    )
    _add_output(simulate)


def _add_output(simulate: Any) -> None:
    """The arguments of ``simulate`` that say where its rows and its progress go."""
    simulate.add_argument(
        "--out",
        help=(
            "save the rows to this file: .csv (or .csv.gz ...) or .parquet (needs pyarrow: "
            "pip install 'cardlab[parquet]')"
        ),
    )
    simulate.add_argument(
        "--force", action="store_true", help="overwrite the --out file if it exists"
    )
    simulate.add_argument(
        "--progress",
        choices=("auto", "lines", "off"),
        default="auto",
        help="auto (the default): a progress bar on a terminal, nothing when stderr is a file "
        "or a pipe; lines: a plain line at each whole percent, for a log file; off: none",
    )
    simulate.add_argument(
        "--no-progress", action="store_true", help="no progress (the same as --progress off)"
    )


def _players_text(cls: Any) -> str:
    """A game's number of players in words: "2 players", "2-6 players"."""
    if cls.min_players == cls.max_players:
        return f"{cls.min_players} players"
    return f"{cls.min_players}-{cls.max_players} players"


def _agents_help() -> str:
    """The help of --agents, from the agent registry (so a new agent shows up by itself)."""
    from cardlab.bots.checks import MAX_SECONDS
    from cardlab.bots.specs import AGENT_OPTIONS, AGENTS, SETTING_LIMITS

    numbers = ", ".join(
        f"{name}:{setting.upper()} (1 to {SETTING_LIMITS[setting]:,})"
        for name, setting in AGENT_OPTIONS.items()
    )
    return (
        f"comma-separated agents by seat: {', '.join(AGENTS)}; {numbers} set the playouts "
        "per move, the worlds or the iterations per decision; NAME:0.5s gives any agent a "
        f"time budget a decision (up to {MAX_SECONDS:g}s); fewer agents than seats take the "
        "seats in turn (default: random)"
    )


def _list_games() -> None:
    for name in GAMES:
        cls = game_class(name)
        print(f"{name}: {cls.title}, {_players_text(cls)}")
        for spec in cls.option_specs():
            choices = f" ({', '.join(map(str, spec.choices))})" if spec.choices else ""
            print(f"    {spec.name} = {spec.default!r}: {spec.doc}{choices}")


class Output:
    """Where the rows of a run go, checked before the run: a file name with a known ending, in
    a folder that exists and can be written, not an existing file unless ``force``."""

    def __init__(self, name: str, force: bool) -> None:
        from cardlab.simulation.tables import output_format

        if not name.strip():
            raise UsageError("--out needs a file name, like results.csv")
        self.path = Path(name)
        output_format(self.path)
        if self.path.is_dir():
            raise UsageError(f"--out {name[:80]} is a folder: give a file name")
        if self.path.exists() and not force:
            raise UsageError(f"{name[:80]} exists: give another name, or --force to overwrite it")
        folder = self.path.parent
        if not folder.is_dir():
            raise UsageError(f"the folder {str(folder)[:80]} does not exist")
        try:
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".cardlab-check-"):
                pass
        except OSError as error:
            raise UsageError(f"cannot write in {str(folder)[:80]}: {error.strerror}") from None

    def partial_path(self) -> Path:
        """Where an unfinished run's rows go: ``results.partial.csv`` (or ``-2``, ``-3`` ...
        when that exists)."""
        name = self.path.name
        lower = name.lower()
        cut = max(lower.rfind(".csv"), lower.rfind(".parquet"), lower.rfind(".pq"))
        stem, ending = name[:cut], name[cut:]
        candidate = self.path.with_name(f"{stem}.partial{ending}")
        number = 2
        while candidate.exists():
            candidate = self.path.with_name(f"{stem}.partial-{number}{ending}")
            number += 1
        return candidate

    def save(self, table: Any, complete: bool) -> Path:
        """Write ``table`` (under the partial name when not ``complete``); if that fails, into
        a new temporary folder, so that the rows are not lost."""
        from cardlab.simulation.tables import write_table

        target = self.path if complete else self.partial_path()
        try:
            return write_table(table, target)
        except OSError as error:
            why = f"cannot write {target} ({error.strerror or error})"
        try:
            rescue = Path(tempfile.mkdtemp(prefix="cardlab-")) / target.name
            write_table(table, rescue)
        except OSError as error:
            print(
                f"cardlab: error: {why}, nor in a temporary folder "
                f"({error.strerror or error}): the {len(table):,} rows are lost",
                file=sys.stderr,
            )
            raise _Rescued from None
        print(f"cardlab: error: {why}: the rows are saved in {rescue} instead", file=sys.stderr)
        raise _Rescued


class _Rescued(Exception):
    """The rows could not go where asked: saved elsewhere, or lost (already said)."""


def _summary(the_game: Any, table: Any, per: str, seed: Any) -> None:
    """The run in words, then each seat's wins as a table (not Python's reprs)."""
    unit = "matches" if per == "match" else "hands"
    print(f"{the_game.title} ({options_words(the_game)}): {len(table):,} {unit}, seed {seed}")
    if len(table):
        print(seats_table(table))
        length = "hands" if per == "match" else "moves"
        print(f"mean {length} per {per}: {table[length].mean():.1f}")


def options_words(the_game: Any) -> str:
    """A game's options as the command takes them: "players=2, deck=auto, open_hands=false"."""
    words = []
    for name, value in the_game.options.items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        words.append(f"{name}={shown}")
    return ", ".join(words)


def seats_table(table: Any) -> str:
    """Each seat's agent, games, wins and win rate with its 95% interval, as aligned columns."""
    from cardlab.simulation.stats import win_rates

    rows = [("seat", "agent", "games", "wins", "win rate", "95% interval")]
    for seat, rate in win_rates(table).iterrows():
        rows.append(
            (
                str(seat),
                str(rate["agent"]),
                f"{rate['games']:,}",
                f"{rate['wins']:,}",
                f"{rate['win_rate']:.1%}",
                f"{rate['low']:.1%} to {rate['high']:.1%}",
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.ljust(width) if column == 1 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _progress(args: argparse.Namespace) -> bool | str:
    """The run's progress: a bar on a terminal (never frames in a file), or plain lines."""
    if args.no_progress or args.progress == "off":
        return False
    if args.progress == "lines":
        return "lines"
    return sys.stderr.isatty()


def _prepare(args: argparse.Namespace) -> tuple[Any, Output | None]:
    """The checked run and output of ``cardlab simulate`` (raises before anything runs)."""
    from cardlab.simulation.many_games import checked_run
    from cardlab.simulation.tables import require_pandas

    require_pandas("cardlab simulate")
    options = parse_options(args.game, args.option)
    if args.players is not None:
        if "players" in options:
            raise UsageError("give the players once: --players or -o players=..., not both")
        options["players"] = whole_argument("players", args.players)
    the_game = game(args.game, **options)
    run = checked_run(
        the_game,
        agents=args.agents,
        games=whole_argument("games", args.games, 1, MAX_GAMES),
        seed=_seed(args.seed),
        workers=whole_argument("workers", args.workers),
        per=args.per,
        progress=_progress(args),
    )
    output = Output(args.out, args.force) if args.out is not None else None
    return run, output


def _simulate(args: argparse.Namespace, run: Any, output: Output | None) -> int:
    """Play the checked run, save and summarise it; the exit status."""
    from cardlab.simulation.many_games import AgentError, play_run

    unit = "matches" if args.per == "match" else "hands"
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="interrupted: returning")
            table = play_run(run, played=_TERMINATION.saving_now)
    except AgentError as error:
        print(f"cardlab: error: {error.what_failed}", file=sys.stderr)
        if output is not None and error.rows is not None and len(error.rows):
            saved = output.save(error.rows, complete=False)
            print(f"the {len(error.rows)} {unit} finished are saved in {saved}", file=sys.stderr)
        return EXIT_FAILED
    complete = bool(table.attrs.get("complete"))
    written = output.save(table, complete) if output is not None else None
    try:
        _summary(run.game, table, args.per, run.task.seed)
    except OSError:
        if complete or isinstance(sys.exc_info()[1], BrokenPipeError):
            raise
        # The terminal is gone (SIGHUP): the rows are saved; say so where it can still be said.
    if not complete:
        where = f", saved in {written}" if written else ""
        _say(
            f"cardlab: {_TERMINATION.words()}: {len(table):,} of {run.games:,} {unit} "
            f"finished{where}"
        )
        return _TERMINATION.status()
    if written is not None:
        print(f"rows saved to {written}")
    return EXIT_OK


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version, or an argument argparse refused
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    if args.command == "games":
        _list_games()
        sys.stdout.flush()
        return EXIT_OK
    try:
        run, output = _prepare(args)
    except ValueError as error:  # UsageError, OptionError, SimulationError, TableError
        print(f"cardlab: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except ImportError as error:
        print(f"cardlab: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    try:
        status = _simulate(args, run, output)
    except _Rescued:
        return EXIT_FAILED
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        _say(f"cardlab: error: {error}")
        return EXIT_FAILED
    try:
        sys.stdout.flush()
    except OSError:
        if _TERMINATION.signal is None:
            raise
    return status


class _Termination:
    """The signals that stop a run (SIGINT, SIGTERM, SIGHUP: :data:`STOPPING_SIGNALS`), each
    handled as Ctrl-C is while a run plays (it stops, the finished rows are saved) and
    remembered, so the command says which stopped it and exits 128 plus its number. Only the
    first one stops anything: once the run stops (or its rows are being saved, or it is over),
    any other is only noted, so the saving finishes and the exit status is the first signal's."""

    def __init__(self) -> None:
        self.signal: int | None = None
        """The number of the first signal received, or None."""
        self.saving = False
        self.previous: dict[int, Any] = {}

    @property
    def received(self) -> bool:
        """True once a stopping signal other than Ctrl-C's arrived."""
        return self.signal is not None and self.signal != signal.SIGINT

    def words(self) -> str:
        """What stopped the run: "interrupted", "terminated" or "hung up"."""
        name = signal.Signals(self.signal).name if self.signal is not None else "SIGINT"
        return STOPPING_SIGNALS[name][0]

    def status(self) -> int:
        """The exit status the first signal gives (130 if none: Ctrl-C reached Python)."""
        name = signal.Signals(self.signal).name if self.signal is not None else "SIGINT"
        return STOPPING_SIGNALS[name][1]

    def __enter__(self) -> _Termination:
        if threading.current_thread() is threading.main_thread():
            for name in STOPPING_SIGNALS:
                number = getattr(signal, name, None)
                if number is not None:
                    self.previous[number] = signal.signal(number, self.handle)
        return self

    def __exit__(self, *_: object) -> None:
        # After a signal the command is on its way out: another one is ignored from here on,
        # not obeyed (a second SIGTERM would otherwise end the process with -15, not 143).
        for number, previous in self.previous.items():
            signal.signal(number, signal.SIG_IGN if self.signal is not None else previous)

    def saving_now(self) -> None:
        """The games are played: from now on a signal is only noted (the rows are saved)."""
        self.saving = True

    def handle(self, signum: int, frame: object) -> None:
        """The handler of every stopping signal."""
        first = self.signal is None
        if first:
            self.signal = signum
        if first and not self.saving:
            raise KeyboardInterrupt


_TERMINATION = _Termination()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardlab`` command with ``argv`` (default: the command line) and return its
    exit status: 0 done, 1 the run failed, 2 bad arguments, 129 hung up, 130 interrupted, 143
    terminated."""
    global _TERMINATION
    _TERMINATION = _Termination()
    try:
        with _TERMINATION:
            status = _run(argv)
        if _TERMINATION.signal is not None and status in (EXIT_OK, EXIT_INTERRUPTED):
            return _TERMINATION.status()
        return status
    except KeyboardInterrupt:
        _say(f"cardlab: {_TERMINATION.words()}")
        return _TERMINATION.status()
    except BrokenPipeError:
        # The reader went away (`cardlab games | head -1`): nothing more to say to it.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return _TERMINATION.status() if _TERMINATION.signal is not None else EXIT_OK


def _say(text: str) -> None:
    """Write ``text`` on stderr, if it can still be written (after SIGHUP the terminal may be
    gone: the rows are saved all the same)."""
    try:
        print(text, file=sys.stderr)
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(main())
