"""One error family, no gaps (issue 19): every public callable of ``cardlab.__all__``,
``cardlab.bots.agents`` and ``cardlab.widgets``, and every option of ``cardlab.solve``, given any
value at all, either works or raises an error that cardlab defines, a ValueError or TypeError
subclass with a short message in words; no builtin, traitlets or Python-internal error
escapes, and a refused call leaves every object it was given or called on as it was.

The values include unicode edge cases (lone surrogates, full-width digits, zero-width and
right-to-left marks), floats where whole numbers belong, bools where numbers belong, huge
numbers and objects of the wrong game. The tables below name every public callable: a new one
fails :func:`test_every_public_callable_is_probed` until it has a row.
"""

from __future__ import annotations

import inspect
import math
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import cardlab
from cardlab import bots as agents

pytest.importorskip("ipywidgets")
from cardlab import widgets  # noqa: E402

MOD_TEN = cardlab.game("mod-ten", players=2)
CHINESE_TEN = cardlab.game("chinese-ten")
TWO_TEN_JACK = cardlab.game("two-ten-jack")


def _after(game, moves: int):
    state = game.deal(seed=3)
    rng = random.Random(3)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves()))
    return state


STATES = {
    "mod-ten": _after(MOD_TEN, 24),
    "chinese-ten": _after(CHINESE_TEN, 4),
    "two-ten-jack": _after(TWO_TEN_JACK, 48),
}
"""A state of each game, late enough to be cheap to solve or play out."""

WRONG_GAME = st.sampled_from(
    [
        CHINESE_TEN,
        cardlab.game("mod-ten", players=4),
        STATES["chinese-ten"],
        STATES["chinese-ten"].view(0),
        STATES["two-ten-jack"].view(1),
        cardlab.Move.parse("9C"),
        cardlab.Card.parse("AS"),
    ]
)
"""Objects of another game (or of the right kind for another call)."""

UNICODE = st.sampled_from(
    [
        "\ud800",
        "a\udfffb",
        "mc:\uff13",
        "\uff19\uff23",
        "9\u200bC",
        "\u202e9C",
        "9\u0301C",
        "\ufeff7",
        "mc:\u0663",
        "٣",
        "",
        " ",
        "\x00",
        "random\n",
    ]
)
"""Text a user may paste: lone surrogates, full-width and Arabic digits, zero-width and
right-to-left marks, combining accents, a byte-order mark, NUL."""

