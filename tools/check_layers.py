"""The layering contract of the cardlab package, checked (``make lint`` runs it).

    .venv/bin/python tools/check_layers.py          # silent and exit 0 when the contract holds

The contract is written in pyproject.toml, ``[tool.cardlab.layers]``: the layers of the
design notes (lowest first) and the few documented hooks that may reach up. This script reads
every module of the package with :mod:`ast` and collects every import statement in it: at
module level, inside functions and methods, and under ``if TYPE_CHECKING:`` alike (an import
inside a function is a dependency all the same; it only runs later). It then refuses:

1. an **upward import**: a module importing a module of a higher layer, unless that import is
   one of the contract's hooks (a method that hands its work up, such as ``_repr_html_`` to
   :mod:`cardlab.display.render`, or ``State.record`` to :mod:`cardlab.play.records`), and it sits
   inside that very function (or under ``TYPE_CHECKING``, when the hook lists its return type);
2. **modules that import each other**, directly or round a longer loop (the hooks aside);
3. a **private name of another module**: ``from cardlab.x import _name``, or ``x._name`` on a
   module imported as ``x`` (dunder names such as ``__version__`` are public);
4. a hook that no longer imports anything (the list of hooks stays the list of what reaches up).

Modules are put in the layer of the longest entry that names them or a package above them
(``cardlab.games`` holds ``cardlab.games.mod_ten``; ``cardlab`` names the root's __init__
only). A module that no layer names is refused too, so that a new module is placed on purpose.
Imports made by name at run time (``importlib.import_module``, the game registry) are not
statements and are not seen.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "cardlab"


@dataclass(frozen=True)
class Import:
    """One import statement's dependency: who imports what, where, and which names."""

    importer: str
    """The importing module (``cardlab.engine.core``)."""
    imported: str
    """The module imported (``cardlab.play.records``)."""
    line: int
    """Its line in the importer."""
    function: str | None
    """The qualified name of the function it sits in (``State.record``), None at module level."""
    type_checking: bool
    """True under ``if TYPE_CHECKING:``."""
    names: tuple[str, ...]
    """The names taken from the module (``from m import a, b``), or () for ``import m``."""


@dataclass(frozen=True)
class Hook:
    """An upward import the contract allows: inside ``function`` of ``importer``."""

    importer: str
    function: str
    imported: str


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package: dotted name -> file."""
    found = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def resolved(name: str, modules: dict[str, Path]) -> str | None:
    """The package module ``name`` is, or is inside (``cardlab.x.y`` -> ``cardlab.x``)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


