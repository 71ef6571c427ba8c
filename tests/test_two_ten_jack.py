"""Two-Ten-Jack (docs/rules.md section 3): each rule on set positions, properties over random play,
golden deals, refused moves and the match."""

from __future__ import annotations

import doctest
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab.engine.cards import Card, full_deck, parse_cards
from cardlab.engine.cardsets import card_set
from cardlab.engine.errors import DealError, OptionError, RecordError
from cardlab.engine.moves import GameOverError, IllegalMoveError, Move
from cardlab.games import two_ten_jack
from cardlab.games.two_ten_jack import (
    DECK,
    POINTS,
    TwoTenJack,
    TwoTenJackState,
    card_points,
    following_cards,
    winning_card,
)
from cardlab.play.match import Match
from cardlab.play.records import replay

GAME = cardlab.game("two-ten-jack")
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def view_fields(view: object) -> dict[str, object]:
    """Every field of a view (views are dataclasses), by name."""
    import dataclasses

    assert dataclasses.is_dataclass(view)
    return {field.name: getattr(view, field.name) for field in dataclasses.fields(view)}


# --------------------------------------------------------------------------- helpers


def cards(text: str) -> tuple[Card, ...]:
    """Cards from text, as a tuple."""
    return tuple(parse_cards(text))


def moves(text: str) -> tuple[Move, ...]:
    """Moves from space-separated text."""
    return tuple(GAME.parse_move(word) for word in text.split())


def deal(leader: str, follower: str, top: str = "", dealer: int = 0) -> TwoTenJackState:
    """A deal from given cards: the non-dealer (who leads) holds ``leader``, the dealer holds
    ``follower``; the stock starts with ``top`` and goes on with the other cards in display
    order."""
    held = set(cards(leader)) | set(cards(follower))
    first = cards(top)
    rest = [card for card in DECK if card not in held and card not in first]
    hands = ["", ""]
    hands[dealer] = follower
    hands[1 - dealer] = leader
    return GAME.deal(dealer=dealer, hands=hands, stock=list(first) + rest)


def play_out(state: TwoTenJackState, rng: random.Random | None = None) -> TwoTenJackState:
    """``state`` played to the end: random legal moves from ``rng``, or the first legal move."""
    while not state.is_over:
        legal = state.legal_moves()
        state = state.play(rng.choice(legal) if rng else legal[0])
    return state


def every_state(final: TwoTenJackState) -> list[TwoTenJackState]:
    """The states of a hand, from the deal to ``final``."""
    return list(cardlab.engine.core.iter_states(final))


def where_cards_are(state: TwoTenJackState) -> list[Card]:
    """Every card of the state, wherever it is: hands, stock, trick and won piles."""
    found = list(state.hands[0]) + list(state.hands[1]) + list(state.stock)
    found += [card for _, card in state.trick]
    found += list(state.won[0]) + list(state.won[1])
    return found


def refused(state: TwoTenJackState, move: str, phrase: str) -> IllegalMoveError:
    """Assert that ``move`` is refused with ``phrase`` in the reason and the state unchanged."""
    before_events = state.events
    before_legal = state.legal_moves()
    twin = replay(state.record())
    with pytest.raises(IllegalMoveError) as caught:
        state.play(move)
    assert phrase in caught.value.reason
    assert state.why_not(move) == caught.value.reason
    assert state == twin
    assert state.events == before_events
    assert state.legal_moves() == before_legal
    return caught.value


# --------------------------------------------------------------------------- options


def test_the_module_examples_run():
    assert doctest.testmod(two_ten_jack).failed == 0


def test_game_is_registered_with_its_defaults():
    assert isinstance(GAME, TwoTenJack)
    assert GAME.players == 2 and GAME.target == 31
    assert cardlab.game("two-ten-jack", target=11).target == 11


@pytest.mark.parametrize(
    "options, phrase",
    [
        ({"players": 3}, "exactly 2 players"),
        ({"players": 1}, "exactly 2 players"),
        ({"target": 0}, "target"),
        ({"target": "31"}, "target"),
        ({"target": True}, "target"),
        ({"trumps": "S"}, "unknown option"),
    ],
)
def test_bad_options_are_refused(options, phrase):
    with pytest.raises(OptionError, match=phrase):
        cardlab.game("two-ten-jack", **options)


# --------------------------------------------------------------------------- 3.1 deck, ranks


def test_deck_has_52_cards_ranked_two_low_ace_high():
    assert sorted(DECK, key=str) == sorted(full_deck(), key=str)
    assert len(set(DECK)) == 52
    assert winning_card(cards("KC AC"), "C") == Card.parse("AC")
    assert winning_card(cards("2C 3C"), "C") == Card.parse("3C")
    assert winning_card(cards("TD 9D"), "D") == Card.parse("TD")


def test_ace_of_spades_is_the_highest_trump_above_the_ace_of_hearts():
    state = deal(leader="AH 2C 3C 4C 5C 6C", follower="KH AS 2D 3D 4D 5D")
    assert state.legal_moves() == moves("2C 3C 4C 5C 6C AH")
    state = state.play("AH")
    assert state.legal_moves() == moves("KH AS")
    after = state.play("AS")
    assert after.won[0] == cards("AH AS")
    assert after.last_events[1].text == (
        "Seat 0 wins the trick with AS (trump) and leads next. The trick is worth +1."
    )


# --------------------------------------------------------------------------- 3.2 deal


def test_seeded_deal_follows_the_documented_order():
    """The 52 shuffled cards: the first 12 alternately to the non-dealer and the dealer,
    the other 40 the stock, top card first."""
    for seed in (0, 1, 5, 99):
        rng = random.Random(seed)
        dealer = rng.randrange(2)
        deck = full_deck()
        rng.shuffle(deck)
        state = GAME.deal(seed=seed)
        assert state.dealer == dealer
        assert set(state.hands[1 - dealer]) == set(deck[0:12:2])
        assert set(state.hands[dealer]) == set(deck[1:12:2])
        assert state.stock == tuple(deck[12:])