NUMBERS = st.one_of(
    st.booleans(),
    st.integers(min_value=-5, max_value=60),
    st.sampled_from([10**9, 10**12, 10**100, 10**4400, -(10**30)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([2.0, 0.5, math.nan, math.inf, -0.0]),
)
"""Numbers of every kind, floats and bools where whole numbers belong, huge ones."""

ANYTHING = st.one_of(
    st.none(),
    NUMBERS,
    UNICODE,
    st.text(max_size=12),
    st.binary(max_size=6),
    st.lists(st.integers(-3, 60) | st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.sampled_from(["9S", "AS=S", "3H>7C", "random", "greedy", "mc:2", "pimc:1", "8X"]),
    WRONG_GAME,
    st.builds(object),
)
"""Any value at all."""


def fast_enough(value: object) -> bool:
    """False for a valid count large enough to make a call run long (a run of 10**6 hands is
    a fine call, but not one for a property test)."""
    return not (isinstance(value, int) and not isinstance(value, bool) and 30 < value <= 10**12)


def in_the_family(error: BaseException) -> bool:
    """An error cardlab defines, a ValueError or TypeError, with a short message."""
    return (
        isinstance(error, ValueError | TypeError)
        and type(error).__module__.startswith("cardlab")
        and 0 < len(str(error)) < 1000
    )


def works_or_refuses(call, *args, **kwargs) -> bool:
    """Call; True if it worked, False if it was refused with an error of the family. Any other
    exception fails the test."""
    try:
        call(*args, **kwargs)
    except Exception as error:  # the point: nothing else may escape
        assert in_the_family(error), f"{type(error).__module__}.{type(error).__name__}: {error}"
        return False
    return True


def snapshot(explorer: widgets.Explorer) -> tuple:
    """What a refused call must leave as it was."""
    return (explorer.index, tuple(explorer.states), explorer.seed, tuple(explorer.bot_specs))


# --------------------------------------------------------------------------- the tables

TOP_LEVEL = {
    "game": lambda v: cardlab.game(v),
    "Game": lambda v: cardlab.game("mod-ten", players=v),  # a Game is made by cardlab.game
    "parse_cards": lambda v: cardlab.parse_cards(v),
    "replay": lambda v: cardlab.replay(v),
    "simulate": lambda v: cardlab.simulate(MOD_TEN, games=v, progress=False),
    "solve": lambda v: cardlab.solve(v),
    "Card": lambda v: cardlab.Card.parse(v),
    "Hand": lambda v: cardlab.Hand(cardlab.parse_cards(v)),
    "Move": lambda v: cardlab.Move(v),
    "State": lambda v: STATES["mod-ten"].play(v),
    "View": lambda v: STATES["two-ten-jack"].view(0).determinize(v),
    "Event": lambda v: STATES["mod-ten"].last_events[0].for_seat(v),
    "Solution": lambda v: cardlab.solve(STATES["mod-ten"], max_positions=v),
    "Move targets": lambda v: cardlab.Move(cardlab.Card.parse("AS"), v),
    "Move declare": lambda v: cardlab.Move(cardlab.Card.parse("AS"), (), v),
}
"""A call of each public callable of cardlab.__all__ (classes through how users make them)."""

SIMULATE_OPTIONS = {
    "agents": lambda v: cardlab.simulate(MOD_TEN, agents=v, games=2, progress=False),
    "seed": lambda v: cardlab.simulate(MOD_TEN, games=2, seed=v, progress=False),
    "workers": lambda v: cardlab.simulate(MOD_TEN, games=2, workers=v, progress=False),
    "per": lambda v: cardlab.simulate(MOD_TEN, games=1, per=v, progress=False),
    "records": lambda v: cardlab.simulate(MOD_TEN, games=1, records=v, progress=False),
    "progress": lambda v: cardlab.simulate(MOD_TEN, games=1, progress=v),
    "the_game": lambda v: cardlab.simulate(v, games=1, progress=False),
}

SOLVE_OPTIONS = ("max_positions", "max_seconds", "transpositions", "pruning", "moves", "max_table")

VIEW = STATES["mod-ten"].view(0)

AGENT_CALLS = {
    "RandomAgent": lambda v: agents.RandomAgent(v),
    "GreedyAgent": lambda v: agents.GreedyAgent(v),
    "MonteCarloAgent": lambda v: agents.MonteCarloAgent(1, playouts=v),
    "MonteCarloAgent rollout": lambda v: agents.MonteCarloAgent(1, rollout=v),
    "PerfectInformationAgent": lambda v: agents.PerfectInformationAgent(1, worlds=v),
    "PerfectInformationAgent budget": lambda v: agents.PerfectInformationAgent(1, budget=v),
    "PerfectInformationAgent seconds": lambda v: agents.PerfectInformationAgent(1, seconds=v),
    "ISMCTSAgent": lambda v: agents.ISMCTSAgent(1, iterations=v),
    "ISMCTSAgent exploration": lambda v: agents.ISMCTSAgent(1, exploration=v),
    "ISMCTSAgent seconds": lambda v: agents.ISMCTSAgent(1, seconds=v),
    "MonteCarloAgent seconds": lambda v: agents.MonteCarloAgent(1, seconds=v),
    "checked_seconds": lambda v: agents.checked_seconds(v),
    "make_agent": lambda v: agents.make_agent(v),
    "make_agent seed": lambda v: agents.make_agent("random", v),
    "describe_agent": lambda v: agents.describe_agent(v),
    "describe_agent game": lambda v: agents.describe_agent("mc", v),
    "describe_agent players": lambda v: agents.describe_agent("mc", "mod-ten", v),
    "agent_strength": lambda v: agents.agent_strength(v),
    "agent_strength game": lambda v: agents.agent_strength("mc", v),
    "agent_settings": lambda v: agents.agent_settings(v),
    "parse_agents": lambda v: agents.parse_agents(v, 2),
    "parse_agents players": lambda v: agents.parse_agents("random", v),
    "checked_spec": lambda v: agents.checked_spec(v),
    "seated_agents": lambda v: agents.seated_agents(v, random.Random(1)),
    "seated_agents rng": lambda v: agents.seated_agents(["random"], v),
    "play_out": lambda v: agents.play_out(STATES["mod-ten"], v, 1),
    "play_out state": lambda v: agents.play_out(v, "random", 1),
    "play_out seed": lambda v: agents.play_out(STATES["mod-ten"], "random", v),
    "agent_name": lambda v: agents.agent_name(v),
    "move_values": lambda v: agents.move_values(VIEW, v, random.Random(1)),
    "move_estimates": lambda v: agents.move_estimates(VIEW, v, random.Random(1)),
    "running_estimates": lambda v: list(agents.running_estimates(VIEW, v, random.Random(1))),
    "playout_value": lambda v: agents.playout_value(STATES["mod-ten"], v, random.Random(1)),
    "greedy_playout": lambda v: agents.greedy_playout(v, random.Random(1)),
    "checked_count": lambda v: agents.checked_count("playouts", v, 10),
    "checked_rollout": lambda v: agents.checked_rollout(v),
    "checked_view": lambda v: agents.checked_view(v),
    "checked_state": lambda v: agents.checked_state(v),
    "checked_rng": lambda v: agents.checked_rng(v),
    "checked_estimate": lambda v: agents.checked_estimate(VIEW, v, random.Random(1), "random"),
    "move_values rng": lambda v: agents.move_values(VIEW, 2, v),
    "playout_value rollout": lambda v: agents.playout_value(
        STATES["mod-ten"], 0, random.Random(1), v
    ),
    "an agent's call": lambda v: agents.RandomAgent(1)(v),
    "decision_in_steps": lambda v: agents.decision_in_steps(agents.RandomAgent(1), v),
    "decision_in_steps agent": lambda v: agents.decision_in_steps(v, VIEW),
    "an agent's steps mc": lambda v: agents.MonteCarloAgent(1, playouts=2).decide_in_steps(v),
    "an agent's steps pimc": lambda v: agents.PerfectInformationAgent(1).decide_in_steps(v),
    "an agent's steps ismcts": lambda v: agents.ISMCTSAgent(1).decide_in_steps(v),
    "what_it_does": lambda v: agents.what_it_does(v),
    "agent_plays": lambda v: agents.agent_plays(v, "mine", STATES["mod-ten"]),
    "agent_plays state": lambda v: agents.agent_plays(agents.RandomAgent(1), "mine", v),
    "agent_failed": lambda v: agents.agent_failed("mine", 0, v),
    "checked_move": lambda v: agents.checked_move("mine", 0, v),
    "move_refused": lambda v: agents.move_refused("mine", 0, v, ValueError("no")),
}
"""A call of every public callable of cardlab.bots.agents, each setting on its own."""

WIDGET_CALLS = {
    "Explorer game": lambda v: widgets.Explorer(v, seed=1, background=False),
    "Explorer seed": lambda v: widgets.Explorer(MOD_TEN, seed=v, background=False),
    "Explorer state": lambda v: widgets.Explorer(MOD_TEN, state=v, background=False),
    "Explorer show": lambda v: widgets.Explorer(MOD_TEN, seed=1, show=v, background=False),
    "Explorer human": lambda v: widgets.Explorer(MOD_TEN, seed=1, human=v, background=False),
    "Explorer bots": lambda v: widgets.Explorer(MOD_TEN, seed=1, bots=v, background=False),
    "Explorer.from_record": lambda v: widgets.Explorer.from_record(v, background=False),
    "VariantLab game": lambda v: widgets.VariantLab(v, background=False),
    "VariantLab hands": lambda v: widgets.VariantLab(hands=v, background=False),
    "VariantLab seed": lambda v: widgets.VariantLab(seed=v, background=False),
    "describe_choice": lambda v: widgets.describe_choice(v),
    "random_bot": lambda v: widgets.random_bot(v),
}
"""A call of each public callable of cardlab.widgets, each argument on its own."""

EXPLORER_METHODS = {
    "go_to": lambda e, v: e.go_to(v),
    "click_card": lambda e, v: e.click_card(v),
    "play": lambda e, v: e.play(v),
    "set_bot": lambda e, v: e.set_bot(0, v),
    "set_bot seat": lambda e, v: e.set_bot(v, "random"),
    "deal": lambda e, v: e.deal(v),
    "hint_estimates": lambda e, v: e.hint_estimates(v),
    "hint_values": lambda e, v: e.hint_values(v),
}
"""The explorer's methods that take a value (the others take none)."""


def test_every_public_callable_is_probed():
    for name in cardlab.__all__:
        thing = getattr(cardlab, name)
        if inspect.isclass(thing) and issubclass(thing, Exception) or name == "GAMES":
            continue
        assert name in TOP_LEVEL, f"cardlab.{name} has no row in TOP_LEVEL"
    public = [
        name
        for name, thing in vars(agents).items()
        if not name.startswith("_")
        and callable(thing)
        and getattr(thing, "__module__", "") == "cardlab.bots.agents"
        and not (inspect.isclass(thing) and issubclass(thing, Exception))
        and name not in ("Estimate",)  # a NamedTuple of results, made by the agents
    ]
    for name in public:
        assert any(label.split()[0] == name for label in AGENT_CALLS), name
    for name in widgets.__all__:
        assert any(label.split()[0].split(".")[0] == name for label in WIDGET_CALLS), name
    taking = [
        name
        for name, method in vars(widgets.Explorer).items()
        if not name.startswith("_")
        and callable(method)
        and len(inspect.signature(method).parameters) > 1
        and name != "from_record"
    ]
    assert set(taking) <= {label.split()[0] for label in EXPLORER_METHODS}, set(taking) - {
        label.split()[0] for label in EXPLORER_METHODS
    }
    assert set(SOLVE_OPTIONS) == {
        name
        for name, p in inspect.signature(cardlab.solve).parameters.items()
        if p.kind == p.KEYWORD_ONLY
    }


# --------------------------------------------------------------------------- the probes

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("label", sorted(TOP_LEVEL))
@SETTINGS
@given(value=ANYTHING)
def test_cardlab_callables_work_or_refuse_in_the_family(label, value):
    assume(fast_enough(value))
    state = STATES["mod-ten"]
    before = (state.moves, state.legal_moves(), state.scores)
    works_or_refuses(TOP_LEVEL[label], value)
    assert (state.moves, state.legal_moves(), state.scores) == before


@pytest.mark.parametrize("label", sorted(SIMULATE_OPTIONS))
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=ANYTHING)
def test_simulate_options_work_or_refuse_in_the_family(label, value):
    assume(not isinstance(value, str) or not value.startswith(("mc", "pimc")))
    if label == "workers":
        assume(value in (None, 1) or not isinstance(value, int) or isinstance(value, bool))
    works_or_refuses(SIMULATE_OPTIONS[label], value)


@pytest.mark.parametrize("option", SOLVE_OPTIONS)
@pytest.mark.parametrize("game", ["mod-ten", "two-ten-jack"])
@SETTINGS
@given(value=ANYTHING)
def test_solve_options_work_or_refuse_in_the_family(option, game, value):
    state = STATES[game]
    works_or_refuses(cardlab.solve, state, **{option: value})


@pytest.mark.parametrize("label", sorted(AGENT_CALLS))
@SETTINGS
@given(value=ANYTHING)
def test_agents_work_or_refuse_in_the_family(label, value):
    assume(fast_enough(value))
    works_or_refuses(AGENT_CALLS[label], value)


@pytest.mark.parametrize("label", sorted(WIDGET_CALLS))
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=ANYTHING)
def test_widgets_work_or_refuse_in_the_family(label, value):
    assume(not isinstance(value, str) or not value.startswith(("mc", "pimc")))
    assume(fast_enough(value))
    works_or_refuses(WIDGET_CALLS[label], value)


@pytest.mark.parametrize("label", sorted(EXPLORER_METHODS))
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=ANYTHING)
def test_explorer_methods_work_or_refuse_and_a_refusal_changes_nothing(label, value):
    assume(not isinstance(value, str) or not value.startswith(("mc", "pimc")))
    assume(fast_enough(value))
    explorer = widgets.Explorer(MOD_TEN, seed=1, background=False)
    explorer.go_to(3)
    before = snapshot(explorer)
    said = explorer.said
    worked = works_or_refuses(EXPLORER_METHODS[label], explorer, value)
    if not worked or (explorer.said != said and "cannot" in explorer.said):
        assert snapshot(explorer) == before
    explorer.forward_button.click()  # the explorer still works


