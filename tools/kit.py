"""The teacher's kit, read from the lessons and from docs/kit/: what the printable sheets
(tools/sheets.py), the docs build (docs/gen_pages.py) and the kit's tests share.

From a lesson's notebook:

- its opening: who it is for, what comes before, what students can do after it, and what to
  drop if time runs short (:func:`opening`);
- its **predictions**: every paragraph with a ``**Predict`` marker (any case) after the opening
  cell, whose own ``**Predict**`` only says what the marker means (:func:`predictions`);
- its **exercises**: each ``### Exercise N (difficulty): title`` with its text and the code cells
  the student fills in, up to the ``check("name", ...)`` call (:func:`exercises`);
- the solutions notebook's answer to each exercise, found by its ``check("name", ...)`` call
  (:func:`solutions`).

From a lesson's notes, ``docs/kit/<lesson>.md``: under ``## Predictions``, one ``###`` entry per
prediction, in lesson order (:func:`notes`), written as

    ### 1 · §1 *The deck*

    > **Predict:** how many cards does each of 5 players get with a double deck?

    **Expected:** 12 each ...

    **The lesson prints:** `double True 60 12`

    **Wrong answers to expect:**

    1. ...
    2. ...

The quote must be part of the lesson's prediction paragraph; each `code span` after **The
lesson prints:** must be in the outputs the lesson stores after that prediction, before the
next one (the same text up to spacing); after **The solutions print:** in the solutions
notebook's outputs; a ```pycon block is a doctest, run by the tests. ``§N *Title*`` names the
lesson's section ``## N. Title...``. tests/test_kit.py checks all of this, so the notes cannot
go stale silently.

:func:`about` writes the part of a lesson's notes that is computed at every docs build: its
objectives and its timing by ``tools/lesson_minutes.py``.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
KIT = ROOT / "docs" / "kit"
SOLUTIONS = NOTEBOOKS / "solutions"

PREDICT = re.compile(r"\*\*predict", re.IGNORECASE)
EXERCISE = re.compile(
    r"^### Exercise (?P<number>\d+) \((?P<difficulty>easy|medium|open)(?P<homework>, homework)?\)"
    r":? *(?P<title>.*)$",
    re.MULTILINE,
)
CHECK_CALL = re.compile(r"""check\(\s*["']([a-z0-9-]+\.\d+)["']""")
SECTION = re.compile(r"^## (?:(?P<number>\d+)\. )?(?P<title>.+)$", re.MULTILINE)
PERIOD = re.compile(r"^# (?P<title>Period \d+.*)$", re.MULTILINE)
"""The heading that starts the second period of a lesson of two (``# Period 2: ...``)."""
SECTION_REFERENCE = re.compile(r"§(?P<number>\d+)\s+\*(?P<title>[^*]+)\*")
"""How the notes name a section of their lesson: ``§4 *Skipped, collecting at 10*``."""
ABOUT = re.compile(r"<!-- kit:about -->.*?<!-- /kit:about -->", re.DOTALL)
"""Where a lesson's notes take the part computed at build time (see :func:`about`)."""
LESSONS_TABLE = re.compile(r"<!-- kit:lessons -->.*?<!-- /kit:lessons -->", re.DOTALL)
"""Where the kit's front page takes the table of the lessons (see :func:`lessons_table`)."""
BARS = re.compile(r"<!-- kit:bars -->.*?<!-- /kit:bars -->", re.DOTALL)
"""Where the bot rubric takes the table of the open-bot checks (see :func:`bars_markdown`)."""


def lessons() -> list[Path]:
    """Every lesson's notebook, in order."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def load(path: Path) -> Any:
    """A notebook, as nbformat reads it (version 4)."""
    return nbformat.read(path, as_version=4)


def flat(text: str) -> str:
    """``text`` with every run of spaces and line breaks made one space."""
    return " ".join(text.split())


def paragraphs(markdown: str) -> list[str]:
    """A Markdown text cut at its blank lines."""
    return [part.strip("\n") for part in re.split(r"\n[ \t]*\n", markdown) if part.strip()]


def outputs_text(cell: Any) -> str:
    """What a code cell shows as text: its streams and the plain text of its results."""
    texts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            texts.append(output["text"])
        elif "text/plain" in output.get("data", {}):
            texts.append(output["data"]["text/plain"])
    return "\n".join(texts)


# --------------------------------------------------------------------------- a lesson


@dataclass(frozen=True)
class Opening:
    """What a lesson's opening cell says a teacher needs to know."""

    title: str
    """The lesson's title (its ``# `` heading)."""
    audience: str
    """The text after **For:**."""
    before: str
    """The text after **Before this lesson:**."""
    objectives: list[str]
    """The items after **After this lesson you can**."""
    if_short: str
    """The text after **If time runs short:**."""


def _after(label: str, text: str) -> str:
    """The sentence-run after a bold label, up to the next bold label or paragraph end."""
    found = re.search(re.escape(label) + r"\s*(.*?)(?=\n\s*\n|\*\*[A-Z][^*]*\*\*|$)", text, re.S)
    return flat(found.group(1)) if found else ""


def opening(notebook: Any) -> Opening:
    """The lesson's opening cell, read (see :class:`Opening`)."""
    text = notebook.cells[0].source
    title = next(line[2:].strip() for line in text.splitlines() if line.startswith("# "))
    listed = text.split("**After this lesson you can**", 1)[-1]
    items = re.findall(r"^- (.*(?:\n  .*)*)", listed.split("\n\n|", 1)[0], re.MULTILINE)
    return Opening(
        title=title,
        audience=_after("**For:**", text),
        before=_after("**Before this lesson:**", text),
        objectives=[flat(item) for item in items],
        if_short=_after("**If time runs short:**", text),
    )


@dataclass(frozen=True)
class Prediction:
    """A paragraph of a lesson that asks students to predict."""

    number: int
    """Its place among the lesson's predictions, from 1."""
    cell: int
    """The index of its markdown cell."""
    section: str
    """The ``## `` heading it is under ("" before the first)."""
    text: str
    """The paragraph, as Markdown."""


@dataclass(frozen=True)
class Exercise:
    """An exercise of a lesson: its heading, its text and the code the student fills in."""

    number: int
    """The exercise's number in its lesson."""
    difficulty: str
    """"easy", "medium" or "open"."""
    homework: bool
    """True when it is set as homework (by its heading, or its section's)."""
    title: str
    """The heading's title."""
    text: str
    """The exercise's Markdown, its heading left out."""
    code: list[str] = field(default_factory=list)
    """The sources of its code cells, up to the one that calls ``check``."""
    check: str = ""
    """The name its ``check(...)`` call gives, such as "mod-ten.1"."""


Item = tuple[str, Any]
"""A step of a lesson in order: ("section", title), ("prediction", Prediction) or
("exercise", Exercise)."""


def items(notebook: Any) -> list[Item]:
    """The lesson's sections, predictions and exercises in the order a student meets them."""
    found: list[Item] = []
    reading: int | None = None  # where in ``found`` the exercise whose cells come next is
    in_homework = False
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            if reading is not None:
                exercise = _with_cell(found[reading][1], cell.source)
                found[reading] = ("exercise", exercise)
                reading = None if exercise.check else reading
            continue
        reading = None
        period = PERIOD.match(cell.source)
        if period and index:
            found.append(("section", period.group("title").strip()))
        for part in _pieces(cell.source) if index else []:
            heading = SECTION.match(part)
            if heading:
                in_homework = "Homework" in heading.group("title")
                found.append(("section", heading.group(0)[3:].strip()))
            exercise_heading = EXERCISE.match(part)
            if exercise_heading:
                reading = len(found)
                found.append(("exercise", _exercise(exercise_heading, part, in_homework)))
            for paragraph in paragraphs(part):
                if PREDICT.search(paragraph):
                    number = sum(kind == "prediction" for kind, _ in found) + 1
                    section = next((t for k, t in reversed(found) if k == "section"), "")
                    found.append(("prediction", Prediction(number, index, section, paragraph)))
    return found


def _with_cell(exercise: Exercise, source: str) -> Exercise:
    """``exercise`` with one more code cell, and its check's name if the cell calls it."""
    names = CHECK_CALL.findall(source)
    return dataclasses.replace(
        exercise, code=[*exercise.code, source], check=names[0] if names else ""
    )


def _pieces(text: str) -> list[str]:
    """A markdown cell cut before each of its ``## `` and ``### `` headings."""
    starts = [0] + [m.start() for m in re.finditer(r"^#{2,3} ", text, re.MULTILINE)]
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)], strict=True) if a < b]