def test_deal_gives_six_cards_each_and_forty_to_the_stock():
    state = GAME.deal(seed=11)
    assert len(state.hands[0]) == len(state.hands[1]) == 6
    assert len(state.stock) == 40
    assert sorted(where_cards_are(state), key=str) == sorted(DECK, key=str)


GOLDEN = [
    (
        0,
        1,
        ["2C 6C 4H 8H 9H AS", "8C KC AC 3S 4S QS"],
        "5C JH 8D 2D QD 5S 8S 7S 2S QC 4C 5D 3D JC 9D 2H 3H JS JD TH 6S TC KS 7C KH 6D 9C 9S "
        "AD QH TD 5H 7D KD 6H 7H 4D 3C AH TS",
    ),
    (
        1,
        0,
        ["6C TC KD 4H KH JS", "3C QC 3D 6D 7D TD"],
        "4C 9C QH 7H 9S QS JD 5S AS 9D KC AH 8H 8D KS 6S TH JC 9H 2S 2D 5D 7S AC 2H 4S 2C 8S "
        "7C AD QD 3S 5H 3H 6H 8C 4D 5C TS JH",
    ),
    (
        2,
        0,
        ["7C 9D QD 4H 9H AH", "4C 5C 9C TC 3D TD"],
        "JH 6D 2S 5H 7S 8C 8D 6H QS 6S 8S KC 3S 2D QC AC AS 2C 8H 5D TH 3H JS 7H KD 2H TS QH "
        "3C 5S AD KH 4D 7D 4S 9S JC JD KS 6C",
    ),
]


@pytest.mark.parametrize("seed, dealer, hands, stock", GOLDEN)
def test_golden_deals(seed, dealer, hands, stock):
    state = GAME.deal(seed=seed)
    assert state.dealer == dealer
    assert state.hands == (cards(hands[0]), cards(hands[1]))
    assert state.stock == cards(stock)


def test_deal_from_cards_keeps_the_given_stock_order():
    stock = [card for card in reversed(DECK) if card not in cards("2C 3C 4C 5C 6C 7C 2D 3D 4D")]
    stock = [card for card in stock if card not in cards("5D 6D 7D")]
    state = GAME.deal(dealer=1, hands=["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"], stock=stock)
    assert state.stock == tuple(stock)
    assert state.hand(0) == cards("2C 3C 4C 5C 6C 7C")
    assert state.current_player == 0


HANDS = ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"]
REST = [card for card in DECK if card not in cards(" ".join(HANDS))]


@pytest.mark.parametrize(
    "kwargs, phrase",
    [
        (
            {"hands": ["2C 3C 4C 5C 6C", HANDS[1]], "stock": REST + [Card.parse("7C")]},
            "holds 5 cards",
        ),
        ({"hands": HANDS, "stock": REST[:-1]}, "the stock holds 39 cards"),
        (
            {"hands": HANDS, "stock": REST[:-1] + [Card.parse("2C")]},
            "2C is dealt twice: in seat 0's hand and in the stock, and AS not at all",
        ),
        ({"hands": [HANDS[0], "2D 3D 4D 5D 6D 2D"], "stock": REST}, "dealt twice"),
        ({"hands": ["2C 3C 4C 5C 6C 1X", HANDS[1]], "stock": REST}, "not a card"),
        ({"hands": HANDS, "stock": [str(c) for c in REST[:-1]] + ["ZZ"]}, "not a card"),
        ({"hands": [HANDS[0]], "stock": REST}, "1 hands given"),
        ({"hands": "2C 3C", "stock": REST}, "one hand"),
        ({"hands": HANDS}, "takes hands=..., stock=... (unknown: nothing; missing: stock)"),
        ({"hands": HANDS, "stock": REST, "table": "2H"}, "(unknown: table; missing: nothing)"),
    ],
)
def test_bad_deals_are_refused(kwargs, phrase):
    with pytest.raises(DealError, match=re.escape(phrase)):
        GAME.deal(dealer=0, **kwargs)


def test_a_deal_needs_either_a_seed_or_cards_and_a_dealer():
    with pytest.raises(DealError, match="a dealer"):
        GAME.deal(hands=HANDS, stock=REST)
    with pytest.raises(DealError, match="not both"):
        GAME.deal(seed=1, dealer=0, hands=HANDS, stock=REST)


# --------------------------------------------------------------------------- 3.3 leading


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_non_dealer_leads_the_first_trick(dealer):
    state = deal(leader="2C 3C 4C 5C 6C 7C", follower="2D 3D 4D 5D 6D 7D", dealer=dealer)
    assert state.current_player == state.leader == 1 - dealer
    assert state.legal_moves() == moves("2C 3C 4C 5C 6C 7C")


def test_the_winner_of_a_trick_leads_the_next():
    state = deal(leader="9C 3C 4C 5C 6C 7C", follower="TC 8C 3D 4D 5D 6D")
    follower_wins = state.play_all("9C TC")
    assert follower_wins.current_player == follower_wins.leader == 0
    leader_wins = state.play_all("9C 8C")
    assert leader_wins.current_player == leader_wins.leader == 1
    assert leader_wins.trick == () and leader_wins.led_suit is None


# --------------------------------------------------------------------------- 3.4 following


def test_spades_led_and_the_follower_holds_spades():
    state = deal(leader="5S 2C 3C 4C 5C 6C", follower="3S 9S AS 4H 2D 3D").play("5S")
    assert state.led_suit == "S"
    assert state.legal_moves() == moves("3S 9S AS")
    refused(state, "4H", "you hold a spade (3S 9S AS), and spades were led")
    refused(state, "2D", "the two of diamonds may not be played")


