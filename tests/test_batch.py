"""The batch engine (cardlab.batch): the rules engine's rules, move by move, on the same deals;
the random agent's distribution; the rules engine's statistics; the same table whatever the
batch size or the workers; refusals in words.

Every game of the registry with a batch form is checked over its option sets (a game added
with one is checked by these tests with no line changed here); every combination of the
options that change a hand (players, deck, scoring) is checked on fewer deals, and many more
deals and larger samples are probes (marker ``probe``: CI runs a sample of them a commit,
``make probes`` runs them all; see tests/conftest.py).
"""

from __future__ import annotations

import itertools
import math
import sys
import threading

import numpy as np
import pandas as pd
import pytest

import cardlab
from cardlab.batch import BATCH_HANDS, BatchRunError, batch_rules, compare, hand_state
from cardlab.batch import run as batch_run
from cardlab.batch.draws import draw, hand_keys, run_key
from cardlab.games import REGISTRY
from cardlab.simulation.many_games import checked_run
from cardlab.simulation.runs import SimulationError

BATCH_SETS = [
    (name, options)
    for name, entry in REGISTRY.items()
    if entry.batch is not None
    for options in entry.option_sets
]
"""The registry's games with a batch form, with each of their option sets."""

IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in BATCH_SETS]

EVERY_OPTION = [
    ("mod-ten", {"players": n, "deck": d}) for n in range(2, 7) for d in ("single", "double")
]
EVERY_OPTION += [
    ("chinese-ten", {"players": n, "scoring": s})
    for n in (2, 3, 4)
    for s in ("red", "pagat", "black-frog")
]
"""Every combination of the options that change how a hand is played or scored."""


# --------------------------------------------------------------------------- the rules


@pytest.mark.parametrize(("name", "options"), BATCH_SETS, ids=IDS)
def test_the_batch_engine_follows_the_rules_engine_move_by_move(name, options):
    # The rules engine's random agent picks every move; the batch engine is fed them and must
    # reach the same legal moves, seats, captures, scores, winners and hand ends.
    game = cardlab.game(name, **options)
    assert compare(game, hands=1000, seed=1) is None


@pytest.mark.parametrize(("name", "options"), BATCH_SETS, ids=IDS)
@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_the_rules_engine_replays_the_batch_agents_moves(name, options, agent):
    # The batch engine's own agents pick; every move must be legal for the rules engine, and
    # a greedy move the one the heuristic picks from the seat's view.
    game = cardlab.game(name, **options)
    hands = 200 if agent == "random" else 40  # the greedy agent's check reads views: slower
    assert compare(game, hands=hands, seed=2, driver="batch", agent=agent) is None


@pytest.mark.parametrize(("name", "options"), EVERY_OPTION, ids=lambda x: str(x))
def test_every_option_that_changes_a_hand_is_played_by_the_rules(name, options):
    game = cardlab.game(name, **options)
    assert compare(game, hands=150, seed=3) is None
    assert compare(game, hands=25, seed=4, driver="batch", agent="greedy") is None


@pytest.mark.probe(seconds=20)
@pytest.mark.parametrize(("name", "options"), EVERY_OPTION + [("two-ten-jack", {})], ids=str)
def test_thousands_more_deals_agree(name, options):
    # A probe (tests/conftest.py): CI runs a sample of them a commit, `make probes` all.
    game = cardlab.game(name, **options)
    assert compare(game, hands=5000, seed=11) is None
    assert compare(game, hands=2000, seed=12, driver="batch") is None
    assert compare(game, hands=1000, seed=13, driver="batch", agent="greedy") is None


def layout_orders(rank: int, copies: int, hands: int, seed: int) -> np.ndarray:
    """Chinese Ten decks (card bits in the order dealt) whose layout holds ``copies`` cards of
    the rank with index ``rank`` (three: a triple; four: the dealer's at once)."""
    rng = np.random.default_rng(seed)
    same = [13 * suit + rank for suit in range(4)]
    orders = []
    for _ in range(hands):
        deck = [int(card) for card in rng.permutation(52)]
        layout = [int(card) for card in rng.choice(same, copies, replace=False)]
        layout += [card for card in deck if card not in same][: 4 - copies]
        rest = [card for card in deck if card not in layout]
        orders.append(rest[:24] + layout + rest[24:])
    return np.array(orders)


