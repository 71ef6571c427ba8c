"""The strength table: every registered bot against every other, in every registered game at
the seat counts the menus offer (``--players``; each game's default without it), played in
duplicate. Not a test; it writes ``cardlab/data/strength.json``, which
:mod:`cardlab.bots.strength` reads for the bot menus and the docs (where a row is missing they
say "not measured").

How a pair is measured. Agent A and agent B play the same seeded deals (``strength-0``,
``strength-1`` ...) once for each seat A can take: with n seats, A sits in seat s and B in all
the others, for s = 0 .. n-1 (two players: each deal twice, seats swapped, as bridge clubs play
duplicate). The luck of the cards is the same for both, so it cancels. A deal's margin is A's
hand score minus the mean hand score of the B seats, averaged over A's n seats, in the game's
own unit: wins a hand in Mod Ten (a hand scores 1 for the winner), points a hand in Chinese Ten
and Two-Ten-Jack (what ``cardlab.simulate`` tabulates as ``score_<seat>``). The table gives the
mean margin over the deals and its paired 95% interval (Student's t over the per-deal margins).

With two seats the pair (B, A) is the same games seen from the other side: its row is written
too, with the margin and interval negated. With more seats "A alone among B's" and "B alone
among A's" are different tables, so both are played.

Time budgets (``ismcts:0.5s``) are read in CPU seconds of the playing process too, so that a
loaded machine does not weaken the bots that think against the clock. Each row also gives the CPU
seconds (``time.process_time``, this process only) a decision of each bot took, over every
decision it made in those games, the bots' settings (their repr), the cardlab version and the
git commit, and (rows measured since issue 34) ``load``: the mean 1-minute load average while
the pair played. CPU seconds are not free of the load: other work shares the caches and the
memory bus, and the same bots measured again on a loaded two-core machine took 5 to 45% more CPU
a decision than the older rows say. Read the column as "on that machine, under that load".

Usage::

    python bench/strength.py                      # every pair, every game, 8 deals a pair
    python bench/strength.py --deals 6,mod-ten=20 # 6 deals a pair, 20 in Mod Ten
    python bench/strength.py --bots ismcts --update   # a new bot's rows, the others kept
    python bench/strength.py --games two-ten-jack --bots mc,pimc --opponents mc,pimc --update

The table in the package was made in parts, niced, with two worker processes each, on a
two-core machine shared with other work (the strong bots are slow, so the cheap pairs got more
deals, and Chinese Ten, three seats played both ways round, the fewest)::

    python bench/strength.py --bots random,greedy,mc --opponents random,greedy,mc --deals 60
    python bench/strength.py --bots mc-greedy,pimc --games mod-ten --deals 20 --update
    python bench/strength.py --bots mc-greedy,pimc --opponents random,greedy,mc,mc-greedy,pimc \
        --games two-ten-jack --deals 4 --update
    python bench/strength.py --bots mc-greedy,pimc --opponents random,greedy,mc,mc-greedy,pimc \
        --games chinese-ten --deals 3 --update
    python bench/strength.py --bots ismcts --deals 4,mod-ten=12 --update
    python bench/strength.py --games mod-ten --bots ismcts,pimc,mc-greedy --deals 30 --update
    python bench/strength.py --games chinese-ten --bots ismcts,pimc,mc-greedy --deals 24 --update

``--bots`` plays every pair with at least one of those bots (a name, or a name and its setting
as ``make_agent`` takes it: the row is filed under the name); ``--opponents`` limits the other
side (default: every registered bot). ``--update`` replaces only the rows it plays and keeps
the others; without it the file holds the rows of this run alone. The file is written after
each pair, so an interrupted run keeps the pairs it finished. Run it niced (``nice -n 19``).

Issue 34 added the seat counts the menus offer beyond the defaults, niced, two workers, on the
same two-core machine under a load average of 9 to 14 (other sessions' test runs), into a
scratch file merged into the table (``--out /tmp/new.json --update``, then the rows copied)::

    python bench/strength.py --games two-ten-jack --bots pimc --opponents mc --deals 90
    python bench/strength.py --games mod-ten --players 3 --bots random,greedy,mc \
        --opponents random,greedy,mc --deals 40          # and so for 4, 5, 6 players
    python bench/strength.py --games chinese-ten --players 2 --bots random,greedy,mc \
        --opponents random,greedy,mc --deals 40          # and 4 players

The pairs of mc-greedy, pimc and ismcts were measured, 12 deals a pair, for three-player Mod
Ten first (``--games mod-ten --players 3 --bots mc-greedy,pimc,ismcts --deals 12``, 40 minutes
under that load); the other seat counts did not fit in that session. In five-player Mod Ten, mc
then stopped on strength-39: its view could not be dealt (``_deal_unseen``'s rejection sampler
gave up after 100,000 tries on views as constrained as that one, whose acceptance rate is about
1 in 60,000). Since fixed (such views are dealt from a count of their deals; bench/samplers.py
times it), the next session measured the rest, niced, at loads of 0.6 to 7.2 on two cores::

    python bench/strength.py --games mod-ten --players 5 --bots mc \
        --opponents random,greedy --deals 40                   # 61 s of CPU
    python bench/strength.py --games mod-ten --players 4 \
        --bots mc-greedy,pimc,ismcts --deals 12                # 1,959 s
    python bench/strength.py --games chinese-ten --players 2 \
        --bots mc-greedy,pimc,ismcts --deals 12                # 159 s
    python bench/strength.py --games chinese-ten --players 4 \
        --bots mc-greedy,pimc,ismcts --deals 12 --workers 2    # 417 s
    python bench/strength.py --games mod-ten --players 5 \
        --bots mc-greedy,pimc,ismcts --deals 12 --workers 2    # 1,216 s (and 6 players: 1,342 s)

(each with ``--update --out`` a scratch file, whose rows were then copied into the table), so
every bot is now measured at every seat count a menu offers.

Beyond the table (issue 22's targets: ismcts at 0.5 s a decision against mc-greedy, in every
game at every default seat count, and three-player Mod Ten), ``--players`` sets the seats and
``--one-way`` plays only the bot alone among its opponents; give ``--out`` a scratch file::

    python bench/strength.py --bots ismcts:0.5s --opponents mc-greedy --games chinese-ten \
        --deals 30 --one-way --out /tmp/targets.json
    python bench/strength.py --bots ismcts:0.5s --opponents mc-greedy --games mod-ten \
        --players 3 --deals 30 --one-way --out /tmp/targets.json

Measured so (a loaded two-core machine, CPU seconds; ismcts with its random playouts, 0.32 to
0.44 s of CPU a decision, every decision counted; mc-greedy 0.005 to 0.010 s):

- Chinese Ten, 3 players: ismcts +4.3 points a hand against mc-greedy (95% +0.7 to +7.9),
  30 deals: beaten. (The previous session: +2.8, -1.6 to +7.2, 24 deals at 7,000 iterations.)
- Mod Ten, 3 players: -0.05 wins a hand (95% -0.18 to +0.08), 30 deals: level, not beaten.
- Mod Ten, 2 players (both ways round, no ``--one-way`` needed): +0.47 wins a hand (95% +0.23
  to +0.70), 30 deals: beaten.
- Two-Ten-Jack: +1.6 points a hand (95% -1.7 to +4.9), 20 deals: not shown (the previous
  session's +8.9, +2.0 to +15.7, was 8 deals at 4,000 iterations).

Greedy playouts (``ISMCTSAgent(rollout="greedy")``, measured with the same rotation of seats on
other seeds, not by this script, which names bots by their defaults) were no better:
at 0.5 s, +2.0 (-0.7 to +4.8) in Chinese Ten and -0.02 (-0.16 to +0.13) in Mod Ten, 30 deals
each, against mc-greedy; head to head at 0.1 s against ismcts with random playouts, -0.9
points a hand (-3.8 to +2.0, 48 deals) in Chinese Ten and -0.14 wins a hand (-0.25 to -0.04,
32 deals) in three-player Mod Ten. So ``ismcts`` keeps random playouts.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import fcntl
import hashlib
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import cardlab
from cardlab.bots.specs import AGENTS, agent_settings, make_agent
from cardlab.engine.core import Game, View
from cardlab.games import REGISTRY, game_class

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "cardlab" / "data" / "strength.json"
"""Where the table is written (shipped in the wheel, read by :mod:`cardlab.bots.strength`)."""

ABOUT = (
    "cardlab's strength table, written by bench/strength.py (see its docstring). One row per "
    "bot and opponent in a game at a seat count and default options: the bot sits in "
    "one seat and the opponent in the others, rotated through every seat on the same seeded "
    "deals. margin: the bot's hand score minus the opponents' mean, in the game's unit a hand, "
    "mean over the deals; low, high: its paired 95% interval (Student's t over the deals); "
    "bot_seconds, opponent_seconds: CPU seconds (time.process_time) a decision, which depend "
    "on the machine and its load; load: the mean 1-minute load average while measured."
)

T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262)
"""Student's t quantile 0.975 for 1 to 9 degrees of freedom (more: :func:`t_quantile`)."""


