"""The sliders of lessons 05 and 07 redraw their charts when the slider moves (tested without a
browser: assigning ``slider.value`` runs the observers, and the FigureWidget's traces hold what
is drawn)."""

from __future__ import annotations

import pytest

from cardlab.simulation.stats import wilson_interval
from cardlab.simulation.tournament import hands_needed
from cardlab.widgets.sliders import Peeking, PowerCurve, WilsonWidth, false_alarms, power


def test_the_wilson_band_narrows_as_n_grows() -> None:
    widget = WilsonWidth(hands=100)
    wide = list(widget.figure.data[1].y)
    widget.slider.value = 1000
    narrow = list(widget.figure.data[1].y)
    middle = list(widget.figure.data[0].x).index(0.5)
    assert narrow[middle] == pytest.approx(wilson_interval(500, 1000)[1])
    assert wide[middle] == pytest.approx(wilson_interval(50, 100)[1])
    # at an observed share of 0 the textbook interval is stuck at 0, the Wilson one is not
    assert widget.figure.data[3].y[0] == 0 and widget.figure.data[1].y[0] > 0
    assert "1,000 hands" in widget.figure.layout.title.text
    assert "6.2 points wide (2 / √n = 6.3)" in widget.caption.value


def test_the_power_curve_moves_with_the_edge() -> None:
    widget = PowerCurve(edge=0.05)
    assert list(widget.figure.data[2].x) == [785]
    widget.slider.value = 0.02
    assert list(widget.figure.data[2].x) == [hands_needed(0.02)]
    curve = widget.figure.data[0]
    assert list(curve.y) == [power(0.02, hands) for hands in curve.x]
    assert list(curve.y) == sorted(curve.y)  # more hands never find it less often
    assert "4,906 hands" in widget.caption.value


def test_peeking_raises_more_false_alarms_with_more_looks() -> None:
    widget = Peeking(looks=1)
    once = widget.figure.data[0].y[-1]
    assert (
        wilson_interval(round(once * 2000), 2000)[0]
        < 0.05
        < wilson_interval(round(once * 2000), 2000)[1]
    )
    widget.slider.value = 100
    assert len(widget.figure.data[0].x) == 100 and widget.figure.data[0].x[-1] == 1000
    assert list(widget.figure.data[0].y) == list(false_alarms(100))
    assert widget.figure.data[0].y[-1] > 0.25  # the lesson's "a third, not 5%"
    rates = [false_alarms(looks)[-1] for looks in (1, 10, 100)]
    assert rates == sorted(rates)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: WilsonWidth(hands=7), "hands is one of"),
        (lambda: PowerCurve(edge=0.5), "edge"),
        (lambda: Peeking(looks=3), "looks"),
    ],
)
def test_a_value_the_slider_does_not_offer_is_refused(make, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        make()