@pytest.mark.parametrize("copies", [3, 4])
@pytest.mark.parametrize("rank", [4, 9, 10, 11, 12], ids=list("5TJQK"))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_layout_rules_are_the_rules_engines(players, rank, copies):
    # Three of a rank among 5 T J Q K in the layout wait for the fourth, which takes them all;
    # four go to the dealer before play. Deals made to order: a shuffle rarely gives them.
    game = cardlab.game("chinese-ten", players=players)
    orders = layout_orders(rank, copies, 12, seed=100 * rank + copies)
    assert compare(game, orders=orders, seed=5) is None
    assert compare(game, orders=orders, seed=6, driver="batch", agent="greedy") is None


def test_a_difference_from_the_rules_engine_is_said_in_words(monkeypatch):
    # The check is not blind: a batch engine that forgets the four-of-a-kind rule is caught.
    import cardlab.batch.chinese_ten as chinese_ten

    monkeypatch.setattr(chinese_ten, "TRIPLE_RANK_INDICES", (4, 9, 10, 11))
    game = cardlab.game("chinese-ten")
    found = compare(game, orders=layout_orders(12, 4, 10, seed=1), seed=1)
    assert found is not None and "in the batch engine" in found and "in rules" in found


# --------------------------------------------------------------------------- the random agent


def first_moves(name: str, options: dict, order: list[int], hands: int = 40_000):
    """The random agent's first move in ``hands`` hands dealt from one ``order`` (those whose
    dealer is seat 0, so that every one is the same position), and the legal moves there."""
    rules = batch_rules(cardlab.game(name, **options))
    keys = hand_keys(run_key("first moves"), np.arange(hands))
    batch = rules.deal(keys, np.tile(np.array(order), (hands, 1)))
    batch.split_off(batch.dealer != 0)
    legal = rules.legal(batch)
    words = draw(batch.stream, np.zeros(batch.size, np.uint64))
    moves = rules.random_moves(batch, legal, words)
    texts = pd.Series([rules.move_text(code) for code in moves.tolist()]).value_counts()
    return texts, rules.legal_sets(batch, legal)[0]


def chi_square(counts: pd.Series, moves: frozenset) -> float:
    """Pearson's statistic of ``counts`` against equal chances for every move, in standard
    deviations of its distribution above its mean (about 0 for a fair draw)."""
    expected = counts.sum() / len(moves)
    statistic = sum((counts.get(move, 0) - expected) ** 2 / expected for move in moves)
    freedom = len(moves) - 1
    return (statistic - freedom) / math.sqrt(2 * freedom)


