"""What one seat sees, worked out as late as may be: the history of a hand as the seat was told
it (:class:`Told`), and the fields of a view made the first time they are read (:class:`Seen`).

A view is built for every decision of every bot, so it costs what its reader uses. Building one
copies a few numbers and references (whose turn it is, the legal moves, the table); what costs
more (the seat's hand as cards, its events in words, the cards it cannot see) is kept in a
compact form, public to the seat, and made into the field when the field is first read, then
kept like any other field. A view never holds the state or its position: the compact forms are
the seat's own cards and what every seat saw, so nothing it can reach shows a hidden card.

The history is a chain of :class:`Told` links, one for each move: the facts the rules noted of
the move (as the seat saw them: a card another seat drew is not in them) and the link before.
States keep the links, so the views of a hand share them; the words of a move are made from its
facts once, the first time a view's events are read. This module uses the standard library and
the engine's moves only (it runs under Pyodide).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from cardlab.engine.moves import Event

T = TypeVar("T")


class Told:
    """What a seat was told of a hand up to a state: the ``facts`` of the last move as the seat
    saw them (the rules' own notes, which :meth:`tell` puts into words) and what it was told
    before (``earlier``, None at the start of the line of play: its facts say where the line
    begins, for the game's :meth:`fold`, and its ``events`` are the deal's).

    A game whose facts are not events gives its states a subclass whose :meth:`tell` is its
    narration (``told_class``); by default the facts are the events themselves.
    """

    __slots__ = ("earlier", "facts", "events", "kept")

    joins: ClassVar[bool] = False
    """True where the facts of several moves, told as one link, tell the events and fold to
    the values of the links of each move told in turn (each fact is told alone): a seat's
    history then takes one link for all the moves since its last view (see :func:`told_by`)."""

    earlier: Told | None
    facts: tuple[Any, ...]
    events: tuple[Event, ...] | None
    kept: dict[Any, Any] | None

    def __init__(
        self,
        earlier: Told | None,
        facts: tuple[Any, ...],
        events: tuple[Event, ...] | None = None,
    ) -> None:
        """A link after ``earlier`` holding ``facts``; ``events`` when they are known already
        (the deal's), else they are told from the facts when first asked for."""
        self.earlier = earlier
        self.facts = facts
        self.events = events
        self.kept = None

    @staticmethod
    def tell(facts: tuple[Any, ...]) -> tuple[Event, ...]:
        """The events of one move, in words, from its ``facts`` (here the facts are events)."""
        return facts

    def told(self) -> tuple[Event, ...]:
        """The events of this link's move (told once, then kept)."""
        events = self.events
        if events is None:
            events = self.events = self.tell(self.facts)
        return events

    def fold(self, key: Any, first: T, step: Callable[[T, tuple[Any, ...]], T]) -> T:
        """What ``step`` makes of the facts of each link from the start of the chain up to this
        one, beginning with ``first``: a game's history as the seat saw it (the order of the
        cards on a table, the cards played). Worked out once for each link, and kept under
        ``key`` (the links are shared: the next link starts from this one's)."""
        links = []
        link: Told | None = self
        while link is not None and (link.kept is None or key not in link.kept):
            links.append(link)
            link = link.earlier
        value = first if link is None or link.kept is None else link.kept[key]
        for link in reversed(links):
            value = step(value, link.facts)
            if link.kept is None:
                link.kept = {}
            link.kept[key] = value
        return value

    def all_events(self) -> tuple[Event, ...]:
        """Every event of the chain up to this link, oldest first."""
        links = []
        link: Told | None = self
        while link is not None:
            links.append(link)
            link = link.earlier
        events: list[Event] = []
        for link in reversed(links):
            events += link.told()
        return tuple(events)


SHARED = "told by every seat"
"""The key under which a state keeps the link that every seat was told alike (see
:func:`told_by`)."""


def facts_of(state: Any) -> tuple[Any, ...]:
    """The facts of the move that made ``state`` (a :class:`~cardlab.engine.core.State`), as its
    game notes them: noted as the move was played, if the state before was looked at (see
    ``State.play``), else worked out once by playing the move again on a copy of the position
    before it (``state._facts``), for every seat's views and the state's own history."""
    memo = state._memo
    facts: tuple[Any, ...] | None = None if memo is None else memo.get("facts")
    if facts is None:
        facts = state.remember("facts", state._facts(state._parent._position, state._move))
    return facts


def told_by(state: Any, seat: int) -> Told:
    """What ``seat`` was told of the hand up to ``state`` (a
    :class:`~cardlab.engine.core.State`): one link for each state, worked out once for each state
    and seat, from the last state whose link is known. Seats that were told alike share links
    (in a game whose states are ``told_alike``, every seat and every link). The links are kept
    in each state's memo (read here directly: this runs for every view of every decision).
    """
    key = SHARED if state.told_alike else _TOLD[seat]
    memo = state._memo
    found: Told | None = None if memo is None else memo.get(key)
    unknown = []  # the states whose links are not worked out yet, the latest first
    while found is None:
        unknown.append(state)
        parent = state._parent
        if parent is None or state._move is None:
            break
        state = parent
        memo = state._memo
        found = None if memo is None else memo.get(key)
    if found is not None and len(unknown) > 1 and state.told_class.joins:
        return _joined_link(unknown, seat, key, found)
    for state in reversed(unknown):
        found = _next_link(state, seat, found)
        if state._memo is None:
            state._memo = {}
        state._memo[key] = found
    assert found is not None
    return found


def _joined_link(unknown: list[Any], seat: int, key: Any, earlier: Told) -> Told:
    """One link after ``earlier`` for the moves that made the ``unknown`` states (the latest
    first), their facts as ``seat`` saw them one after another, kept by the latest state only
    (for a game whose :attr:`Told.joins`: the states between were not viewed by this seat)."""
    facts: tuple[Any, ...] = ()
    for state in reversed(unknown):
        memo = state._memo  # facts_of(state), read here directly
        noted = memo.get("facts") if memo is not None else None
        facts += state._seen_by(seat, facts_of(state) if noted is None else noted)
    latest = unknown[0]
    link: Told = latest.told_class(earlier, facts)
    if latest._memo is None:
        latest._memo = {}
    latest._memo[key] = link
    return link


_TOLD = tuple(("told", seat) for seat in range(16))
"""The memo key of each seat's link."""
_NOTHING: dict[Any, Any] = {}
"""The memo of a state that remembers nothing (never changed)."""


def _next_link(state: Any, seat: int, earlier: Told | None) -> Told:
    """The link of ``state`` for ``seat``, after ``earlier`` (None: ``state`` starts the line
    of play), shared with the other seats when the seat saw what they all saw."""
    if earlier is None:
        events = state._deal_events() if state._origin is not None else ()
        if state.told_alike:
            return Told(None, state._start_facts(), events)
        seen = as_seen(events, seat)
        if seen is not events:
            return Told(None, state._start_facts(), seen)
        link: Told = state.memo(SHARED) or state.remember(
            SHARED, Told(None, state._start_facts(), seen)
        )
        return link
    memo = state._memo  # facts_of(state), read here directly
    facts = memo.get("facts") if memo is not None else None
    if facts is None:
        facts = facts_of(state)
    if state.told_alike:  # no need to look at what the seat saw: it saw what they all saw
        return state.told_class(earlier, facts)  # type: ignore[no-any-return]
    seen = state._seen_by(seat, facts)
    if seen is not facts or earlier is not (state._parent._memo or _NOTHING).get(SHARED):
        return state.told_class(earlier, seen)  # type: ignore[no-any-return]
    shared: Told = state.memo(SHARED) or state.remember(SHARED, state.told_class(earlier, facts))
    return shared


def as_seen(events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` saw them (:meth:`~cardlab.engine.moves.Event.for_seat`): the same
    tuple when it saw each as it was."""
    seen = tuple([event.for_seat(seat) for event in events])
    return events if all(map(_same, seen, events)) else seen


def _same(one: object, other: object) -> bool:
    return one is other


class Seen:
    """The part of every view that works out its fields on first use (see the module's text).

    A view class names each field it makes late with a method ``_make_<field>`` (``_make_hand``,
    ``_make_events``), which reads what the view keeps: ``_told`` (the hand's history as the
    seat was told it) and ``_raw`` (the game's compact form of what the seat sees). The first
    read of such a field calls it and keeps the value in the field; every later read is a plain
    attribute read. A view made with all its fields given (its dataclass ``__init__``,
    ``dataclasses.replace``, unpickling) has every field already and needs none of them.
    """

    __slots__ = ("_told", "_raw", "_unseen")

    _told: Told
    """The hand's history as this seat was told it."""
    _raw: Any
    """What the game's view keeps to make its late fields from (see each game's view)."""
    _unseen: tuple[Any, ...]
    """The cards this seat cannot see, once worked out (``unseen_cards`` gives a list of them)."""

    if not TYPE_CHECKING:  # type checkers keep checking every attribute a view is asked for

        def __getattr__(self, name: str) -> Any:
            """A field not made yet: made by its ``_make_`` method, then kept."""
            if name.startswith("__"):
                raise AttributeError(name)
            make = getattr(type(self), "_make_" + name.lstrip("_"), None)
            if make is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            value = make(self)
            object.__setattr__(self, name, value)
            return value

    def _make_events(self) -> tuple[Event, ...]:
        """The events this seat was told, oldest first, from its history."""
        return self._told.all_events()


def made_late(cls: type, names: Iterable[str]) -> frozenset[str]:
    """Which of the fields ``names`` the view class ``cls`` makes on first use."""
    return frozenset(name for name in names if hasattr(cls, "_make_" + name.lstrip("_")))
