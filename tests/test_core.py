"""What every game shares, exercised through Mod Ten: cards, moves, errors, the game registry,
states as values, records and replay, matches, and the HTML pictures."""

import copy
import json
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from positions import random_moves

import cardlab
from cardlab import (
    GAMES,
    Card,
    CardError,
    DealError,
    GameOverError,
    Hand,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    OptionError,
    RecordError,
    notation,
    parse_cards,
)
from cardlab.engine.cards import full_deck, sort_cards
from cardlab.engine.core import iter_states
from cardlab.engine.moves import plain_move
from cardlab.engine.options import OptionSpec
from cardlab.games import game_class
from cardlab.games.mod_ten import ModTen
from cardlab.play.records import RECORD_FORMAT

RED_BLACK = [
    "AH 2H 3H 4H 6H 7H 8H 9H AC 2C 3C 4C 6C 7C 8C 9C",
    "AD 2D 3D 4D 6D 7D 8D 9D AS 2S 3S 4S 6S 7S 8S 9S",
]
"""Seat 0 holds every heart and club, seat 1 every diamond and spade (see test_mod_ten.py)."""

WHOLE_HAND = "AH 2H 3H 4H 6H 7H 8H 9H AC 2C 3C 4C 6C 7C 8C 9C"
"""Seat 0 plays out RED_BLACK alone (seat 1 is skipped every time) and wins."""


def mod_ten(players: int = 2, **options) -> ModTen:
    """The Mod Ten game for ``players`` players with ``options``."""
    return cardlab.game("mod-ten", players=players, **options)


def red_black():
    """The RED_BLACK hand with seat 0 to lead, then 2H led: seat 0 must follow hearts."""
    return mod_ten(2).deal(dealer=1, hands=RED_BLACK).play("2H")


def play_match(match, seed: int = 0, until=lambda match: match.is_over):
    """``match`` played with random legal moves until ``until(match)``."""
    rng = random.Random(seed)
    while not until(match):
        match = match.play(rng.choice(match.state.legal_moves()))
    return match


def json_round_trip(record: dict) -> dict:
    """``record`` written to JSON text and read back, as a file would."""
    return json.loads(json.dumps(record))


# --------------------------------------------------------------------------- cards


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("9S", "9S"),
        ("th", "TH"),
        ("10h", "TH"),
        ("10♥", "TH"),
        ("9♠", "9S"),
        (" as ", "AS"),
        ("kC", "KC"),
        ("2♦", "2D"),
        ("q♣", "QC"),
    ],
)
def test_card_parse_accepts_the_usual_spellings(text, expected):
    assert Card.parse(text).text == expected


def test_cards_are_interned():
    nine = Card.parse("9S")
    assert nine is Card("9", "S") is Card.parse("9♠") is Card.parse(nine)
    assert copy.copy(nine) is nine and copy.deepcopy(nine) is nine
    assert pickle.loads(pickle.dumps(nine)) is nine


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        Card.parse("9S").rank = "8"


@pytest.mark.parametrize("text", ["1X", "", "9", "9SS", "ZS", "9Z", "11H", "S9"])
def test_text_that_is_not_a_card_raises_card_error(text):
    with pytest.raises(CardError) as error:
        Card.parse(text)
    assert isinstance(error.value, ValueError)
    assert repr(text) in str(error.value) or "is not a" in str(error.value)


@pytest.mark.parametrize("value", [5, None, ["9S"]])
def test_a_card_is_parsed_from_text_only(value):
    with pytest.raises(CardError, match="expected a card"):
        Card.parse(value)


def test_card_facts():
    ten = Card.parse("TH")
    assert (ten.rank, ten.suit, ten.text, ten.number) == ("T", "H", "TH", 10)
    assert ten.pretty == "10♥" and ten.name == "ten of hearts" and ten.is_red
    assert not Card.parse("AS").is_red and Card.parse("AS").number == 1
    assert str(ten) == "TH" and repr(ten) == "Card('TH')"


def test_parse_cards_reads_spaces_commas_and_lists():
    assert parse_cards("9S, TH  AS") == [Card.parse("9S"), Card.parse("TH"), Card.parse("AS")]
    assert parse_cards(["9s", Card.parse("TH")]) == [Card.parse("9S"), Card.parse("TH")]
    with pytest.raises(CardError):
        parse_cards("9S XX")


