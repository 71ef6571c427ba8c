"""Explorer.from_record: a recorded hand (or a match, a simulation row, a State) opened at its
start with its moves as the timeline; stepping, scrubbing, branching and going back."""

from __future__ import annotations

import json

import pytest

import cardlab

pytest.importorskip("ipywidgets")
pd = pytest.importorskip("pandas")
from cardlab.widgets import Explorer  # noqa: E402

GAMES = [("mod-ten", {"players": 3}), ("chinese-ten", {}), ("two-ten-jack", {})]


def played(name: str, options: dict, seed: int, agents: str = "greedy") -> cardlab.State:
    return cardlab.game(name, **options).deal(seed=seed).play_out(agents, seed=seed)


def prefix_replays(record: dict) -> list[cardlab.State]:
    """The state after each prefix of the record's moves, rebuilt by cardlab.replay."""
    return [
        cardlab.replay({**record, "moves": record["moves"][:n]})
        for n in range(len(record["moves"]) + 1)
    ]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_hand_record_opens_at_its_start_and_replays_exactly(name, options):
    final = played(name, options, seed=4)
    record = json.loads(json.dumps(final.record()))  # as saved to a file and read back
    explorer = Explorer.from_record(record, background=False)
    assert explorer.index == 0
    assert explorer.states == prefix_replays(record)
    assert explorer.states[-1] == cardlab.replay(record) == final
    assert explorer.recorded == explorer.states
    assert explorer.seed == final.seed
    assert "Replaying the record" in explorer.record_note.value
    assert explorer.hand_menu.layout.display == "none"  # one hand: no hand menu
    explorer.last_button.click()
    assert explorer.state == final and explorer.slider.value == len(record["moves"])
    explorer.slider.value = 5
    assert explorer.state == explorer.states[5]


def test_branching_off_the_record_and_back():
    final = played("mod-ten", {"players": 3}, seed=7)
    explorer = Explorer.from_record(final.record(), background=False)
    explorer.go_to(3)
    recorded_next = explorer.states[4].moves[-1]
    other = next(move for move in explorer.state.legal_moves() if move != recorded_next)
    explorer.play(other)
    assert explorer.state.moves[-1] == other
    assert explorer.states[:4] == explorer.recorded[:4]
    assert explorer.left_record_at() == 4
    assert explorer.recorded_button.layout.display is None
    assert "You left the record after move 3" in explorer.record_note.value
    explorer.recorded_button.click()
    assert explorer.states == explorer.recorded and explorer.index == 4
    assert explorer.left_record_at() is None
    assert explorer.recorded_button.layout.display == "none"


def test_a_match_record_opens_one_hand_with_a_hand_menu():
    game = cardlab.game("mod-ten", players=2, match_target=3)
    match = game.match(seed=5)
    while not match.is_over:
        match = match.play(match.state.legal_moves()[-1])
    record = match.record()
    explorer = Explorer.from_record(record, hand=1, background=False)
    finals = list(cardlab.replay(record).hands)
    assert len(explorer.hand_menu.options) == len(finals) >= 3
    assert explorer.hand_menu.value == 1
    assert explorer.states[-1] == finals[1]
    assert explorer.states[0] == finals[1].start
    explorer.hand_menu.value = 2
    assert explorer.states[-1] == finals[2] and explorer.index == 0
    assert explorer.hand_menu.label.startswith("hand 2: seat")
    # A Match opens the same way.
    again = Explorer.from_record(match, hand=2, background=False)
    assert again.states == explorer.states


def test_an_unfinished_match_shows_the_hand_in_play():
    match = cardlab.game("two-ten-jack").match(seed=3)
    for _ in range(5):
        match = match.play(match.state.legal_moves()[0])
    explorer = Explorer.from_record(match.record(), background=False)
    assert explorer.states[-1] == match.state
    assert explorer.hand_menu.label == "hand 0: 5 moves so far"


def test_a_simulation_row_or_any_mapping_holding_a_record_opens():
    finals = [played("chinese-ten", {}, seed) for seed in range(3)]
    table = pd.DataFrame(
        {
            "seed": [final.seed for final in finals],
            "moves": [final.move_number for final in finals],
            "record": [final.record() for final in finals],
        }
    )
    longest = table.loc[table["moves"].idxmax()]
    explorer = Explorer.from_record(longest, background=False)
    assert explorer.states[-1] == finals[int(table["moves"].idxmax())]
    assert Explorer.from_record({"record": finals[0].record()}).states[-1] == finals[0]


def test_a_state_opens_with_its_history():
    final = played("two-ten-jack", {}, seed=1)
    middle = final.steps()[10][2]
    explorer = Explorer.from_record(middle, background=False)
    assert len(explorer.states) == 12 and explorer.states[-1] == middle


def test_options_reach_the_explorer():
    final = played("mod-ten", {"players": 3}, seed=2)
    explorer = Explorer.from_record(final.record(), show=1, bots="greedy", background=False)
    assert explorer.show == 1 and explorer.bot_specs == ["greedy"] * 3
    assert "cardlab-back" in explorer.board.value
    with pytest.raises(TypeError, match="colour"):
        Explorer.from_record(final.record(), colour="red")


def test_stepping_past_the_end_of_an_unfinished_record_lets_the_bots_play_on():
    start = cardlab.game("mod-ten", players=3).deal(seed=2)
    first = start.legal_moves()[0]
    record = start.play(first).record()
    explorer = Explorer.from_record(record, background=False)
    assert len(explorer.states) == 2
    explorer.go_to(1)
    explorer.forward_button.click()
    assert explorer.index == 2 and explorer.states[1] == cardlab.replay(record)
    assert explorer.states[2].moves[:1] == (first,)
    assert explorer.left_record_at() is None  # the record's moves are all still there


def test_bad_records_are_refused_with_a_reason():
    final = played("mod-ten", {"players": 3}, seed=2)
    record = final.record()
    with pytest.raises(cardlab.RecordError, match="move 2: 'KS' cannot be played"):
        Explorer.from_record({**record, "moves": record["moves"][:2] + ["KS"]})
    with pytest.raises(cardlab.RecordError, match="this row has no 'record'.*records=True"):
        Explorer.from_record(pd.Series({"seed": "0-1", "moves": 20}))
    with pytest.raises(cardlab.RecordError, match="expected a hand or match record"):
        Explorer.from_record(42)
    with pytest.raises(cardlab.RecordError, match="hand must be a number from 0 to 0"):
        Explorer.from_record(record, hand=3)
