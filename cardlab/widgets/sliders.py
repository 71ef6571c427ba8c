"""Sliders where the idea lives: a slider and the chart it redraws, for lessons 05 and 07.

- :class:`WilsonWidth` (lesson 05): the number of hands n; the chart, the Wilson 95% interval
  (and the textbook one) for every observed share at that n.
- :class:`PowerCurve` (lesson 07): the edge d; the chart, the chance that an interval finds it
  (the power) as the hands add up, with the hands that give 80%.
- :class:`Peeking` (lesson 07): how many looks each of 2,000 runs of 1,000 fair tosses gets;
  the chart, the share of runs that have "found" an edge that is not there, look after look.

Each is an ipywidgets ``VBox`` of the slider, a plotly ``FigureWidget`` and a caption, built as
the jupyter-widgets tutorial teaches: the slider's ``value`` is observed and every change
redraws the figure's traces in place. Everything shown is computed (seeded where random), so
the same slider value always draws the same chart; without a browser, setting
``widget.slider.value`` redraws at once, and ``widget.figure.data`` holds what is drawn:

>>> from cardlab.widgets.sliders import WilsonWidth
>>> widget = WilsonWidth(hands=100)
>>> widget.slider.value = 400
>>> print(widget.caption.value)  # doctest: +NORMALIZE_WHITESPACE
n = 400 hands: at an observed share of one half the Wilson interval is 45.1% to 54.9%,
9.8 points wide (2 / √n = 10.0).
"""

from __future__ import annotations

import math
import random
from functools import cache
from statistics import NormalDist
from typing import Any

import ipywidgets as widgets

from cardlab.engine.errors import OptionError
from cardlab.engine.numbers import real_number, whole_number
from cardlab.engine.words import shortened
from cardlab.simulation.stats import MAX_COUNT, Z95, wilson_interval
from cardlab.simulation.tournament import hands_needed

__all__ = ["Peeking", "PowerCurve", "WilsonWidth", "false_alarms", "power"]

HANDS = (10, 20, 50, 100, 200, 400, 1000, 2000, 5000, 10_000)
"""The numbers of hands the Wilson slider offers."""

EDGES = (0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.10, 0.15, 0.20)
"""The edges (true rate minus one half) the power slider offers."""

LOOKS = (1, 2, 5, 10, 20, 50, 100)
"""The numbers of evenly spaced looks the peeking slider offers (each divides 1,000)."""

PEEK_RUNS = 2000
"""Fair runs behind the peeking chart."""

PEEK_TOSSES = 1000
"""Tosses per fair run of the peeking chart."""

PEEK_SEED = 11
"""The seed of the peeking chart's fair runs."""


def _figure(title: str, x_title: str, y_title: str, **layout: Any) -> Any:
    import plotly.graph_objects as go  # noqa: PLC0415 (plotly only when a widget is made)

    figure = go.FigureWidget()
    figure.update_layout(
        title=title,
        xaxis_title=x_title,
        yaxis_title=y_title,
        template="plotly_white",
        height=380,
        margin={"t": 50, "b": 40},
        **layout,
    )
    return figure


class _SliderChart(widgets.VBox):  # type: ignore[misc]
    """A slider above the chart it redraws, and a caption that says what the chart shows."""

    def __init__(self, slider: Any, figure: Any) -> None:
        self.slider = slider
        """The slider (``slider.value`` is the value shown)."""
        self.figure = figure
        """The plotly ``FigureWidget`` the slider redraws."""
        self.caption = widgets.HTML()
        """One sentence on what the chart shows at this value."""
        super().__init__([slider, figure, self.caption])
        self.redraw()
        slider.observe(self._changed, names="value")

    def _changed(self, change: dict[str, Any]) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the chart and the caption for the slider's value."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.slider.description} {self.slider.value})"


def _check_choice(name: str, value: object, choices: tuple[Any, ...]) -> None:
    """Refuse a slider's starting ``value`` that is not one of its ``choices``."""
    if value not in choices:
        raise OptionError(
            f"{name} is one of {', '.join(map(str, choices))}, not {shortened(value)}"
        )


def _choice_slider(
    name: str, value: object, choices: tuple[Any, ...], description: str, labels: Any = None
) -> widgets.SelectionSlider:
    """A slider over ``choices`` (shown as ``labels``, if given, one for each) that starts at
    ``value``, refused when it is not one of them."""
    _check_choice(name, value, choices)
    options = list(choices) if labels is None else list(zip(labels, choices, strict=True))
    return widgets.SelectionSlider(
        options=options, value=value, description=description, continuous_update=False
    )