def test_spades_led_and_the_ace_of_spades_is_the_follower_s_only_spade():
    state = deal(leader="5S 2C 3C 4C 5C 6C", follower="AS 4H 5H 2D 3D 4D").play("5S")
    assert state.legal_moves() == moves("AS")
    refused(state, "4H", "you hold a spade (AS), and spades were led")


def test_spades_led_and_the_follower_holds_no_spade_must_trump():
    state = deal(leader="5S 2C 3C 4C 5C 6C", follower="4H 5H 2D 3D 4D 5D").play("5S")
    assert state.legal_moves() == moves("4H 5H")
    reason = refused(state, "2D", "you hold no spade but you hold a trump (4H 5H)").reason
    assert "you must trump" in reason


def test_spades_led_and_the_follower_holds_no_spade_and_no_trump():
    state = deal(leader="5S 2C 3C 4C 5C 6C", follower="7C 8C 2D 3D 4D 5D").play("5S")
    assert state.legal_moves() == moves("7C 8C 2D 3D 4D 5D")


def test_hearts_led_and_the_ace_of_spades_is_the_only_trump():
    state = deal(leader="5H 2C 3C 4C 5C 6C", follower="AS 7C 2D 3D 4D 5D").play("5H")
    assert state.legal_moves() == moves("AS")
    refused(state, "2D", "you hold a trump (AS), and hearts were led")


def test_hearts_led_and_the_follower_holds_hearts_and_the_ace_of_spades():
    state = deal(leader="5H 2C 3C 4C 5C 6C", follower="2H KH AS 9S 2D 3D").play("5H")
    assert state.legal_moves() == moves("2H KH AS")
    refused(state, "9S", "you hold a trump (2H KH AS), and hearts were led")


def test_hearts_led_and_the_follower_holds_no_trump():
    state = deal(leader="5H 2C 3C 4C 5C 6C", follower="7C 2D 3D 4D 9S KS").play("5H")
    assert state.legal_moves() == moves("7C 2D 3D 4D 9S KS")


def test_clubs_led_and_the_follower_holds_a_club_so_the_ace_of_spades_is_refused():
    state = deal(leader="5C 2C 4C 6C 7C 8C", follower="3C 9C 4H AS 2D 3D").play("5C")
    assert state.legal_moves() == moves("3C 9C")
    refused(
        state,
        "AS",
        "you hold a club (3C 9C), and clubs were led: the ace of spades may not be played",
    )
    refused(state, "4H", "the four of hearts may not be played")


def test_clubs_led_and_the_follower_holds_no_club_must_trump_and_may_use_the_ace():
    state = deal(leader="5C 2C 3C 4C 6C 7C", follower="4H AS 2D 3D 4D 5D").play("5C")
    assert state.legal_moves() == moves("4H AS")
    reason = refused(state, "5D", "you hold no club but you hold a trump (4H AS)").reason
    assert "you must trump" in reason
    assert state.play("AS").won[0] == cards("5C AS")


def test_clubs_led_and_the_ace_of_spades_is_the_only_trump():
    state = deal(leader="5C 2C 3C 4C 6C 7C", follower="AS 9S 2D 3D 4D 5D").play("5C")
    assert state.legal_moves() == moves("AS")


def test_clubs_led_and_the_follower_holds_no_club_and_no_trump_plays_any_card():
    state = deal(leader="5C 2C 3C 4C 6C 7C", follower="2D 3D 4D 5D 6S 7S").play("5C")
    assert state.legal_moves() == moves("2D 3D 4D 5D 6S 7S")


def test_leading_the_ace_of_spades_offers_both_declarations():
    state = deal(leader="AS 2C 3C 4C 5C 6C", follower="3S 4H 2D 3D 4D 5D")
    assert state.legal_moves() == moves("2C 3C 4C 5C 6C AS=S AS=H")
    assert GAME.parse_move("AS=trump") == GAME.parse_move("AS=H")
    assert state.play("AS=trump") == state.play("AS=H")


def test_ace_of_spades_led_as_a_spade_the_follower_follows_spades():
    start = deal(leader="AS 2C 3C 4C 5C 6C", follower="3S 4H 2D 3D 4D 5D")
    state = start.play("AS=S")
    assert (state.led_suit, state.declaration) == ("S", "S")
    assert state.legal_moves() == moves("3S")
    refused(state, "4H", "the ace of spades was led as a spade")


def test_ace_of_spades_led_as_a_spade_the_follower_without_spades_must_trump():
    state = deal(leader="AS 2C 3C 4C 5C 6C", follower="4H 7H 2D 3D 4D 5D").play("AS=S")
    assert state.legal_moves() == moves("4H 7H")
    refused(state, "2D", "you must trump")
    other = deal(leader="AS 2C 3C 4C 5C 6C", follower="7C 8C 2D 3D 4D 5D").play("AS=S")
    assert other.legal_moves() == moves("7C 8C 2D 3D 4D 5D")


def test_ace_of_spades_led_as_a_trump_the_follower_follows_hearts():
    state = deal(leader="AS 2C 3C 4C 5C 6C", follower="3S 4H 2D 3D 4D 5D").play("AS=H")
    assert (state.led_suit, state.declaration) == ("H", "H")
    assert state.legal_moves() == moves("4H")
    refused(state, "3S", "you hold a trump (4H), and the ace of spades was led as a trump")
    other = deal(leader="AS 2C 3C 4C 5C 6C", follower="3S 9S 2D 3D 4D 5D").play("AS=H")
    assert other.legal_moves() == moves("2D 3D 4D 5D 3S 9S")


# --------------------------------------------------------------------------- refused moves


def test_a_plain_lead_of_the_ace_of_spades_is_refused():
    state = deal(leader="AS 2C 3C 4C 5C 6C", follower="3S 4H 2D 3D 4D 5D")
    refused(
        state,
        "AS",
        "leading the ace of spades, say whether it is a spade or a trump: AS=S or AS=H",
    )


