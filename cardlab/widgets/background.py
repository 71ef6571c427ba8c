"""Work that runs beside the notebook (a thread), so that the kernel keeps answering clicks.

A :class:`Task` is the ticket of one piece of such work: the widget keeps the ticket of the
work it is waiting for, and the work checks :attr:`Task.cancelled` between steps and writes
its result only if its ticket is still the one the widget waits for. With ``background=False``
the work runs at once, in the caller's thread: what headless tests use.

>>> ran = []
>>> start(lambda: ran.append("done"), background=False) is None
True
>>> ran
['done']
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class Task:
    """The ticket of one piece of work that can be cancelled."""

    def __init__(self) -> None:
        self._cancelled = threading.Event()
        self.finished = threading.Event()
        """Set when the work has stopped, whether it finished, failed or was cancelled."""

    def cancel(self) -> None:
        """Ask the work to stop at its next step, and never to show its result."""
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._cancelled.is_set()


def start(
    work: Callable[[], None], background: bool, name: str = "cardlab-widget"
) -> threading.Thread | None:
    """Run ``work`` in a new daemon thread (``background=True``: the thread is returned) or at
    once (None is returned)."""
    if not background:
        work()
        return None
    thread = threading.Thread(target=work, name=name, daemon=True)
    thread.start()
    return thread
