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
def test_every_period_of_a_lesson_fits_45_minutes_and_its_plan_adds_up(lesson):
    minutes = lesson_minutes()
    estimate = minutes.estimate(lesson)
    for period in estimate.periods:
        assert period.minutes.total <= minutes.PERIOD, (
            f"{lesson.name}, period {period.number}: {period.minutes.total:.1f} minutes by the "
            "model; cut, or make the lesson a unit of two periods (a cell '# Period 2 ...')"
        )
        assert minutes.plan_problems(period.plan) == [], (lesson.name, period.number)
    assert [period.number for period in estimate.periods] in ([1], [1, 2])


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_a_lessons_homework_takes_under_20_minutes(lesson):
    minutes = lesson_minutes()
    homework = minutes.estimate(lesson).homework.total
    assert homework < minutes.HOMEWORK_LIMIT, f"{lesson.name}: {homework:.1f} minutes of homework"


def test_the_estimate_counts_what_the_model_says(tmp_path):
    """Reading at 120 words a minute, 45 s a code cell, outputs read at 120 words a minute (a
    table half a minute at least, a picture half a minute, a chart a minute), 1.5 min a
    prediction, 4 a discussion, 5 an explorer, 2 a slider, 6 the class's lines, 3/8/20 min an
    exercise; an exercise's own cells and a homework section or exercise kept apart; a second
    period with its own plan."""
    table = {"text/html": '<table class="dataframe">', "text/plain": "a " * 30}
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": "| 0-30 | 1. One |\n| 30-45 | 2. Two |"},
            {"cell_type": "markdown", "source": "## 1. One\n\n" + "word " * 116 + "**Predict**"},
            {
                "cell_type": "code",
                "source": "x = 1",
                "outputs": [{"output_type": "stream", "name": "stdout", "text": "w " * 60}],
            },
            {"cell_type": "code", "source": "table", "outputs": [{"data": table}]},
            {"cell_type": "code", "source": "chart", "outputs": [{"data": {"image/png": ""}}]},
            {"cell_type": "markdown", "source": "**Discuss:** why?"},
            {"cell_type": "code", "source": "Explorer(game)\nPeeking(looks=5)", "outputs": []},
            {"cell_type": "markdown", "source": "### Exercise 1 (medium): a"},
            {"cell_type": "code", "source": "check('a.1', ...)", "outputs": []},
            {"cell_type": "markdown", "source": "### Exercise 2 (open, homework): b"},
            {"cell_type": "code", "source": "check('a.2', ...)", "outputs": []},
            {"cell_type": "markdown", "source": "# Period 2 · More\n\n| 0-45 | 3. Three |"},
            {"cell_type": "code", "source": "classroom.pool(lines)", "outputs": []},
            {"cell_type": "markdown", "source": "## 4. Homework: more"},
            {"cell_type": "code", "source": "y = 2", "outputs": []},
            {"cell_type": "markdown", "source": "### Exercise 3 (easy): c"},
        ]
    }
    path = tmp_path / "99-test.ipynb"
    path.write_text(json.dumps(notebook))
    minutes = lesson_minutes()
    estimate = minutes.estimate(path)
    first, second = (period.minutes for period in estimate.periods)
    # the plan's 12 words, section 1's 120, "**Discuss:** why?" and the exercise heading's 5
    assert first.reading == pytest.approx((12 + 120 + 2 + 5) / 120)
    assert first.code == 4 * 0.75
    assert first.outputs == pytest.approx(60 / 120 + 0.5 + 1)  # printed, a table, a chart
    assert (first.predictions, first.discussion, first.activities, first.exercises) == (
        1.5,
        4,
        5 + 2,
        8,
    )
    assert (second.code, second.activities, second.reading) == (0.75, 6, pytest.approx(11 / 120))
    assert (estimate.homework.code, estimate.homework.exercises) == (0.75, 23)
    assert [period.plan for period in estimate.periods] == [
        [(0, 30, "1. One"), (30, 45, "2. Two")],
        [(0, 45, "3. Three")],
    ]
    assert minutes.plan_problems([(0, 30, "a"), (35, 40, "b")]) == [
        "the row 35-40 (b) does not start at 30",
        "the plan ends at 40, not 45",
    ]
    notebook["cells"][7]["source"] = "### Exercise 1: no difficulty"
    path.write_text(json.dumps(notebook))
    with pytest.raises(ValueError, match="without"):
        minutes.estimate(path)


BOT_EXERCISES = {"mod-ten.6", "chinese-ten-scoring.5", "two-ten-jack.6", "bots.2"}
"""The exercises whose check plays the student's bot against an opponent."""


