"""Chinese Ten (docs/rules.md section 2): one test or more per numbered rule, on set positions dealt
from given cards, then properties over seeds and random legal play, golden deals, errors and
matches."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab import Card, DealError, GameOverError, IllegalMoveError, Move, OptionError
from cardlab.bots.heuristics import greedy_move
from cardlab.engine import notation
from cardlab.engine.cards import RANKS, full_deck, parse_cards, sort_key
from cardlab.engine.cardsets import (
    RANK_MASKS,
    card_set,
    cards_of_rank,
    moves_in,
    ranks_held_twice,
    size,
)
from cardlab.engine.cardsets import cards_in as listed
from cardlab.games.chinese_ten import (
    CAPTURED_BY,
    ONE_CARD,
    OTHER_RANKS,
    OWN_RANK,
    ChineseTenPosition,
    ChineseTenState,
    breakdown_text,
    capture_rank,
    capture_targets,
    card_points,
    cards_of,
    choice_moves,
    choosers_on,
    has_choice,
    par,
    pile_points,
    points_table,
    scheme,
    scheme_total,
    target_move,
    targets_on,
)

DECK = full_deck()
SCHEMES = ("red", "pagat", "black-frog")


def view_fields(view: object) -> dict[str, object]:
    """Every field of a view (views are dataclasses), by name."""
    import dataclasses

    assert dataclasses.is_dataclass(view)
    return {field.name: getattr(view, field.name) for field in dataclasses.fields(view)}


def in_order(cards):
    """Cards sorted in display order (cards have no < of their own)."""
    return sorted(cards, key=sort_key)


def game(players: int = 3, **options: object) -> cardlab.Game:
    return cardlab.game("chinese-ten", players=players, **options)


def position(
    hand: str,
    layout: str,
    stock: str = "",
    players: int = 3,
    dealer: int = 0,
    **options: object,
) -> ChineseTenState:
    """A deal from given cards: the first player's hand (left of the dealer) holds ``hand``, the
    layout is exactly ``layout`` and the stock starts with ``stock`` (top first). The other cards
    fill the hands, then the rest of the stock, in display order."""
    the_game = game(players, **options)
    named: list[list[Card]] = [[] for _ in range(players)]
    named[(dealer + 1) % players] = parse_cards(hand)
    table = parse_cards(layout)
    top = parse_cards(stock)
    used = {card for hand in named for card in hand} | set(table) | set(top)
    rest = [card for card in DECK if card not in used]
    for hand in named:
        while len(hand) < 24 // players:
            hand.append(rest.pop(0))
    return the_game.deal(dealer=dealer, hands=named, layout=table, stock=top + rest)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def where_is_every_card(state: ChineseTenState) -> list[Card]:
    """Every card in every place (hands, table, stock, won piles, a pending turned-up card)."""
    found = [card for hand in state.hands for card in hand]
    found += list(state.table) + list(state.stock)
    found += [card for pile in state.won for card in pile]
    if state.pending is not None:
        found.append(state.pending)
    return found


def play_randomly(state: ChineseTenState, rng: random.Random) -> list[ChineseTenState]:
    """Every state from ``state`` to the end of the hand, moves chosen by ``rng``."""
    states = [state]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def texts(state: ChineseTenState) -> list[str]:
    return [event.text for event in state.last_events]


# --------------------------------------------------------------------------- options


def test_default_options_are_three_players_red_scoring_target_1000() -> None:
    the_game = cardlab.game("chinese-ten")
    assert (the_game.players, the_game.scoring, the_game.target) == (3, "red", 1000)


@pytest.mark.parametrize("players", [1, 5, 0])
def test_a_player_count_that_does_not_exist_is_refused(players: int) -> None:
    with pytest.raises(OptionError, match="2 to 4 players"):
        game(players)


@pytest.mark.parametrize("players", ["3", True, 3.0])
def test_a_player_count_that_is_not_a_whole_number_is_refused(players: object) -> None:
    with pytest.raises(OptionError, match="players"):
        game(players)  # type: ignore[arg-type]


@pytest.mark.parametrize("scoring", ["blue", "Red", "black_frog", None])
def test_an_unknown_scoring_scheme_is_refused(scoring: object) -> None:
    with pytest.raises(OptionError, match="scoring must be one of red, pagat, black-frog"):
        game(scoring=scoring)


@pytest.mark.parametrize("target", [0, -5, "1000", 1.5, True])
def test_a_bad_target_is_refused(target: object) -> None:
    with pytest.raises(OptionError, match="target must be a whole number"):
        game(target=target)


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(OptionError, match="unknown option 'deck'"):
        cardlab.game("chinese-ten", deck="single")


# --------------------------------------------------------------------------- 2.1 deck and deal


@pytest.mark.parametrize(("players", "size"), [(2, 12), (3, 8), (4, 6)])
def test_2_1_each_player_gets_24_over_n_cards_4_to_the_layout_24_to_the_stock(
    players: int, size: int
) -> None:
    state = game(players).deal(seed=11)
    assert [len(state.hand(seat)) for seat in range(players)] == [size] * players
    assert len(state.table) == 4 and len(state.initial_layout) == 4
    assert len(state.stock) == 24
    assert in_order(where_is_every_card(state)) == in_order(DECK)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_2_1_the_deal_is_one_card_at_a_time_from_the_dealers_left_then_layout_then_stock(
    players: int,
) -> None:
    # The documented order: the shuffled deck's first 24 cards go round clockwise from the
    # dealer's left, the next 4 are the layout, the last 24 the stock (top first).
    seed = 5
    state = game(players).deal(seed=seed)
    rng = random.Random(seed)
    assert rng.randrange(players) == state.dealer  # core draws the first dealer first
    deck = list(DECK)
    rng.shuffle(deck)
    for index, card in enumerate(deck[:24]):
        assert card in state.hand((state.dealer + 1 + index) % players)
    assert in_order(state.table) == in_order(deck[24:28])
    assert state.stock == tuple(deck[28:])


GOLDEN = [
    (
        3,
        7,
        1,
        ["2D QD 8H TH AS 2S 6S 8S", "2C JC KC 5D 7D 3H 7S QS", "AC 9C QC 4D 9D TD JS KS"],
        "8C 8D 4H 5H",
        "6H 6D JH 4S 5S KH 3D 9S AH 2H 6C 3C AD 7H TS QH JD 7C 9H 5C 4C 3S KD TC",
    ),
    (
        2,
        42,
        0,
        ["4C TC 9D JD 5H 6H JH 2S 3S 7S TS JS", "5C JC QC 4D 7D 8D TD 3H 4H 8H AS 6S"],
        "AC QD KD 8S",
        "6D TH 8C AH KC KH 7H QS AD 4S KS 3C 2H QH 6C 9H 5S 7C 9C 2D 3D 5D 9S 2C",
    ),
    (
        4,
        "golden",
        1,
        [
            "AC 9C JC 6D KD 6S",
            "QH KH AS 3S 7S KS",
            "2C KC 9D TD 2H 9H",
            "3C 7C 2D 8H 8S JS",
        ],
        "8C AD 5H TH",
        "7H QD 4H 4D 4C 5C 8D 9S QS 7D 4S AH 3H 5S 3D TC JH QC JD 2S 6C 5D TS 6H",
    ),
]


@pytest.mark.parametrize(("players", "seed", "dealer", "hands", "layout", "stock"), GOLDEN)
def test_golden_deals_are_pinned(
    players: int, seed: object, dealer: int, hands: list[str], layout: str, stock: str
) -> None:
    state = game(players).deal(seed=seed)
    assert state.dealer == dealer
    assert [str(state.hand(seat)) for seat in range(players)] == hands
    assert state.table == cards(layout)
    assert state.stock == cards(stock)
    assert state.current_player == (dealer + 1) % players


def test_a_deal_from_given_cards_keeps_them_where_they_were_given() -> None:
    state = position("3H 9D", "7C 2D 4S JH", "QS KD", dealer=2)
    assert state.dealer == 2 and state.current_player == 0
    assert Card.parse("3H") in state.hand(0) and Card.parse("9D") in state.hand(0)
    assert state.table == cards("7C 2D JH 4S")  # the layout in display order
    assert state.stock[:2] == cards("QS KD")


@pytest.mark.parametrize(
    ("change", "phrase"),
    [
        (lambda d: d.update(hands=d["hands"][:2]), "2 hands given for 3 players"),
        (lambda d: d["hands"].__setitem__(0, d["hands"][0][:7]), "holds 7 cards; it must hold 8"),
        (lambda d: d.update(layout=d["layout"][:3]), "the layout holds 3 cards; it must hold 4"),
        (lambda d: d.update(stock=d["stock"][:23]), "the stock holds 23 cards; it must hold 24"),
        (
            lambda d: d.update(stock=d["stock"][:23] + [d["layout"][0]]),
            "is dealt twice: in the layout and in the stock",
        ),
        (lambda d: d.update(layout=["1X", "2C", "3C", "4C"]), "not a card"),
        (lambda d: d.pop("stock"), "missing: stock"),
        (lambda d: d.update(discard=[]), "unknown: discard"),
        (lambda d: d.update(hands="2C 3C"), "one hand .* per seat"),
    ],
)
def test_a_bad_deal_from_cards_is_refused_with_the_reason(change: object, phrase: str) -> None:
    deck = [card.text for card in DECK]
    deal = {"hands": [deck[0:8], deck[8:16], deck[16:24]], "layout": deck[24:28]}
    deal["stock"] = deck[28:]
    change(deal)  # type: ignore[operator]
    with pytest.raises(DealError, match=phrase):
        game().deal(dealer=0, **deal)


# --------------------------------------------------------------------------- 2.2 capture values


def makes_ten(mine: str, theirs: str) -> bool:
    """docs/rules.md 2.2 written out again: A..9 add up to 10; T J Q K take their own rank."""
    a, b = RANKS.index(mine) + 1, RANKS.index(theirs) + 1
    if a >= 10 or b >= 10:
        return mine == theirs
    return a + b == 10


@pytest.mark.parametrize("mine", RANKS)
@pytest.mark.parametrize("theirs", RANKS)
def test_2_2_a_card_captures_what_adds_up_to_ten_or_its_own_rank_from_ten_up(
    mine: str, theirs: str
) -> None:
    played = Card(mine, "C")
    target = Card(theirs, "D")
    # Three other layout cards that the played card cannot take, of three different ranks.
    fillers = [
        Card(rank, "H")
        for rank in RANKS
        if not makes_ten(mine, rank) and rank != theirs and rank != mine
    ][:3]
    layout = " ".join(card.text for card in [target, *fillers])
    # A stock top card that takes nothing, so the played card's fate stays in sight.
    used = {played, target, *fillers}
    ranks = {card.rank for card in used}
    top = next(
        card
        for card in DECK
        if card not in used and not any(makes_ten(card.rank, rank) for rank in ranks)
    )
    state = position(played.text, layout, top.text, players=3)
    after = state.play(played.text)
    first = after.last_events[0]
    if makes_ten(mine, theirs):
        assert first.kind == "capture" and first.cards == (played, target)
        assert after.won[1][:2] == (played, target)
    else:
        assert first.kind == "play" and first.cards == (played,)
        assert played in after.table


def test_2_2_suits_do_not_matter_for_capturing() -> None:
    state = position("3H", "7S 2D 4S JH", "QS")
    assert state.play("3H").won[1] == cards("3H 7S")


# --------------------------------------------------------------------------- 2.3 a turn


def test_2_3_the_player_left_of_the_dealer_starts_and_turns_go_clockwise() -> None:
    state = game(4).deal(seed=3, dealer=2)
    seats = [state.current_player]
    while len(seats) < 6:
        state = state.play(state.legal_moves()[0])
        if state.pending is None:
            seats.append(state.current_player)
    assert seats == [3, 0, 1, 2, 3, 0]


def test_2_3_1_any_hand_card_may_be_played() -> None:
    state = position("3H 9D KS", "7C 7S 2D JH", "QS")
    played = {move.card for move in state.legal_moves()}
    assert played == set(state.hand(1))


def test_2_3_1_a_card_with_one_target_captures_it_as_a_plain_move() -> None:
    state = position("3H", "7C 2D 4S JH", "QS")
    assert notation.read("3H") in state.legal_moves()
    assert notation.read("3H>7C") not in state.legal_moves()
    after = state.play("3H")
    assert after.won[1] == cards("3H 7C")
    assert Card.parse("7C") not in after.table
    assert texts(after)[0] == "Seat 1 plays 3H and captures 7C."
    assert after.current_player == 2


def test_2_3_1_a_card_that_can_capture_must_capture() -> None:
    state = position("3H", "7C 2D 4S JH", "QS")
    moves_of_3h = [move for move in state.legal_moves() if move.card == Card.parse("3H")]
    assert moves_of_3h == [notation.read("3H")]
    assert Card.parse("3H") not in state.play("3H").table


def test_2_3_1_with_two_targets_the_player_chooses_one_and_only_one() -> None:
    state = position("3H", "7C 7S 2D JH", "QS")
    moves_of_3h = [move for move in state.legal_moves() if move.card == Card.parse("3H")]
    assert moves_of_3h == [notation.read("3H>7C"), notation.read("3H>7S")]
    take_clubs = state.play("3H>7C")
    assert take_clubs.won[1] == cards("3H 7C")
    assert Card.parse("7S") in take_clubs.table
    assert texts(take_clubs)[0] == "Seat 1 plays 3H and captures 7C."
    take_spades = state.play("3H>7S")
    assert take_spades.won[1] == cards("3H 7S")
    assert Card.parse("7C") in take_spades.table


def test_2_3_1_a_card_that_captures_nothing_stays_on_the_table() -> None:
    state = position("9D", "7C 2D 4S JH", "QS")
    after = state.play("9D")
    assert Card.parse("9D") in after.table
    assert after.won[1] == ()
    assert texts(after)[0] == "Seat 1 plays 9D; it captures nothing and stays on the table."


def test_2_3_1_four_of_a_rank_outside_5_t_j_q_k_are_taken_one_at_a_time() -> None:
    state = position("7H", "3C 3D 3H 3S", "QS")
    assert state.triple is None and state.won == ((), (), ())
    moves_of_7h = [str(move) for move in state.legal_moves() if move.card == Card.parse("7H")]
    assert moves_of_7h == ["7H>3C", "7H>3D", "7H>3H", "7H>3S"]
    after = state.play("7H>3D")
    assert after.won[1] == cards("7H 3D")
    assert in_order(after.table) == in_order(cards("3C 3H 3S QS"))


def test_2_3_2_the_stock_card_is_turned_up_after_every_play_and_can_stay() -> None:
    state = position("9D", "7C 2D 4S JH", "QS")
    after = state.play("9D")
    assert after.stock == state.stock[1:]
    assert Card.parse("QS") in after.table
    assert texts(after)[1] == (
        "Seat 1 turns up QS from the stock; it captures nothing and stays on the table."
    )


def test_2_3_2_the_stock_card_captures_for_the_player() -> None:
    state = position("9D", "7C 2D 4S JH", "3S")
    after = state.play("9D")
    assert after.won[1] == cards("3S 7C")
    assert texts(after)[1] == "Seat 1 turns up 3S from the stock and captures 7C."
    assert after.current_player == 2 and after.pending is None


def test_2_3_2_the_stock_card_can_capture_the_card_just_played() -> None:
    state = position("3H", "2D 4S JH QC", "7S")
    after = state.play("3H")
    assert texts(after) == [
        "Seat 1 plays 3H; it captures nothing and stays on the table.",
        "Seat 1 turns up 7S from the stock and captures 3H.",
    ]
    assert after.won[1] == cards("7S 3H")
    assert in_order(after.table) == in_order(cards("2D 4S JH QC"))


def test_2_3_2_a_stock_card_with_two_targets_is_a_second_decision_of_the_same_player() -> None:
    state = position("9D", "3C 3D JH QC", "7S")
    middle = state.play("9D")
    assert middle.current_player == 1
    assert middle.pending == Card.parse("7S")
    assert middle.legal_moves() == (notation.read("7S>3C"), notation.read("7S>3D"))
    assert texts(middle)[1] == (
        "Seat 1 turns up 7S from the stock: it can capture 3C or 3D, seat 1 chooses."
    )
    assert len(middle.stock) == 23
    after = middle.play("7S>3D")
    assert after.won[1] == cards("7S 3D")
    assert Card.parse("3C") in after.table
    assert after.pending is None and after.current_player == 2
    assert texts(after) == ["Seat 1 chooses: the turned-up 7S captures 3D."]
    other = middle.play("7S>3C")
    assert other.won[1] == cards("7S 3C")


def test_2_3_a_turn_can_hold_two_choices_one_for_each_card() -> None:
    state = position("7H", "3C 3D 9C 9S", "AH")
    middle = state.play("7H>3C")
    assert middle.pending == Card.parse("AH")
    assert middle.legal_moves() == (notation.read("AH>9C"), notation.read("AH>9S"))
    after = middle.play("AH>9S")
    assert after.won[1] == cards("7H 3C AH 9S")
    assert in_order(after.table) == in_order(cards("3D 9C"))
    assert after.current_player == 2


# --------------------------------------------------------------------------- 2.4 layout rules


def test_2_4_the_fourth_card_of_a_layout_triple_played_captures_all_three() -> None:
    state = position("KH", "KC KD KS 4H", "QS")
    assert state.triple == "K"
    assert notation.read("KH") in state.legal_moves()
    assert not [move for move in state.legal_moves() if move.target is not None]
    after = state.play("KH")
    assert in_order(after.won[1]) == in_order(cards("KH KC KD KS"))
    assert after.table == cards("4H QS")
    assert after.triple is None
    assert texts(after)[0] == (
        "Seat 1 plays KH and captures the three kings of the layout: KC, KD and KS."
    )


def test_2_4_the_fourth_card_of_a_layout_triple_turned_up_captures_all_three() -> None:
    state = position("2S", "QC QD QH 4H", "QS")
    after = state.play("2S")
    assert after.won[1] == cards("QS QC QD QH")
    assert in_order(after.table) == in_order(cards("4H 2S"))
    assert after.triple is None and after.pending is None
    assert texts(after)[1] == (
        "Seat 1 turns up QS from the stock and captures the three queens of the layout: "
        "QC, QD and QH."
    )


def test_2_4_the_triple_rule_overrides_five_takes_five() -> None:
    state = position("5H", "5C 5D 5S 4H", "QS")
    assert state.triple == "5"
    fives = [move for move in state.legal_moves() if move.card == Card.parse("5H")]
    assert fives == [notation.read("5H")]
    after = state.play("5H")
    assert in_order(after.won[1]) == in_order(cards("5H 5C 5D 5S"))


def test_2_4_two_of_a_special_rank_in_the_layout_are_no_triple() -> None:
    state = position("KH", "KC KD 4H 2S", "QS")
    assert state.triple is None
    kings = [str(move) for move in state.legal_moves() if move.card == Card.parse("KH")]
    assert kings == ["KH>KC", "KH>KD"]


def test_2_4_four_of_a_kind_in_the_layout_go_to_the_dealer_before_play() -> None:
    state = position("", "TC TD TH TS", dealer=2)
    assert state.won == ((), (), cards("TC TD TH TS"))
    assert state.table == ()
    assert state.triple is None
    assert state.current_player == 0
    assert state.scores == (0, 0, 20)  # red: TD and TH, 10 each
    assert [event.text for event in state.events][1] == (
        "The dealer, seat 2, captures the four tens of the layout."
    )
    after = state.play(state.legal_moves()[0])
    assert after.last_events[0].kind == "play"  # nothing to capture on an empty table
    assert after.won[2] == cards("TC TD TH TS")


def test_2_4_four_of_a_non_special_rank_in_the_layout_stay_on_the_table() -> None:
    state = position("", "4C 4D 4H 4S")
    assert state.won == ((), (), ()) and len(state.table) == 4


# --------------------------------------------------------------------------- 2.5 end


@pytest.mark.parametrize("players", [2, 3, 4])
def test_2_5_the_hand_ends_after_24_over_n_turns_each(players: int) -> None:
    state = game(players).deal(seed=21)
    turns = [0] * players
    while not state.is_over:
        if state.pending is None:
            turns[state.current_player] += 1
        state = state.play(state.legal_moves()[-1])
    assert turns == [24 // players] * players
    assert state.hands == ((),) * players and state.stock == ()


def test_2_5_the_last_turn_empties_the_table_and_ends_the_hand() -> None:
    state = game(3).deal(seed=8)
    while not (len(state.stock) == 1 and state.pending is None):
        state = state.play(state.legal_moves()[0])
    sizes = [len(state.hand(seat)) for seat in range(3)]
    assert sizes[state.current_player] == 1 and sum(sizes) == 1
    last = state.play(state.legal_moves()[0])
    while not last.is_over:  # the last stock card may still ask for a choice
        last = last.play(last.legal_moves()[0])
    assert last.table == ()
    assert sum(len(pile) for pile in last.won) == 52
    assert last.current_player is None and last.legal_moves() == ()
    assert last.last_events[-1].kind == "end"
    assert last.last_events[-1].text.startswith("The hand is over. Scores: seat 0 ")


def test_2_5_no_move_is_accepted_after_the_end() -> None:
    state = play_randomly(game(2).deal(seed=4), random.Random(1))[-1]
    with pytest.raises(GameOverError, match="the hand is over"):
        state.play(Move(Card.parse("2C")))
    assert state.why_not("2C") == "the hand is over: no more moves can be made"


# --------------------------------------------------------------------------- 2.6 scoring


def independent_points(card: Card, scoring: str, players: int) -> int:
    """docs/rules.md 2.6 written out again, rank by rank, for checking ``card_points``."""
    red = card.suit in "DH"
    if scoring == "black-frog":
        if red:
            return 0
        return {"A": 50 if card.suit == "S" else 0, "T": 10, "J": 10, "Q": 10, "K": 10}.get(
            card.rank, RANKS.index(card.rank) + 1
        )
    if card.text == "AS":
        return 0 if (scoring == "pagat" and players == 2) else 30
    if card.text == "AC":
        return 40 if (scoring == "pagat" and players == 4) else 0
    if not red:
        return 0
    return {"A": 20, "9": 10, "T": 10, "J": 10, "Q": 10, "K": 10}.get(
        card.rank, RANKS.index(card.rank) + 1
    )


@pytest.mark.parametrize("scoring", SCHEMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_2_6_every_card_scores_as_its_scheme_says(scoring: str, players: int) -> None:
    points = game(players, scoring=scoring).points
    for card in DECK:
        assert card_points(card, scoring, players) == independent_points(card, scoring, players)
        assert points[card] == independent_points(card, scoring, players)
    assert sum(points.values()) == scheme_total(scoring, players)


@pytest.mark.parametrize(
    ("scoring", "players", "total"),
    [
        ("red", 2, 240),
        ("red", 3, 240),
        ("red", 4, 240),
        ("pagat", 2, 210),
        ("pagat", 3, 240),
        ("pagat", 4, 280),
        ("black-frog", 2, 218),
        ("black-frog", 3, 218),
        ("black-frog", 4, 218),
    ],
)
def test_2_6_scheme_totals(scoring: str, players: int, total: int) -> None:
    assert scheme_total(scoring, players) == total
    assert game(players, scoring=scoring).total == total
    assert par(scoring, players) == total / players


@pytest.mark.parametrize(
    ("text", "scoring", "players", "points"),
    [
        ("7H", "red", 3, 7),
        ("9D", "red", 3, 10),
        ("AH", "red", 3, 20),
        ("AS", "red", 2, 30),
        ("7S", "red", 3, 0),
        ("AC", "red", 4, 0),
        ("AS", "pagat", 2, 0),
        ("AS", "pagat", 3, 30),
        ("AC", "pagat", 4, 40),
        ("AC", "pagat", 3, 0),
        ("9C", "black-frog", 3, 9),
        ("KS", "black-frog", 3, 10),
        ("AS", "black-frog", 2, 50),
        ("AC", "black-frog", 4, 0),
        ("KH", "black-frog", 3, 0),
    ],
)
def test_2_6_card_values_spot_checks(text: str, scoring: str, players: int, points: int) -> None:
    assert card_points(text, scoring, players) == points


def test_2_6_card_points_refuses_an_unknown_scheme_or_player_count() -> None:
    with pytest.raises(OptionError, match="scoring must be one of"):
        card_points("AS", "green", 3)
    with pytest.raises(OptionError, match="2 to 4 players"):
        scheme_total("red", 5)


def test_2_6_scores_breakdown_and_par_come_from_the_won_piles() -> None:
    state = position("3H", "7D 2C 4S JC", "QS")
    after = state.play("3H")
    assert after.scores == (0, 10, 0)
    assert after.score_breakdown(1) == [(Card.parse("7D"), 7), (Card.parse("3H"), 3)]
    assert after.score_text(1) == "7D: 7, 3H: 3"
    assert after.score_text(0) == "nothing"
    assert breakdown_text([(Card.parse("QD"), 10), (Card.parse("AS"), 30)]) == "QD: 10, AS: 30"
    assert after.par == 80
    frog = position("3H", "7D 2C 4S JC", "QS", scoring="black-frog").play("3H")
    assert frog.scores == (0, 0, 0)
    assert frog.par == pytest.approx(218 / 3)


def test_2_6_the_winner_of_a_hand_has_the_highest_score() -> None:
    state = play_randomly(game(3).deal(seed=2), random.Random(2))[-1]
    best = max(state.scores)
    assert state.scores.count(best) == 1
    assert state.winner == state.scores.index(best)
    assert f"seat {state.winner} wins" in state.last_events[-1].text


def test_2_6_a_tie_for_the_highest_hand_score_has_no_winner() -> None:
    the_game = game(4)
    for seed in range(400):
        state = play_randomly(the_game.deal(seed=seed), random.Random(seed))[-1]
        if state.scores.count(max(state.scores)) > 1:
            break
    else:
        pytest.fail("no hand tied for the highest score in 400 seeds: search further")
    assert state.winner is None
    assert "a tie for the highest score" in state.last_events[-1].text


# --------------------------------------------------------------------------- 2.7 match


def test_2_7_match_winner_waits_for_the_target() -> None:
    the_game = game(3, target=1000)
    assert the_game.match_winner([999, 400, 0]) is None
    assert the_game.match_winner([1000, 400, 0]) == 0


def test_2_7_the_highest_total_wins_once_someone_reaches_the_target() -> None:
    the_game = game(3, target=1000)
    assert the_game.match_winner([1010, 1200, 300]) == 1
    assert the_game.match_winner([1010, 990, 300]) == 0


def test_2_7_a_tie_for_the_highest_total_plays_another_hand() -> None:
    the_game = game(3, target=1000)
    assert the_game.match_winner([1100, 1100, 300]) is None
    assert the_game.match_winner([1100, 1050, 1050]) == 0


def test_2_7_a_seeded_match_adds_hands_rotates_the_dealer_and_stops_at_the_target() -> None:
    the_game = game(3, target=300)
    match = the_game.match(seed=12)
    rng = random.Random(12)
    while not match.is_over:
        match = match.play(rng.choice(match.state.legal_moves()))
    hands = match.hands
    assert len(hands) >= 2
    totals = [sum(hand.scores[seat] for hand in hands) for seat in range(3)]
    assert list(match.totals) == totals
    for before, after in zip(hands, hands[1:], strict=False):
        assert after.dealer == (before.dealer + 1) % 3
    assert max(totals) >= 300 and totals.count(max(totals)) == 1
    assert match.winner == totals.index(max(totals))
    earlier = [sum(hand.scores[seat] for hand in hands[:-1]) for seat in range(3)]
    assert the_game.match_winner(earlier) is None  # the match went on until the last hand
    assert cardlab.replay(match.record()).totals == match.totals


# --------------------------------------------------------------------------- errors


def assert_refused(state: ChineseTenState, move: str, phrase: str) -> None:
    before = (state.move_number, state.legal_moves(), state.hands, state.table, state.won)
    with pytest.raises(IllegalMoveError, match=phrase):
        state.play(move)
    assert state.why_not(move) is not None and re.search(phrase, state.why_not(move))
    assert (state.move_number, state.legal_moves(), state.hands, state.table, state.won) == before


def test_a_target_the_card_cannot_capture_is_refused() -> None:
    state = position("3H", "7C 9S 2D JH", "QS")
    assert_refused(state, "3H>9S", r"3H cannot capture 9S: it takes a seven \(3 \+ 7 = 10\)")


def test_a_target_that_is_not_on_the_table_is_refused() -> None:
    state = position("3H", "7C 7S 2D JH", "QS")
    assert_refused(state, "3H>7D", "7D is not on the table: choose 3H>7C or 3H>7S")


def test_a_missing_target_where_there_is_a_choice_is_refused() -> None:
    state = position("3H", "7C 7S 2D JH", "QS")
    assert_refused(state, "3H", "3H can capture 7C or 7S: say which, e.g. 3H>7C")


def test_a_target_given_where_nothing_can_be_captured_is_refused() -> None:
    state = position("9D", "7C 2D 4S JH", "QS")
    assert_refused(state, "9D>7C", "9D can capture nothing here .*play it as 9D")


def test_a_target_given_where_there_is_only_one_is_refused() -> None:
    state = position("3H", "7C 2D 4S JH", "QS")
    assert_refused(state, "3H>7C", "3H can capture only 7C, so there is no choice to make")


def test_a_target_given_to_the_fourth_card_of_a_triple_is_refused() -> None:
    state = position("KH", "KC KD KS 4H", "QS")
    assert_refused(state, "KH>KC", "captures all three kings of the layout")


def test_a_court_card_takes_only_its_own_rank() -> None:
    state = position("KH", "QC KD 4S 2H", "7S")
    assert_refused(state, "KH>QC", "KH cannot capture QC: it takes only another king")


def test_a_card_not_in_the_hand_is_refused() -> None:
    state = position("3H", "7C 2D 4S JH", "QS")
    assert_refused(state, "7C", "7C is on the table, not in seat 1's hand")
    other = state.hand(2)[0].text
    assert_refused(state, other, f"{other} is not in seat 1's hand")


def test_a_declaration_is_refused() -> None:
    state = position("3H", "7C 2D 4S JH", "QS")
    assert_refused(state, "3H=S", "nothing to declare")


def test_the_pending_choice_must_be_made_before_anything_else() -> None:
    middle = position("9D", "3C 3D JH QC", "7S").play("9D")
    hand_card = middle.hand(1)[0].text
    assert_refused(middle, hand_card, "must first choose what it captures")
    assert_refused(middle, "7S", "7S can capture 3C or 3D: say which")
    assert_refused(middle, "7S>JH", "7S cannot capture JH")


def test_moves_round_trip_through_their_text() -> None:
    middle = position("7H", "3C 3D 9C 9S", "AH")
    for state in (middle, middle.play("7H>3C")):
        for move in state.legal_moves():
            assert notation.read(str(move)) == move
            assert state.play(str(move)) == state.play(move)


# --------------------------------------------------------------------------- views and layout


def test_a_view_shows_the_public_facts_and_hides_the_rest() -> None:
    state = position("9D", "3C 3D JH QC", "7S").play("9D")
    view = state.view(2)
    assert view.hand == state.hand(2)
    assert view.table == state.table and view.won == state.won
    assert view.stock_size == 23 and view.pending == Card.parse("7S")
    assert view.hand_sizes == (8, 7, 8)
    assert view.legal_moves() == ()
    assert state.view(1).legal_moves() == state.legal_moves()
    assert not hasattr(view, "stock") and not hasattr(view, "hands")


def test_a_determinized_view_keeps_the_pending_choice() -> None:
    state = position("9D", "3C 3D JH QC", "7S").play("9D")
    sample = state.view(0).determinize(random.Random(3))
    assert sample.pending == Card.parse("7S")
    assert sample.current_player == 1
    assert sample.legal_moves() == state.legal_moves()
    assert in_order(where_is_every_card(sample)) == in_order(DECK)


def test_layout_rows_picture_hands_table_turned_up_card_stock_and_won_piles() -> None:
    state = position("9D", "3C 3D JH QC", "7S").play("9D")
    rows = state.layout(show=[1])
    labels = [row.label for row in rows]
    assert labels == [
        "Seat 0",
        "Seat 1",
        "Seat 2",
        "Table",
        "Turned up",
        "Stock",
        "Seat 0 won",
        "Seat 1 won",
        "Seat 2 won",
    ]
    seat0, seat1 = rows[0], rows[1]
    assert seat0.cards == () and seat0.face_down == 8 and "dealer" in seat0.note
    assert seat1.cards == state.hand(1) and seat1.face_down == 0
    assert "to move" in seat1.note and seat1.highlight
    assert rows[4].cards == (Card.parse("7S"),) and "3C or 3D" in rows[4].note
    assert rows[5].face_down == 23
    done = state.play("7S>3C")
    won_row = next(row for row in done.layout() if row.label == "Seat 1 won")
    assert won_row.cards == cards("7S 3C") and won_row.note == "0 points: nothing"
    assert "Turned up" not in [row.label for row in done.layout()]


@pytest.mark.parametrize(
    ("layout", "card", "fourth"), [("KC KD KS 4H", "KH", "king"), ("5C 5D 5S 4H", "5H", "five")]
)
def test_the_table_row_tells_of_a_layout_triple_until_the_fourth_card_takes_it(
    layout: str, card: str, fourth: str
) -> None:
    # RULES 2.4: the fourth card of a rank the layout holds three of captures all three.
    state = position(f"{card} 2S", layout, "QS")
    note = f"4 cards; the fourth {fourth} captures the three on the table"
    for rows in (state.layout(), state.view(0).layout()):
        assert next(row for row in rows if row.label == "Table").note == note
    after = state.play(card)
    assert after.triple is None
    table = next(row for row in after.layout() if row.label == "Table")
    assert table.note == f"{len(after.table)} cards" and "fourth" not in table.note


def test_a_view_pictures_what_its_seat_sees() -> None:
    state = position("9D", "3C 3D JH QC", "7S").play("9D")
    for seat in range(3):
        assert state.view(seat).layout() == state.layout(show=[seat])
    html = state.view(1)._repr_html_()
    assert "Turned up" in html and "7♠" in html
    assert "Turned up" in state._repr_html_()


def test_the_deal_and_the_dealers_four_are_narrated() -> None:
    state = position("", "KC KD KH KS")
    assert [event.text for event in state.events] == [
        "Seat 0 deals 8 cards to each player and KC KD KH KS face up to the table; "
        "the other 24 cards are the stock. Seat 1 plays first.",
        "The dealer, seat 0, captures the four kings of the layout.",
    ]


# --------------------------------------------------------------------------- agents' hooks


def test_greedy_takes_the_capture_worth_most_points() -> None:
    # Red scoring: 3H takes 7D (3 + 7 points) or 7C (3); JC and QC take 0; the rest nothing.
    state = position("3H 8D 2C 4C 5C 6C JC QC", "7C 7D JS QS", "2S")
    view = state.view(1)
    assert greedy_move(view, random.Random(0)) == notation.read("3H>7D")


def test_greedy_leaves_the_cheapest_card_when_nothing_can_be_captured() -> None:
    # None of these cards captures; 7S is the only one worth 0 points in red.
    state = position("9H 7S 8D 2D 4D 5H 6H KD", "TC TS JS QS", "2C")
    assert all(not state.targets(move.card) for move in state.legal_moves())
    assert greedy_move(state.view(1), random.Random(0)) == notation.read("7S")


def test_greedy_chooses_the_richer_target_for_a_turned_up_card() -> None:
    middle = position("9D", "3C 3D JH QC", "7S").play("9D")
    assert greedy_move(middle.view(1), random.Random(0)) == notation.read("7S>3D")


def test_stats_count_captures_and_choices() -> None:
    state = position("7H", "3C 3D 9C 9S", "AH").play_all("7H>3C AH>9S")
    assert dict(state.stats()) == {"captures": 2, "choices": 2}
    assert state.outcome().moves == 2


# --------------------------------------------------------------------------- properties

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.sampled_from([2, 3, 4])
schemes = st.sampled_from(SCHEMES)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=player_counts, play_seed=seeds)
def test_every_card_is_in_exactly_one_place_at_every_step(
    seed: int, players: int, play_seed: int
) -> None:
    for state in play_randomly(game(players).deal(seed=seed), random.Random(play_seed)):
        everywhere = where_is_every_card(state)
        assert len(everywhere) == 52 and set(everywhere) == set(DECK)
        if state.pending is not None:
            assert len(state.legal_moves()) >= 2


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=player_counts, scoring=schemes, play_seed=seeds)
def test_at_the_end_all_52_cards_are_won_and_scores_add_up_to_the_total(
    seed: int, players: int, scoring: str, play_seed: int
) -> None:
    the_game = game(players, scoring=scoring)
    final = play_randomly(the_game.deal(seed=seed), random.Random(play_seed))[-1]
    assert final.table == () and final.stock == () and final.pending is None
    assert all(not hand for hand in final.hands)
    assert in_order(card for pile in final.won for card in pile) == in_order(DECK)
    assert sum(final.scores) == scheme_total(scoring, players)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=player_counts, play_seed=seeds, stop=st.floats(0, 1))
def test_a_record_replays_to_an_equal_state(
    seed: int, players: int, play_seed: int, stop: float
) -> None:
    states = play_randomly(game(players).deal(seed=seed), random.Random(play_seed))
    state = states[int(stop * (len(states) - 1))]
    again = cardlab.replay(state.record())
    assert again == state
    assert again.events == state.events


def test_a_record_of_a_deal_from_cards_replays() -> None:
    state = position("7H", "3C 3D 9C 9S", "AH").play_all("7H>3C AH>9S")
    assert cardlab.replay(state.record()) == state


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=player_counts)
def test_the_same_seed_deals_the_same_cards(seed: int, players: int) -> None:
    first, second = game(players).deal(seed=seed), game(players).deal(seed=seed)
    assert first == second
    assert (first.hands, first.table, first.stock) == (second.hands, second.table, second.stock)


def reference_targets(card: Card, table: frozenset[Card]) -> set[Card]:
    """The table cards that ``card`` could take, by rule 2.2 alone."""
    return {other for other in table if makes_ten(card.rank, other.rank)}


def reference_legal(state: ChineseTenState) -> set[Move]:
    """The legal moves by rules 2.3 and 2.4, read from the public fields alone."""
    table = frozenset(state.table)
    if state.pending is not None:
        targets = reference_targets(state.pending, table)
        return {notation.make(state.pending, (other,)) for other in targets}
    moves = set()
    for card in state.hand(state.current_player):
        targets = reference_targets(card, table)
        if len(targets) >= 2 and card.rank != state.triple:
            moves |= {notation.make(card, (other,)) for other in targets}
        else:
            moves.add(Move(card))
    return moves


def reference_play(state: ChineseTenState, move: Move) -> dict[str, object]:
    """What ``move`` does by rules 2.3 and 2.4: the table and won piles as sets, the stock, the
    pending card, the layout triple and the seat to move."""
    seat = state.current_player
    table = set(state.table)
    won = [set(pile) for pile in state.won]
    stock = state.stock
    triple = state.triple
    pending = None

    def arrive(card: Card, target: Card | None) -> bool:
        """The card meets the table; True if the player must choose its target."""
        nonlocal triple
        targets = reference_targets(card, frozenset(table))
        if card.rank == triple:  # the fourth card of the layout triple
            assert len(targets) == 3
            taken = targets
            triple = None
        elif target is not None:
            taken = {target}
        elif len(targets) >= 2:
            return True
        else:
            taken = targets
        if taken:
            table.difference_update(taken)
            won[seat] |= taken | {card}
        else:
            table.add(card)
        return False

    if state.pending is not None:
        arrive(state.pending, move.target)
    else:
        arrive(move.card, move.target)
        turned, stock = stock[0], stock[1:]
        if arrive(turned, None):
            pending = turned
    if pending is not None:
        following: int | None = seat
    elif stock:
        following = (seat + 1) % state.game.players
    else:
        following = None
    return {
        "table": table,
        "won": won,
        "stock": stock,
        "pending": pending,
        "triple": triple,
        "current_player": following,
    }


def check_against_reference(state: ChineseTenState, rng: random.Random) -> None:
    """Play ``state`` to the end at random, checking every position and move against the
    reference reading of the rules."""
    states = play_randomly(state, rng)
    for before, after in zip(states, states[1:], strict=False):
        assert set(before.legal_moves()) == reference_legal(before)
        assert len(before.legal_moves()) == len(set(before.legal_moves()))
        expected = reference_play(before, after.moves[-1])
        assert set(after.table) == expected["table"]
        assert [set(pile) for pile in after.won] == expected["won"]
        for name in ("stock", "pending", "triple", "current_player"):
            assert getattr(after, name) == expected[name], name


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=player_counts, play_seed=seeds)
def test_every_move_of_a_seeded_deal_agrees_with_a_reference_reading_of_the_rules(
    seed: int, players: int, play_seed: int
) -> None:
    check_against_reference(game(players).deal(seed=seed), random.Random(play_seed))


# Set positions for the special cases, which random deals reach rarely (a layout triple about
# once in 300 deals, four of a kind once in 50,000).
SPECIAL_DEALS = [
    ("KH", "KC KD KS 4H", "QS"),  # the fourth king in the first hand
    ("2S", "QC QD QH 4H", "QS"),  # the fourth queen on top of the stock
    ("9D", "5C 5D 5S 4H", "2S 3S 4S 6S 7S 8S 9S TS JS QS KS 5H"),  # the fourth five deep down
    ("", "TC TD TH TS", ""),  # four of a kind for the dealer
    ("7H", "3C 3D 9C 9S", "AH"),  # two choices in the first turn
]


@settings(max_examples=40, deadline=None)
@given(deal=st.sampled_from(SPECIAL_DEALS), players=player_counts, play_seed=seeds)
def test_every_move_from_a_special_layout_agrees_with_the_reference(
    deal: tuple[str, str, str], players: int, play_seed: int
) -> None:
    hand, layout, stock = deal
    state = position(hand, layout, stock, players=players)
    check_against_reference(state, random.Random(play_seed))


@settings(max_examples=60, deadline=None)
@given(
    seed=seeds,
    special=st.none() | st.sampled_from(SPECIAL_DEALS),
    players=player_counts,
    scoring=schemes,
    play_seed=seeds,
    stop=st.floats(0, 1),
    draws=seeds,
)
def test_the_fast_playout_makes_the_same_moves_and_outcome_as_random_play(
    seed: int,
    special: tuple[str, str, str] | None,
    players: int,
    scoring: str,
    play_seed: int,
    stop: float,
    draws: int,
) -> None:
    if special is None:
        start = game(players, scoring=scoring).deal(seed=seed)
    else:
        start = position(*special, players=players, scoring=scoring)
    states = play_randomly(start, random.Random(play_seed))
    state = states[int(stop * (len(states) - 1))]  # any point: a pending choice, the end ...
    trace: list[Move] = []
    outcome = state.game.playout(state, random.Random(draws), trace)
    final = play_randomly(state, random.Random(draws))[-1]
    assert trace == list(final.moves[state.move_number :])
    assert outcome == final.outcome()


def cards_in(value: object) -> set[Card]:
    """Every card object reachable in ``value`` (tuples, lists, dicts, events, moves)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, Move):
        return {value.card} | ({value.target} if value.target else set())
    if isinstance(value, str):
        return set()
    if isinstance(value, dict):
        return set().union(*(cards_in(item) for item in value.values()))
    if isinstance(value, tuple | list | set | frozenset):
        return set().union(*(cards_in(item) for item in value))
    return set()


