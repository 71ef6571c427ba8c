"""The teacher's kit (docs/kit/) says what the lessons do: each lesson's notes answer every one
of its predictions, in order, with the figures the lesson prints, name only sections the
lesson has, and leave every minute to tools/lesson_minutes.py; the route by level, the class
experiment's logistics and the bot rubric say what the lessons and the code do.

A change to a lesson that moves a prediction, rewords it or changes what answers it fails
here, naming the lesson and the prediction: the notes must be written again."""

from __future__ import annotations

import dataclasses
import doctest
import re
from pathlib import Path

import pytest
from repository import tool

from cardlab import classroom

kit = tool("kit")
LESSONS = kit.lessons()
KIT = kit.KIT
LESSON_LINK = re.compile(r"\]\((?:\.\./)+(?:notebooks|lessons)/(\d\d)-[\w-]+\.ipynb\)")


def notes_of(lesson: Path) -> list:
    return kit.notes(kit.notes_path(lesson).read_text(encoding="utf-8"))


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_every_lesson_has_notes_whose_timing_is_computed_at_build_time(lesson):
    path = kit.notes_path(lesson)
    assert path.exists(), f"no teacher's notes for {lesson.name}: write {path.name}"
    text = path.read_text(encoding="utf-8")
    assert kit.ABOUT.search(text), f"{path.name} has no <!-- kit:about --> part"
    page = kit.page(path)
    estimate = kit.lesson_minutes().estimate(lesson)
    assert f"**{estimate.core.total:.0f}** |" in page  # the class part's minutes, computed
    for objective in kit.opening(kit.load(lesson)).objectives:
        assert flat(objective)[:40] in flat(page)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_the_notes_take_every_prediction_of_the_lesson_in_order(lesson):
    predictions = kit.predictions(kit.load(lesson))
    notes = notes_of(lesson)
    assert len(notes) == len(predictions), (
        f"{lesson.name} has {len(predictions)} predictions, its notes {len(notes)}: "
        + "; ".join(f"{p.number}: {flat(p.text)[:70]}" for p in predictions)
    )
    for prediction, note in zip(predictions, notes, strict=True):
        assert note.quote, f"{lesson.stem}, prediction {prediction.number}: no quote"
        assert flat(note.quote) in flat(prediction.text), (
            f"{lesson.stem}, prediction {prediction.number}: the notes quote {note.quote!r}, "
            f"the lesson now says {flat(prediction.text)!r}"
        )


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_each_expected_answer_is_what_the_lesson_prints(lesson):
    notebook = kit.load(lesson)
    answers = kit.load(kit.solutions_path(lesson))
    solutions_text = flat(" ".join(kit.outputs_text(cell) for cell in answers.cells))
    for prediction, note in zip(kit.predictions(notebook), notes_of(lesson), strict=False):
        where = f"{lesson.stem}, prediction {prediction.number}"
        assert note.printed or note.solutions_print or note.doctests, f"{where}: nothing checked"
        printed = flat(kit.answering_outputs(notebook, prediction))
        for span in note.printed:
            assert flat(span) in printed, f"{where}: the lesson no longer prints {span!r}"
        for span in note.solutions_print:
            assert flat(span) in solutions_text, f"{where}: the solutions do not print {span!r}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_the_computed_answers_of_the_notes_hold(lesson):
    parser = doctest.DocTestParser()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    for number, note in enumerate(notes_of(lesson), start=1):
        for block in note.doctests:
            name = f"{lesson.stem} prediction {number}"
            test = parser.get_doctest(block, {}, name, str(kit.notes_path(lesson)), 0)
            report: list[str] = []
            runner = doctest.DocTestRunner(optionflags=flags)
            result = runner.run(test, out=report.append)
            assert result.failed == 0, "".join(report)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_every_prediction_has_its_expected_answer_and_two_wrong_ones(lesson):
    for number, note in enumerate(notes_of(lesson), start=1):
        assert len(note.expected) > len("**Expected:**") + 5, f"{lesson.stem} {number}"
        assert len(note.wrong) == 2, f"{lesson.stem} prediction {number}: {note.wrong}"


def kit_pages() -> list[Path]:
    return sorted(KIT.glob("*.md"))


@pytest.mark.parametrize("page", kit_pages(), ids=lambda path: path.stem)
def test_the_notes_name_only_sections_that_their_lesson_has(page):
    lesson = kit.NOTEBOOKS / f"{page.stem}.ipynb"
    references = kit.SECTION_REFERENCE.findall(page.read_text(encoding="utf-8"))
    if not lesson.exists():  # a page of the whole kit names no section
        assert not references, f"{page.name} names sections of no lesson: {references}"
        return
    sections = kit.sections(kit.load(lesson))
    for number, title in references:
        heading = sections.get(int(number), "")
        assert heading.startswith(flat(title)), (
            f"{page.name} names §{number} *{title}*; the lesson's §{number} is {heading!r}"
        )


