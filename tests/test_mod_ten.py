"""Mod Ten rules, one test or more per numbered rule of docs/rules.md section 1.

Most positions are dealt from given cards (``game.deal(dealer=..., hands=[...])``) so that a
test never depends on the luck of a shuffle. The two-player positions use whole suits:

- RED_BLACK: seat 0 holds every heart and club, seat 1 every diamond and spade, so seat 1 is
  skipped whenever hearts or clubs are led and seat 0 plays on alone.
- SHARED_HEARTS: each seat holds four hearts, so both seats must follow hearts.
"""

import random
from collections import Counter

import pytest

import cardlab
from cardlab import Card, DealError, IllegalMoveError, OptionError, parse_cards
from cardlab.engine.cards import sort_key
from cardlab.games.mod_ten import ModTen, ModTenState, deck_for, resolve_deck, value

HEARTS = "AH 2H 3H 4H 6H 7H 8H 9H"
CLUBS = "AC 2C 3C 4C 6C 7C 8C 9C"
DIAMONDS = "AD 2D 3D 4D 6D 7D 8D 9D"
SPADES = "AS 2S 3S 4S 6S 7S 8S 9S"

RED_BLACK = [f"{HEARTS} {CLUBS}", f"{DIAMONDS} {SPADES}"]
"""Seat 0: all hearts and clubs. Seat 1: all diamonds and spades."""

SHARED_HEARTS = [
    f"AH 2H 3H 4H {CLUBS} AD 2D 3D 4D",
    f"6H 7H 8H 9H {SPADES} 6D 7D 8D 9D",
]
"""Seat 0: AH 2H 3H 4H, clubs and low diamonds. Seat 1: 6H 7H 8H 9H, spades, high diamonds."""


def mod_ten(players: int = 2, **options) -> ModTen:
    """The Mod Ten game for ``players`` players with ``options``."""
    return cardlab.game("mod-ten", players=players, **options)


def two_player(hands: list[str], dealer: int = 1) -> ModTenState:
    """A two-player single-deck hand dealt from ``hands``; seat 0 leads when seat 1 deals."""
    return mod_ten(2).deal(dealer=dealer, hands=hands)


def texts(cards) -> list[str]:
    """Cards or moves as their text forms, for readable comparisons."""
    return [str(card) for card in cards]


def hands_with(game: ModTen, first_hand: str) -> list[list[Card]]:
    """Seat 0 holds ``first_hand``; the other seats get the rest of the deck in display order."""
    rest = list(game.cards)
    first = parse_cards(first_hand)
    for card in first:
        rest.remove(card)
    size = game.hand_size
    return [first] + [rest[start : start + size] for start in range(0, len(rest), size)]


# --------------------------------------------------------------------------- 1.1 deck


def expected_deck(players: int, kind: str) -> list[str]:
    """The deck docs/rules.md 1.1 describes, built independently of the engine, in display order."""
    odd_count = players in (3, 5, 6)
    if kind == "single":
        cards = [rank + suit for suit in "CDHS" for rank in "A2346789"]
        removed = {"AS", "9S"} if odd_count else set()
    else:
        cards = [rank + suit for suit in "CDHS" for rank in "A23456789" for _copy in (1, 2)]
        removed = {"AS", "AC", "AD", "9S", "9C", "9D"} if odd_count else set()
    return [card for card in cards if card not in removed]


DECK_TABLE = [
    # players, deck option, deck used, cards in the deck, cards per player
    (2, "auto", "single", 32, 16),
    (3, "auto", "single", 30, 10),
    (4, "auto", "double", 72, 18),
    (5, "auto", "double", 60, 12),
    (6, "auto", "double", 60, 10),
    (2, "single", "single", 32, 16),
    (3, "single", "single", 30, 10),
    (4, "single", "single", 32, 8),
    (5, "single", "single", 30, 6),
    (6, "single", "single", 30, 5),
    (2, "double", "double", 72, 36),
    (3, "double", "double", 60, 20),
    (4, "double", "double", 72, 18),
    (5, "double", "double", 60, 12),
    (6, "double", "double", 60, 10),
]


