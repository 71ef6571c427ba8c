"""The ``cardlab`` command: simulate many games from a terminal, list the games.

Examples::

    cardlab games
    cardlab simulate mod-ten --players 4 --games 100000 --agents random,greedy \\
        --seed 1 --workers 2 --out results.csv
    cardlab simulate chinese-ten --option scoring=black-frog --games 5000
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from typing import Any

from cardlab.core import GAMES, OptionError, game, game_class


def _option_value(text: str) -> Any:
    """An option value from the command line: a whole number, true/false, or text."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text.strip()


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"an option is written KEY=VALUE (like deck=double), not {pair!r}")
        options[key.strip().replace("-", "_")] = _option_value(value)
    return options


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardlab`` command (with complete help)."""
    parser = argparse.ArgumentParser(
        prog="cardlab",
        description="Simulate and analyse card games (Mod Ten, Chinese Ten, Two-Ten-Jack).",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    commands.add_parser("games", help="list the games and their options with defaults")

    simulate = commands.add_parser(
        "simulate",
        help="play many games with bots and summarise the outcomes",
        description=(
            "Play GAMES hands (or matches) of a game with the given agents, print a summary "
            "table of win rates with 95%% intervals and, with --out, save one row per game "
            "as CSV. The same --seed gives the same results whatever --workers is."
        ),
    )
    simulate.add_argument("game", choices=sorted(GAMES), help="the game to play")
    simulate.add_argument("--players", type=int, help="number of players (default: the game's)")
    simulate.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. deck=double or scoring=black-frog (repeatable)",
    )
    simulate.add_argument("--games", type=int, default=1000, help="how many (default 1000)")
    simulate.add_argument(
        "--agents",
        default="random",
        help=(
            "comma-separated agents by seat: random, greedy, mc, mc-greedy (Monte Carlo with "
            "random or greedy playouts; mc:PLAYOUTS sets the playouts per move); fewer agents "
            "than seats take the seats in turn (default: random)"
        ),
    )
    simulate.add_argument("--seed", default="0", help="the run's seed (default 0)")
    simulate.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    simulate.add_argument(
        "--per", choices=("hand", "match"), default="hand", help="one row per hand or per match"
    )
    simulate.add_argument("--out", help="save the rows to this CSV file")
    simulate.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    return parser


def _list_games() -> None:
    for name in GAMES:
        cls = game_class(name)
        print(f"{name}: {cls.title}, {cls.min_players}-{cls.max_players} players")
        for field in dataclasses.fields(cls):
            print(f"    {field.name} = {field.default!r}")


def _simulate(args: argparse.Namespace) -> None:
    from cardlab.simulation import simulate
    from cardlab.stats import win_rates

    options = _parse_options(args.option)
    if args.players is not None:
        options["players"] = args.players
    the_game = game(args.game, **options)
    seed: Any = _option_value(args.seed)
    table = simulate(
        the_game,
        agents=args.agents,
        games=args.games,
        seed=seed,
        workers=args.workers,
        per=args.per,
        progress=not args.no_progress,
    )
    if args.out:
        table.to_csv(args.out, index=False)
    unit = "matches" if args.per == "match" else "hands"
    print(f"{the_game.title}, {the_game.options}: {len(table)} {unit}, seed {seed}")
    if len(table):
        summary = win_rates(table)
        for column in ("win_rate", "low", "high"):
            summary[column] = summary[column].map("{:.1%}".format)
        print(summary.to_string())
        length = "hands" if args.per == "match" else "moves"
        print(f"mean {length} per {args.per}: {table[length].mean():.1f}")
    if args.out:
        print(f"rows saved to {args.out}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardlab`` command with ``argv`` (default: the command line); 0 on success."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            _list_games()
        else:
            _simulate(args)
    except (ValueError, OSError) as error:
        print(f"cardlab: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
