"""How often the open-bot checks pass the strategy their hint leads to, on fresh seeds.

    .venv/bin/python tools/check_pass_rates.py              # every open-bot check, 200 seeds each
    .venv/bin/python tools/check_pass_rates.py --seeds 50 mod-ten.6

An open exercise (a bot that beats random, ...) is fair when a student who implements its hint
correctly is told "Right!" whatever the deal: the check's own seed must not be the reason it
passes. For each check this prints

- the hinted strategy's own figure over many hands (its win share or mean score, with its 95%
  interval), from which the check's mark was set (``cardlab.exercises.play.Bar``);
- how many of N fresh seeds (``"fresh-0"``, ``"fresh-1"`` ...) the check passes with that
  strategy, with the 95% interval of that pass rate (it should lie at or above 0.95);
- the same for the lesson's placeholder bot (the first legal move), which should fail.

The figures are quoted in the checks' feedback and in docs/teachers.md.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from typing import Any

import cardlab
from cardlab.engine.core import View
from cardlab.engine.moves import Move
from cardlab.exercises import bots, chinese_ten, mod_ten, two_ten_jack
from cardlab.games import chinese_ten as c10
from cardlab.games import two_ten_jack as ttj
from cardlab.simulation.stats import wilson_interval


def leave_a_five(view: Any) -> Move:
    """Lesson 01's hint: collect when a card can; otherwise leave a table ending in 5, which no
    card collects (there are no 5s); otherwise the highest card."""
    legal = view.legal_moves()
    for wanted in (0, 5):
        for move in legal:
            if (view.table_sum + move.card.number) % 10 == wanted:
                return move
    return max(legal, key=lambda move: move.card.number)


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


CHECKS: dict[str, tuple[Callable[..., Any], str, dict[str, Any], Any, Any, Callable[..., Any]]] = {
    "mod-ten.6": (
        mod_ten.bot_beats_random,
        "mod-ten",
        {"players": 2},
        "random",
        mod_ten.BEAT_RANDOM,
        leave_a_five,
    ),
    "chinese-ten-scoring.5": (
        chinese_ten.bot_above_par,
        "chinese-ten",
        {},
        "random",
        chinese_ten.ABOVE_PAR,
        capture_when_able,
    ),
    "two-ten-jack.6": (
        two_ten_jack.bot_that_scores,
        "two-ten-jack",
        {},
        "random",
        two_ten_jack.MORE_THAN_HALF,
        win_what_is_worth,
    ),
    "bots.2": (
        bots.beat_the_collector,
        "mod-ten",
        {"players": 2},
        bots.collector,
        bots.BEAT_COLLECTOR,
        leave_a_five,
    ),
}
"""Each open-bot check: its function, its game and opponent, its bar and its hinted strategy."""


def strength(name: str, hands: int) -> str:
    """The hinted strategy's figure over ``hands`` hands, in words."""
    _check, game_name, options, opponent, bar, hinted = CHECKS[name]
    game = cardlab.game(game_name, **options)
    agents = [hinted] + [opponent] * (game.players - 1)
    table = cardlab.simulate(game, agents, games=hands, seed="measure", progress=False)
    if bar.measure == "wins":
        wins = int((table["winner"] == 0).sum())
        low, high = wilson_interval(wins, hands)
        return f"wins {wins:,} of {hands:,}: {wins / hands:.1%} ({low:.1%} to {high:.1%})"
    scores = table["score_0"].astype(float)
    half = 1.96 * scores.std() / math.sqrt(hands)
    mean = scores.mean()
    return f"scores {mean:.2f} a hand ({mean - half:.2f} to {mean + half:.2f}) over {hands:,}"


def pass_rate(name: str, bot: Any, seeds: int) -> str:
    """How many of ``seeds`` fresh seeds the check passes ``bot`` on, with the interval."""
    check = CHECKS[name][0]
    passed = sum(bool(check(bot, seed=f"fresh-{index}")) for index in range(seeds))
    low, high = wilson_interval(passed, seeds)
    return f"passes {passed} of {seeds} fresh seeds: {passed / seeds:.3f} ({low:.3f} to {high:.3f})"


def main(argv: list[str] | None = None) -> int:
    """Print, for each check named (default: all), the hinted strategy's figure and the pass
    rates on fresh seeds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checks", nargs="*", default=sorted(CHECKS))
    parser.add_argument("--seeds", type=int, default=200, help="fresh seeds per check")
    parser.add_argument("--hands", type=int, default=20_000, help="hands to measure a strategy")
    parser.add_argument(
        "--placeholder-seeds", type=int, default=20, help="seeds for the placeholder"
    )
    args = parser.parse_args(argv)
    for name in args.checks:
        started = time.perf_counter()
        bar, hinted = CHECKS[name][4], CHECKS[name][5]
        print(f"{name}: {bar.hands:,} hands a check, mark {bar.mark:g} ({bar.measure})")
        print(f"  hinted ({hinted.__name__}) {strength(name, args.hands)}", flush=True)
        print(f"  hinted {pass_rate(name, hinted, args.seeds)}", flush=True)
        print(f"  placeholder {pass_rate(name, first_legal, args.placeholder_seeds)}", flush=True)
        print(f"  ({time.perf_counter() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