def _exercise(found: re.Match[str], piece: str, in_homework: bool) -> Exercise:
    """The exercise whose heading ``found`` matched in ``piece``."""
    return Exercise(
        number=int(found.group("number")),
        difficulty=found.group("difficulty"),
        homework=in_homework or bool(found.group("homework")),
        title=found.group("title").strip(),
        text=piece[found.end() :].strip("\n"),
        code=[],
    )


def predictions(notebook: Any) -> list[Prediction]:
    """The lesson's predictions, in order."""
    return [item for kind, item in items(notebook) if kind == "prediction"]


def exercises(notebook: Any) -> list[Exercise]:
    """The lesson's exercises, in order."""
    return [item for kind, item in items(notebook) if kind == "exercise"]


def answering_outputs(notebook: Any, prediction: Prediction) -> str:
    """The text of the outputs stored after ``prediction``, up to the next prediction: where
    the lesson answers it."""
    later = [p.cell for p in predictions(notebook) if p.cell > prediction.cell]
    end = later[0] if later else len(notebook.cells)
    cells = notebook.cells[prediction.cell + 1 : end]
    return "\n".join(outputs_text(cell) for cell in cells if cell.cell_type == "code")


def sections(notebook: Any) -> dict[int, str]:
    """The lesson's numbered ``## N. Title`` sections: number -> title."""
    found = {}
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for heading in SECTION.finditer(cell.source):
                if heading.group("number"):
                    found[int(heading.group("number"))] = heading.group("title").strip()
    return found


