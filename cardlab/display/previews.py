"""Static pictures of charts beside the interactive ones, so that a saved lesson reads where no
kernel runs (GitHub, a documentation site).

Those sites show a notebook's stored outputs without running it, and draw neither plotly's
interactive charts nor widgets. After :func:`enable`, every plotly figure a notebook shows
carries a PNG picture of itself in the same output: JupyterLab and Voila show the interactive
chart, a site that cannot shows the picture. (nbval does not compare PNG outputs, so a
picture drawn slightly differently on another machine fails no test.)

The picture is drawn by kaleido, which drives a Chrome or Chromium browser installed on the
machine. kaleido looks for a browser that it downloaded itself, then for the path in the
``BROWSER_PATH`` environment variable, then for ``chrome``, ``chromium`` and their cousins on
the ``PATH`` and in the usual places (``/usr/bin/chromium`` for Debian's package). The browser
starts with the first picture (a few seconds) and draws the others (a fraction of a second
each). Where
kaleido or a browser is missing (on mybinder.org, in JupyterLite), or a picture cannot be
drawn, the chart is shown alone, and nothing is printed: no warning, no error.

For the explorer, a lesson shows the position as a picture (the state's HTML) above the widget.
"""

from __future__ import annotations

import asyncio
import atexit
import base64
import importlib.util
import os
import threading
import warnings
from collections.abc import Coroutine
from typing import Any

import plotly.io as pio
from plotly.io.base_renderers import ExternalRenderer, MimetypeRenderer, PlotlyRenderer

RENDERER = "cardlab_previews"
"""The name of the plotly renderer :func:`enable` registers and makes the default."""
IN_PAGE = "cardlab_in_page"
"""The name of the plotly renderer :func:`enable_without_nbformat` registers."""


def image_browser() -> str | None:
    """The browser kaleido would draw pictures with, or None when kaleido is not installed or
    finds no browser."""
    if importlib.util.find_spec("kaleido") is None:
        return None
    try:
        from choreographer.browsers.chromium import Chromium

        path = Chromium.find_browser(skip_local=False)
    except Exception:  # any failure to look means no picture, never an error in a lesson
        return None
    # BROWSER_PATH is taken as it is: check that it names a program.
    if not path or not os.access(path, os.X_OK) or os.path.isdir(path):
        return None
    return str(path)


SECONDS = 60
"""The longest a picture (or the browser's start) may take before previews give up."""


class Painter:
    """One kaleido browser, kept open in a thread of its own, that draws PNG pictures of
    figures on request. Every wait has a time limit, and every failure is an exception raised
    to the caller, so a broken browser can neither hang a lesson nor print into it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.kaleido = self._wait(self._open())
        atexit.register(self.close)

    async def _open(self) -> Any:
        import kaleido  # type: ignore[import-untyped]  # kaleido ships no types

        browser = kaleido.Kaleido(mathjax=False)  # no formulas here: no MathJax from the web
        await browser.open()
        return browser

    def _wait(self, work: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout=SECONDS)

    def png(self, figure: dict[str, Any]) -> bytes:
        """A PNG picture of a plotly figure given as a dict."""
        image: bytes = self._wait(self.kaleido.calc_fig(figure, opts={"format": "png"}))
        return image

    def close(self) -> None:
        """Close the browser (done at exit); a failure to close is ignored."""
        try:
            self._wait(self.kaleido.close())
        except Exception:
            pass


_state: dict[str, Any] = {"painter": None, "failed": False}


def png_picture(figure: dict[str, Any]) -> str | None:
    """A PNG picture of a plotly figure given as a dict, base64-encoded as notebooks store
    images; None when it cannot be drawn here (and, after one failure, for the rest of the
    session: a lesson must not wait for a broken browser on every chart)."""
    if _state["failed"]:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a lesson shows no library warnings
            if _state["painter"] is None:
                _state["painter"] = Painter()
            image = _state["painter"].png(figure)
    except Exception:
        _state["failed"] = True
        return None
    return base64.b64encode(image).decode("ascii")


class PreviewRenderer(MimetypeRenderer):  # type: ignore[misc]  # plotly ships no types
    """plotly's interactive chart, with a PNG picture of it in the same output."""

    def to_mimebundle(self, fig_dict: dict[str, Any]) -> dict[str, Any]:
        """The interactive chart's data, and its picture when one can be drawn."""
        bundle: dict[str, Any] = PlotlyRenderer().to_mimebundle(fig_dict)
        picture = png_picture(fig_dict)
        if picture is not None:
            bundle["image/png"] = picture
        return bundle


def enable() -> None:
    """Show every plotly figure from now on with a PNG picture beside it, where a picture can
    be drawn (see the module's notes); elsewhere do nothing, and say nothing, so that a lesson
    shows the same outputs everywhere (:func:`image_browser` tells which case this is)."""
    if image_browser() is None:
        return
    if RENDERER not in pio.renderers:
        pio.renderers[RENDERER] = PreviewRenderer()
    pio.renderers.default = RENDERER


class InPageRenderer(ExternalRenderer):  # type: ignore[misc]  # plotly ships no types
    """plotly's interactive chart, sent to the notebook by IPython's ``display``: the output
    plotly's own renderer makes, without the nbformat import that plotly asks for first."""

    def render(self, fig_dict: dict[str, Any]) -> None:
        """Show the chart of ``fig_dict`` in the output of the running cell."""
        from IPython.display import display

        display(PlotlyRenderer().to_mimebundle(fig_dict), raw=True)  # type: ignore[no-untyped-call]


def enable_without_nbformat() -> None:
    """Show every plotly figure from now on (left last in a cell, ``display(figure)``,
    ``figure.show()``) without nbformat, which plotly asks for before it shows a chart and
    which Python in the browser (JupyterLite) cannot import (its jsonschema needs compiled
    packages). The chart is the same: plotly's JSON, drawn by plotly's front end. The
    JupyterLite site's setup cell calls this."""
    if IN_PAGE not in pio.renderers:
        pio.renderers[IN_PAGE] = InPageRenderer()
    pio.renderers.default = IN_PAGE
