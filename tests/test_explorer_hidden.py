"""With show=seat, nothing the explorer holds names a card that seat cannot see, until the
hand is over and the user asks to reveal it.

"Holds" is read widely: every text trait of every widget in the explorer's tree (values,
descriptions, tooltips, menu labels, placeholders ...), at every position of many seeded hands
of every game, after every kind of action (stepping, a hint, a click, a refused click). The cards
a seat cannot see are those of its view's ``unseen_cards()`` that its view does not show
anywhere (a double deck holds two of some cards)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardlab

pytest.importorskip("ipywidgets")
import ipywidgets as widgets  # noqa: E402

from cardlab.widgets import Explorer  # noqa: E402

CONFIGURATIONS = [
    ("mod-ten", {"players": 2}),
    ("mod-ten", {"players": 3}),
    ("mod-ten", {"players": 4}),
    ("mod-ten", {"players": 6}),
    ("mod-ten", {"players": 3, "deck": "double"}),
    ("mod-ten", {"players": 2, "open_hands": True}),
    ("chinese-ten", {"players": 2}),
    ("chinese-ten", {"players": 3}),
    ("chinese-ten", {"players": 4}),
    ("two-ten-jack", {}),
]


def widget_texts(root: widgets.Widget) -> list[str]:
    """Every string held by a synced trait of ``root`` or of any widget under it."""
    texts: list[str] = []
    seen: set[int] = set()
    pending: list[object] = [root]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            texts.append(item)
        elif isinstance(item, widgets.Widget):
            if id(item) in seen:
                continue
            seen.add(id(item))
            pending.extend(getattr(item, name) for name in item.keys)
        elif isinstance(item, list | tuple):
            pending.extend(item)
        elif isinstance(item, dict):
            pending.extend(item.values())
    return texts


CODE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQKT])([CDHS♣♦♥♠])(?![0-9A-Za-z])")
"""A card as cardlab writes it in short: "TS", "9H" or "10♠"."""
NAME = re.compile(
    r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
    r"(clubs|diamonds|hearts|spades)\b",
    re.IGNORECASE,
)
"""A card in words: "ten of spades"."""


CARDS_BY_NAME = {card.name: card for card in cardlab.engine.cards.full_deck()}
"""Each card by its name in words."""


def named_cards(text: str) -> dict[cardlab.Card, str]:
    """Every card that ``text`` names, with the first spelling found."""
    found: dict[cardlab.Card, str] = {}
    for match in CODE.finditer(text):
        found.setdefault(cardlab.Card.parse(match.group(0)), match.group(0))
    for match in NAME.finditer(text):
        rank, suit = match.group(1).lower(), match.group(2).lower()
        found.setdefault(CARDS_BY_NAME[f"{rank} of {suit}"], match.group(0))
    return found


def seen_by(view) -> set[cardlab.Card]:
    """The cards a view shows: its own hand, every face-up card of its layout, its events."""
    cards = set(view.hand)
    for row in view.layout():
        cards.update(row.cards)
    for event in view.events:
        cards.update(event.cards)
    return cards


def hidden_cards(state: cardlab.State, seat: int) -> set[cardlab.Card]:
    view = state.view(seat)
    return set(view.unseen_cards()) - seen_by(view)


def assert_hides(explorer: Explorer, seat: int, when: str) -> None:
    state = explorer.state
    if state.is_over and explorer.reveal_button.value:
        return
    secret = hidden_cards(state, seat)
    if not secret:
        return
    texts = "\n".join(widget_texts(explorer.widget))
    leaked = {card: spelling for card, spelling in named_cards(texts).items() if card in secret}
    if leaked:
        card, spelling = next(iter(leaked.items()))
        at = texts.find(spelling)
        raise AssertionError(
            f"{when}: seat {seat} cannot see {card}, but the widget names it as {spelling!r} "
            f"in: ...{texts[max(0, at - 80) : at + 80]}..."
        )


def act_and_check(explorer: Explorer, seat: int, position: int) -> None:
    """Go to ``position``, then ask for a hint and click for the seat to move, checking the
    widget after each."""
    explorer.go_to(position)
    where = f"position {explorer.index}"
    assert_hides(explorer, seat, where)
    state = explorer.state
    if state.is_over:
        return
    explorer.show_hint()
    assert_hides(explorer, seat, f"hint at {where}")
    mover = state.current_player
    if mover != seat and state.hand(mover):
        # Clicking a card of the hidden seat, or playing for it, is refused without naming it.
        explorer.click_card(state.hand(mover)[0])
        assert_hides(explorer, seat, f"click for the hidden seat at {where}")
        explorer.play(state.legal_moves()[0])
        assert_hides(explorer, seat, f"play for the hidden seat at {where}")
    elif mover == seat:
        # The seat's own clicks: an illegal card explained, then a legal move played.
        illegal = [card for card in state.hand(seat) if not state.is_legal(card)]
        if illegal:
            explorer.click_card(illegal[0])
            assert_hides(explorer, seat, f"a refused click at {where}")
        explorer.play(state.legal_moves()[-1])
        assert_hides(explorer, seat, f"after playing at {where}")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    configuration=st.sampled_from(CONFIGURATIONS),
    seed=st.integers(0, 10**6),
    seat=st.integers(0, 5),
    human=st.booleans(),
    stops=st.lists(st.floats(0, 1), min_size=1, max_size=5),
)
def test_a_shown_seat_never_sees_a_hidden_card(configuration, seed, seat, human, stops):
    name, options = configuration
    game = cardlab.game(name, **options)
    seat %= game.players
    explorer = Explorer(game, seed=seed, show=seat, human=seat if human else None, background=False)
    explorer.hint_playouts.value = 2
    for stop in stops:
        act_and_check(explorer, seat, round(stop * (len(explorer.states) - 1)))
    explorer.go_to_end()
    assert_hides(explorer, seat, "the end")


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_every_position_of_a_hand_hides_the_other_cards(name, options):
    game = cardlab.game(name, **options)
    seat = len(options) % game.players
    explorer = Explorer(game, seed=11, show=seat, background=False)
    explorer.go_to_end()
    for position in range(len(explorer.states)):
        explorer.go_to(position)
        assert_hides(explorer, seat, f"position {position}")


def test_the_check_itself_finds_a_shown_card():
    # Every hand face up names the other seats' cards: the check must see that.
    explorer = Explorer(cardlab.game("mod-ten", players=3), seed=7, background=False)
    with pytest.raises(AssertionError, match="seat 0 cannot see"):
        assert_hides(explorer, 0, "every hand shown")


def test_two_ten_jack_draws_are_told_without_the_card():
    game = cardlab.game("two-ten-jack")
    explorer = Explorer(game, seed=2, show=0, background=False)
    draws = 0
    for position in range(len(explorer.states)):
        explorer.go_to(position)
        for event in explorer.state.last_events:
            if event.kind == "draw" and event.seat == 1:
                draws += 1
                assert event.text not in explorer.narration.value
                assert event.for_seat(0).text in explorer.narration.value
    assert draws > 0


def test_the_end_offers_a_reveal():
    game = cardlab.game("mod-ten", players=3)
    explorer = Explorer(game, seed=7, show=0, background=False)
    assert explorer.reveal_button.layout.display == "none"
    explorer.go_to_end()
    final = explorer.state
    assert final.is_over and explorer.reveal_button.layout.display is None
    losers = [seat for seat in (1, 2) if final.hand(seat)]
    assert losers
    hidden_hand = final.hand(losers[0])
    assert "cardlab-back" in explorer.board.value
    explorer.reveal_button.value = True
    assert all(card.pretty in explorer.board.value for card in hidden_hand)
    # Stepping back into the hand hides the cards again.
    explorer.back_button.click()
    assert not all(card.pretty in explorer.board.value for card in hidden_hand) or not hidden_hand
    assert explorer.reveal_button.layout.display == "none"


SOLVABLE = [
    ("mod-ten", {"players": 2}),
    ("mod-ten", {"players": 2, "open_hands": True}),
    ("two-ten-jack", {}),
]
"""The configurations where the explorer's solver panel solves positions."""