def test_display_order_is_by_suit_then_rank_ace_low():
    cards = parse_cards("KS 2C 9H AC TD AS")
    assert [card.text for card in sort_cards(cards)] == ["AC", "2C", "TD", "9H", "AS", "KS"]


def test_a_full_deck_has_52_different_cards():
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52


def test_a_hand_shows_itself_as_text():
    hand = Hand(parse_cards("2C 9H"))
    assert str(hand) == "2C 9H" and repr(hand) == "Hand('2C 9H')"
    assert hand == (Card.parse("2C"), Card.parse("9H"))


# --------------------------------------------------------------------------- moves

TWO_TEN_JACK = cardlab.game("two-ten-jack")
CHINESE_TEN = cardlab.game("chinese-ten")


@pytest.mark.parametrize("text", ["8H", "3H>7C", "AS=S", "AS=H", "TH>5C", "KD>KC", "KD>KC+KH"])
def test_move_text_round_trips_through_the_notation(text):
    move = notation.read(text)
    assert str(move) == text
    assert notation.read(str(move)) is move
    assert notation.make(move.card, move.targets, move.declare) is move


@pytest.mark.parametrize(
    ("game", "text", "expected"),
    [
        (CHINESE_TEN, "3h>7c", "3H>7C"),
        (TWO_TEN_JACK, "AS=trump", "AS=H"),
        (TWO_TEN_JACK, "as=spade", "AS=S"),
        (TWO_TEN_JACK, "AS=Spades", "AS=S"),
        (TWO_TEN_JACK, "AS=heart", "AS=H"),
        (CHINESE_TEN, " 8H ", "8H"),
        (TWO_TEN_JACK, "10♥", "TH"),
        (CHINESE_TEN, "10h>9♠", "TH>9S"),
    ],
)
def test_each_game_reads_other_spellings_of_its_moves(game, text, expected):
    assert str(game.parse_move(text)) == expected


def test_move_parts():
    move = notation.read("3H>7C")
    assert (move.card, move.target, move.declare) == (Card.parse("3H"), Card.parse("7C"), None)
    assert move.targets == (Card.parse("7C"),)
    declared = TWO_TEN_JACK.parse_move("AS=H")
    assert (declared.card, declared.target, declared.declare) == (Card.parse("AS"), None, "H")
    assert repr(declared) == "Move('AS=H')"
    several = notation.read("KD>KC+KH")
    assert several.target is None and several.targets == tuple(parse_cards("KC KH"))


def test_moves_are_interned_and_immutable():
    eight = Move.parse("8H")
    assert eight is Move(Card.parse("8H")) is plain_move(Card.parse("8H"))
    assert Move.parse(Card.parse("8H")) is eight and Move.parse(eight) is eight
    assert copy.deepcopy(eight) is eight and pickle.loads(pickle.dumps(eight)) is eight
    capture = notation.read("3H>7C")
    assert pickle.loads(pickle.dumps(capture)) is capture
    assert capture is not Move.parse("3H")
    assert Move(Card.parse("3H"), Card.parse("7C")) is capture
    with pytest.raises(AttributeError):
        eight.card = Card.parse("9H")


def test_a_move_with_choices_needs_its_games_notation():
    with pytest.raises(MoveSyntaxError, match="written by its game"):
        Move(Card.parse("8D"), Card.parse("7C"))
    with pytest.raises(MoveSyntaxError, match=r"game\.parse_move"):
        Move.parse("3H>7C")


@pytest.mark.parametrize(
    ("targets", "declare", "words"),
    [
        ("7C", None, "a move is a card and a tuple of target cards, not Card('8D') / '7C'"),
        (["7C"], None, "a move is made of cards, not Card('8D') / ['7C']"),
        ([["7C"]], None, "a move is made of cards, not Card('8D') / [['7C']]"),
        ((), 5, "a declaration is text, not 5"),
        ((), ["H"], "a declaration is text, not ['H']"),
    ],
)
def test_a_move_made_of_other_things_than_cards_and_text_is_refused_in_words(
    targets, declare, words
):
    with pytest.raises(MoveSyntaxError) as error:
        Move(Card.parse("8D"), targets, declare)
    assert str(error.value) == words


def test_interning_is_safe_under_threads():
    import threading

    card, target = Card.parse("4S"), Card.parse("6D")
    made = []
    barrier = threading.Barrier(8)

    def make():
        barrier.wait()
        made.append(notation.make(card, (target,)))

    threads = [threading.Thread(target=make) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(move) for move in made}) == 1