CARD_WORD = re.compile(r"\b[A2-9TJQK][CDHS]\b")


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=player_counts, play_seed=seeds, stop=st.floats(0, 1))
def test_a_view_holds_no_card_of_another_hand_or_of_the_stock(
    seed: int, players: int, play_seed: int, stop: float
) -> None:
    states = play_randomly(game(players).deal(seed=seed), random.Random(play_seed))
    state = states[int(stop * (len(states) - 1))]
    for seat in range(players):
        view = state.view(seat)
        hidden = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
        hidden |= set(state.stock)
        shown = cards_in(view_fields(view))
        for event in view.events:
            shown |= set(event.cards) | set(map(Card.parse, CARD_WORD.findall(event.text)))
        assert not shown & hidden


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=player_counts, play_seed=seeds, stop=st.floats(0, 1), sample=seeds)
def test_a_determinized_view_agrees_with_everything_the_view_shows(
    seed: int, players: int, play_seed: int, stop: float, sample: int
) -> None:
    states = play_randomly(game(players).deal(seed=seed), random.Random(play_seed))
    state = states[int(stop * (len(states) - 1))]
    seat = random.Random(sample).randrange(players)
    view = state.view(seat)
    guess = view.determinize(sample)
    again = guess.view(seat)
    for name in ("hand", "hand_sizes", "table", "stock_size", "won", "pending", "triple"):
        assert getattr(again, name) == getattr(view, name), name
    for name in ("current_player", "dealer", "is_over", "scores", "winner", "initial_layout"):
        assert getattr(again, name) == getattr(view, name), name
    assert again.legal_moves() == view.legal_moves()
    assert again.layout() == view.layout()
    assert in_order(where_is_every_card(guess)) == in_order(DECK)
    if not guess.is_over:
        play_randomly(guess, random.Random(sample))  # the guess plays on to a legal end


