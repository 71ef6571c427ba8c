"""The examples in the package's docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardlab

MODULES = sorted(info.name for info in pkgutil.walk_packages(cardlab.__path__, prefix="cardlab."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(
        module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_every_public_name_has_a_docstring():
    missing = []
    for name in MODULES:
        module = importlib.import_module(name)
        if not module.__doc__:
            missing.append(name)
        for attribute, value in vars(module).items():
            if attribute.startswith("_") or getattr(value, "__module__", None) != name:
                continue
            if callable(value) and not value.__doc__:
                missing.append(f"{name}.{attribute}")
    assert not missing, f"public names without a docstring: {missing}"
