"""One game of a simulation run, played into one row: a hand (or a match), its agents seated
once per run, and an :class:`AgentError` when one of them fails.

>>> import cardlab
>>> row = play_hand(cardlab.game("mod-ten"), ["random", "greedy"], "1-36")
>>> row["seed"], row["agent_1"], row["moves"] > 0
('1-36', 'greedy', True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardlab.bots.checks import AgentError as AgentError  # re-exported: where runs raise it
from cardlab.bots.checks import agent_failed, checked_move, move_refused
from cardlab.bots.heuristics import GreedyPlayout, fast_greedy_playout
from cardlab.bots.specs import agent_name, agent_plays, seated_agents
from cardlab.engine.core import AgentSpec, Game, State
from cardlab.engine.moves import Move
from cardlab.engine.words import shortened
from cardlab.simulation.runs import (
    SimulationError,
    checked_agents,
    checked_flag,
    checked_game,
    checked_run_seed,
)

GameRow = dict[str, Any]
"""One finished game (a hand or a match) as column name -> value (see
:func:`cardlab.simulate` for the columns)."""

MAX_MATCH_HANDS = 1000
"""The most hands a match of a run plays: one that has no winner by then stops there, with no
winner (``<NA>``) and ``hands`` equal to this (a target of 10**9 hands would otherwise play,
and keep, hands for ever)."""


# --------------------------------------------------------------------------- the seats


class Seating:
    """The agents of a run's seats, each built once, and the one generator they all draw
    from, seeded again for each game (``"<game's seed>/agents"``): every game plays as if its
    agents had been built for it alone, so a game's row depends on its seed only."""

    def __init__(self, specs: Sequence[AgentSpec]) -> None:
        self.specs = tuple(specs)
        """One agent spec per seat: a normalized name or a function of a view."""
        self.names = [agent_name(spec) for spec in self.specs]
        """The agents' names, seat by seat."""
        self.rng = random.Random()
        """The generator every built agent draws from."""
        self.agents = seated_agents(self.specs, self.rng)
        """The agent of each seat."""
        self.all_random = all(spec == "random" for spec in self.specs)
        """True when every seat plays the random agent (a fast playout plays the hand)."""
        self.all_greedy = all(spec == "greedy" for spec in self.specs)
        """True when every seat plays the greedy agent (the game's greedy playout, if it has
        one, plays the hand)."""

    def for_game(self, seed: str) -> random.Random:
        """The agents' generator, seeded for the game whose seed is ``seed``."""
        self.rng.seed(f"{seed}/agents")
        return self.rng


def _chosen_move(seating: Seating, state: State, seed: str) -> Move | str:
    """The move the agent of the seat to move chooses in ``state``, or an
    :class:`AgentError` if it raises or returns something that is not a move at all."""
    seat = state.current_player
    assert seat is not None
    try:
        move: object = seating.agents[seat](state.view(seat))
    except Exception as error:
        raise agent_failed(seating.names[seat], seat, error, seed) from error
    return checked_move(seating.names[seat], seat, move, seed)


def _refused(
    seating: Seating, state: State, seed: str, move: object, error: ValueError
) -> AgentError:
    """The :class:`AgentError` of an agent whose move the rules refused with ``error``."""
    seat = state.current_player
    assert seat is not None
    return move_refused(seating.names[seat], seat, move, error, seed)


def _played_out(state: State, seating: Seating, seed: str) -> State:
    """The final state of the hand, every seat playing its agent (seeded from ``seed``)."""
    seating.for_game(seed)
    while (seat := state.current_player) is not None:
        state = agent_plays(seating.agents[seat], seating.names[seat], state, seed)
    return state


# --------------------------------------------------------------------------- one row


def hand_row(the_game: Game, seating: Seating, seed: str, records: bool) -> GameRow:
    """A hand's outcome as a row, without the run's constants (seed and agent names)."""
    state = the_game.deal(seed=seed)
    dealer, record = state.dealer, None
    if not records and seating.all_random:
        # The fast playout makes the same draws and moves as the random agents would. It plays
        # the dealt position itself, not a copy (State.position): nothing else holds this
        # state, and the copy would cost simulate 2% (bench/engine.py).
        outcome = the_game.play_position_out(state._position, seating.for_game(seed))
    elif not records and (greedily := _greedy_playout(the_game, seating)) is not None:
        outcome = greedily(state, seating.for_game(seed))
    else:
        final = _played_out(state, seating, seed)
        outcome = final.outcome()
        record = final.record() if records else None
    row: GameRow = {"dealer": dealer, "winner": outcome.winner}
    row.update(zip(score_columns(len(outcome.scores)), outcome.scores, strict=True))
    row["moves"] = outcome.moves
    row.update(outcome.stats)
    if records:
        row["record"] = record
    return row