class _Collector(ast.NodeVisitor):
    """The imports of one module, and the private names it reads off imported modules."""

    def __init__(self, module: str, modules: dict[str, Path]) -> None:
        self.module = module
        self.modules = modules
        self.scope: list[str] = []
        self.function_depth = 0
        self.type_checking = 0
        self.imports: list[Import] = []
        self.aliases: dict[str, str] = {}  # a local name bound to a package module
        self.private_reads: list[tuple[int, str, str]] = []  # line, module, name

    def _scoped(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        is_function = not isinstance(node, ast.ClassDef)
        self.scope.append(node.name)
        self.function_depth += is_function
        self.generic_visit(node)
        self.function_depth -= is_function
        self.scope.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _scoped

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        guarded = (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
        )
        self.type_checking += guarded
        for child in node.body:
            self.visit(child)
        self.type_checking -= guarded
        for child in node.orelse:
            self.visit(child)

    def _add(self, line: int, target: str, names: tuple[str, ...]) -> None:
        imported = resolved(target, self.modules)
        if imported is None or imported == self.module:
            return
        function = ".".join(self.scope) if self.function_depth else None
        self.imports.append(
            Import(self.module, imported, line, function, self.type_checking > 0, names)
        )

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.name == PACKAGE or alias.name.startswith(PACKAGE + "."):
                self._add(node.lineno, alias.name, ())
                if alias.asname:
                    self.aliases[alias.asname] = alias.name

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        source = node.module or ""
        if node.level:  # a relative import: from the importer's package, level - 1 up
            path = self.modules[self.module]
            package = self.module if path.name == "__init__.py" else self.module.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            source = f"{package}.{source}" if source else package
        if source != PACKAGE and not source.startswith(PACKAGE + "."):
            return
        plain: list[str] = []
        for alias in node.names:
            submodule = f"{source}.{alias.name}"
            if submodule in self.modules:  # from cardlab import workers
                self._add(node.lineno, submodule, ())
                self.aliases[alias.asname or alias.name] = submodule
            elif not (source == PACKAGE and alias.name.startswith("__")):
                plain.append(alias.name)  # (the root's dunders, __version__, are everyone's)
        if plain:
            self._add(node.lineno, source, tuple(plain))

    def visit_Attribute(self, node: ast.Attribute) -> None:
        value = node.value
        if isinstance(value, ast.Name) and value.id in self.aliases and _private(node.attr):
            self.private_reads.append((node.lineno, self.aliases[value.id], node.attr))
        self.generic_visit(node)


def _private(name: str) -> bool:
    """A name another module may not take: one leading underscore, not a dunder."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def imports_of(
    module: str, modules: dict[str, Path], root: Path = ROOT
) -> tuple[list[Import], list[str]]:
    """Every import of ``module``, and its private-name problems as messages."""
    path = modules[module]
    collector = _Collector(module, modules)
    collector.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    where = path.relative_to(root)
    problems = [
        f"{where}:{line}: reads the private name {name} of {owner}"
        for line, owner, name in collector.private_reads
        if owner != module
    ]
    for found in collector.imports:
        for name in found.names:
            if _private(name):
                problems.append(
                    f"{where}:{found.line}: imports the private name {name} of {found.imported}"
                )
    return collector.imports, problems


def read_contract(root: Path = ROOT) -> tuple[list[list[str]], list[Hook]]:
    """The layers (lowest first; each a list of module names) and hooks of pyproject.toml."""
    with open(root / "pyproject.toml", "rb") as file:
        contract = tomllib.load(file)["tool"]["cardlab"]["layers"]
    layers = [[name.strip() for name in line.split("|")] for line in contract["layers"]]
    hooks = [Hook(*entry.split()) for entry in contract.get("hooks", [])]
    return layers, hooks


def layer_of(module: str, layers: list[list[str]]) -> int | None:
    """The index of the layer that holds ``module`` (the longest entry that names it)."""
    best: tuple[int, int] | None = None
    for index, names in enumerate(layers):
        for name in names:
            # (the root package's entry names its __init__ alone, not every module)
            if module == name or (name != PACKAGE and module.startswith(name + ".")):
                if best is None or len(name) > best[0]:
                    best = (len(name), index)
    return None if best is None else best[1]


def _is_hook(found: Import, hooks: list[Hook]) -> bool:
    """True when ``found`` is an allowed hook: in the hook's function, or a type-only import
    of the module a hook of the importer reaches."""
    for hook in hooks:
        if hook.importer != found.importer or hook.imported != found.imported:
            continue
        if found.function == hook.function or (found.type_checking and found.function is None):
            return True
    return False


def upward_imports(
    imports: list[Import], layers: list[list[str]], hooks: list[Hook]
) -> Iterator[str]:
    """A message for each import of a higher layer that is not a hook."""
    for found in imports:
        low, high = layer_of(found.importer, layers), layer_of(found.imported, layers)
        if low is None or high is None or high <= low or _is_hook(found, hooks):
            continue
        where = f"in {found.function}" if found.function else "at module level"
        yield (
            f"{found.importer} (layer {low}) imports {found.imported} (layer {high}) {where}, "
            f"line {found.line}: an upward import"
        )


def loops(imports: list[Import], hooks: list[Hook]) -> list[list[str]]:
    """The groups of modules that import each other (strongly connected, hooks aside)."""
    graph: dict[str, set[str]] = {}
    for found in imports:
        if not _is_hook(found, hooks):
            graph.setdefault(found.importer, set()).add(found.imported)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        for after in sorted(graph.get(node, ())):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def problems(root: Path = ROOT) -> list[str]:
    """Everything that breaks the contract, as messages (empty: it holds)."""
    modules = module_files(root)
    layers, hooks = read_contract(root)
    found: list[str] = []
    imports: list[Import] = []
    for module in modules:
        if layer_of(module, layers) is None:
            found.append(f"{module} is in no layer: add it to [tool.cardlab.layers] in pyproject")
        own, private = imports_of(module, modules, root)
        imports += own
        found += private
    found += upward_imports(imports, layers, hooks)
    for hook in hooks:
        if not any(
            (item.importer, item.function, item.imported)
            == (hook.importer, hook.function, hook.imported)
            for item in imports
        ):
            found.append(f"the hook {hook.importer} {hook.function} {hook.imported} is unused")
    found += [
        f"these modules import each other: {', '.join(group)}" for group in loops(imports, hooks)
    ]
    return found


def main() -> int:
    """Print every problem; exit 1 if there is any."""
    found = problems()
    for problem in found:
        print(problem)
    if found:
        print(f"check_layers: {len(found)} problem(s) with the layering contract", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
