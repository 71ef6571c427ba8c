"""Many games at once: a pandas DataFrame with one row per hand (or per match).

>>> import cardlab
>>> table = cardlab.simulate("mod-ten", agents="random", games=20, seed=1, progress=False)
>>> len(table), list(table.columns[:5])
(20, ['game', 'seed', 'dealer', 'agent_0', 'agent_1'])

Every game is reproducible on its own: game ``i`` of a run with seed ``S`` is dealt from the
seed ``"S-i"``, and its agents draw from a generator seeded from that too, so the same ``seed``
gives the same DataFrame whatever ``workers`` or ``executor`` runs it. Games are played in
chunks; the chunks can run in worker processes, or on any ``concurrent.futures.Executor`` (a Dask
``distributed.Client`` works too), and the rows come back in game order.
"""

from __future__ import annotations

import concurrent.futures
import random
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardlab.agents import Agent, agent_name, make_agent
from cardlab.core import Game, Outcome, game

if TYPE_CHECKING:
    import pandas as pd

CHUNK = 2000
"""The most games in one task (see :func:`chunk_size`)."""


def game_seed(seed: int | str, index: int) -> str:
    """The seed of game ``index`` of a run seeded ``seed``."""
    return f"{seed}-{index}"


def _agent_rng(seed: str) -> random.Random:
    return random.Random(f"{seed}/agents")


def play_hand(the_game: Game, agents: Sequence[str | Agent], seed: str) -> dict[str, Any]:
    """Play one hand with ``agents`` (one per seat) and describe it as a table row.

    All the agents of a hand draw from one generator seeded from ``seed``. When every agent is
    the random one, the game's fast :meth:`~cardlab.core.Game.playout` plays the hand: it makes
    the same draws and moves as the agents would.
    """
    state = the_game.deal(seed=seed)
    rng = _agent_rng(seed)
    dealer = state.dealer
    if all(agent == "random" for agent in agents):
        outcome = the_game.playout(state, rng)
    else:
        players = [make_agent(spec, rng) for spec in agents]
        while state.current_player is not None:
            seat = state.current_player
            state = state.play(players[seat](state.view(seat)))
        outcome = state.outcome()
    return _row(seed, dealer, agents, outcome)


def _row(seed: str, dealer: int, agents: Sequence[str | Agent], outcome: Outcome) -> dict:
    row: dict[str, Any] = {"seed": seed, "dealer": dealer}
    for seat, spec in enumerate(agents):
        row[f"agent_{seat}"] = agent_name(spec)
    row["winner"] = outcome.winner
    for seat, score in enumerate(outcome.scores):
        row[f"score_{seat}"] = score
    row["moves"] = outcome.moves
    row.update(outcome.stats)
    return row


def play_match(the_game: Game, agents: Sequence[str | Agent], seed: str) -> dict[str, Any]:
    """Play one match with ``agents`` and describe it as a table row (winner, hands, totals)."""
    match = the_game.match(seed=seed)
    rng = _agent_rng(seed)
    players = [make_agent(spec, rng) for spec in agents]
    moves = 0
    while not match.is_over:
        state = match.state
        seat = state.current_player
        match = match.play(players[seat](state.view(seat)))
        moves += 1
    row: dict[str, Any] = {"seed": seed, "first_dealer": match.hands[0].dealer}
    for seat, spec in enumerate(agents):
        row[f"agent_{seat}"] = agent_name(spec)
    row["winner"] = match.winner
    row["hands"] = len(match.hands)
    for seat, total in enumerate(match.totals):
        row[f"total_{seat}"] = total
    row["moves"] = moves
    return row