@pytest.mark.parametrize(("players", "option", "kind", "size", "per_player"), DECK_TABLE)
def test_deck_size_and_cards_per_player(players, option, kind, size, per_player):
    game = mod_ten(players, deck=option)
    assert resolve_deck(players, option) == kind
    assert len(game.cards) == size
    assert game.hand_size == per_player
    assert per_player * players == size


@pytest.mark.parametrize(("players", "option", "kind", "size", "per_player"), DECK_TABLE)
def test_deck_composition(players, option, kind, size, per_player):
    game = mod_ten(players, deck=option)
    assert Counter(texts(game.cards)) == Counter(expected_deck(players, kind))
    assert texts(deck_for(players, option)) == texts(game.cards)


@pytest.mark.parametrize(("players", "option", "kind", "size", "per_player"), DECK_TABLE)
def test_the_whole_deck_is_dealt_evenly(players, option, kind, size, per_player):
    state = mod_ten(players, deck=option).deal(seed=players)
    for seat in range(players):
        assert len(state.hand(seat)) == per_player
    dealt = Counter(card for seat in range(players) for card in state.hand(seat))
    assert dealt == Counter(state.game.cards)
    assert state.table == () and state.discard == ()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_single_deck_has_no_fives_tens_or_face_cards(players):
    ranks = {card.rank for card in deck_for(players, "single")}
    assert ranks == set("A2346789")


@pytest.mark.parametrize(
    ("players", "without_spade_ace_and_nine"),
    [(2, False), (3, True), (4, False), (5, True), (6, True)],
)
def test_single_deck_removes_ace_and_nine_of_spades_for_3_5_6_players(
    players, without_spade_ace_and_nine
):
    cards = texts(deck_for(players, "single"))
    assert ("AS" not in cards) == without_spade_ace_and_nine
    assert ("9S" not in cards) == without_spade_ace_and_nine
    assert "AH" in cards and "9C" in cards and "9D" in cards


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_double_deck_keeps_fives_twice_and_drops_tens_and_faces(players):
    counts = Counter(texts(deck_for(players, "double")))
    assert counts["5H"] == 2 and counts["5S"] == 2
    assert not any(card[0] in "TJQK" for card in counts)


@pytest.mark.parametrize("players", [3, 5, 6])
def test_double_deck_removes_black_and_diamond_aces_and_nines_for_3_5_6_players(players):
    counts = Counter(texts(deck_for(players, "double")))
    for card in ["AS", "AC", "AD", "9S", "9C", "9D"]:
        assert counts[card] == 0, card
    assert counts["AH"] == 2 and counts["9H"] == 2


@pytest.mark.parametrize("players", [2, 4])
def test_double_deck_keeps_every_ace_and_nine_twice_for_2_and_4_players(players):
    counts = Counter(texts(deck_for(players, "double")))
    for card in ["AS", "AC", "AD", "AH", "9S", "9C", "9D", "9H"]:
        assert counts[card] == 2, card


@pytest.mark.parametrize(
    ("players", "kind"), [(2, "single"), (3, "single"), (4, "double"), (5, "double"), (6, "double")]
)
def test_auto_deck_is_single_for_2_3_and_double_for_4_to_6(players, kind):
    assert resolve_deck(players, "auto") == kind
    assert Counter(mod_ten(players).cards) == Counter(mod_ten(players, deck=kind).cards)


def test_deck_option_defaults_to_auto():
    assert mod_ten(2).deck == "auto"


# --------------------------------------------------------------------------- 1.2 values


@pytest.mark.parametrize(("card", "expected"), [("AH", 1), ("2S", 2), ("6D", 6), ("9C", 9)])
def test_card_values(card, expected):
    assert value(Card.parse(card)) == expected


def test_the_table_sum_counts_an_ace_as_one():
    state = two_player(SHARED_HEARTS).play("AH")
    assert state.table_sum == 1
    after = state.play("9H")  # 1 + 9 = 10: the ace makes the capture
    assert after.table == () and texts(after.discard) == ["AH", "9H"]