def t_quantile(freedom: int) -> float:
    """Student's t quantile 0.975 (a two-sided 95% interval) for ``freedom`` degrees of
    freedom: the table up to 9, Hill's expansion around the normal quantile beyond (within
    0.001 of the exact value there)."""
    if freedom <= len(T975):
        return T975[freedom - 1]
    z = 1.959963984540054
    v = float(freedom)
    return (
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
    )


def paired_interval(margins: Sequence[float]) -> tuple[float, float, float]:
    """The mean of the per-deal margins and its 95% interval (NaN bounds for one deal)."""
    mean = statistics.fmean(margins)
    if len(margins) < 2:
        return mean, math.nan, math.nan
    half = t_quantile(len(margins) - 1) * statistics.stdev(margins) / math.sqrt(len(margins))
    return mean, mean - half, mean + half


# --------------------------------------------------------------------------- playing


class Timed:
    """An agent whose decisions are counted and timed in CPU seconds."""

    def __init__(self, agent: Callable[[View], Any]) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.decisions = 0

    def __call__(self, view: View) -> Any:
        start = time.process_time()
        move = self.agent(view)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return move


@dataclasses.dataclass
class Clock:
    """The decisions one bot made in a pair's games and the CPU seconds they took."""

    seconds: float = 0.0
    decisions: int = 0

    def add(self, timed: Timed) -> None:
        self.seconds += timed.seconds
        self.decisions += timed.decisions

    @property
    def per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else math.nan


