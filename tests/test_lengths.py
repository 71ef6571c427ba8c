"""The function-length check (tools/check_lengths.py, run by `make lint`): it holds for the
package, and it names a function that has grown past 60 lines, in a package the test writes."""

from __future__ import annotations

import textwrap
from pathlib import Path

from repository import tool

checker = tool("check_lengths")


def function(name: str, body_lines: int, indent: str = "") -> str:
    """The text of a function ``name`` of ``body_lines`` lines after its ``def``."""
    body = "".join(f"{indent}    x{n} = {n}\n" for n in range(body_lines))
    return f"{indent}def {name}():\n{body}"


def package(tmp_path: Path, text: str) -> Path:
    """A package ``cardlab`` under ``tmp_path`` whose one module holds ``text``."""
    (tmp_path / "cardlab").mkdir(parents=True)
    (tmp_path / "cardlab" / "__init__.py").write_text("")
    (tmp_path / "cardlab" / "module.py").write_text(textwrap.dedent(text))
    return tmp_path


def test_no_function_of_the_package_is_over_60_lines():
    assert checker.too_long() == []


def test_a_function_of_60_lines_passes_and_one_of_61_is_named(tmp_path):
    root = package(tmp_path, function("just_right", 59) + function("too_long", 60))
    found = checker.too_long(root)
    assert [(f.name, f.lines, f.path) for f in found] == [("too_long", 61, "cardlab/module.py")]
    assert str(found[0]) == f"cardlab/module.py:{61}: too_long is 61 lines long"


def test_methods_and_nested_functions_are_named_with_what_holds_them(tmp_path):
    text = "class Widget:\n" + function("draw", 70, indent="    ")
    text += "def outer():\n" + function("inner", 65, indent="    ")
    names = [f.name for f in checker.too_long(package(tmp_path, text))]
    assert names == ["Widget.draw", "outer", "outer.inner"]  # longest first


def test_the_command_fails_and_prints_the_name(tmp_path, capsys):
    root = package(tmp_path, function("sprawling", 80) + function("short", 3))
    assert checker.main([], root) == 1
    assert "sprawling is 81 lines long" in capsys.readouterr().out
    assert checker.main(["--top", "2"], root) == 0
    assert capsys.readouterr().out.splitlines() == [
        "cardlab/module.py:1: sprawling is 81 lines long",
        "cardlab/module.py:82: short is 4 lines long",
    ]
