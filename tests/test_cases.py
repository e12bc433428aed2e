"""The seeds' worked examples (tests/cases/*.pbn) ruled as the seeds say.

Each case is a PBN file with a JSON file beside it: ``boards`` maps a board number to
``expect`` (fields of ``equity rule --json`` that must match; a subset is enough) and,
where the seed states the final adjusted result, ``expect_equity``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from equity.cli import main

CASES = sorted((Path(__file__).parent / "cases").glob("*.json"))


def subset_mismatch(expected: Any, actual: Any, path: str = "") -> str | None:
    """Where ``actual`` fails to contain ``expected`` (dicts: every expected key;
    lists: same length, item by item), or None."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path}: expected an object, got {actual!r}"
        for k, v in expected.items():
            if k not in actual:
                return f"{path}.{k}: missing"
            m = subset_mismatch(v, actual[k], f"{path}.{k}")
            if m:
                return m
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return f"{path}: expected {len(expected)} items, got {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            m = subset_mismatch(e, a, f"{path}[{i}]")
            if m:
                return m
        return None
    return None if expected == actual else f"{path}: expected {expected!r}, got {actual!r}"


def rule_case(case: Path, capsys: pytest.CaptureFixture[str]) -> tuple[dict[str, Any], int]:
    spec = json.loads(case.read_text())
    code = main(["rule", str(case.with_suffix(".pbn")), "--json", *spec.get("options", [])])
    out = {}
    for line in capsys.readouterr().out.splitlines():
        obj = json.loads(line)
        out[str(obj["board"])] = obj
    return out, code


def test_there_is_a_case_for_every_seed() -> None:
    seeds = {json.loads(c.read_text())["seed"][:3] for c in CASES}
    assert seeds >= {"000", "001", "002", "003", "004"}


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_seed_case_automatic_ruling(case: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = json.loads(case.read_text())
    out, code = rule_case(case, capsys)
    assert code == 0, out
    for number, board in spec["boards"].items():
        assert number in out, f"board {number} not ruled"
        assert subset_mismatch(board["expect"], out[number]) is None, (
            f"{case.stem} board {number}: {subset_mismatch(board['expect'], out[number])}")
