"""How often the open-bot checks pass right, alternative, borderline and wrong designs.

    .venv/bin/python tools/check_pass_rates.py                 # every open-bot check
    .venv/bin/python tools/check_pass_rates.py mod-ten.6 --seeds 50

An open exercise (a bot that beats random, ...) is fair when a student who implements its hint
correctly is told "Right!" whatever the deal, and a bot that does not do what the exercise asks
(no better than its opponent, say) is told "Not yet" whatever the deal: the check's own seed
must not be the reason for its verdict. For each check and each design of bot it knows (the
hinted one, other right ones, borderline ones that barely meet the goal, wrong ones), this
prints

- the design's own figure over many hands (its win share, or its mean score with its standard
  deviation), with its 95% interval;
- the chance that the check passes a bot of exactly that strength, *computed*: for a share of
  wins, the binomial chance of reaching the mark in the check's hands; for a mean score, the
  normal chance that the check's 95% interval lies above the mark (the mean of the check's hands
  is normal by the central limit theorem, with the measured standard deviation);
- with ``--seeds N``, how many of N fresh seeds (``"fresh-0"``, ``"fresh-1"`` ...) the check
  passes it on: the same chance, simulated.

The figures are quoted in the checks' feedback, in the lessons and in docs/teachers.md;
tests/test_exercises.py holds the chances.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import cardlab
from cardlab.engine.core import View
from cardlab.engine.moves import Move
from cardlab.exercises import bots, chinese_ten, mod_ten, two_ten_jack
from cardlab.exercises.play import Bar
from cardlab.games import chinese_ten as c10
from cardlab.games import two_ten_jack as ttj
from cardlab.simulation.stats import Z95, probability_favoured, wilson_interval

# ------------------------------------------------------------------------ Mod Ten designs


def _lands_on(view: Any, move: Move, wanted: int) -> bool:
    """True when ``move`` leaves the table's sum ending in ``wanted`` (0: it collects)."""
    return bool((view.table_sum + move.card.number) % 10 == wanted)


def _collect_or_leave_a_five(view: Any) -> Move | None:
    """A card that collects the table, else one that leaves it ending in 5 (which no card
    collects: there are no 5s); None when there is neither."""
    for wanted in (0, 5):
        for move in view.legal_moves():
            if _lands_on(view, move, wanted):
                return move
    return None


def _by_suit_length(view: Any, longest: bool) -> Move:
    """Leading, the lowest card of the longest suit (or the shortest); following, the first
    legal card (every legal card is of the led suit)."""
    legal = view.legal_moves()
    if view.table:
        return legal[0]
    length = Counter(card.suit for card in view.hand)
    sign = -1 if longest else 1
    return min(legal, key=lambda move: (sign * length[move.card.suit], move.card.number))


def lead_the_longest_suit(view: Any) -> Move:
    """Lesson 01's hint: collect when a card can; otherwise leave a table ending in 5;
    otherwise, leading, the lowest card of the longest suit."""
    return _collect_or_leave_a_five(view) or _by_suit_length(view, longest=True)


def longest_suit_alone(view: Any) -> Move:
    """Only the lead of lesson 01's hint: leading, the lowest card of the longest suit;
    otherwise the first legal card."""
    return _by_suit_length(view, longest=True)


def shortest_suit(view: Any) -> Move:
    """Lesson 01's hint with the lead turned round: the shortest suit (a wrong design)."""
    return _collect_or_leave_a_five(view) or _by_suit_length(view, longest=False)


def leave_a_five(view: Any) -> Move:
    """Lesson 01's former hint: collect; otherwise leave a table ending in 5; otherwise the
    highest card."""
    return _collect_or_leave_a_five(view) or highest_card(view)


def highest_card(view: Any) -> Move:
    """The highest legal card, and nothing else (a borderline design: it barely beats
    random)."""
    return max(view.legal_moves(), key=lambda move: move.card.number)


def counter(view: Any) -> Move:
    """Lesson 08's third bot: collect; otherwise leave a table that the fewest unseen cards
    collect."""
    legal = view.legal_moves()
    for move in legal:
        if _lands_on(view, move, 0):
            return move
    unseen = Counter((card.suit, card.number) for card in view.unseen_cards())

    def danger(move: Move) -> int:
        gap = 10 - (view.table_sum + move.card.number) % 10
        return unseen[(move.card.suit, gap)]

    return min(legal, key=danger)


