"""A game's position fields, each declared once with what it is.

A game's :class:`~cardlab.engine.positions.Position` is a dataclass. Each of its fields says, in its
``metadata``, how a copy takes it, whether it is part of the state's key and who sees it; its
dataclass default, if it has one, is where a hand starts::

    @derive_copy
    @dataclass(slots=True, eq=False, kw_only=True)
    class ModTenPosition(Position):
        hands: list[int] = field(metadata=spec(copy="list", seen="own"))
        table: list[Card] = field(
            default_factory=list, metadata=spec(copy="list", seen="public", shown=tuple)
        )
        led: int = field(default=-1, metadata=spec(key=False, seen="public"))

From those declarations cardlab derives what a game used to write by hand for every field:

- ``copy``: :func:`derive_copy` writes the position's ``copy`` method from its fields (shared
  values assigned, lists copied), the code one would write by hand, and as fast;
- the state's key (what makes two states equal): :func:`key_of`, the fields with ``key``;
- the state's read-only accessors: a :class:`Read` in the state's class, typed, shows the
  position's field of the same name (converted by its ``shown``, as a list of cards to a tuple);
- the view: :func:`view_of` fills a view's fields from the state's accessors of the same names
  (those the view makes when first read are left to it);
- the position of a world drawn from a view: :func:`from_view` takes the ``public`` fields back
  from the view; a deal gives only the fields that have no default.

A game then writes only its rules, its narration and its hidden-card sampler. This module uses
the standard library only (it runs under Pyodide).

>>> from dataclasses import dataclass, field
>>> @derive_copy
... @dataclass(slots=True, eq=False, kw_only=True)
... class Pile:
...     cards: list[str] = field(default_factory=list, metadata=spec(copy="list"))
...     count: int = field(default=0, metadata=spec(key=False))
>>> pile = Pile()
>>> other = pile.copy()
>>> other.cards.append("9S")
>>> pile.cards, other.cards, key_of(other)
([], ['9S'], (('9S',),))
>>> print(copy_source(Pile))
def copy(self):
    other = new(cls)
    other.cards = self.cards.copy()
    other.count = self.count
    return other
"""

from __future__ import annotations

import dataclasses
import linecache
from collections.abc import Callable, Iterable, Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, overload

T = TypeVar("T")
C = TypeVar("C")

Copying = Literal["share", "list", "lists"]
"""How a copy of a position takes a field: ``"share"`` (an immutable value: an int, a tuple,
a card set; shared by both), ``"list"`` (a list, copied) or ``"lists"`` (a list of lists, each
copied)."""

Seen = Literal["public", "own", "hidden"]
"""Who sees a field: ``"public"`` (every seat: a view shows it under the same name, as the
state does), ``"own"`` (each seat its own part of it, as its hand) or ``"hidden"`` (nobody
until the rules show it, as the stock's order)."""


def _elsewhere(value: object) -> object:
    """No conversion: the state shows the field by a property of its own."""
    raise TypeError("this field is shown by a property of the state's own")


ELSEWHERE: Callable[[Any], Any] = _elsewhere
"""A field's ``shown`` when the state shows it by a property of its own (in an order that the
position does not keep, say): it has no :class:`Read`, and a world made from a view is given
it (:func:`from_view`)."""

SPEC = "cardlab"
"""The key of a field's :class:`Spec` in its ``metadata``."""


@dataclasses.dataclass(frozen=True, slots=True)
class Spec:
    """What a position field is (see the module's text)."""

    copy: Copying = "share"
    """How a copy takes it."""
    key: bool = True
    """Part of the state's key: two states are equal when their games and key fields are. A
    field that follows from the others (a count, a total) is left out."""
    seen: Seen = "hidden"
    """Who sees it."""
    shown: Callable[[Any], Any] | None = None
    """How the state's :class:`Read` accessor shows it (``tuple``: a list as a tuple); None:
    as it is."""