# --------------------------------------------------------------------------- card sets (issue 17)
# The position keeps its hands, table and won piles as card sets, and derives things for speed
# (the cards each card captures, the cards that have a choice on the table, each hand's moves,
# the points of a pile, tables of taken cards and of choice moves). Each is checked here against
# the plain rule it stands for, on random positions.


def random_position(seed: int, players: int, scoring: str, stop: float) -> ChineseTenState:
    """A state somewhere in a hand dealt from ``seed`` (one time in four with a layout triple)
    and played at random."""
    if seed % 4 == 0:
        rank = "5TJQK"[seed // 4 % 5]
        layout = " ".join(f"{rank}{suit}" for suit in "CDH") + " 2S"
        start = position("", layout, players=players, scoring=scoring)
    else:
        start = game(players, scoring=scoring).deal(seed=seed)
    states = play_randomly(start, random.Random(seed))
    return states[int(stop * (len(states) - 1))]


def plain_legal_moves(state: ChineseTenState) -> list[Move]:
    """The legal moves worked out from rules 2.2-2.4 as written, on lists of cards."""
    table = list(state.table)

    def takes(card: Card) -> list[Card]:
        return in_order(other for other in table if other.rank == capture_rank(card))

    def choose(card: Card, targets: list[Card]) -> bool:
        return len(targets) >= 2 and card.rank != state.triple

    if state.pending is not None:
        return [target_move(state.pending, other) for other in takes(state.pending)]
    moves = []
    for card in state.hand(state.current_player):  # type: ignore[arg-type]
        targets = takes(card)
        if choose(card, targets):
            moves += [target_move(card, other) for other in targets]
        else:
            moves.append(Move(card))
    return moves


@settings(max_examples=150, deadline=None)
@given(seed=seeds, players=player_counts, scoring=schemes, stop=st.floats(0, 1))
def test_what_a_position_keeps_for_speed_equals_the_plain_rules(
    seed: int, players: int, scoring: str, stop: float
) -> None:
    state = random_position(seed, players, scoring, stop)
    position = state._position
    assert isinstance(position, ChineseTenPosition)
    # The sets are the cards of the places; the orders worked out from the moves hold them.
    assert position.table == card_set(state.table) and len(state.table) == size(position.table)
    for seat in range(players):
        assert position.won[seat] == card_set(state.won[seat])
        assert len(state.won[seat]) == size(position.won[seat])
        assert tuple(position.hand_moves[seat]) == moves_in(position.hands[seat])
    # The choosers, kept up to date move by move, are the cards that have a choice now.
    triple = position.triple
    assert triple == (
        cards_of_rank(position.table, RANKS.index(state.triple)) if state.triple else 0
    )
    assert position.choosers == choosers_on(position.table, triple)
    for card in DECK:
        targets = capture_targets(card, position.table)
        assert listed(targets) == in_order(t for t in state.table if t.rank == capture_rank(card))
        assert has_choice(targets, triple) == bool(position.choosers & ONE_CARD[card])
    if not state.is_over:
        assert list(state.legal_moves()) == plain_legal_moves(state)
    # Scores from the per-suit tables are the card points of rule 2.6, added.
    points = points_table(scoring, players)
    assert state.scores == tuple(sum(points[card] for card in pile) for pile in state.won)


def test_the_card_tables_follow_the_capture_rule() -> None:
    for card in DECK:
        wanted = card_set(other for other in DECK if other.rank == capture_rank(card))
        assert CAPTURED_BY[card] == wanted == RANK_MASKS[RANKS.index(capture_rank(card))]
        assert ONE_CARD[card] == 1 << card.order
        assert OWN_RANK[card] == card_set(other for other in DECK if other.rank == card.rank)
        assert OTHER_RANKS[card] == card_set(other for other in DECK if other.rank != card.rank)
        # Capturing is mutual: the cards that capture a card are those it captures.
        assert wanted == card_set(other for other in DECK if capture_rank(other) == card.rank)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, max_size=52), st.sampled_from(DECK))