def test_suits_do_not_rank_a_lead_in_any_suit_is_worth_its_face_value():
    for card, total in [("4H", 4), ("4C", 4), ("4D", 4)]:
        assert two_player(SHARED_HEARTS).play(card).table_sum == total


@pytest.mark.parametrize(("players", "option", "kind", "size", "per_player"), DECK_TABLE)
def test_every_suit_sums_to_a_multiple_of_ten(players, option, kind, size, per_player):
    # The invariant behind "nobody is ever stuck" (docs/rules.md 1.9).
    sums = Counter()
    for card in mod_ten(players, deck=option).cards:
        sums[card.suit] += value(card)
    odd_count = players in (3, 5, 6)
    if kind == "single":
        expected = {"C": 40, "D": 40, "H": 40, "S": 30 if odd_count else 40}
    else:
        short = 70 if odd_count else 90
        expected = {"C": short, "D": short, "H": 90, "S": short}
    assert dict(sums) == expected


# --------------------------------------------------------------------------- 1.3 deal


def documented_deal(players: int, kind: str, seed: int) -> tuple[int, list[list[str]]]:
    """The dealer and hands that the documented procedure gives for ``seed``: the first dealer
    drawn from the seed, the deck (in display order) shuffled with the same generator, then one
    card at a time clockwise, starting left of the dealer."""
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    deck = [Card.parse(text) for text in expected_deck(players, kind)]
    rng.shuffle(deck)
    hands: list[list[Card]] = [[] for _ in range(players)]
    seat = (dealer + 1) % players
    for card in deck:
        hands[seat].append(card)
        seat = (seat + 1) % players
    return dealer, [texts(sorted(hand, key=sort_key)) for hand in hands]


@pytest.mark.parametrize(
    ("players", "kind", "seed"),
    [(2, "single", 0), (3, "single", 7), (4, "double", 11), (5, "single", 3), (6, "double", 42)],
)
def test_a_seeded_deal_follows_the_documented_procedure(players, kind, seed):
    state = mod_ten(players, deck=kind).deal(seed=seed)
    dealer, hands = documented_deal(players, kind, seed)
    assert state.dealer == dealer
    assert [texts(state.hand(seat)) for seat in range(players)] == hands


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_deal_starts_left_of_the_dealer(players):
    # The same shuffle dealt by another dealer gives the same hands, turned round the table:
    # the first card always goes to the seat left of the dealer.
    game = mod_ten(players)
    by_seat_0 = game.deal(seed=9, dealer=0)
    for dealer in range(players):
        state = game.deal(seed=9, dealer=dealer)
        for step in range(players):
            assert state.hand((dealer + 1 + step) % players) == by_seat_0.hand((1 + step) % players)


def test_an_explicit_dealer_does_not_change_the_shuffle():
    game = mod_ten(3)
    drawn = game.deal(seed=7)
    again = game.deal(seed=7, dealer=drawn.dealer)
    assert again == drawn


def test_the_deal_event_says_who_dealt_and_who_leads():
    state = two_player(RED_BLACK, dealer=1)
    (deal,) = state.events
    assert deal.kind == "deal" and deal.seat == 1
    assert "Seat 1 deals 16 cards face down" in deal.text and "seat 0 leads" in deal.text


# --------------------------------------------------------------------------- 1.3 open hands


def test_open_hands_views_show_both_hands():
    state = mod_ten(2, open_hands=True).deal(dealer=1, hands=RED_BLACK)
    view = state.view(1)
    assert [texts(hand) for hand in view.hands] == [texts(state.hand(0)), texts(state.hand(1))]
    assert "face up" in state.events[0].text


def test_open_hands_determinize_gives_back_the_state_itself():
    state = mod_ten(2, open_hands=True).deal(seed=4)
    state = state.play(state.legal_moves()[0])
    assert state.view(0).determinize(1) == state
    assert state.view(1).determinize(2) == state


def test_open_hands_layout_shows_both_hands_face_up():
    state = mod_ten(2, open_hands=True).deal(dealer=1, hands=RED_BLACK)
    seat_1 = state.layout(show=[0])[1]
    assert texts(seat_1.cards) == texts(state.hand(1)) and seat_1.face_down == 0


