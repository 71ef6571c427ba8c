"""The layering contract (tools/check_layers.py, run by `make lint`): it holds for the package,
and it catches what it is there to catch, in a small package written by the test."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from repository import tool

checker = tool("check_layers")

CONTRACT = """
[tool.cardlab.layers]
layers = ["cardlab.low", "cardlab.middle | cardlab.side", "cardlab.high", "cardlab"]
hooks = ["cardlab.low Thing.picture cardlab.high"]
"""


def package(tmp_path: Path, modules: dict[str, str]) -> Path:
    """A package ``cardlab`` under ``tmp_path`` with the contract above and ``modules``."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "pyproject.toml").write_text(CONTRACT)
    (tmp_path / "cardlab").mkdir()
    (tmp_path / "cardlab" / "__init__.py").write_text('__version__ = "1"\n')
    base = {
        "low": "class Thing:\n    def picture(self):\n        from cardlab.high import draw\n",
        "middle": "",
        "side": "",
        "high": "def draw():\n    pass\n",
    }
    for name, text in {**base, **modules}.items():
        (tmp_path / "cardlab" / f"{name}.py").write_text(textwrap.dedent(text))
    return tmp_path


def test_the_package_keeps_its_layering_contract():
    assert checker.problems() == []


def test_a_contract_that_holds_says_nothing(tmp_path):
    root = package(tmp_path, {"middle": "from cardlab import __version__\nimport cardlab.low\n"})
    assert checker.problems(root) == []


@pytest.mark.parametrize(
    ("modules", "words"),
    [
        ({"low": "def f():\n    import cardlab.middle\n"}, "cardlab.low (layer 0) imports"),
        ({"middle": "from cardlab.high import draw\n"}, "an upward import"),
        (
            {
                "middle": "import cardlab.side\n",
                "side": "def f():\n    from cardlab import middle\n",
            },
            "these modules import each other: cardlab.middle, cardlab.side",
        ),
        ({"high": "from cardlab.low import _secret\n"}, "imports the private name _secret"),
        ({"high": "from cardlab import low\nlow._secret()\n"}, "reads the private name _secret"),
        ({"extra": ""}, "cardlab.extra is in no layer"),
        (
            {"low": "class Thing:\n    pass\n"},
            "the hook cardlab.low Thing.picture cardlab.high is unused",
        ),
        (
            {"low": "import typing\nif typing.TYPE_CHECKING:\n    import cardlab.side\n"},
            "imports cardlab.side (layer 1) at module level",
        ),
    ],
)
def test_what_breaks_the_contract_is_named(tmp_path, modules, words):
    found = checker.problems(package(tmp_path, modules))
    assert any(words in problem for problem in found), found


def test_a_hook_reaches_up_only_from_its_own_function(tmp_path):
    hooked = "class Thing:\n    def picture(self):\n        from cardlab.high import draw\n"
    elsewhere = hooked + "\ndef other():\n    from cardlab.high import draw\n"
    assert checker.problems(package(tmp_path, {"low": hooked})) == []
    found = checker.problems(package(tmp_path / "again", {"low": elsewhere}))
    assert found == [
        "cardlab.low (layer 0) imports cardlab.high (layer 2) in other, line 6: an upward import"
    ]
