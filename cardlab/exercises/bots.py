"""The checks of lesson 08, bots and tournaments (``notebooks/08-bots-and-tournaments.ipynb``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardlab.core import Move, View
from cardlab.exercises.feedback import Feedback, exercise, known_slip, near, not_yet, right
from cardlab.exercises.play import CHECK_SEED, Bar, bot_against

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
    from cardlab.tournament import hands_needed

    needed = hands_needed(0.05)
    slip = known_slip(
        answer,
        {
            400: "1 / d² = 400 is the 1/√n rule turned round: an interval of ± 5 points, not an "
            "80% chance of showing a 5-point edge. Power needs about 2 / d².",
            1.96**2 * 0.25 / 0.05**2: "1.96² × 0.25 / 0.05² ≈ 384 leaves out the power: with it, "
            "z is 1.96 + 0.84, and the hands about double.",
            hands_needed(0.1): "that is for an edge of 10 points (55% against 45%): the edge d "
            "is measured from an even duel, 55% - 50% = 5 points.",
        },
        relative=0.01,
    )
    if slip is not None:
        return slip
    return near(
        answer,
        needed,
        0.08 * needed,
        f"about {needed}: (1.96 + 0.84)² × 0.25 / 0.05², about 2 / 0.05² = 800.",
        "lesson 07: (z + z_power)² × p (1 - p) / d², with d = 0.05; or hands_needed(0.05).",
    )
