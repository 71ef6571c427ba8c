"""cardlab.play.turnlog: the logs of lessons 02 and 04 agree with the hands they describe."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardlab
from cardlab.play.turnlog import (
    LogError,
    chinese_ten_log,
    chinese_ten_log_rows,
    move_log,
    move_log_rows,
    trick_log,
    trick_log_rows,
)

SEEDS = st.integers(0, 10_000)


@given(SEEDS, st.sampled_from(["mod-ten", "chinese-ten", "two-ten-jack"]))
def test_the_move_log_has_a_row_per_move_in_order(seed, name):
    final = cardlab.game(name).deal(seed=seed).play_out("random", seed=seed)
    rows = move_log_rows(final)
    assert [row["move"] for row in rows] == list(range(1, final.move_number + 1))
    assert [row["plays"] for row in rows] == [str(move) for move in final.moves]
    assert all(row["what happened"] for row in rows)


@given(SEEDS, st.integers(2, 4))
def test_the_chinese_ten_log_accounts_for_every_card(seed, players):
    final = cardlab.game("chinese-ten", players=players).deal(seed=seed).play_out(seed=seed)
    rows = chinese_ten_log_rows(final)
    won = [[] for _ in range(players)]
    for row in rows:
        won[row["seat"]].extend(row["won"].split())
    start = final.start
    for seat in range(players):
        dealt_to_dealer = len(start.won[seat])  # four of a kind in the layout
        assert len(won[seat]) + dealt_to_dealer == len(final.won[seat])
    turned = [row["turned up"] for row in rows if row["turned up"] != "(chooses)"]
    assert turned == [card.text for card in start.stock]
    assert rows[-1]["table after"] == ""


def test_a_choice_of_target_for_the_turned_up_card_is_its_own_row():
    state = cardlab.game("chinese-ten").deal(seed=5).play_all("KH AD>9H")
    rows = chinese_ten_log_rows(state)
    assert [(row["plays"], row["turned up"], row["won"]) for row in rows] == [
        ("KH", "AD", "KH KC"),
        ("AD>9H", "(chooses)", "AD 9H"),
    ]


@given(SEEDS)
def test_the_trick_log_has_26_tricks_worth_the_scores(seed):
    final = cardlab.game("two-ten-jack").deal(seed=seed).play_out("random", seed=seed)
    log = trick_log(final)
    assert list(log.index) == list(range(1, 27))
    assert (log["cards drawn"] > 0).sum() == 20
    assert log.loc[26, "stock after"] == 0 and log.loc[26, "hand sizes after"] == "0 + 0"
    for seat in (0, 1):
        assert log.loc[log["won by"] == seat, "worth"].sum() == final.scores[seat]
    leaders = list(log["led by"])
    winners = list(log["won by"])
    assert leaders[1:] == winners[:-1]  # the winner of a trick leads the next


def test_an_unfinished_trick_is_not_logged():
    state = cardlab.game("two-ten-jack").deal(seed=1).play_all("6D")
    assert trick_log_rows(state) == []
    assert trick_log(state).empty


def test_logs_are_tables_indexed_by_move():
    state = cardlab.game("chinese-ten").deal(seed=10).play_all("2C JS")
    assert list(chinese_ten_log(state).index) == [1, 2]
    assert move_log(state).index.name == "move"


def test_a_log_of_another_game_says_which_to_use():
    mod_ten = cardlab.game("mod-ten").deal(seed=1)
    with pytest.raises(LogError, match="trick_log is for two-ten-jack hands, not mod-ten"):
        trick_log(mod_ten)
    with pytest.raises(LogError, match="chinese_ten_log is for chinese-ten hands"):
        chinese_ten_log_rows(mod_ten)
    with pytest.raises(LogError, match="takes a state of a hand, not str"):
        move_log("1")
