"""Bad input gets a clear error, of one family, the same way in every game (issue 9).

Every public function of the engine, given anything at all, either does its job or raises a
``ValueError`` subclass (``OptionError``, ``DealError``, ``CardError``, ``MoveSyntaxError``,
``IllegalMoveError``, ``RecordError``) whose message quotes at most a short prefix of the input;
never a ``TypeError``, ``KeyError``, ``IndexError`` or ``AttributeError`` from inside.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardlab
from cardlab import CardError, DealError, MoveSyntaxError, OptionError, RecordError
from cardlab.games import chinese_ten, two_ten_jack

np = pytest.importorskip("numpy")

GAMES = {
    "mod-ten": cardlab.game("mod-ten", players=3),
    "chinese-ten": cardlab.game("chinese-ten"),
    "two-ten-jack": cardlab.game("two-ten-jack"),
}

ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**4000, max_value=10**4500),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.text(min_size=2000, max_size=3000),
    st.binary(max_size=10),
    st.lists(st.integers() | st.text(max_size=3), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.sampled_from(["9S", "TH", "AS=S", "3H>7C", "KD>KC+KH", "8X", "", " ", "10♥", "name"]),
    st.builds(object),
)
"""Any value a user might pass, sensible or not."""


def a_state(name: str, moves: int = 5):
    """A state of ``name`` after a few random moves."""
    state = GAMES[name].deal(seed=11)
    rng = random.Random(1)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def refuses_or_works(call, *args, **kwargs) -> None:
    """``call`` either works or raises a ValueError whose message is short."""
    try:
        call(*args, **kwargs)
    except ValueError as error:
        assert len(str(error)) < 1000, f"a message of {len(str(error)):,} characters"


# --------------------------------------------------------------------------- every function

FUNCTIONS = [
    ("cardlab.game", lambda value: cardlab.game(value)),
    ("game options", lambda value: cardlab.game("mod-ten", players=value)),
    ("an option named name", lambda value: cardlab.game("mod-ten", name=value)),
    ("Game.deal seed", lambda value: GAMES["mod-ten"].deal(seed=value)),
    ("Game.deal dealer", lambda value: GAMES["chinese-ten"].deal(seed=1, dealer=value)),
    ("Game.deal hand_number", lambda value: GAMES["two-ten-jack"].deal(seed=1, hand_number=value)),
    ("Game.deal hands", lambda value: GAMES["mod-ten"].deal(dealer=0, hands=value)),
    ("Game.match", lambda value: GAMES["mod-ten"].match(seed=value)),
    ("Card.parse", lambda value: cardlab.Card.parse(value)),
    ("parse_cards", lambda value: cardlab.parse_cards(value)),
    ("Move.parse", lambda value: cardlab.Move.parse(value)),
    ("notation.read", lambda value: cardlab.engine.notation.read(value)),
    ("cardlab.replay", lambda value: cardlab.replay(value)),
    ("chinese_ten.card_points", lambda value: chinese_ten.card_points(value)),
    ("two_ten_jack.card_points", lambda value: two_ten_jack.card_points(value)),
]

STATE_CALLS = [
    ("play", lambda state, value: state.play(value)),
    ("why_not", lambda state, value: state.why_not(value)),
    ("is_legal", lambda state, value: state.is_legal(value)),
    ("play_all", lambda state, value: state.play_all(value)),
    ("parse_move", lambda state, value: state.parse_move(value)),
    ("hand", lambda state, value: state.hand(value)),
    ("view", lambda state, value: state.view(value)),
    ("layout", lambda state, value: state.layout(value)),
    ("score_text", lambda state, value: state.score_text(value)),
    ("play_out", lambda state, value: state.play_out(value)),
    ("determinize", lambda state, value: state.view(state.current_player or 0).determinize(value)),
]


@pytest.mark.parametrize(("label", "call"), FUNCTIONS, ids=[label for label, _ in FUNCTIONS])
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(value=ANYTHING)
def test_every_function_works_or_refuses_with_a_short_value_error(label, call, value):
    refuses_or_works(call, value)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(("label", "call"), STATE_CALLS, ids=[label for label, _ in STATE_CALLS])
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(value=ANYTHING)
def test_every_state_method_works_or_refuses_with_a_short_value_error(name, label, call, value):
    state = a_state(name)
    before = (state.moves, state.legal_moves(), state.scores)
    refuses_or_works(call, state, value)
    assert (state.moves, state.legal_moves(), state.scores) == before


# --------------------------------------------------------------------------- seeds


@pytest.mark.parametrize("seed", [-1, -7, -(2**40)])
def test_a_negative_seed_is_refused_since_it_would_deal_its_opposite(seed):
    with pytest.raises(DealError, match="from 0 up"):
        GAMES["mod-ten"].deal(seed=seed)


def test_a_text_seed_may_not_look_like_a_later_hand_of_a_match():
    with pytest.raises(DealError, match="later hand of a match"):
        GAMES["mod-ten"].deal(seed="7/hand1")
    later = GAMES["mod-ten"].deal(seed=7, hand_number=1, dealer=0)
    assert later == GAMES["mod-ten"].deal(seed=7, hand_number=1, dealer=0)
    assert GAMES["mod-ten"].deal(seed="7/hand one")  # any other text is a seed


def test_a_seed_too_long_to_write_is_refused_and_a_long_one_records():
    with pytest.raises(DealError, match="4,300 digits"):
        GAMES["mod-ten"].deal(seed=10**4300)
    long = GAMES["mod-ten"].deal(seed=10**4000)
    assert cardlab.replay(json.loads(json.dumps(long.record()))) == long


def test_numpy_integers_are_whole_numbers_everywhere():
    game = cardlab.game("mod-ten", players=np.int64(3), match_target=np.int8(2))
    assert game.options == cardlab.game("mod-ten", players=3, match_target=2).options
    assert all(type(value) is not np.int64 for value in game.options.values())
    state = game.deal(seed=np.int64(7), dealer=np.int32(1), hand_number=np.uint8(2))
    assert state == game.deal(seed=7, dealer=1, hand_number=2)
    assert json.loads(json.dumps(state.record()))["seed"] == 7
    assert state.hand(np.int64(0)) == state.hand(0)
    assert state.view(np.int16(2)).seat == 2


@pytest.mark.parametrize("value", [True, False, 1.0, "2", None])
def test_bools_and_other_numbers_are_not_counts_or_seats(value):
    with pytest.raises(OptionError):
        cardlab.game("mod-ten", players=value)
    with pytest.raises(DealError):
        GAMES["mod-ten"].deal(seed=1, hand_number=value if value is not False else 1.5)
    with pytest.raises(OptionError):
        a_state("mod-ten").hand(value)


def test_a_hand_number_belongs_to_a_seeded_deal():
    with pytest.raises(DealError, match="no hand_number"):
        cardlab.game("two-ten-jack").deal(
            dealer=0, hand_number=1, hands=["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC"], stock="x"
        )


# --------------------------------------------------------------------------- one rule for all games


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seat", [-1, 7, "0", 1.0, True, None])
def test_a_bad_seat_is_the_same_error_in_every_game(name, seat):
    state = a_state(name)
    view = state.view(0)
    calls = [state.hand, state.view, state.score_text, lambda s: state.layout([s])]
    calls += [getattr(view, "score_breakdown", state.hand)]
    if hasattr(state, "score_breakdown"):
        calls.append(state.score_breakdown)
    for call in calls:
        with pytest.raises(OptionError, match="seat number from 0 to"):
            call(seat)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_layout_shows_only_seats_and_only_takes_a_list_of_them(name):
    state = a_state(name)
    assert state.layout([0]) and state.layout([]) and state.layout(None)
    with pytest.raises(OptionError, match="list of seat numbers"):
        state.layout(0)
    with pytest.raises(OptionError, match="list of seat numbers"):
        state.layout("01")


def test_card_points_read_text_in_both_scoring_games():
    assert two_ten_jack.card_points("JH") == 5 and two_ten_jack.card_points("tc") == -5
    assert chinese_ten.card_points("7H") == 7
    for card_points in (two_ten_jack.card_points, chinese_ten.card_points):
        with pytest.raises(CardError):
            card_points("ZZ")


def test_arguments_that_are_not_lists_or_generators_are_refused_clearly():
    state = a_state("chinese-ten")
    with pytest.raises(MoveSyntaxError, match="play_all takes moves"):
        state.play_all(None)
    with pytest.raises(CardError, match="expected cards"):
        cardlab.parse_cards(None)
    with pytest.raises(OptionError, match="random.Random or a seed"):
        state.view(0).determinize([1])


def test_a_huge_input_is_quoted_by_a_short_prefix():
    state = a_state("mod-ten", 0)
    for call in (state.play, cardlab.Card.parse, cardlab.engine.notation.read):
        with pytest.raises(ValueError) as error:
            call("8H" * 500_000)
        message = str(error.value)
        assert len(message) < 300 and "(1,000,002 characters)" in message


# --------------------------------------------------------------------------- records

RECORD_VALUES = st.one_of(
    ANYTHING,
    st.sampled_from(["hand", "match", "mod-ten", "two-ten-jack", 1, 0, 2, [], [[]], {}]),
)


def records() -> list[dict]:
    """A hand record (seeded), a record of a deal from given cards and a match record."""
    hand = a_state("chinese-ten", 12).record()
    given = (
        cardlab.game("mod-ten")
        .deal(
            dealer=0,
            hands=[
                "AD 2D 3D 4D 6D 7D 8D 9D AS 2S 3S 4S 6S 7S 8S 9S",
                "AH 2H 3H 4H 6H 7H 8H 9H AC 2C 3C 4C 6C 7C 8C 9C",
            ],
        )
        .play_all("2H 3H")
        .record()
    )
    match = cardlab.game("two-ten-jack", target=5).match(seed=2)
    rng = random.Random(2)
    while not match.is_over:
        match = match.play(rng.choice(match.state.legal_moves()))
    return [hand, given, match.record()]


RECORDS = records()


def places(record: dict) -> list[tuple]:
    """Where a value can be changed in a record: each field, each option, each dealt pile and
    the first moves."""
    found: list[tuple] = [(key,) for key in [*record, "extra", "name"]]
    found += [("options", key) for key in [*record["options"], "name", "colour"]]
    if "deal" in record:
        found += [("deal", key) for key in [*record["deal"], "seed", "extra"]]
    moves = record["moves"]
    if moves and isinstance(moves[0], list):
        found += [("moves", 0, index) for index in range(min(3, len(moves[0])))]
    else:
        found += [("moves", index) for index in range(min(3, len(moves)))]
    return found


@pytest.mark.parametrize("record", RECORDS, ids=["hand", "given deal", "match"])
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_tampered_record_replays_or_raises_a_record_error(record, data):
    tampered = copy.deepcopy(record)
    place = data.draw(st.sampled_from(places(record)))
    target = tampered
    for key in place[:-1]:
        target = target[key]
    if data.draw(st.booleans()) and isinstance(target, dict):
        target.pop(place[-1], None)
    else:
        target[place[-1]] = data.draw(RECORD_VALUES)
    try:
        again = cardlab.replay(tampered)
    except RecordError as error:
        assert len(str(error)) < 1000
    else:
        assert again is not None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": None}, "seed is null"),
        ({"format": True}, "format True is not supported"),
        ({"format": 1.0}, "format 1.0 is not supported"),
        ({"options": [1]}, "'options' is a dict"),
        ({"options": {"name": 3}}, "unknown option 'name'"),
        ({"moves": "3H 7C"}, "'moves' is a list"),
        ({"moves": [3]}, "move 0: a move is written as text"),
        ({"colour": "red"}, "no field 'colour'"),
        ({"kind": "game"}, "kind is 'hand' or 'match'"),
        ({"seed": -4}, "bad deal: a seed is a whole number from 0 up"),
        ({"hand_number": "x"}, "bad deal: hand_number counts the hands"),
    ],
)
def test_each_way_a_record_can_be_wrong_is_named(change, message):
    record = {**RECORDS[0], **change}
    with pytest.raises(RecordError, match=message):
        cardlab.replay(record)


def test_a_deal_record_holds_its_dealer_and_cards_and_nothing_of_a_seeded_one():
    given = RECORDS[1]
    for extra in ({"hand_number": 1}, {"seed": 3}, {"dealer": 1}):
        with pytest.raises(RecordError, match="from given cards has no"):
            cardlab.replay({**given, **extra})
    with pytest.raises(RecordError, match="'deal' holds the dealer"):
        cardlab.replay({**given, "deal": {}})
    with pytest.raises(RecordError, match="bad deal"):
        cardlab.replay({**given, "deal": {**given["deal"], "hands": "9S"}})


def test_a_match_record_with_a_null_seed_is_refused_not_dealt_anew():
    record = {**RECORDS[2], "seed": None}
    with pytest.raises(RecordError, match="seed is null"):
        cardlab.replay(record)
    with pytest.raises(RecordError, match="record of a hand"):
        cardlab.Match.replay(GAMES["mod-ten"], RECORDS[0])


# --------------------------------------------------------------------------- issue 19's gaps


@pytest.mark.parametrize("seed", ["\ud800", "a\udfffb", "7\ud83d"])
def test_a_seed_with_a_lone_surrogate_is_refused_everywhere(seed):
    game = GAMES["mod-ten"]
    with pytest.raises(DealError, match="lone surrogate"):
        game.deal(seed=seed)
    record = {**game.deal(seed=1).record(), "seed": seed}
    with pytest.raises(RecordError, match="lone surrogate"):
        cardlab.replay(record)
    with pytest.raises(cardlab.SimulationError, match="lone surrogate"):
        cardlab.simulate(game, games=2, seed=seed, progress=False)
    with pytest.raises(OptionError, match="lone surrogate"):
        cardlab.bots.agents.RandomAgent(seed)


@pytest.mark.parametrize(
    ("card", "targets"),
    [
        (cardlab.Card.parse("9C"), None),
        ([], ()),
        ("9C", ()),
        (cardlab.Card.parse("9C"), 5),
        (cardlab.Card.parse("9C"), {"a": 1}),
    ],
)
def test_a_move_is_made_of_cards_or_refused_as_a_move_syntax_error(card, targets):
    with pytest.raises(MoveSyntaxError):
        cardlab.Move(card, targets=targets)


@pytest.mark.parametrize("value", [{}, {"9C": 1}])
def test_parse_cards_refuses_a_mapping(value):
    with pytest.raises(CardError):
        cardlab.parse_cards(value)