# -------------------------------------------------------------- Chinese Ten, Two-Ten-Jack


def capture_when_able(view: Any) -> Move:
    """Lesson 03's hint at its plainest: play a card that captures, if any; otherwise the first
    legal move."""
    legal = view.legal_moves()
    for move in legal:
        if move.target or c10.targets_on(move.card, view.table):
            return move
    return legal[0]


def win_what_is_worth(view: Any) -> Move:
    """Lesson 04's hint at its plainest: lead the first legal card; when following, win a trick
    worth points and lose one that costs."""
    legal = view.legal_moves()
    if not view.trick:
        return legal[0]
    led = view.trick[0][1]

    def value(move: Move) -> int:
        worth = ttj.card_points(led) + ttj.card_points(move.card)
        wins = ttj.winning_card([led, move.card], view.led_suit) == move.card
        return worth if wins else -worth

    return max(legal, key=value)


def first_legal(view: View) -> Move:
    """The lessons' placeholder bot."""
    return view.legal_moves()[0]


# ----------------------------------------------------------------------- the checks' designs


@dataclass(frozen=True)
class Design:
    """A bot a student might give, and what the check should say to it."""

    label: str
    kind: str
    """"right" (the hint), "alternative" (another right bot), "borderline" (barely meets the
    goal, or barely misses it) or "wrong" (does not do what is asked)."""
    bot: Callable[..., Any] | str


@dataclass(frozen=True)
class OpenCheck:
    """An open-bot check: its function, its game and opponent, its bar and the designs tried."""

    check: Callable[..., Any]
    game: str
    options: dict[str, Any]
    opponent: Any
    bar: Bar
    designs: tuple[Design, ...]

    @property
    def hinted(self) -> Any:
        """The bot the exercise's hint leads to."""
        return self.designs[0].bot


NO_BETTER_THAN_RANDOM = (
    Design("a random player", "wrong", "random"),
    Design("the first legal card (the placeholder)", "wrong", first_legal),
)
"""The wrong designs of every check against random players."""

CHECKS: dict[str, OpenCheck] = {
    "mod-ten.6": OpenCheck(
        mod_ten.bot_beats_random,
        "mod-ten",
        {"players": 2},
        "random",
        mod_ten.BEAT_RANDOM,
        (
            Design("the hint: longest suit, collect, leave a 5", "right", lead_the_longest_suit),
            Design("the longest suit alone", "alternative", longest_suit_alone),
            Design(
                "collect, leave a 5, highest card (the former hint)", "alternative", leave_a_five
            ),
            Design("lesson 08's counter", "alternative", counter),
            Design("the highest card alone", "borderline", highest_card),
            *NO_BETTER_THAN_RANDOM,
            Design("the hint with the shortest suit", "wrong", shortest_suit),
        ),
    ),
    "chinese-ten-scoring.5": OpenCheck(
        chinese_ten.bot_above_par,
        "chinese-ten",
        {},
        "random",
        chinese_ten.ABOVE_PAR,
        (
            Design("the hint: capture when able", "right", capture_when_able),
            Design("the greedy bot", "alternative", "greedy"),
            *NO_BETTER_THAN_RANDOM,
        ),
    ),
    "two-ten-jack.6": OpenCheck(
        two_ten_jack.bot_that_scores,
        "two-ten-jack",
        {},
        "random",
        two_ten_jack.ABOVE_SHARE,
        (
            Design("the hint: win what is worth points", "right", win_what_is_worth),
            Design("the greedy bot", "alternative", "greedy"),
            *NO_BETTER_THAN_RANDOM,
        ),
    ),
    "bots.2": OpenCheck(
        bots.beat_the_collector,
        "mod-ten",
        {"players": 2},
        bots.collector,
        bots.BEAT_COLLECTOR,
        (
            Design(
                "lesson 01's hint: longest suit, collect, leave a 5", "right", lead_the_longest_suit
            ),
            Design("lesson 08's counter", "alternative", counter),
            Design("collector itself", "wrong", bots.collector),
            Design("the first legal card (the placeholder)", "wrong", first_legal),
        ),
    ),
}
"""Each open-bot check, with the designs it is tried on (the hinted one first)."""


