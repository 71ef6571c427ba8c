"""A griffe extension (see mkdocs.yml) that turns the reST habits of cardlab's docstrings into
the Markdown that mkdocstrings renders, without touching the sources:

- doctest examples (``>>>`` lines and their output) become ``pycon`` code blocks, so their
  brackets are not read as Markdown links;
- Sphinx roles such as ``:class:`Game``` or ``:meth:`~cardlab.engine.core.Game.playout``` become
code
  that links to the name's entry in the reference when the name resolves, and plain code when
  it does not (a private helper, say), so a renamed name never breaks the build;
- a line ending in ``::`` before an indented block ends in ``:`` (the block stays code).
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|meth|func|mod|attr|exc|data|obj|const):`([^`]+)`")
"""A Sphinx cross-reference role; group 1 is its content: ``name``, ``~name`` or ``title
<name>``."""
TITLED = re.compile(r"^(?P<title>.+?)\s*<(?P<target>[^>]+)>$")


def resolve(obj: griffe.Object, target: str) -> str | None:
    """The full path of ``target`` as written in ``obj``'s docstring, or None when it does
    not name anything griffe knows."""
    target = target.strip().rstrip("()")
    first, _, rest = target.partition(".")
    try:
        path = obj.resolve(first)
    except (griffe.NameResolutionError, ValueError):
        return target if first == "cardlab" else None
    return f"{path}.{rest}" if rest else path


def role_to_markdown(match: re.Match[str], obj: griffe.Object) -> str:
    """One role as code, linked (optionally: autorefs leaves it unlinked, with no warning,
    if the target has no entry)."""
    content = match.group(1)
    titled = TITLED.match(content)
    if titled:
        shown, target = titled.group("title"), titled.group("target")
    elif content.startswith("~"):
        target = content[1:]
        shown = target.rsplit(".", 1)[-1]
    else:
        shown = target = content
    code = f"<code>{html.escape(shown)}</code>"
    identifier = resolve(obj, target)
    if identifier is None:
        return code
    return f'<autoref identifier="{html.escape(identifier)}" optional>{code}</autoref>'


def fence_doctests(text: str) -> str:
    """Wrap each run of doctest lines (from ``>>>`` to the next blank line) in a ``pycon``
    code block, leaving existing fenced blocks alone."""
    lines = text.splitlines()
    out: list[str] = []
    index = 0
    in_fence = False
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if stripped.startswith("```"):
            in_fence = not in_fence
        if in_fence or not stripped.startswith(">>>"):
            out.append(line)
            index += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        out.append(f"{indent}```pycon")
        while index < len(lines) and lines[index].strip():
            out.append(lines[index])
            index += 1
        out.append(f"{indent}```")
    return "\n".join(out)


def literal_block_colons(text: str) -> str:
    """``Examples::`` before an indented block reads ``Examples:`` (the block stays code)."""
    return re.sub(r"(?m)(\S)::$", r"\1:", text)


def to_markdown(text: str, obj: griffe.Object) -> str:
    """A cardlab docstring as Markdown (see the module docstring)."""
    text = fence_doctests(text)
    text = literal_block_colons(text)
    return ROLE.sub(lambda match: role_to_markdown(match, obj), text)


class MarkdownDocstrings(griffe.Extension):
    """Rewrites every docstring once the package is loaded (names then resolve)."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Rewrite the docstrings of ``pkg`` and of everything in it."""
        pending: list[griffe.Object | griffe.Alias] = [pkg]
        while pending:
            obj = pending.pop()
            if isinstance(obj, griffe.Alias):
                continue
            if obj.docstring is not None:
                obj.docstring.value = to_markdown(obj.docstring.value, obj)
            pending.extend(obj.members.values())
