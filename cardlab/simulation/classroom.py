"""A whole-class experiment: every student plays a seeded share of one study, and the teacher
pools the class's lines.

A study is a plan of runs fixed in advance. In the study ``"how-many"`` (lesson 07) each run
is 200 hands of two-player Chinese Ten between random players, and three questions are asked
of it:

- **coverage**: does the 95% interval for seat 0's share of the decided hands contain one
  half? It must, 19 times in 20: the dealer is drawn at random, so seat 0 and seat 1 are
  exactly alike and seat 0's true share is exactly 1/2;
- **peeking**: had we looked at that interval every 20 hands (10 looks) and stopped at the first
  that leaves one half, would the run have "found" an edge that does not exist?
- **power**: does the interval for the *leader* (the player left of the dealer) lie wholly off
  one half? Chinese Ten's leader is at a real disadvantage (lesson 05), so this is a real
  edge found, and the share of runs that find it is the power of a 200-hand study.

A student runs :func:`share` with the class code the teacher gives and their own number, and
submits the one line it prints (in a shared sheet, a form or the chat). The line carries a short
check code, so that a line mistyped or edited is refused with the reason; the teacher pastes
every line into :func:`pool`, which counts a line sent twice once and gives the same result for
the same lines in any order. :func:`simulate_class` writes the lines a class of N students would
send, to prepare the lesson (or to run it without students).

>>> from cardlab import classroom
>>> mine = classroom.share("7B", student=3, study="tiny")
>>> print(mine.line[:56], "...", mine.line[-13:])
cardlab-class tiny chinese-ten class=7B student=3 runs=2 ... check=8c8b2f
>>> result = classroom.pool([mine.line, mine.line, "cardlab-class tiny chinese-ten oops"])
>>> result.students, result.duplicates, len(result.refused)
(1, 1, 1)
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from cardlab.engine.core import Game
from cardlab.engine.numbers import encodable, whole_number
from cardlab.engine.words import shortened
from cardlab.games import game
from cardlab.simulation.stats import MAX_COUNT, Z95, wilson_interval
from cardlab.simulation.tables import is_number

__all__ = [
    "STUDIES",
    "ClassResult",
    "ClassroomError",
    "LineError",
    "Refusal",
    "Share",
    "Study",
    "check_code",
    "expected_power",
    "pool",
    "read_line",
    "share",
    "simulate_class",
]

PREFIX = "cardlab-class"
"""The first word of every line a student submits."""

CODE_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,23}")
"""What a class code may be: letters, digits, ``-`` and ``_``, 1 to 24 characters."""

MAX_STUDENT = 999
"""The highest student number (students are numbered from 1)."""

_CHECK_KEY = b"cardlab-classroom-1"


class ClassroomError(ValueError):
    """An argument of the classroom's functions that cannot be used (a study that does not
    exist, a class code or student number out of its range); the message says why."""


@dataclass(frozen=True)
class Study:
    """A plan fixed before anyone plays: ``runs`` runs per student of ``hands`` hands each of
    two-player ``game`` between random players, an interval looked at once at the end of each
    run and, for the peeking question, every ``hands // looks`` hands."""

    name: str
    """The study's name, as the lines give it."""
    game: str
    """The game played (two players, random bots)."""
    runs: int
    """Runs per student."""
    hands: int
    """Hands per run."""
    looks: int
    """How many times a peeking student looks at the interval in a run (the last look is at the
    end of the run)."""

    def __post_init__(self) -> None:
        if self.hands % self.looks:
            raise ClassroomError(f"{self.looks} looks do not divide {self.hands} hands evenly")

    @property
    def every(self) -> int:
        """Hands between two looks of a peeking student."""
        return self.hands // self.looks

    def rules(self) -> Game:
        """The game that the study plays."""
        return game(self.game, players=2)


STUDIES: dict[str, Study] = {
    "how-many": Study("how-many", "chinese-ten", runs=20, hands=200, looks=10),
    "tiny": Study("tiny", "chinese-ten", runs=2, hands=20, looks=2),
}
"""The studies a class can run, by name: ``"how-many"`` for lesson 07 (20 runs of 200 hands per
student, about a third of a second), ``"tiny"`` for quick checks."""

RESULTS = ("runs", "hands", "missed", "peeked", "detected", "leader")
"""The results a line gives, in its order (``leader`` is wins/decided hands)."""


