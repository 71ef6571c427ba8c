"""cardlab.simulation.classroom: a student's share is reproducible, a submitted line is checked (a
mistyped or edited line is refused with its reason), pooling counts duplicates once and does not
depend on the order of the lines, and a pooled class shows what lesson 07 says it shows."""

from __future__ import annotations

import random
import re

import pytest

from cardlab.simulation import classroom
from cardlab.simulation.classroom import LineError, pool, read_line, share, simulate_class


def forged(line: str) -> str:
    """``line`` with another count of detected runs and a check code made for it: a line
    only a student who read the source could write."""
    detected = int(re.search(r"detected=(\d)", line).group(1))  # type: ignore[union-attr]
    content = line.split(" check=")[0].replace(f"detected={detected}", f"detected={1 - detected}")
    return f"{content} check={classroom.check_code(content)}"


@pytest.fixture(scope="module")
def lines() -> list[str]:
    return simulate_class("7B-tue", 6, study="tiny")


def test_a_share_is_the_same_for_the_same_code_number_and_study() -> None:
    first = share("7b-tue", 4, study="tiny")
    assert first == share(" 7B-TUE ", 4, study="tiny")  # the code is read in capitals
    assert first.code == "7B-TUE"
    assert first != share("7B-tue", 5, study="tiny")
    assert first != share("7B-wed", 4, study="tiny")


def test_the_line_reads_back_as_the_share(lines: list[str]) -> None:
    one = share("7B-tue", 2, study="tiny")
    assert one.line in lines
    assert read_line(one.line) == one
    # what a chat or a spreadsheet adds around it is ignored
    assert read_line(f"[10:42] Ana:\t{one.line.replace(' ', '  ')}  ") == one


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda line: line.replace("missed=", "missed=1"), "check code does not match"),
        (lambda line: line.replace("student=2", "student=12"), "check code does not match"),
        (lambda line: line.replace("class=7B-TUE", "class=7B-TUF"), "check code does not match"),
        (lambda line: line[:-1] + ("0" if line[-1] != "0" else "1"), "check code does not match"),
        (lambda line: line.split(" check=")[0], "incomplete or garbled"),
        (lambda line: line.replace("cardlab-class", "cardlab class"), "not a classroom line"),
        (lambda line: line.replace(" tiny ", " huge "), "there is no study 'huge'"),
    ],
)
def test_a_mistyped_or_edited_line_is_refused_with_its_reason(edit, reason) -> None:  # type: ignore[no-untyped-def]
    line = share("7B-tue", 2, study="tiny").line
    with pytest.raises(LineError, match=reason):
        read_line(edit(line))
    result = pool([line, edit(line)])
    assert result.students <= 1
    assert any(reason in refusal.reason for refusal in result.refused)


def test_a_line_for_an_unknown_study_names_the_studies() -> None:
    content = "cardlab-class huge chinese-ten class=A student=1 runs=2 hands=20 missed=0 "
    content += "peeked=0 detected=0 leader=1/2"
    line = f"{content} check={classroom.check_code(content)}"
    with pytest.raises(LineError, match="there is no study 'huge'.*how-many"):
        read_line(line)


def test_a_line_with_a_right_check_code_but_impossible_results_is_refused() -> None:
    content = "cardlab-class tiny chinese-ten class=A student=1 runs=2 hands=20 missed=2 "
    content += "peeked=1 detected=0 leader=1/2"
    with pytest.raises(LineError, match="missed > peeked"):
        read_line(f"{content} check={classroom.check_code(content)}")


POSSIBLE = (
    "cardlab-class tiny chinese-ten class=A student=1 runs=2 hands=20 missed=0 "
    "peeked=1 detected=1 leader=9/19"
)
"""A line's content that the study "tiny" can give (2 runs of 20 hands)."""


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("chinese-ten", "mod-ten", "study 'tiny' plays chinese-ten, not mod-ten"),
        ("runs=2", "runs=3", "study 'tiny' plays 2 runs of 20 hands"),
        ("hands=20", "hands=200", "study 'tiny' plays 2 runs of 20 hands"),
        ("student=1", "student=0", "the class code or the student number is not valid"),
        ("student=1", "student=1000", "the class code or the student number is not valid"),
        ("detected=1", "detected=3", "more runs counted than were played"),
        ("peeked=1", "peeked=3", "more runs counted than were played"),
        ("leader=9/19", "leader=20/19", "the leader's wins and the decided hands do not fit"),
        ("leader=9/19", "leader=9/41", "the leader's wins and the decided hands do not fit"),
    ],
)
def test_a_line_with_a_right_check_code_that_its_study_cannot_give_says_why(
    old: str, new: str, reason: str
) -> None:
    assert read_line(f"{POSSIBLE} check={classroom.check_code(POSSIBLE)}").student == 1
    content = POSSIBLE.replace(old, new)
    with pytest.raises(LineError) as error:
        read_line(f"{content} check={classroom.check_code(content)}")
    assert str(error.value).startswith(reason)


