"""The ``cardlab`` command: simulate many games from a terminal, list the games.

Examples::

    cardlab games
    cardlab simulate mod-ten --players 4 --games 100000 --agents random,greedy \\
        --seed 1 --workers 2 --out results.csv
    cardlab simulate chinese-ten --option scoring=black-frog --games 5000 --out runs.parquet
    python -m cardlab --version

Every argument is checked before a run starts (the output file too: its folder must be
writable, and an existing file is kept unless ``--force``). The rows are written whole or not at
all; a run cut short by Ctrl-C or SIGTERM (a scheduler, ``timeout``, a culled Binder) saves what
finished under a name that says so (``results.partial.csv``). Files are created with the
permissions the umask gives a new file.

Exit status: 0 done; 1 the run failed (an agent failed, a file could not be written, a package
is missing); 2 bad arguments; 130 interrupted (Ctrl-C); 143 terminated (SIGTERM).
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
        try:
            return int(value)
        except ValueError:
            raise OptionError(f"{spec.name} is a whole number, not {value[:40]!r}") from None
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


def _whole(text: str) -> int:
    """A whole number argument (--games, --players, --workers): digits 0-9, at most 12 of
    them (more is past every bound; Python would not even convert 5,000 of them)."""
    value = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]{1,12}", value):
        raise argparse.ArgumentTypeError(
            f"expected a whole number in digits, not {shortened(value)}"
        )
    return int(value)


def _seed(text: str) -> int | str:
    """A seed from the command line: a whole number when it is written as one, else text."""
    try:
        number = int(text)
    except ValueError:
        return text
    return number if str(number) == text.strip() else text


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardlab`` command (with complete help)."""
    parser = argparse.ArgumentParser(
        prog="cardlab",
        description="Simulate and analyse card games (Mod Ten, Chinese Ten, Two-Ten-Jack).",
        epilog=(
            "Exit status: 0 done, 1 the run failed, 2 bad arguments, 130 interrupted, "
            "143 terminated (SIGTERM; the finished rows are saved as with Ctrl-C)."
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
    simulate.add_argument(
        "--players", type=_whole, help=f"number of players (default: the game's; {ranges})"
    )
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
        type=_whole,
        default=1000,
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
        type=_whole,
        default=1,
        help=f"worker processes, from 1 to 2 per core ({max_workers()} here; default 1)",
    )
    simulate.add_argument(
        "--per", choices=("hand", "match"), default="hand", help="one row per hand or per match"
    )
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
    _add_engine(simulate)
    simulate.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def _add_engine(simulate: argparse.ArgumentParser) -> None:
    """The ``--engine`` argument of ``simulate``."""
    simulate.add_argument(
        "--engine",
        choices=("rules", "batch"),
        default="rules",
        help="what plays the hands: the rules engine, one hand at a time, any agent (default), "
        "or the batch engine: many hands at once over numpy arrays, ten times as fast or more, "
        "random and greedy agents only, one row per hand (other hands than the rules "
        "engine's, with the same statistics)",
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
    from cardlab.simulation.stats import win_rates

    unit = "matches" if per == "match" else "hands"
    print(f"{the_game.title}, {the_game.options}: {len(table)} {unit}, seed {seed}")
    if len(table):
        summary = win_rates(table)
        for column in ("win_rate", "low", "high"):
            summary[column] = summary[column].map("{:.1%}".format)
        print(summary.to_string())
        length = "hands" if per == "match" else "moves"
        print(f"mean {length} per {per}: {table[length].mean():.1f}")


def _prepare(args: argparse.Namespace) -> tuple[Any, Output | None]:
    """The checked run and output of ``cardlab simulate`` (raises before anything runs)."""
    from cardlab.simulation.runs import checked_run
    from cardlab.simulation.tables import require_pandas

    require_pandas("cardlab simulate")
    options = parse_options(args.game, args.option)
    if args.players is not None:
        if "players" in options:
            raise UsageError("give the players once: --players or -o players=..., not both")
        options["players"] = args.players
    the_game = game(args.game, **options)
    run = checked_run(
        the_game,
        agents=args.agents,
        games=args.games,
        seed=_seed(args.seed),
        workers=args.workers,
        per=args.per,
        progress=not args.no_progress,
        engine=args.engine,
    )
    if run.engine == "batch":  # refused in words before anything runs, as a bad argument
        from cardlab.batch import BatchRunError, checked_batch_run

        try:
            checked_batch_run(run)
        except BatchRunError as error:
            raise UsageError(str(error).replace("engine='rules'", "--engine rules")) from None
    output = Output(args.out, args.force) if args.out is not None else None
    return run, output


def _simulate(args: argparse.Namespace, run: Any, output: Output | None) -> int:
    """Play the checked run, save and summarise it; the exit status."""
    from cardlab.simulation.many_games import AgentError, play_run

    unit = "matches" if args.per == "match" else "hands"
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="interrupted: returning")
            table = play_run(run)
        _TERMINATION.saving = True
    except AgentError as error:
        _TERMINATION.saving = True
        print(f"cardlab: error: {error.what_failed}", file=sys.stderr)
        if output is not None and error.rows is not None and len(error.rows):
            saved = output.save(error.rows, complete=False)
            print(f"the {len(error.rows)} {unit} finished are saved in {saved}", file=sys.stderr)
        return EXIT_FAILED
    complete = bool(table.attrs.get("complete"))
    written = output.save(table, complete) if output is not None else None
    _summary(run.game, table, args.per, run.task.seed)
    if not complete:
        where = f", saved in {written}" if written else ""
        what = "terminated" if _TERMINATION.received else "interrupted"
        print(
            f"cardlab: {what}: {len(table):,} of {run.games:,} {unit} finished{where}",
            file=sys.stderr,
        )
        return EXIT_TERMINATED if _TERMINATION.received else EXIT_INTERRUPTED
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
        print(f"cardlab: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    sys.stdout.flush()
    return status


class _Termination:
    """SIGTERM, handled as Ctrl-C is while a run plays (it stops, the finished rows are
    saved) and remembered, so the command exits 143; once the rows are being saved, only
    remembered, so the saving finishes."""

    def __init__(self) -> None:
        self.received = False
        self.saving = False
        self.previous: Any = None

    def __enter__(self) -> _Termination:
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGTERM, self.handle)
        return self

    def __exit__(self, *_: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGTERM, self.previous)

    def handle(self, signum: int, frame: object) -> None:
        """The SIGTERM handler."""
        already = self.received
        self.received = True
        if not self.saving and not already:
            raise KeyboardInterrupt


_TERMINATION = _Termination()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardlab`` command with ``argv`` (default: the command line) and return its
    exit status: 0 done, 1 the run failed, 2 bad arguments, 130 interrupted, 143 terminated."""
    global _TERMINATION
    _TERMINATION = _Termination()
    try:
        with _TERMINATION:
            status = _run(argv)
        if _TERMINATION.received and status in (EXIT_OK, EXIT_INTERRUPTED):
            return EXIT_TERMINATED
        return status
    except KeyboardInterrupt:
        if _TERMINATION.received:
            print("cardlab: terminated", file=sys.stderr)
            return EXIT_TERMINATED
        print("cardlab: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`cardlab games | head -1`): nothing more to say to it.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
