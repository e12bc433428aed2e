"""Each module's ``__all__`` names what it defines; a package's ``__init__`` (its face) may
also offer names of its own modules. No module re-exports a name defined elsewhere, so a
reader finds a name where ``__all__`` lists it, or one step below a face."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from tests.builders import ROOT

PACKAGE = ROOT / "equity"
FLOORS = ("game", "reading", "player", "law", "adjust")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def misplaced(source: str, module: str, is_face: bool) -> list[str]:
    """The names of ``__all__`` in ``source`` that ``module`` neither defines nor, when it
    is a face, imports from a module of its own package."""
    tree = ast.parse(source)
    defined: set[str] = set()
    offered: set[str] = set()
    listed: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name) and t.id == "__all__" and node.value is not None:
                    listed = [e.value for e in ast.walk(node.value)
                              if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                defined |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif (isinstance(node, ast.ImportFrom) and is_face and node.module is not None
              and node.module.startswith(module + ".")):
            offered |= {a.asname or a.name for a in node.names}
    return [n for n in listed if n not in defined and n not in offered]


def modules() -> list[tuple[str, Path]]:
    return [(module_name(p), p) for p in sorted(PACKAGE.rglob("*.py"))]


@pytest.mark.parametrize(("module", "path"), modules(), ids=lambda v: str(v))
def test_every_name_in_all_is_defined_where_it_is_listed_or_is_a_face(
        module: str, path: Path) -> None:
    assert misplaced(path.read_text(encoding="utf-8"), module,
                     path.name == "__init__.py") == []


@pytest.mark.parametrize("floor", FLOORS)
def test_each_floor_of_core_has_a_public_face(floor: str) -> None:
    face = importlib.import_module(f"equity.core.{floor}")
    assert face.__all__, f"equity.core.{floor} lists nothing"
    for name in face.__all__:
        value = getattr(face, name)
        if ((inspect.isclass(value) or inspect.isfunction(value))
                and value.__module__.startswith("equity.")):  # not an alias of int
            assert value.__module__.startswith(f"equity.core.{floor}."), name


def test_a_module_re_exporting_a_name_is_caught() -> None:
    src = "from equity.core.game.cards import Card\n__all__ = [\"Card\", \"plan\"]\n" \
          "def plan() -> None: ...\n"
    assert misplaced(src, "equity.core.adjust.candidates", is_face=False) == ["Card"]


def test_a_face_offers_names_of_its_own_modules_only() -> None:
    src = ("from equity.core.game.cards import Card\n"
           "from equity.core.player.decision import DecisionModel\n"
           "__all__ = [\"Card\", \"DecisionModel\"]\n")
    assert misplaced(src, "equity.core.game", is_face=True) == ["DecisionModel"]
