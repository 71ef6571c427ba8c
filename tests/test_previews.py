"""cardlab.display.previews: a chart carries a PNG picture where a browser draws one, and shows
alone, silently, where none can."""

from __future__ import annotations

import base64

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from cardlab.display import previews


@pytest.fixture
def fresh_previews(monkeypatch):
    """Previews as at the start of a session, and plotly's default renderer put back after."""
    monkeypatch.setitem(previews._state, "painter", None)
    monkeypatch.setitem(previews._state, "failed", False)
    default = pio.renderers.default
    yield
    pio.renderers.default = default


def figure():
    return go.Figure(go.Bar(x=[1, 2], y=[3, 4])).to_dict()


def test_no_browser_leaves_the_charts_alone(monkeypatch, fresh_previews):
    monkeypatch.setenv("BROWSER_PATH", "/nonexistent/chrome")
    before = pio.renderers.default
    assert previews.image_browser() is None
    previews.enable()
    assert pio.renderers.default == before


def test_a_browser_that_fails_gives_no_picture_and_no_output(monkeypatch, fresh_previews, capfd):
    class Broken:
        def __init__(self):
            raise RuntimeError("the browser did not start")

    monkeypatch.setattr(previews, "Painter", Broken)
    bundle = previews.PreviewRenderer().to_mimebundle(figure())
    assert list(bundle) == ["application/vnd.plotly.v1+json"]
    assert previews._state["failed"]
    assert previews.png_picture(figure()) is None  # not tried again
    out, err = capfd.readouterr()
    assert out == err == ""


def test_a_picture_is_a_png_beside_the_chart(monkeypatch, fresh_previews):
    class Fake:
        def png(self, figure):
            return b"\x89PNG fake"

    monkeypatch.setattr(previews, "Painter", Fake)
    bundle = previews.PreviewRenderer().to_mimebundle(figure())
    assert base64.b64decode(bundle["image/png"]) == b"\x89PNG fake"
    assert bundle["application/vnd.plotly.v1+json"]["data"][0]["type"] == "bar"


def test_enable_makes_the_preview_renderer_the_default(monkeypatch, fresh_previews):
    monkeypatch.setattr(previews, "image_browser", lambda: "/usr/bin/chromium")
    previews.enable()
    assert pio.renderers.default == previews.RENDERER


@pytest.mark.skipif(previews.image_browser() is None, reason="kaleido or a browser is missing")
def test_a_real_browser_draws_a_png(fresh_previews):
    picture = previews.png_picture(figure())
    assert picture is not None
    assert base64.b64decode(picture).startswith(b"\x89PNG")


def test_without_kaleido_there_is_no_image_browser(monkeypatch):
    real = previews.importlib.util.find_spec
    monkeypatch.setattr(
        previews.importlib.util,
        "find_spec",
        lambda name, *args: None if name == "kaleido" else real(name, *args),
    )
    assert previews.image_browser() is None


def test_a_failure_to_look_for_a_browser_means_no_browser(monkeypatch):
    pytest.importorskip("kaleido")
    from choreographer.browsers.chromium import Chromium

    def broken(**options):
        raise OSError("cannot list the programs")

    monkeypatch.setattr(Chromium, "find_browser", staticmethod(broken))
    assert previews.image_browser() is None


def test_one_painter_draws_every_picture_of_a_session(monkeypatch, fresh_previews):
    made = []

    class Fake:
        def __init__(self):
            made.append(self)

        def png(self, figure):
            return b"\x89PNG fake"

    monkeypatch.setattr(previews, "Painter", Fake)
    assert previews.png_picture(figure()) == previews.png_picture(figure()) is not None
    assert len(made) == 1


def test_enable_twice_registers_the_renderer_once(monkeypatch, fresh_previews):
    monkeypatch.setattr(previews, "image_browser", lambda: "/usr/bin/chromium")
    previews.enable()
    renderer = pio.renderers[previews.RENDERER]
    previews.enable()
    assert pio.renderers[previews.RENDERER] is renderer
    assert pio.renderers.default == previews.RENDERER


def test_a_browser_that_fails_to_close_at_exit_says_nothing(capfd):
    class Kaleido:
        def close(self):
            return None

    def broken_wait(work):
        raise TimeoutError("the browser did not answer")

    painter = previews.Painter.__new__(previews.Painter)  # without starting a browser
    painter.kaleido = Kaleido()
    painter._wait = broken_wait
    painter.close()
    assert capfd.readouterr() == ("", "")


def cells_shown(shell, source: str):
    """The display outputs of running ``source`` as a cell of ``shell`` (and its error)."""
    from IPython.utils.capture import capture_output

    with capture_output() as captured:
        result = shell.run_cell(source)
    error = result.error_in_exec or ("Traceback" in captured.stdout and captured.stdout)
    return [output.data for output in captured.outputs], error or None


@pytest.fixture
def shell():
    """An IPython shell to run cells in, cleared after the test (none is left for others)."""
    from IPython.core.interactiveshell import InteractiveShell

    yield InteractiveShell.instance()
    InteractiveShell.clear_instance()


def test_charts_show_without_nbformat_as_in_jupyterlite(monkeypatch, fresh_previews, shell):
    # Python in the browser cannot import nbformat, which plotly asks for before showing a chart.
    import pandas as pd
    import plotly.io._renderers as plotly_renderers

    import cardlab

    monkeypatch.setattr(plotly_renderers, "nbformat", None)
    pio.renderers.default = "plotly_mimetype"
    table = cardlab.simulate(
        cardlab.game("mod-ten", players=2), ["random", "greedy"], games=20, progress=False
    )
    shell.user_ns.update(cardlab=cardlab, go=go, table=table, pd=pd)
    chart = "cardlab.charts.win_rate_bars(table)"
    shown, error = cells_shown(shell, chart)
    assert "requires nbformat" in str(error)  # plotly's own way, as it fails in the browser

    previews.enable_without_nbformat()
    plain = 'go.Figure(go.Bar(x=["a", "b"], y=[1, 2]))'
    for cell in (chart, plain, f"{plain}.show()", f"display({plain})"):
        shown, error = cells_shown(shell, cell)
        assert error is None, cell
        assert len(shown) == 1 and list(shown[0]) == ["application/vnd.plotly.v1+json"], cell
        assert shown[0]["application/vnd.plotly.v1+json"]["data"][0]["type"] == "bar"