def spec(
    *,
    copy: Copying = "share",
    key: bool = True,
    seen: Seen = "hidden",
    shown: Callable[[Any], Any] | None = None,
) -> Mapping[str, Spec]:
    """A field's ``metadata`` saying what it is: ``field(metadata=spec(copy="list"))``."""
    return {SPEC: Spec(copy, key, seen, shown)}


def specs(cls: type) -> dict[str, Spec]:
    """Each field of the dataclass ``cls`` and its :class:`Spec`, in the fields' order (a field
    declared without one is shared, in the key and hidden)."""
    found = _SPECS.get(cls)
    if found is None:
        found = _SPECS[cls] = {
            field.name: field.metadata.get(SPEC, _PLAIN) for field in dataclasses.fields(cls)
        }
    return found


_PLAIN = Spec()
_SPECS: dict[type, dict[str, Spec]] = {}


# --------------------------------------------------------------------------- copy

_TAKEN = {"share": "self.{0}", "list": "self.{0}.copy()", "lists": "copy_lists(self.{0})"}
"""How the derived ``copy`` takes a field, by its :data:`Copying`."""


def copy_source(cls: type) -> str:
    """The source of the ``copy`` method :func:`derive_copy` gives ``cls``: one line per field
    (the module's example prints one)."""
    lines = ["def copy(self):", "    other = new(cls)"]
    for name, field_spec in specs(cls).items():
        lines.append(f"    other.{name} = " + _TAKEN[field_spec.copy].format(name))
    lines.append("    return other")
    return "\n".join(lines) + "\n"


def derive_copy(cls: type[C]) -> type[C]:
    """Give the position dataclass ``cls`` a ``copy`` method made from its fields' specs.

    The method is the one a game would write by hand (:func:`copy_source` prints it): it is
    written out as text and compiled once, as :mod:`dataclasses` writes ``__init__``, because
    a loop over the fields at every copy would make every move and playout twice as slow.
    A field annotated as a list that its spec says to share is refused: both copies would
    change it."""
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]
        if str(field.type).startswith("list[") and specs(cls)[field.name].copy == "share":
            raise TypeError(f"{cls.__name__}.{field.name} is a list: declare how a copy takes it")
    copy = _compiled(copy_source(cls), cls)
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    copy.__module__ = cls.__module__
    copy.__doc__ = (
        "A copy to play on: lists copied, every other field shared (see cardlab.engine.fields)."
    )
    cls.copy = copy  # type: ignore[attr-defined]
    return cls


def _compiled(source: str, cls: type, **more: Any) -> Callable[..., Any]:
    """The one function that ``source`` defines, compiled with ``cls`` (and ``more``) in its
    scope."""
    namespace: dict[str, Any] = {}
    scope = {"new": object.__new__, "cls": cls, "copy_lists": _copy_lists, **more}
    filename = f"<cardlab.engine.fields: {cls.__qualname__}, {source.split('(')[0][4:]}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), scope, namespace)  # noqa: S102 - as dataclasses does
    (function,) = namespace.values()
    return function  # type: ignore[no-any-return]


def _copy_lists(lists: list[list[Any]]) -> list[list[Any]]:
    return list(map(list.copy, lists))


# --------------------------------------------------------------------------- the key


def key_of(position: object) -> tuple[Any, ...]:
    """The values of ``position``'s key fields, in order, lists as tuples: what makes two
    states of one game equal (see :attr:`Spec.key`; :func:`key_source` shows how)."""
    key = _KEYS.get(type(position))
    if key is None:
        key = _KEYS[type(position)] = _compiled(key_source(type(position)), type(position))
    return key(position)  # type: ignore[no-any-return]


_KEPT = {"share": "p.{0}", "list": "tuple(p.{0})", "lists": "tuple(map(tuple, p.{0}))"}
"""How the key holds a field, by its :data:`Copying`."""


