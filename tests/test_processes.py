"""simulate() in a process of its own, as a notebook kernel runs it: interrupted by SIGINT sent
to that process only (a notebook's stop button), or killed outright.

The agent sleeps at every move and logs the process it runs in, so that the test knows which
processes are the workers and how many hands each had finished: Two-Ten-Jack hands always take
52 moves, so a worker whose agent has been called 52 k + 1 times has finished k hands.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
import time
from collections import Counter

import pytest

psutil = pytest.importorskip("psutil")
pd = pytest.importorskip("pandas")

import cardlab  # noqa: E402
from cardlab.simulation.many_games import chunk_size  # noqa: E402

MOVES_PER_HAND = 52
GAMES = 200

SCRIPT = textwrap.dedent(
    """
    import json, os, sys, time, warnings
    import cardlab

    LOG = sys.argv[2]

    def sleepy(view):
        with open(LOG, "a") as log:
            log.write(f"{os.getpid()}\\n")
        time.sleep(0.004)
        return view.legal_moves()[0]

    if __name__ == "__main__":
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            table = cardlab.simulate(
                "two-ten-jack", [sleepy], games=int(sys.argv[3]), seed=5,
                workers=int(sys.argv[1]), progress=False,
            )
        print(json.dumps({
            "games": table["game"].tolist(),
            "moves": table["moves"].tolist(),
            "winners": table["winner"].astype("Int64").fillna(-1).tolist(),
            "complete": table.attrs["complete"],
            "warnings": [str(warning.message) for warning in caught],
        }))
    """
)


def calls_by_process(log):
    try:
        return Counter(int(line) for line in log.read_text().split())
    except FileNotFoundError:
        return Counter()


def start(tmp_path, workers, games=GAMES):
    script, log = tmp_path / "run.py", tmp_path / "calls.log"
    script.write_text(SCRIPT)
    process = subprocess.Popen(
        [sys.executable, str(script), str(workers), str(log), str(games)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return process, log


def wait_for(log, processes, hands, timeout=120):
    """Wait until ``processes`` processes have called the agent and, together, finished at
    least ``hands`` hands; the calls per process then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        calls = calls_by_process(log)
        if len(calls) >= processes and finished(calls) >= hands:
            return calls
        time.sleep(0.05)
    raise AssertionError(f"the run did not get going: {calls_by_process(log)}")


def finished(calls):
    return sum((count - 1) // MOVES_PER_HAND for count in calls.values())


@pytest.mark.parametrize("workers", [1, 2])
def test_sigint_to_the_parent_alone_returns_every_finished_hand_within_seconds(tmp_path, workers):
    process, log = start(tmp_path, workers)
    try:
        calls = wait_for(log, workers, hands=3)
        interrupted = time.monotonic()
        process.send_signal(signal.SIGINT)  # to this process only, as Jupyter does
        out, err = process.communicate(timeout=60)
        seconds = time.monotonic() - interrupted
    finally:
        process.kill()
    assert process.returncode == 0, err
    assert seconds < 10
    result = json.loads(out)
    assert result["complete"] is False
    assert result["warnings"] == [
        f"interrupted: returning the {len(result['games'])} hands finished so far (of {GAMES})"
    ]
    games = result["games"]
    assert len(games) >= finished(calls)  # every hand finished before the interrupt, at least
    assert games == sorted(set(games))
    # What came back is, chunk by chunk, the first hands of the chunk: nothing skipped.
    size = chunk_size(GAMES, max(workers, 1)) if workers > 1 else GAMES
    for chunk in {game // size for game in games}:
        mine = [game for game in games if game // size == chunk]
        assert mine == list(range(chunk * size, chunk * size + len(mine)))
    # And they are the very hands the same seed gives without interruption.
    expected = (
        cardlab.simulate(
            "two-ten-jack",
            lambda view: view.legal_moves()[0],
            games=max(games) + 1,
            seed=5,
            progress=False,
        )
        .set_index("game")
        .loc[games]
    )
    assert result["moves"] == expected["moves"].tolist()
    assert result["winners"] == expected["winner"].astype("Int64").fillna(-1).tolist()
    # No worker is left running.
    gone, alive = psutil.wait_procs(
        [psutil.Process(pid) for pid in calls if psutil.pid_exists(pid)], timeout=10
    )
    assert not alive


def test_no_worker_outlives_a_killed_parent(tmp_path):
    process, log = start(tmp_path, 2)
    alive = descendants = []
    try:
        calls = wait_for(log, 2, hands=0)
        workers = [psutil.Process(pid) for pid in calls]
        assert all(worker.ppid() == process.pid for worker in workers)
        descendants = psutil.Process(process.pid).children(recursive=True)
        process.kill()
        process.wait(timeout=30)
        gone, alive = psutil.wait_procs(descendants, timeout=15)
        survivors = [(survivor.pid, survivor.cmdline()) for survivor in alive]
    finally:
        process.kill()
        for survivor in alive if alive else descendants:  # leave nothing behind either way
            if survivor.is_running():
                survivor.kill()
    assert not survivors, survivors