@pytest.mark.parametrize("page", kit_pages(), ids=lambda path: path.stem)
def test_no_minutes_are_typed_into_the_kit_by_hand(page):
    text = page.read_text(encoding="utf-8")
    typed = re.findall(r"\b\d+(?:\.\d+)? ?(?:min\b|minutes?\b)", text)
    assert not typed, f"{page.name}: {typed}: minutes come from tools/lesson_minutes.py"


# ------------------------------------------------------------------------------ the route


def route_rows() -> dict[str, dict[str, set[str]]]:
    """The course table of the route: course -> level -> the lessons it takes."""
    text = (KIT / "route.md").read_text(encoding="utf-8")
    table = text.split("<!-- course-rows -->", 2)[1]
    rows: dict[str, dict[str, set[str]]] = {}
    header: list[str] = []
    for line in table.strip().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not header:
            header = cells
        elif not set(line) <= set("|- "):
            rows[cells[0]] = {
                level: set(re.findall(r"\b\d\d\b", cell))
                for level, cell in zip(header[1:], cells[1:], strict=True)
            }
    return rows


def prerequisites() -> dict[str, set[str]]:
    """Each lesson's prerequisites, as its **Before this lesson:** line links them (a link
    said to be "for section N" only is left out)."""
    found = {}
    for lesson in LESSONS:
        before = kit.opening(kit.load(lesson)).before
        found[lesson.stem[:2]] = {
            match.group(2)
            for match in re.finditer(
                r"\]\((solutions/)?(\d\d)-[\w-]+\.ipynb\)( for section)?", before
            )
            if not match.group(3)
        }
        if lesson.stem[:2] != "00":
            found[lesson.stem[:2]].add("00")
    return found


def test_the_route_puts_every_lesson_in_a_course_row_lesson_11_included():
    rows = route_rows()
    assert len(rows) >= 5
    taken = set().union(*(lessons for row in rows.values() for lessons in row.values()))
    assert taken == {lesson.stem[:2] for lesson in LESSONS}


def test_every_course_row_of_the_route_takes_its_lessons_prerequisites():
    needs = prerequisites()
    for course, levels in route_rows().items():
        for level, lessons in levels.items():
            missing = {need for lesson in lessons for need in needs[lesson]} - lessons
            assert not missing, f"{course}, {level}: {sorted(lessons)} lacks {sorted(missing)}"


def test_the_kit_links_every_lesson_that_exists():
    for page in kit_pages():
        for number in LESSON_LINK.findall(page.read_text(encoding="utf-8")):
            assert any(lesson.stem.startswith(number) for lesson in LESSONS), (page, number)


# ------------------------------------------------------------------ the class experiment


def test_the_class_experiment_page_says_what_the_classroom_code_does():
    text = flat((KIT / "class-experiment.md").read_text(encoding="utf-8"))
    study = classroom.STUDIES["how-many"]
    assert f"{study.runs} runs of {study.hands} hands" in text
    assert f"{study.looks} looks" in text and f"every {study.every} hands" in text
    assert f"1 to {classroom.MAX_STUDENT}" in text
    # what the page says happens to a line sent twice, to two lines of one number and to a
    # line of another class, as pool() does it
    mine = classroom.share("7B-tue", 2, study="tiny")
    other = classroom.share("7B-tue", 3, study="tiny")
    twin = dataclasses.replace(mine, leader_wins=mine.leader_wins - 1)  # another line, number 2
    result = classroom.pool([mine.line, mine.line, other.line, twin.line], code="7b-tue")
    assert (result.students, result.duplicates) == (1, 1)
    assert "counted once" in text and "sent 2 different lines" in text
    demo = classroom.pool([classroom.share("DEMO", 1, study="tiny").line], code="7B-tue")
    assert demo.refused[0].reason == "a line of class DEMO, not 7B-TUE"
    assert "a line of class DEMO, not" in text
    assert "recheck=True" in text


# --------------------------------------------------------------------------- the rubric


def test_the_rubric_lists_every_open_bot_check_and_its_measured_bar():
    from cardlab.exercises.play import Bar

    table = kit.open_bot_bars()
    found: set[int] = set()
    for module in ("bots", "chinese_ten", "mod_ten", "two_ten_jack"):
        loaded = __import__(f"cardlab.exercises.{module}", fromlist=["_"])
        found |= {id(value) for value in vars(loaded).values() if isinstance(value, Bar)}
    assert {id(bar) for _, bar, _ in table.values()} == found, "an open-bot check is not listed"
    markdown = kit.bars_markdown()
    for name, (_, bar, _) in table.items():
        assert f"`{name}`" in markdown and f"{bar.hands:,} hands" in markdown
    rubric = (KIT / "bot-rubric.md").read_text(encoding="utf-8")
    assert kit.BARS.search(rubric)
    assert kit.bars_markdown() in kit.page(KIT / "bot-rubric.md")