# --------------------------------------------------------------------------- what is accepted
# Issue 34: a call that works is not enough; what it accepts must mean what it says. For every
# public callable of the modules a lesson or a user calls (and the methods of the objects they
# get), the parameters are read from its signature and probed with the values that slipped
# through before, each against a rule:
#
# - None where the signature does not take None is refused (VariantLab(seed=None) was taken);
# - a seed (a parameter named seed or rng) that is negative is refused, as deal() refuses it
#   (determinize(-1) and make_agent("mc:3", seed=-1) gave seed 1's result);
# - a NumPy integer or float is taken wherever the Python number is, with the same result
#   (seconds=, exploration=, the explorer's show= and human= refused them);
# - a number with a fraction where the signature says int is refused (go_to(1.5) was taken);
# - a text whose digits are full-width or Arabic-Indic is refused, or means something else
#   than the ASCII text (-o match_target=３ ran with 3);
# - a set where a list is taken gives the same result whatever order the set iterates in
#   (parse_cards({...}) followed PYTHONHASHSEED), or is refused.

import collections.abc  # noqa: E402
import itertools  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from fractions import Fraction  # noqa: E402

np = pytest.importorskip("numpy")
pd = pytest.importorskip("pandas")

from cardlab import (  # noqa: E402
    charts,
    classroom,
    exercises,
    simulation,
    stats,
)
from cardlab.play import turnlog  # noqa: E402
from cardlab.simulation import counting, tournament  # noqa: E402
from cardlab.widgets import sliders  # noqa: E402