@pytest.mark.parametrize("text", ["8X", "3H>", ">7C", "", "8H>7C>6D", "XX=S", "AS=", "8H=5"])
def test_text_that_is_not_a_move_raises_move_syntax_error(text):
    with pytest.raises(MoveSyntaxError) as error:
        notation.read(text)
    assert isinstance(error.value, ValueError)
    assert repr(text) in str(error.value)


@pytest.mark.parametrize("text", ["AS=Z", "AS=hearts"])
def test_two_ten_jack_declares_only_a_spade_or_a_trump(text):
    with pytest.raises(MoveSyntaxError, match="a declaration is S .spade. or H .trump."):
        TWO_TEN_JACK.parse_move(text)


@pytest.mark.parametrize("value", [42, None, ("8H",)])
def test_a_move_is_parsed_from_text_cards_or_moves_only(value):
    with pytest.raises(MoveSyntaxError, match="expected a move"):
        notation.read(value)
    with pytest.raises(MoveSyntaxError, match="expected a move"):
        Move.parse(value)


# --------------------------------------------------------------------------- errors


def assert_unchanged(state, original_moves, original_legal):
    """``state`` is still the RED_BLACK position after 2H: same value, moves and legal moves."""
    assert state == red_black()
    assert state.moves == original_moves
    assert state.legal_moves() == original_legal
    assert state.current_player == 0 and state.move_number == 1


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (
            "AC",
            "hearts were led and seat 0 holds a heart (AH 3H 4H 6H 7H 8H 9H): "
            "a heart must be played",
        ),
        ("9S", "9S is not in seat 0's hand"),
        ("5H", "5H is not in this game's deck"),
        ("KC", "KC is not in this game's deck"),
        ("3H>7C", "3H>7C: a Mod Ten move is a card alone, like 3H"),
        ("AS=S", "AS=S: a Mod Ten move is a card alone, like AS"),
    ],
)
def test_an_illegal_move_says_why_names_the_legal_moves_and_changes_nothing(move, reason):
    state = red_black()
    moves, legal = state.moves, state.legal_moves()
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    assert isinstance(error.value, ValueError)
    assert error.value.reason == reason
    assert error.value.move is state.parse_move(move)
    assert error.value.legal == legal
    assert str(error.value) == f"{reason}. Legal moves: AH 3H 4H 6H 7H 8H 9H"
    assert state.why_not(move) == reason and not state.is_legal(move)
    assert_unchanged(state, moves, legal)


def test_a_legal_move_has_no_reason_against_it():
    state = red_black()
    assert state.why_not("3H") is None and state.is_legal("3H")
    assert state.is_legal(Card.parse("3H")) and state.is_legal(Move.parse("3H"))


def test_text_that_is_not_a_move_is_refused_before_the_rules():
    state = red_black()
    moves, legal = state.moves, state.legal_moves()
    for text in ["8X", "", "3H>", 42]:
        with pytest.raises(MoveSyntaxError):
            state.play(text)
    assert_unchanged(state, moves, legal)


def test_a_move_after_the_hand_is_over_raises_game_over_error():
    final = mod_ten(2).deal(dealer=1, hands=RED_BLACK).play_all(WHOLE_HAND)
    assert final.is_over and final.legal_moves() == ()
    with pytest.raises(GameOverError, match="the hand is over") as error:
        final.play("AD")
    assert isinstance(error.value, IllegalMoveError)
    assert final.why_not("AD") == "the hand is over: no more moves can be made"
    assert final.move_number == 16 and final.winner == 0


def test_states_are_immutable_values():
    state = red_black()
    with pytest.raises(AttributeError):
        state.current_player = 1
    with pytest.raises(AttributeError):
        state.colour = "red"
    after = state.play("3H")
    assert after is not state and after != state
    assert state == red_black() and state.move_number == 1 and after.move_number == 2


def test_a_state_equals_no_other_kind_of_thing_and_copies_are_itself():
    state = red_black()
    assert state != "2H" and state != state.view(0) and state != [state]
    assert state in {state: 1} and state not in {"2H": 1}
    assert copy.copy(state) is state and copy.deepcopy(state) is state
    assert copy.deepcopy({"at": state})["at"] is state  # a dict of states copies cheaply