@dataclass(frozen=True)
class Share:
    """One student's part of a study: what their runs found, and the line they submit."""

    study: str
    """The study's name."""
    game: str
    """The game the study plays."""
    code: str
    """The class code, in capitals."""
    student: int
    """The student's number."""
    runs: int
    """How many runs were played."""
    hands: int
    """Hands per run."""
    missed: int
    """Runs whose 95% interval for seat 0, looked at once at the end, leaves one half."""
    peeked: int
    """Runs whose interval for seat 0 leaves one half at one look or more."""
    detected: int
    """Runs whose interval for the leader lies wholly off one half."""
    leader_wins: int
    """Decided hands won by the leader, over all runs."""
    decided: int
    """Hands with a winner (a Chinese Ten hand can be tied), over all runs."""

    def _content(self) -> str:
        return (
            f"{PREFIX} {self.study} {self.game} class={self.code} student={self.student} "
            f"runs={self.runs} hands={self.hands} missed={self.missed} peeked={self.peeked} "
            f"detected={self.detected} leader={self.leader_wins}/{self.decided}"
        )

    @property
    def line(self) -> str:
        """The line to submit: everything above and a check code of six hexadecimal digits."""
        content = self._content()
        return f"{content} check={check_code(content)}"

    def __str__(self) -> str:
        return self.line

    def __repr__(self) -> str:
        return self.line


def check_code(content: str) -> str:
    """The six-digit check code of a line's content (everything before ``check=``): a change
    of any character changes it, with a chance of 1 in 16 million of going unnoticed. The
    content is a text that can be written as UTF-8 (a :class:`LineError` otherwise)."""
    if not isinstance(content, str) or not encodable(content):
        raise LineError(
            f"a line's content is text that can be written down, not {shortened(content)}"
        )
    digest = hashlib.blake2b(content.encode(), digest_size=3, key=_CHECK_KEY)
    return digest.hexdigest()


def _study(name: object) -> Study:
    if not isinstance(name, str) or name not in STUDIES:
        known = ", ".join(STUDIES)
        raise ClassroomError(f"there is no study {shortened(name)}: the studies are {known}")
    return STUDIES[name]


def _code(code: object) -> str:
    if not isinstance(code, str) or not CODE_PATTERN.fullmatch(code.strip()):
        raise ClassroomError(
            "a class code is 1 to 24 letters, digits, '-' or '_' (such as '7B-tue'), "
            f"not {shortened(code)}"
        )
    return code.strip().upper()


def _student(student: object) -> int:
    number = whole_number(student)
    if number is None or not 1 <= number <= MAX_STUDENT:
        raise ClassroomError(
            f"a student number is a whole number from 1 to {MAX_STUDENT}, not {shortened(student)}"
        )
    return number


def _outside(wins: int, games: int) -> bool:
    """True when the 95% interval of ``wins`` in ``games`` lies wholly off one half."""
    low, high = wilson_interval(wins, games)
    return low > 0.5 or high < 0.5


def share(code: str, student: int, study: str = "how-many") -> Share:
    """Play student ``student``'s share of ``study`` for class ``code``: the same code, number
    and study give the same hands, on any computer. Print it (or the notebook shows it) to
    see the line to submit."""
    plan = _study(study)
    code = _code(code)
    student = _student(student)
    rules = plan.rules()
    rng = random.Random(f"{PREFIX}/{plan.name}/{code}/{student}")
    missed = peeked = detected = leader_total = decided_total = 0
    for _ in range(plan.runs):
        seat0 = leader = decided = 0
        alarm = False
        for hand in range(1, plan.hands + 1):
            state = rules.deal(seed=rng.getrandbits(64))
            winner = rules.playout(state, rng).winner
            if winner is not None:
                decided += 1
                seat0 += winner == 0
                leader += winner == state.current_player
            if hand % plan.every == 0 and decided and _outside(seat0, decided):
                alarm = True
        missed += _outside(seat0, decided)
        peeked += alarm
        detected += _outside(leader, decided)
        leader_total += leader
        decided_total += decided
    return Share(
        plan.name,
        plan.game,
        code,
        student,
        plan.runs,
        plan.hands,
        missed,
        peeked,
        detected,
        leader_total,
        decided_total,
    )


class LineError(ClassroomError):
    """A submitted line that cannot be counted; the message says why."""


_LINE = re.compile(
    rf"{PREFIX}\s+(?P<study>\S+)\s+(?P<game>\S+)\s+class=(?P<code>\S+)\s+student=(?P<student>\d+)"
    r"\s+runs=(?P<runs>\d+)\s+hands=(?P<hands>\d+)\s+missed=(?P<missed>\d+)"
    r"\s+peeked=(?P<peeked>\d+)\s+detected=(?P<detected>\d+)"
    r"\s+leader=(?P<wins>\d+)/(?P<decided>\d+)\s+check=(?P<check>[0-9a-fA-F]{6})\b",
    re.ASCII,  # \d is 0-9 only: "student=３" is no number
)