def test_a_declaration_when_following_with_the_ace_of_spades_is_refused():
    state = deal(leader="5S 2C 3C 4C 5C 6C", follower="AS 4H 5H 2D 3D 4D").play("5S")
    refused(state, "AS=S", "the ace of spades is declared only when it leads a trick")
    refused(state, "AS=H", "to follow with it, play AS")


def test_a_declaration_on_any_other_card_is_refused():
    state = deal(leader="5S 2C 3C 4C 5C 6C", follower="3S 4H 5H 2D 3D 4D")
    refused(state, "5S=S", "only the ace of spades is declared")
    refused(state.play("5S"), "3S=H", "only the ace of spades is declared")


def test_a_card_not_in_hand_is_refused():
    state = deal(leader="5S 2C 3C 4C 5C 6C", follower="3S 4H 5H 2D 3D 4D")
    error = refused(state, "KD", "KD is not in seat 1's hand")
    assert error.legal == state.legal_moves()
    refused(state.play("5S"), "9S", "9S is not in seat 0's hand")


def test_a_capture_target_is_refused():
    state = deal(leader="5S 2C 3C 4C 5C 6C", follower="3S 4H 5H 2D 3D 4D")
    refused(state, "5S>3S", "a card alone")


def test_text_that_is_not_a_move_and_moves_after_the_end_are_refused():
    state = deal(leader="5S 2C 3C 4C 5C 6C", follower="3S 4H 5H 2D 3D 4D")
    with pytest.raises(cardlab.MoveSyntaxError):
        state.play("AS=X")
    final = play_out(state)
    with pytest.raises(GameOverError, match="the hand is over"):
        final.play(GAME.parse_move("2C"))


# --------------------------------------------------------------------------- 3.5 winning


def test_ace_of_spades_declared_a_spade_beats_a_heart():
    state = deal(leader="AS 2C 3C 4C 5C 6C", follower="2H 7C 2D 3D 4D 5D").play("AS=S")
    after = state.play("2H")
    assert after.leader == 1 and after.won[1] == cards("AS 2H")
    assert after.points == (0, 6)


def test_ace_of_spades_declared_a_trump_beats_the_ace_of_hearts():
    after = deal(leader="AS 2C 3C 4C 5C 6C", follower="AH 7C 2D 3D 4D 5D").play_all("AS=H AH")
    assert after.leader == 1


def test_ace_of_spades_played_by_the_follower_wins():
    after = deal(leader="AC 2C 3C 4C 5C 6C", follower="AS 9S 2D 3D 4D 5D").play_all("AC AS")
    assert after.leader == 0


def test_a_heart_trumps_a_spade_lead():
    after = deal(leader="KS 2C 3C 4C 5C 6C", follower="2H 9H 2D 3D 4D 5D").play_all("KS 2H")
    assert after.leader == 0
    assert after.last_events[1].text == (
        "Seat 0 wins the trick with 2H (trump) and leads next. The trick is worth +5."
    )


def test_the_higher_heart_wins():
    ace_follows = deal(leader="KH 2C 3C 4C 5C 6C", follower="AH 2D 3D 4D 5D 6D")
    assert ace_follows.play_all("KH AH").leader == 0
    queen_follows = deal(leader="KH 2C 3C 4C 5C 6C", follower="QH 2D 3D 4D 5D 6D")
    assert queen_follows.play_all("KH QH").leader == 1


def test_without_hearts_the_higher_card_of_the_led_suit_wins_and_others_never_do():
    higher = deal(leader="9C 2C 3C 4C 5C 6C", follower="TC 2D 3D 4D 5D 6D")
    assert higher.play_all("9C TC").leader == 0
    lower = deal(leader="9C 2C 3C 4C 5C 6C", follower="8C 2D 3D 4D 5D 6D")
    assert lower.play_all("9C 8C").leader == 1
    low_lead = deal(leader="2C 3C 4C 5C 6C 7C", follower="AD KS 2D 3D 4D 5D").play_all("2C AD")
    assert low_lead.leader == 1
    assert winning_card(cards("2C AD"), "C") == Card.parse("2C")
    assert winning_card(cards("KS 2H"), "S") == Card.parse("2H")
    assert winning_card(cards("AS 2H"), "S") == Card.parse("AS")


# --------------------------------------------------------------------------- 3.6 drawing


def test_the_winner_draws_the_top_card_then_the_loser_the_next():
    start = deal(leader="9C 2C 3C 4C 5C 6C", follower="TC 2D 3D 4D 5D 6D", top="QS KS 2H")
    after = start.play_all("9C TC")
    assert "QS" in str(after.hand(0)) and "KS" in str(after.hand(1))
    assert len(after.hands[0]) == len(after.hands[1]) == 6
    assert after.stock == start.stock[2:] and after.stock[0] == Card.parse("2H")
    kinds = [event.kind for event in after.last_events]
    assert kinds == ["play", "trick", "draw", "draw"]
    first, second = after.last_events[2:]
    assert (first.seat, first.cards, first.text) == (0, cards("QS"), "Seat 0 draws QS.")
    assert (second.seat, second.cards) == (1, cards("KS"))
    assert first.private and second.private
    assert after.view(1).events[-2].text == "Seat 0 draws a card from the stock."
    assert after.view(1).events[-2].cards == ()
    assert after.view(0).events[-2].text == "Seat 0 draws QS."


def test_twenty_tricks_with_drawing_then_six_from_the_hands_make_26():
    final = play_out(GAME.deal(seed=4))
    states = every_state(final)
    settled = [state for state in states if state.last_events[0].kind != "deal" and not state.trick]
    assert [state.tricks_played for state in settled] == list(range(1, 27))
    for state in settled:
        if state.tricks_played <= 20:
            assert len(state.stock) == 40 - 2 * state.tricks_played
            assert len(state.hands[0]) == len(state.hands[1]) == 6
        else:
            assert state.stock == ()
            assert len(state.hands[0]) == len(state.hands[1]) == 26 - state.tricks_played
    draws = [event for event in final.events if event.kind == "draw"]
    assert len(draws) == 40
    assert len([event for event in final.events if event.kind == "trick"]) == 26
    assert final.move_number == 52 and final.is_over


