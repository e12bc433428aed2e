"""The layers can be read from the paths, and this test holds them there.

core imports only core and the native kernel, in five floors, each importing only its own
and those below: game (cards, positions, replay, scoring, the double-dummy questions) ←
reading (what the table showed every player: the auction, the opening lead, the signal, the
discards) ← player (knowledge, decisions, likely outcomes) ← law (Laws 61-64, 62D, 16B,
16C2) ← adjust (the Law 64C lines, weights, ruling); formats (PBN, LIN, facts, the fast
reader) → core; dd (DDS) → core; render (text, JSON, HTML, Markdown, PDF) → core; app
(options, pipeline, scan, batch, cli) may import everything, and nothing imports app.
endplay is imported only under dd/.
Every import counts, the lazy ones inside functions included.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.builders import ROOT

PACKAGE = ROOT / "equity"

ALLOWED: dict[str, set[str]] = {
    "core": {"core"},
    "formats": {"core", "formats"},
    "dd": {"core", "dd"},
    "render": {"core", "render"},
    "app": {"core", "formats", "dd", "render", "app"},
}
"""Layer -> the layers of the package it may import (``equity._native`` and the root
``equity`` module, which holds only the version, are open to all)."""

ENDPLAY_ONLY_IN = "dd"

FLOORS = ("game", "reading", "player", "law", "adjust")
"""The floors of ``equity.core``, lowest first: a module may import its own floor and the
floors below it (game: cards, positions, replay, the double-dummy questions; reading: what
the calls and cards the table saw tell of the hands; player: what a player knows and
chooses; law: Laws 61-64, 62D, 16B, 16C2; adjust: the Law 64C lines, weights and the
ruling)."""


def layer_of(module: str) -> str | None:
    """``equity.core.adjust.candidates`` -> ``core``; None for the root and ``equity._native``."""
    parts = module.split(".")
    if parts[0] != "equity" or len(parts) < 2 or parts[1] == "_native":
        return None
    return parts[1]


def floor_of(module: str) -> str | None:
    """``equity.core.law.laws`` -> ``law``; None outside ``equity.core`` (and for the
    ``equity.core`` package itself)."""
    parts = module.split(".")
    if parts[:2] != ["equity", "core"] or len(parts) < 3:
        return None
    return parts[2]


def _is_floor_module(name: str) -> bool:
    """``equity.core.game.cards`` is a module of a floor (``equity.core.game`` its face,
    ``equity.core.game.Card`` a name the face offers)."""
    parts = name.split(".")
    return len(parts) >= 4 and (PACKAGE / "core" / parts[2] / f"{parts[3]}.py").exists()


def imports_of(source: str, module: str, names: bool = True) -> list[tuple[int, str]]:
    """(line, imported module) for every import in ``source``, relative ones resolved."""
    out: list[tuple[int, str]] = []
    package = module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            out.append((node.lineno, base))
            if not names:
                continue
            # "from equity import dd" and "from equity.dd import solve" name modules too
            out += [(node.lineno, f"{base}.{a.name}") for a in node.names
                    if (base == "equity" and a.name in ALLOWED)
                    or (base.startswith("equity.") and base.count(".") == 1)
                    or (base.startswith("equity.core.") and base.count(".") == 2)]
    return out


def violations(source: str, module: str) -> list[str]:
    """What ``source`` (the text of ``module``) imports against the layering rules."""
    mine = layer_of(module)
    found = []
    for line, name in imports_of(source, module):
        top = name.split(".")[0]
        if top == "endplay" and mine != ENDPLAY_ONLY_IN:
            found.append(f"{module}:{line} imports {name}: endplay only under equity/dd/")
        theirs = layer_of(name)
        if top != "equity" or theirs is None or mine is None:
            continue
        if theirs not in ALLOWED.get(mine, set()):
            found.append(f"{module}:{line} ({mine}) imports {name} ({theirs})")
        low, high = floor_of(module), floor_of(name)
        if (low in FLOORS and high in FLOORS
                and FLOORS.index(high) > FLOORS.index(low)):
            found.append(f"{module}:{line} (core.{low}) imports {name} (core.{high})")
    for line, name in modules_named(source, module):
        low, high = floor_of(module), floor_of(name)
        if high in FLOORS and low != high and _is_floor_module(name):
            found.append(f"{module}:{line} imports {name}: core.{high} through its face, "
                         f"equity.core.{high}")
    return found


def modules_named(source: str, module: str) -> list[tuple[int, str]]:
    """(line, module) for the module each import statement names (``from M import x``:
    M; ``import M``: M), relative ones resolved; not the names imported from it."""
    return [(line, name) for line, name in imports_of(source, module, names=False)]


def package_modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out.append((".".join(parts), path))
    return out


def test_every_module_lives_in_a_layer() -> None:
    stray = [m for m, _ in package_modules() if m != "equity" and layer_of(m) not in ALLOWED]
    assert stray == []


def test_every_core_module_lives_on_a_floor() -> None:
    loose = [m for m, _ in package_modules()
             if layer_of(m) == "core" and m != "equity.core" and floor_of(m) not in FLOORS]
    assert loose == []


@pytest.mark.parametrize(("module", "path"), package_modules(), ids=lambda v: str(v))
def test_module_imports_only_the_layers_below_it(module: str, path: Path) -> None:
    assert violations(path.read_text(encoding="utf-8"), module) == []


def test_a_core_module_importing_dd_is_a_violation() -> None:
    src = "from equity.dd.solve import solve_positions\n"
    assert violations(src, "equity.core.adjust.candidates") == [
        "equity.core.adjust.candidates:1 (core) imports equity.dd.solve (dd)"]


def test_a_lazy_import_of_app_inside_a_function_is_a_violation() -> None:
    src = "def f():\n    from equity.app import pipeline\n    return pipeline\n"
    assert violations(src, "equity.render.text") == [
        "equity.render.text:2 (render) imports equity.app (app)",
        "equity.render.text:2 (render) imports equity.app.pipeline (app)"]


def test_endplay_outside_dd_is_a_violation() -> None:
    assert violations("import endplay.types\n", "equity.core.game.scoring") == [
        "equity.core.game.scoring:1 imports endplay.types: endplay only under equity/dd/"]
    assert violations("from endplay.dds import solve\n", "equity.dd.solve") == []


def test_relative_imports_are_resolved() -> None:
    assert violations("from ...dd import solve\n", "equity.core.adjust.candidates") == [
        "equity.core.adjust.candidates:1 (core) imports equity.dd (dd)",
        "equity.core.adjust.candidates:1 (core) imports equity.dd.solve (dd)"]


def test_a_player_module_importing_the_law_is_a_violation() -> None:
    src = "from equity.core.law import AutomaticRuling\n"
    assert violations(src, "equity.core.player.decision") == [
        "equity.core.player.decision:1 (core.player) imports equity.core.law (core.law)",
        "equity.core.player.decision:1 (core.player) imports equity.core.law.AutomaticRuling "
        "(core.law)"]


def test_the_game_importing_the_adjustment_lazily_is_a_violation() -> None:
    src = "def f():\n    from equity.core.adjust import ruling\n    return ruling\n"
    assert violations(src, "equity.core.game.replay") == [
        "equity.core.game.replay:2 (core.game) imports equity.core.adjust (core.adjust)",
        "equity.core.game.replay:2 (core.game) imports equity.core.adjust.ruling (core.adjust)"]


def test_importing_a_lower_floor_is_allowed() -> None:
    src = ("from equity.core.game import Card\n"
           "from equity.core.player import DecisionModel\n"
           "from equity.core.law import AutomaticRuling\n"
           "from equity.core.adjust.line import Line\n")
    assert violations(src, "equity.core.adjust.ruling") == []


def test_another_layer_reaching_past_a_floors_face_is_a_violation() -> None:
    src = "from equity.core.game.cards import Card\n"
    assert violations(src, "equity.render.text") == [
        "equity.render.text:1 imports equity.core.game.cards: core.game through its face, "
        "equity.core.game"]
    assert violations("from equity.core.game import Card\n", "equity.render.text") == []
    assert violations(src, "equity.core.game.board") == []


def test_no_test_module_imports_another_test_module() -> None:
    """Shared builders live in support modules (tests/builders.py, tests/workbench.py,
    tests/browsers.py, the oracles), fixtures in conftest.py: a test module imports
    neither another test module nor a conftest."""
    tests = ROOT / "tests"
    found = []
    for path in sorted(tests.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for line, name in imports_of(path.read_text(encoding="utf-8"), module):
            last = name.split(".")[-1]
            if name.startswith("tests.") and (last.startswith("test_") or last == "conftest"):
                found.append(f"{module}:{line} imports {name}")
    assert found == []


def test_the_tests_mirror_the_package() -> None:
    """Each folder of tests/ (but the seed cases and the fuzz drivers) is a folder of
    the package: tests/core/game/ tests equity/core/game/, and so on."""
    tests = ROOT / "tests"
    folders = {p.parent.relative_to(tests) for p in tests.rglob("test_*.py")}
    stray = [str(f) for f in folders
             if str(f) != "." and not (PACKAGE / f).is_dir()]
    assert stray == []


BENCHMARKS = ROOT / "benchmarks"
ROOMS = ("speed", "fitting", "fidelity")
"""The rooms of ``benchmarks/`` (benchmarks/README.md); the modules beside them serve more
than one room."""

BY_NAME = ("fitting",)
"""The rooms that import a floor's modules by name, past its face: a fitter fits one
reading's or the player model's own parameters (its features, its style file), names no
other floor or layer needs, so the faces do not offer them (issue 45)."""


def benchmark_violations(source: str, module: str) -> list[str]:
    """What ``source`` (the text of ``module`` under benchmarks/) imports against its
    rules: the package's core only through a floor's face (the rooms of :data:`BY_NAME`
    excepted), no other room's modules."""
    parts = module.split(".")
    room = parts[1] if len(parts) > 2 and parts[1] in ROOMS else None
    found = []
    for line, name in modules_named(source, module):
        floor = floor_of(name)
        if floor in FLOORS and _is_floor_module(name) and room not in BY_NAME:
            found.append(f"{module}:{line} imports {name}: core.{floor} through its face, "
                         f"equity.core.{floor}")
        theirs = name.split(".")
        if theirs[0] == "benchmarks" and len(theirs) > 1 and theirs[1] in ROOMS \
                and theirs[1] != room:
            found.append(f"{module}:{line} imports {name}: another room of benchmarks/")
    return found


