"""A tournament of bots: every bot against every other, in every seat, and a leaderboard.

:func:`round_robin` seats the bots in every order (for two players: A against B, then B
against A), plays the same number of hands for each seating with :func:`cardlab.simulate`,
and returns every hand as one table, the agent columns holding the bots' names.
:func:`leaderboard` ranks the bots by their share of the hands won, with 95% intervals, and
by their mean score. :func:`hands_needed` says how many hands it takes to tell a given edge
from an even match.

>>> import cardlab
>>> def lowest(view):
...     return min(view.legal_moves(), key=lambda move: move.card.number)
>>> table = round_robin(cardlab.game("mod-ten"), {"lowest": lowest, "random": "random"},
...                     hands=50, seed=1)
>>> len(table), sorted(table["agent_0"].unique())
(100, ['lowest', 'random'])
>>> list(leaderboard(table).columns)
['hands', 'wins', 'win rate', 'low', 'high', 'mean score']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from statistics import NormalDist
from typing import TYPE_CHECKING

from cardlab.bots.specs import MAX_SEATS, checked_spec
from cardlab.engine.core import AgentSpec, Game
from cardlab.engine.numbers import real_number, whole_number
from cardlab.engine.words import shortened
from cardlab.simulation.runs import MAX_GAMES, SimulationError, checked_run_seed
from cardlab.simulation.stats import wilson_interval
from cardlab.simulation.tables import check_table

if TYPE_CHECKING:
    import pandas as pd

BotSpec = AgentSpec
"""A bot as a tournament takes it: an agent's name ("random", "greedy", "mc:20") or a function
of a view (the explorer's :data:`cardlab.widgets.explorer.bots.BotSpec`, the same thing). It was
called ``Bot``, which in :mod:`cardlab.widgets` is a function of a view only; ``Bot`` still works
here, with a DeprecationWarning."""


class TournamentError(ValueError):
    """A tournament that cannot be played: too few bots for the seats, a bad number of hands."""


def seatings(names: list[str], players: int) -> list[tuple[str, ...]]:
    """Every way to seat ``players`` different bots from ``names``, seat 0 first.

    >>> seatings(["A", "B", "C"], 2)
    [('A', 'B'), ('A', 'C'), ('B', 'A'), ('B', 'C'), ('C', 'A'), ('C', 'B')]
    """
    seats = whole_number(players)
    if seats is None or not 1 <= seats <= MAX_SEATS:
        raise TournamentError(
            f"players is a whole number from 1 to {MAX_SEATS}, not {shortened(players)}"
        )
    if not isinstance(names, list | tuple) or not all(isinstance(name, str) for name in names):
        raise TournamentError(
            f"names are a list of the bots' names (its order is the seatings' order), "
            f"not {shortened(names)}"
        )
    players = seats
    if len(names) < players:
        raise TournamentError(
            f"{players} seats need at least {players} different bots, not {len(names)}"
        )
    return list(itertools.permutations(names, players))


def round_robin(
    game: Game, bots: Mapping[str, BotSpec], hands: int = 100, seed: int | str = 0
) -> pd.DataFrame:
    """Every hand of a tournament between ``bots`` (name -> bot) at ``game``: ``hands`` hands
    for each seating of :func:`seatings`, as one :func:`cardlab.simulate` table with a
    ``seating`` column, the ``agent_<seat>`` columns naming the bots.

    Each seating is simulated from its own seed (``"<seed>/<seating number>"``), so the same
    ``seed`` gives the same table. A bot that is neither a known agent's name nor a function
    is refused first, with the :class:`~cardlab.bots.checks.AgentSpecError` of every agents
    argument.
    """
    import pandas as pd

    from cardlab.simulation.many_games import simulate

    count = whole_number(hands)  # numpy's integers too
    if count is None or not 1 <= count <= MAX_GAMES:
        raise TournamentError(
            f"hands must be a whole number from 1 to {MAX_GAMES:,}, not {shortened(hands)}"
        )
    if not isinstance(game, Game):
        raise TournamentError(f"game is a game (cardlab.game(...)), not {shortened(game)}")
    if not isinstance(bots, Mapping) or not all(isinstance(name, str) for name in bots):
        raise TournamentError(
            f"bots are names and bots, as {{'me': my_function, 'rival': 'greedy'}}, not "
            f"{shortened(bots)}"
        )
    try:
        checked_run_seed(seed)
    except SimulationError as error:
        raise TournamentError(str(error)) from None
    for bot in bots.values():
        checked_spec(bot)  # the one rule of every agents argument: refused before any hand
    tables = []
    for number, seating in enumerate(seatings(list(bots), game.players)):
        agents = [bots[name] for name in seating]
        table = simulate(game, agents, games=count, seed=f"{seed}/{number}", progress=False)
        for seat, name in enumerate(seating):
            table[f"agent_{seat}"] = name
        table.insert(0, "seating", number)
        tables.append(table)
    return pd.concat(tables, ignore_index=True)


def leaderboard(table: pd.DataFrame) -> pd.DataFrame:
    """Each bot of a tournament table (from :func:`round_robin`, or any simulation table):
    the hands it played, the hands it won, its win rate with a 95% interval (``low`` to
    ``high``), and its mean score per hand; the best win rate first.

    A hand without a winner (a tie at the top in Chinese Ten) counts as played, not won.
    """
    import pandas as pd

    check_table(table, ["winner"], "leaderboard")
    columns = [str(column) for column in table.columns]
    seats = sorted(int(column.split("_")[1]) for column in columns if column.startswith("agent_"))
    rows = []
    names = sorted({name for seat in seats for name in table[f"agent_{seat}"]})
    for name in names:
        played = wins = 0
        points = 0.0
        for seat in seats:
            sitting = table[f"agent_{seat}"] == name
            played += int(sitting.sum())
            wins += int((sitting & (table["winner"] == seat)).sum())
            points += float(table.loc[sitting, f"score_{seat}"].sum())
        low, high = wilson_interval(wins, played)
        rows.append(
            {
                "bot": name,
                "hands": played,
                "wins": wins,
                "win rate": wins / played,
                "low": low,
                "high": high,
                "mean score": points / played,
            }
        )
    board = pd.DataFrame(rows).set_index("bot")
    return board.sort_values("win rate", ascending=False)


MIN_EDGE = 0.0001
"""The smallest edge :func:`hands_needed` takes: it needs about 800 million hands to show."""


def hands_needed(edge: float, rate: float = 0.5, power: float = 0.8, level: float = 0.95) -> int:
    """About how many hands it takes for a 95% interval (``level``) around a win rate to
    leave ``rate`` with probability ``power`` when the true rate is ``rate + edge``:
    ``(z + z_power)² · rate · (1 - rate) / edge²``, rounded up.

    The interval's half-width is ``z · sqrt(rate (1 - rate) / n)``; to leave ``rate`` in 80%
    of the runs, the true rate must lie ``z + z_power`` standard errors away (``z_power`` =
    0.84 for 80%). For an even match that is about ``2 / edge²`` hands, twice the ``1 / edge²``
    after which an edge can only *just* show (a 50% chance).

    >>> hands_needed(0.05), hands_needed(0.05, power=0.5)
    (785, 385)
    """
    difference = real_number(edge)
    if difference is None or not MIN_EDGE <= abs(difference) < 1:
        raise TournamentError(
            f"edge is a difference of win rates, at least {MIN_EDGE:g} and below 1 (or as "
            f"much below 0), not {shortened(edge)}: a smaller edge needs more hands than any "
            "run plays"
        )
    shares = {}
    for name, value in (("rate", rate), ("power", power), ("level", level)):
        share = real_number(value)
        if share is None or not 0.000001 <= share <= 0.999999:
            raise TournamentError(
                f"{name} is a share from 0.000001 to 0.999999, not {shortened(value)}"
            )
        shares[name] = share
    normal = NormalDist()
    z = normal.inv_cdf(1 - (1 - shares["level"]) / 2) + normal.inv_cdf(shares["power"])
    return math.ceil(z * z * shares["rate"] * (1 - shares["rate"]) / (difference * difference))