class WilsonWidth(_SliderChart):
    """Lesson 05: a slider on the number of hands n, and the Wilson 95% interval (a band) and
    the textbook interval (dashed) for every observed share from 0 to 1 at that n."""

    def __init__(self, hands: int = 100) -> None:
        slider = _choice_slider("hands", hands, HANDS, "hands n")
        figure = _figure(
            "95% intervals at n hands",
            "observed share of wins",
            "interval",
            yaxis={"range": [0, 1], "tickformat": ".0%"},
            xaxis={"tickformat": ".0%"},
        )
        shares = [step / 100 for step in range(101)]
        for name, dash in (("Wilson low", None), ("Wilson high", None)):
            figure.add_scatter(
                x=shares, y=shares, name=name, line={"color": "#4c78a8", "dash": dash}
            )
        for name in ("textbook low", "textbook high"):
            figure.add_scatter(
                x=shares, y=shares, name=name, line={"color": "#e45756", "dash": "dash"}
            )
        figure.data[1].fill = "tonexty"
        super().__init__(slider, figure)

    def redraw(self) -> None:
        """Draw both intervals for the slider's n."""
        hands = self.slider.value
        shares = list(self.figure.data[0].x)
        wilson = [wilson_interval(share * hands, hands) for share in shares]
        half = [Z95 * math.sqrt(share * (1 - share) / hands) for share in shares]
        with self.figure.batch_update():
            self.figure.data[0].y = [low for low, _ in wilson]
            self.figure.data[1].y = [high for _, high in wilson]
            self.figure.data[2].y = [max(0.0, s - h) for s, h in zip(shares, half, strict=True)]
            self.figure.data[3].y = [min(1.0, s + h) for s, h in zip(shares, half, strict=True)]
            self.figure.layout.title.text = f"95% intervals after {hands:,} hands"
        low, high = wilson_interval(hands / 2, hands)
        self.caption.value = (
            f"n = {hands:,} hands: at an observed share of one half the Wilson interval is "
            f"{low:.1%} to {high:.1%}, {100 * (high - low):.1f} points wide "
            f"(2 / √n = {200 / math.sqrt(hands):.1f})."
        )


def power(edge: float, hands: int, level: float = 0.95) -> float:
    """The chance that a ``hands``-hand run's interval lies wholly above one half when the
    true rate is one half plus ``edge``, in the normal approximation that
    :func:`~cardlab.simulation.tournament.hands_needed` uses (so the power at ``hands_needed(edge)``
    hands is 80%).

    ``edge`` is a number from -1 to 1, ``hands`` a whole number from 1 to
    :data:`cardlab.simulation.stats.MAX_COUNT`, ``level`` a share strictly between 0 and 1 (an
    :class:`~cardlab.engine.errors.OptionError` otherwise).

    >>> round(power(0.05, 785), 2), round(power(0.05, 400), 2)
    (0.8, 0.52)
    """
    difference, count, share = real_number(edge), whole_number(hands), real_number(level)
    if difference is None or not -1 <= difference <= 1:
        raise OptionError(f"edge is a number from -1 to 1, not {shortened(edge)}")
    if count is None or not 1 <= count <= MAX_COUNT:
        raise OptionError(
            f"hands is a whole number from 1 to {MAX_COUNT:,}, not {shortened(hands)}"
        )
    if share is None or not 0 < share < 1:
        raise OptionError(f"level is a share strictly between 0 and 1, not {shortened(level)}")
    normal = NormalDist()
    z = normal.inv_cdf(1 - (1 - share) / 2)
    return normal.cdf(2 * difference * math.sqrt(count) - z)