def test_equal_positions_are_equal_states_with_equal_hashes():
    seeded = mod_ten(3).deal(seed=7)
    hands = [[card.text for card in seeded.hand(seat)] for seat in range(3)]
    given = mod_ten(3).deal(dealer=seeded.dealer, hands=hands)
    assert given == seeded and hash(given) == hash(seeded)
    assert given.play("8C") == seeded.play("8C")
    assert given.play("8C") != seeded.play("9C")
    assert mod_ten(3).deal(seed=7) != mod_ten(3, deck="double").deal(seed=7)


def test_history_of_a_state():
    start = mod_ten(2).deal(dealer=1, hands=RED_BLACK)
    state = start.play_all("2H 3H 4H")
    assert [str(move) for move in state.moves] == ["2H", "3H", "4H"]
    assert state.move_number == 3 and state.start is start
    assert [event.kind for event in state.events] == [
        "deal",
        "play",
        "skip",
        "play",
        "skip",
        "play",
        "skip",
    ]
    assert [event.kind for event in state.last_events] == ["play", "skip"]
    assert [s.move_number for s in iter_states(state)] == [0, 1, 2, 3]
    assert start.play_all(["2H", Move.parse("3H"), Card.parse("4H")]) == state


# --------------------------------------------------------------------------- registry and options


def test_the_registry_knows_mod_ten():
    assert "mod-ten" in GAMES
    assert game_class("mod-ten") is ModTen
    game = cardlab.game("mod-ten")
    assert isinstance(game, ModTen) and game.name == "mod-ten" and game.title == "Mod Ten"


@pytest.mark.parametrize("name", ["mod-ten", "Mod_Ten", " MOD-TEN ", "mod_ten"])
def test_game_names_ignore_case_spaces_and_underscores(name):
    assert isinstance(cardlab.game(name), ModTen)


@pytest.mark.parametrize("name", ["poker", "modten", "", "chess"])
def test_an_unknown_game_name_lists_the_known_games(name):
    with pytest.raises(OptionError, match="unknown game") as error:
        cardlab.game(name)
    for known in GAMES:
        assert known in str(error.value)


@pytest.mark.parametrize("players", [0, 1, 7, -2])
def test_players_out_of_range(players):
    with pytest.raises(OptionError, match="Mod Ten is for 2 to 6 players"):
        mod_ten(players)


@pytest.mark.parametrize("players", ["3", 2.0, True, None])
def test_players_must_be_a_whole_number(players):
    with pytest.raises(OptionError, match="players must be a whole number"):
        mod_ten(players)


def test_an_unknown_option_is_named_with_the_known_ones():
    with pytest.raises(OptionError) as error:
        cardlab.game("mod-ten", players=2, colour="red")
    message = str(error.value)
    assert "unknown option 'colour'" in message
    for option in ["players", "deck", "open_hands", "match_target"]:
        assert option in message


@pytest.mark.parametrize("deck", ["triple", "Single", "", None, 2])
def test_a_bad_deck_option(deck):
    with pytest.raises(OptionError, match="deck must be one of auto, single, double"):
        mod_ten(2, deck=deck)


@pytest.mark.parametrize("open_hands", ["yes", 1, None])
def test_open_hands_is_true_or_false(open_hands):
    with pytest.raises(OptionError, match="open_hands is True or False"):
        mod_ten(2, open_hands=open_hands)


def test_games_are_immutable_values_with_their_options():
    game = mod_ten(3, deck="double", match_target=2)
    assert game.options == {"players": 3, "deck": "double", "open_hands": False, "match_target": 2}
    assert game == mod_ten(3, deck="double", match_target=2) != mod_ten(3)
    assert hash(game) == hash(mod_ten(3, deck="double", match_target=2))
    with pytest.raises(AttributeError):
        game.players = 4


def test_seats_out_of_range_are_refused():
    state = mod_ten(3).deal(seed=1)
    for bad in [3, -1, "0", True]:
        with pytest.raises(OptionError, match="seat number from 0 to 2"):
            state.hand(bad)
        with pytest.raises(OptionError, match="seat number from 0 to 2"):
            state.view(bad)
    with pytest.raises(OptionError, match="dealer must be a seat number from 0 to 2"):
        mod_ten(3).deal(seed=1, dealer=3)