def solutions_path(lesson: Path) -> Path:
    """Where the lesson's solutions notebook is."""
    return SOLUTIONS / f"{lesson.stem}-solutions.ipynb"


def solutions_setup(notebook: Any) -> list[Any]:
    """The cells a solutions notebook runs before its first answer (its imports, the lesson's
    helpers): the cells after its title, up to its first ``## `` heading."""
    setup = []
    for cell in notebook.cells[1:]:
        if cell.cell_type == "markdown" and SECTION.search(cell.source):
            break
        setup.append(cell)
    return setup


def solutions(notebook: Any) -> dict[str, list[Any]]:
    """A solutions notebook's cells answering each exercise, by check name: the cells after
    the previous answer, up to the code cell that calls ``check("name", ...)``, and the text
    after it up to the next ``## `` heading (a comment on the answer just given)."""
    answers: dict[str, list[Any]] = {}
    pending: list[Any] = []
    last: list[Any] | None = None
    for cell in notebook.cells[1 + len(solutions_setup(notebook)) :]:
        if cell.cell_type == "markdown" and not pending and last is not None:
            comment, rest = _cut_at_heading(cell.source)
            if comment:
                last.append(nbformat.v4.new_markdown_cell(comment))
            if not rest:
                continue
            cell = nbformat.v4.new_markdown_cell(rest)
        pending.append(cell)
        names = CHECK_CALL.findall(cell.source) if cell.cell_type == "code" else []
        if names:
            last = answers[names[0]] = [c for c in pending if c.source.strip()]
            pending = []
    return answers


def _cut_at_heading(text: str) -> tuple[str, str]:
    """``text`` cut before its first ``## `` heading: (the text before it, the rest)."""
    heading = SECTION.search(text)
    at = heading.start() if heading else len(text)
    return text[:at].strip(), text[at:].strip()


# --------------------------------------------------------------------------- the notes


@dataclass(frozen=True)
class Note:
    """A lesson's notes on one of its predictions (see the module's docstring)."""

    heading: str
    """The entry's ``###`` heading."""
    quote: str
    """The prediction as quoted from the lesson (Markdown, block quote marks removed)."""
    expected: str
    """The paragraph that starts **Expected:** (Markdown)."""
    wrong: list[str]
    """The wrong answers to expect (Markdown, one per item)."""
    printed: list[str]
    """What the lesson prints, each to be found after the prediction."""
    solutions_print: list[str]
    """What the solutions notebook prints, each to be found there."""
    doctests: list[str]
    """The entry's ```pycon blocks."""


def notes_path(lesson: Path) -> Path:
    """Where a lesson's notes are: docs/kit/<lesson>.md."""
    return KIT / f"{lesson.stem}.md"


def notes(markdown: str) -> list[Note]:
    """The entries under ``## Predictions`` of a lesson's notes, in order."""
    part = markdown.split("\n## Predictions", 1)
    if len(part) < 2:
        return []
    body = re.split(r"\n## ", part[1], maxsplit=1)[0]
    entries = re.split(r"^### ", body, flags=re.MULTILINE)[1:]
    return [_note(entry) for entry in entries]


