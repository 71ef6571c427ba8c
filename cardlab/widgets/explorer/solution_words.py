"""The explorer's solver panel in words: perfect play from the position shown, worked out only
from what is displayed (the shown seat's view, or the whole state when every hand is face up).

Each legal move of the seat to move is marked with its result under perfect play (Mod Ten: wins
or loses for that seat; Two-Ten-Jack: both seats' final points), then one line of perfect play
as event texts. From a view the line stops before the first card the seat cannot see, and the
moves of a hidden hand are not listed: only the position's value is.

>>> import cardlab
>>> state = cardlab.game("mod-ten", players=2, open_hands=True).deal(seed=1)
>>> for _ in range(22):
...     state = state.play(state.legal_moves()[0])
>>> print(panel_text(state.view(1), 1.0))  # doctest: +ELLIPSIS
Perfect play (86 positions searched): seat 1 wins. Seat 1's moves: 9H wins. Line: ...
"""

from __future__ import annotations

import html
from collections.abc import Iterator

from cardlab.engine.cards import Card
from cardlab.engine.core import Game, State, View
from cardlab.engine.moves import Event
from cardlab.search.solver import Solution, SolveError, StepwiseSolve, Target, solvable, solve
from cardlab.widgets.explorer.hint_words import WIN_LABEL


def never_solvable(game: Game) -> bool:
    """True when no position of ``game`` is solvable (Chinese Ten, Mod Ten with 3 or more
    players): the explorer then offers no solver panel at all."""
    return solvable(game.deal(seed=0)) is not None


def knowable_by_the_player(state: State) -> bool:
    """True when the player to move (seat 0 once the hand is over) could work perfect play out
    from what they see of ``state``: 2-player Mod Ten, where every card is dealt; Two-Ten-Jack
    once its stock is empty. Not at the start of a Two-Ten-Jack hand, whose stock nobody has
    seen; that deal face up is far beyond the panel's budget too (over a million positions).

    >>> import cardlab
    >>> knowable_by_the_player(cardlab.game("mod-ten", players=2).deal(seed=1))
    True
    >>> knowable_by_the_player(cardlab.game("two-ten-jack").deal(seed=1))
    False
    """
    seat = state.current_player
    return solvable(state.view(0 if seat is None else seat)) is None


def hidden_cards(target: Target) -> set[Card]:
    """The cards ``target`` does not display: none for a state; for a view, the unseen cards
    that neither its hand, its layout nor its events show (open hands show them all)."""
    if isinstance(target, State):
        return set()
    shown = set(target.hand)
    for row in target.layout():
        shown.update(row.cards)
    for event in target.events:
        shown.update(event.cards)
    return set(target.unseen_cards()) - shown


def result_words(solution: Solution, values: tuple[int, ...], points: bool) -> str:
    """A move's result in words: "wins" / "loses" for the seat to move (a game of wins), or with
    ``points`` both seats' final points ("seat 0: 20, seat 1: 15")."""
    if not points:
        mover = solution.to_move
        return "wins" if mover is not None and values[mover] == 1 else "loses"
    return ", ".join(f"seat {seat}: {points}" for seat, points in enumerate(values))


def value_words(solution: Solution, points: bool) -> str:
    """The position's value in words: "seat 0 wins", or both seats' final points."""
    assert solution.values is not None
    if not points:
        return f"seat {solution.winner} wins"
    return "final points " + ", ".join(
        f"seat {seat}: {value}" for seat, value in enumerate(solution.values)
    )


def told_line(target: Target, solution: Solution) -> tuple[list[str], bool]:
    """The event texts of the solution's line as the shown seat would be told them, up to the
    first event that names a card it cannot see; and whether the line was cut there."""
    secret = hidden_cards(target)
    state = target if isinstance(target, State) else target.determinize(0)
    eyes = None if isinstance(target, State) else target.seat
    texts: list[str] = []
    for move in solution.line:
        state = state.play(move)
        told: list[Event] = [event.for_seat(eyes) for event in state.last_events]
        if any(secret.intersection(event.cards) for event in told) or move.card in secret:
            return texts, True
        texts.extend(event.text for event in told)
    return texts, False


def panel_text(target: Target, max_seconds: float) -> str:
    """The panel as plain text (what :func:`panel_html` shows), from ``target`` only."""
    return "\n".join(panel_lines(target, max_seconds))


def panel_lines(target: Target, max_seconds: float) -> list[str]:
    """The panel's lines: the value, each move's result and the line of perfect play; or why
    the position cannot be solved, or that the budget ran out."""
    refusal = solvable(target)
    if refusal is not None:
        return [f"Not solvable from what is shown: {refusal}"]
    try:
        solution = solve(target, max_seconds=max_seconds)
    except SolveError as error:
        return [f"Not solvable from what is shown: {error}"]
    return solution_lines(target, solution)


def panel_steps(
    target: Target, max_seconds: float, step_positions: int
) -> Iterator[list[str] | None]:
    """The lines of :func:`panel_lines`, worked out in steps of at most ``step_positions``
    positions searched (:class:`~cardlab.search.solver.StepwiseSolve`): None after each step that
    leaves the search unfinished, then the lines, last.

    >>> import cardlab
    >>> state = cardlab.game("mod-ten", players=2, open_hands=True).deal(seed=1)
    >>> steps = list(panel_steps(state, 60.0, step_positions=100))  # budget: a loaded machine
    >>> steps[:-1] == [None] * (len(steps) - 1) and steps[-1] == panel_lines(state, 60.0)
    True
    """
    refusal = solvable(target)
    if refusal is not None:
        yield [f"Not solvable from what is shown: {refusal}"]
        return
    try:
        solving = StepwiseSolve(target, max_seconds=max_seconds, step_positions=step_positions)
    except SolveError as error:
        yield [f"Not solvable from what is shown: {error}"]
        return
    for _positions in solving.steps():
        yield None
    assert solving.solution is not None
    yield solution_lines(target, solving.solution)


def solution_lines(target: Target, solution: Solution) -> list[str]:
    """The panel's lines for what the solver found from ``target``."""
    if not solution.solved:
        return [f"Not solved within budget ({solution.budget}); step on and try again."]
    if solution.to_move is None:
        return []
    points = target.game.value_label != WIN_LABEL
    lines = [
        f"Perfect play ({solution.positions:,} positions searched): "
        f"{value_words(solution, points)}."
    ]
    mover = solution.to_move
    if isinstance(target, View) and target.seat != mover:
        lines.append(f"Seat {mover}'s hand is hidden: its moves are not shown.")
        return lines
    marked = ", ".join(
        f"{move} {result_words(solution, values, points)}"
        for move, values in solution.move_values.items()
    )
    lines.append(f"Seat {mover}'s moves: {marked}.")
    texts, cut = told_line(target, solution)
    line = " ".join(texts)
    if cut:
        line += " (the rest is not shown: it names cards this seat cannot see)"
    lines.append(f"Line: {line}")
    return lines


def panel_html(lines: list[str]) -> str:
    """The panel's lines as HTML, one block each."""
    return "".join(f"<div>{html.escape(line)}</div>" for line in lines)