TABLE = cardlab.simulate(MOD_TEN, "random,greedy", games=6, seed=1, progress=False)
TTJ_VIEW = STATES["two-ten-jack"].view(1)
MATCH = TWO_TEN_JACK.match(seed=1)


class Unordered(set):
    """A set that iterates in a given order: two of them with the same items stand for the
    same set in two runs of Python (whose set order depends on PYTHONHASHSEED)."""

    def __init__(self, items, order):
        super().__init__(items)
        self.order = [items[index] for index in order]

    def __iter__(self):
        return iter(self.order)


UNKNOWN = object()
"""The fingerprint of a result that cannot be compared."""


def fingerprint(result):
    """What a result says, comparable between two calls (UNKNOWN where it cannot be told)."""
    if result is None or isinstance(result, bool | int | str | Fraction):
        return result
    if isinstance(result, float):
        return "nan" if math.isnan(result) else result
    if isinstance(result, list | tuple):
        return tuple(fingerprint(item) for item in result)
    if isinstance(result, dict):
        return tuple((fingerprint(key), fingerprint(value)) for key, value in result.items())
    if isinstance(result, cardlab.Card | cardlab.Move):
        return ("card or move", str(result))
    if isinstance(result, cardlab.State):
        hands = tuple(tuple(map(str, result.hand(seat))) for seat in range(result.game.players))
        return ("state", result.game, tuple(map(str, result.moves)), hands)
    if isinstance(result, cardlab.View):
        return ("view", result.game, result.seat, tuple(map(str, result.hand)), len(result.events))
    if isinstance(result, random.Random):
        return ("generator", result.getstate())
    if isinstance(result, pd.DataFrame | pd.Series):
        return ("table", result.to_csv())
    if isinstance(result, widgets.Explorer):
        return ("explorer", snapshot(result), result.show, result.human)
    if isinstance(getattr(result, "rng", None), random.Random):
        return ("agent", repr(result), result.rng.getstate())
    if isinstance(result, cardlab.Game) or type(result).__eq__ is not object.__eq__:
        try:
            hash(result)
        except TypeError:
            return UNKNOWN
        return ("value", type(result).__name__, result)
    if type(result).__repr__ is not object.__repr__:  # what it says of itself (a Feedback)
        return ("shown", type(result).__name__, repr(result))
    return UNKNOWN