def test_closed_hands_by_default():
    state = two_player(RED_BLACK)
    assert mod_ten(2).open_hands is False
    assert state.view(0).hands is None
    seat_1 = state.layout(show=[0])[1]
    assert seat_1.cards == () and seat_1.face_down == 16


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_open_hands_is_for_two_players_only(players):
    with pytest.raises(OptionError, match="2-player"):
        mod_ten(players, open_hands=True)


# --------------------------------------------------------------------------- 1.4 lead


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_seat_left_of_the_dealer_leads_any_card(players):
    game = mod_ten(players)
    for dealer in range(players):
        state = game.deal(seed=100 + dealer, dealer=dealer)
        leader = (dealer + 1) % players
        assert state.current_player == leader
        # Any card: one move per distinct card of the hand, in display order.
        expected = texts(sorted(set(state.hand(leader)), key=sort_key))
        assert texts(state.legal_moves()) == expected


def test_a_lead_puts_the_card_face_up_on_the_table():
    state = two_player(RED_BLACK).play("7C")
    assert texts(state.table) == ["7C"] and state.table_sum == 7
    assert state.led_suit == "C"
    assert "7C" not in texts(state.hand(0))
    assert state.last_events[0].text == "Seat 0 leads 7C: the table makes 7."


# --------------------------------------------------------------------------- 1.5 follow


def test_a_player_holding_the_led_suit_may_play_any_card_of_it_and_only_those():
    state = two_player(SHARED_HEARTS).play("2H")
    assert state.current_player == 1
    assert texts(state.legal_moves()) == ["6H", "7H", "8H", "9H"]
    for move in ["6H", "7H", "9H"]:  # 8H would capture; each of the others simply follows
        after = state.play(move)
        assert after.current_player == 0 and after.table[-1] == Card.parse(move)


def test_a_card_of_another_suit_may_not_be_played_while_holding_the_led_suit():
    state = two_player(SHARED_HEARTS).play("2H")
    with pytest.raises(IllegalMoveError, match="hearts were led and seat 1 holds a heart"):
        state.play("6D")
    assert state.why_not("AS") == (
        "hearts were led and seat 1 holds a heart (6H 7H 8H 9H): a heart must be played"
    )


def test_play_goes_on_clockwise():
    state = two_player(SHARED_HEARTS).play_all("2H 6H")
    assert state.current_player == 0
    assert state.last_events[0].text == "Seat 1 plays 6H: the table makes 8."


def test_a_player_without_the_led_suit_is_skipped():
    state = two_player(RED_BLACK).play("2H")
    play, skip = state.last_events
    assert play.kind == "play"
    assert skip.kind == "skip" and skip.seat == 1 and skip.detail == "H"
    assert skip.text == "Seat 1 has no hearts and is skipped."
    assert state.current_player == 0
    assert state.hand(1) == two_player(RED_BLACK).hand(1)  # a skipped seat makes no move


def test_the_player_who_played_last_is_not_exempt():
    # Seat 1 has no hearts, so the turn comes back to seat 0, who must follow hearts too.
    state = two_player(RED_BLACK).play("2H")
    assert state.current_player == 0
    assert texts(state.legal_moves()) == ["AH", "3H", "4H", "6H", "7H", "8H", "9H"]
    with pytest.raises(IllegalMoveError, match="a heart must be played"):
        state.play("AC")


def test_the_turn_comes_back_round_the_whole_table():
    game = mod_ten(3)  # single deck without AS and 9S
    hands = [
        f"{HEARTS} AC 2C",
        "3C 4C 6C 7C 8C 9C AD 2D 3D 4D",
        "6D 7D 8D 9D 2S 3S 4S 6S 7S 8S",
    ]
    state = game.deal(dealer=2, hands=hands).play("3H")
    assert [(event.kind, event.seat) for event in state.last_events] == [
        ("play", 0),
        ("skip", 1),
        ("skip", 2),
    ]
    assert state.current_player == 0
    assert all(move.card.suit == "H" for move in state.legal_moves())