@pytest.mark.parametrize(("name", "options"), SOLVABLE)
@pytest.mark.parametrize("seat", [0, 1])
def test_the_solver_panel_names_no_hidden_card(name, options, seat):
    explorer = Explorer(cardlab.game(name, **options), seed=5, show=seat, background=False)
    explorer.SOLVE_SECONDS = 0.5
    explorer.solver_toggle.value = True
    explorer.go_to_end()
    solved = 0
    for position in range(len(explorer.states)):
        explorer.go_to(position)
        assert_hides(explorer, seat, f"solver panel at position {position}")
        solved += "Perfect play" in explorer.solution.value
    assert solved > 0  # the panel did show solutions, not only refusals


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    # Two-Ten-Jack is left out: the view of a determinized world with an empty stock cannot
    # always be determinized again (the engine raises AssertionError; reported to the lead).
    configuration=st.sampled_from(SOLVABLE[:2]),
    seed=st.integers(0, 10**6),
    seat=st.integers(0, 1),
    stop=st.floats(0.4, 1),
    worlds=st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)),
)
def test_the_solver_panel_depends_only_on_what_the_seat_sees(
    configuration, seed, seat, stop, worlds
):
    # Two states that agree on everything the seat sees (the hidden cards dealt anew) show the
    # same panel: the panel is worked out from the seat's view alone.
    name, options = configuration
    game = cardlab.game(name, **options)
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    moves = round(stop * 40)
    while moves and not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        moves -= 1
    panels = []
    for dealt in [state] + [state.view(seat).determinize(world) for world in worlds]:
        explorer = Explorer(game, state=dealt, show=seat, background=False)
        explorer.SOLVE_SECONDS = 5.0
        explorer.solver_toggle.value = True
        panels.append(explorer.solution.value)
    if any("Not solved within budget" in panel for panel in panels):
        return  # a time budget is not a property of the position (a loaded machine)
    assert panels[1:] == panels[:-1]
