"""The explorer's timeline, in plain Python (no widgets): the states of one hand, the index of
the one shown, the bots that play ahead, and the recorded moves when a record was opened.

The explorer draws :attr:`Timeline.state`; every button and click moves :attr:`Timeline.index`
or replaces the future. Bots are functions of a view (:data:`cardlab.bots.agents.Agent`).

>>> import cardlab
>>> from cardlab.widgets.explorer.timeline import Timeline
>>> first = cardlab.game("mod-ten", players=2).deal(seed=3)
>>> timeline = Timeline(first)
>>> timeline.branch(first.play("3C"))
>>> timeline.index, len(timeline.states), str(timeline.state.moves[-1])
(1, 2, '3C')
>>> timeline.go_to(-5)
>>> timeline.index, timeline.at_start
(0, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Literal

from cardlab.engine.core import Agent, State
from cardlab.widgets.explorer.bots import BotFailed, bot_move

Slow = Callable[[State], bool]
"""True when the bot to move at a state must think in the background instead of at once."""
Stop = Literal["reached", "slow", "failed"]
"""Why bots playing on stopped: the place asked for was reached, a slow bot is to move, or a
bot failed."""


class Timeline:
    """The states of a hand from the first one shown to the last one the bots played.

    ``recorded`` holds a recorded hand's states when the timeline was opened from a record.
    """

    def __init__(self, first: State, recorded: Sequence[State] | None = None) -> None:
        self.states: list[State] = list(recorded) if recorded is not None else [first]
        """The states, in order: ``states[0]`` is the start."""
        self.index = 0
        """The index in :attr:`states` of the state shown."""
        self.recorded: list[State] | None = None if recorded is None else list(recorded)
        """The recorded hand's states, when opened from a record."""
        self.failure: tuple[State, BotFailed] | None = None
        """The last bot failure, with the state where its bot failed."""

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> State:
        """The state shown."""
        return self.states[self.index]

    @property
    def last(self) -> State:
        """The last state the bots played to."""
        return self.states[-1]

    @property
    def at_start(self) -> bool:
        """True when the state shown is the first."""
        return self.index == 0

    @property
    def at_end(self) -> bool:
        """True when the state shown is the last and the hand is over there."""
        return self.index == len(self.states) - 1 and self.last.is_over

    def failure_at(self, state: State) -> BotFailed | None:
        """The bot failure to show at ``state``, if its bot failed there."""
        if self.failure is not None and self.failure[0] is state:
            return self.failure[1]
        return None

    def left_record_at(self) -> int | None:
        """The move number where the states leave the recorded moves (None: they follow
        them, or no record was opened)."""
        if self.recorded is None:
            return None
        for index, (ours, theirs) in enumerate(zip(self.states, self.recorded, strict=False)):
            if ours is not theirs:
                return index
        if len(self.states) < len(self.recorded):
            return len(self.states)
        return None

    # ------------------------------------------------------------------ moving
    def go_to(self, index: int) -> None:
        """Show the state at ``index``, kept within the states there are."""
        self.index = max(0, min(index, len(self.states) - 1))

    def go_to_last(self) -> None:
        """Show the last state."""
        self.index = len(self.states) - 1

    def skip_to(self, seat: int | None) -> None:
        """With ``seat`` (the user's), move on over the bots' moves to that seat's turn."""
        if seat is None:
            return
        while self.index < len(self.states) - 1 and self.state.current_player != seat:
            self.index += 1

    # ------------------------------------------------------------------ changing the future
    def branch(self, after: State) -> None:
        """Replace the future of the state shown by ``after`` and show it."""
        self.states[self.index + 1 :] = [after]
        self.failure = None
        self.index += 1

    def forget_future(self) -> None:
        """Drop the states after the one shown (their bots will play them again)."""
        del self.states[self.index + 1 :]
        self.failure = None

    def back_to_record(self) -> None:
        """Put the recorded moves back in place of the moves played since leaving them."""
        assert self.recorded is not None, "back_to_record needs a record"
        self.states = list(self.recorded)
        self.index = min(self.index, len(self.states) - 1)
        self.failure = None

    # ------------------------------------------------------------------ bots
    def bot_plays(self, bots: Sequence[Agent]) -> bool:
        """The bot of the seat to move at the last state makes its move; its failure is kept
        to be shown there. True if it moved."""
        state = self.last
        seat = state.current_player
        assert seat is not None
        try:
            after = bot_move(state, bots[seat])
        except BotFailed as failure:
            self.failure = (state, failure)
            return False
        self.states.append(after)
        return True

    def play_ahead(
        self, bots: Sequence[Agent], human: int | None, slow: Slow, seconds: float
    ) -> bool:
        """Bots play from the last state: to seat ``human``'s turn, or (``human`` None) to
        the end of the hand for at most ``seconds``. True when they stopped at a ``slow``
        bot, which must think in the background."""
        deadline = time.perf_counter() + seconds
        while not self.last.is_over and self.last.current_player != human:
            if slow(self.last):
                return True
            if not self.bot_plays(bots):
                return False
            if human is None and time.perf_counter() > deadline:
                return False
        return False

    def play_to(self, index: int | None, bots: Sequence[Agent], slow: Slow) -> Stop:
        """Bots play on until the states reach ``index`` (None: the end of the hand); "slow"
        when they stopped at a ``slow`` bot, "failed" when a bot failed."""
        while not self.last.is_over and (index is None or len(self.states) - 1 < index):
            if slow(self.last):
                return "slow"
            if not self.bot_plays(bots):
                return "failed"
        return "reached"


__all__ = ["Slow", "Stop", "Timeline"]