def outcome(call, **arguments):
    """("works", the result's fingerprint) or ("refused", the error's class), failing the test
    on an error outside the family."""
    arguments = {name: _fresh(value) for name, value in arguments.items()}
    try:
        result = _call(call, arguments)
        if isinstance(result, collections.abc.Iterator) and not isinstance(result, Sequence):
            result = list(itertools.islice(result, 50))
    except Exception as error:  # the point: nothing else may escape
        assert in_the_family(error), f"{type(error).__module__}.{type(error).__name__}: {error}"
        return ("refused", type(error).__name__)
    return ("works", fingerprint(result))


def _fresh(value):
    """A copy of a generator given as an argument (a call draws from it), else ``value``."""
    if type(value) is random.Random:
        copy = random.Random()
        copy.setstate(value.getstate())
        return copy
    return value


def _call(call, arguments):
    """``call`` with ``arguments`` by name, those that can only be given by position first."""
    try:
        parameters = inspect.signature(call).parameters.values()
    except (TypeError, ValueError):
        return call(**arguments)
    first = [p.name for p in parameters if p.kind is p.POSITIONAL_ONLY and p.name in arguments]
    rest = {name: value for name, value in arguments.items() if name not in first}
    return call(*[arguments[name] for name in first], **rest)


TO_MOVE = STATES["mod-ten"].view(STATES["mod-ten"].current_player)
"""The view of the seat to move (what an agent is asked)."""


def _explorer(act, says=False):
    """What ``act`` does to an explorer two moves into a hand. With ``says`` (a method whose
    refusals are documented to be said in the widget, in the error style: deal's of a seed from
    the seed box, a card or move the rules refuse), a refusal said so counts as a refusal; the
    other methods raise theirs."""
    from cardlab.widgets.explorer.drawing import ERROR_STYLE

    explorer = widgets.Explorer(MOD_TEN, seed=1, background=False)
    explorer.go_to(2)
    act(explorer)
    if says and ERROR_STYLE in explorer.controls.message.value:
        raise cardlab.OptionError(f"said in the widget: {explorer.said}")
    return explorer


def _command(games, players, option, seed, agents, workers):
    """``cardlab simulate`` with these arguments (texts, as a shell passes them): what it
    prints, or a refusal when it exits 2 (bad arguments)."""
    import contextlib
    import io

    from cardlab.cli import main

    printed, said = io.StringIO(), io.StringIO()
    arguments = ["simulate", "mod-ten", "--games", games, "--players", players, "-o", option]
    arguments += ["--seed", seed, "--agents", agents, "--workers", workers, "--no-progress"]
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(said):
        status = main(arguments)
    if status == 2:
        raise cardlab.OptionError(said.getvalue())
    return status, printed.getvalue()