def test_the_set_tables_equal_a_count_of_the_cards(cards: list[Card], card: Card) -> None:
    bits = card_set(cards)
    for rank in range(13):
        held = [other for other in in_order(cards) if other.number - 1 == rank]
        assert listed(cards_of_rank(bits, rank)) == held
        assert bool(ranks_held_twice(bits) >> rank & 1) == (len(held) >= 2)
    # The choosers of a table are the cards with a choice on it, by the plain rule.
    for triple in (0, cards_of_rank(bits, card.number - 1)):
        choosers = card_set(c for c in DECK if has_choice(capture_targets(c, bits), triple))
        if size(triple) == 3:
            assert choosers_on(bits, triple) == choosers
    assert choosers_on(bits, 0) == card_set(
        c for c in DECK if has_choice(capture_targets(c, bits), 0)
    )
    targets = capture_targets(card, bits & ~ONE_CARD[card])  # a card never takes itself
    assert cards_of(targets) == tuple(
        in_order(t for t in cards if t.rank == capture_rank(card) and t is not card)
    )
    assert choice_moves(card, targets) == tuple(target_move(card, t) for t in listed(targets))
    others = [other for other in cards if other is not card]
    assert targets_on(card, others) == tuple(listed(targets))
    for scoring in SCHEMES:
        for players in (2, 3, 4):
            points = points_table(scoring, players)
            expected = sum(points[other] for other in cards)
            assert pile_points(bits, scheme(scoring, players)) == expected