def _note(entry: str) -> Note:
    """One ``###`` entry of the notes, read."""
    heading, _, body = entry.partition("\n")
    blocks = re.findall(r"^```pycon\n(.*?)^```", body, re.MULTILINE | re.DOTALL)
    body_text = re.sub(r"^```.*?^```", "", body, flags=re.MULTILINE | re.DOTALL)
    quote = [line[1:].strip() for line in body_text.splitlines() if line.startswith(">")]
    parts = paragraphs(body_text)
    expected = next((p for p in parts if p.startswith("**Expected:**")), "")
    wrong_at = body_text.split("**Wrong answers to expect:**", 1)
    wrong = (
        re.findall(r"^\d+\. (.*(?:\n   .*)*)", wrong_at[1], re.MULTILINE) if wrong_at[1:] else []
    )
    return Note(
        heading=heading.strip(),
        quote=" ".join(quote),
        expected=expected,
        wrong=[flat(item) for item in wrong],
        printed=_spans("**The lesson prints:**", parts),
        solutions_print=_spans("**The solutions print:**", parts),
        doctests=blocks,
    )


def _spans(label: str, parts: list[str]) -> list[str]:
    """The code spans of the paragraphs that start with ``label``."""
    return [span for p in parts if p.startswith(label) for span in re.findall(r"`([^`]+)`", p)]


# --------------------------------------------------------------------------- the built part


def lesson_minutes() -> Any:
    """tools/lesson_minutes.py, the timing model (imported from the tools folder)."""
    tools = str(Path(__file__).resolve().parent)
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import lesson_minutes

    return lesson_minutes


def _minutes_row(name: str, minutes: Any) -> str:
    """A table row: a part of the lesson, its minutes by each count of the model, its total."""
    counts = [f"{value:.0f}" for value in dataclasses.asdict(minutes).values()]
    return f"| {name} | " + " | ".join(counts) + f" | **{minutes.total:.0f}** |"


def timing(lesson: Path) -> str:
    """The lesson's timing as Markdown, every figure from ``tools/lesson_minutes.py``: its
    class part (each period's, when the model counts periods) and its homework by each count
    of the model, each section's minutes, and the timed plans the lesson states."""
    found = lesson_minutes().estimate(lesson)
    periods = [(1, found.core, found.plan)]
    if len(getattr(found, "periods", [])) > 1:  # a lesson of two periods
        periods = [(period.number, period.minutes, period.plan) for period in found.periods]
    counts = [name.replace("_", " ") for name in dataclasses.asdict(found.core)]
    lines = [
        "The minutes below are computed from the notebook by `tools/lesson_minutes.py` at every "
        "build of this site (the model is stated in the [teacher's guide](../teachers.md)).",
        "",
        "| part | " + " | ".join(counts) + " | total |",
        "| --- |" + " --- |" * (len(counts) + 1),
    ]
    for number, minutes, _ in periods:
        lines.append(_minutes_row(f"period {number}" if len(periods) > 1 else "in class", minutes))
    lines += [
        _minutes_row("homework", found.homework),
        "",
        "| section | minutes by the model |",
        "| --- | --- |",
        *(f"| {name} | {minutes:.0f} |" for name, minutes in found.sections if minutes),
    ]
    for number, _, plan in periods:
        if plan:
            which = f" (period {number})" if len(periods) > 1 else ""
            lines += ["", f"The lesson's own timed plan{which}:", "", "| minutes | section |"]
            lines += ["| --- | --- |", *(f"| {a}-{b} | {what} |" for a, b, what in plan)]
    return "\n".join(lines)


def about(lesson: Path) -> str:
    """The part of a lesson's notes computed at build time (Markdown): the lesson's links,
    who it is for, its objectives, its timing and its own advice if time runs short."""
    notebook = load(lesson)
    said = opening(notebook)
    name = lesson.stem
    links = [
        f"[the lesson](../lessons/{name}.ipynb)",
        f"[its solutions](../lessons/solutions/{name}-solutions.ipynb)",
        f"[the students' sheet](../sheets/{name}.html)",
        f"[the answer key](../sheets/{name}-key.html)",
    ]
    lines = [
        "Open " + ", ".join(links[:-1]) + " or " + links[-1] + " (sheets print on A4 or Letter).",
        "",
        f"**For:** {said.audience} **Before this lesson:** {_plain_links(said.before)}",
        "",
        "## Objectives",
        "",
        "After this lesson students can",
        "",
        *(f"- {_plain_links(item)}" for item in said.objectives),
        "",
        "## Timing",
        "",
        timing(lesson),
        "",
        f"The lesson's own advice if time runs short: *{_plain_links(said.if_short)}*",
    ]
    return "\n".join(lines)