def exercises_of(lesson: Path) -> list[tuple[str, str, str]]:
    """Each exercise of a lesson: its difficulty, its text and the code of its cells (the
    markdown from its heading to the next heading, the code cells up to the next text)."""
    found: list[list[str]] = []
    for cell in cells(lesson):
        text = source(cell)
        if cell["cell_type"] == "code":
            if found and found[-1][3] == "open":
                found[-1][2] += text
            continue
        if found:
            found[-1][3] = "closed"
        for piece in re.split(r"(?m)^(?=#{1,3} )", text):
            heading = re.match(r"### Exercise \d+ \((easy|medium|open)", piece)
            if heading:
                found.append([heading.group(1), piece, "", "open"])
            elif found and found[-1][3] == "open" and piece.startswith("#"):
                found[-1][3] = "closed"
    return [(kind, text, code) for kind, text, code, _state in found]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_an_exercises_difficulty_is_what_the_student_must_do(lesson):
    """Judged by the task, not the heading: a bot to write that must beat an opponent is open
    (20 minutes); a function to write (a bot to a rule, a counter) is at least medium."""
    for kind, text, code in exercises_of(lesson):
        name = CHECK_CALL.search(code).group(1)
        writes_a_function = "def " in code or re.search(r"\b[Ww]rite a (function|bot)", text)
        if name in BOT_EXERCISES:
            assert kind == "open", f"{lesson.name}: {name} asks for a bot that must win: open"
        elif writes_a_function:
            assert kind in ("medium", "open"), f"{lesson.name}: {name} asks for a function"


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


# ------------------------------------------------- the guide's figures come from the model


def test_the_guides_minutes_are_the_models():
    """docs/teachers.md quotes `tools/lesson_minutes.py --guide`, row for row."""
    minutes = lesson_minutes()
    guide = (DOCS / "teachers.md").read_text()
    for lesson in LESSONS:
        row = minutes.guide_row(minutes.estimate(lesson))
        assert row in guide, f"the guide does not say {row}"


def test_an_opening_says_how_long_its_homework_takes():
    minutes = lesson_minutes()
    for lesson in LESSONS:
        homework = minutes.estimate(lesson).homework.total
        said = re.search(r"Homework \(about (\d+) minutes\)", source(cells(lesson)[0]))
        if homework:
            assert said, f"{lesson.name}: {homework:.0f} minutes of homework, not said"
            assert abs(int(said.group(1)) - homework) <= 3, (lesson.name, homework)
        else:
            assert said is None, lesson.name


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_a_lesson_that_proves_something_discusses_it(lesson):
    """A lesson whose objectives say "prove" gives the class a **Discuss** prompt (the model
    counts the discussion)."""
    objectives = source(cells(lesson)[0]).split("**After this lesson you can**", 1)[1]
    if re.search(r"\bprove\b", objectives.split("| minutes |", 1)[0]):
        assert any("**Discuss:**" in source(cell) for cell in cells(lesson)), lesson.name


def test_a_second_period_starts_by_running_the_first_again():
    minutes = lesson_minutes()
    for lesson in LESSONS:
        if len(minutes.estimate(lesson).periods) == 2:
            (start,) = [
                source(cell) for cell in cells(lesson) if source(cell).startswith("# Period 2")
            ]
            assert "Run > Run All Above Selected Cell" in flat(start), lesson.name
            assert "takes **two periods**" in source(cells(lesson)[0]), lesson.name


PREREQUISITES = {
    "01": {"00"},
    "02": {"00"},
    "03": {"00", "02"},
    "04": {"00"},
    "05": {"00", "01"},
    "06": {"05"},
    "07": {"05"},
    "08": {"01"},  # and 07 for its section 4 only
    "09": {"02", "05"},
    "10": {"04", "05", "08"},
    "11": {"04", "05", "07", "10"},
}
"""What each lesson needs first, as the guide says it (the test below checks the sentence)."""


def with_prerequisites(lessons: set[str]) -> set[str]:
    """``lessons`` and everything they need first."""
    found = set(lessons)
    while True:
        more = set().union(*(PREREQUISITES.get(lesson, set()) for lesson in found)) - found
        if not more:
            return found
        found |= more


def test_the_course_rows_count_periods_from_the_lessons():
    guide = (DOCS / "teachers.md").read_text()
    assert (
        "Prerequisites: 00 before everything; 01 before 05 and 08; 02 before 03 and 09; 05 before "
        "06, 07, 09 and 10; 07 before section 4 of 08; 04 and 08 before 10; 04, 05, 07 and 10 "
        "before 11." in flat(guide)
    )
    minutes = lesson_minutes()
    periods = {lesson.name[:2]: len(minutes.estimate(lesson).periods) for lesson in LESSONS}
    part = guide.split("## Which lessons for which course", 1)[1].split("\n\n", 2)[1]
    rows = [line for line in part.splitlines() if line.startswith("| ") and "---" not in line]
    assert any("11" in row.split("|")[2] for row in rows[1:]), "lesson 11 is in no course"
    for row in rows[1:]:
        _name, core, optional, counts = (cell.strip() for cell in row.strip("|").split("|"))
        core_set = set(re.findall(r"\b\d\d\b", core))
        assert with_prerequisites(core_set) == core_set, row
        core_periods, *each = counts.split("; ")[0:1] + counts.split("; ")[1].split(", ")
        assert int(core_periods) == sum(periods[lesson] for lesson in core_set), row
        named = re.findall(r"(\d\d)(?: \(([^)]*)\))?", optional)
        if row.startswith("| A single taster"):
            continue
        for (lesson, _why), added in zip(named, each, strict=True):
            number, plus = added.split(" +")
            assert number == lesson, row
            extra = with_prerequisites({lesson}) - core_set
            assert int(plus) == sum(periods[name] for name in extra), (row, lesson, extra)
