"""The checks of lesson 00, Start here (``notebooks/00-start-here.ipynb``)."""

from __future__ import annotations

from typing import Any

from cardlab.exercises.feedback import (
    Feedback,
    as_texts,
    exactly,
    exercise,
    known_slip,
    not_yet,
    right,
)


@exercise("start-here.1")
def who_leads(answer: Any) -> Feedback:
    """Exercise 1: the seat that leads the 3-player Mod Ten deal of seed 11."""
    import cardlab

    state = cardlab.game("mod-ten", players=3).deal(seed=11)
    leader = state.current_player
    assert leader is not None
    slip = known_slip(
        answer,
        {
            state.dealer: f"seat {state.dealer} is the dealer. The player on the dealer's "
            "left leads."
        },
    )
    if slip is not None:
        return slip
    return exactly(
        answer,
        leader,
        f"seat {state.dealer} deals, so seat {leader}, on its left, leads.",
        "deal with game.deal(seed=11) and look at current_player.",
    )


@exercise("start-here.2")
def who_wins(answer: Any) -> Feedback:
    """Exercise 2: the winner of that deal played out by random players (seed 1)."""
    import cardlab

    final = cardlab.game("mod-ten", players=3).deal(seed=11).play_out("random", seed=1)
    winner = final.winner
    assert winner is not None
    dealer = final.dealer
    if dealer != winner:
        slip = known_slip(
            answer,
            {
                dealer: f"seat {dealer} dealt this hand; the winner is the first to play its "
                "last card."
            },
        )
        if slip is not None:
            return slip
    return exactly(
        answer,
        winner,
        f"seat {winner} plays its last card first: {final.events[-1]}",
        "play_out returns the final state: look at its winner.",
    )


@exercise("start-here.3")
def layout(answer: Any) -> Feedback:
    """Exercise 3: the four layout cards of the 3-player Chinese Ten deal of seed 12."""
    import cardlab

    state = cardlab.game("chinese-ten").deal(seed=12)
    expected = {card.text for card in state.events[0].cards}
    texts = as_texts(answer)
    if texts is None:
        return not_yet('give the cards as a list of text, such as ["TC", "9D", "KH", "8S"].')
    if texts == expected:
        return right("those are the four cards dealt face up: the layout.")
    if len(texts) != 4:
        return not_yet(f"the layout has four cards, not {len(texts)}.")
    return not_yet("not those: the deal's first event and the picture both list the layout.")
