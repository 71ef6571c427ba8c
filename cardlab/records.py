"""Records: a hand or a match written as a JSON-friendly dict, and replayed through the rules.

A record holds what is needed to rebuild a hand exactly: the game and its options, the seed of
the deal (or the cards dealt) and the moves, as text. A match record holds the match's seed and
the moves of each hand. :func:`replay` rebuilds the state (or the match) move by move, so a
record that breaks a rule is refused with the index of the move at fault.

>>> import cardlab
>>> state = cardlab.game("mod-ten").deal(seed=2).play("3H")
>>> record = state.record()
>>> record["seed"], record["moves"]
(2, ['3H'])
>>> replay(record) == state
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardlab.core import DealError, OptionError, RecordError, State, game
from cardlab.match import Match

RECORD_FORMAT = 1
"""The version of the record format written by :meth:`State.record` and :meth:`Match.record`."""


def hand_record(state: State) -> dict[str, Any]:
    """The hand that ``state`` belongs to, as a record (see :meth:`State.record`)."""
    origin = state.start._origin
    if origin is None:
        raise RecordError(
            "this state was not dealt by Game.deal (a determinized view, say): "
            "it has no history to record"
        )
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "kind": "hand",
        "game": state.game.name,
        "options": state.game.options,
    }
    if "seed" in origin:
        record.update(origin)
    else:
        record["deal"] = dict(origin)
    record["moves"] = [str(move) for move in state.moves]
    return record


def match_record(match: Match) -> dict[str, Any]:
    """``match`` as a record (see :meth:`Match.record`)."""
    hands = list(match.hands)
    if not match.is_over:
        hands.append(match.state)
    return {
        "format": RECORD_FORMAT,
        "kind": "match",
        "game": match.game.name,
        "options": match.game.options,
        "seed": match.seed,
        "moves": [[str(move) for move in hand.moves] for hand in hands],
    }


def replay(record: dict[str, Any]) -> Any:
    """The state (or match) a record describes, rebuilt move by move through the rules.

    Raises :class:`RecordError` for a record that is not valid, naming the index of the first
    move that is illegal at its place.
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record is a dict (from JSON), not {type(record).__name__}")
    version = record.get("format")
    if version != RECORD_FORMAT:
        raise RecordError(f"record format {version!r} is not supported (expected {RECORD_FORMAT})")
    for key in ("game", "options", "moves"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    try:
        the_game = game(record["game"], **record["options"])
    except KeyError as missing:
        raise RecordError(f"the record has no {missing.args[0]!r}") from None
    except OptionError as error:
        raise RecordError(f"bad game or options: {error}") from None
    if record.get("kind") == "match":
        return replay_match(the_game, record)
    if "deal" in record:
        deal = dict(record["deal"])
        try:
            state = the_game.deal(**deal)
        except (DealError, OptionError, TypeError) as error:
            raise RecordError(f"bad deal: {error}") from None
    elif "seed" in record:
        state = the_game.deal(
            seed=record["seed"],
            dealer=record.get("dealer"),
            hand_number=record.get("hand_number", 0),
        )
    else:
        raise RecordError("the record has neither a seed nor a deal")
    return replay_moves(state, record["moves"])


def replay_moves(state: State, moves: Iterable[str], offset: int = 0) -> State:
    """``state`` after ``moves``; a :class:`RecordError` names the first bad move's index."""
    for index, text in enumerate(moves, start=offset):
        try:
            state = state.play(text)
        except ValueError as error:
            raise RecordError(f"{text!r} cannot be played: {error}", index) from None
    return state


def replay_match(the_game: Any, record: dict[str, Any]) -> Match:
    """The match described by ``record`` (see :meth:`Match.record`), rebuilt through the rules.

    A :class:`RecordError` names the index of the first bad move, counted over the match.
    """
    if "seed" not in record:
        raise RecordError("a match record needs its seed")
    match = Match.start(the_game, record["seed"])
    index = 0
    for number, moves in enumerate(record.get("moves", [])):
        if match.is_over:
            raise RecordError(f"the match was over before hand {number}", index)
        if number != match.hand_number:
            raise RecordError(f"hand {number - 1} did not end where the record says", index)
        for text in moves:
            if match.is_over or match.hand_number != number:
                raise RecordError(f"hand {number} was over before {text!r}", index)
            try:
                match = match.play(text)
            except ValueError as error:
                raise RecordError(f"{text!r} cannot be played: {error}", index) from None
            index += 1
    return match
