"""The examples in the docstrings of the pure modules run, and pass
(test layer 1): every module of the engine, the bots, the store and learn."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import bots
import gouji.engine
import gouji.learn
import gouji.store

PACKAGES = (gouji.engine, gouji.store, gouji.learn, bots)
MODULES = sorted(f"{pkg.__name__}.{info.name}" for pkg in PACKAGES for info in pkgutil.iter_modules(pkg.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_pass(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_examples_are_really_run():
    attempted = sum(doctest.testmod(importlib.import_module(name)).attempted for name in MODULES)
    assert attempted >= 15