def test_skips_pass_the_turn_to_the_next_seat_holding_the_suit():
    game = mod_ten(4, deck="single")
    hands = [
        "AH 2H 3H 4H AC 2C 3C 4C",
        "6C 7C 8C 9C AD 2D 3D 4D",
        "6D 7D 8D 9D AS 2S 3S 4S",
        "6H 7H 8H 9H 6S 7S 8S 9S",
    ]
    state = game.deal(dealer=3, hands=hands).play("2H")
    assert [event.seat for event in state.last_events if event.kind == "skip"] == [1, 2]
    assert state.current_player == 3
    assert texts(state.legal_moves()) == ["6H", "7H", "8H", "9H"]
    after = state.play("9H")  # 2 + 9 = 11: on round the table, back to seat 0
    assert after.current_player == 0 and not any(e.kind == "skip" for e in after.last_events)


# --------------------------------------------------------------------------- 1.6 capture


def test_a_capture_at_ten_collects_the_table_and_the_capturer_leads_again():
    state = two_player(SHARED_HEARTS).play_all("2H 8H")
    assert state.table == () and state.table_sum == 0
    assert texts(state.discard) == ["2H", "8H"]
    assert state.current_player == 1
    (capture,) = state.last_events
    assert capture.kind == "capture" and capture.seat == 1
    assert (
        capture.text
        == "Seat 1 plays 8H: the table makes 10, seat 1 collects 2 cards and leads again."
    )


def test_a_capture_at_twenty():
    state = two_player(SHARED_HEARTS).play_all("4H 7H 3H")
    assert state.table_sum == 14
    state = state.play("6H")  # 4 + 7 + 3 + 6 = 20
    assert state.table == ()
    assert texts(state.discard) == ["4H", "7H", "3H", "6H"]
    assert state.current_player == 1
    assert "the table makes 20" in state.last_events[0].text


def test_a_capture_at_thirty():
    state = two_player(SHARED_HEARTS).play_all("4H 8H 3H 7H 2H")  # 4 12 15 22 24
    assert state.table_sum == 24 and state.current_player == 1
    state = state.play("6H")  # 30
    assert state.table == () and len(state.discard) == 6
    assert state.current_player == 1
    assert "the table makes 30, seat 1 collects 6 cards" in state.last_events[0].text


def test_no_capture_below_or_between_multiples_of_ten():
    state = two_player(SHARED_HEARTS).play_all("4H 9H")  # 13
    assert texts(state.table) == ["4H", "9H"] and state.discard == ()


def test_after_a_capture_the_capturer_leads_any_card_of_any_suit():
    state = two_player(SHARED_HEARTS).play_all("2H 8H")
    expected = texts(sorted(set(state.hand(1)), key=sort_key))
    assert texts(state.legal_moves()) == expected
    assert {move.card.suit for move in state.legal_moves()} == {"H", "S", "D"}
    after = state.play("3S")  # a new suit is led
    assert after.led_suit == "S" and texts(after.table) == ["3S"]
    assert after.current_player == 1  # seat 0 holds no spade and is skipped


def test_a_capture_when_the_player_was_the_only_one_holding_the_suit():
    state = two_player(RED_BLACK).play_all("AH 2H 3H")
    assert state.current_player == 0 and state.table_sum == 6
    state = state.play("4H")  # 10
    assert state.table == () and state.current_player == 0
    assert texts(state.discard) == ["AH", "2H", "3H", "4H"]


# --------------------------------------------------------------------------- 1.7 end

GOING_OUT_WITH_A_CAPTURE = "AH 2H 3H 4H 6H 7H 8H 9H AC 2C 3C 4C 6C 7C 8C 9C"


def test_going_out_with_a_capturing_card_wins_and_the_table_is_collected():
    state = two_player(RED_BLACK).play_all(GOING_OUT_WITH_A_CAPTURE[:-3])
    assert texts(state.table) == ["6C", "7C", "8C"] and texts(state.hand(0)) == ["9C"]
    final = state.play("9C")  # 6 + 7 + 8 + 9 = 30: captures with the last card
    assert final.is_over and final.winner == 0 and final.current_player is None
    assert final.table == () and final.table_sum == 0
    assert len(final.discard) == 16
    (win,) = final.last_events
    assert win.kind == "win" and win.seat == 0
    assert "the table makes 30" in win.text and "seat 0 wins the hand" in win.text