@pytest.mark.parametrize(
    ("bounds", "inside", "words"),
    [
        ({"maximum": 9}, -5, "cap must be a whole number <= 9, not 10"),
        ({"minimum": 11}, 12, "cap must be a whole number >= 11, not 10"),
        ({"minimum": 1, "maximum": 9}, 9, "cap must be a whole number from 1 to 9, not 10"),
    ],
)
def test_an_options_refusal_states_its_bounds(bounds, inside, words):
    spec = OptionSpec("cap", int, 3, "the largest count", **bounds)
    assert spec.refusal(10) == words
    assert spec.refusal(True) == words.replace("10", "True")  # a bool is not a count
    assert spec.refusal(inside) is None


def test_a_whole_number_option_without_bounds_takes_any_whole_number():
    spec = OptionSpec("cap", int, 3, "the largest count")
    assert spec.refusal(-(10**9)) is None
    assert spec.refusal("3") == "cap must be a whole number, not '3'"


# --------------------------------------------------------------------------- deals


def test_a_deal_takes_a_seed_or_cards_not_both():
    with pytest.raises(DealError, match="either a seed or the cards"):
        mod_ten(2).deal(seed=1, dealer=0, hands=RED_BLACK)


def test_a_deal_from_cards_needs_a_dealer():
    with pytest.raises(DealError, match="needs a dealer"):
        mod_ten(2).deal(hands=RED_BLACK)


@pytest.mark.parametrize("seed", [1.5, True, [1], b"7"])
def test_a_seed_is_a_whole_number_or_a_string(seed):
    with pytest.raises(DealError, match="a seed is a whole number from 0 up or a text"):
        mod_ten(2).deal(seed=seed)


def test_string_and_number_seeds_reproduce():
    assert mod_ten(3).deal(seed="lesson-1") == mod_ten(3).deal(seed="lesson-1")
    assert mod_ten(3).deal(seed="lesson-1") != mod_ten(3).deal(seed="lesson-2")
    assert mod_ten(3).deal(seed=7) == mod_ten(3).deal(seed=7)


def test_hand_numbers_shuffle_differently():
    game = mod_ten(3)
    first = game.deal(seed=7, dealer=0)
    second = game.deal(seed=7, dealer=0, hand_number=1)
    assert first != second
    assert second == game.deal(seed=7, dealer=0, hand_number=1)


# --------------------------------------------------------------------------- records


def test_a_seeded_record_holds_the_game_options_seed_and_moves():
    state = mod_ten(3).deal(seed=7).play_all("8C 3C")
    assert state.record() == {
        "format": RECORD_FORMAT,
        "kind": "hand",
        "game": "mod-ten",
        "options": {"players": 3, "deck": "auto", "open_hands": False, "match_target": 1},
        "seed": 7,
        "hand_number": 0,
        "dealer": 1,
        "moves": ["8C", "3C"],
    }


def test_a_record_replays_to_an_equal_state_through_json():
    state = random_moves(mod_ten(4).deal(seed=3), 25, random.Random(0))
    again = cardlab.replay(json_round_trip(state.record()))
    assert again == state and again.moves == state.moves and again.events == state.events


def test_a_record_of_a_deal_from_cards_holds_the_cards():
    state = mod_ten(2).deal(dealer=1, hands=RED_BLACK).play_all("2H 3H")
    record = json_round_trip(state.record())
    assert "seed" not in record
    assert record["deal"]["dealer"] == 1
    assert record["deal"]["hands"] == RED_BLACK  # as given: text
    assert cardlab.replay(record) == state


def test_a_record_of_a_deal_from_card_objects_holds_them_as_text():
    hands = [parse_cards(hand) for hand in RED_BLACK]
    state = mod_ten(2).deal(dealer=1, hands=hands).play("2H")
    record = json_round_trip(state.record())
    assert record["deal"]["hands"] == [hand.split() for hand in RED_BLACK]
    assert cardlab.replay(record) == state


def test_a_deal_without_a_seed_draws_one_and_records_it():
    state = random_moves(mod_ten(3).deal(), 5, random.Random(0))
    record = state.record()
    assert isinstance(record["seed"], int)
    assert cardlab.replay(json_round_trip(record)) == state


def test_a_record_of_a_later_hand_of_a_match_replays():
    state = random_moves(mod_ten(3).deal(seed=5, dealer=2, hand_number=3), 6, random.Random(0))
    record = json_round_trip(state.record())
    assert record["hand_number"] == 3 and record["dealer"] == 2
    assert cardlab.replay(record) == state