SIGNATURES = {
    # label: (the callable, the arguments it is called with: its required ones, and what keeps
    # it quick)
    "game": (cardlab.game, {"name": "mod-ten"}),
    "parse_cards": (cardlab.parse_cards, {"text": ["AS", "KS", "2C", "TD"]}),
    "Hand": (cardlab.Hand, {"cards": ["9H", "2C", "AS"]}),
    "Card": (cardlab.Card, {"rank": "A", "suit": "S"}),
    "Card.parse": (cardlab.Card.parse, {"text": "9S"}),
    "Move": (cardlab.Move, {"card": cardlab.Card.parse("AS")}),
    "replay": (cardlab.replay, {"record": STATES["mod-ten"].record()}),
    "simulate": (cardlab.simulate, {"the_game": MOD_TEN, "games": 2, "progress": False}),
    "solve": (cardlab.solve, {"target": STATES["mod-ten"], "max_positions": 5000}),
    "Game.deal": (MOD_TEN.deal, {"seed": 7}),
    "Game.match": (TWO_TEN_JACK.match, {"seed": 7}),
    "Game.parse_move": (MOD_TEN.parse_move, {"text": "9C"}),
    "State.play": (STATES["mod-ten"].play, {"move": STATES["mod-ten"].legal_moves()[0]}),
    "State.play_all": (MOD_TEN.deal(seed=1).play_all, {"moves": ["9C"]}),
    "State.view": (STATES["mod-ten"].view, {"seat": 1}),
    "State.hand": (STATES["mod-ten"].hand, {"seat": 1}),
    "State.play_out": (STATES["mod-ten"].play_out, {"agents": "random", "seed": 3}),
    "State.score_text": (STATES["two-ten-jack"].score_text, {"seat": 1}),
    "State.events_seen_by": (STATES["mod-ten"].events_seen_by, {"seat": 1}),
    "State.why_not": (STATES["mod-ten"].why_not, {"move": "AS"}),
    "View.determinize": (TTJ_VIEW.determinize, {"rng": 3}),
    "View.could_hold": (TTJ_VIEW.could_hold, {"seat": 0, "hand": ["AS"]}),
    "View.score_breakdown": (TTJ_VIEW.score_breakdown, {"seat": 0}),
    "Match.play": (MATCH.play, {"move": MATCH.state.legal_moves()[0]}),
    "make_agent": (agents.make_agent, {"spec": "mc:3", "seed": 5}),
    "an agent's decision": (
        lambda seed: agents.make_agent("mc:3", seed)(TO_MOVE),
        {"seed": 5},
        agents.make_agent,
    ),
    "RandomAgent": (agents.RandomAgent, {"seed": 5}),
    "GreedyAgent": (agents.GreedyAgent, {"seed": 5}),
    "MonteCarloAgent": (agents.MonteCarloAgent, {"seed": 5, "playouts": 3, "seconds": 2}),
    "PerfectInformationAgent": (
        agents.PerfectInformationAgent,
        {"seed": 5, "worlds": 3, "budget": 100, "playouts": 1, "seconds": 2},
    ),
    "ISMCTSAgent": (
        agents.ISMCTSAgent,
        {"seed": 5, "iterations": 3, "exploration": 2, "seconds": 2},
    ),
    "play_out": (agents.play_out, {"state": STATES["mod-ten"], "agents": "random", "seed": 3}),
    "move_values": (agents.move_values, {"view": TO_MOVE, "playouts": 2, "rng": random.Random(1)}),
    "move_estimates": (
        agents.move_estimates,
        {"view": TO_MOVE, "playouts": 2, "rng": random.Random(1)},
    ),
    "running_estimates": (
        agents.running_estimates,
        {"view": TO_MOVE, "playouts": 2, "rng": random.Random(1)},
    ),
    "playout_value": (
        agents.playout_value,
        {"state": STATES["mod-ten"], "seat": 0, "rng": random.Random(1)},
    ),
    "parse_agents": (agents.parse_agents, {"agents": ["random", "greedy"], "players": 2}),
    "describe_agent": (agents.describe_agent, {"name": "mc", "game": "mod-ten", "players": 3}),
    "agent_strength": (agents.agent_strength, {"name": "mc", "game": "mod-ten", "players": 3}),
    "agent_settings": (agents.agent_settings, {"spec": "mc:3"}),
    "what_it_does": (agents.what_it_does, {"name": "mc"}),
    "seated_agents": (agents.seated_agents, {"specs": ["random", "mc:2"], "rng": random.Random(1)}),
    "wilson_interval": (stats.wilson_interval, {"wins": 3, "games": 10, "z": 2}),
    "probability_favoured": (
        stats.probability_favoured,
        {"wins": 14, "losses": 6, "threshold": 0.5},
    ),
    "win_rates": (stats.win_rates, {"table": TABLE}),
    "agent_results": (stats.agent_results, {"table": TABLE}),
    "running_win_rate": (stats.running_win_rate, {"table": TABLE, "seat": 1}),
    "in_playing_order": (stats.in_playing_order, {"table": TABLE}),
    "position_names": (stats.position_names, {"players": 3}),
    "decided": (stats.decided, {"table": TABLE}),
    "round_robin": (
        tournament.round_robin,
        {"game": MOD_TEN, "bots": {"a": "random", "b": "greedy"}, "hands": 1, "seed": 2},
    ),
    "leaderboard": (tournament.leaderboard, {"table": TABLE}),
    "hands_needed": (
        tournament.hands_needed,
        {"edge": 0.05, "rate": 0.5, "power": 0.8, "level": 0.95},
    ),
    "seatings": (tournament.seatings, {"names": ["a", "b", "c"], "players": 2}),
    "chance": (
        counting.chance,
        {"cards": counting.deck_of(MOD_TEN), "size": 3, "event": lambda split: True},
    ),
    "hands (counting)": (counting.hands, {"cards": counting.deck_of(MOD_TEN), "size": 2}),
    "splits": (counting.splits, {"cards": counting.deck_of(MOD_TEN), "size": 3}),
    "groups": (counting.groups, {"cards": counting.deck_of(MOD_TEN)}),
    "deck_of": (counting.deck_of, {"game": MOD_TEN}),
    "by_card": (lambda card: counting.by_card(card)(cardlab.Card.parse("AS")), {"card": "AS"}),
    "share": (classroom.share, {"code": "7B", "student": 3, "study": "tiny"}),
    "read_line": (classroom.read_line, {"text": classroom.share("7B", 3, "tiny").line}),
    "check_code": (classroom.check_code, {"content": "cardlab-class tiny"}),
    "pool": (classroom.pool, {"lines": [classroom.share("7B", 3, "tiny").line]}),
    "simulate_class": (classroom.simulate_class, {"code": "7B", "students": 1, "study": "tiny"}),
    "expected_power": (classroom.expected_power, {"rate": 0.4, "hands": 200, "z": 2}),
    "check": (exercises.check, {"name": "information.2", "answer": "56"}),
    "win_rate_bars": (charts.win_rate_bars, {"table": TABLE}),
    "convergence": (charts.convergence, {"table": TABLE, "seat": 1, "points": 3}),
    "log_spaced": (charts.log_spaced, {"count": 100, "points": 5}),
    "win_rate_table": (charts.win_rate_table, {"table": TABLE}),
    "play_hand": (
        simulation.play_hand,
        {"the_game": MOD_TEN, "agents": ["random", "greedy"], "seed": "7-1"},
    ),
    "game_seed": (simulation.game_seed, {"seed": 7, "index": 3}),
    "chunk_size": (simulation.chunk_size, {"games": 100, "workers": 2}),
    "move_log": (turnlog.move_log, {"state": STATES["mod-ten"]}),
    "trick_log": (turnlog.trick_log, {"state": STATES["two-ten-jack"]}),
    "power": (sliders.power, {"edge": 0.05, "hands": 400, "level": 0.95}),
    "cardlab simulate": (
        _command,
        {
            "games": "2",
            "players": "3",
            "option": "match_target=3",
            "seed": "7",
            "agents": "random,mc:2",
            "workers": "1",
        },
    ),
    "false_alarms": (sliders.false_alarms, {"looks": 10}),
    "Explorer": (
        widgets.Explorer,
        {"game": MOD_TEN, "seed": 1, "show": 1, "human": 0, "background": False},
    ),
    "Explorer.go_to": (
        lambda index: _explorer(lambda e: e.go_to(index)),
        {"index": 3},
        widgets.Explorer.go_to,
    ),
    "Explorer.deal": (
        lambda seed: _explorer(lambda e: e.deal(seed), says=True),
        {"seed": 5},
        widgets.Explorer.deal,
    ),
    "Explorer.set_bot": (
        lambda seat, spec: _explorer(lambda e: e.set_bot(seat, spec), says=True),
        {"seat": 1, "spec": "greedy"},
        widgets.Explorer.set_bot,
    ),
    "Explorer.hint_values": (
        lambda playouts: _explorer(lambda e: e.hint_values(playouts)),
        {"playouts": 3},
        widgets.Explorer.hint_values,
    ),
    "Explorer.click_card": (
        lambda card: _explorer(lambda e: e.click_card(card), says=True),
        {"card": _explorer(lambda e: None).state.legal_moves()[0].card.text},
        widgets.Explorer.click_card,
    ),
    "VariantLab": (
        widgets.VariantLab,
        {"game": "mod-ten", "hands": 10, "seed": 4, "background": False},
    ),
    "WilsonWidth": (sliders.WilsonWidth, {"hands": 100}),
    "PowerCurve": (sliders.PowerCurve, {"edge": 0.05}),
    "Peeking": (sliders.Peeking, {"looks": 10}),
}
"""Each callable probed, with the arguments it is called with (and, for a lambda of the table,
the function whose signature it stands for)."""


