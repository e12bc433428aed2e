"""Each module's ``__all__`` names what it defines; a package's ``__init__`` (its face) may
also offer names of its own modules, imported at once or, under ``if TYPE_CHECKING:`` and
in its ``LATER`` table, on first use (PEP 562). No module re-exports a name defined elsewhere, so a
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
    body = list(tree.body)
    if is_face:  # a face's names offered on first use are typed under `if TYPE_CHECKING:`
        body += [n for node in tree.body if isinstance(node, ast.If)
                 and ast.unparse(node.test) == "TYPE_CHECKING" for n in node.body]
    for node in body:
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


def typed_later(source: str) -> dict[str, str]:
    """Name -> module of the imports under a face's ``if TYPE_CHECKING:``."""
    return {a.asname or a.name: node.module
            for top in ast.parse(source).body
            if isinstance(top, ast.If) and ast.unparse(top.test) == "TYPE_CHECKING"
            for node in top.body if isinstance(node, ast.ImportFrom) and node.module
            for a in node.names}


@pytest.mark.parametrize(("module", "path"),
                         [(m, p) for m, p in modules() if p.name == "__init__.py"],
                         ids=lambda v: str(v))
def test_a_face_s_names_on_first_use_are_typed_and_offered_alike(
        module: str, path: Path) -> None:
    """What mypy sees under ``TYPE_CHECKING`` is what the face's ``__getattr__`` gives:
    the same object of the same module, and nothing else."""
    typed = typed_later(path.read_text(encoding="utf-8"))
    face = importlib.import_module(module)
    table = {name: home for home, names in getattr(face, "LATER", {}).items()
             for name in names}
    assert table == typed
    for name, home in typed.items():
        assert getattr(face, name) is getattr(importlib.import_module(home), name)


def test_a_face_s_unknown_name_is_an_attribute_error() -> None:
    face = importlib.import_module("equity.core.law")
    with pytest.raises(AttributeError, match="no_such_law"):
        face.no_such_law  # noqa: B018


def test_a_name_typed_in_a_face_counts_as_offered() -> None:
    src = ("from typing import TYPE_CHECKING\n"
           "if TYPE_CHECKING:\n"
           "    from equity.core.law.claims import judge_claim\n"
           "    from equity.core.player.decision import DecisionModel\n"
           "__all__ = [\"DecisionModel\", \"judge_claim\"]\n")
    assert misplaced(src, "equity.core.law", is_face=True) == ["DecisionModel"]


@pytest.mark.parametrize(("module", "path"),
                         [(m, p) for m, p in modules() if p.name == "__init__.py"],
                         ids=lambda v: str(v))
def test_no_name_offered_on_first_use_is_also_a_module_of_the_face(
        module: str, path: Path) -> None:
    """Importing a module ``equity.core.adjust.screen`` by its path would set the face's
    ``screen`` to the module, and the face's ``__getattr__`` would never be asked: such a
    name is offered at once, or its module named otherwise (``deal_screen``)."""
    own = {p.stem for p in path.parent.glob("*.py")} | {
        p.name for p in path.parent.iterdir() if (p / "__init__.py").exists()}
    assert set(typed_later(path.read_text(encoding="utf-8"))) & own == set()