def test_a_record_cut_short_replays_to_the_earlier_state():
    final = random_moves(mod_ten(2).deal(seed=11), 500, random.Random(0))
    record = final.record()
    record["moves"] = record["moves"][:5]
    assert cardlab.replay(record) == list(iter_states(final))[5]


def test_a_record_with_an_illegal_move_names_its_index():
    state = mod_ten(2).deal(dealer=1, hands=RED_BLACK).play_all("2H 3H 4H 6H")
    record = json_round_trip(state.record())
    record["moves"][2] = "AC"  # hearts were led and seat 0 holds hearts
    with pytest.raises(RecordError) as error:
        cardlab.replay(record)
    assert error.value.index == 2
    assert str(error.value).startswith("move 2: 'AC' cannot be played")
    assert "a heart must be played" in str(error.value)


@pytest.mark.parametrize(("index", "text"), [(0, "ZZ"), (1, "5H"), (3, "3H>7C")])
def test_a_record_with_a_bad_move_text_names_its_index(index, text):
    record = mod_ten(2).deal(dealer=1, hands=RED_BLACK).play_all("2H 3H 4H 6H").record()
    record["moves"][index] = text
    with pytest.raises(RecordError) as error:
        cardlab.replay(record)
    assert error.value.index == index


def test_a_record_with_a_move_after_the_end_names_its_index():
    final = mod_ten(2).deal(dealer=1, hands=RED_BLACK).play_all(WHOLE_HAND)
    record = final.record()
    record["moves"].append("AD")
    with pytest.raises(RecordError, match="the hand is over") as error:
        cardlab.replay(record)
    assert error.value.index == 16


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_a_record_of_another_format_version_is_refused(version):
    record = mod_ten(2).deal(seed=1).record()
    record["format"] = version
    with pytest.raises(RecordError, match="format"):
        cardlab.replay(record)


def test_a_record_without_its_format_is_refused():
    record = mod_ten(2).deal(seed=1).record()
    del record["format"]
    with pytest.raises(RecordError, match="format"):
        cardlab.replay(record)


def test_a_record_without_its_game_is_refused():
    record = mod_ten(2).deal(seed=1).record()
    del record["game"]
    with pytest.raises(RecordError, match="no 'game'"):
        cardlab.replay(record)


def test_a_record_without_seed_or_deal_is_refused():
    record = mod_ten(2).deal(seed=1).record()
    del record["seed"]
    with pytest.raises(RecordError, match="neither a seed nor a deal"):
        cardlab.replay(record)


@pytest.mark.parametrize(
    ("key", "value"),
    [("game", "poker"), ("options", {"players": 9}), ("options", {"colour": "red"})],
)
def test_a_record_with_a_bad_game_or_options_is_refused(key, value):
    record = mod_ten(2).deal(seed=1).record()
    record[key] = value
    with pytest.raises(RecordError, match="bad game or options"):
        cardlab.replay(record)


def test_a_record_with_a_bad_deal_is_refused():
    record = mod_ten(2).deal(dealer=1, hands=RED_BLACK).record()
    record["deal"]["hands"][1] = record["deal"]["hands"][1].replace("AD", "AH")  # AH twice
    with pytest.raises(RecordError, match="bad deal: AH is dealt 2 times"):
        cardlab.replay(record)


@pytest.mark.parametrize("record", [None, [], "mod-ten", 7])
def test_a_record_is_a_dict(record):
    with pytest.raises(RecordError, match="a record is a dict"):
        cardlab.replay(record)


def test_record_errors_are_value_errors():
    assert issubclass(RecordError, ValueError)


def test_a_determinized_state_has_no_record():
    full = mod_ten(3).deal(seed=2).view(0).determinize(1)
    with pytest.raises(RecordError, match="no history to record"):
        full.record()


# --------------------------------------------------------------------------- matches


def test_a_match_starts_with_the_seeded_deal():
    match = mod_ten(3, match_target=2).match(seed=5)
    assert match.state == mod_ten(3, match_target=2).deal(seed=5)
    assert match.hand_number == 0 and match.totals == (0, 0, 0) and not match.is_over


def test_a_match_record_replays_to_equal_totals_and_state():
    match = play_match(mod_ten(3, match_target=3).match(seed=5), seed=1)
    assert match.is_over and len(match.hands) > 1
    again = cardlab.replay(json_round_trip(match.record()))
    assert again == match
    assert again.totals == match.totals and again.winner == match.winner
    assert again.state == match.state and again.hands == match.hands