def _play_chunk(
    name: str,
    options: dict,
    agents: Sequence[str | Agent],
    seed: int | str,
    start: int,
    stop: int,
    per: str,
    rows: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Rows for games ``start`` to ``stop - 1`` (what one worker task does), appended to
    ``rows`` one by one if given (so an interruption keeps the games finished)."""
    the_game = game(name, **options)
    play = play_match if per == "match" else play_hand
    rows = [] if rows is None else rows
    for index in range(start, stop):
        row = play(the_game, agents, game_seed(seed, index))
        rows.append({"game": index, **row})
    return rows


def _agent_specs(agents: str | Agent | Sequence[str | Agent], players: int) -> list:
    if isinstance(agents, str):
        specs = [part.strip() for part in agents.split(",") if part.strip()]
    elif callable(agents):
        specs = [agents]
    else:
        specs = list(agents)
    if not specs or len(specs) > players:
        raise ValueError(f"{len(specs)} agents given for {players} seats: give 1 to {players}")
    # Fewer agents than seats take the seats in turn: "random,greedy" -> R G R G.
    specs = [specs[seat % len(specs)] for seat in range(players)]
    for spec in specs:
        make_agent(spec, 0)  # refuses unknown names with the list of known ones
    return [spec.strip().lower() if isinstance(spec, str) else spec for spec in specs]


def simulate(
    the_game: Game | str,
    agents: str | Agent | Sequence[str | Agent] = "random",
    games: int = 1000,
    seed: int | str = 0,
    workers: int = 1,
    executor: concurrent.futures.Executor | Any | None = None,
    *,
    per: str = "hand",
    progress: bool = True,
) -> pd.DataFrame:
    """Play ``games`` hands (or matches, with ``per="match"``) and tabulate them.

    - ``the_game``: a game (``cardlab.game(...)``) or a game name with default options.
    - ``agents``: names ("random", "greedy", "mc", "mc:200"), as a list or a comma-separated
      string, or functions of a view; seat ``i`` gets agent ``i`` (fewer agents than seats take
      the seats in turn: "random,greedy" with 4 seats is random, greedy, random, greedy).
    - ``seed``: the run's seed; the same seed gives the same DataFrame.
    - ``workers``: worker processes (1: play in this process).
    - ``executor``: any ``concurrent.futures.Executor`` or a Dask ``distributed.Client``;
      overrides ``workers``.
    - ``progress``: show a progress bar (a widget in a notebook, text in a terminal).

    Columns: ``game``, ``seed``, ``dealer``, ``agent_<seat>``, ``winner``, ``score_<seat>``,
    ``moves`` and the game's own counts (captures, tricks ...); per match: ``first_dealer``,
    ``hands`` and ``total_<seat>`` instead of the dealer and scores. Interrupting a long run
    (Ctrl-C, or the notebook's stop button) returns the rows finished so far, with a warning.
    """
    import pandas as pd

    if isinstance(the_game, str):
        the_game = game(the_game)
    if per not in ("hand", "match"):
        raise ValueError(f"per is 'hand' or 'match', not {per!r}")
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, not {workers!r}")
    specs = _agent_specs(agents, the_game.players)
    size = chunk_size(games, workers)
    chunks = [(start, min(start + size, games)) for start in range(0, games, size)]
    task = (the_game.name, the_game.options, specs, seed)

    rows: list[dict[str, Any]] = []  # games played here, one by one
    parts: dict[int, dict[str, list]] = {}  # chunks played elsewhere, by their first game
    bar = _progress_bar(games, per, progress)
    try:
        if executor is None and workers == 1:
            for start, stop in chunks:
                _play_chunk(*task, start, stop, per, rows)
                bar.update(stop - start)
        else:
            _run_on_executor(task, chunks, per, workers, executor, bar, parts)
    except KeyboardInterrupt:
        done = len(rows) + sum(len(part["game"]) for part in parts.values())
        warnings.warn(f"interrupted: returning the {done} {per}s finished so far", stacklevel=2)
    finally:
        bar.close()
    if rows:
        parts[rows[0]["game"]] = _columns(rows)
    return pd.DataFrame(_concatenate([parts[start] for start in sorted(parts)]))


def chunk_size(games: int, workers: int) -> int:
    """Games per task: about eight tasks per worker, so that they share the work evenly, and at
    most :data:`CHUNK` so that the progress bar moves."""
    return max(1, min(CHUNK, -(-games // (8 * max(workers, 2)))))


def _columns(rows: list[dict[str, Any]]) -> dict[str, list]:
    """Rows as columns: a list per column name (cheaper to send between processes)."""
    return {name: [row[name] for row in rows] for name in rows[0]} if rows else {}


def _concatenate(parts: list[dict[str, list]]) -> dict[str, list]:
    """Column parts, one after another."""
    merged: dict[str, list] = {}
    for part in parts:
        for name, values in part.items():
            merged.setdefault(name, []).extend(values)
    return merged


def _play_chunk_columns(*task: Any) -> dict[str, list]:
    """What a worker task returns: the chunk's rows as columns."""
    return _columns(_play_chunk(*task))


def _run_on_executor(task, chunks, per, workers, executor, bar, parts) -> None:
    """Run the chunks on ``executor`` (or a new process pool), keeping each as it finishes."""
    own = executor is None
    if own:
        executor = concurrent.futures.ProcessPoolExecutor(max_workers=workers)
    elif hasattr(executor, "get_executor"):  # a Dask distributed.Client
        executor = executor.get_executor()
    futures = {
        executor.submit(_play_chunk_columns, *task, start, stop, per): start
        for start, stop in chunks
    }
    try:
        for future in concurrent.futures.as_completed(futures):
            part = future.result()
            parts[futures[future]] = part
            bar.update(len(part.get("game", ())))
    finally:
        for future in futures:
            future.cancel()
        if own:
            executor.shutdown(wait=True, cancel_futures=True)


def _progress_bar(total: int, per: str, enabled: bool):
    from tqdm.auto import tqdm

    return tqdm(total=total, unit=per, disable=not enabled, desc="simulating", leave=False)
