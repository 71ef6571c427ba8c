"""How long a lesson takes in class, estimated from its notebook, and the timed plans it states.

    .venv/bin/python tools/lesson_minutes.py                     # every lesson
    .venv/bin/python tools/lesson_minutes.py notebooks/01-mod-ten.ipynb --sections

The model (issue 31's, the one the teacher's guide states) counts what a class does, not only
what the notebook holds:

- reading: the words of the markdown cells at 120 words a minute (the opening's plan and
  objectives included: students read them too);
- running: 45 seconds for each code cell outside an exercise;
- outputs: reading what a cell printed, at the same 120 words a minute, a table at least half a
  minute, a picture of cards half a minute, a chart a minute;
- predicting: 1.5 minutes for each **Predict** in the text (not the opening's "where it says
  **Predict**, write your answer down");
- discussing: 4 minutes for each **Discuss** in the text (each proof has one: the class goes
  through the argument aloud);
- activities: 5 minutes of play for each explorer, 2 for each slider to move, 6 for collecting
  the class's lines in the class experiment (students send, the teacher pastes and runs);
- exercises: 3, 8 or 20 minutes for an easy, medium or open one, as its heading says
  (``### Exercise 4 (medium): ...``), for reading it, answering and running its check; its own
  cells add nothing more. The heading's difficulty is judged by what the student must do (the
  guide's table of exercises says it, and tests/test_lessons.py holds the rules: a bot to write
  is open, a function or a loop to write at least medium).

A lesson is one class period, or two: a markdown cell that starts with ``# Period 2`` begins
the second, with a timed plan of its own. The *homework* is the section whose heading starts
with ``## Homework`` (up to the next ``## `` heading or the end) and any exercise headed
"(..., homework)". Each period's plan is its table of timed rows (``| 0-5 | 1. The deck |``):
the rows must follow each other from 0 and end at 45.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field, fields
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS_A_MINUTE = 120
CODE_CELL_MINUTES = 0.75
TABLE_MINUTES = 0.5  # at least, for a table; more when its words take longer
PICTURE_MINUTES = 0.5
CHART_MINUTES = 1.0
PREDICTION_MINUTES = 1.5
DISCUSSION_MINUTES = 4.0
EXPLORER_MINUTES = 5.0
SLIDER_MINUTES = 2.0
CLASS_LINES_MINUTES = 6.0
EXERCISE_MINUTES = {"easy": 3, "medium": 8, "open": 20}
PERIOD = 45
HOMEWORK_LIMIT = 20  # homework stays under this, a lesson

EXERCISE = re.compile(r"^### Exercise \d+ \((easy|medium|open)(, homework)?\)", re.MULTILINE)
PREDICT = re.compile(r"(?<!says )\*\*[Pp]redict")  # not "where it says **Predict**, ..."
DISCUSS = re.compile(r"\*\*Discuss")
PLAN_ROW = re.compile(r"^\| (\d+)-(\d+) \| (.+?) \|$", re.MULTILINE)
HEADING = re.compile(r"^(##|###) ", re.MULTILINE)
PERIOD_START = re.compile(r"^# Period (\d+)")
EXPLORER = re.compile(r"\bExplorer(\.from_record)?\(")
SLIDER = re.compile(r"\b(WilsonWidth|PowerCurve|Peeking)\(")
CLASS_LINES = re.compile(r"\bclassroom\.pool\(")
CHART_TYPES = ("application/vnd.plotly.v1+json", "image/png", "image/svg+xml")
WIDGET_TYPE = "application/vnd.jupyter.widget-view+json"


@dataclass
class Minutes:
    """The estimate of one part of a lesson (a period, or the homework), in minutes."""

    reading: float = 0.0
    code: float = 0.0
    outputs: float = 0.0
    predictions: float = 0.0
    discussion: float = 0.0
    activities: float = 0.0
    exercises: float = 0.0

    @property
    def total(self) -> float:
        """The sum of the parts."""
        return sum(getattr(self, part.name) for part in fields(self))

    def add(self, **minutes: float) -> None:
        """Add ``minutes`` to the parts named."""
        for name, value in minutes.items():
            setattr(self, name, getattr(self, name) + value)


@dataclass
class Period:
    """One class period of a lesson: its minutes by the model, and the plan it states."""

    number: int
    minutes: Minutes = field(default_factory=Minutes)
    plan: list[tuple[int, int, str]] = field(default_factory=list)


@dataclass
class Estimate:
    """A lesson's estimated minutes: each period, the homework, and each section."""

    name: str
    periods: list[Period]
    homework: Minutes
    sections: list[tuple[str, float]]

    @property
    def core(self) -> Minutes:
        """The class part: every period together."""
        together = Minutes()
        for period in self.periods:
            together.add(**vars(period.minutes))
        return together

    @property
    def plan(self) -> list[tuple[int, int, str]]:
        """The first period's plan (the opening's)."""
        return self.periods[0].plan

    @property
    def total(self) -> float:
        """Class and homework together."""
        return self.core.total + self.homework.total