def test_the_last_draws_empty_the_stock():
    state = GAME.deal(seed=8)
    while state.tricks_played < 20:
        state = state.play(state.legal_moves()[0])
    last_two = state.last_events[-2:]
    loser = 1 - state.leader
    assert [event.kind for event in last_two] == ["draw", "draw"]
    assert last_two[0].seat == state.leader and last_two[1].seat == loser
    assert last_two[1].text.endswith("the last card of the stock.")
    assert last_two[1].public_text == f"Seat {loser} draws the last card of the stock."
    assert state.stock == ()
    next_trick = state.play_all([state.legal_moves()[0]])
    next_trick = next_trick.play(next_trick.legal_moves()[0])
    assert [event.kind for event in next_trick.last_events] == ["play", "trick"]
    assert len(next_trick.hands[0]) == len(next_trick.hands[1]) == 5


# --------------------------------------------------------------------------- 3.7 scoring


def test_card_points():
    scoring = {card: card_points(card) for card in DECK if card_points(card)}
    assert {str(card): points for card, points in scoring.items()} == {
        "2H": 5,
        "TH": 5,
        "JH": 5,
        "2C": -5,
        "TC": -5,
        "JC": -5,
        "2S": 1,
        "TS": 1,
        "JS": 1,
        "AS": 1,
        "6D": 1,
    }
    assert scoring == POINTS
    assert sum(card_points(card) for card in DECK) == 5


def test_a_trick_scores_its_cards_for_the_winner_with_a_breakdown():
    state = deal(leader="6D 2C 3C 4C 5C 6C", follower="JH 2S 3S 4S 5S 6S")
    assert state.scores == (0, 0)
    assert state.score_text(0) == "no scoring cards: 0 points"
    after = state.play_all("6D JH")
    assert after.scores == (6, 0)
    assert after.score_breakdown(0) == [(Card.parse("6D"), 1), (Card.parse("JH"), 5)]
    assert after.score_breakdown(1) == []
    assert after.score_text(0) == "6D +1, JH +5: 6 points"
    assert after.last_events[1].text == (
        "Seat 0 wins the trick with JH (trump) and leads next. The trick is worth +6."
    )


def test_a_negative_trick():
    after = deal(leader="2C 3C 4C 5C 6C 7C", follower="TC 2D 3D 4D 5D 6D").play_all("2C TC")
    assert after.scores == (-10, 0)
    assert after.score_text(0) == "2C -5, TC -5: -10 points"


def test_the_hand_ends_with_its_scores_and_winner():
    final = play_out(GAME.deal(seed=3), random.Random(1))
    assert final.is_over and final.current_player is None
    for seat in (0, 1):
        assert final.scores[seat] == sum(points for _, points in final.score_breakdown(seat))
    assert final.winner == (0 if final.scores[0] > final.scores[1] else 1)
    end = final.last_events[-1]
    assert end.kind == "win"
    assert end.text == (
        f"The hand is over: seat 0 scores {final.scores[0]} and seat 1 scores "
        f"{final.scores[1]}; seat {final.winner} wins the hand."
    )


# --------------------------------------------------------------------------- 3.8 match


def test_match_winner_rule():
    assert GAME.match_winner((30, 0)) is None
    assert GAME.match_winner((31, 0)) == 0
    assert GAME.match_winner((-4, 35)) == 1
    assert GAME.match_winner((33, 31)) == 0
    assert GAME.match_winner((31, 36)) == 1
    assert GAME.match_winner((31, 31)) is None
    assert GAME.match_winner((40, 40)) is None
    assert cardlab.game("two-ten-jack", target=11).match_winner((11, 3)) == 0


def last_move_of_a_hand(seed: int) -> tuple[TwoTenJackState, tuple[int, int]]:
    """A hand one move before its end, and the scores that move brings."""
    state = GAME.deal(seed=seed)
    while state.move_number < 51:
        state = state.play(state.legal_moves()[0])
    return state, play_out(state).scores


def finish_match(totals: tuple[int, int], seed: int = 6) -> Match:
    """A match standing at ``totals`` whose current hand is then played out."""
    state, _ = last_move_of_a_hand(seed)
    match = Match(GAME, seed, (), state, totals)
    return match.play(state.legal_moves()[0])


def test_a_match_ends_when_one_player_reaches_31():
    _, (score0, score1) = last_move_of_a_hand(6)
    match = finish_match((31 - score0, 0))
    assert match.is_over and match.winner == 0
    assert match.totals == (31, score1)


def test_a_match_goes_on_below_31():
    _, (score0, score1) = last_move_of_a_hand(6)
    match = finish_match((30 - score0, 30 - score1))
    assert not match.is_over and match.hand_number == 1
    assert match.totals == (30, 30)


def test_when_both_reach_31_the_higher_total_wins():
    _, (score0, score1) = last_move_of_a_hand(6)
    match = finish_match((32 - score0, 35 - score1))
    assert match.is_over and match.winner == 1
    assert match.totals == (32, 35)


def test_an_exact_tie_at_31_or_more_plays_another_hand_dealt_by_the_other_player():
    state, (score0, score1) = last_move_of_a_hand(6)
    match = finish_match((33 - score0, 33 - score1))
    assert not match.is_over and match.winner is None
    assert match.totals == (33, 33)
    assert match.hand_number == 1
    assert match.state.dealer == 1 - state.dealer
    assert match.state.move_number == 0


