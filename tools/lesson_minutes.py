"""How long a lesson takes in class, estimated from its notebook, and the timed plan it states.

    .venv/bin/python tools/lesson_minutes.py                     # every lesson
    .venv/bin/python tools/lesson_minutes.py notebooks/01-mod-ten.ipynb

The model (issue 20's, the one the teacher's guide states):

- reading: the words of the markdown cells at 120 words a minute (the opening cell's plan and
  objectives included: students read them too);
- running: 45 seconds for each code cell outside an exercise;
- predicting: 1.5 minutes for each **Predict** in the text;
- exercises: 3, 8 or 20 minutes for an easy, medium or open one, as its heading says
  (``### Exercise 4 (medium): ...``), for reading it, answering and running its check; its own
  cells add nothing more.

A lesson's *core* is everything but its homework: the section whose heading starts with
``## Homework``, up to the next ``## `` heading or the end. The *plan* is the timed table of the
opening cell (``| 0-5 | 1. The deck |``): its rows must follow each other from 0 and end at 45.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS_A_MINUTE = 120
CODE_CELL_MINUTES = 0.75
PREDICTION_MINUTES = 1.5
EXERCISE_MINUTES = {"easy": 3, "medium": 8, "open": 20}
PERIOD = 45

EXERCISE = re.compile(r"^### Exercise \d+ \((easy|medium|open)(, homework)?\)", re.MULTILINE)
EXERCISE_HEADING = re.compile(r"^### Exercise", re.MULTILINE)
PREDICT = re.compile(r"\*\*Predict")
PLAN_ROW = re.compile(r"^\| (\d+)-(\d+) \| (.+?) \|$", re.MULTILINE)
HEADING = re.compile(r"^(##|###) ", re.MULTILINE)


@dataclass
class Minutes:
    """The estimate of one part of a lesson (its core, or its homework), in minutes."""

    reading: float = 0.0
    code: float = 0.0
    predictions: float = 0.0
    exercises: float = 0.0

    @property
    def total(self) -> float:
        """The sum of the four."""
        return self.reading + self.code + self.predictions + self.exercises


@dataclass
class Estimate:
    """A lesson's estimated minutes: its core, its homework and its stated plan."""

    name: str
    core: Minutes
    homework: Minutes
    plan: list[tuple[int, int, str]]
    sections: list[tuple[str, float]]

    @property
    def total(self) -> float:
        """Core and homework together: the whole notebook done in class."""
        return self.core.total + self.homework.total


def source(cell: dict) -> str:
    """A cell's text."""
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def estimate(path: Path) -> Estimate:
    """The estimate of the lesson in the notebook at ``path``."""
    cells = json.loads(path.read_text())["cells"]
    core, homework = Minutes(), Minutes()
    sections: list[tuple[str, Minutes]] = [("opening", Minutes())]
    section_is_homework = False
    exercise: tuple[Minutes, ...] | None = None  # where the open exercise's cells count
    for cell in cells:
        text = source(cell)
        if cell["cell_type"] == "code":
            if exercise is None:  # an exercise's own cells are in its minutes
                part = homework if section_is_homework else core
                for minutes in (part, sections[-1][1]):
                    minutes.code += CODE_CELL_MINUTES
            continue
        exercise = None
        for piece in pieces(text):
            if piece.startswith("## "):
                title = piece.splitlines()[0][3:].strip()
                section_is_homework = "Homework" in title
                sections.append((title, Minutes()))
            part = homework if section_is_homework else core
            found = EXERCISE.match(piece)
            if piece.startswith("### Exercise") and not found:
                raise ValueError(f"{path.name}: an exercise heading without (easy|medium|open)")
            if found:
                part = homework if section_is_homework or found.group(2) else core
                exercise = (part, sections[-1][1])
            for minutes in (part, sections[-1][1]):
                minutes.reading += len(piece.split()) / WORDS_A_MINUTE
                minutes.predictions += PREDICTION_MINUTES * len(PREDICT.findall(piece))
                if found:
                    minutes.exercises += EXERCISE_MINUTES[found.group(1)]
    plan = [(int(a), int(b), what) for a, b, what in PLAN_ROW.findall(source(cells[0]))]
    return Estimate(path.stem, core, homework, plan, [(n, m.total) for n, m in sections])


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


def main(argv: list[str] | None = None) -> int:
    """Print the estimate of each lesson named (default: every lesson)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--sections", action="store_true", help="and each section's minutes")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    print(
        f"{'lesson':32} {'read':>5} {'code':>5} {'pred':>5} {'exer':>5} {'core':>5} "
        f"{'home':>5} {'plan':>5}"
    )
    for path in paths:
        found = estimate(path)
        core = found.core
        plan_end = found.plan[-1][1] if found.plan else 0
        print(
            f"{found.name:32} {core.reading:5.1f} {core.code:5.1f} {core.predictions:5.1f} "
            f"{core.exercises:5.0f} {core.total:5.1f} {found.homework.total:5.1f} {plan_end:5d}"
        )
        for problem in plan_problems(found.plan):
            print(f"    plan: {problem}")
        if args.sections:
            for name, minutes in found.sections:
                print(f"    {minutes:5.1f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
