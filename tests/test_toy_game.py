"""A game defined here, in the test, gets every layer of cardlab by one registry entry.

Higher Card is a toy: two players, the six spades 2S..7S dealt face up, three each (perfect
information). The seat left of the dealer leads a card and declares which card wins the trick,
the higher or the lower ("5S=H", "5S=L"); the other seat plays any card; the declared one wins
the trick, scores a point and leads the next. Three tricks make a hand.

Registered with :func:`cardlab.games.register` for this module only, it is simulated, recorded
and replayed, explored (its buttons in its own words), logged move by move and trick by trick,
solved and played by ``pimc``, and it passes the protocol suite, with no line of cardlab
changed for it.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import random
import warnings
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
import test_protocol as protocol  # the suite every game passes, run here on the toy too

import cardlab
from cardlab.engine import notation
from cardlab.engine.cards import Card, Hand, parse_cards
from cardlab.engine.core import Game, State, View, sole_leader
from cardlab.engine.deals import check_each_card_once, check_keys, parse_hands
from cardlab.engine.errors import OptionError
from cardlab.engine.fields import Read, derive_copy, from_view, spec, view_of
from cardlab.engine.moves import PLAIN_MOVES, Event, Move, Row, Trick
from cardlab.engine.options import option
from cardlab.engine.positions import Position
from cardlab.engine.randomness import as_rng, shuffle
from cardlab.games import GAMES, GREEDY, REGISTRY, Entry, register, unregister
from cardlab.play.turnlog import (
    FishingState,
    LogError,
    chinese_ten_log_rows,
    move_log_rows,
    trick_log,
    trick_log_rows,
)
from cardlab.widgets.explorer.solution_words import panel_text

DECK = tuple(parse_cards("2S 3S 4S 5S 6S 7S"))
HAND_SIZE = 3
WORDS = {"H": "the higher wins", "L": "the lower wins"}


def rank(card: Card) -> int:
    """A card's place in the deck, lowest first."""
    return DECK.index(card)


@dataclass(frozen=True)
class HigherCard(Game):
    """Higher Card, the toy of this test."""

    name = "higher-card"
    title = "Higher Card"
    trick_taking = True

    players: int = option(2, "always 2")
    target: int = option(2, "points that end a match", minimum=1, maximum=9, unit="points")

    @property
    def cards(self) -> list[Card]:
        return list(DECK)

    def _deal(self, rng: random.Random, dealer: int) -> HigherCardState:
        deck = list(DECK)
        shuffle(rng, deck)
        hands: list[list[Card]] = [[], []]
        hands[1 - dealer], hands[dealer] = deck[0::2], deck[1::2]
        return HigherCardState(self, HigherCardPosition.deal(dealer, hands))

    def _deal_cards(self, dealer: int, **cards: Any) -> HigherCardState:
        check_keys(cards, self.title, ("hands",))
        hands = parse_hands(cards["hands"], 2, HAND_SIZE)
        check_each_card_once([(f"seat {seat}'s hand", hand) for seat, hand in enumerate(hands)])
        return HigherCardState(self, HigherCardPosition.deal(dealer, hands))

    def parse_move(self, text: str | Move | Card) -> Move:
        return notation.read(text)

    def match_winner(self, totals: Sequence[int]) -> int | None:
        return sole_leader(totals) if max(totals) >= self.target else None

    @classmethod
    def describe_move(cls, move: Move) -> str:
        if move.declare in WORDS:
            return f"{move.card.pretty}, {WORDS[move.declare]}"
        return super().describe_move(move)

    def solvability(self, target: State | View) -> str | None:
        return None  # every card is face up and nothing is left to chance

    def score_total(self) -> int:
        return HAND_SIZE  # a point a trick

    def gain_bounds(self, state: State) -> tuple[int, int]:
        return (0, max(len(state.hand(0)), len(state.hand(1))))  # the tricks left


def face_up(hands: list[list[Card]]) -> tuple[Hand, ...]:
    """The hands as the state and every view show them."""
    return tuple(map(Hand, hands))


