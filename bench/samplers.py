"""How long Mod Ten's sampler of hidden hands (``deal_unseen``) takes a deal, on ordinary views
and on the constrained five-player view that the rejection sampler gave up on (strength-39).

For each set of views, each view is dealt ``--calls`` times from one seeded generator (as a bot
deals its worlds from one view), in several rounds; it prints the median CPU microseconds a
deal over the rounds, and how many calls gave up (raised). The cache of counted deals, where
there is one, is emptied at the start of each round, so its filling is in the figure. To
compare two versions, run it in each tree (a ``git worktree`` of the previous commit) with the
same venv::

    python bench/samplers.py
    PYTHONPATH=/tmp/base python bench/samplers.py      # the previous commit's cardlab

Measured so when the counts came in (a loaded two-core machine; before: main at 28c7ae7, the
rejection sampler alone, which gave up after 100,000 proposals; median us a deal)::

    views                         before      after
    5 players, strength-39        418,000     46     (before: 10 of 20 calls gave up)
    4 players, any view           38.0        35.4
    4 players, a void known       44.6        43.9
    5 players, a void known       45.7        50.5

(The rejection sampler keeps about one proposal in 62,000 on strength-39's view, so it gives
up on about one call in five; another run of 50 calls had 15 give up.)
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

import cardlab
from cardlab.games.mod_ten import ModTenView, fast
from cardlab.play.records import replay

STRENGTH_39 = Path(__file__).resolve().parent.parent / "tests" / "records" / "strength-39.json"
"""The five-player hand on which ``mc`` stopped in bench/strength.py: the view of the seat to
move at its end is the reproducer of the sampler's give-up (tests/test_samplers.py's too)."""


def view_of_mover(state: cardlab.State) -> ModTenView:
    """The view of the seat to move."""
    assert state.current_player is not None
    view = state.view(state.current_player)
    assert isinstance(view, ModTenView)
    return view


def reproducer() -> list[ModTenView]:
    """The view of the seat to move at the end of :data:`STRENGTH_39`."""
    return [view_of_mover(replay(json.loads(STRENGTH_39.read_text())))]


def ordinary(players: int, count: int, constrained: bool) -> list[ModTenView]:
    """``count`` views of the seat to move in seeded random hands of Mod Ten, every third move,
    only those where another seat is known to lack a suit if ``constrained``."""
    game = cardlab.game("mod-ten", players=players)
    views: list[ModTenView] = []
    seed = 0
    while len(views) < count:
        seed += 1
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        moves = 0
        while not state.is_over and len(views) < count:
            view = view_of_mover(state)
            known = any(view.voids[seat] for seat in range(players) if seat != view.seat)
            if moves % 3 == 0 and (known or not constrained):
                views.append(view)
            state = state.play(rng.choice(state.legal_moves()))
            moves += 1
    return views


def one_round(views: list[ModTenView], calls: int) -> tuple[float, int]:
    """CPU seconds to deal every view ``calls`` times, and how many calls gave up."""
    cache_clear = getattr(getattr(fast, "allowed_deals", None), "cache_clear", None)
    if cache_clear is not None:
        cache_clear()
    gave_up = 0
    started = time.process_time()
    for number, view in enumerate(views):
        rng = random.Random(number)
        for _ in range(calls):
            try:
                fast.deal_unseen(view, rng)
            except AssertionError:
                gave_up += 1
    return time.process_time() - started, gave_up


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=100, help="deals of each view a round")
    parser.add_argument("--views", type=int, default=40, help="views of each ordinary set")
    parser.add_argument(
        "--hard-calls", type=int, default=10, help="deals of strength-39's view a round"
    )
    args = parser.parse_args()
    print(f"cardlab from {fast.__file__}")
    sets = [
        ("5 players, strength-39 (1 view)", reproducer(), args.hard_calls),
        ("4 players, any view", ordinary(4, args.views, False), args.calls),
        ("4 players, a void known", ordinary(4, args.views, True), args.calls),
        ("5 players, a void known", ordinary(5, args.views, True), args.calls),
    ]
    print(f"{'views':<34} {'calls':>7} {'median us/deal':>15} {'gave up':>8}")
    for label, views, calls in sets:
        times, gave_up = [], 0
        for _ in range(args.rounds):
            seconds, failed = one_round(views, calls)
            times.append(seconds)
            gave_up += failed
        total = len(views) * calls
        per_deal = statistics.median(times) / total * 1e6
        print(f"{label:<34} {total:>7} {per_deal:>15.1f} {gave_up:>8}")


if __name__ == "__main__":
    main()
