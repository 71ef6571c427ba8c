"""The lessons as a teacher and a student rely on them: every lesson has its plan, every
exercise a check and an asserted solution, and the explorer behaves as the lessons say.

(The explorer cells that used to sit in the lessons "for the tests" are here now.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from repository import tool

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
    stock = [card for card in cardlab.engine.cards.full_deck() if card not in held]
    ace_lead = game.deal(dealer=1, hands=["AS 2C 3C 4C 5C 6C", "3S 4H 2D 3D 4D 5D"], stock=stock)
    explorer = Explorer(game, state=ace_lead)
    explorer.click_card("AS")
    assert explorer.said == "AS can be played in 2 ways: choose one below."
    explorer.play("AS=S")
    assert str(explorer.state.last_events[0]) == "Seat 0 leads AS as a spade."
    explorer.click_card("4H")
    assert explorer.said.startswith("4H cannot be played: you hold a spade (3S)")


def test_lesson_06_the_explorer_deals_the_simulated_hand_again():
    from cardlab.simulation.many_games import play_hand
    from cardlab.widgets import Explorer

    game = cardlab.game("mod-ten", players=3)
    row = play_hand(game, ["random"] * 3, "1-36")
    explorer = Explorer(game, state=game.deal(seed="1-36"))
    assert explorer.state == game.deal(seed="1-36")
    assert explorer.state.dealer == row["dealer"]


# ------------------------------------------------------------- one period: 45 minutes a lesson


def lesson_minutes():
    """tools/lesson_minutes.py (a script, not a package)."""
    return tool("lesson_minutes")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_a_lesson_fits_one_period_and_its_plan_adds_up_to_45_minutes(lesson):
    minutes = lesson_minutes()
    estimate = minutes.estimate(lesson)
    assert estimate.core.total <= minutes.PERIOD, (
        f"{lesson.name}: {estimate.core.total:.1f} minutes in class by the estimate; move "
        "exercises to a marked homework section"
    )
    assert minutes.plan_problems(estimate.plan) == [], lesson.name


def test_the_estimate_counts_what_the_model_says(tmp_path):
    """Reading at 120 words a minute, 45 s a code cell, 1.5 min a prediction, 3/8/20 min an
    exercise; an exercise's own cells and a homework section or exercise kept apart."""
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": "| 0-30 | 1. One |\n| 30-45 | 2. Two |"},
            {"cell_type": "markdown", "source": "## 1. One\n\n" + "word " * 116 + "**Predict**"},
            {"cell_type": "code", "source": "x = 1"},
            {"cell_type": "markdown", "source": "### Exercise 1 (medium): a"},
            {"cell_type": "code", "source": "check('a.1', ...)"},
            {"cell_type": "markdown", "source": "### Exercise 2 (open, homework): b"},
            {"cell_type": "code", "source": "check('a.2', ...)"},
            {"cell_type": "markdown", "source": "## 2. Homework: more"},
            {"cell_type": "code", "source": "y = 2"},
            {"cell_type": "markdown", "source": "### Exercise 3 (easy): c"},
        ]
    }
    path = tmp_path / "99-test.ipynb"
    path.write_text(json.dumps(notebook))
    minutes = lesson_minutes()
    estimate = minutes.estimate(path)
    # the plan's 12 words and section 1's 120, 1 code cell, 1 prediction, 1 medium exercise
    # (its heading's 5 words read, its cell in its minutes)
    assert estimate.core.reading == pytest.approx((12 + 120 + 5) / 120)
    assert (estimate.core.code, estimate.core.predictions, estimate.core.exercises) == (
        0.75,
        1.5,
        8,
    )
    assert (estimate.homework.code, estimate.homework.exercises) == (0.75, 23)
    assert minutes.plan_problems(estimate.plan) == []
    assert minutes.plan_problems([(0, 30, "a"), (35, 40, "b")]) == [
        "the row 35-40 (b) does not start at 30",
        "the plan ends at 40, not 45",
    ]
    notebook["cells"][3]["source"] = "### Exercise 1: no difficulty"
    path.write_text(json.dumps(notebook))
    with pytest.raises(ValueError, match="without"):
        minutes.estimate(path)


# ------------------------------------------ the teacher's guide's rule summaries, against the rules

DOCS = NOTEBOOKS.parent / "docs"


def flat(text: str) -> str:
    """``text`` with every run of white space (line breaks too) as one space."""
    return " ".join(text.split())


def summary(game: str) -> str:
    """The teacher's guide's printed summary of ``game`` ("Mod Ten", ...), flattened."""
    guide = (DOCS / "teachers.md").read_text()
    part = guide.split("## Rule summaries to print", 1)[1].split(f"### {game} ", 1)[1]
    return flat(part.split("\n### ", 1)[0])


