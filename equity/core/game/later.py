"""A face's names whose modules a command may never run, imported on first use (PEP 562),
so a revoke ruling without a claim does not pay for the claim modules' import."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["later", "parse_later"]


def later(face: str, modules: Mapping[str, Sequence[str]]) -> Callable[[str], object]:
    """The module ``__getattr__`` of the package ``face``: the first name asked for of a
    module of ``modules`` imports that module and keeps all its listed names in the face;
    any other name is an :class:`AttributeError`, as without it. A name that is also a
    module's of the package (``screen`` beside an ``adjust/screen.py``) cannot be offered
    so: importing that module by its own path sets the name to the module
    (tests/test_faces.py)."""
    home = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> object:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {face!r} has no attribute {name!r}")
        loaded = importlib.import_module(module)
        for each in modules[module]:
            setattr(sys.modules[face], each, getattr(loaded, each))
        return getattr(loaded, name)

    return __getattr__


def parse_later(module: str, kind: str) -> Callable[[str], Any]:
    """``kind.parse`` of ``module`` (a face or a module), imported at the first call: the
    parser of a fact or an option declared beside the others, whose type a command never
    given it never imports (a ruling without a claim imports no claim type)."""
    return lambda text: getattr(importlib.import_module(module), kind).parse(text)
