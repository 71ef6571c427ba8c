"""A clock for the tests of time budgets: one that moves on by a fixed step each time it is
read, so that a budget in seconds runs out after a known number of readings."""

from __future__ import annotations


class Ticking:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float = 1.0) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now