def _annotation(call, name):
    """The parameter's annotation as text ("" for a lambda of the table)."""
    try:
        parameter = inspect.signature(call).parameters[name]
    except (KeyError, ValueError, TypeError):
        return ""
    annotation = parameter.annotation
    return "" if annotation is inspect.Parameter.empty else str(annotation)


def _default(call, name):
    try:
        return inspect.signature(call).parameters[name].default
    except (KeyError, ValueError, TypeError):
        return inspect.Parameter.empty


PROBES = collections.Counter()
"""How many calls each rule made (for a report: ``PROBES`` after a run)."""


def _digits(text, offset):
    """``text`` with its ASCII digits moved to another script (0xFF10: full-width, 0x0660:
    Arabic-Indic)."""
    return "".join(
        chr(offset + int(char)) if char.isascii() and char.isdigit() else char for char in text
    )


def _rules(label):
    """Every (rule, parameter, probe value) the table's arguments of ``label`` call for."""
    call, arguments, *named = SIGNATURES[label]
    signed = named[0] if named else call
    for name, value in arguments.items():
        annotation = _annotation(signed, name)
        typed = annotation not in ("", "Any", "object") and "Any" not in annotation
        if typed and "None" not in annotation and _default(signed, name) is not None:
            yield ("None is refused", name, None)
        if name in ("seed", "rng") and not isinstance(value, str | random.Random):
            yield ("a negative seed is refused", name, -1)
            yield ("a negative seed is refused", name, -7)
        if isinstance(value, int) and not isinstance(value, bool):
            yield ("numpy numbers work alike", name, np.int64(value))
            yield ("numpy numbers work alike", name, np.int32(value))
            yield ("numpy numbers work alike", name, np.uint16(value))
            if "float" not in annotation and typed:
                yield ("a fraction is refused where a whole number is", name, value + 0.5)
        if isinstance(value, float):
            yield ("numpy numbers work alike", name, np.float64(value))
        if isinstance(value, str) and any(char.isdigit() for char in value):
            yield ("other digits do not read as the number", name, _digits(value, 0xFF10))
            yield ("other digits do not read as the number", name, _digits(value, 0x0660))
        if isinstance(value, list | tuple) and len(value) >= 2:
            yield ("a set gives one result in any order", name, tuple(range(len(value))))