def _greedy_playout(the_game: Game, seating: Seating) -> GreedyPlayout | None:
    """The game's greedy playout when every seat plays the greedy agent: it makes the moves
    the greedy agents would make on their views, with no views or states in between (the
    heuristics draw nothing from the agents' generator); else None."""
    return fast_greedy_playout(the_game.name) if seating.all_greedy else None


_SCORE_COLUMNS: dict[int, tuple[str, ...]] = {}


def score_columns(players: int) -> tuple[str, ...]:
    """The names of the score columns of a hand with ``players`` seats: ``score_0``, ...

    >>> score_columns(3)
    ('score_0', 'score_1', 'score_2')
    """
    names = _SCORE_COLUMNS.get(players)
    if names is None:
        names = _SCORE_COLUMNS[players] = tuple(f"score_{seat}" for seat in range(players))
    return names


def match_row(the_game: Game, seating: Seating, seed: str, records: bool) -> GameRow:
    """A match's outcome as a row, without the run's constants (seed and agent names); a
    match stops after :data:`MAX_MATCH_HANDS` hands."""
    match = the_game.match(seed=seed)
    seating.for_game(seed)
    moves = 0
    while not match.is_over and match.hand_number < MAX_MATCH_HANDS:
        state = match.state
        move = _chosen_move(seating, state, seed)
        try:
            match = match.play(move)
        except ValueError as error:
            raise _refused(seating, state, seed, move, error) from error
        moves += 1
    row: GameRow = {"first_dealer": match.hands[0].dealer, "winner": match.winner}  # None: cut
    row["hands"] = len(match.hands)
    for seat, total in enumerate(match.totals):
        row[f"total_{seat}"] = total
    row["moves"] = moves
    if records:
        row["record"] = match.record()
    return row


def _with_constants(row: GameRow, seating: Seating, seed: str) -> GameRow:
    first, *rest = row.items()
    named = {f"agent_{seat}": name for seat, name in enumerate(seating.names)}
    return {"seed": seed, first[0]: first[1], **named, **dict(rest)}


def play_hand(
    the_game: Game, agents: Sequence[AgentSpec], seed: str, *, records: bool = False
) -> GameRow:
    """Play one hand with ``agents`` (one per seat) and describe it as a table row: the row
    that :func:`cardlab.simulate` gives the game whose seed is ``seed``.

    All the agents of a hand draw from one generator seeded from ``seed``. When every agent is
    the random one, the game's fast :meth:`~cardlab.engine.core.Game.playout` plays the hand: it
    makes the same draws and moves as the agents would; when every agent is the greedy one, so
    does the game's greedy playout, if it has one. With ``records=True`` the row has the hand's
    record too (``row["record"]``, for :func:`cardlab.replay`).
    """
    the_game, seating, seed = _one_game(the_game, agents, seed)
    row = hand_row(the_game, seating, seed, checked_flag("records", records))
    return _with_constants(row, seating, seed)


def play_match(
    the_game: Game, agents: Sequence[AgentSpec], seed: str, *, records: bool = False
) -> GameRow:
    """Play one match with ``agents`` and describe it as a table row (winner, hands, totals),
    as :func:`cardlab.simulate` does with ``per="match"``."""
    the_game, seating, seed = _one_game(the_game, agents, seed)
    row = match_row(the_game, seating, seed, checked_flag("records", records))
    return _with_constants(row, seating, seed)


def _one_game(the_game: object, agents: object, seed: object) -> tuple[Game, Seating, str]:
    """The checked arguments of :func:`play_hand` and :func:`play_match`."""
    checked = checked_game(the_game)
    if not isinstance(seed, str):
        raise SimulationError(f"a game's seed is a text, like '1-36', not {shortened(seed)}")
    checked_run_seed(seed)  # not too long
    return checked, Seating(checked_agents(agents, checked.players)), seed
