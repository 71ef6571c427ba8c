"""No function of the cardlab package is longer than 60 lines (``make lint`` runs this check).

    .venv/bin/python tools/check_lengths.py          # silent and exit 0 when none is
    .venv/bin/python tools/check_lengths.py --top 10 # the ten longest, longest first

A function's length is its lines from ``def`` to its last line, its docstring included and
its decorators not: what a reader scrolls through. Methods are named with their class
(``Explorer.go_to``), nested functions with the function around them (``outer.inner``); a
nested function counts in its own length and in the one around it. Short functions are how
the package stays readable by teachers and students (CONTRIBUTING.md); a function that has
grown past the limit is split, not allowed.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "cardlab"
LIMIT = 60
"""The most lines a function may have."""


@dataclass(frozen=True)
class Function:
    """One function of the package and its length."""

    path: str
    """Its file, relative to the repository (``cardlab/engine/core.py``)."""
    line: int
    """The line of its ``def``."""
    name: str
    """Its qualified name (``State.play``)."""
    lines: int
    """Its length in lines, ``def`` to its last line."""

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.name} is {self.lines} lines long"


def functions_in(tree: ast.AST, path: str, scope: tuple[str, ...] = ()) -> Iterator[Function]:
    """Every function under ``tree`` (a parsed module, class or function), with its length."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            name = ".".join((*scope, node.name))
            end = node.end_lineno or node.lineno
            yield Function(path, node.lineno, name, end - node.lineno + 1)
            yield from functions_in(node, path, (*scope, node.name))
        elif isinstance(node, ast.ClassDef):
            yield from functions_in(node, path, (*scope, node.name))
        else:
            yield from functions_in(node, path, scope)


def package_functions(root: Path = ROOT) -> list[Function]:
    """Every function of every module of the package under ``root``."""
    found: list[Function] = []
    for file in sorted((root / PACKAGE).rglob("*.py")):
        tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
        found += functions_in(tree, file.relative_to(root).as_posix())
    return found


def too_long(root: Path = ROOT, limit: int = LIMIT) -> list[Function]:
    """The functions of the package longer than ``limit`` lines, longest first."""
    return longest([f for f in package_functions(root) if f.lines > limit])


def longest(functions: list[Function], count: int | None = None) -> list[Function]:
    """``functions`` longest first (ties by place), the first ``count`` of them (None: all)."""
    ordered = sorted(functions, key=lambda f: (-f.lines, f.path, f.line))
    return ordered if count is None else ordered[:count]


def main(argv: list[str] | None = None, root: Path = ROOT) -> int:
    """Print every function over the limit (exit 1 if any), or with ``--top N`` the N longest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, help="print the N longest functions and exit 0")
    args = parser.parse_args(argv)
    if args.top is not None:
        for function in longest(package_functions(root), args.top):
            print(function)
        return 0
    found = too_long(root)
    for function in found:
        print(f"{function} (at most {LIMIT}: split it)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