def test_a_whole_match_alternates_the_deal_and_replays():
    match = GAME.match(seed=21)
    rng = random.Random(21)
    while not match.is_over:
        match = match.play(rng.choice(match.state.legal_moves()))
    dealers = [hand.dealer for hand in match.hands]
    assert all(a != b for a, b in zip(dealers, dealers[1:], strict=False))
    winner = match.winner
    assert match.totals[winner] >= 31 and match.totals[winner] > match.totals[1 - winner]
    assert sum(match.totals) == 5 * len(match.hands)
    again = replay(match.record())
    assert again.totals == match.totals and again.winner == winner


# --------------------------------------------------------------------------- looks


def test_events_narrate_each_play():
    start = deal(leader="AS 2C 3C 4C 5C 6C", follower="4H 9H 2D 3D 4D 5D")
    assert start.events[0].text == (
        "Seat 0 deals 6 cards to each player, one at a time starting with seat 1; "
        "the other 40 cards form the stock. Seat 1 leads."
    )
    led = start.play("AS=H")
    assert led.last_events[0].text == "Seat 1 leads AS as a trump."
    assert start.play("AS=S").last_events[0].text == "Seat 1 leads AS as a spade."
    after = led.play("4H")
    assert after.last_events[0].text == "Seat 0 plays 4H."
    assert after.last_events[1].text == (
        "Seat 1 wins the trick with AS (trump) and leads next. The trick is worth +1."
    )
    assert after.last_events[1].cards == cards("AS 4H")


def test_layout_shows_hands_trick_stock_and_won_cards():
    state = deal(leader="AS 2C 3C 4C 5C 6C", follower="4H 9H 2D 3D 4D 5D").play("AS=S")
    rows = {row.label: row for row in state.layout(show=[1])}
    assert list(rows) == ["Seat 0", "Seat 1", "Trick", "Stock", "Seat 0 won", "Seat 1 won"]
    assert rows["Seat 0"].cards == () and rows["Seat 0"].face_down == 6
    assert rows["Seat 1"].cards == cards("2C 3C 4C 5C 6C")
    assert rows["Trick"].cards == cards("AS")
    assert "led: spades (AS declared a spade)" in rows["Trick"].note
    assert rows["Stock"].face_down == 40 and rows["Stock"].cards == ()
    after = state.play("4H")
    rows = {row.label: row for row in after.layout()}
    assert rows["Seat 0"].cards == after.hands[0]
    assert rows["Last trick"].cards == cards("AS 4H")
    assert rows["Seat 1 won"].cards == cards("AS 4H")
    assert "AS +1: 1 point" in rows["Seat 1 won"].note
    hearts = deal(leader="AS 2C 3C 4C 5C 6C", follower="4H 9H 2D 3D 4D 5D").play("AS=H")
    assert "led: hearts (AS declared a trump)" in hearts.layout()[2].note


def test_views_show_only_what_a_seat_may_see():
    state = deal(leader="AS 2C 3C 4C 5C 6C", follower="4H 9H 2D 3D 4D 5D", top="QS KS")
    state = state.play_all("AS=H 4H 2C")
    view = state.view(0)
    assert view.hand == state.hands[0]
    assert view.hand_sizes == (6, 5)
    assert view.trick == ((1, Card.parse("2C")),) and view.led_suit == "C"
    assert view.won == ((), cards("AS 4H"))
    assert view.stock_size == 38 and view.points == (0, 1)
    assert view.legal_moves() == state.legal_moves()
    assert not hasattr(view, "stock") and not hasattr(view, "hands")
    assert state.view(1).legal_moves() == ()
    assert [row.label for row in view.layout()][:2] == ["Seat 0", "Seat 1"]
    assert view.layout()[1].face_down == 5 and view.layout()[1].cards == ()


def test_records_of_deals_from_cards_replay():
    state = deal(leader="AS 2C 3C 4C 5C 6C", follower="4H 9H 2D 3D 4D 5D")
    state = play_out(state.play_all("AS=S 4H"), random.Random(2))
    again = replay(state.record())
    assert again == state and again.events == state.events
    record = state.record()
    record["moves"][0] = "AS"
    with pytest.raises(RecordError, match="move 0"):
        replay(record)


# --------------------------------------------------------------------------- properties


CARD_WORD = re.compile(r"\b[2-9TJQKA][CDHS]\b")


def cards_in_view(view) -> set[Card]:
    """Every card a view holds or names, in its fields and in its events' cards and texts."""
    found: set[Card] = set()

    def walk(value):
        if isinstance(value, Card):
            found.add(value)
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)
        elif isinstance(value, cardlab.Event):
            walk(value.cards)
            found.update(Card.parse(word) for word in CARD_WORD.findall(value.text))

    for value in view_fields(view).values():
        walk(value)
    return found


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, play_seed=SEEDS)
def test_random_hands_keep_every_rule_invariant(seed, play_seed):
    final = play_out(GAME.deal(seed=seed), random.Random(play_seed))
    for state in every_state(final):
        found = where_cards_are(state)
        assert len(found) == 52 and set(found) == set(DECK)
        assert len(state.trick) <= 1
        assert state.scores == tuple(sum(card_points(c) for c in won) for won in state.won)
        if not state.is_over:
            assert state.legal_moves()
            assert all(state.why_not(move) is None for move in state.legal_moves())
    assert final.tricks_played == 26 and final.move_number == 52
    assert final.hands == ((), ()) and final.stock == ()
    assert sum(final.scores) == 5
    assert all(-15 <= score <= 20 for score in final.scores)
    assert final.winner == (0 if final.scores[0] > final.scores[1] else 1)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, play_seed=SEEDS, stop=st.integers(min_value=0, max_value=52))
