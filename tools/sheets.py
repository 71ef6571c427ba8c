"""Printable sheets for every lesson, built from the notebooks, as print-ready HTML.

    make sheets                                          # every lesson, into build/sheets/
    .venv/bin/python tools/sheets.py --out DIR 01-mod-ten  # some lessons, elsewhere

For each lesson two pages, and an index of them:

- ``<lesson>.html``, the students' sheet: the lesson's predictions and exercises in the order
  a student meets them, under their section headings, each with room to write, the code cells
  the student fills in, and no output and no answer;
- ``<lesson>-key.html``, the teacher's answer key: the expected answer to each prediction and
  the wrong answers to expect (from the lesson's notes, docs/kit/<lesson>.md), then the
  worked answer to each exercise from the solutions notebook, its code and what it prints.

Markdown is rendered by nbconvert (the renderer of Jupyter's own HTML export), notebooks are
read with nbformat; the pages need nothing from the network and print on A4 or Letter (the
site's and browser's navigation is left off the paper). The documentation build
(docs/gen_pages.py) puts the same pages in the site under ``sheets/``.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path
from typing import Any

import kit  # tools/kit.py, beside this script: the lessons and the notes, read
from nbconvert.filters import markdown2html

STYLE = """
body { font: 11pt/1.45 Georgia, "Times New Roman", serif; color: #111; max-width: 46em;
       margin: 1.5em auto; padding: 0 1em; }