def chinese_ten_order() -> list[int]:
    """A Chinese Ten deck (3 players, dealer 0) where seat 1, first to play, holds 3C and KC,
    and the layout 7D 7H KD KH: 3C can take either seven and KC either king, so each is two
    moves; its six other cards (2D 4D 5D 6D 8D 9D) take nothing, one move each."""
    seat_1 = [2, 12, 14, 16, 17, 18, 20, 21]  # 3C KC 2D 4D 5D 6D 8D 9D
    layout = [19, 32, 25, 38]  # 7D 7H KD KH
    rest = [card for card in range(52) if card not in seat_1 + layout]
    hands = [seat_1, rest[:8], rest[8:16]]  # seats 1, 2, 0 get cards 0, 1, 2 of each round
    dealt = [hands[index % 3][index // 3] for index in range(24)]
    return dealt + layout + rest[16:]


def two_ten_jack_order() -> list[int]:
    """A Two-Ten-Jack deck (dealer 0) where seat 1 leads with the ace of spades and five
    other cards: seven moves (the ace as a spade and as a trump)."""
    leader = [39, 0, 14, 27, 40, 5]  # AS AC 2D 2H 2S 6C
    rest = [card for card in range(52) if card not in leader]
    dealt = [card for pair in zip(leader, rest[:6], strict=True) for card in pair]
    return dealt + rest[6:]


@pytest.mark.parametrize(
    ("name", "options", "order"),
    [
        ("mod-ten", {"players": 2}, list(range(32))),
        ("mod-ten", {"players": 4}, list(range(72))),
        ("chinese-ten", {"players": 3}, chinese_ten_order()),
        ("two-ten-jack", {}, two_ten_jack_order()),
    ],
    ids=["mod-ten", "mod-ten-double", "chinese-ten-choice", "two-ten-jack-ace"],
)
def test_the_random_agent_draws_uniformly_among_the_rules_engines_legal_moves(name, options, order):
    counts, legal = first_moves(name, options, order)
    assert set(counts.index) == set(legal)  # every legal move is drawn, nothing else
    assert abs(chi_square(counts, legal)) < 5, counts.to_dict()


def test_a_card_with_two_targets_is_two_moves_and_the_ace_of_spades_led_two():
    counts, legal = first_moves("chinese-ten", {"players": 3}, chinese_ten_order())
    assert {"3C>7D", "3C>7H", "KC>KD", "KC>KH"} <= legal and len(legal) == 10
    assert "3C" not in legal and "KC" not in legal
    counts, legal = first_moves("two-ten-jack", {}, two_ten_jack_order())
    assert {"AS=S", "AS=H"} <= legal and "AS" not in legal and len(legal) == 7


# --------------------------------------------------------------------------- the statistics


def agree(batch: pd.Series, rules: pd.Series) -> float:
    """How many standard errors apart two samples' means are."""
    error = math.sqrt(batch.var() / len(batch) + rules.var() / len(rules))
    return abs(batch.mean() - rules.mean()) / error if error else 0.0


@pytest.mark.parametrize("name", [name for name, entry in REGISTRY.items() if entry.batch])
def test_hand_statistics_agree_with_the_rules_engine(name):
    batch = cardlab.simulate(name, games=60_000, seed=1, engine="batch", progress=False)
    rules = cardlab.simulate(name, games=4000, seed=1, progress=False)
    checked = ["moves", *[c for c in rules.columns if c.startswith(("score_", "captures"))]]
    checked += [c for c in ("skips", "choices", "tricks_0") if c in rules.columns]
    for column in checked:
        assert agree(batch[column].astype(float), rules[column].astype(float)) < 4, column
    for seat in range(cardlab.game(name).players):
        won = (batch["winner"] == seat).astype(float), (rules["winner"] == seat).astype(float)
        assert agree(*won) < 4, seat


@pytest.mark.probe(seconds=30)
@pytest.mark.parametrize(("name", "options"), BATCH_SETS, ids=IDS)
@pytest.mark.parametrize("agents", ["random", "greedy", "random,greedy"])
def test_hand_statistics_agree_on_large_samples(name, options, agents):
    # A probe (tests/conftest.py): CI runs a sample of them a commit, `make probes` all. The
    # rules engine's greedy agent reads a view a move: fewer of its hands.
    game = cardlab.game(name, **options)
    batch = cardlab.simulate(game, agents, games=200_000, seed=2, engine="batch", progress=False)
    hands = 20_000 if agents == "random" else 8_000
    rules = cardlab.simulate(game, agents, games=hands, seed=2, progress=False)
    for column in rules.columns:
        if column.startswith(("score_", "moves", "captures", "skips", "choices", "tricks")):
            assert agree(batch[column].astype(float), rules[column].astype(float)) < 4, column
    for seat in range(game.players):
        won = (batch["winner"] == seat).astype(float), (rules["winner"] == seat).astype(float)
        assert agree(*won) < 4, seat


# --------------------------------------------------------------------------- the table


def test_the_table_has_the_rules_engines_columns_types_and_attrs():
    game = cardlab.game("chinese-ten", players=4)
    batch = cardlab.simulate(
        game, "random,greedy", games=500, seed=3, engine="batch", progress=False
    )
    rules = cardlab.simulate(game, "random,greedy", games=50, seed=3, progress=False)
    assert list(batch.columns) == list(rules.columns)
    assert batch.dtypes.to_dict() == rules.dtypes.to_dict()
    assert {**rules.attrs, "games": 500, "engine": "batch"} == batch.attrs
    assert list(batch["seed"][:2]) == ["3-0", "3-1"] and batch["winner"].isna().any()


def test_zero_hands_are_the_usual_empty_table():
    batch = cardlab.simulate("mod-ten", games=0, engine="batch", progress=False)
    rules = cardlab.simulate("mod-ten", games=0, progress=False)
    assert batch.dtypes.to_dict() == rules.dtypes.to_dict() and len(batch) == 0


@pytest.mark.parametrize("name", [name for name, entry in REGISTRY.items() if entry.batch])
def test_a_run_is_the_same_whatever_its_batches_and_workers(name, monkeypatch):
    game = cardlab.game(name)
    whole = cardlab.simulate(
        game, "greedy,random", games=240, seed=9, engine="batch", progress=False
    )
    run = checked_run(game, "greedy,random", 240, 9, progress=False, engine="batch")
    for batch in (7, 239):
        pd.testing.assert_frame_equal(batch_run.play_batch_run(run, batch=batch), whole)
    one_by_one = batch_run.hand_columns(run.task, 0, 12, batch=1)
    assert one_by_one["moves"].tolist() == whole["moves"][:12].tolist()
    # Each hand is its own: the hands 200 to 239 of the run are those of any run with seed 9.
    alone = batch_run.hand_columns(run.task, 200, 240)
    assert alone["score_0"].tolist() == whole["score_0"][200:].tolist()
    monkeypatch.setattr(batch_run, "CHUNK_HANDS", 50)  # several tasks for the workers
    pooled = cardlab.simulate(
        game, "greedy,random", games=240, seed=9, workers=2, engine="batch", progress=False
    )
    pd.testing.assert_frame_equal(pooled, whole)


def test_a_seed_and_its_text_are_the_same_run_and_another_seed_is_another():
    first = cardlab.simulate("two-ten-jack", games=300, seed=4, engine="batch", progress=False)
    again = cardlab.simulate("two-ten-jack", games=300, seed="4", engine="batch", progress=False)
    other = cardlab.simulate("two-ten-jack", games=300, seed=5, engine="batch", progress=False)
    assert first["score_0"].tolist() == again["score_0"].tolist()
    assert first["score_0"].tolist() != other["score_0"].tolist()


def test_memory_is_bounded_by_batches(monkeypatch):
    sizes = []
    played = batch_run.batch_columns

    def spy(rules, greedy, seed, start, stop):
        sizes.append(stop - start)
        return played(rules, greedy, seed, start, stop)

    monkeypatch.setattr(batch_run, "batch_columns", spy)
    table = cardlab.simulate("mod-ten", games=BATCH_HANDS + 10, engine="batch", progress=False)
    assert sizes == [BATCH_HANDS, 10] and len(table) == BATCH_HANDS + 10


def test_the_progress_bar_moves_batch_by_batch(monkeypatch):
    from test_simulation import Bar  # records what a progress bar is told

    bar = Bar()
    monkeypatch.setattr(batch_run, "progress_bar", lambda run: bar)
    cardlab.simulate("mod-ten", games=BATCH_HANDS + 5, engine="batch")
    assert bar.updates == [BATCH_HANDS, 5]


def test_an_interrupted_run_keeps_the_finished_batches(monkeypatch):
    played = batch_run.batch_columns

    def impatient(rules, greedy, seed, start, stop):
        if start >= 2 * 100:
            raise KeyboardInterrupt
        return played(rules, greedy, seed, start, stop)

    monkeypatch.setattr(batch_run, "batch_columns", impatient)
    run = checked_run("mod-ten", "random", 1000, 3, progress=False, engine="batch")
    with pytest.warns(UserWarning, match="interrupted: returning the 200 hands finished so far"):
        table = batch_run.play_batch_run(run, batch=100)
    assert list(table["game"]) == list(range(200)) and table.attrs["complete"] is False


def test_a_stop_event_stops_a_run_between_batches():
    stop = threading.Event()
    stop.set()
    table = cardlab.simulate("mod-ten", games=1000, engine="batch", stop=stop, progress=False)
    assert len(table) == 0 and table.attrs["complete"] is False


def test_a_hand_of_a_batch_run_is_replayed_by_the_rules_engine():
    table = cardlab.simulate(
        "chinese-ten", "greedy,random", games=40, seed="class", engine="batch", progress=False
    )
    row = table.iloc[33]
    final = hand_state("chinese-ten", "greedy,random", row["seed"])
    assert final.is_over and final.move_number == row["moves"]
    assert list(final.scores) == [row[f"score_{seat}"] for seat in range(3)]
    assert cardlab.replay(final.record()).scores == final.scores


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"agents": "mc"}, "plays the agents random and greedy, not 'mc'"),
        ({"agents": [lambda view: view.legal_moves()[0]]}, "not a function"),
        ({"per": "match"}, "plays hands .per='hand'."),
        ({"records": True}, "keeps no records"),
    ],
)
def test_what_the_batch_engine_does_not_play_is_refused_in_words(arguments, words):
    with pytest.raises(BatchRunError, match=words) as refused:
        cardlab.simulate("mod-ten", **{"games": 10, "progress": False, **arguments}, engine="batch")
    assert isinstance(refused.value, SimulationError) and "engine='rules'" in str(refused.value)