def key_source(cls: type) -> str:
    """The source of the function :func:`key_of` reads a position of ``cls``'s key with,
    compiled once, as its ``copy`` is.

    >>> from dataclasses import dataclass, field
    >>> @dataclass
    ... class Table:
    ...     cards: list[str] = field(metadata=spec(copy="list"))
    ...     total: int = field(metadata=spec(key=False))
    ...     led: int = field(metadata=spec())
    >>> print(key_source(Table))
    def key(p):
        return (tuple(p.cards), p.led,)
    """
    kept = [_KEPT[spec.copy].format(name) for name, spec in specs(cls).items() if spec.key]
    return "def key(p):\n    return (" + ", ".join(kept) + ",)\n"


_KEYS: dict[type, Callable[[Any], Any]] = {}


# --------------------------------------------------------------------------- reading


class Read(property, Generic[T]):
    """A state's read-only accessor of its position's field of the same name (or ``field``),
    shown as the field's :attr:`Spec.shown` says. In a state's class, typed for its users::

        table: Read[tuple[Card, ...]] = Read()
        \"\"\"The cards on the table, in the order played.\"\"\"

    It is a ``property``. The first time it is read it looks up its field's spec and puts the
    quickest getter in its own place (``operator.attrgetter("_position.table")``, followed by
    the ``shown`` conversion if there is one), so that it reads as fast as a hand-written
    property.
    """

    def __init__(self, field: str = "") -> None:
        super().__init__(self._first_read)
        self.name = field
        self._attribute = field

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name
        self._attribute = name
        property.__set_name__(self, owner, name)  # type: ignore[attr-defined] # for its errors

    def _first_read(self, state: Any) -> Any:
        read = attrgetter(f"_position.{self.name}")
        shown = specs(type(state._position))[self.name].shown
        getter = read if shown is None else _then(read, shown)
        property.__init__(self, getter)  # every later read calls the getter directly
        property.__set_name__(self, type(state), self._attribute)  # type: ignore[attr-defined]
        return getter(state)

    if TYPE_CHECKING:  # how type checkers see it: the field's type, read from a state

        @overload
        def __get__(self, state: None, owner: type | None = None) -> Read[T]: ...

        @overload
        def __get__(self, state: object, owner: type | None = None) -> T: ...

        def __get__(self, state: object, owner: type | None = None) -> Read[T] | T: ...