def _plain_links(markdown: str) -> str:
    """``markdown`` with its links to notebooks pointed at the site's lesson pages."""
    return re.sub(
        r"\]\((?!https?:)([\w-]+)\.ipynb(#[^)]*)?\)", r"](../lessons/\1.ipynb\2)", markdown
    )


def lessons_table() -> str:
    """The table of every lesson's notes, sheet and key, with its minutes by the model."""
    model = lesson_minutes()
    lines = [
        "| lesson | notes | to print | minutes in class (+ homework) |",
        "| --- | --- | --- | --- |",
    ]
    for lesson in lessons():
        found = model.estimate(lesson)
        homework = f" (+ {found.homework.total:.0f})" if found.homework.total >= 0.5 else ""
        lines.append(
            f"| {opening(load(lesson)).title} | [notes]({lesson.stem}.md) | "
            f"[students' sheet](../sheets/{lesson.stem}.html), "
            f"[answer key](../sheets/{lesson.stem}-key.html) | "
            f"{found.core.total:.0f}{homework} |"
        )
    return "\n".join(lines)


def page(path: Path) -> str:
    """A page of docs/kit/ as the site shows it, its parts computed at build time in place:
    a lesson's :func:`about`, the table of the lessons (:func:`lessons_table`) and that of
    the open-bot checks (:func:`bars_markdown`)."""
    text = path.read_text(encoding="utf-8")
    lesson = NOTEBOOKS / f"{path.stem}.ipynb"
    if lesson.exists():
        text = ABOUT.sub(lambda _: about(lesson), text, count=1)
    text = LESSONS_TABLE.sub(lambda _: lessons_table(), text, count=1)
    return BARS.sub(lambda _: bars_markdown(), text, count=1)


# --------------------------------------------------------------------------- the open bots

OPEN_BOTS = {
    "mod-ten.6": ("cardlab.exercises.mod_ten", "BEAT_RANDOM", "the random player"),
    "chinese-ten-scoring.5": ("cardlab.exercises.chinese_ten", "ABOVE_PAR", "two random players"),
    "two-ten-jack.6": ("cardlab.exercises.two_ten_jack", "MORE_THAN_HALF", "the random player"),
    "bots.2": ("cardlab.exercises.bots", "BEAT_COLLECTOR", "lesson 08's collector"),
}
"""The open exercises where students write a bot: the check's name -> where its bar is
(module, name) and whom the check plays it against."""


def open_bot_bars() -> dict[str, tuple[str, Any, str]]:
    """Each open-bot check's name -> (its lesson's name, its :class:`Bar`, its opponent)."""
    import importlib

    found = {}
    for name, (module, attribute, against) in OPEN_BOTS.items():
        bar = getattr(importlib.import_module(module), attribute)
        lesson = next(
            path.stem
            for path in lessons()
            if any(exercise.check == name for exercise in exercises(load(path)))
        )
        found[name] = (lesson, bar, against)
    return found


def bars_markdown() -> str:
    """The table of the open-bot checks, read from their bars (Markdown)."""
    lines = [
        "| lesson, exercise | the check plays | and passes a bot that | how the mark was set |",
        "| --- | --- | --- | --- |",
    ]
    for name, (lesson, bar, against) in open_bot_bars().items():
        exercise = next(
            e for e in exercises(load(NOTEBOOKS / f"{lesson}.ipynb")) if e.check == name
        )
        if bar.measure == "wins":
            passes = f"wins {bar.mark:.0%} of the hands or more"
        else:
            passes = f"scores more than {bar.mark:g} a hand (its 95% interval above)"
        lines.append(
            f"| {lesson[:2]}, exercise {exercise.number} (`{name}`) | {bar.hands:,} hands "
            f"against {against} | {passes} | {bar.hinted[:1].upper()}{bar.hinted[1:]} |"
        )
    return "\n".join(lines)