MAX_LINE = 1000
"""The longest line :func:`read_line` reads (a line ``share`` prints is about 150 characters)."""

MAX_DIGITS = 12
"""The most digits a number of a line has (a line's counts are far smaller)."""


def read_line(text: str) -> Share:
    """The share a submitted line gives. Text around the line (a name, a time stamp from the
    chat) and spacing are ignored; a line that is incomplete, mistyped or edited, or whose
    results cannot come from its study, raises :class:`LineError` saying why."""
    if not isinstance(text, str):
        raise LineError(f"a line is a text, not {shortened(text)}")
    if len(text) > MAX_LINE:
        raise LineError(f"a line is at most {MAX_LINE:,} characters, not {len(text):,}")
    if PREFIX not in text:
        raise LineError(f"not a classroom line: it does not contain {PREFIX!r}")
    match = _LINE.search(" ".join(text.split()))
    if match is None:
        raise LineError(
            "the line is incomplete or garbled: copy the whole line that share() printed, "
            "from 'cardlab-class' to the check code"
        )
    fields = match.groupdict()
    if any(len(fields[name]) > MAX_DIGITS for name in fields if fields[name].isdigit()):
        raise LineError(f"a number of a line has at most {MAX_DIGITS} digits")
    numbers = {name: int(fields[name]) for name in fields if fields[name].isdigit()}
    try:
        plan = _study(fields["study"])
    except ValueError as error:
        raise LineError(str(error)) from None
    candidate = Share(
        plan.name,
        fields["game"],
        fields["code"],
        numbers["student"],
        numbers["runs"],
        numbers["hands"],
        numbers["missed"],
        numbers["peeked"],
        numbers["detected"],
        numbers["wins"],
        numbers["decided"],
    )
    if check_code(candidate._content()) != fields["check"].lower():
        raise LineError(
            "the check code does not match the line: it was mistyped or edited; copy it again "
            "from the student's notebook"
        )
    problem = _impossible(candidate, plan)
    if problem:
        raise LineError(problem)
    return candidate


def _impossible(candidate: Share, plan: Study) -> str:
    """Why a line with a valid check code still cannot come from ``plan`` (empty if it can)."""
    if candidate.game != plan.game:
        return f"study {plan.name!r} plays {plan.game}, not {candidate.game}"
    if (candidate.runs, candidate.hands) != (plan.runs, plan.hands):
        return f"study {plan.name!r} plays {plan.runs} runs of {plan.hands} hands"
    if not 1 <= candidate.student <= MAX_STUDENT or not CODE_PATTERN.fullmatch(candidate.code):
        return "the class code or the student number is not valid"
    if candidate.missed > candidate.peeked:
        return "a run that misses at the end also misses at the last look: missed > peeked"
    if max(candidate.peeked, candidate.detected) > candidate.runs:
        return "more runs counted than were played"
    if candidate.leader_wins > candidate.decided or candidate.decided > plan.runs * plan.hands:
        return "the leader's wins and the decided hands do not fit the study"
    return ""


@dataclass(frozen=True)
class Refusal:
    """A line that was not counted, and why."""

    line: str
    """The line as pasted."""
    reason: str
    """Why it was refused."""

    def __str__(self) -> str:
        return f"{self.line.strip()[:60]!r}: {self.reason}"


def _rate(count: int, runs: int) -> str:
    low, high = wilson_interval(count, runs) if runs else (0.0, 1.0)
    share_ = count / runs if runs else 0.0
    return f"{count} of {runs:,} ({share_:.1%}, 95% interval {low:.1%} to {high:.1%})"