@derive_copy
@dataclass(slots=True, eq=False, kw_only=True)
class HigherCardPosition(Position):
    """Both hands, the card led (with its declaration) and the tricks each seat has won."""

    hands: list[list[Card]] = field(metadata=spec(copy="lists", seen="public", shown=face_up))
    led: Move | None = field(default=None, metadata=spec(seen="public"))
    points: list[int] = field(
        default_factory=lambda: [0, 0], metadata=spec(copy="list", seen="public", shown=tuple)
    )
    last: Trick | None = field(default=None, metadata=spec(key=False))  # follows from the moves

    @classmethod
    def deal(cls, dealer: int, hands: list[list[Card]]) -> HigherCardPosition:
        return cls(
            players=2,
            dealer=dealer,
            to_move=1 - dealer,
            hands=[sorted(h, key=rank) for h in hands],
        )

    def legal_moves(self) -> list[Move]:
        hand = self.hands[self.to_move]  # type: ignore[index]
        if self.led is not None:
            return [PLAIN_MOVES[card] for card in hand]
        return [notation.make(card, declare=word) for card in hand for word in WORDS]

    def play(self, move: Move) -> None:
        seat = self.to_move
        assert seat is not None
        self.hands[seat].remove(move.card)
        self.moves += 1
        if self.led is None:
            self.led, self.to_move = move, 1 - seat
            return
        led, self.led = self.led, None
        higher = rank(move.card) > rank(led.card)
        winner = seat if higher == (led.declare == "H") else 1 - seat
        self.points[winner] += 1
        self.last = Trick(1 - seat, (led.card, move.card), winner)
        self.to_move = winner if self.hands[winner] else None
        if self.to_move is None:
            self.winner = sole_leader(self.points)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def key(self) -> tuple[Any, ...]:
        return (tuple(map(tuple, self.hands)), self.led, self.to_move)


class HigherCardState(State):
    """A state of Higher Card."""

    __slots__ = ()
    _position: HigherCardPosition

    hands: Read[tuple[Hand, ...]] = Read()
    led: Read[Move | None] = Read()
    points: Read[tuple[int, ...]] = Read()

    def hand(self, seat: int) -> Hand:
        return Hand(self._position.hands[self._game._check_seat(seat)])

    def view(self, seat: int) -> HigherCardView:
        return view_of(HigherCardView, self, seat)

    def layout(self, show: Iterable[int] | None = None) -> list[Row]:
        return _rows(self.hand(0), self.hand(1), self._position.led)

    def trick_settled(self) -> Trick | None:
        parent = self._parent
        if parent is None or parent._position.led is None:
            return None
        return self._position.last

    def _why_not(self, move: Move) -> str:
        return f"{move} is not one of seat {self.current_player}'s moves"

    def _narrate(self, before: Position, move: Move) -> tuple[Event, ...]:
        assert isinstance(before, HigherCardPosition)
        seat = before.to_move
        after = before.copy()
        after.play(move)
        if before.led is None:
            text = f"Seat {seat} leads {move.card}: {WORDS[move.declare or 'H']}."
            return (Event("play", seat, text, (move.card,)),)
        trick = after.last
        assert trick is not None
        return (
            Event("play", seat, f"Seat {seat} plays {move.card}.", (move.card,)),
            Event("trick", trick.winner, f"Seat {trick.winner} wins the trick.", trick.cards),
        )

    def _deal_events(self) -> tuple[Event, ...]:
        position = self._position
        dealer, leader = position.dealer, position.to_move
        text = f"Seat {dealer} deals three cards face up to each; seat {leader} leads."
        return (Event("deal", position.dealer, text),)


def _rows(first: Hand, second: Hand, led: Move | None) -> list[Row]:
    rows = [
        Row(f"Seat {seat}", tuple(hand), seat=seat) for seat, hand in enumerate((first, second))
    ]
    rows.append(Row("Table", () if led is None else (led.card,), note=led.text if led else ""))
    return rows


@dataclass(frozen=True, slots=True, repr=False)
class HigherCardView(View):
    """What a seat sees of Higher Card: everything (the hands are face up)."""

    hands: tuple[Hand, ...]
    led: Move | None
    points: tuple[int, ...]

    def layout(self) -> list[Row]:
        return _rows(*self.hands, self.led)

    def determinize(self, rng: random.Random | int | None = None) -> HigherCardState:
        as_rng(rng)  # nothing is hidden: every world is this one
        position = from_view(HigherCardPosition, self, hands=[list(h) for h in self.hands])
        if self.is_over:
            position.winner = sole_leader(self.points)
        return HigherCardState(self.game, position)


def greedy(view: View, rng: random.Random) -> Move:
    """Lead the highest card, declared high; follow with the highest card."""
    return max(view.legal_moves(), key=lambda move: (rank(move.card), move.declare == "H"))


