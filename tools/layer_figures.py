"""The figures of issue 18 ("every layer in its room"), for a checkout of cardlab: how the
package's modules depend on each other, its longest functions, what a new game costs and how
big the explorer's parts are. It reads the source only (with :mod:`ast`), so it runs on any
checkout, old or new, from this one:

    .venv/bin/python tools/layer_figures.py                 # this checkout
    .venv/bin/python tools/layer_figures.py /tmp/before     # another one (git worktree add)

It prints:

1. **pairs of modules that import each other** (directly, each importing the other, at module
   level or inside a function), and how many modules sit in loops of imports (longer rounds);
2. **private-name imports across modules**: ``from cardlab.x import _name`` or ``x._name``;
3. the **10 longest functions** (``def`` to last line, docstring included);
4. the **lines a new game needs**: the toy game's classes in ``tests/test_toy_game.py`` (from
   the first ``DECK``/class line to its registry entry) and the example of
   ``docs/adding-a-game.md`` (its Python blocks), where they exist;
5. the **explorer's size by part**: the lines of each module under ``cardlab/widgets/`` that
   makes the explorer, and of the ``Explorer`` class itself.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from check_layers import module_files, resolved
from check_lengths import longest, package_functions

EXPLORER_PARTS = (
    "explorer.py",
    "explorer_names.py",
    "table.py",
    "timeline.py",
    "screen.py",
    "controls.py",
    "drawing.py",
    "background.py",
    "hinting.py",
    "hint.py",
    "thinking.py",
    "solving.py",
    "solution.py",
    "bots.py",
    "boxes.py",
    "replays.py",
    "seeds.py",
)
"""The modules of cardlab/widgets/ that make the explorer (those a checkout lacks are left out)."""


def scoped(tree: ast.AST, scope: tuple[str, ...] = ()) -> Iterator[tuple[ast.AST, str]]:
    """Every node under ``tree`` with the qualified name of the function (or class) it sits
    in, "" at module level."""
    for node in ast.iter_child_nodes(tree):
        yield node, ".".join(scope)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield from scoped(node, (*scope, node.name))
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:  # a type-only import: marked as such
                yield child, TYPE_ONLY
                yield from scoped(child, (TYPE_ONLY,))
        else:
            yield from scoped(node, scope)


TYPE_ONLY = "TYPE_CHECKING"
"""The place of an import made under ``if TYPE_CHECKING:`` (for type hints only)."""


def imports(module: str, known: dict[str, Path]) -> Iterator[tuple[str, tuple[str, ...], str]]:
    """(module imported, names taken, function it is in or "") for every import statement
    of ``module``, anywhere."""
    path = known[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node, function in scoped(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if (found := resolved(alias.name, known)) and found != module:
                    yield found, (), function
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                source = f"{base}.{source}" if source else base
            for alias in node.names:
                whole = f"{source}.{alias.name}"
                if whole in known and whole != module:
                    yield whole, (), function
                elif (found := resolved(source, known)) and found != module:
                    yield found, (alias.name,), function


def private(name: str) -> bool:
    """One leading underscore, not a dunder."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def contract(root: Path) -> dict[str, list[str]]:
    """The layering contract (``[tool.cardlab.layers]``) of the checkout at ``root``, or this
    checkout's when that one has none written down."""
    for where in (root, Path(__file__).resolve().parent.parent):
        with open(where / "pyproject.toml", "rb") as file:
            found = tomllib.load(file).get("tool", {}).get("cardlab", {}).get("layers")
        if found and found.get("hooks"):
            return found  # type: ignore[no-any-return]
    return {}


def hooks(root: Path) -> set[tuple[str, str, str]]:
    """The documented hooks (importer, function, imported) of the checkout's contract."""
    return {tuple(entry.split()) for entry in contract(root).get("hooks", [])}  # type: ignore[misc]


def module_sizes(root: Path) -> list[tuple[int, str]]:
    """(lines, path) of every module of the package, the largest first."""
    sizes = [
        (len(path.read_text(encoding="utf-8").splitlines()), str(path.relative_to(root)))
        for path in module_files(root).values()
    ]
    return sorted(sizes, reverse=True)


def folders(root: Path) -> dict[str, int]:
    """The package's folders, each with the number of modules directly in it."""
    counts: dict[str, int] = {}
    for path in module_files(root).values():
        folder = str(path.parent.relative_to(root))
        counts[folder] = counts.get(folder, 0) + 1
    return dict(sorted(counts.items()))


def dependency_figures(
    root: Path, skip_hooks: bool = False
) -> tuple[list[tuple[str, str]], int, list[str]]:
    """The pairs that import each other, the modules in import loops, the private imports;
    with ``skip_hooks``, leaving out the imports made inside the documented hooks."""
    known = module_files(root)
    allowed = hooks(root) if skip_hooks else set()
    graph: dict[str, set[str]] = {name: set() for name in known}
    privates = []
    for module in known:
        for imported, names, function in imports(module, known):
            type_hook = function == TYPE_ONLY and any(
                (hook[0], hook[2]) == (module, imported) for hook in allowed
            )
            if (module, function, imported) not in allowed and not type_hook:
                graph[module].add(imported)
            privates += [f"{module} <- {imported}.{n}" for n in names if private(n)]
        privates += private_reads(module, known)
    pairs = sorted({tuple(sorted((a, b))) for a in graph for b in graph[a] if a in graph[b]})
    return [(a, b) for a, b in pairs], len(in_loops(graph)), sorted(set(privates))