def _then(read: Callable[[Any], Any], shown: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``read`` followed by ``shown``, as one function."""

    def getter(state: Any) -> Any:
        return shown(read(state))

    return getter


# --------------------------------------------------------------------------- views


def view_of(cls: type[C], state: Any, seat: int, **given: Any) -> C:
    """The view ``cls`` of ``state`` for ``seat``: the fields every view has, each other field
    read from the state's attribute of the same name, unless ``given`` (``_raw``, if given, is
    what the view keeps to make its late fields from: see :func:`view_with`); a field the
    view makes late (it has a ``_make_<field>`` method, see :class:`cardlab.engine.seen.Seen`)
    is left to be made when it is first read."""
    key = (cls, *given)
    make_view = _VIEW_MAKERS.get(key) or _view_maker(key, cls, state, given)
    return make_view(state, seat, given, given.get("_raw"))  # type: ignore[no-any-return]


def view_with(cls: type[C], state: Any, seat: int, raw: Any) -> C:
    """:func:`view_of` with only ``_raw`` given (``raw``): the way a game's ``view`` makes
    its view, made a little quicker (a view is made for every decision of every bot)."""
    make_view = _VIEW_MAKERS.get(cls) or _view_maker(cls, cls, state, ("_raw",))
    return make_view(state, seat, None, raw)  # type: ignore[no-any-return]


def _view_maker(key: Any, cls: type, state: Any, given: Iterable[str]) -> Callable[..., Any]:
    """The function that makes a view of ``cls`` of states like ``state`` with the ``given``
    fields (see :func:`view_source`), compiled and kept under ``key``."""
    reads = _position_reads(type(state), type(state._position))
    texts = {
        name: f"position.{field}" if convert is None else f"shown_{name}(position.{field})"
        for name, (field, convert) in reads.items()
    }
    source = view_source(cls, given, texts)
    shown = {f"shown_{name}": convert for name, (_, convert) in reads.items() if convert}
    make_view = _compiled(source, cls, **_slot_setters(cls), **shown)
    _VIEW_MAKERS[key] = make_view
    return make_view


def _position_reads(
    state_class: type, position_class: type
) -> dict[str, tuple[str, Callable[[Any], Any] | None]]:
    """The state's :class:`Read` accessors, by name: the position's field each shows, and its
    ``shown`` conversion (None: the field as it is), for a view to read the position directly."""
    found = {}
    fields = specs(position_class)
    for klass in reversed(state_class.__mro__):
        for name, value in vars(klass).items():
            if isinstance(value, Read) and value.name in fields:
                found[name] = (value.name, fields[value.name].shown)
    return found


def view_source(
    cls: type, given: Iterable[str] = (), reads: Mapping[str, str] | None = None
) -> str:
    """The source of the function :func:`view_of` makes a view of ``cls`` with (compiled once
    for each set of ``given`` fields, as :func:`derive_copy` compiles a copy); the fields made
    late are left out. A view is a frozen dataclass, which refuses ``view.table = ...``: its
    ``__init__`` puts each field in with ``object.__setattr__``, a call that looks the name
    up each time. Here each field is put in by its slot's own setter (``set_table``: see
    :func:`_slot_setters`), which knows where the field goes: about half the time. A field the
    state shows with a :class:`Read` (named in ``reads``, with the position's field it shows)
    is read from the position itself, as ``reads`` says (``shown_table(position.table)``: the
    spec's ``shown`` conversion, if it has one).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Seen: # as cardlab.engine.core.View, which has the fields every view has
    ...     seat: int
    ...     hand: tuple[str, ...]
    >>> @dataclass(frozen=True)
    ... class TableSeen(Seen):
    ...     table: tuple[str, ...]
    ...     voids: tuple[int, ...]
    ...     def _make_voids(self): ...  # made when first read
    >>> print(view_source(TableSeen, ["_raw"]))
    def make_view(state, seat, given, raw):
        game, position = state._game, state._position
        if type(seat) is not int or not 0 <= seat < game.players:
            seat = game._check_seat(seat)
        to_move = position.to_move
        view = new(cls)
        set_seat(view, seat)
        set_hand(view, state.hand(seat))
        set__raw(view, raw)
        set_table(view, state.table)
        return view
    """
    shared = [field.name for field in dataclasses.fields(cls.__mro__[1])]
    names = [field.name for field in dataclasses.fields(cls)]
    late = {name for name in names if hasattr(cls, "_make_" + name.lstrip("_"))}
    lines = [*_VIEW_START]
    for name in shared:
        if name not in late:
            lines.append(f"    set_{name}(view, {given_or(name, given, _SHARED[name])})")
    if "events" in late:
        lines.append("    set__told(view, state._told_by(state, seat))")
    if "_raw" in given:
        lines.append("    set__raw(view, raw)")
    for name in names:
        if name not in shared and name not in late:
            read = given_or(name, given, (reads or {}).get(name, ""))
            lines.append(f"    set_{name}(view, {read})")
    return "\n".join([*lines, "    return view"]) + "\n"


def _slot_setters(cls: type) -> dict[str, Callable[[Any, Any], None]]:
    """The setter of each slot of the view class ``cls`` and of its bases, as ``set_<name>``:
    the slot's descriptor puts a value in place, whatever the class's ``__setattr__`` says."""
    setters = {}
    for klass in reversed(cls.__mro__):
        for name in klass.__dict__.get("__slots__", ()):
            setters[f"set_{name}"] = klass.__dict__[name].__set__
    return setters


def given_or(name: str, given: Iterable[str], read: str = "") -> str:
    """How :func:`view_source` takes the field ``name``: from ``given``, or else by ``read``
    (by default, the state's attribute of that name)."""
    return f'given["{name}"]' if name in given else read or f"state.{name}"


_VIEW_START = (
    "def make_view(state, seat, given, raw):",
    "    game, position = state._game, state._position",
    "    if type(seat) is not int or not 0 <= seat < game.players:",
    "        seat = game._check_seat(seat)",
    "    to_move = position.to_move",
    "    view = new(cls)",
)
_SHARED = {
    "game": "game",
    "seat": "seat",
    "dealer": "position.dealer",
    "current_player": "to_move",
    "hand": "state.hand(seat)",
    "hand_sizes": "state._hand_sizes()",
    "events": "state.events_seen_by(seat)",
    "is_over": "to_move is None",
    "_legal": "state.legal_moves() if to_move == seat else ()",
}
"""How :func:`view_source` reads each field every view has (``cardlab.engine.core.View``)."""
_VIEW_MAKERS: dict[Any, Callable[..., Any]] = {}


# --------------------------------------------------------------------------- worlds from views

VIEW_NAMES = {"to_move": "current_player"}
"""The position fields a view shows under another name."""


def from_view(cls: type[C], view: Any, **given: Any) -> C:
    """A position of ``cls`` for a world drawn from ``view``: the ``given`` fields (the hidden
    cards the game's sampler dealt, and what the view shows in another form), each
    ``"public"`` field the view has taken back from it (as a list, if the position keeps a
    list; ``to_move`` is the view's ``current_player``), ``players`` from the view's game, and
    every other field at its default. The function that does it is compiled once for each
    view class and set of ``given`` fields (see :func:`world_source`)."""
    made = (cls, type(view), tuple(given))
    world = _WORLDS.get(made)
    if world is None:
        world = _WORLDS[made] = _compiled(world_source(cls, type(view), given), cls)
    return world(view, given)  # type: ignore[no-any-return]


def world_source(cls: type, view_class: type, given: Iterable[str] = ()) -> str:
    """The source of the function :func:`from_view` makes a position of ``cls`` from a view of
    ``view_class`` with. A public field the view shows converted must be given.

    >>> from dataclasses import dataclass, field
    >>> @dataclass
    ... class Table:
    ...     players: int
    ...     cards: list[str] = field(metadata=spec(copy="list", seen="public"))
    ...     led: int = field(metadata=spec(seen="public"))
    ...     hands: list[int] = field(metadata=spec(copy="list", seen="own"))
    >>> @dataclass
    ... class TableView:
    ...     cards: tuple[str, ...]
    >>> print(world_source(Table, TableView, ["hands", "led"]))
    def world(view, given):
        return cls(
            **given,
            players=view.game.players,
            cards=list(view.cards),
        )
    """
    shown = {field.name for field in dataclasses.fields(view_class)}
    lines = ["def world(view, given):", "    return cls(", "        **given,"]
    if "players" not in given:
        lines.append("        players=view.game.players,")
    for name, field_spec in specs(cls).items():
        shown_as = VIEW_NAMES.get(name, name)
        if name in given or field_spec.seen != "public" or shown_as not in shown:
            continue
        if field_spec.shown not in (None, tuple):
            raise TypeError(f"{cls.__name__}.{name} is shown converted: give it to from_view")
        taken = f"list(view.{shown_as})" if field_spec.copy == "list" else f"view.{shown_as}"
        lines.append(f"        {name}={taken},")
    return "\n".join([*lines, "    )"]) + "\n"


_WORLDS: dict[tuple[type, type, tuple[str, ...]], Callable[[Any, dict[str, Any]], Any]] = {}