def _check(label, rule, name, probe):
    call, arguments, *_ = SIGNATURES[label]
    given = outcome(call, **arguments)
    assert given[0] == "works", f"{label}: the table's own arguments are refused: {given}"
    if rule == "a set gives one result in any order":
        items = list(arguments[name])
        results = {
            outcome(call, **{**arguments, name: Unordered(items, order)})
            for order in itertools.islice(itertools.permutations(probe), 3)
        }
        PROBES[rule] += 3
        kinds = {kind for kind, _ in results}
        assert len(kinds) == 1 and (kinds == {"refused"} or len(results) == 1), (label, results)
        return
    got = outcome(call, **{**arguments, name: probe})
    PROBES[rule] += 1
    if rule in ("None is refused", "a negative seed is refused"):
        assert got[0] == "refused", f"{label}({name}={probe!r}) is accepted"
    elif rule == "a fraction is refused where a whole number is":
        assert got[0] == "refused", f"{label}({name}={probe!r}) is accepted"
    elif rule == "numpy numbers work alike":
        assert got[0] == "works", f"{label}({name}={probe!r}) is refused: {got}"
        if given[1] is not UNKNOWN and got[1] is not UNKNOWN:
            assert got == given, f"{label}({name}={probe!r}) differs from the Python number's"
    elif rule == "other digits do not read as the number":
        if got[0] == "works" and given[1] is not UNKNOWN:
            assert got != given, f"{label}({name}={probe!r}) reads as {arguments[name]!r}"


RULES = [(label, *rule) for label in SIGNATURES for rule in _rules(label)]


@pytest.mark.parametrize(
    ("label", "rule", "name", "probe"),
    RULES,
    ids=[f"{label}-{name}-{rule}-{probe!r}"[:90] for label, rule, name, probe in RULES],
)
def test_what_a_call_accepts_means_what_it_says(label, rule, name, probe):
    _check(label, rule, name, probe)


EXCLUDED = {
    # Values a call returns or the machinery builds, not arguments a user gives.
    "Event",
    "Solution",
    "State",
    "View",
    "Outcome",
    "Estimate",
    "Trick",
    "Position",
    "Game",
    "Agent",
    "ClassResult",
    "Refusal",
    "Share",
    "Study",
    "Feedback",
    "Blocks",
    "FishingState",
    "PositionSearch",
    "Match",
    "StepwiseSolve",
    # The checks themselves (each probed through the calls that use it) and words helpers.
    "as_rng",
    "real_number",
    "whole_number",
    "clipped",
    "shortened",
    "checked_count",
    "checked_seconds",
    "checked_view",
    "checked_state",
    "checked_rng",
    "checked_estimate",
    "checked_rollout",
    "checked_spec",
    "checked_run_seed",
    "checked_move",
    "agent_failed",
    "move_refused",
    "check_table",
    "is_number",
    "is_whole_number",
    "every_seat",
    "seats",
    "one_seat",
    "renamed_attribute",
    # The package's machinery: names given on first use, and older names kept working.
    "lazy_names",
    "old_names_of",
    "require_pandas",
    "row_names",
    "current_umask",
    "output_format",
    # Lower layers of a probed call (simulate, solve, replay, deal, stats) with the same
    # arguments, or the engine's own (an agent_plays is each agent move of play_out).
    "checked_run",
    "play_run",
    "play_games",
    "columns_of_games",
    "build_table",
    "long_form",
    "write_table",
    "simulate_to_parquet",
    "play_match",
    "move_results",
    "move_results_in_steps",
    "solvable",
    "hand_record",
    "match_record",
    "checked_record",
    "replay_moves",
    "replay_match",
    "binomial_cdf",
    "log_binomial_term",
    "agent_plays",
    "greedy_move",
    "greedy_playout",
    "decision_in_steps",
    "agent_name",
    "Tree",
    "sort_key",
    "sort_cards",
    "full_deck",
    "cards_text",
    "exercise_names",
    "describe_choice",
    "random_bot",
    "move_log_rows",
    "chinese_ten_log_rows",
    "trick_log_rows",
    "chinese_ten_log",
    "score_distribution",
    "game_lengths",
    "agent_table",
}
"""Public callables not in SIGNATURES, and why."""

SIGNATURE_MODULES = [
    cardlab,
    agents,
    stats,
    tournament,
    counting,
    classroom,
    exercises,
    charts,
    simulation,
    turnlog,
    widgets,
    sliders,
]


def test_every_public_callable_has_a_signature_row_or_a_reason():
    probed = {label.split()[0].split(".")[-1] for label in SIGNATURES}
    probed |= {getattr(row[0], "__name__", "") for row in SIGNATURES.values()}
    missing = set()
    for module in SIGNATURE_MODULES:
        names = getattr(module, "__all__", None) or [n for n in vars(module) if n[0] != "_"]
        for name in names:
            thing = getattr(module, name)
            if not callable(thing) or not getattr(thing, "__module__", "").startswith("cardlab"):
                continue
            if inspect.isclass(thing) and issubclass(thing, Exception):
                continue
            if name not in probed and name not in EXCLUDED:
                missing.add(f"{module.__name__}.{name}")
    assert not missing, f"no row in SIGNATURES and no reason in EXCLUDED: {sorted(missing)}"
