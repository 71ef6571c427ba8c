"""The checks of lesson 08, bots and tournaments (``notebooks/08-bots-and-tournaments.ipynb``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardlab.engine.core import View
from cardlab.engine.moves import Move
from cardlab.exercises.feedback import (
    Feedback,
    as_number,
    exercise,
    known_slip,
    not_yet,
    right,
)
from cardlab.exercises.play import CHECK_SEED, Bar, bot_against
from cardlab.exercises.statistics import hands_to_detect

if TYPE_CHECKING:
    from cardlab.games.mod_ten import ModTenView


def collector(view: View) -> Move:
    """Lesson 08's second bot: collect the table when a card can, otherwise the first legal
    move (the same function as in the lesson)."""
    legal = view.legal_moves()
    table_sum = cast("ModTenView", view).table_sum
    for move in legal:
        if (table_sum + move.card.number) % 10 == 0:
            return move
    return legal[0]


@exercise("bots.1")
def highest_card(answer: Any) -> Feedback:
    """Exercise 1: a bot that plays its highest legal card, checked move by move."""
    import cardlab

    if not callable(answer):
        return not_yet("give your bot: a function that takes a view and returns a legal move.")
    game = cardlab.game("mod-ten", players=2)
    positions = 0
    for seed in range(20):
        state = game.deal(seed=f"{CHECK_SEED}-{seed}")
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            try:
                move = answer(view)
            except Exception as error:  # a student's bot may fail in any way: say how
                return not_yet(f"your bot raised {type(error).__name__}: {error}")
            legal = view.legal_moves()
            if move not in legal:
                return not_yet(f"your bot played {move!r}, not one of the legal moves {legal}.")
            best = max(legal, key=lambda m: m.card.number).card.number
            if move.card.number != best:
                return not_yet(
                    f"with {' '.join(map(str, legal))} legal, your bot played {move}, not a "
                    f"card of value {best}."
                )
            state = state.play(move)
            positions += 1
    return right(f"your bot played the highest legal card in all {positions} positions.")


BEAT_COLLECTOR = Bar(
    hands=1500,
    measure="wins",
    mark=0.54,
    hinted="the weaker of the two hinted bots, lesson 01's (collect, otherwise leave a table "
    "ending in 5, otherwise shed the highest card), won 57.1% of 20,000 hands against "
    "collector (95% interval 56.5% to 57.8%), and reaches 54% of 1,500 hands on about 99 "
    "seeds in 100 (counter wins 75%); an even bot almost never does.",
)
"""Exercise 2's bar: 1,500 two-player hands, a mark of 54% (see :class:`Bar`)."""


@exercise("bots.2")
def beat_the_collector(answer: Any, seed: int | str = CHECK_SEED) -> Feedback:
    """Exercise 2: a bot that wins 54% or more of 1,500 two-player hands against lesson 08's
    collector."""
    return bot_against(answer, "mod-ten", {"players": 2}, collector, BEAT_COLLECTOR, seed)


@exercise("bots.3")
def hands_to_tell(answer: Any) -> Feedback:
    """Exercise 3: the hands needed to tell a 55-45 duel from an even one, with 80% power."""
    from cardlab.simulation.tournament import hands_needed

    return hands_to_detect(
        answer,
        0.05,
        {
            400: "1 / d² = 400 is the 1/√n rule turned round: an interval of ± 5 points, not an "
            "80% chance of showing a 5-point edge. Power needs about 2 / d².",
            1.96**2 * 0.25 / 0.05**2: "1.96² × 0.25 / 0.05² ≈ 384 leaves out the power: with it, "
            "z is 1.96 + 0.84, and the hands about double.",
            hands_needed(0.1): "that is for an edge of 10 points (55% against 45%): the edge d "
            "is measured from an even duel, 55% - 50% = 5 points.",
        },
        0.08,
        "about {}: (1.96 + 0.84)² × 0.25 / 0.05², about 2 / 0.05² = 800.",
        "lesson 07: (z + z_power)² × p (1 - p) / d², with d = 0.05; or hands_needed(0.05).",
    )


def lesson_tree(iterations: int = 100) -> Any:
    """Section 5's tree: the lead of three-player Mod Ten's deal of seed 4, grown by
    ``iterations`` iterations drawn from ``random.Random(1)`` (a
    :class:`cardlab.bots.ismcts.Tree`)."""
    import random

    import cardlab
    from cardlab.bots.ismcts import Tree

    lead = cardlab.game("mod-ten", players=3).deal(seed=4)
    seat = lead.current_player
    assert seat is not None  # a deal goes on
    return Tree(lead.view(seat), random.Random(1)).run(iterations)


@exercise("bots.4")
def what_the_tree_remembers(answer: Any) -> Feedback:
    """Exercise 4: the nodes of section 5's tree after 100 iterations, and the availability
    of each of the root's children, as a pair."""
    tree = lesson_tree(100)
    nodes = sum(1 for _ in tree.root.nodes())
    children = tree.root.all_children()
    (available,) = {child.available for child in children}  # the same for every lead
    pair = answer if isinstance(answer, tuple | list) and len(answer) == 2 else None
    numbers = [as_number(item) for item in pair] if pair is not None else [None]
    if pair is None or None in numbers:
        return not_yet("give a pair of numbers: answer = (nodes, availability).")
    given_nodes, given_available = numbers
    leads = len(children)
    if (given_nodes, given_available) == (nodes, available):
        return right(
            f"{nodes} nodes: the root and one new node an iteration. Availability {available}: "
            f"the first {leads} iterations each add a lead (each starts at 1), and each of "
            f"the other {100 - leads} chooses among all {leads}, counting each once more."
        )
    if given_nodes != nodes:
        if given_nodes == nodes - 1:
            return not_yet("the root counts too: 100 iterations add 100 nodes below it.")
        return not_yet(
            "the tree keeps every node it adds, one an iteration (not only the root's "
            "children), and the root."
        )
    slips = {
        100: "the first iterations each add a new lead without choosing among the others: "
        "those count no availability for the leads already there.",
        101: "the first iterations each add a new lead without choosing among the others: "
        "those count no availability for the leads already there.",
        available - 1: "a child starts at 1, for the iteration that added it.",
        100 / leads: "that is the visits shared out evenly; availability counts the iterations "
        "in which a lead could be chosen, whichever was.",
    }
    slip = known_slip(given_available, slips)
    if slip is not None:
        return slip
    return not_yet(
        f"{given_available:g} is not the availability. Count the iterations that add a lead "
        "(the root has an untried move) and those that choose among all of them."
    )