def benchmark_modules() -> list[tuple[str, Path]]:
    return [(".".join(p.relative_to(ROOT).with_suffix("").parts), p)
            for p in sorted(BENCHMARKS.rglob("*.py"))]


@pytest.mark.parametrize(("module", "path"), benchmark_modules(), ids=lambda v: str(v))
def test_benchmarks_import_core_through_its_faces_and_not_across_rooms(
        module: str, path: Path) -> None:
    assert benchmark_violations(path.read_text(encoding="utf-8"), module) == []


def test_a_benchmark_reaching_past_a_face_or_into_another_room_is_caught() -> None:
    src = ("from equity.core.reading.lead import FEATURES\n"
           "from equity.core.player import played\n"
           "from benchmarks.fitting.fit_players import FLOOR\n"
           "from benchmarks.records import records\n")
    assert benchmark_violations(src, "benchmarks.fidelity.players") == [
        "benchmarks.fidelity.players:1 imports equity.core.reading.lead: core.reading "
        "through its face, equity.core.reading",
        "benchmarks.fidelity.players:3 imports benchmarks.fitting.fit_players: another "
        "room of benchmarks/"]
    assert benchmark_violations("from benchmarks.speed.common import once\n",
                                "benchmarks.corpus") == [
        "benchmarks.corpus:1 imports benchmarks.speed.common: another room of benchmarks/"]
    assert benchmark_violations("from benchmarks.speed.common import once\n",
                                "benchmarks.speed.naive") == []
    # the declared exception: a fitter imports its reading's module by name
    assert benchmark_violations("from equity.core.reading.lead import FEATURES\n",
                                "benchmarks.fitting.fit_leads") == []
