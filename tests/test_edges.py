"""Issue 34's reproducers, one test each: what crashed, what was wrongly accepted, and what
an agent's failure says on every path. (The others are beside the code they test: the
bounded statistics in tests/test_information.py, the signals, the command's numbers and its
summary in tests/test_cli.py; tests/test_error_family.py's generator probes every public
callable for each kind of value that slipped through.)
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

import cardlab
from cardlab import agents, classroom
from cardlab.simulation import AgentError

np = pytest.importorskip("numpy")


def two_ten_jack_record_with_a_shown_void() -> dict:
    """A Two-Ten-Jack record in which seat 0 was shown to lack a suit."""
    game = cardlab.game("two-ten-jack")
    for seed in range(100):
        state, rng = game.deal(seed=seed), random.Random(seed)
        while not state.is_over and not state.view(1).voids[0]:
            state = state.play(rng.choice(state.legal_moves()))
        if state.view(1).voids[0]:
            return state.record()
    raise AssertionError("no deal showed a void")


def test_could_hold_takes_card_texts_as_cards_and_refuses_what_names_no_card():
    view = cardlab.replay(two_ten_jack_record_with_a_shown_void()).view(1)
    assert view.voids[0]  # the path that read card.suit of a text
    ace = cardlab.Card.parse("AS")
    assert view.could_hold(0, ["AS"]) == view.could_hold(0, [ace]) == view.could_hold(0, "AS")
    assert view.could_hold(0, {"AS", "KS"}) == view.could_hold(0, ["KS", "AS"])
    assert view.could_hold(0, ["AS", "AS"]) is False  # one card, held twice
    for odd in (5, None, ["XX"], [1.5]):
        with pytest.raises(cardlab.CardError):
            view.could_hold(0, odd)


@pytest.mark.parametrize("line", [5, None, b"cardlab-class", ["cardlab-class"]])
def test_read_line_refuses_what_is_not_a_line_of_text(line):
    with pytest.raises(classroom.LineError, match="a line is a text"):
        classroom.read_line(line)


def test_lines_with_other_digits_or_endless_numbers_are_refused_in_words():
    line = classroom.share("7B", 3, "tiny").line
    with pytest.raises(classroom.LineError, match="incomplete or garbled"):
        classroom.read_line(line.replace("student=3", "student=\uff13"))
    with pytest.raises(classroom.LineError, match="at most 12 digits"):
        classroom.read_line(line.replace("student=3", "student=" + "9" * 500))
    with pytest.raises(classroom.LineError, match="at most 1,000 characters"):
        classroom.read_line(line.replace("student=3", "student=" + "9" * 5000))


def test_check_code_refuses_a_lone_surrogate_in_words():
    with pytest.raises(classroom.LineError, match="text that can be written down"):
        classroom.check_code("\ud800")


def _failing(view):
    return 1 / 0


def _failures():
    """The AgentError each path that lets agents play raises for ``_failing``."""
    mod_ten = cardlab.game("mod-ten")
    found = {}
    for path, call in {
        "play_out": lambda: agents.play_out(mod_ten.deal(seed=1), _failing, seed=1),
        "State.play_out": lambda: mod_ten.deal(seed=1).play_out(_failing),
        "simulate": lambda: cardlab.simulate(mod_ten, _failing, games=2, progress=False),
        "round_robin": lambda: cardlab.simulation.tournament.round_robin(
            mod_ten, {"a": _failing, "b": _failing}, hands=1
        ),
    }.items():
        with pytest.raises(AgentError) as caught:
            call()
        found[path] = caught.value
    return found


def test_an_agents_failure_is_an_agent_error_with_the_same_words_on_every_path():
    from cardlab.simulation import tournament  # noqa: F401 (round_robin reads it from cardlab)

    words = "agent '_failing' in seat {} raised ZeroDivisionError: division by zero"
    for path, error in _failures().items():
        assert str(error).startswith(words.format(error.seat)), (path, str(error))
        assert isinstance(error.__cause__, ZeroDivisionError), path


def test_the_explorer_says_an_agents_failure_in_the_same_words():
    widgets = pytest.importorskip("cardlab.widgets")
    explorer = widgets.Explorer(
        cardlab.game("mod-ten"), seed=1, bots=_failing, human=None, background=False
    )
    seat = explorer.state.current_player
    assert isinstance(explorer.seating.timeline.failure[1], AgentError)
    assert (
        f"Agent &#x27;_failing&#x27; in seat {seat} raised ZeroDivisionError: division by zero"
        in explorer.turn_label.value
    )


@pytest.mark.parametrize("seed", [-1, -7, np.int64(-3)])
def test_a_negative_seed_is_refused_where_it_would_draw_as_its_opposite(seed):
    view = cardlab.game("two-ten-jack").deal(seed=2).view(0)
    with pytest.raises(cardlab.OptionError, match="whole number from 0 up"):
        view.determinize(seed)
    with pytest.raises(cardlab.OptionError, match="whole number from 0 up"):
        agents.make_agent("mc:3", seed=seed)
    with pytest.raises(cardlab.SimulationError, match="a seed must be a whole number from 0"):
        cardlab.simulate("mod-ten", games=1, seed=seed, progress=False)


def test_parse_cards_of_a_set_does_not_depend_on_the_hash_seed():
    code = "import cardlab; print(cardlab.parse_cards({'AS', 'KS', '2C', 'TD', '9H'}))"
    shown = set()
    for hash_seed in ("1", "2", "3", "4"):
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=environment
        )
        shown.add(done.stdout.strip())
    assert shown == {"[Card('2C'), Card('TD'), Card('9H'), Card('AS'), Card('KS')]"}


def test_the_variant_lab_refuses_a_seed_of_none_at_once():
    widgets = pytest.importorskip("cardlab.widgets")
    with pytest.raises(cardlab.OptionError, match="seed is a whole number such as 7"):
        widgets.VariantLab(seed=None, background=False)


@pytest.mark.parametrize("index", [1.5, "3", None, np.float64(2.0)])
def test_explorer_go_to_refuses_what_is_not_a_whole_number(index):
    widgets = pytest.importorskip("cardlab.widgets")
    explorer = widgets.Explorer(cardlab.game("mod-ten"), seed=1, background=False)
    explorer.go_to(2)
    with pytest.raises(cardlab.OptionError, match="a position is a whole number of moves"):
        explorer.go_to(index)
    assert explorer.index == 2
    explorer.go_to(np.int64(3))
    assert explorer.index == 3


def test_numpy_numbers_are_taken_where_python_numbers_are():
    widgets = pytest.importorskip("cardlab.widgets")
    assert agents.MonteCarloAgent(1, seconds=np.int64(2)).seconds == 2.0
    assert agents.ISMCTSAgent(1, seconds=np.float32(0.5)).seconds == 0.5
    assert agents.ISMCTSAgent(1, exploration=np.int64(2)).exploration == 2.0
    explorer = widgets.Explorer(
        cardlab.game("mod-ten"),
        seed=np.int64(1),
        show=np.int64(1),
        human=np.int8(0),
        background=False,
    )
    assert (explorer.show, explorer.human, explorer.seed) == (1, 0, 1)


@pytest.mark.parametrize(
    ("hidden", "code", "said"),
    [
        ("ipywidgets", "import cardlab.widgets", "cardlab.widgets needs ipywidgets"),
        (
            "plotly",
            "import cardlab; cardlab.charts.win_rate_bars(cardlab.simulate('mod-ten', games=2))",
            "cardlab.charts needs plotly",
        ),
    ],
)
def test_a_missing_extra_is_named_with_its_install_line(hidden, code, said):
    hide = f"import sys; sys.modules[{hidden!r}] = None; "
    done = subprocess.run([sys.executable, "-c", hide + code], capture_output=True, text=True)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last == (
        f"ModuleNotFoundError: {said}: pip install 'cardlab[lessons]' "
        "(or 'cardlab[notebooks]', which adds JupyterLab)"
    )
