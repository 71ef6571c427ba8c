"""The lessons as a teacher and a student rely on them: every lesson has its plan, every
exercise a check and an asserted solution, and the explorer behaves as the lessons say.

(The explorer cells that used to sit in the lessons "for the tests" are here now.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import cardlab
from cardlab.exercises import exercise_names

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
SOLUTIONS = NOTEBOOKS / "solutions"
CHECK_CALL = re.compile(r"""check\(\s*["']([a-z0-9-]+\.\d+)["']""")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def checks_in(path: Path) -> list[str]:
    return [name for cell in cells(path) for name in CHECK_CALL.findall(source(cell))]


def test_there_is_a_lesson_for_every_place_in_the_sequence():
    numbers = [path.name[:2] for path in LESSONS]
    assert numbers == [f"{n:02d}" for n in range(12)]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_a_lesson_says_who_it_is_for_what_it_teaches_and_how_long_it_takes(lesson):
    opening = source(cells(lesson)[0])
    for part in ("**For:**", "**Before this lesson:**", "**After this lesson you can**"):
        assert part in opening, f"{lesson.name} has no {part}"
    assert "| minutes | section |" in opening
    assert "**If time runs short:**" in opening


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_every_exercise_has_a_check_and_an_asserted_solution(lesson):
    exercises = [
        line
        for cell in cells(lesson)
        if cell["cell_type"] == "markdown"
        for line in source(cell).splitlines()
        if line.startswith("### Exercise")
    ]
    named = checks_in(lesson)
    assert len(named) == len(exercises), f"{lesson.name}: {len(exercises)} exercises, {named}"
    solutions = SOLUTIONS / f"{lesson.stem}-solutions.ipynb"
    assert solutions.exists(), f"no {solutions.name}"
    text = "\n".join(source(cell) for cell in cells(solutions))
    for name in named:
        assert f'check("{name}"' in text, f"{solutions.name} does not answer {name}"
    assert text.count("assert feedback") >= len(named)


def test_every_registered_exercise_is_in_a_lesson():
    used = {name for lesson in LESSONS for name in checks_in(lesson)}
    assert used == set(exercise_names())


@pytest.mark.parametrize(
    "notebook",
    LESSONS + sorted(SOLUTIONS.glob("*.ipynb")),
    ids=lambda path: path.stem,
)
def test_a_notebook_is_stored_run_top_to_bottom_with_no_widget_state(notebook):
    document = json.loads(notebook.read_text())
    assert "widgets" not in document["metadata"]
    assert document["metadata"]["kernelspec"]["name"] == "python3"
    counts = [cell["execution_count"] for cell in document["cells"] if cell["cell_type"] == "code"]
    assert counts == list(range(1, len(counts) + 1)), f"{notebook.name} was not run in order"
    for cell in document["cells"]:
        for output in cell.get("outputs", []):
            assert output.get("name") != "stderr", f"{notebook.name} stores stderr output"
            assert output["output_type"] != "error", f"{notebook.name} stores an error"


# ------------------------------------------------------------ the explorer, as the lessons say


def test_lesson_01_the_explorer_explains_and_plays():
    from cardlab.widgets import Explorer

    explorer = Explorer(cardlab.game("mod-ten", players=3), seed=7)
    explorer.click_card("AH")
    assert explorer.said == "AH cannot be played: AH is not in seat 2's hand."
    explorer.click_card("3D")
    assert str(explorer.state.last_events[0]) == "Seat 2 leads 3D: the table makes 3."
    explorer.click_card("8H")
    assert explorer.said.startswith("8H cannot be played: diamonds were led and seat 0 holds")


def test_lessons_02_and_03_the_explorer_offers_both_choices():
    from cardlab.widgets import Explorer

    explorer = Explorer(cardlab.game("chinese-ten"), seed=5)
    explorer.click_card("AS")
    assert explorer.said == "AS can be played in 2 ways: choose one below."
    labels = [button.description for button in explorer.choice_box.children]
    assert labels == ["A♠: capture 9♣", "A♠: capture 9♥"]
    explorer.play("AS>9H")
    assert str(explorer.state.last_events[0]) == "Seat 0 plays AS and captures 9H."
    explorer.go_to(0)
    explorer.click_card("KH")
    assert "Seat 0 turns up AD from the stock" in explorer.state.last_events[1].text
    labels = [button.description for button in explorer.choice_box.children]
    assert labels == ["A♦: capture 9♣", "A♦: capture 9♥"]


def test_lesson_04_the_explorer_asks_how_the_ace_of_spades_leads():
    from cardlab.widgets import Explorer

    game = cardlab.game("two-ten-jack")
    held = set(cardlab.parse_cards("AS 2C 3C 4C 5C 6C 3S 4H 2D 3D 4D 5D"))
    stock = [card for card in cardlab.cards.full_deck() if card not in held]
    ace_lead = game.deal(dealer=1, hands=["AS 2C 3C 4C 5C 6C", "3S 4H 2D 3D 4D 5D"], stock=stock)
    explorer = Explorer(game, state=ace_lead)
    explorer.click_card("AS")
    assert explorer.said == "AS can be played in 2 ways: choose one below."
    explorer.play("AS=S")
    assert str(explorer.state.last_events[0]) == "Seat 0 leads AS as a spade."
    explorer.click_card("4H")
    assert explorer.said.startswith("4H cannot be played: you hold a spade (3S)")


def test_lesson_06_the_explorer_deals_the_simulated_hand_again():
    from cardlab.simulation import play_hand
    from cardlab.widgets import Explorer

    game = cardlab.game("mod-ten", players=3)
    row = play_hand(game, ["random"] * 3, "1-36")
    explorer = Explorer(game, state=game.deal(seed="1-36"))
    assert explorer.state == game.deal(seed="1-36")
    assert explorer.state.dealer == row["dealer"]
