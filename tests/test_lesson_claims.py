"""What the lessons claim, recomputed: each number or "X beats Y" a lesson's text states is held
here by a test that fails if it goes false, and, where the lesson computes it, checked once more
by another way (an exact count beside a simulation, a second implementation beside the
lesson's).

The claims that take minutes (thousands of hands, hundreds of solved deals) are bot-strength
probes (marker ``probe``): ``make probes`` runs them all, ``make test`` a sample (see
tests/conftest.py). The text's agreement with what the lesson prints is checked on the stored
outputs, which nbval in turn checks against a fresh run.
"""

from __future__ import annotations

import functools
import json
import math
import random
import re
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from repository import tool

import cardlab
from cardlab.simulation.stats import peeking_false_alarms, probability_favoured, wilson_interval

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def notebook(name: str) -> list[dict[str, Any]]:
    """The cells of the lesson whose file name starts with ``name`` ("11")."""
    (path,) = NOTEBOOKS.glob(f"{name}-*.ipynb")
    return json.loads(path.read_text())["cells"]


def text_of(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def lesson_text(name: str) -> str:
    """Every markdown cell of a lesson, each run of white space as one space."""
    cells = notebook(name)
    return " ".join(" ".join(text_of(c).split()) for c in cells if c["cell_type"] == "markdown")


def stored_output(name: str, marker: str) -> str:
    """The text a lesson's code cell containing ``marker`` printed or showed when it was stored."""
    (cell,) = [c for c in notebook(name) if c["cell_type"] == "code" and marker in text_of(c)]
    parts = []
    for output in cell["outputs"]:
        if "text" in output:
            parts.append(text_of({"source": output["text"]}))
        elif "text/plain" in output.get("data", {}):
            parts.append(text_of({"source": output["data"]["text/plain"]}))
    return "\n".join(parts)


def lesson_code(name: str, *markers: str) -> dict[str, Any]:
    """A namespace in which a lesson's first code cell (its imports) and its code cells that
    contain each of ``markers`` have run: the lesson's own functions, to recompute its claims."""
    code = [text_of(c) for c in notebook(name) if c["cell_type"] == "code"]
    namespace: dict[str, Any] = {}
    exec(code[0], namespace)  # noqa: S102 (the lesson's own code)
    for marker in markers:
        (cell,) = [source for source in code if marker in source]
        exec(cell, namespace)  # noqa: S102
    return namespace


def share(bot: Any, opponent: Any, hands: int, seed: str) -> int:
    """How many of ``hands`` two-player Mod Ten hands ``bot`` wins against ``opponent``."""
    game = cardlab.game("mod-ten", players=2)
    table = cardlab.simulate(game, [bot, opponent], games=hands, seed=seed, progress=False)
    return int((table["winner"] == 0).sum())


# ----------------------------------------------------------- optional stopping (07 and 11)


def exact_alarms(looks_at: list[int], stops: Any) -> Fraction:
    """The exact chance (a Fraction) that a fair coin's run stops at one of the looks
    ``looks_at`` (tosses seen), ``stops(heads, tosses)`` saying where: counts of paths, in
    integers, look after look. Another way than cardlab.simulation.stats.peeking_false_alarms."""
    going = {0: 1}  # heads -> paths not stopped yet
    stopped, seen = 0, 0
    for tosses in looks_at:
        step = tosses - seen
        after: Counter[int] = Counter()
        for heads, paths in going.items():
            for more in range(step + 1):
                after[heads + more] += paths * math.comb(step, more)
        stopped = stopped * 2**step + sum(p for h, p in after.items() if stops(h, tosses))
        going = {h: p for h, p in after.items() if not stops(h, tosses)}
        seen = tosses
    return Fraction(stopped, 2**seen)


def interval_leaves_half(heads: int, tosses: int, z: float = 1.959963984540054) -> bool:
    """The Wilson interval leaves one half exactly when the share is more than z standard
    errors *of one half* away from it (the interval is the set of p within z of their own
    standard errors): |heads - tosses/2| > z √tosses / 2."""
    return abs(heads - tosses / 2) > z * math.sqrt(tosses) / 2


@functools.cache
def posterior_stops(tosses: int) -> frozenset[int]:
    """The counts of heads after ``tosses`` tosses at which P(favoured) lies outside 0.025 to
    0.975, by the Beta-binomial identity P(Beta(h + 1, t - h + 1) > 1/2) = P(Binomial(t + 1,
    1/2) <= h), in exact integers (a running sum of a row of Pascal's triangle)."""
    total, below, stops = 2 ** (tosses + 1), 0, set()
    for heads in range(tosses + 1):
        below += math.comb(tosses + 1, heads)
        if not total <= 40 * below <= 39 * total:
            stops.add(heads)
    return frozenset(stops)


def posterior_leaves_middle(heads: int, tosses: int) -> bool:
    """True when a run with ``heads`` of ``tosses`` stops on its posterior."""
    return heads in posterior_stops(tosses)


def test_lesson_07_peeking_every_10_tosses_raises_35_7_percent_false_alarms():
    every_ten = list(range(10, 1001, 10))
    exact = exact_alarms(every_ten, interval_leaves_half)
    assert float(exact) == pytest.approx(peeking_false_alarms(1000, 100), abs=1e-12)
    assert f"{float(exact):.1%}" == "35.7%"
    one_look = exact_alarms([1000], interval_leaves_half)
    assert f"{float(one_look):.1%}" == "5.4%" == f"{peeking_false_alarms(1000, 1):.1%}"
    text = lesson_text("07")
    assert "is 35.7%: just outside, one of the intervals in twenty that miss" in text
    # the 300 runs' interval, as the lesson prints it, indeed misses the exact rate
    printed = stored_output("07", "alarms = sum(peeking_alarm(1000, 10, rng)")
    alarms = int(re.search(r"(\d+) of 300 fair runs", printed).group(1))
    low, high = wilson_interval(alarms, 300)
    assert not low <= float(exact) <= high and "(5.4% for one look" in text


def test_the_peeking_slider_gives_the_exact_rate_and_says_1_point():
    from cardlab.widgets.sliders import Peeking, PowerCurve

    assert "a false alarm in 14.7% of fair runs, computed exactly" in Peeking(looks=5).caption.value
    assert f"{float(exact_alarms([200, 400, 600, 800, 1000], interval_leaves_half)):.1%}" == "14.7%"
    power = PowerCurve(edge=0.01)
    assert power.caption.value.startswith("An edge of 1 point is found")
    assert power.figure.layout.title.text == "Power for an edge of 1 point"
    assert [label for label, _edge in power.slider.options][:2] == ["1 point", "2 points"]


def test_lesson_11_a_posterior_checked_every_10_tosses_alarms_as_often_as_the_interval():
    every_ten = list(range(10, 1001, 10))
    bayes = exact_alarms(every_ten, posterior_leaves_middle)
    assert bayes == exact_alarms(every_ten, interval_leaves_half)
    assert f"{float(bayes):.1%}" == "35.7%"
    for tosses in every_ten:  # the lesson's own functions stop at the same counts
        going = [h for h in range(tosses + 1) if not posterior_leaves_middle(h, tosses)]
        for heads in (going[0] - 1, going[0], going[-1], going[-1] + 1):  # at each edge
            low, high = wilson_interval(heads, tosses)
            favoured = probability_favoured(heads, tosses - heads)
            assert (low > 0.5 or high < 0.5) == (not 0.025 <= favoured <= 0.975)
            assert posterior_leaves_middle(heads, tosses) == (not 0.025 <= favoured <= 0.975)
    text = lesson_text("11")
    assert 'looking every 10 tosses: 35.7% of such runs stop with a "finding"' in text


def test_lesson_11_a_simulation_agrees_with_the_exact_peeking_rate():
    """20,000 fair runs, stopped on the posterior: the share lies near the exact 35.7%."""
    rng = random.Random(31)
    bounds = {tosses: posterior_stops(tosses) for tosses in range(10, 1001, 10)}
    runs, alarms = 20_000, 0
    for _ in range(runs):
        heads = 0
        for tosses in range(10, 1001, 10):
            heads += rng.getrandbits(10).bit_count()
            if heads in bounds[tosses]:
                alarms += 1
                break
    low, high = wilson_interval(alarms, runs)
    assert low <= 0.3565 <= high


# --------------------------------------------------------- lesson 11: one decision, three ways


@pytest.fixture(scope="module")
def lesson_11() -> dict[str, Any]:
    return lesson_code("11", "def last_tricks(seed):")


def test_lesson_11_the_leader_makes_exactly_one_decision_while_the_stock_lasts(lesson_11):
    for seed in range(16):
        position = lesson_11["last_tricks"](seed)
        assert position.view(0).stock_size == 2 and not position.trick  # a trick to lead
        leader = position.current_player
        after = position.play(position.legal_moves()[0])
        assert after.current_player != leader  # the other seat answers ...
        after = after.play(after.legal_moves()[0])
        assert after.view(0).stock_size == 0  # ... and the last two cards are drawn


def test_lesson_11_seeing_the_other_hand_does_not_see_the_stocks_order(lesson_11):
    """Its move is the same whatever the order of the stock: it knows the stock's cards (the
    unseen ones that are not in the other hand), not their order."""
    with_stock, seeing = lesson_11["with_stock"], lesson_11["seeing_the_other_hand"]
    for seed in range(6):
        position = lesson_11["last_tricks"](seed)
        swapped = with_stock(position, tuple(reversed(position.stock)))
        assert swapped.stock == tuple(reversed(position.stock)) != position.stock
        assert swapped.hand(0) == position.hand(0) and swapped.hand(1) == position.hand(1)
        assert with_stock(position, position.stock) == position
        assert seeing(position) == seeing(swapped)


def test_lesson_11_seeing_the_other_hand_is_the_same_player_built_another_way(lesson_11):
    """Another way to build the worlds of a player who sees the other hand: deal worlds from the
    leader's own view (``view.determinize``) and keep those whose other hand is the real one.
    They are the stock's orders, equally likely; solved and averaged, they choose the move the
    lesson's ``seeing_the_other_hand`` chooses."""
    for seed in range(16):
        position = lesson_11["last_tricks"](seed)
        leader = position.current_player
        view = position.view(leader)
        rng = random.Random(seed)
        worlds: dict[tuple[Any, ...], Any] = {}
        while len(worlds) < 2:
            world = view.determinize(rng)
            if world.hand(1 - leader) == position.hand(1 - leader):
                worlds[world.stock] = world
        totals = Counter()
        for world in worlds.values():
            for move, values in cardlab.solve(world).move_values.items():
                totals[move] += values[leader]
        best = max(position.legal_moves(), key=lambda move: totals[move])
        assert best == lesson_11["seeing_the_other_hand"](position), seed


def test_lesson_11_the_worlds_behind_the_leaders_view_are_56(lesson_11):
    """Exercise 2, counted another way: every hand of 6 of the 8 unseen cards the other seat
    could hold (its plays and voids allowing), times the 2 orders of the other two."""
    position = lesson_11["last_tricks"](0)
    view = position.view(position.current_player)
    unseen = view.unseen_cards()
    hands = [hand for hand in combinations(unseen, 6) if view.could_hold(1 - view.seat, hand)]
    assert len(unseen) == 8 and len(hands) * 2 == 56


def test_lesson_11_the_class_run_reads_as_the_text_says():
    text = lesson_text("11")
    assert (
        "in these 16 deals knowing the stock's order changed the leader's points in 3 deals" in text
    )
    assert "while seeing the other hand changed 2, one for the better and one for the worse" in text
    printed = stored_output("11", 'for column in ("hand: worth", "stock order: worth"):')
    assert "hand: worth -0.25" in printed and "deals: 1 gained, 1 lost, 14 unchanged" in printed
    assert "stock order: worth +0.56" in printed and "deals: 3 gained, 0 lost, 13" in printed
    assert "deal 15: the move best on average" in text


FOUR_HUNDRED = {  # the text's table: (mean, low, high, gained, lost)
    "hand: worth": ("+0.12", "-0.03", "+0.27", 39, 22),
    "stock order: worth": ("+0.41", "+0.28", "+0.53", 57, 0),
    "everything": ("+0.53", "+0.38", "+0.67", 72, 0),
}


def test_lesson_11_quotes_the_400_deals_as_its_table_gives_them():
    text = lesson_text("11")
    assert "| the other hand | +0.12 points | -0.03 to +0.27 | 39, 22, 339 |" in text
    assert "| the stock's order as well | +0.41 points | +0.28 to +0.53 | 57, 0, 343 |" in text
    assert "| both (everything) | +0.53 points | +0.38 to +0.67 | 72, 0, 328 |" in text
    assert "(+0.12 points)" in text and "give 0.985" in text
    assert "more than three times as much (the difference of the two, deal by deal: +0.29" in text
    assert "points, 95% interval +0.06 to +0.52)" in text and 0.41 / 0.12 > 3
    assert f"{probability_favoured(39, 22):.3f}" == "0.985"


@pytest.mark.probe(seconds=900)
def test_lesson_11_the_400_deals_give_the_figures_the_text_quotes(lesson_11):
    """The lesson's own cells, run on seeds 0 to 399 (about 2 seconds a deal)."""
    last_tricks, leader_points = lesson_11["last_tricks"], lesson_11["leader_points"]
    worth: dict[str, list[int]] = {name: [] for name in FOUR_HUNDRED}
    for seed in range(400):
        position = last_tricks(seed)
        points = {
            s: leader_points(position, s, seed) for s in ("own view", "other hand", "everything")
        }
        worth["hand: worth"].append(points["other hand"] - points["own view"])
        worth["stock order: worth"].append(points["everything"] - points["other hand"])
        worth["everything"].append(points["everything"] - points["own view"])
    worth["stock order: worth - hand: worth"] = [
        stock - hand
        for stock, hand in zip(worth["stock order: worth"], worth["hand: worth"], strict=True)
    ]
    quoted = FOUR_HUNDRED | {
        "stock order: worth - hand: worth": ("+0.29", "+0.06", "+0.52", None, None)
    }
    for name, (mean, low, high, gained, lost) in quoted.items():
        values = worth[name]
        average = sum(values) / len(values)
        error = (sum((v - average) ** 2 for v in values) / (len(values) - 1) / len(values)) ** 0.5
        assert f"{average:+.2f}" == mean, name
        assert (f"{average - 1.96 * error:+.2f}", f"{average + 1.96 * error:+.2f}") == (low, high)
        if gained is not None:
            assert (sum(v > 0 for v in values), sum(v < 0 for v in values)) == (gained, lost)


# ------------------------------------------------------------- lesson 08: rising strength


@pytest.fixture(scope="module")
def lesson_08() -> dict[str, Any]:
    return lesson_code("08", "state = game.deal(seed=3)", "def collector(view):")


def test_lesson_08_the_checks_collector_is_the_lessons(lesson_08):
    from cardlab.exercises.bots import collector

    assert_same_moves(collector, lesson_08["collector"], lesson_08["counter"], "collector")


def assert_same_moves(first: Any, second: Any, player: Any, seeds: str) -> None:
    """``first`` and ``second`` choose the same move in every position of 30 two-player Mod Ten
    hands, dealt from ``seeds``-0 ..., that ``player`` plays in every seat."""
    game = cardlab.game("mod-ten", players=2)
    for seed in range(30):
        state = game.deal(seed=f"{seeds}-{seed}")
        while not state.is_over:
            view = state.view(state.current_player)
            assert first(view) == second(view), view
            state = state.play(player(view))


def test_lesson_08_the_text_reads_the_tournament_as_it_came_out():
    board = stored_output("08", "table = round_robin(game, bots, hands=100, seed=1)")
    rates = {line.split()[0]: line.split()[3] for line in board.splitlines()[2:]}
    text = lesson_text("08")
    assert (rates["collector"], rates["random"]) == ("0.447", "0.392")
    assert "Here `collector` (44.7%) and `random` (39.2%) differ by 5.5 points" in text
    duels = stored_output("08", "for a, b in duels:")
    for line in duels.splitlines()[2:]:
        *name, _share, low, high = line.split()
        assert float(low) > 0.5 or " ".join(name) == "first legal vs random", line
        if " ".join(name) == "first legal vs random":
            assert float(high) < 0.5


RISING = [  # (bot, opponent, hands, seed, wins the text quotes)
    ("first_legal", "random", 20_000, "measure", "45.6%"),
    ("collector", "random", 20_000, "measure", "52.7%"),
    ("counter", "random", 20_000, "measure", "77.5%"),
    ("collector", "first_legal", 10_000, "h2h", "61.3%"),
    ("counter", "collector", 10_000, "h2h", "72.2%"),
]


def test_lesson_08_quotes_the_long_duels():
    text = lesson_text("08")
    assert (
        "Over 20,000 hands against random, `first legal` wins 45.6%, `collector` 52.7% and" in text
    )
    assert "`counter` 77.5%; over 10,000 hands, `collector` beats `first legal` 61.3% of" in text
    assert "the time and `counter` beats `collector` 72.2%." in text


@pytest.mark.probe(seconds=400)
@pytest.mark.parametrize("duel", RISING, ids=lambda duel: f"{duel[0]}-{duel[1]}")
def test_lesson_08_the_bots_rise_in_strength_head_to_head(lesson_08, duel):
    bot, opponent, hands, seed, quoted = duel
    against = "random" if opponent == "random" else lesson_08[opponent]
    wins = share(lesson_08[bot], against, hands, seed)
    assert f"{wins / hands:.1%}" == quoted
    low, high = wilson_interval(wins, hands)
    assert low > 0.5 or high < 0.5  # each duel is decided, one way or the other


# ------------------------------------------------------------------ lesson 01: the edge


def test_lesson_01_two_ways_of_writing_the_hint_play_the_same_moves():
    """The tool's hinted bot (tools/check_pass_rates.py) and the solutions notebook's, move by
    move over 30 hands."""
    hinted = tool("check_pass_rates").lead_the_longest_suit
    (path,) = (NOTEBOOKS / "solutions").glob("01-*.ipynb")
    cells = json.loads(path.read_text())["cells"]
    (source,) = [text_of(c) for c in cells if "def lead_the_longest_suit" in text_of(c)]
    namespace: dict[str, Any] = {"check": lambda *args: True}
    exec(source.split("feedback = ")[0], namespace)  # noqa: S102
    assert_same_moves(hinted, namespace["lead_the_longest_suit"], hinted, "hint")


def test_lesson_01_names_the_part_of_the_hint_that_earns_the_edge():
    text = lesson_text("01")
    assert "**when you lead, lead a card of your longest suit.**" in text
    assert "that alone wins about 63% of the hands" in text
    assert (
        "add about 2 points more" in text and "(The first legal card leads your lowest club" in text
    )
    assert "every time: 46%.)" in text


@pytest.mark.probe(seconds=300)
def test_lesson_01_the_longest_suit_earns_the_edge():
    """Over 20,000 hands against random: the lead alone 62.6% ("about 63%"), the whole hint
    64.8% ("about 2 points more"), the first legal card 45.6% ("46%")."""
    rates = tool("check_pass_rates")
    alone = share(rates.longest_suit_alone, "random", 20_000, "measure")
    whole = share(rates.lead_the_longest_suit, "random", 20_000, "measure")
    first = share(rates.first_legal, "random", 20_000, "measure")
    assert round(100 * alone / 20_000) == 63
    assert round(100 * (whole - alone) / 20_000) == 2
    assert round(100 * first / 20_000) == 46


# ------------------------------------------------------------------ lesson 10: the solver


def test_lesson_10_says_how_many_positions_a_whole_deal_takes():
    printed = stored_output("10", "DEALS = 300  # about half a minute of solving")
    found = re.search(
        r"positions searched: ([\d,]+) for the middle deal, from ([\d,]+) to ([\d,]+)", printed
    )
    middle, _fewest, most = (int(group.replace(",", "")) for group in found.groups())
    assert 1_000 <= middle < 10_000 and 100_000 <= most < 1_000_000
    text = lesson_text("10")
    assert (
        "a few thousand positions as a rule, a few hundred thousand for the hardest deals" in text
    )
    leader = re.search(r"the other seat wins about one deal in (\d+)", printed).group(1)
    assert leader == "7" and "in about one deal in seven the other seat wins" in text


def test_lesson_10_no_longer_calls_two_player_mod_ten_open_handed():
    for name in ("10", "11"):
        assert "open-hand Mod Ten" not in lesson_text(name)
    guide = (NOTEBOOKS.parent / "docs" / "teachers.md").read_text()
    assert "open-hand" not in guide
    text = lesson_text("10")
    assert "needs two tricks" not in text
    assert "[lesson 11](11-information.ipynb)" in text
