"""benchmarks/ as a newcomer reads it: every script listed in its README, and every
benchmark the words name (a path, a module, a name in it) still there. Its imports are
held in tests/test_layering.py."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from tests.builders import ROOT

BENCHMARKS = ROOT / "benchmarks"
README = BENCHMARKS / "README.md"
PATH = re.compile(r"\bbenchmarks/[\w/]*\w\.\w+")
DOTTED = re.compile(r"(?<![\w/.])benchmarks(?:\.\w+)+")


def scripts() -> list[str]:
    return [p.relative_to(BENCHMARKS).as_posix() for p in sorted(BENCHMARKS.rglob("*.py"))
            if p.name != "__init__.py"]


@pytest.mark.parametrize("script", scripts())
def test_every_script_is_listed_in_the_readme(script: str) -> None:
    assert f"`{script}`" in README.read_text(encoding="utf-8"), \
        f"benchmarks/{script} is not in benchmarks/README.md"


def resolves(dotted: str) -> bool:
    """``benchmarks.fitting.fit_players`` (a module) or ``benchmarks.records.reweighted``
    (a name in one) exists."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:i]))
        except ModuleNotFoundError:
            continue
        for name in parts[i:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def documents() -> list[Path]:
    """The words that name benchmarks: the Markdown, the package's, the tests' (but this
    one's examples) and the benchmarks' own docstrings and comments."""
    out = [ROOT / "README.md", ROOT / "ARCHITECTURE.md", *sorted(ROOT.glob("docs/*.md")),
           *sorted(BENCHMARKS.glob("*.md"))]
    for folder in ("equity", "benchmarks", "tests"):
        out += sorted((ROOT / folder).rglob("*.py"))
    return [p for p in out if p.is_file() and p != Path(__file__).resolve()]


@pytest.mark.parametrize("document", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_benchmark_named_in_the_words_exists(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    missing = [m for m in PATH.findall(text) if not (ROOT / m).exists()]
    missing += [m for m in DOTTED.findall(text) if not resolves(m)]
    assert missing == []


def test_a_moved_script_is_caught() -> None:
    text = "run `python -m benchmarks.fit_players`, see benchmarks/fidelity.py"
    assert [m for m in PATH.findall(text) if not (ROOT / m).exists()] == [
        "benchmarks/fidelity.py"]
    assert [m for m in DOTTED.findall(text) if not resolves(m)] == ["benchmarks.fit_players"]