def test_an_unfinished_match_record_replays_mid_hand():
    match = play_match(
        mod_ten(4, match_target=5).match(seed=9),
        seed=2,
        until=lambda match: match.hand_number == 2 and match.state.move_number == 7,
    )
    record = json_round_trip(match.record())
    assert record["kind"] == "match" and len(record["moves"]) == 3
    again = cardlab.replay(record)
    assert again == match and again.state.move_number == 7


def test_a_match_record_replays_between_hands():
    match = play_match(
        mod_ten(2, match_target=5).match(seed=4),
        seed=3,
        until=lambda match: match.hand_number == 1,
    )
    record = match.record()
    assert record["moves"][-1] == []
    assert cardlab.replay(record) == match


def test_a_match_record_with_an_illegal_move_names_its_index_across_hands():
    match = play_match(mod_ten(2, match_target=2).match(seed=6), seed=4)
    record = match.record()
    first_hand = len(record["moves"][0])
    # The second move of hand 1 plays again the card led at the first: nobody holds it now.
    record["moves"][1][1] = record["moves"][1][0]
    with pytest.raises(RecordError) as error:
        cardlab.replay(record)
    assert error.value.index == first_hand + 1


def test_a_match_record_with_a_hand_after_the_end_is_refused():
    match = play_match(mod_ten(2).match(seed=6), seed=4)
    record = match.record()
    record["moves"].append(["AH"])
    with pytest.raises(RecordError, match="the match was over"):
        cardlab.replay(record)


def two_hand_match_record() -> dict:
    """The record of a finished two-player match of two hands or more."""
    record = play_match(mod_ten(2, match_target=2).match(seed=6), seed=4).record()
    assert len(record["moves"]) >= 2
    return record


def test_a_match_record_whose_hand_ends_early_names_the_hand_and_the_move():
    record = two_hand_match_record()
    first_hand = record["moves"][0]
    record["moves"][1].insert(0, first_hand.pop())  # hand 0's last move written in hand 1
    with pytest.raises(RecordError) as error:
        cardlab.replay(record)
    assert str(error.value) == f"move {len(first_hand)}: hand 0 did not end where the record says"
    assert error.value.index == len(first_hand)


def test_a_match_record_with_a_move_after_its_hands_end_names_the_hand_and_the_move():
    record = two_hand_match_record()
    first_hand = record["moves"][0]
    extra = record["moves"][1].pop(0)  # hand 1's first move written in hand 0
    first_hand.append(extra)
    with pytest.raises(RecordError) as error:
        cardlab.replay(record)
    assert str(error.value) == f"move {len(first_hand) - 1}: hand 0 was over before {extra!r}"


def test_a_match_record_whose_hand_is_not_a_list_names_the_hand():
    record = two_hand_match_record()
    first_hand = record["moves"][0]
    record["moves"][1] = " ".join(record["moves"][1])
    with pytest.raises(RecordError, match="hand 1's moves are a list, not '") as error:
        cardlab.replay(record)
    assert error.value.index == len(first_hand)  # checked before anything is dealt


@pytest.mark.parametrize("move", [7, None, ["2H"]])
def test_a_record_with_a_move_that_is_not_text_names_its_index(move):
    record = mod_ten(2).deal(dealer=1, hands=RED_BLACK).play_all("2H 3H 4H").record()
    record["moves"][1] = move
    with pytest.raises(RecordError) as error:
        cardlab.replay(record)
    assert str(error.value) == f"move 1: a move is written as text, not {move!r}"


def test_later_hands_of_a_match_are_shuffled_afresh():
    game = mod_ten(3, match_target=3)
    match = play_match(game.match(seed=12), seed=5)
    for number, final in enumerate(match.hands):
        start = final.start
        assert start == game.deal(seed=12, dealer=start.dealer, hand_number=number)
        if number > 0:
            assert start != game.deal(seed=12, dealer=start.dealer)
    firsts = {tuple(final.start.hand(0)) for final in match.hands}
    assert len(firsts) == len(match.hands)


def test_the_same_seed_and_moves_give_the_same_match():
    game = mod_ten(4, match_target=2)
    assert play_match(game.match(seed=8), seed=1) == play_match(game.match(seed=8), seed=1)


def test_a_match_without_a_seed_draws_one_and_records_it():
    match = play_match(mod_ten(2, match_target=2).match(), seed=3)
    assert isinstance(match.seed, int)
    assert cardlab.replay(match.record()) == match