def test_an_option_a_batch_form_does_not_play_is_refused_in_words(monkeypatch):
    # Every option of today's games is played; one added to a game later, and not to its
    # batch form, is refused rather than silently played at its default.
    from cardlab.batch.mod_ten import ModTenBatch

    monkeypatch.setattr(ModTenBatch, "options", ("players", "open_hands", "match_target"))
    game = cardlab.game("mod-ten", players=4, deck="single")
    with pytest.raises(BatchRunError, match="does not play Mod Ten's option deck='single'"):
        cardlab.simulate(game, games=10, engine="batch", progress=False)
    assert len(cardlab.simulate("mod-ten", games=10, engine="batch", progress=False)) == 10


def test_an_unknown_engine_is_refused():
    with pytest.raises(SimulationError, match="engine is 'rules' or 'batch', not 'turbo'"):
        cardlab.simulate("mod-ten", games=1, engine="turbo")


def test_a_hand_seed_that_is_not_one_is_refused():
    with pytest.raises(BatchRunError, match="like '7-36'"):
        hand_state("mod-ten", "random", "seven")


def test_without_numpy_the_batch_engine_says_what_to_do(monkeypatch):
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ModuleNotFoundError, match="engine='batch' needs numpy.*engine='rules'"):
        cardlab.simulate("mod-ten", games=1, engine="batch")