@dataclass(frozen=True)
class ClassResult:
    """What a class found, pooled over the lines counted (see :func:`pool`)."""

    study: Study
    """The study the lines belong to."""
    shares: tuple[Share, ...]
    """The shares counted, one per student, by student number."""
    refused: tuple[Refusal, ...] = field(default=())
    """The lines not counted, each with its reason, in the order given."""
    duplicates: int = 0
    """Lines sent again word for word, counted once."""

    @property
    def students(self) -> int:
        """How many students' shares are counted."""
        return len(self.shares)

    def total(self, name: str) -> int:
        """The sum over the class of one result: ``"runs"``, ``"missed"``, ``"peeked"``,
        ``"detected"``, ``"leader_wins"`` or ``"decided"``."""
        if name not in ("runs", "missed", "peeked", "detected", "leader_wins", "decided"):
            raise ClassroomError(f"there is no result {shortened(name)}")
        return sum(int(getattr(one, name)) for one in self.shares)

    def interval(self, name: str) -> tuple[float, float, float]:
        """The class's share of runs for ``"missed"``, ``"peeked"`` or ``"detected"`` (or the
        leader's share of decided hands for ``"leader_wins"``), with its Wilson 95% interval:
        (share, low, high)."""
        count = self.total(name)
        games = self.total("decided" if name == "leader_wins" else "runs")
        if games == 0:
            return 0.0, 0.0, 1.0
        low, high = wilson_interval(count, games)
        return count / games, low, high

    def summary(self) -> str:
        """The class's findings in words, one line each."""
        runs = self.total("runs")
        plan = self.study
        leader, low, high = self.interval("leader_wins")
        counted = f"{self.students} student{'' if self.students == 1 else 's'}"
        repeated = f"{self.duplicates} line{'' if self.duplicates == 1 else 's'} sent again"
        head = (
            f"{counted}, {runs:,} runs of {plan.hands} hands of {plan.game} ({repeated} and "
            f"counted once, {len(self.refused)} refused)"
        )
        if not self.shares:
            head = f"no line counted yet ({len(self.refused)} refused)"
            return "\n".join([head] + [f"refused: {refusal}" for refusal in self.refused])
        lines = [
            head,
            f"coverage: the interval for seat 0 (true share 1/2) missed in "
            f"{_rate(self.total('missed'), runs)}: about 1 in 20 should",
            f"peeking: looking {plan.looks} times per run, a false alarm in "
            f"{_rate(self.total('peeked'), runs)}",
            f"power: the leader's real edge found in {_rate(self.total('detected'), runs)}",
            f"the leader won {leader:.1%} of {self.total('decided'):,} decided hands "
            f"(95% interval {low:.1%} to {high:.1%})",
        ]
        lines += [f"refused: {refusal}" for refusal in self.refused]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        printer.text(self.summary())  # type: ignore[attr-defined]

    def figure(self) -> object:
        """A plotly bar chart of the three shares of runs, with their 95% intervals and the
        5% that a single look promises."""
        import plotly.graph_objects as go  # noqa: PLC0415 (plotly only for the chart)

        names = {
            "missed": "missed, one look",
            "peeked": f"false alarm, {self.study.looks} looks",
            "detected": "real edge found (power)",
        }
        values = [self.interval(name) for name in names]
        figure = go.Figure(
            go.Bar(
                x=list(names.values()),
                y=[value[0] for value in values],
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [high - share_ for share_, _, high in values],
                    "arrayminus": [share_ - low for share_, low, _ in values],
                },
                marker_color=["#4c78a8", "#e45756", "#54a24b"],
            )
        )
        figure.add_hline(y=0.05, line_dash="dash", annotation_text="5%: the promise of one look")
        figure.update_layout(
            title=f"The class's {self.total('runs'):,} runs ({self.students} students)",
            yaxis={"title": "share of runs", "tickformat": ".0%", "range": [0, 1]},
            template="plotly_white",
            height=380,
        )
        return figure


def pool(
    lines: str | Iterable[str],
    code: str | None = None,
    study: str | None = None,
    recheck: bool = False,
) -> ClassResult:
    """Pool the lines a class submitted: a text pasted whole (one line per row; blank rows and
    text around each line are ignored) or a list of lines.

    ``code`` and ``study``, when given, refuse lines of another class or study (otherwise the
    study and the class code of most lines are taken). A line sent again word for word is
    counted once; two different lines for the same student are both refused. With
    ``recheck=True`` each share is played again and a line whose results differ is refused
    (a third of a second each). The result does not depend on the order of the lines.
    """
    if not isinstance(lines, str | Iterable) or isinstance(lines, bytes | Mapping):
        raise ClassroomError(
            f"lines are a text pasted whole or a list of lines, not {shortened(lines)}"
        )
    rows: list[object] = list(lines.splitlines() if isinstance(lines, str) else lines)
    if not isinstance(recheck, bool):
        raise ClassroomError(f"recheck is True or False, not {shortened(recheck)}")
    expected_code = _code(code) if code is not None else None
    expected_study = _study(study).name if study is not None else None
    read, refused = _read_rows(rows)
    if expected_study is None:
        expected_study = _most_common([one.study for _, one in read])
    if expected_code is None:
        expected_code = _most_common([one.code for _, one in read if one.study == expected_study])
    kept, duplicates = _of_this_class(read, expected_study, expected_code, refused)
    shares = _one_share_each(kept, recheck, refused)
    plan = STUDIES[expected_study or "how-many"]
    refused.sort(key=lambda refusal: (refusal.reason, refusal.line))
    return ClassResult(plan, tuple(shares), tuple(refused), duplicates)