class PowerCurve(_SliderChart):
    """Lesson 07: a slider on the edge d, and the power of a run as the hands add up (log
    scale), with the 80% line and the hands that reach it."""

    def __init__(self, edge: float = 0.05) -> None:
        labels = [f"{100 * e:g} points" for e in EDGES]
        slider = _choice_slider("edge", edge, EDGES, "edge d", labels)
        figure = _figure(
            "Power",
            "hands (log scale)",
            "chance of finding the edge",
            yaxis={"range": [0, 1], "tickformat": ".0%"},
            xaxis={"type": "log"},
        )
        hands = sorted({round(10 ** (1 + step / 20)) for step in range(81)})  # 10 to 100,000
        figure.add_scatter(x=hands, y=[0.0] * len(hands), name="power", line={"color": "#54a24b"})
        figure.add_scatter(
            x=[hands[0], hands[-1]],
            y=[0.8, 0.8],
            name="80%",
            mode="lines",
            line={"color": "grey", "dash": "dash"},
        )
        figure.add_scatter(x=[1], y=[0.8], name="hands needed", mode="markers+text")
        super().__init__(slider, figure)

    def redraw(self) -> None:
        """Draw the power curve for the slider's edge."""
        edge = self.slider.value
        needed = hands_needed(edge)
        with self.figure.batch_update():
            curve = self.figure.data[0]
            curve.y = [power(edge, hands) for hands in curve.x]
            marker = self.figure.data[2]
            marker.x, marker.y = [needed], [0.8]
            marker.text = [f"{needed:,}"]
            marker.textposition = "top left"
            self.figure.layout.title.text = f"Power for an edge of {100 * edge:g} points"
        rule = round(1 / edge**2)
        self.caption.value = (
            f"An edge of {100 * edge:g} points is found 80% of the time after {needed:,} hands "
            f"(2 / d² = {round(2 / edge**2):,}); 1 / d² = {rule:,} hands find it "
            f"{power(edge, rule):.0%} of the time."
        )


@cache
def _fair_runs() -> tuple[tuple[int, ...], ...]:
    """Heads after every 10 tosses of each of the peeking chart's fair runs (seeded)."""
    rng = random.Random(PEEK_SEED)
    runs = []
    for _ in range(PEEK_RUNS):
        heads, counts = 0, []
        for _ in range(PEEK_TOSSES // 10):
            heads += rng.getrandbits(10).bit_count()
            counts.append(heads)
        runs.append(tuple(counts))
    return tuple(runs)


@cache
def false_alarms(looks: int) -> tuple[float, ...]:
    """For a plan of ``looks`` evenly spaced looks at a fair run of 1,000 tosses: after each
    look, the share of the :data:`PEEK_RUNS` seeded runs whose 95% interval has left one half
    at that look or an earlier one (the last entry is the plan's false-alarm rate)."""
    _check_choice("looks", looks, LOOKS)
    every = PEEK_TOSSES // looks // 10
    first_alarm = [0] * (looks + 1)  # by look number; index 0: never
    for counts in _fair_runs():
        for look in range(1, looks + 1):
            tosses = look * every * 10
            low, high = wilson_interval(counts[look * every - 1], tosses)
            if low > 0.5 or high < 0.5:
                first_alarm[look] += 1
                break
    shares, total = [], 0
    for look in range(1, looks + 1):
        total += first_alarm[look]
        shares.append(total / PEEK_RUNS)
    return tuple(shares)


class Peeking(_SliderChart):
    """Lesson 07: a slider on the number of looks at each of 2,000 fair runs of 1,000 tosses,
    and the share of runs with a false alarm so far, look after look."""

    def __init__(self, looks: int = 10) -> None:
        slider = _choice_slider("looks", looks, LOOKS, "looks")
        figure = _figure(
            "False alarms by peeking",
            "tosses seen at the look",
            "runs with a false alarm so far",
            yaxis={"range": [0, 0.6], "tickformat": ".0%"},
            xaxis={"range": [0, PEEK_TOSSES + 20]},
        )
        figure.add_scatter(x=[], y=[], name="peeking", mode="lines+markers", line={"shape": "hv"})
        figure.add_scatter(
            x=[0, PEEK_TOSSES],
            y=[0.05, 0.05],
            name="5%: one look",
            mode="lines",
            line={"color": "grey", "dash": "dash"},
        )
        super().__init__(slider, figure)

    def redraw(self) -> None:
        """Draw the false alarms so far for the slider's number of looks."""
        looks = self.slider.value
        shares = false_alarms(looks)
        every = PEEK_TOSSES // looks
        with self.figure.batch_update():
            self.figure.data[0].x = [every * look for look in range(1, looks + 1)]
            self.figure.data[0].y = list(shares)
            self.figure.layout.title.text = f"False alarms with {looks} looks per run"
        alarms = round(shares[-1] * PEEK_RUNS)
        low, high = wilson_interval(alarms, PEEK_RUNS)
        self.caption.value = (
            f"{looks} look{'s' if looks > 1 else ''}, every {every:,} tosses: {shares[-1]:.1%} of "
            f"{PEEK_RUNS:,} fair runs raise a false alarm (95% interval {low:.1%} to "
            f"{high:.1%}); one look promises 5%."
        )