ENTRY = Entry("higher-card", HigherCard, greedy, ({}, {"target": 3}))


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[Entry]:
    """Higher Card is registered while this module's tests run, and only then."""
    register(ENTRY)
    yield ENTRY
    unregister("higher-card")
    assert "higher-card" not in GAMES


# --------------------------------------------------------------------------- the registry


def test_the_entry_makes_the_game_known_everywhere():
    assert REGISTRY["higher-card"] is ENTRY
    assert cardlab.game("Higher_Card") == HigherCard()
    assert GAMES["higher-card"] == f"{__name__}:HigherCard"
    assert "higher-card" in GREEDY and "higher-card" in cardlab.GAMES


def test_a_name_is_registered_once():
    with pytest.raises(OptionError, match="registered already"):
        register(ENTRY)
    with pytest.raises(OptionError, match="is called 'higher-card', not 'lower-card'"):
        register(dataclasses.replace(ENTRY, name="lower-card"))


@pytest.mark.parametrize("name", ["Higher-Card", "higher_card", " higher-card", "", 7, None])
def test_a_badly_written_name_is_not_registered(name):
    with pytest.raises(OptionError) as error:
        register(dataclasses.replace(ENTRY, name=name))
    assert str(error.value) == f"a game's name is lower case with hyphens, not {name!r}"
    assert list(REGISTRY).count("higher-card") == 1 and name not in REGISTRY


def test_a_game_without_a_greedy_heuristic_says_so_and_is_left_out_of_greedy():
    plain = register(Entry("plain-card", "tests.test_toy_game:HigherCard"))
    try:
        with pytest.raises(NotImplementedError, match="the game 'plain-card' has no greedy"):
            plain.heuristic()
        assert "plain-card" in GAMES and "plain-card" not in GREEDY
        assert repr(GAMES) == repr(dict(GAMES)) and "'plain-card': 'tests.test_toy_game:" in (
            repr(GAMES)
        )
    finally:
        unregister("plain-card")
    assert "plain-card" not in repr(GAMES)


def test_declared_option_limits_are_enforced_by_the_core():
    with pytest.raises(
        OptionError, match="target must be a whole number of points from 1 to 9, not 10"
    ):
        HigherCard(target=10)
    with pytest.raises(OptionError, match="Higher Card is for exactly 2 players, not 3"):
        cardlab.game("higher-card", players=3)


def test_the_old_registry_names_of_core_still_work_with_a_warning():
    old_core = importlib.import_module("cardlab.core")

    with pytest.warns(DeprecationWarning, match="cardlab.games.game_class"):
        assert old_core.game_class("higher-card") is HigherCard
    with pytest.warns(DeprecationWarning):
        assert old_core.GAMES is GAMES


# --------------------------------------------------------------------------- every layer


def test_it_is_simulated_with_records_that_replay():
    pytest.importorskip("pandas")
    table = cardlab.simulate(
        cardlab.game("higher-card"), "greedy,random", games=30, seed=1, progress=False, records=True
    )
    assert len(table) == 30
    for record in table["record"]:
        final = cardlab.replay(json.loads(json.dumps(record)))
        assert final.is_over and sum(final.scores) == HAND_SIZE


def test_its_hands_are_played_in_worker_processes_as_here():
    # A worker process knows only the games cardlab registers; the chunk carries the toy's
    # registry entry, so greedy (which asks the entry for its heuristic) plays there too.
    pytest.importorskip("loky")
    pytest.importorskip("pandas")
    game = cardlab.game("higher-card")
    here = cardlab.simulate(game, "greedy,random", games=40, seed=2, progress=False)
    there = cardlab.simulate(game, "greedy,random", games=40, seed=2, workers=2, progress=False)
    assert there.equals(here)


def test_a_process_pool_of_the_caller_that_spawns_its_workers_plays_it_too():
    pytest.importorskip("pandas")
    import concurrent.futures
    import multiprocessing

    game = cardlab.game("higher-card")
    here = cardlab.simulate(game, "greedy", games=12, seed=3, progress=False)
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=spawn) as pool:
        there = cardlab.simulate(game, "greedy", games=12, seed=3, executor=pool, progress=False)
    assert there.equals(here)