def _read_rows(rows: list[object]) -> tuple[list[tuple[str, Share]], list[Refusal]]:
    """The shares read from the rows that are lines (with each one's text), and the rows
    refused; blank rows are skipped."""
    read: list[tuple[str, Share]] = []
    refused: list[Refusal] = []
    for row in rows:
        if not isinstance(row, str):
            refused.append(Refusal(repr(row), "not a line of text"))
            continue
        if not row.strip():
            continue
        try:
            read.append((row, read_line(row)))
        except LineError as error:
            refused.append(Refusal(row, str(error)))
    return read, refused


def _of_this_class(
    read: list[tuple[str, Share]],
    study: str | None,
    code: str | None,
    refused: list[Refusal],
) -> tuple[dict[Share, str], int]:
    """The shares of ``study`` and class ``code`` (each with its line's text), each counted
    once, and how many were sent again word for word; the others go to ``refused``."""
    kept: dict[Share, str] = {}
    duplicates = 0
    for row, one in read:
        if one.study != study:
            refused.append(Refusal(row, f"a line of study {one.study!r}, not {study!r}"))
        elif one.code != code:
            refused.append(Refusal(row, f"a line of class {one.code}, not {code}"))
        elif one in kept:
            duplicates += 1
        else:
            kept[one] = row
    return kept, duplicates


def _one_share_each(kept: dict[Share, str], recheck: bool, refused: list[Refusal]) -> list[Share]:
    """The shares of the students who sent one line (played again, with ``recheck``, and
    kept only when they agree), by student; the others go to ``refused``."""
    by_student: dict[int, set[Share]] = {}
    for one in kept:
        by_student.setdefault(one.student, set()).add(one)
    shares: list[Share] = []
    for student in sorted(by_student):
        sent = by_student[student]
        if len(sent) > 1:
            for one in sorted(sent, key=lambda s: s.line):
                refused.append(
                    Refusal(kept[one], f"student {student} sent {len(sent)} different lines")
                )
            continue
        (one,) = sent
        if recheck and share(one.code, one.student, one.study) != one:
            refused.append(Refusal(kept[one], f"not what student {student}'s share gives"))
            continue
        shares.append(one)
    return shares


def _most_common(values: list[str]) -> str | None:
    """The value given most often (the first in alphabetical order on a tie); None if none."""
    if not values:
        return None
    return min(set(values), key=lambda value: (-values.count(value), value))


def simulate_class(code: str, students: int, study: str = "how-many") -> list[str]:
    """The lines that students 1 to ``students`` of class ``code`` would submit for ``study``:
    a class pooled "as if", before the lesson or without students."""
    count = whole_number(students)
    if count is None or not 1 <= count <= MAX_STUDENT:
        raise ClassroomError(
            f"students is a whole number from 1 to {MAX_STUDENT}, not {shortened(students)}"
        )
    return [share(code, student, study).line for student in range(1, count + 1)]


def expected_power(rate: float, hands: int, z: float = Z95) -> float:
    """The power of one ``hands``-hand run to find a true rate ``rate`` off one half (the normal
    approximation): the chance that its 95% interval lies wholly off one half."""
    from statistics import NormalDist  # noqa: PLC0415

    count = whole_number(hands)
    if not is_number(rate) or not 0 < rate < 1 or count is None or not 1 <= count <= MAX_COUNT:
        raise ClassroomError(
            f"rate lies strictly between 0 and 1 and hands is a whole number from 1 to "
            f"{MAX_COUNT:,}, not rate={shortened(rate)}, hands={shortened(hands)}"
        )
    if not is_number(z) or not 0 < z <= 10:
        raise ClassroomError(f"z is a number above 0 and at most 10, not {shortened(z)}")
    hands = count
    normal = NormalDist()
    spread = (rate * (1 - rate) / hands) ** 0.5
    half = z * (0.25 / hands) ** 0.5
    return normal.cdf((rate - 0.5 - half) / spread) + normal.cdf((0.5 - half - rate) / spread)
