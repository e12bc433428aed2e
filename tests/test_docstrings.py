"""Every cross-reference in the package's docstrings names something that exists.

A docstring that says ":func:`~equity.core.player.knowledge.draw_layouts`" or
":meth:`Knowledge.at`" sends the reader somewhere; after a move or a rename that place
may be gone. Each reference (``:mod:``, ``:class:``, ``:func:``, ``:meth:``, ``:attr:``,
``:data:``, ``:exc:``) is resolved as Sphinx would: a dotted path from ``equity``, a
path relative to the docstring's package (a leading dot), or a name in the docstring's
module — or, inside a class, the class's own.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.builders import ROOT

PACKAGE = ROOT / "equity"
ROLE = re.compile(r":(mod|class|func|meth|attr|data|exc):`([^`]+)`")
MISSING = object()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def docstrings(tree: ast.Module) -> Iterator[tuple[str | None, str]]:
    """(enclosing class or None, docstring) for the module, its classes and functions,
    and the string literal under an assignment (an attribute's or a constant's)."""
    def walk(body: list[ast.stmt], cls: str | None) -> Iterator[tuple[str | None, str]]:
        for node in body[1:] if _has_docstring(body) else body:
            if isinstance(node, ast.ClassDef):
                if (d := ast.get_docstring(node)) is not None:
                    yield node.name, d
                yield from walk(node.body, node.name)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if (d := ast.get_docstring(node)) is not None:
                    yield cls, d
            elif (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                  and isinstance(node.value.value, str)):
                yield cls, node.value.value
    if (d := ast.get_docstring(tree)) is not None:
        yield None, d
    yield from walk(tree.body, None)


def _has_docstring(body: list[ast.stmt]) -> bool:
    """Whether ``body`` starts with its owner's docstring (said once, not again as an
    attribute's)."""
    return bool(body) and isinstance(body[0], ast.Expr) and isinstance(
        body[0].value, ast.Constant) and isinstance(body[0].value.value, str)


def _instance_attributes(cls: type) -> set[str]:
    """The attributes a class's methods set on ``self`` (``self.done = ...``)."""
    try:
        tree = ast.parse(inspect.getsource(cls).strip())
    except (OSError, TypeError, SyntaxError):
        return set()
    return {t.attr for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AnnAssign))
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
            and t.value.id == "self"}


def _attr(obj: Any, name: str) -> Any:
    """``obj.name``, a field or slot included (a Struct's field is a member of its
    class)."""
    found = getattr(obj, name, MISSING)
    if found is not MISSING:
        return found
    if not isinstance(obj, type):
        return MISSING
    if name in getattr(obj, "__annotations__", {}) or name in _instance_attributes(obj):
        return name
    return MISSING


def _walk(obj: Any, parts: list[str]) -> bool:
    for part in parts:
        obj = _attr(obj, part)
        if obj is MISSING:
            return False
    return True


def resolves(target: str, module: ModuleType, cls: str | None) -> bool:
    """Whether ``target`` (a reference's text) names something, seen from ``module``
    (and from class ``cls`` when the docstring is inside one)."""
    t = target.strip().lstrip("~")
    if "<" in t:  # "text <target>"
        t = t[t.index("<") + 1:t.rindex(">")]
    t = t.removesuffix("()")
    if t.startswith("."):  # relative to the docstring's package
        package = module.__name__ if hasattr(module, "__path__") else \
            module.__name__.rsplit(".", 1)[0]
        t = f"{package}{t}"
    parts = t.split(".")
    if parts[0] == "equity":
        for k in range(len(parts), 0, -1):
            try:
                base = importlib.import_module(".".join(parts[:k]))
            except ImportError:
                continue
            return _walk(base, parts[k:])
        return False
    if cls is not None and _walk(getattr(module, cls), parts):
        return True
    return _walk(module, parts) or _walk(builtins, parts)


def references() -> list[tuple[str, str, str | None, str]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        for cls, doc in docstrings(ast.parse(path.read_text(encoding="utf-8"))):
            for role, target in ROLE.findall(doc):
                out.append((name, f":{role}:`{target}`", cls, target))
    return out


REFERENCES = references()


def test_the_package_s_docstrings_have_references_to_check() -> None:
    assert len(REFERENCES) > 300


@pytest.mark.parametrize("module", sorted({r[0] for r in REFERENCES}))
def test_every_docstring_reference_resolves(module: str) -> None:
    mod = importlib.import_module(module)
    broken = [ref for name, ref, cls, target in REFERENCES
              if name == module and not resolves(target, mod, cls)]
    assert broken == []


def test_a_reference_to_a_moved_module_is_caught() -> None:
    knowledge = importlib.import_module("equity.core.player.knowledge")
    assert resolves("~equity.core.reading.lead.lead_of", knowledge, None)
    assert resolves("Knowledge.at", knowledge, None)
    assert resolves("seen", knowledge, "Knowledge")
    assert not resolves("equity.core.player.lead.lead_of", knowledge, None)
    assert not resolves("Knowledge.lead", knowledge, None)