h1 { font-size: 16pt; margin: 0 0 .3em; }
h2 { font-size: 13pt; border-bottom: 1px solid #888; margin: 1.2em 0 .4em; }
h3 { font-size: 11.5pt; margin: .8em 0 .2em; }
pre, code { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 9pt; }
pre { background: #f3f3f3; border-left: 3px solid #bbb; padding: .3em .5em;
      white-space: pre-wrap; }
pre.output { background: #fff; border-left: 3px solid #7a7; }
table { border-collapse: collapse; margin: .3em 0; }
th, td { border: 1px solid #999; padding: .1em .4em; font-size: 10pt; }
blockquote { margin: .3em 0; padding-left: .8em; border-left: 3px solid #bbb; }
.item { break-inside: avoid; page-break-inside: avoid; margin-bottom: .6em; }
.tag { font: 9pt sans-serif; border: 1px solid #777; border-radius: 3px; padding: 0 .3em; }
.write { border: 1px solid #555; min-height: 4em; margin: .3em 0 .8em; padding: .2em .4em;
         font: 9pt sans-serif; color: #555; }
.write.tall { min-height: 9em; }
.who { display: flex; gap: 2em; font: 10pt sans-serif; margin: .4em 0 1em; }
.who span { flex: 1; border-bottom: 1px solid #555; padding-bottom: 1.2em; }
nav { font: 10pt sans-serif; margin-bottom: 1em; }
@media print {
  nav { display: none; }
  body { margin: 0; max-width: none; padding: 0; }
  a { color: inherit; text-decoration: none; }
  h2 { break-after: avoid; page-break-after: avoid; }
}
"""

LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
"""A Markdown link (or image): paper cannot follow it, so the sheets keep only its text."""


def markdown(text: str) -> str:
    """Markdown as HTML, its links reduced to their text."""
    return str(markdown2html(LINK.sub(r"\1", text)))


def code(source: str, kind: str = "") -> str:
    """A block of code or output text."""
    attribute = f' class="{kind}"' if kind else ""
    return f"<pre{attribute}><code>{html.escape(source.rstrip())}</code></pre>"


def document(title: str, nav: list[tuple[str, str]], body: list[str]) -> str:
    """A whole page: its title, a navigation line for the screen only, and the body."""
    links = " · ".join(f'<a href="{href}">{html.escape(text)}</a>' for text, href in nav)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            '<head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{html.escape(title)}</title>",
            f"<style>{STYLE}</style></head>",
            "<body>",
            f"<nav>{links}</nav>" if links else "",
            *body,
            "</body></html>",
            "",
        ]
    )


def navigation(lesson: Path, site: bool) -> list[tuple[str, str]]:
    """The links at the top of a lesson's two pages (the teacher's notes only in the site)."""
    links = [("All sheets", "index.html"), ("Students' sheet", f"{lesson.stem}.html")]
    links.append(("Answer key", f"{lesson.stem}-key.html"))
    if site:
        links.append(("Teacher's notes", f"../kit/{lesson.stem}.html"))
    return links


def exercise_heading(exercise: kit.Exercise) -> str:
    """An exercise's heading as the lesson gives it, with a tag when it is homework."""
    tag = ' <span class="tag">homework</span>' if exercise.homework else ""
    title = html.escape(f"Exercise {exercise.number} ({exercise.difficulty}): {exercise.title}")
    return f"<h3>{title}{tag}</h3>"


def student_item(kind: str, item: Any) -> str:
    """One prediction or exercise on the students' sheet, with room for the answer."""
    if kind == "prediction":
        parts = [
            f"<h3>Prediction {item.number}</h3>",
            markdown(item.text),
            '<div class="write">My prediction, before running the cell:</div>',
        ]
        return '<div class="item prediction">\n' + "\n".join(parts) + "\n</div>"
    height = "write tall" if item.difficulty != "easy" else "write"
    parts = [exercise_heading(item), markdown(item.text), *(code(source) for source in item.code)]
    parts.append(f'<div class="{height}">My answer, and what check() said:</div>')
    return '<div class="item exercise">\n' + "\n".join(parts) + "\n</div>"


def student_sheet(lesson: Path, site: bool = False) -> str:
    """The students' sheet of ``lesson`` (see the module's docstring)."""
    notebook = kit.load(lesson)
    title = kit.opening(notebook).title
    body = [
        f"<h1>{html.escape(title)}</h1>",
        '<div class="who"><span>Name</span><span>Class</span><span>Date</span></div>',
        "<p>Where the lesson says <strong>Predict</strong>, write your prediction in its box "
        "<em>before</em> you run the cell that answers it. Each exercise ends with "
        "<code>check(...)</code>: note what it said.</p>",
    ]
    section = ""
    for kind, item in kit.items(notebook):
        if kind == "section":
            section = item
            continue
        if section:
            body.append(f"<h2>{html.escape(section)}</h2>")
            section = ""
        body.append(student_item(kind, item))
    return document(f"{title} · students' sheet", navigation(lesson, site), body)


def key_prediction(prediction: kit.Prediction, note: kit.Note | None) -> str:
    """A prediction in the answer key: its expected answer and the wrong answers to expect."""
    head = f"<h3>Prediction {prediction.number} · {html.escape(prediction.section)}</h3>"
    if note is None:
        return f'<div class="item">\n{head}\n<p>(No notes on this prediction yet.)</p>\n</div>'
    parts = [head, f"<blockquote>{markdown(note.quote)}</blockquote>", markdown(note.expected)]
    if note.printed:
        spans = "; ".join(f"<code>{html.escape(span)}</code>" for span in note.printed)
        parts.append(f"<p>The lesson prints: {spans}</p>")
    if note.wrong:
        items = "\n".join(f"<li>{markdown(wrong)}</li>" for wrong in note.wrong)
        parts.append(f"<p><strong>Wrong answers to expect:</strong></p><ol>{items}</ol>")
    return '<div class="item">\n' + "\n".join(parts) + "\n</div>"


def key_exercise(exercise: kit.Exercise, cells: list[Any]) -> str:
    """An exercise in the answer key: the solutions notebook's cells that answer it, with the
    text of what they print (the check's verdict included)."""
    parts = [exercise_heading(exercise)]
    if not cells:
        parts.append("<p>(The solutions notebook has no answer to this exercise.)</p>")
    for cell in cells:
        if cell.cell_type == "markdown":
            parts.append(markdown(re.sub(r"^## .*$", "", cell.source, flags=re.MULTILINE)))
        else:
            parts.append(code(cell.source))
            printed = kit.outputs_text(cell)
            if printed.strip():
                parts.append(code(printed, "output"))
    return '<div class="item">\n' + "\n".join(parts) + "\n</div>"


def answer_key(lesson: Path, site: bool = False) -> str:
    """The teacher's answer key of ``lesson`` (see the module's docstring)."""
    notebook = kit.load(lesson)
    title = kit.opening(notebook).title
    notes_file = kit.notes_path(lesson)
    notes = kit.notes(notes_file.read_text(encoding="utf-8")) if notes_file.exists() else []
    solutions = kit.load(kit.solutions_path(lesson))
    answers = kit.solutions(solutions)
    body = [f"<h1>{html.escape(title)}: answer key</h1>", "<h2>Predictions</h2>"]
    for index, prediction in enumerate(kit.predictions(notebook)):
        body.append(key_prediction(prediction, notes[index] if index < len(notes) else None))
    body.append("<h2>Exercises</h2>")
    setup = [cell.source for cell in kit.solutions_setup(solutions) if cell.cell_type == "code"]
    if setup:
        body.append("<p>The answers below run after this setup:</p>")
        body += [code(source) for source in setup]
    for exercise in kit.exercises(notebook):
        body.append(key_exercise(exercise, answers.get(exercise.check, [])))
    return document(f"{title} · answer key", navigation(lesson, site), body)


def index(lessons: list[Path], site: bool = False) -> str:
    """The page that lists every lesson's sheet and key."""
    rows = []
    for lesson in lessons:
        title = html.escape(kit.opening(kit.load(lesson)).title)
        rows.append(
            f'<li>{title}: <a href="{lesson.stem}.html">students\' sheet</a> · '
            f'<a href="{lesson.stem}-key.html">answer key</a></li>'
        )
    nav = [("The teacher's kit", "../kit/index.html")] if site else []
    body = [
        "<h1>Printable sheets</h1>",
        "<p>For each lesson, the students' sheet (its predictions and exercises, with room to "
        "write) and the teacher's answer key. Open one and print it from the browser.</p>",
        f"<ul>{''.join(rows)}</ul>",
    ]
    return document("Printable sheets", nav, body)


def build(lessons: list[Path] | None = None, site: bool = False) -> dict[str, str]:
    """Every page, by file name: each lesson's sheet and key, and the index."""
    chosen = lessons if lessons is not None else kit.lessons()
    pages = {"index.html": index(chosen, site)}
    for lesson in chosen:
        pages[f"{lesson.stem}.html"] = student_sheet(lesson, site)
        pages[f"{lesson.stem}-key.html"] = answer_key(lesson, site)
    return pages


def main(argv: list[str] | None = None) -> int:
    """Write the pages of the lessons named (default: every lesson) into ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lessons by name, such as 01-mod-ten")
    parser.add_argument("--out", type=Path, default=kit.ROOT / "build" / "sheets")
    args = parser.parse_args(argv)
    chosen = [kit.NOTEBOOKS / f"{name}.ipynb" for name in args.lessons] or kit.lessons()
    missing = [path.name for path in chosen if not path.exists()]
    if missing:
        parser.error(f"no such lesson in notebooks/: {', '.join(missing)}")
    args.out.mkdir(parents=True, exist_ok=True)
    for name, text in build(chosen).items():
        (args.out / name).write_text(text, encoding="utf-8")
    print(f"sheets: {len(chosen)} lessons, a students' sheet and an answer key each, in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