def test_a_match_shows_its_hand_or_its_winner_and_the_totals():
    match = mod_ten(2, match_target=2).match(seed=6)
    assert repr(match) == "<Mod Ten match: hand 0, totals [0, 0]>"
    final = play_match(match, seed=4)
    assert repr(final) == f"<Mod Ten match: seat {final.winner} won, totals {list(final.totals)}>"
    assert final.totals[final.winner] == 2


def test_no_move_after_the_match_is_over():
    match = play_match(mod_ten(2).match(seed=1))
    with pytest.raises(GameOverError, match="the match is over"):
        match.play("AH")


# --------------------------------------------------------------------------- HTML


def test_a_card_renders_as_html_with_its_symbol():
    html = Card.parse("TH")._repr_html_()
    assert "10♥" in html and "ten of hearts" in html


def test_a_hand_renders_its_cards():
    html = Hand(parse_cards("2C 9D AS TH"))._repr_html_()
    for pretty in ["2♣", "9♦", "A♠", "10♥"]:
        assert pretty in html


def test_a_state_renders_the_hands_and_the_table():
    state = mod_ten(2).deal(dealer=1, hands=RED_BLACK).play("7C")
    html = state._repr_html_()
    for card in state.hand(0) + state.hand(1) + state.table:
        assert card.pretty in html
    assert "Seat 0 leads 7C" in html


def test_a_view_renders_only_its_own_hand():
    state = mod_ten(2).deal(dealer=1, hands=RED_BLACK)
    html = state.view(1)._repr_html_()
    assert all(card.pretty in html for card in state.hand(1))
    assert not any(card.pretty in html for card in state.hand(0))


def test_a_state_knows_the_seed_of_its_hand():
    game = cardlab.game("mod-ten", players=2)
    state = game.deal(seed=7)
    assert state.seed == 7 and state.play(state.legal_moves()[0]).seed == 7
    assert isinstance(game.deal().seed, int)  # drawn, and kept for the record
    given = game.deal(
        dealer=0,
        hands=[
            "AD 2D 3D 4D 6D 7D 8D 9D AS 2S 3S 4S 6S 7S 8S 9S",
            "AH 2H 3H 4H 6H 7H 8H 9H AC 2C 3C 4C 6C 7C 8C 9C",
        ],
    )
    assert given.seed is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_option_specs_describe_every_option_with_its_default(name):
    cls = game_class(name)
    specs = cls.option_specs()
    assert [spec.name for spec in specs] == list(cls().options)
    for spec in specs:
        assert spec.default == cls().options[spec.name] and isinstance(spec.default, spec.kind)
        assert spec.doc, f"{name}.{spec.name} has no description"
        if spec.choices:
            assert spec.default in spec.choices
    players = specs[0]
    assert (players.minimum, players.maximum) == (cls.min_players, cls.max_players)


def test_play_out_plays_every_seat_to_the_end_and_repeats_with_its_seed():
    start = mod_ten(3).deal(seed=4)
    final = start.play_out("greedy", seed=2)
    assert final.is_over and final.start is start
    assert final.moves == start.play_out("greedy", seed=2).moves
    mixed = start.play_out(["greedy", "random", lambda view: view.legal_moves()[0]], seed=2)
    assert mixed.is_over
    with pytest.raises(ValueError, match="4 agents given for 3 seats: give 1 to 3"):
        start.play_out(["greedy", "random", "greedy", "random"])


def test_steps_pair_each_move_with_the_states_around_it():
    state = red_black().play_all("3H 6H")
    steps = state.steps()
    assert [str(move) for _, move, _ in steps] == ["2H", "3H", "6H"]
    for before, move, after in steps:
        assert before.play(move) == after


@given(seed=st.integers(0, 2**64), size=st.integers(0, 80))
def test_shuffle_and_draw_index_draw_exactly_as_random_does(seed, size):
    from cardlab.engine.randomness import draw_index, shuffle

    mine, theirs = list(range(size)), list(range(size))
    shuffle(random.Random(seed), mine)
    random.Random(seed).shuffle(theirs)
    assert mine == theirs
    if size:
        rng, again = random.Random(seed), random.Random(seed)
        assert [draw_index(rng, size) for _ in range(20)] == [
            again.choice(range(size)) for _ in range(20)
        ]