def seated(specs: Sequence[str], seed: str) -> list[Timed]:
    """Each seat's agent, all drawing from one generator seeded from the deal's seed and the
    seating (as ``cardlab.simulate`` seeds a hand's agents)."""
    rng = random.Random(f"{seed}/agents/{','.join(specs)}")
    return [Timed(on_cpu_clock(make_agent(spec, rng))) for spec in specs]


def on_cpu_clock(agent: Callable[[View], Any]) -> Callable[[View], Any]:
    """``agent``, its time budget (``name:Xs``) read in CPU seconds of this process rather than
    wall seconds: on a loaded machine a bot then thinks as long as it would on a quiet one, so
    the table does not depend on what else the machine was doing. (Agents without a budget
    read no clock.)"""
    if hasattr(agent, "clock"):
        agent.clock = time.process_time
    return agent


def deal_margin(game: Game, seed: str, bot: str, opponent: str, clocks: list[Clock]) -> float:
    """One deal's margin of ``bot`` over ``opponent``: the deal played once with the bot in
    each seat and the opponent in the others (see the module's docstring)."""
    players = game.players
    margins = []
    for alone in range(players):
        specs = [bot if seat == alone else opponent for seat in range(players)]
        agents = seated(specs, seed)
        state = game.deal(seed=seed)
        while (seat := state.current_player) is not None:
            state = state.play(agents[seat](state.view(seat)))
        scores = state.outcome().scores
        others = [scores[seat] for seat in range(players) if seat != alone]
        margins.append(scores[alone] - statistics.fmean(others))
        clocks[0].add(agents[alone])
        for seat in range(players):
            if seat != alone:
                clocks[1].add(agents[seat])
    return statistics.fmean(margins)


@dataclasses.dataclass(frozen=True)
class Task:
    """One pair in one game: what a worker plays."""

    game: str
    bot: str
    opponent: str
    deals: int
    players: int | None = None
    """The seats, if not the game's default (a measurement beyond the table's)."""

    def new_game(self) -> Game:
        """The game this task plays, at its seat count."""
        cls = game_class(self.game)
        return cls() if self.players is None else cls(players=self.players)


def play_task(task: Task, progress: Callable[[], None] | None = None) -> dict[str, Any]:
    """The pair's margins over ``task.deals`` deals and its bots' clocks, as the raw facts a
    row is made of."""
    game = task.new_game()
    clocks = [Clock(), Clock()]
    margins = []
    loads = [os.getloadavg()[0]]
    for index in range(task.deals):
        margins.append(deal_margin(game, f"strength-{index}", task.bot, task.opponent, clocks))
        loads.append(os.getloadavg()[0])
        if progress is not None:
            progress()
    return {"task": task, "margins": margins, "clocks": clocks, "load": statistics.fmean(loads)}


# --------------------------------------------------------------------------- rows


def settings(spec: str) -> str:
    """What a bot spec plays with: the repr of the agent it makes ("mc" ->
    "MonteCarloAgent(playouts=30, rollout='random')")."""
    return repr(make_agent(spec, 0))