def test_cards_are_counted_the_same_without_numpy_2s_bitwise_count():
    from cardlab.batch import bits

    words = np.random.default_rng(5).integers(0, 2**63, size=2_000, dtype=np.uint64)
    ends = np.array([0, 2**64 - 1], dtype=np.uint64)
    words = np.concatenate([words, words | np.uint64(1 << 63), ends])
    expected = [bin(int(word)).count("1") for word in words]
    assert bits._count_by_bytes(words).tolist() == expected
    assert bits._count_by_bytes(words.reshape(2, -1)).reshape(-1).tolist() == expected


def test_the_batch_engine_plays_the_same_hands_with_numpy_1s_counting(monkeypatch):
    from cardlab.batch import bits

    options = {"games": 300, "seed": 8, "engine": "batch", "agents": ["greedy", "random"]}
    with_numpy_2 = cardlab.simulate("chinese-ten", **options)
    monkeypatch.setattr(bits, "bit_count", bits._count_by_bytes)
    assert cardlab.simulate("chinese-ten", **options).equals(with_numpy_2)


def test_importing_cardlab_does_not_import_numpy():
    import subprocess

    code = (
        "import cardlab, sys; cardlab.game('mod-ten').deal(seed=1); print('numpy' in sys.modules)"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"


def test_every_combination_listed_here_is_a_game_the_registry_allows():
    for name, options in itertools.chain(EVERY_OPTION, BATCH_SETS):
        cardlab.game(name, **options)
