"""The batch engine checked against the rules engine, move by move, on the same deals.

:func:`compare` deals a batch, gives the rules engine (:mod:`cardlab.games`) the very same
deals from their cards, and plays both side by side: at every move of every hand it compares
the seat to move and the legal moves, plays the same move in both, and at the end of each hand
its winner, scores, number of moves and counts (captures, skips, choices, tricks). Who picks
the moves is ``driver``:

- ``"rules"``: a random agent of the rules engine (``rng.choice(legal_moves())``) picks, and
  the batch engine is fed its moves (the forced-move mode): the batch's rules must follow
  wherever the rules engine goes;
- ``"batch"``: the batch engine's own agents pick (random or greedy), and the rules engine
  replays their moves, refusing any that is not legal; with the greedy agent, the move must be
  the one :mod:`cardlab.bots.heuristics` chooses from the seat's view.

It returns None when both agree everywhere, else the first difference, in words.

>>> import cardlab
>>> compare(cardlab.game("mod-ten", players=3), hands=50, seed=1) is None
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from cardlab.batch.draws import Array, hand_keys, run_key
from cardlab.batch.engine import BatchError, BatchRules, Hands, agent_seats, chosen_moves
from cardlab.engine.core import Game, State
from cardlab.engine.moves import Move
from cardlab.engine.positions import Position
from cardlab.engine.words import shortened
from cardlab.games import entry
from cardlab.simulation.runs import checked_game

DRIVERS = ("rules", "batch")
"""Who picks the moves in :func:`compare`."""


class _Mismatch(Exception):
    """The two engines differ; the message says where and how."""


def compare(
    game: Game,
    rules: BatchRules | None = None,
    *,
    hands: int = 1000,
    seed: int | str = 0,
    driver: str = "rules",
    agent: str = "random",
    orders: Array | None = None,
) -> str | None:
    """Play ``hands`` deals of ``game`` in the batch engine and the rules engine side by side
    (see the module) and return the first difference in words, or None. With ``orders`` (one
    row per hand: the deck's places in the order dealt), the hands are dealt so, not
    shuffled: deals with a rare feature (a layout of four kings) are made to order."""
    from cardlab.batch.run import batch_rules

    if driver not in DRIVERS:
        raise BatchError(f"driver is one of {', '.join(DRIVERS)}, not {shortened(driver)}")
    rules = rules or batch_rules(checked_game(game))
    greedy = agent_seats([agent] * game.players)
    if orders is not None:
        hands = len(orders)
    batch = rules.deal(hand_keys(run_key(seed), np.arange(hands)), orders)
    states = [game.deal(**rules.dealt(batch, row)) for row in range(hands)]
    sides = _Sides(rules, [state.position for state in states], random.Random(f"{seed}/check"))
    if agent == "greedy":
        sides.greedy = (entry(game.name).heuristic(), states)
    try:
        while batch.size:
            legal = rules.legal(batch)
            if driver == "batch":
                picked: Array = chosen_moves(rules, batch, greedy)
                sides.follow(
                    batch,
                    legal,
                    [game.parse_move(rules.move_text(code)) for code in picked.tolist()],
                )
            else:
                picked = np.array(sides.follow(batch, legal, None), dtype=np.int64)
            over = rules.play(batch, picked)
            _same_ends(rules, batch, over, sides.positions)
    except _Mismatch as mismatch:
        return f"{game.name} {game.options}, seed {seed}: {mismatch}"
    return None


class _Texts(dict[Move, str]):
    """The text of each move, worked out the first time it is asked for."""

    def __missing__(self, move: Move) -> str:
        text = self[move] = str(move)
        return text


class _Sides:
    """The rules engine's side of a comparison: its positions, the random generator of its
    moves, and, for the greedy agent, its heuristic and states (a view needs a state)."""

    def __init__(self, rules: BatchRules, positions: list[Position], rng: random.Random) -> None:
        self.rules, self.positions, self.rng = rules, positions, rng
        self.texts = _Texts()
        self.greedy: tuple[Any, list[State]] | None = None

    def follow(self, batch: Hands, legal: Any, moves: list[Move] | None) -> list[int]:
        """Check each hand's seat to move and legal moves against the rules engine's, then play
        ``moves`` there (None: the rules engine's random moves); the codes of the moves."""
        found = self.rules.legal_sets(batch, legal)
        codes = []
        for row, (hand, seat) in enumerate(
            zip(batch.row.tolist(), batch.seat.tolist(), strict=True)
        ):
            position = self.positions[hand]
            where = f"hand {hand}, move {position.moves + 1}"
            if position.to_move != seat:
                raise _Mismatch(
                    f"{where}: seat {seat} moves in the batch engine, seat "
                    f"{position.to_move} in the rules engine"
                )
            allowed = position.legal_moves()
            expected = frozenset(map(self.texts.__getitem__, allowed))
            if found[row] != expected:
                raise _Mismatch(
                    f"{where}: the legal moves are {' '.join(sorted(found[row]))} "
                    f"in the batch engine, {' '.join(sorted(expected))} in the rules engine"
                )
            move = self.rng.choice(allowed) if moves is None else moves[row]
            if move not in allowed:
                raise _Mismatch(f"{where}: the batch engine played {move}, which is not legal")
            if self.greedy is not None:  # the greedy agent reads a view: states are kept
                heuristic, states = self.greedy
                _same_choice(heuristic, states[hand], move)
                states[hand] = states[hand].play(move)
            position.play(move)
            codes.append(self.rules.move_code(move))
        return codes


def _same_choice(heuristic: Any, state: State, move: Move) -> None:
    """The batch's greedy move is the heuristic's, from the seat's view."""
    seat = state.current_player
    assert seat is not None
    wanted = heuristic(state.view(seat), random.Random(0))
    if wanted != move:
        raise _Mismatch(
            f"move {state.move_number + 1}: the batch's greedy agent plays {move}, "
            f"the heuristic {wanted}"
        )


def _same_ends(rules: BatchRules, batch: Hands, over: Array, positions: list[Position]) -> None:
    """The hands end together, with the same winner, scores, moves and counts."""
    for row in range(batch.size):
        position = positions[batch.row[row]]
        if bool(over[row]) != (position.to_move is None):
            said = "ends" if over[row] else "goes on"
            raise _Mismatch(
                f"hand {batch.row[row]}: after move {position.moves} the batch's hand {said}, "
                f"the rules engine's {'goes on' if over[row] else 'ends'}"
            )
    if not over.any():
        return
    ended = batch.split_off(over)
    outcome = rules.outcome(ended)
    for row in range(ended.size):
        hand = int(ended.row[row])
        final = positions[hand].outcome()
        winner = int(outcome["winner"][row])
        found = {
            "winner": None if winner < 0 else winner,
            "scores": tuple(int(outcome[f"score_{seat}"][row]) for seat in range(rules.players)),
            "moves": int(ended.moves[row]),
            **{name: int(outcome[name][row]) for name in rules.stats},
        }
        expected = {
            "winner": final.winner,
            "scores": tuple(final.scores),
            "moves": final.moves,
            **dict(final.stats),
        }
        if found != expected:
            raise _Mismatch(f"hand {hand} ends {found} in the batch engine, {expected} in rules")
