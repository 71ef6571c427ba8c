"""The batch engine: many hands at once over numpy arrays, for bulk random and greedy play.

``cardlab.simulate(game, agents, games=N, engine="batch")`` plays the hands of a run in
batches of thousands: each batch is a few numpy arrays with one row per hand (card sets as
64-bit words, with the bits of :mod:`cardlab.engine.cardsets`), and each rule of the game is a dozen
array operations that play one move in every hand of the batch at once. It is ten times as
fast as the rules engine or more (``bench/batch_speed.py``), for:

- every game of the registry that has a batch form (its entry's ``batch``: Mod Ten, Chinese
  Ten and Two-Ten-Jack), with every option each game has;
- the ``random`` agent (a move drawn uniformly among the rules engine's legal moves, as
  :class:`cardlab.bots.agents.RandomAgent` draws it) and the ``greedy`` agent (each game's
  heuristic of :mod:`cardlab.bots.heuristics`, written over arrays), in any mix of seats;
- one row per hand, without records.

It refuses anything else in words (:class:`BatchRunError`), saying to use ``engine="rules"``.

The table has the columns, types and ``attrs`` of the rules engine's table
(``attrs["engine"]`` says which engine played), and the same statistics within their
confidence intervals, but not the same hands: the batch engine deals and draws from random
numbers of its own (:mod:`cardlab.batch.draws`), a function of the run's seed and the hand's
place in the run only, so the table does not depend on the batch size, the worker processes or
the executor. :func:`hand_state` replays one of its hands through the rules engine.

The batch forms are checked against the rules engine, move by move, on thousands of deals of
every game and option set (:mod:`cardlab.batch.check`, run by the test suite): the same legal
moves, the same captures, scores and winners, the hands ending together.

>>> import cardlab
>>> table = cardlab.simulate("two-ten-jack", "greedy,random", games=2000, seed=3,
...                          engine="batch", progress=False)
>>> table.attrs["engine"], int(table["moves"].max()), bool((table["winner"] == 0).mean() > 0.6)
('batch', 52, True)

numpy is imported by this package only (``import cardlab`` does not import it).
"""

from __future__ import annotations

from cardlab.batch.check import compare
from cardlab.batch.engine import AGENTS, BatchError, BatchRules
from cardlab.batch.run import (
    BATCH_HANDS,
    BatchRunError,
    batch_rules,
    checked_batch_run,
    hand_state,
    has_batch_form,
    play_batch_run,
)

__all__ = [
    "AGENTS",
    "BATCH_HANDS",
    "BatchError",
    "BatchRules",
    "BatchRunError",
    "batch_rules",
    "checked_batch_run",
    "compare",
    "hand_state",
    "has_batch_form",
    "play_batch_run",
]