def private_reads(module: str, known: dict[str, Path]) -> list[str]:
    """``x._name`` where ``x`` is another package module imported by ``module``."""
    tree = ast.parse(known[module].read_text(encoding="utf-8"))
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    aliases[alias.asname or alias.name.split(".")[0]] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                if f"{node.module}.{alias.name}" in known:
                    aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return [
        f"{module} <- {aliases[node.value.id]}.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in aliases
        and aliases[node.value.id] != module
        and private(node.attr)
    ]


def in_loops(graph: dict[str, set[str]]) -> set[str]:
    """The modules that can reach themselves through imports."""
    looped = set()
    for start in graph:
        seen, todo = set(), list(graph[start])
        while todo:
            node = todo.pop()
            if node == start:
                looped.add(start)
                break
            if node not in seen:
                seen.add(node)
                todo += graph.get(node, ())
    return looped


def code_lines(text: str) -> int:
    """Lines that are neither blank nor comments."""
    return sum(1 for line in text.splitlines() if line.strip() and not line.strip().startswith("#"))


def new_game_lines(root: Path) -> list[str]:
    """The lines of the toy game of the tests and of the docs' example, where they exist."""
    said = []
    toy = root / "tests" / "test_toy_game.py"
    if toy.exists():
        text = toy.read_text(encoding="utf-8")
        start = text.index("DECK = ")
        end = text.index("\n", text.index("ENTRY = "))
        game = text[start:end]
        said.append(
            f"toy game (tests/test_toy_game.py, DECK to ENTRY): {len(game.splitlines())} "
            f"lines, {code_lines(game)} of code"
        )
    else:
        said.append("toy game: none (no tests/test_toy_game.py)")
    docs = root / "docs" / "adding-a-game.md"
    if docs.exists():
        blocks = re.findall(r"```python\n(.*?)```", docs.read_text(encoding="utf-8"), re.S)
        lines = sum(len(block.splitlines()) for block in blocks)
        said.append(f"docs/adding-a-game.md: {len(blocks)} Python blocks, {lines} lines")
    return said


def explorer_sizes(root: Path) -> list[tuple[str, int]]:
    """Lines per module of the explorer, and of the Explorer class (the flat layout's
    :data:`EXPLORER_PARTS`, or every module of ``cardlab/widgets/explorer/`` and the shared
    widget modules it uses)."""
    folder = root / "cardlab" / "widgets"
    if (folder / "explorer").is_dir():
        parts = sorted((folder / "explorer").glob("*.py")) + [
            folder / "background.py",
            folder / "boxes.py",
        ]
        sizes = [
            (str(part.relative_to(folder)), len(part.read_text(encoding="utf-8").splitlines()))
            for part in parts
        ]
        return sizes + explorer_class_size(folder / "explorer" / "widget.py")
    sizes = [
        (name, len((folder / name).read_text(encoding="utf-8").splitlines()))
        for name in EXPLORER_PARTS
        if (folder / name).exists()
    ]
    return sizes + explorer_class_size(folder / "explorer.py")


def explorer_class_size(path: Path) -> list[tuple[str, int]]:
    """The lines and methods of the ``Explorer`` class in ``path``."""
    sizes = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "Explorer":
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            methods = sum(isinstance(n, ast.FunctionDef) for n in node.body)
            sizes.append((f"class Explorer ({methods} methods)", lines))
    return sizes


def main(argv: list[str]) -> int:
    """Print the figures for the checkout named in ``argv`` (default: this one)."""
    root = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent
    pairs, looped, privates = dependency_figures(root)
    print(f"checkout: {root}")
    print(f"1. pairs of modules that import each other: {len(pairs)}; in import loops: {looped}")
    for a, b in pairs:
        print(f"     {a} <-> {b}")
    pairs, looped, _ = dependency_figures(root, skip_hooks=True)
    print(
        f"   the same, the documented hooks (render, record, play_out, match) aside: {len(pairs)}"
    )
    for a, b in pairs:
        print(f"     {a} <-> {b}")
    print(f"2. private-name imports across modules: {len(privates)}")
    for item in privates:
        print(f"     {item}")
    print("3. the 10 longest functions:")
    for function in longest(package_functions(root), 10):
        print(f"     {function.lines:4d}  {function.path}:{function.line} {function.name}")
    print("4. lines a new game needs:")
    for line in new_game_lines(root):
        print(f"     {line}")
    print("5. the explorer's size by part (lines):")
    sizes = explorer_sizes(root)
    for name, lines in sizes:
        print(f"     {lines:5d}  {name}")
    modules_total = sum(lines for name, lines in sizes if name.endswith(".py"))
    print(f"     {modules_total:5d}  all those modules")
    layout_figures(root)
    return 0


def layout_figures(root: Path) -> None:
    """Print the folders, the layers of the contract, the imports that run back up (the
    hooks) and the largest modules."""
    sizes = module_sizes(root)
    places = folders(root)
    print(f"6. modules: {len(sizes)} in {len(places)} folders")
    for folder, count in places.items():
        print(f"     {count:3d}  {folder}/")
    written = contract(root)
    print(
        f"7. layers in the contract: {len(written.get('layers', []))}; imports that run back up "
        f"(the documented hooks): {len(written.get('hooks', []))}"
    )
    print("8. the 8 largest modules (lines), and how many are over 800:")
    for lines, path in sizes[:8]:
        print(f"     {lines:5d}  {path}")
    print(f"     over 800 lines: {sum(1 for lines, _ in sizes if lines > 800)}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