def test_a_row_that_is_not_text_is_refused_and_the_lines_still_count(lines: list[str]) -> None:
    result = pool([None, *lines, 42])
    assert result.students == 6
    assert [(refusal.line, refusal.reason) for refusal in result.refused] == [
        ("42", "not a line of text"),
        ("None", "not a line of text"),
    ]  # in the order of their reasons and lines, whatever the order of the rows
    with pytest.raises(ValueError, match="there is no result 'wins'"):
        result.total("wins")
    assert result.total("runs") == 6 * 2


def test_pooling_counts_a_line_sent_twice_once_and_ignores_the_order(lines: list[str]) -> None:
    once = pool(lines)
    assert once.students == 6 and once.duplicates == 0 and not once.refused
    shuffled = lines + lines[:2] + ["", "hello"]
    random.Random(1).shuffle(shuffled)
    again = pool("\n".join(shuffled))
    assert again.students == 6 and again.duplicates == 2
    assert [str(refusal) for refusal in again.refused] == [
        "'hello': not a classroom line: it does not contain 'cardlab-class'"
    ]
    assert again.shares == once.shares
    assert again.summary().splitlines()[1:5] == once.summary().splitlines()[1:5]
    assert again.total("runs") == 6 * classroom.STUDIES["tiny"].runs


def test_two_different_lines_for_one_student_are_both_refused(lines: list[str]) -> None:
    for order in ([forged(lines[0]), *lines], [*lines, forged(lines[0])]):
        result = pool(order)
        assert result.students == 5
        assert [refusal.reason for refusal in result.refused] == [
            "student 1 sent 2 different lines"
        ] * 2


def test_recheck_refuses_a_forged_line_with_a_valid_check_code(lines: list[str]) -> None:
    assert pool([*lines[:2], forged(lines[2])]).students == 3
    result = pool([*lines[:2], forged(lines[2])], recheck=True)
    assert result.students == 2
    assert result.refused[0].reason == "not what student 3's share gives"


def test_lines_of_another_class_or_study_are_refused(lines: list[str]) -> None:
    other = share("8A", 1, study="tiny").line
    result = pool([*lines, other], code="7b-tue")
    assert result.students == 6
    assert result.refused[0].reason == "a line of class 8A, not 7B-TUE"
    assert pool([*lines, other]).refused[0].reason == "a line of class 8A, not 7B-TUE"  # majority
    assert (
        pool(lines, study="how-many").refused[0].reason == "a line of study 'tiny', not 'how-many'"
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: share("7 B", 1), "class code"),
        (lambda: share("", 1), "class code"),
        (lambda: share("7B", 0), "student number"),
        (lambda: share("7B", True), "student number"),
        (lambda: share("7B", 1, study="nope"), "there is no study 'nope'"),
        (lambda: simulate_class("7B", 0), "students"),
    ],
)
def test_bad_arguments_are_refused_with_the_rule(call, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        call()


def test_a_class_shows_coverage_peeking_and_power() -> None:
    """The lesson's study, pooled over a class of 10: the seat-0 intervals miss about 1 in 20,
    peeking raises more false alarms than looking once, and the leader's edge is found in some
    runs but not all (the lesson's claims, with bounds wide enough for any seed)."""
    result = pool(simulate_class("test", 10))
    runs = result.total("runs")
    assert runs == 10 * classroom.STUDIES["how-many"].runs
    missed, low, high = result.interval("missed")
    assert low < 0.05 < high
    assert result.total("peeked") > result.total("missed")
    power = result.interval("detected")[0]
    leader = result.interval("leader_wins")
    assert leader[2] < 0.5  # Chinese Ten's leader is at a disadvantage
    assert 0.1 < power < 0.7
    assert abs(power - classroom.expected_power(leader[0], 200)) < 0.15
    figure = result.figure()
    assert list(figure.data[0].y) == [
        result.interval(n)[0] for n in ("missed", "peeked", "detected")
    ]


def test_a_pool_with_nothing_counted_says_so() -> None:
    result = pool("\n\nnot a line\n")
    assert result.students == 0
    assert result.summary().splitlines()[0] == "no line counted yet (1 refused)"
