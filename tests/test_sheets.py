"""The printable sheets (tools/sheets.py, `make sheets`): each lesson's students' sheet carries
every prediction and every exercise of the lesson and no answer, and its answer key every
answer of the solutions notebook and of the teacher's notes; the pages print, and need
nothing from the network."""

from __future__ import annotations

import html
import re

import pytest
from repository import repository_file, tool

kit = tool("kit")
sheets = tool("sheets")
LESSONS = kit.lessons()


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    """Every page, built once for the module, as the docs build makes them."""
    return sheets.build(site=True)


def words(text: str) -> str:
    """The words of Markdown, code or plain text, without markup or link targets, spaces made
    single: what a reader of the printed page reads."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return " ".join(re.sub(r"[*`_]", "", text).split())


def page_words(page: str) -> str:
    """The words of an HTML page (see :func:`words`), its tags left out."""
    return words(html.unescape(re.sub(r"<[^>]+>", "", page)))


def test_every_lesson_has_a_sheet_and_a_key_and_the_index_links_them(pages):
    index = pages["index.html"]
    for lesson in LESSONS:
        assert f"{lesson.stem}.html" in pages and f"{lesson.stem}-key.html" in pages
        assert f'href="{lesson.stem}.html"' in index and f'href="{lesson.stem}-key.html"' in index


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_the_students_sheet_has_every_prediction_and_exercise_in_order(pages, lesson):
    sheet = page_words(pages[f"{lesson.stem}.html"])
    notebook = kit.load(lesson)
    at = 0
    for kind, item in kit.items(notebook):
        if kind == "section":
            continue
        if kind == "prediction":
            wanted = words(item.text)
        else:
            wanted = words(f"Exercise {item.number} ({item.difficulty}): {item.title}")
            assert words(item.text) in sheet, f"{lesson.stem}: exercise {item.number}'s text"
            assert f'check("{item.check}"' in sheet, f"{lesson.stem}: {item.check}'s cell"
        found = sheet.find(wanted, at)
        assert found >= 0, f"{lesson.stem}: {kind} not on the sheet (in order): {wanted[:80]}"
        at = found
    predictions = kit.predictions(notebook)
    assert sheet.count("My prediction") == len(predictions)
    assert sheet.count("My answer") == len(kit.exercises(notebook))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_no_answer_leaks_onto_the_students_sheet(pages, lesson):
    sheet = page_words(pages[f"{lesson.stem}.html"])
    notebook = kit.load(lesson)
    lesson_text = words(" ".join(cell.source for cell in notebook.cells))
    # nothing the lesson prints: the answers to its predictions are there
    for cell in notebook.cells:
        for line in kit.outputs_text(cell).splitlines():
            line = words(line)
            if len(line) >= 25 and line not in lesson_text:
                assert line not in sheet, f"{lesson.stem}: an output on the sheet: {line}"
    # nothing of the solutions: their code, their explanations, the checks' verdicts
    solutions = kit.load(kit.solutions_path(lesson))
    for cell in solutions.cells[1:]:
        for line in cell.source.splitlines() + kit.outputs_text(cell).splitlines():
            line = words(line)
            if len(line) >= 25 and line not in lesson_text:
                assert line not in sheet, f"{lesson.stem}: the solutions on the sheet: {line}"
    # nothing of the teacher's notes
    for note in kit.notes(kit.notes_path(lesson).read_text(encoding="utf-8")):
        expected = words(note.expected.removeprefix("**Expected:**"))
        assert expected not in sheet
        for printed in note.printed:
            assert len(printed) < 12 or words(printed) not in sheet, printed
    assert "Right!" not in sheet


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_the_answer_key_has_every_answer(pages, lesson):
    key = page_words(pages[f"{lesson.stem}-key.html"])
    solutions = kit.solutions(kit.load(kit.solutions_path(lesson)))
    for exercise in kit.exercises(kit.load(lesson)):
        cells = solutions[exercise.check]
        verdicts = [kit.outputs_text(cell) for cell in cells if "Right!" in kit.outputs_text(cell)]
        assert verdicts, f"{lesson.stem}: the solutions do not answer {exercise.check}"
        for verdict in verdicts:
            assert words(verdict) in key, f"{lesson.stem}: {exercise.check}'s answer"
        for cell in cells:  # the solution's own "## Exercise N" heading gives way to the lesson's
            text = re.sub(r"^## .*", "", cell.source, flags=re.MULTILINE)
            assert words(text) in key, f"{lesson.stem}: {exercise.check}: {cell.source}"
    notes = kit.notes(kit.notes_path(lesson).read_text(encoding="utf-8"))
    assert len(notes) == len(kit.predictions(kit.load(lesson)))
    for note in notes:
        assert words(note.expected) in key
        for wrong in note.wrong:
            assert words(wrong) in key, f"{lesson.stem}: {wrong}"


def test_the_pages_print_and_load_nothing_from_the_network(pages):
    for name, page in pages.items():
        assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>"), name
        assert "@media print" in page and "<nav>" in page, name
        assert not re.search(r"""(?:src|href)=["'](?:https?:)?//""", page), name
        assert "<script" not in page, name


def test_make_sheets_builds_every_lesson_with_one_command(tmp_path):
    makefile = repository_file("Makefile").read_text()
    assert re.search(r"^sheets: venv\n\t\$\(BIN\)/python tools/sheets\.py", makefile, re.M)
    out = tmp_path / "sheets"
    assert sheets.main(["--out", str(out), "01-mod-ten"]) == 0
    assert sorted(path.name for path in out.iterdir()) == [
        "01-mod-ten-key.html",
        "01-mod-ten.html",
        "index.html",
    ]
    # on paper the links go nowhere: the sheets keep the links' words only
    assert "../docs/rules.md" not in (out / "01-mod-ten.html").read_text()


def test_an_unknown_lesson_is_refused_with_its_name(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        sheets.main(["--out", str(tmp_path), "99-none"])
    assert stopped.value.code != 0
    assert "no such lesson in notebooks/: 99-none.ipynb" in capsys.readouterr().err