def test_going_out_without_a_capture_wins_and_the_table_stays():
    hands = [f"{HEARTS} AC 2C 3C 4C 6C 7C 8C 9D", f"AD 2D 3D 4D 6D 7D 8D 9C {SPADES}"]
    state = two_player(hands).play_all("AH 2H 3H 4H 6H 7H 8H 9H 2C")
    assert texts(state.legal_moves()) == ["9C"]  # seat 1's only club
    state = state.play_all("9C AC 3C 4C 6C 7C 8C")  # clubs reach 40 and are collected
    assert state.current_player == 0 and texts(state.hand(0)) == ["9D"]
    final = state.play("9D")
    assert final.is_over and final.winner == 0
    assert texts(final.table) == ["9D"] and final.table_sum == 9
    assert len(final.hand(1)) == 15
    assert final.last_events[0].text == "Seat 0 leads 9D, their last card: seat 0 wins the hand."


def test_a_hand_has_one_winner_and_no_points():
    final = two_player(RED_BLACK).play_all(GOING_OUT_WITH_A_CAPTURE)
    assert final.scores == (1, 0)
    assert final.legal_moves() == ()


def test_the_hand_ends_at_once_even_with_other_cards_still_held():
    final = two_player(RED_BLACK).play_all(GOING_OUT_WITH_A_CAPTURE)
    assert len(final.hand(1)) == 16  # seat 1 never played, and never will
    with pytest.raises(cardlab.GameOverError):
        final.play("AD")


# --------------------------------------------------------------------------- 1.1 double deck


def test_two_copies_of_a_card_are_one_legal_move():
    game = mod_ten(4)  # auto: double deck, 18 cards each
    hands = hands_with(game, "7H 7H AC AC 2C 2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C")
    state = game.deal(dealer=3, hands=hands)
    moves = texts(state.legal_moves())
    assert moves.count("7H") == 1
    assert moves == ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "7H"]


def test_playing_one_copy_leaves_the_other_in_hand():
    game = mod_ten(4)
    hands = hands_with(game, "7H 7H AC AC 2C 2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C")
    state = game.deal(dealer=3, hands=hands).play("7H")
    assert texts(state.hand(0)).count("7H") == 1
    assert texts(state.table) == ["7H"]


def test_a_follower_holding_both_copies_has_one_move_for_them():
    game = mod_ten(2, deck="double")  # 36 cards each
    seat_1 = "3H 3H 4H 4H " + " ".join(f"{rank}S {rank}S" for rank in "A23456789")
    seat_1 += " AD AD 2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D 7D"
    rest = Counter(game.cards) - Counter(parse_cards(seat_1))
    hands = [sorted(rest.elements(), key=sort_key), parse_cards(seat_1)]
    state = game.deal(dealer=1, hands=hands).play("AH")
    assert state.current_player == 1
    assert texts(state.legal_moves()) == ["3H", "4H"]


def test_a_double_deck_deal_may_repeat_a_card_only_as_often_as_the_deck_holds_it():
    game = mod_ten(4)
    hands = hands_with(game, "7H 7H AC AC 2C 2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C")
    hands[1][0] = Card.parse("7H")  # a third 7H
    with pytest.raises(DealError, match="7H is dealt 3 times; the deck holds 2"):
        game.deal(dealer=3, hands=hands)


# --------------------------------------------------------------------------- 1.8 next hand


def test_the_seat_right_of_the_winner_deals_the_next_hand():
    final = two_player(RED_BLACK).play_all(GOING_OUT_WITH_A_CAPTURE)
    assert final.game.next_dealer(final) == 1


@pytest.mark.parametrize("players", [3, 5])
def test_the_winner_leads_the_next_hand_of_a_match(players):
    match = mod_ten(players, match_target=3).match(seed=21)
    rng = random.Random(21)
    while not match.is_over:
        match = match.play(rng.choice(match.state.legal_moves()))
    for before, after in zip(match.hands, match.hands[1:], strict=False):
        assert after.dealer == (before.winner - 1) % players
        assert after.start.current_player == before.winner