def test_records_replay_to_an_equal_state(seed, play_seed, stop):
    rng = random.Random(play_seed)
    state = GAME.deal(seed=seed)
    while not state.is_over and state.move_number < stop:
        state = state.play(rng.choice(state.legal_moves()))
    again = replay(state.record())
    assert again == state
    assert again.events == state.events


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_the_same_seed_gives_the_same_deal(seed):
    first, second = GAME.deal(seed=seed), GAME.deal(seed=seed)
    assert first == second
    assert first.stock == second.stock and first.dealer == second.dealer


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, play_seed=SEEDS, stop=st.integers(min_value=0, max_value=52))
def test_views_hide_the_other_hand_and_the_stock(seed, play_seed, stop):
    rng = random.Random(play_seed)
    state = GAME.deal(seed=seed)
    while not state.is_over and state.move_number < stop:
        state = state.play(rng.choice(state.legal_moves()))
    for seat in (0, 1):
        hidden = set(state.hands[1 - seat]) | set(state.stock)
        view = state.view(seat)
        assert not cards_in_view(view) & hidden
        assert view.stock_size == len(state.stock)
        assert view.hand_sizes == (len(state.hands[0]), len(state.hands[1]))


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, play_seed=SEEDS, stop=st.integers(min_value=0, max_value=52))
def test_a_determinized_view_agrees_with_the_view(seed, play_seed, stop):
    rng = random.Random(play_seed)
    state = GAME.deal(seed=seed)
    while not state.is_over and state.move_number < stop:
        state = state.play(rng.choice(state.legal_moves()))
    seat = rng.randrange(2)
    view = state.view(seat)
    guess = view.determinize(rng)
    again = guess.view(seat)
    for name in (
        "hand",
        "hand_sizes",
        "trick",
        "led_suit",
        "declaration",
        "won",
        "last_trick",
        "points",
        "stock_size",
        "tricks_played",
        "leader",
        "current_player",
        "is_over",
        "winner",
    ):
        assert getattr(again, name) == getattr(view, name), name
    assert again.legal_moves() == view.legal_moves()
    assert sorted(where_cards_are(guess), key=str) == sorted(DECK, key=str)
    assert set(guess.hands[1 - seat]) | set(guess.stock) == set(view.unseen_cards())
    assert play_out(guess, rng).tricks_played == 26


def test_following_cards_helper_matches_rule_3_4():
    assert following_cards(cards("3C 9C AS 4H"), "C") == list(cards("3C 9C"))
    assert following_cards(cards("AS 4H 2D"), "C") == list(cards("AS 4H"))
    assert following_cards(cards("AS 4H 2D"), "S") == list(cards("AS"))
    assert following_cards(cards("AS 4H 2D"), "H") == list(cards("AS 4H"))
    assert following_cards(cards("2D 3S"), "H") == list(cards("2D 3S"))


def test_determinize_deals_the_hidden_cards_at_random_and_from_the_rng_alone():
    view = GAME.deal(seed=12).view(0)
    guesses = [view.determinize(random.Random(seed)) for seed in range(10)]
    assert len({guess.hands[1] for guess in guesses}) > 1
    assert len({guess.stock for guess in guesses}) > 1
    assert view.determinize(3) == view.determinize(random.Random(3))


# --------------------------------------------------------------------------- card sets (issue 17)
# The position keeps hands as card sets and the stock as one int, the rules are functions over
# them, and the solver searches tuples of ints (TwoTenJackSearch). Each table or cache derived
# for speed equals a recomputation from the plain rule, and every step of the search is the
# engine's own `play`, on random cards and random positions.

EXAMPLES = settings(max_examples=150, deadline=None)
ACE_OF_SPADES = Card.parse("AS")


def card_lists() -> st.SearchStrategy[list[Card]]:
    """Any cards of the deck, each at most once, in any order."""
    return st.lists(st.sampled_from(DECK), unique=True, max_size=52)


def plain_follows(card: Card, led: str) -> bool:
    """Rule 3.4 read from the rules page: a card of the led suit, or the ace of spades when
    hearts were led (it is a spade already)."""
    return card.suit == led or (card == ACE_OF_SPADES and led == "H")


def plain_is_trump(card: Card) -> bool:
    """Rule 3.1: the hearts and the ace of spades are trumps."""
    return card.suit == "H" or card == ACE_OF_SPADES


def plain_may_follow(hand: list[Card], led: str) -> list[Card]:
    """Rule 3.4 as a list: the led suit if held, else a trump if held, else any card."""
    return (
        [card for card in hand if plain_follows(card, led)]
        or [card for card in hand if plain_is_trump(card)]
        or hand
    )


def plain_beats(card: Card, other: Card, led: str) -> bool:
    """Rule 3.5 read from the rules page: ``card`` takes the trick from ``other``."""
    rank = two_ten_jack.TRICK_RANKS.index
    if ACE_OF_SPADES in (card, other):
        return card == ACE_OF_SPADES
    if card.suit == "H" or other.suit == "H":
        return card.suit == "H" and (other.suit != "H" or rank(card.rank) > rank(other.rank))
    if card.suit == led:
        return other.suit != led or rank(card.rank) > rank(other.rank)
    return False


def plain_moves(cards_held: list[Card]) -> tuple[Move, ...]:
    """The moves that play each card, in Two-Ten-Jack's display order (the ace high)."""
    return tuple(Move(card) for card in two_ten_jack.sort_hand(cards_held))


@given(card_lists())
@EXAMPLES
def test_the_cards_and_moves_of_a_card_set_come_in_display_order_with_the_ace_high(
    held: list[Card],
) -> None:
    from cardlab.engine.cardsets import card_set, cards_ace_high, moves_ace_high

    bits = card_set(held)
    assert cards_ace_high(bits) == two_ten_jack.sort_hand(held)
    assert moves_ace_high(bits) == plain_moves(held)