@dataclass(frozen=True)
class Figure:
    """What a design does over many hands: its share of wins, or its mean score."""

    hands: int
    mean: float
    """The share of hands won (``measure="wins"``) or the mean score."""
    spread: float | None = None
    """The standard deviation of one hand's score (None for a share of wins)."""

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`mean` (Wilson for a share)."""
        if self.spread is None:
            return wilson_interval(round(self.mean * self.hands), self.hands)
        half = Z95 * self.spread / math.sqrt(self.hands)
        return self.mean - half, self.mean + half


def measure(name: str, bot: Any, hands: int, seed: str = "measure") -> Figure:
    """``bot``'s figure in check ``name``'s game against its opponent, over ``hands`` hands."""
    check = CHECKS[name]
    game = cardlab.game(check.game, **check.options)
    agents = [bot] + [check.opponent] * (game.players - 1)
    table = cardlab.simulate(game, agents, games=hands, seed=seed, progress=False)
    if check.bar.measure == "wins":
        return Figure(hands, float((table["winner"] == 0).mean()))
    scores = table["score_0"].astype(float)
    return Figure(hands, float(scores.mean()), float(scores.std()))


def pass_chance(bar: Bar, figure: Figure) -> float:
    """The chance that a check with ``bar`` passes a bot whose true figure is ``figure.mean``:
    for a share, P(Binomial(bar.hands, share) >= the mark's wins), summed exactly; for a mean
    score, the normal chance that the check's interval lies above the mark."""
    if bar.measure == "wins":
        needed = math.ceil(bar.mark * bar.hands - 1e-9)
        return binomial_tail(bar.hands, figure.mean, needed)
    assert figure.spread is not None  # a mean score has its spread
    error = figure.spread / math.sqrt(bar.hands)
    return NormalDist().cdf((figure.mean - bar.mark) / error - Z95)


def binomial_tail(trials: int, chance: float, least: int) -> float:
    """P(Binomial(trials, chance) >= least): one minus the chance of at most ``least - 1``
    successes, which :func:`cardlab.simulation.stats.probability_favoured` sums exactly."""
    if least <= 0:
        return 1.0
    if least > trials:
        return 0.0
    return 1.0 - probability_favoured(least - 1, trials - least, chance)


def fresh_passes(name: str, bot: Any, seeds: int) -> int:
    """How many of ``seeds`` fresh seeds check ``name`` passes ``bot`` on."""
    check = CHECKS[name].check
    return sum(bool(check(bot, seed=f"fresh-{index}")) for index in range(seeds))


def figure_text(bar: Bar, figure: Figure) -> str:
    """A design's figure in words, with its interval."""
    low, high = figure.interval
    if bar.measure == "wins":
        return f"wins {figure.mean:.5f}: {figure.mean:.1%} ({low:.1%} to {high:.1%})"
    return f"scores {figure.mean:.4f} ({low:.2f} to {high:.2f}), sd {figure.spread:.4f}"


def main(argv: list[str] | None = None) -> int:
    """Print, for each check named (default: all), every design's figure and pass chance."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checks", nargs="*", default=sorted(CHECKS))
    parser.add_argument("--hands", type=int, default=20_000, help="hands to measure a design")
    parser.add_argument("--seeds", type=int, default=0, help="fresh seeds to try each design on")
    args = parser.parse_args(argv)
    for name in args.checks:
        bar = CHECKS[name].bar
        print(f"{name}: {bar.hands:,} hands a check, mark {bar.mark:g} ({bar.measure})")
        for design in CHECKS[name].designs:
            started = time.perf_counter()
            figure = measure(name, design.bot, args.hands)
            line = (
                f"  {design.kind:11} {design.label}: {figure_text(bar, figure)} over "
                f"{args.hands:,}; passes {pass_chance(bar, figure):.4f}"
            )
            if args.seeds:
                passed = fresh_passes(name, design.bot, args.seeds)
                line += f", {passed} of {args.seeds} fresh seeds"
            print(f"{line} ({time.perf_counter() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