def source(cell: dict) -> str:
    """A cell's text."""
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def words(text: str) -> int:
    """How many words ``text`` holds."""
    return len(text.split())


def output_minutes(cell: dict) -> float:
    """The minutes to read what a code cell shows: its printed text and text results at the
    reading speed, a table at least :data:`TABLE_MINUTES`, a picture of cards
    :data:`PICTURE_MINUTES`, a chart :data:`CHART_MINUTES`. A widget (explorer, slider) is
    counted as an activity instead."""
    minutes = 0.0
    for output in cell.get("outputs", []):
        if "text" in output:  # printed
            minutes += words(source({"source": output["text"]})) / WORDS_A_MINUTE
            continue
        data = output.get("data", {})
        if WIDGET_TYPE in data:
            continue
        if any(kind in data for kind in CHART_TYPES):
            minutes += CHART_MINUTES
            continue
        html = source({"source": data.get("text/html", "")})
        text = words(source({"source": data.get("text/plain", "")})) / WORDS_A_MINUTE
        if 'class="dataframe"' in html:
            minutes += max(TABLE_MINUTES, text)
        elif html:
            minutes += PICTURE_MINUTES
        else:
            minutes += text
    return minutes


def activity_minutes(code: str) -> float:
    """The minutes of class activity a code cell starts: play in an explorer, moving a slider,
    collecting the class's lines."""
    return (
        EXPLORER_MINUTES * bool(EXPLORER.search(code))
        + SLIDER_MINUTES * len(SLIDER.findall(code))
        + CLASS_LINES_MINUTES * bool(CLASS_LINES.search(code))
    )


class _Counter:
    """Walks a notebook's cells and adds each one's minutes where they belong."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.periods = [Period(1)]
        self.homework = Minutes()
        self.sections: list[tuple[str, Minutes]] = [("opening", Minutes())]
        self.section_is_homework = False
        self.exercise: Minutes | None = None  # where the open exercise's cells count

    def parts(self, homework: bool = False) -> tuple[Minutes, Minutes]:
        """The minutes a piece of text or a cell adds to: its period (or the homework), and
        its section."""
        part = self.homework if homework or self.section_is_homework else self.periods[-1].minutes
        return part, self.sections[-1][1]

    def code(self, cell: dict) -> None:
        """A code cell: run, read and played with, unless it is an exercise's."""
        if self.exercise is not None:  # an exercise's own cells are in its minutes
            return
        for minutes in self.parts():
            minutes.add(
                code=CODE_CELL_MINUTES,
                outputs=output_minutes(cell),
                activities=activity_minutes(source(cell)),
            )

    def markdown(self, text: str) -> None:
        """A text cell: read, with its predictions, discussions and exercises."""
        self.exercise = None
        started = PERIOD_START.match(text)
        if started:
            self.periods.append(Period(int(started.group(1))))
            self.section_is_homework = False
            self.sections.append((f"Period {started.group(1)}", Minutes()))
            self.periods[-1].plan = plan_rows(text)
        for piece in pieces(text):
            self.piece(piece)

    def piece(self, piece: str) -> None:
        """A heading with the text under it (or the text before the first heading)."""
        if piece.startswith("## "):
            title = piece.splitlines()[0][3:].strip()
            self.section_is_homework = "Homework" in title
            self.sections.append((title, Minutes()))
        found = EXERCISE.match(piece)
        if piece.startswith("### Exercise") and not found:
            raise ValueError(f"{self.path.name}: an exercise heading without (easy|medium|open)")
        parts = self.parts(homework=bool(found and found.group(2)))
        if found:
            self.exercise = parts[0]
        for minutes in parts:
            minutes.add(
                reading=words(piece) / WORDS_A_MINUTE,
                predictions=PREDICTION_MINUTES * len(PREDICT.findall(piece)),
                discussion=DISCUSSION_MINUTES * len(DISCUSS.findall(piece)),
                exercises=EXERCISE_MINUTES[found.group(1)] if found else 0,
            )