def test_the_guide_and_the_rules_page_give_mod_ten_the_same_decks():
    from cardlab.games import mod_ten

    guide, rules = summary("Mod Ten"), flat((DOCS / "rules.md").read_text())
    single, double = mod_ten.deck_for(2, "single"), mod_ten.deck_for(4, "double")
    assert {card.rank for card in single} == set("A2346789")
    assert {card.rank for card in double} == set("A23456789")
    claims = [  # (the guide says, the rules page says, the engine agrees)
        (
            "A 2 3 4 6 7 8 9 of each suit (no 5s, tens or court cards): 32 cards",
            "A 2 3 4 6 7 8 9 of each suit (no 5s, tens or court cards) | 32 cards",
            len(single) == 32,
        ),
        (
            "30 with 3 players, who take out the ace and nine of spades",
            "30: without AS and 9S",
            len(mod_ten.deck_for(3, "single")) == 30,
        ),
        (
            "A to 9 of each suit twice (the 5s kept): 72 cards",
            "A to 9 of each suit, twice (no tens or court cards) | 72 cards",
            len(double) == 72,
        ),
        (
            "60 with 5 or 6 players, who take out both aces and nines of spades, clubs and "
            "diamonds",
            "60: without both AS, 9S, AC, 9C, AD, 9D",
            len(mod_ten.deck_for(5, "double")) == 60,
        ),
        (
            "2 or 3 players use a single deck",
            "a single deck for 2 or 3 players",
            [mod_ten.resolve_deck(n) for n in (2, 3)] == ["single"] * 2,
        ),
        (
            "4 to 6 players use a double deck",
            "a double deck for 4 to 6",
            [mod_ten.resolve_deck(n) for n in (4, 5, 6)] == ["double"] * 3,
        ),
    ]
    for says, page, engine in claims:
        assert says in guide, says
        assert page in rules, page
        assert engine, says


def test_the_guide_and_the_rules_page_give_chinese_ten_the_same_deal_and_points():
    from cardlab.games import chinese_ten

    guide, rules = summary("Chinese Ten"), flat((DOCS / "rules.md").read_text())
    hands = {n: cardlab.game("chinese-ten", players=n).deal(seed=0) for n in (2, 3, 4)}
    claims = [
        (
            "12 cards each (2 players), 8 (3 players), 6 (4 players)",
            "12 with 2 players, 8 with 3 (the default, as Games4All plays it), 6 with 4",
            [len(hands[n].hand(0)) for n in (2, 3, 4)] == [12, 8, 6],
        ),
        (
            "4 face up on the table; the other 24 face down: the stock",
            "the other 24 are the face-down **stock**",
            all(len(hands[n].table) == 4 and len(hands[n].stock) == 24 for n in (2, 3, 4)),
        ),
        (
            "ace of spades 30 (240 points in all)",
            "ace of spades: 30 | 240 |",
            chinese_ten.scheme_total("red", 3) == 240,
        ),
        (
            "ace of spades 50 (218 in all)",
            "ace of spades: 50 | 218 |",
            chinese_ten.scheme_total("black-frog", 3) == 218,
        ),
        ("first to 1000", "`target` (default 1000", cardlab.game("chinese-ten").target == 1000),
    ]
    for says, page, engine in claims:
        assert says in guide, says
        assert page in rules, page
        assert engine, says


def test_the_guide_and_the_rules_page_give_two_ten_jack_the_same_deal_and_points():
    from cardlab.games import two_ten_jack as ttj

    guide, rules = summary("Two-Ten-Jack"), flat((DOCS / "rules.md").read_text())
    deal = cardlab.game("two-ten-jack").deal(seed=0)
    scoring = {
        "2H": 5,
        "TH": 5,
        "JH": 5,
        "2C": -5,
        "TC": -5,
        "JC": -5,
        "2S": 1,
        "TS": 1,
        "JS": 1,
        "AS": 1,
        "6D": 1,
    }
    points = {card.text: ttj.card_points(card) for card in ttj.DECK}
    claims = [
        (
            "6 cards each; the other 40 are the stock",
            "6 cards each, one at a time, starting with "
            "the non-dealer; the other 40 form the face-down stock",
            len(deal.hand(0)) == len(deal.hand(1)) == 6 and len(deal.stock) == 40,
        ),
        (
            "2, 10, J of hearts +5 each; 2, 10, J of clubs -5 each; 2, 10, J, A of spades +1 each; "
            "6 of diamonds +1",
            "the 2, 10 and jack of hearts +5 each; the 2, 10 and jack of clubs "
            "-5 each; the 2, 10, jack and ace of spades +1 each; the 6 of diamonds +1",
            {card: value for card, value in points.items() if value} == scoring,
        ),
        (
            "The two scores of a hand add up to +5",
            "so the two scores of a hand add up to +5",
            sum(points.values()) == 5,
        ),
        ("first to 31 points", "`target` (default 31)", cardlab.game("two-ten-jack").target == 31),
    ]
    for says, page, engine in claims:
        assert says in guide, says
        assert page in rules, page
        assert engine, says