def commit() -> str:
    """The git commit the table is measured at (``-dirty`` with uncommitted changes)."""
    try:
        found = subprocess.run(
            ["git", "describe", "--always", "--dirty", "--abbrev=10"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return found.stdout.strip()


def unit(game: str) -> str:
    """The game's unit of a hand's margin: "wins" (Mod Ten: a hand's score is 1 for the winner
    and 0 for the others) or "points"."""
    return "wins" if game_class(game).value_label == "chance to win" else "points"


def rows_of(result: dict[str, Any], measured_at: str) -> list[dict[str, Any]]:
    """The table's rows for one finished task: the pair's row, and with two seats its mirror."""
    task: Task = result["task"]
    margin, low, high = paired_interval(result["margins"])
    bot_clock, opponent_clock = result["clocks"]
    seats = task.new_game().players
    row = {
        "game": task.game,
        "seats": seats,
        "bot": name_of(task.bot),
        "opponent": name_of(task.opponent),
        "deals": task.deals,
        "margin": round(margin, 4),
        "low": round(low, 4),
        "high": round(high, 4),
        "unit": unit(task.game),
        "bot_seconds": round(bot_clock.per_decision, 5),
        "opponent_seconds": round(opponent_clock.per_decision, 5),
        "bot_settings": settings(task.bot),
        "opponent_settings": settings(task.opponent),
        "cardlab": f"{cardlab.__version__} {measured_at}",
        "load": f"{result['load']:.1f} on {os.cpu_count()} cores",
    }
    if seats != 2:
        return [row]
    mirror = dict(row, bot=row["opponent"], opponent=row["bot"])
    # 0.0 - x, not -x: a level pair's mirror reads 0.0, not -0.0.
    mirror.update(margin=0.0 - row["margin"], low=0.0 - row["high"], high=0.0 - row["low"])
    mirror.update(bot_seconds=row["opponent_seconds"], opponent_seconds=row["bot_seconds"])
    mirror.update(bot_settings=row["opponent_settings"], opponent_settings=row["bot_settings"])
    return [row, mirror]


def described(row: dict[str, Any]) -> str:
    """A row in one line, for the log of a run: the pair, its margin and interval, the deals
    and each bot's CPU seconds a decision."""
    return (
        f"{row['game']} {row['seats']}p {row['bot_settings']} v {row['opponent_settings']}: "
        f"{row['margin']:+.3f} {row['unit']} a hand (95% {row['low']:+.3f} to "
        f"{row['high']:+.3f}), {row['deals']} deals; {row['bot_seconds']:.3f} s and "
        f"{row['opponent_seconds']:.3f} s CPU a decision"
    )


def name_of(spec: str) -> str:
    """The registered name a spec is filed under ("mc:200" -> "mc")."""
    return spec.strip().lower().partition(":")[0]


def key(row: dict[str, Any]) -> tuple[str, int, str, str]:
    """What a row is about: its game, seats, bot and opponent."""
    return (row["game"], row["seats"], row["bot"], row["opponent"])


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of the table at ``path`` (none if there is no file yet)."""
    if not path.exists():
        return []
    rows: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["rows"]
    return rows


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold a lock on ``path`` (a file in the temporary folder: not in the package), so that
    two runs with ``--update`` (on other bots or games, at the same time) never write over
    each other's rows: each reads the file again and writes it within the lock."""
    name = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
    with open(Path(tempfile.gettempdir()) / f"cardlab-strength-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def write_rows(path: Path, rows: Iterable[dict[str, Any]]) -> None:
    """Write the table, one row a line (so a diff shows which rows changed), in a stable
    order: by game, then bot, then opponent."""
    ordered = sorted(rows, key=key)
    lines = ",\n".join("    " + json.dumps(row, ensure_ascii=False) for row in ordered)
    text = f'{{\n  "about": {json.dumps(ABOUT)},\n  "rows": [\n{lines}\n  ]\n}}\n'
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".json.new")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


# --------------------------------------------------------------------------- the run


def tasks_for(
    games: Sequence[str],
    bots: Sequence[str],
    opponents: Sequence[str],
    deals: dict[str, int],
    one_way: bool = False,
    players: int | None = None,
) -> list[Task]:
    """Every pair to play: per game, each of ``bots`` against each of ``opponents`` (another
    bot: never itself), once per unordered pair with two seats, in both orders with more
    (unless ``one_way``: then only each bot alone among its opponents); ``deals[game]`` deals
    each (``deals[""]`` for a game not named); ``players`` seats, or each game's default."""
    found: list[Task] = []
    for game in games:
        seats = Task(game, "", "", 0, players).new_game().players
        seen: set[tuple[str, str]] = set()
        for bot in bots:
            for opponent in opponents:
                pair = tuple(sorted((name_of(bot), name_of(opponent))))
                if name_of(bot) == name_of(opponent) or pair in seen:
                    continue
                seen.add(pair)  # type: ignore[arg-type]
                count = deals.get(game, deals[""])
                found.append(Task(game, bot, opponent, count, players))
                if seats != 2 and not one_way:
                    found.append(Task(game, opponent, bot, count, players))
    return found


def deal_counts(text: str) -> dict[str, int]:
    """The deals a pair of a ``--deals`` argument: "8" (every game), or a default and games
    of their own, "6,mod-ten=20"; keyed by game ("" for the default)."""
    counts: dict[str, int] = {"": 8}
    for part in text.split(","):
        game, _, number = part.strip().rpartition("=")
        if game:
            game = cardlab.games.registered_name(game)
        if not number.isdigit() or int(number) < 2:
            raise argparse.ArgumentTypeError(
                f"{part!r}: deals are a whole number of at least 2 (an interval needs two)"
            )
        counts[game] = int(number)
    return counts


def checked_specs(text: str | None, default: Sequence[str]) -> list[str]:
    """The bot specs of a ``--bots`` or ``--opponents`` argument, each checked."""
    specs = default if text is None else [part.strip() for part in text.split(",") if part]
    for spec in specs:
        agent_settings(spec)  # raises AgentSpecError for an unknown name or a bad setting
    return list(specs)


def run(tasks: Sequence[Task], workers: int, done: Callable[[dict[str, Any]], None]) -> None:
    """Play every task, calling ``done`` with each result as it ends; a progress bar counts
    the deals (each pair's deal is one step once it is played in every seating)."""
    from tqdm import tqdm  # noqa: PLC0415 (the notebooks extra; the dev venv has it)

    with tqdm(total=sum(task.deals for task in tasks), unit="deal", smoothing=0) as bar:
        if workers == 1:
            for task in tasks:
                bar.set_description(f"{task.game} {name_of(task.bot)} v {name_of(task.opponent)}")
                done(play_task(task, lambda: bar.update(1)))
            return
        with ProcessPoolExecutor(workers) as pool:
            futures = {pool.submit(play_task, task): task for task in tasks}
            for future in as_completed(futures):
                bar.update(futures[future].deals)
                done(future.result())


def main(argv: Sequence[str] | None = None) -> None:
    """Play the pairs asked for and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals",
        type=deal_counts,
        default="8",
        help='deals a pair: "8", or a default and games of their own, "6,mod-ten=20" (default 8)',
    )
    parser.add_argument("--bots", help="comma-separated bots whose pairs to play (default all)")
    parser.add_argument("--opponents", help="their opponents (default every registered bot)")
    parser.add_argument("--games", help="comma-separated games (default every registered game)")
    parser.add_argument("--update", action="store_true", help="keep the rows not played")
    parser.add_argument(
        "--players",
        type=int,
        help="seats, for every game (default: each game's own)",
    )
    parser.add_argument(
        "--one-way",
        action="store_true",
        help="with more than two seats, play each bot alone among its opponents only",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--out", type=Path, default=TABLE, help=f"default {TABLE}")
    args = parser.parse_args(argv)
    games = [name.strip() for name in (args.games or ",".join(REGISTRY)).split(",")]
    for name in games:
        cardlab.games.registered_name(name)  # an unknown game is refused before any play
    bots = checked_specs(args.bots, list(AGENTS))
    opponents = checked_specs(args.opponents, list(AGENTS))
    tasks = tasks_for(games, bots, opponents, args.deals, args.one_way, args.players)
    measured_at = commit()
    played: dict[tuple[str, int, str, str], dict[str, Any]] = {}
    thinking = [0.0]  # the CPU seconds of every decision, in whichever process it was made

    def done(result: dict[str, Any]) -> None:
        thinking[0] += sum(clock.seconds for clock in result["clocks"])
        rows = rows_of(result, measured_at)
        print(described(rows[0]), flush=True)
        for row in rows:
            played[key(row)] = row
        with locked(args.out):
            kept = {key(row): row for row in read_rows(args.out)} if args.update else {}
            write_rows(args.out, {**kept, **played}.values())

    run(tasks, args.workers, done)
    print(f"{len(tasks)} pairs; the bots' decisions took {thinking[0]:.0f} s of CPU")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
