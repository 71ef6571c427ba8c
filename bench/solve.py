"""Speed of the exact solver and of the pimc agent. Not a test.

Prints, for each workload, the median, 90th percentile, worst and mean time, the positions
searched and positions per second:

- Mod Ten, 2 players, single deck, from the deal: ``cardlab.solve(state)`` (every move's value
  and a line of play) and ``cardlab.solve(state, moves=False)`` (the deal's value alone);
- Mod Ten, 2 players, double deck: how many deals (and positions 20 moves in) are solved within
  the default budget;
- Two-Ten-Jack, the last six tricks (greedy play up to the moment the stock runs out), and a
  full face-up state with 8 cards left in the stock (greedy play up to then; a quarter as many
  deals);
- one ``pimc`` decision with its default worlds, at every turn of a few hands of each game.

Uses the public API only, so two checkouts compare on one machine:
``PYTHONPATH=/path/to/other/checkout python bench/solve.py``.

Times are CPU seconds (``time.process_time``), which a loaded machine disturbs less than wall
time. The every-move Mod Ten row is timed beside the plain memoized bitmask search of
bench/bitmask_baseline.py on the same deals (CPU time, alternating), the yardstick of issue 17.

Usage: ``python bench/solve.py [--deals 300] [--hands 4] [--game two-ten-jack]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import bitmask_baseline as baseline  # bench/ is on the path when this script runs

import cardlab
from cardlab.bots.specs import make_agent


def summary(label: str, times: list[float], positions: list[int] | None = None) -> None:
    """Print one workload's figures (the positions searched, when there are some)."""
    ordered = sorted(times)
    searched = ""
    if positions is not None:
        rate = sum(positions) / sum(times) if sum(times) else float("nan")
        searched = (
            f"  positions median {statistics.median(positions):9,.0f}  {rate:9,.0f} positions/s"
        )
    print(
        f"{label:44} n={len(times):4}  median {statistics.median(times) * 1000:8.1f} ms  "
        f"p90 {ordered[int(0.9 * (len(ordered) - 1))] * 1000:8.1f} ms  "
        f"worst {ordered[-1] * 1000:8.1f} ms  mean {statistics.fmean(times) * 1000:8.1f} ms"
        + searched,
        flush=True,
    )


def solve_all(label: str, states: list[cardlab.State], **options: object) -> None:
    """Solve each state and print the figures."""
    times, positions = [], []
    unsolved = 0
    for state in states:
        start = time.process_time()
        solution = cardlab.solve(state, **options)  # type: ignore[arg-type]
        times.append(time.process_time() - start)
        positions.append(solution.positions)
        unsolved += not solution.solved
    summary(label, times, positions)
    if unsolved:
        print(f"{'':44} {unsolved} of {len(states)} not solved within the budget")


def against_yardstick(deals: list[cardlab.State]) -> None:
    """Solve each deal (every move's value and a line) with ``cardlab.solve`` and with the plain
    memoized bitmask search of bench/bitmask_baseline.py, alternately, and print both and the
    ratio of their medians (issue 17's target: at most 0.5, and the worst deal under 1 s)."""
    solver_times, baseline_times, positions = [], [], []
    for state in deals:
        start = time.process_time()
        solution = cardlab.solve(state)
        solver_times.append(time.process_time() - start)
        positions.append(solution.positions)
        start = time.process_time()
        baseline.solve_deal(state)
        baseline_times.append(time.process_time() - start)
    summary("Mod Ten 2p single deck, deal, every move", solver_times, positions)
    summary("  the same with the plain bitmask search", baseline_times)
    ratio = statistics.median(solver_times) / statistics.median(baseline_times)
    print(f"{'':44} solver / bitmask search, medians: {ratio:.2f}", flush=True)


def played_until(
    state: cardlab.State, done: Callable[[cardlab.State], bool], seed: int
) -> cardlab.State:
    """``state`` played on greedily, every seat, until ``done`` says stop."""
    agent = make_agent("greedy", seed=seed)
    while not state.is_over and not done(state):
        state = state.play(agent(state.view(state.current_player or 0)))
    return state


def pimc_decisions(name: str, options: dict[str, object], hands: int) -> None:
    """Time every pimc decision of ``hands`` hands, pimc against greedy."""
    game = cardlab.game(name, **options)
    pimc, greedy = make_agent("pimc", seed=1), make_agent("greedy", seed=1)
    times = []
    for seed in range(hands):
        state = game.deal(seed=seed)
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            if seat == 0:
                start = time.process_time()
                move = pimc(view)
                times.append(time.process_time() - start)
            else:
                move = greedy(view)
            state = state.play(move)
    summary(f"pimc decision, {name}", times)


def main() -> None:
    """Run every workload and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="Mod Ten deals solved")
    parser.add_argument("--hands", type=int, default=4, help="hands of pimc decisions per game")
    parser.add_argument(
        "--game", choices=("all", "mod-ten", "two-ten-jack"), default="all", help="rows to run"
    )
    args = parser.parse_args()
    if args.game != "two-ten-jack":
        mod_ten_rows(args.deals)
    if args.game != "mod-ten":
        two_ten_jack_rows(args.deals)
        pimc_decisions("two-ten-jack", {}, args.hands)
    if args.game != "two-ten-jack":
        pimc_decisions("mod-ten", {"players": 2}, args.hands)


def mod_ten_rows(deals_solved: int) -> None:
    """The Mod Ten rows: single deck against the yardstick, double deck within a budget."""
    single = cardlab.game("mod-ten", players=2, deck="single", open_hands=True)
    deals = [single.deal(seed=seed) for seed in range(deals_solved)]
    solve_all("Mod Ten 2p single deck, deal, value alone", deals, moves=False)
    against_yardstick(deals)

    double = cardlab.game("mod-ten", players=2, deck="double", open_hands=True)
    few = max(1, deals_solved // 30)
    solve_all(
        "Mod Ten 2p double deck, deal, value alone",
        [double.deal(seed=s) for s in range(few)],
        moves=False,
        max_positions=200_000,
    )
    later = [
        played_until(double.deal(seed=s), lambda st: len(st.moves) >= 30, s) for s in range(few)
    ]
    solve_all(
        "Mod Ten 2p double deck, 30 moves in, value", later, moves=False, max_positions=200_000
    )


def two_ten_jack_rows(deals: int) -> None:
    """The Two-Ten-Jack rows: the last six tricks, and full states with 8 cards in the stock."""
    ttj = cardlab.game("two-ten-jack")
    endgames = [
        played_until(ttj.deal(seed=s), lambda st: not st.stock and not st.trick, s)
        for s in range(deals)
    ]
    solve_all("Two-Ten-Jack, last six tricks, every move", endgames)
    solve_all("Two-Ten-Jack, last six tricks, value alone", endgames, moves=False)
    face_up = [
        played_until(ttj.deal(seed=s), lambda st: len(st.stock) <= 8 and not st.trick, s)
        for s in range(max(1, deals // 4))
    ]
    solve_all("Two-Ten-Jack, 8 in the stock, every move", face_up)


if __name__ == "__main__":
    main()