def test_a_game_of_main_is_refused_by_a_spawning_pool_saying_what_to_do():
    import concurrent.futures
    import multiprocessing

    # A class defined in a notebook has __module__ "__main__", which spawned workers lack.
    notebook_class = type("NotebookCard", (HigherCard,), {"__module__": "__main__"})
    notebook_class = dataclass(frozen=True)(notebook_class)
    notebook_class.name = "notebook-card"
    register(Entry("notebook-card", notebook_class, greedy))
    try:
        spawn = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(1, mp_context=spawn) as pool:
            with pytest.raises(cardlab.SimulationError, match="defined in __main__.*a module"):
                cardlab.simulate(cardlab.game("notebook-card"), executor=pool, progress=False)
    finally:
        unregister("notebook-card")


def test_the_explorers_solver_process_solves_it(monkeypatch):
    from cardlab.widgets.background import Ticket
    from cardlab.widgets.explorer import solution_panel as solving
    from cardlab.widgets.explorer import solution_words as solution

    def not_here(*args):
        raise AssertionError("solved in the kernel, not in the solver process")

    monkeypatch.setattr(solution, "panel_lines", not_here)  # the kernel's copy only
    lines = solving.solver_process().solve(Ticket(), cardlab.game("higher-card").deal(seed=2), 60)
    assert lines is not None and lines[0].startswith("Perfect play"), lines


def test_its_moves_are_buttons_in_its_own_words():
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Explorer, describe_choice

    game = cardlab.game("higher-card")
    explorer = Explorer(game, seed=3, background=False)
    while not explorer.state.is_over:
        state = explorer.state
        move = state.legal_moves()[0]
        explorer.click_card(move.card)
        if explorer.state is state:  # a lead: two moves with that card, one button each
            labels = [button.description for button in explorer.choice_box.children]
            assert labels == [
                describe_choice(m, game) for m in state.legal_moves() if m.card == move.card
            ]
            assert labels[0].endswith("the higher wins")
            next(b for b in explorer.choice_box.children if b.description == labels[0]).click()
        assert explorer.state.moves[-1] == move
    assert "The hand is over" in explorer.turn_label.value


def test_its_turns_are_logged_move_by_move_and_trick_by_trick():
    pytest.importorskip("pandas")
    final = cardlab.game("higher-card").deal(seed=4).play_out("random", seed=4)
    assert len(move_log_rows(final)) == 2 * HAND_SIZE
    log = trick_log(final)
    assert list(log.index) == [1, 2, 3]
    assert list(log["hand sizes after"]) == ["2 + 2", "1 + 1", "0 + 0"]
    assert (log["cards drawn"] == 0).all() and (log["stock after"] == 0).all()
    for seat in (0, 1):
        assert log.loc[log["won by"] == seat, "worth"].sum() == final.scores[seat]
    assert trick_log_rows(final.start) == []


def test_the_logs_ask_the_game_what_it_is_never_its_name():
    # trick_log asks Game.trick_taking, so the toy is among the games it names; the capture
    # log asks for a fishing game's facts (turnlog.FishingState), which the toy has not.
    with pytest.raises(LogError, match="for two-ten-jack or higher-card hands, not mod-ten"):
        trick_log(cardlab.game("mod-ten").deal(seed=1))
    toy = cardlab.game("higher-card").deal(seed=4)
    assert not isinstance(toy, FishingState)
    with pytest.raises(LogError, match="for chinese-ten hands, not higher-card: use move_log"):
        chinese_ten_log_rows(toy)


def test_it_is_solved_and_played_by_pimc():
    state = cardlab.game("higher-card").deal(seed=2)
    solution = cardlab.solve(state)
    assert solution.solved and sum(solution.values) == HAND_SIZE
    assert state.view(0).unseen_cards() == []  # the default of core: nothing is hidden
    assert cardlab.solve(state.view(0)).values == solution.values
    final = state.play_all(solution.line)
    assert final.scores == solution.values
    shown = panel_text(state.view(0), 5.0)  # the explorer's "Perfect play" box
    assert f"final points seat 0: {solution.values[0]}, seat 1: {solution.values[1]}" in shown
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pimc = state.play_out(["pimc:4", "random"], seed=5)
    assert pimc.is_over


# --------------------------------------------------------------------------- the protocol suite

PROTOCOL_TESTS = [
    test
    for name, test in vars(protocol).items()
    if name.startswith("test_") and "options" in inspect.signature(test).parameters
]


@pytest.mark.parametrize("options", ENTRY.option_sets, ids=json.dumps)
@pytest.mark.parametrize("test", PROTOCOL_TESTS, ids=lambda test: test.__name__)
def test_it_keeps_every_promise_of_the_protocol(test, options):
    test(name="higher-card", options=options)
