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

from cardlab.engine.core import State
from cardlab.engine.errors import DealError, OptionError, RecordError
from cardlab.engine.words import shortened
from cardlab.games import game
from cardlab.play.match import Match

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


# --------------------------------------------------------------------------- the schema

FIELDS: dict[str, dict[str, str]] = {
    "hand": {
        "format": "the record format, 1",
        "kind": '"hand" (a record without it is a hand)',
        "game": 'the game\'s registered name, e.g. "mod-ten"',
        "options": "the game's options, name -> value",
        "seed": "the seed of a shuffled deal (a whole number from 0 up, or a text)",
        "hand_number": "which hand of its match a shuffled deal is (from 0; 0 if absent)",
        "dealer": "the dealer of a shuffled deal (absent or null: drawn from the seed)",
        "deal": "the cards of a deal from given cards, with its dealer",
        "moves": "the moves in order, as text",
    },
    "match": {
        "format": "the record format, 1",
        "kind": '"match"',
        "game": "the game's registered name",
        "options": "the game's options, name -> value",
        "seed": "the match's seed",
        "moves": "one list of moves per hand, as text",
    },
}
"""The fields of each kind of record and what they hold: the schema, written once. A record
with any other field is refused (a field nobody reads would be a silent loss)."""


def checked_record(record: object) -> dict[str, Any]:
    """``record`` if its shape is one of :data:`FIELDS`'; a :class:`RecordError` saying what is
    wrong with it otherwise (the moves themselves are checked by replaying them)."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a dict (from JSON), not {type(record).__name__}")
    version = record.get("format")
    if type(version) is not int or version != RECORD_FORMAT:
        raise RecordError(
            f"record format {shortened(version)} is not supported (expected {RECORD_FORMAT})"
        )
    kind = record.get("kind", "hand")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise RecordError(f"a record's kind is 'hand' or 'match', not {shortened(kind)}")
    unknown = [key for key in record if key not in FIELDS[kind]]
    if unknown:
        raise RecordError(
            f"a {kind} record has no field {shortened(unknown[0])}: its fields are "
            + ", ".join(FIELDS[kind])
        )
    for key in ("game", "options", "moves"):
        if key not in record:
            raise RecordError(f"the record has no {key!r} ({FIELDS[kind][key]})")
    if not isinstance(record["game"], str):
        raise RecordError(f"'game' is a game's name, not {shortened(record['game'])}")
    options = record["options"]
    if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
        raise RecordError(f"'options' is a dict of option names, not {shortened(options)}")
    if kind == "match" or "deal" not in record:
        if "seed" not in record:
            raise RecordError("the record has neither a seed nor a deal")
        if record["seed"] is None:
            raise RecordError("the record's seed is null: a record replays only a seeded deal")
    if kind == "hand" and "deal" in record:
        for key in ("seed", "hand_number", "dealer"):
            if key in record:
                raise RecordError(
                    f"a record of a deal from given cards has no {key!r} (the deal holds its "
                    "cards and its dealer)"
                )
        deal = record["deal"]
        if not isinstance(deal, dict) or "dealer" not in deal or len(deal) < 2:
            raise RecordError(f"'deal' holds the dealer and the dealt cards, not {shortened(deal)}")
    moves = record["moves"]
    if not isinstance(moves, list):
        raise RecordError(f"'moves' is a list, not {shortened(moves)}")
    hands = moves if kind == "match" else [moves]
    index = 0
    for number, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise RecordError(f"hand {number}'s moves are a list, not {shortened(hand)}", index)
        for move in hand:
            if not isinstance(move, str):
                raise RecordError(f"a move is written as text, not {shortened(move)}", index)
            index += 1
    return record


def replay(record: dict[str, Any]) -> Any:
    """The state (or match) a record describes, rebuilt move by move through the rules.

    Raises :class:`RecordError` for any record it cannot replay honestly: a shape that is not
    :data:`FIELDS`' (checked first, before anything is dealt), an unknown game or bad options,
    a bad deal or seed, and, naming the index of the first move at fault, a move that is not
    legal where the record puts it.
    """
    record = checked_record(record)
    try:
        the_game = game(record["game"], **record["options"])
    except OptionError as error:
        raise RecordError(f"bad game or options: {error}") from None
    try:
        if record.get("kind") == "match":
            return replay_match(the_game, record)
        if "deal" in record:
            state = the_game.deal(**record["deal"])
        else:
            state = the_game.deal(
                seed=record["seed"],
                dealer=record.get("dealer"),
                hand_number=record.get("hand_number", 0),
            )
    except (DealError, OptionError, TypeError) as error:
        raise RecordError(f"bad deal: {error}") from None
    return replay_moves(state, record["moves"])


def replay_moves(state: State, moves: Iterable[str], offset: int = 0) -> State:
    """``state`` after ``moves``; a :class:`RecordError` names the first bad move's index."""
    for index, text in enumerate(moves, start=offset):
        try:
            state = state.play(text)
        except ValueError as error:
            raise RecordError(f"{shortened(text)} cannot be played: {error}", index) from None
    return state


def replay_match(the_game: Any, record: dict[str, Any]) -> Match:
    """The match described by ``record`` (see :meth:`Match.record`), rebuilt through the rules.

    A :class:`RecordError` names the index of the first bad move, counted over the match.
    """
    record = checked_record(record)
    if record.get("kind") != "match":
        raise RecordError("this is the record of a hand, not of a match: replay it with replay()")
    match = Match.start(the_game, record["seed"])
    index = 0
    for number, moves in enumerate(record.get("moves", [])):
        if match.is_over:
            raise RecordError(f"the match was over before hand {number}", index)
        if number != match.hand_number:
            raise RecordError(f"hand {number - 1} did not end where the record says", index)
        for text in moves:
            if match.is_over or match.hand_number != number:
                raise RecordError(f"hand {number} was over before {shortened(text)}", index)
            try:
                match = match.play(text)
            except ValueError as error:
                raise RecordError(f"{shortened(text)} cannot be played: {error}", index) from None
            index += 1
    return match