@given(card_lists(), st.sampled_from("CDHS"))
@EXAMPLES
def test_the_rules_over_card_sets_are_rule_3_4_read_from_the_rules_page(
    held: list[Card], led: str
) -> None:
    from cardlab.engine.cardsets import card_set, cards_ace_high

    hand, suit = card_set(held), "CDHS".index(led)
    same = [card for card in two_ten_jack.sort_hand(held) if plain_follows(card, led)]
    assert cards_ace_high(two_ten_jack.cards_of_led_suit(hand, suit)) == tuple(same)
    assert two_ten_jack.can_follow(hand, suit) == bool(same)
    trumps = [card for card in two_ten_jack.sort_hand(held) if plain_is_trump(card)]
    assert cards_ace_high(two_ten_jack.trumps_in(hand)) == tuple(trumps)
    allowed = plain_may_follow(held, led)
    assert following_cards(held, led) == allowed
    assert two_ten_jack.cards_to_follow(hand, suit) == card_set(allowed)
    expected = plain_moves(allowed)
    assert two_ten_jack.following_moves(hand, suit) == expected
    assert two_ten_jack.following_moves(hand, suit) == expected  # remembered: the same again


@given(card_lists())
@EXAMPLES
def test_leading_moves_are_every_card_with_the_ace_of_spades_declared_both_ways(
    held: list[Card],
) -> None:
    from cardlab.engine.cardsets import card_set

    hand = card_set(held)
    plain = [move for move in plain_moves(held) if move.card != ACE_OF_SPADES]
    if ACE_OF_SPADES in held:
        plain += [GAME.parse_move("AS=S"), GAME.parse_move("AS=H")]
    assert two_ten_jack.leading_moves(hand) == tuple(plain)
    assert two_ten_jack.lead_count(hand) == len(plain)


def test_the_tables_of_rules_3_4_3_5_and_3_7_are_the_rules() -> None:
    for led in "CDHS":
        suit = "CDHS".index(led)
        assert two_ten_jack.strength_table(led) == {
            card: two_ten_jack.strength(card.order, suit) for card in DECK
        }
        for card in DECK:
            assert two_ten_jack.follows_suit(card, led) == plain_follows(card, led)
            for other in DECK:
                if other != card:
                    beats = two_ten_jack.beats(card.order, other.order, suit)
                    assert beats == plain_beats(card, other, led), (card, other, led)
    for card in DECK:
        assert two_ten_jack.POINTS_BY_BIT[card.order] == card_points(card)
        assert two_ten_jack.is_trump(card) == plain_is_trump(card)
    for move, suit in two_ten_jack.LEAD_SUITS.items():
        assert suit == "CDHS".index(move.declare or move.card.suit)


@given(st.permutations(DECK), st.integers(0, 40))
@EXAMPLES
def test_a_stock_kept_as_one_int_keeps_its_cards_in_order(deck: list[Card], count: int) -> None:
    cards_left = deck[:count]
    stock = two_ten_jack.stock_code(cards_left)
    assert two_ten_jack.stock_cards(stock) == tuple(cards_left)
    assert two_ten_jack.stock_size(stock) == count
    if count >= 2:
        first, second, rest = two_ten_jack.draw_two(stock)
        assert (first, second) == (1 << cards_left[0].order, 1 << cards_left[1].order)
        assert two_ten_jack.stock_cards(rest) == tuple(cards_left[2:])


@st.composite
def positions(draw: st.DrawFn) -> two_ten_jack.TwoTenJackPosition:
    """A Two-Ten-Jack position some random moves into a seeded deal (or a world dealt from a
    view of it), the hand over or not."""
    state = GAME.deal(seed=draw(SEEDS))
    rng = random.Random(draw(st.integers(0, 999)))
    for _ in range(draw(st.integers(0, 52))):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    if draw(st.booleans()) and not state.is_over:
        state = state.view(state.current_player).determinize(rng)  # type: ignore[arg-type]
    position = state._position
    assert isinstance(position, two_ten_jack.TwoTenJackPosition)
    return position


@given(positions())
@EXAMPLES
def test_a_position_kept_as_card_sets_shows_the_cards_of_the_state(
    position: two_ten_jack.TwoTenJackPosition,
) -> None:
    from cardlab.engine.cardsets import card_set

    state = TwoTenJackState(GAME, position)
    every_card = [*state.hands[0], *state.hands[1], *state.stock, *state.won[0], *state.won[1]]
    every_card += [card for _seat, card in state.trick]
    assert sorted(every_card, key=DECK.index) == list(DECK)
    for seat in range(2):
        assert state.hands[seat] == two_ten_jack.sort_hand(state.hands[seat])
        assert card_set(state.hands[seat]) == position.hands[seat]
    assert len(state.stock) == two_ten_jack.stock_size(position.stock)


@given(positions(), st.integers(0, 2**32 - 1))
@EXAMPLES
def test_the_playout_on_search_nodes_plays_as_the_engine_plays_at_random(
    position: two_ten_jack.TwoTenJackPosition, seed: int
) -> None:
    from cardlab.engine.randomness import play_randomly

    state = TwoTenJackState(GAME, position)
    fast_trace: list[Move] = []
    engine_trace: list[Move] = []
    fast = GAME.playout(state, random.Random(seed), fast_trace)
    slow = play_randomly(position.copy(), random.Random(seed), engine_trace)
    assert fast == slow and fast_trace == engine_trace


@given(positions())
@EXAMPLES
def test_the_searchs_bounds_at_a_node_are_the_games_bounds_of_its_state(
    position: two_ten_jack.TwoTenJackPosition,
) -> None:
    if position.to_move is None:
        return
    search = position.search()
    state = TwoTenJackState(GAME, position)
    assert search.gain_bounds(search.root(position)) == GAME.gain_bounds(state)
    stock = two_ten_jack.stock_set(position.stock)
    assert stock == card_set(state.stock)
    left = [card for card in two_ten_jack.DECK if card not in state.won[0] + state.won[1]]
    negative = sum(
        points for card, points in two_ten_jack.POINTS.items() if card in left and points < 0
    )
    positive = sum(
        points for card, points in two_ten_jack.POINTS.items() if card in left and points > 0
    )
    assert GAME.gain_bounds(state) == (negative, positive)
