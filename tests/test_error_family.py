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
    return (explorer.index, tuple(explorer.timeline), explorer.seed, tuple(explorer.bot_specs))


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
    "engine": lambda v: cardlab.simulate(MOD_TEN, games=2, engine=v, progress=False),
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