def estimate(path: Path) -> Estimate:
    """The estimate of the lesson in the notebook at ``path``."""
    cells = json.loads(path.read_text())["cells"]
    counter = _Counter(path)
    counter.periods[0].plan = plan_rows(source(cells[0]))
    for cell in cells:
        if cell["cell_type"] == "code":
            counter.code(cell)
        else:
            counter.markdown(source(cell))
    return Estimate(
        path.stem,
        counter.periods,
        counter.homework,
        [(name, minutes.total) for name, minutes in counter.sections],
    )


def plan_rows(text: str) -> list[tuple[int, int, str]]:
    """The timed rows of a plan in ``text``."""
    return [(int(a), int(b), what) for a, b, what in PLAN_ROW.findall(text)]


def pieces(text: str) -> list[str]:
    """A markdown cell cut at its level-2 and level-3 headings (the text before the first
    heading, then each heading with the text under it)."""
    starts = [0] + [match.start() for match in HEADING.finditer(text)]
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)], strict=True) if a < b]


def plan_problems(plan: list[tuple[int, int, str]]) -> list[str]:
    """What is wrong with a timed plan: rows that do not follow each other from 0, or an end
    other than the period's 45 minutes. Empty when the plan adds up."""
    if not plan:
        return ["no timed plan"]
    problems = []
    at = 0
    for start, end, what in plan:
        if start != at or end <= start:
            problems.append(f"the row {start}-{end} ({what}) does not start at {at}")
        at = end
    if at != PERIOD:
        problems.append(f"the plan ends at {at}, not {PERIOD}")
    return problems


def guide_row(found: Estimate) -> str:
    """The row of the teacher's guide's table for a lesson: its periods, the minutes of each by
    the model, and its homework (docs/teachers.md quotes these rows; a test compares them)."""
    minutes = [f"{period.minutes.total:.0f}" for period in found.periods] + ["-"]
    homework = f"{found.homework.total:.0f}" if found.homework.total else "-"
    return f"| {found.name} | {len(found.periods)} | {minutes[0]} | {minutes[1]} | {homework} |"


COLUMNS = ("reading", "code", "outputs", "predictions", "discussion", "activities", "exercises")
HEADS = ("read", "code", "outp", "pred", "disc", "play", "exer")


def main(argv: list[str] | None = None) -> int:
    """Print the estimate of each lesson named (default: every lesson), period by period."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--sections", action="store_true", help="and each section's minutes")
    parser.add_argument("--guide", action="store_true", help="the teacher's guide's table rows")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    if args.guide:
        for path in paths:
            print(guide_row(estimate(path)))
        return 0
    print(f"{'lesson':34}" + "".join(f"{head:>6}" for head in HEADS) + f"{'class':>7}{'home':>6}")
    for path in paths:
        found = estimate(path)
        for period in found.periods:
            name = found.name if period.number == 1 else f"  period {period.number}"
            values = "".join(f"{getattr(period.minutes, column):6.1f}" for column in COLUMNS)
            home = f"{found.homework.total:6.1f}" if period.number == 1 else ""
            print(f"{name:34}{values}{period.minutes.total:7.1f}{home}")
            for problem in plan_problems(period.plan):
                print(f"    plan of period {period.number}: {problem}")
        if args.sections:
            for name, minutes in found.sections:
                print(f"    {minutes:5.1f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
