"""The batch package's modules import one another without a circle (was: ``run`` and
``distributed_engine`` imported each other for ``retry_or_report``)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.builders import ROOT

BATCH = ROOT / "equity" / "app" / "batch"


def imports_of(path: Path) -> set[str]:
    """The batch modules a module imports (at the top or lazily in a function)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out |= {n.rsplit(".", 1)[-1] for n in names if n.startswith("equity.app.batch.")
                and (BATCH / f"{n.rsplit('.', 1)[-1]}.py").exists()}
    return out


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports in ``graph``, or None."""
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path, node, nxt]
            if nxt not in state:
                found = visit(nxt, [*path, node])
                if found:
                    return found
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node, [])
            if found:
                return found
    return None


def test_batch_modules_import_each_other_without_a_circle() -> None:
    graph = {p.stem: imports_of(p) - {p.stem} for p in BATCH.glob("*.py")
             if p.stem != "__init__"}
    assert "run" in graph and "distributed_engine" in graph
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])


def test_the_circle_check_finds_a_circle() -> None:
    assert cycle({"run": {"distributed_engine"}, "distributed_engine": {"run"}}) is not None
    assert cycle({"run": {"retry"}, "distributed_engine": {"retry"}, "retry": set()}) is None