def test_a_match_is_one_hand_by_default():
    match = mod_ten(3).match(seed=2)
    rng = random.Random(2)
    while not match.is_over:
        match = match.play(rng.choice(match.state.legal_moves()))
    assert len(match.hands) == 1
    assert match.winner == match.hands[0].winner
    assert match.totals == match.hands[0].scores


@pytest.mark.parametrize(("players", "target", "seed"), [(2, 3, 1), (4, 2, 8), (6, 2, 5)])
def test_a_match_is_won_by_the_first_player_to_win_match_target_hands(players, target, seed):
    match = mod_ten(players, match_target=target).match(seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        match = match.play(rng.choice(match.state.legal_moves()))
    assert match.totals[match.winner] == target
    assert all(total < target for seat, total in enumerate(match.totals) if seat != match.winner)
    assert sum(match.totals) == len(match.hands)
    wins = Counter(hand.winner for hand in match.hands)
    assert tuple(wins[seat] for seat in range(players)) == match.totals
    assert match.hands[-1].winner == match.winner


def test_match_points_are_one_per_hand_won():
    final = two_player(RED_BLACK).play_all(GOING_OUT_WITH_A_CAPTURE)
    assert final.game.match_points(final) == (1, 0)


@pytest.mark.parametrize(("totals", "winner"), [((0, 2, 1), 1), ((1, 1, 0), None), ((2, 0, 0), 0)])
def test_match_winner_with_a_target_of_two(totals, winner):
    assert mod_ten(3, match_target=2).match_winner(totals) == winner


@pytest.mark.parametrize("target", [0, -1, True, 1.5, "2"])
def test_match_target_must_be_a_whole_number_of_hands(target):
    with pytest.raises(OptionError, match="match_target"):
        mod_ten(2, match_target=target)


# --------------------------------------------------------------------------- deals from cards


def test_a_deal_from_cards_keeps_the_given_hands():
    state = two_player(RED_BLACK, dealer=0)
    assert texts(state.hand(0)) == texts(sorted(parse_cards(RED_BLACK[0]), key=sort_key))
    assert state.dealer == 0 and state.current_player == 1


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([f"{HEARTS} {CLUBS}"], "1 hands given for 2 players"),
        (
            [f"{HEARTS} {CLUBS}", f"{DIAMONDS} AS 2S 3S 4S 6S 7S 8S"],
            "seat 1's hand holds 15 cards; it must hold 16",
        ),
        ([f"{HEARTS} {CLUBS}", f"{DIAMONDS} 2S 3S 4S 6S 7S 8S 9S 5H"], "5H is not in the Mod Ten"),
        ([f"{HEARTS} {CLUBS}", f"{DIAMONDS} 2S 2S 4S 6S 7S 8S 9S 3S"], "2S is dealt 2 times"),
        ([f"{HEARTS} {CLUBS}", f"{DIAMONDS} 2S 3S 4S 6S 7S 8S 9S XX"], "not a card"),
        ("AH 2H", "hands must be a list with one hand"),
    ],
)
def test_a_bad_deal_from_cards_is_refused_with_the_reason(hands, message):
    with pytest.raises(DealError, match=message):
        mod_ten(2).deal(dealer=0, hands=hands)


def test_the_ace_of_spades_is_refused_in_a_three_player_single_deck():
    hands = [
        "AS 2S 3S 4S 6S 7S 8S AC 2C 3C",
        "4C 6C 7C 8C 9C AD 2D 3D 4D 6D",
        "7D 8D 9D AH 2H 3H 4H 6H 7H 8H",
    ]
    with pytest.raises(
        DealError, match=r"AS is not in the Mod Ten deck \(single deck, 3 players\)"
    ):
        mod_ten(3).deal(dealer=0, hands=hands)


def test_a_deal_takes_hands_and_nothing_else():
    with pytest.raises(DealError, match="hands"):
        mod_ten(2).deal(dealer=0, hands=RED_BLACK, table=["AH"])
