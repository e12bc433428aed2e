"""The published claim rulings (tests/cases/claims/) are well-formed data: each case
reads and replays to its claim, and says where its award comes from.

Whether ``equity rule`` awards what the Director did is the benchmark's figure
(``benchmarks/fidelity/claims.py``, ``benchmarks/RESULTS.md``), not a test here: these
cases are the claims engine's development set, not its specification.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks.fidelity.claims import CASES, Case, Scored, declarer_awarded
from equity.app.cli import main

SPECS = sorted(CASES.glob("*.json"))
FIELDS = ("source", "quote", "award", "declarer_tricks", "claimer", "law", "laws", "split",
          "constructed", "boards")


def test_the_development_set_has_at_least_twenty_published_rulings() -> None:
    assert len(SPECS) >= 20


FIRST_SET = 24
"""The first cases found (``found`` 1-24), split every third before any was scored."""


def test_the_first_set_held_back_every_third_case_spent_or_not() -> None:
    """Of the first 24, every third was held back: still ``holdout``, or ``dev`` and
    marked ``holdout_spent`` once scored."""
    for spec_path in SPECS:
        spec = json.loads(spec_path.read_text())
        if spec["found"] <= FIRST_SET:
            held = spec["split"] == "holdout" or "holdout_spent" in spec
            assert held == (spec["found"] % 3 == 0), spec_path.name


SECOND_SET = 37
"""The last case of the session-51 holdout (``found`` 25-37); later cases are session 52's."""


def held_back_set(first: int, last: int | None) -> list[dict[str, Any]]:
    """The cases found from ``first`` to ``last`` (to the end when ``None``)."""
    specs = [json.loads(p.read_text()) for p in SPECS]
    return [s for s in specs if first <= s["found"] and (last is None or s["found"] <= last)]


def test_the_session_51_rulings_were_all_held_back_and_there_are_at_least_twelve() -> None:
    """The rulings found after the first holdout was spent (session 51) were all held
    back, for one honest score: still ``holdout``, or spent once scored."""
    later = held_back_set(FIRST_SET + 1, SECOND_SET)
    assert all(s["split"] == "holdout" or "holdout_spent" in s for s in later)
    assert len(later) >= 12


def test_the_session_52_rulings_were_all_held_back_and_there_are_at_least_twelve() -> None:
    """The rulings collected fresh in session 52, after the session-51 holdout was spent,
    are a new held-back set of their own: still ``holdout``, or spent once scored."""
    fresh = held_back_set(SECOND_SET + 1, None)
    assert all(s["split"] == "holdout" or "holdout_spent" in s for s in fresh)
    assert len(fresh) >= 12


def test_a_spent_holdout_case_is_development_and_says_when_it_was_scored() -> None:
    for spec_path in SPECS:
        spec = json.loads(spec_path.read_text())
        if "holdout_spent" in spec:
            assert spec["split"] == "dev", spec_path.name
            assert "scored once" in spec["holdout_spent"], spec_path.name


@pytest.mark.parametrize("spec_path", SPECS, ids=[p.stem for p in SPECS])
def test_each_case_says_its_source_and_award(spec_path: Path) -> None:
    spec = json.loads(spec_path.read_text())
    assert not [f for f in FIELDS if f not in spec], spec_path.name
    assert spec["split"] in ("dev", "holdout")
    assert spec["laws"] in ("1997", "2007", "2017")
    assert 0 <= spec["declarer_tricks"] <= 13
    low, high = spec.get("declarer_tricks_range", [spec["declarer_tricks"]] * 2)
    assert low <= spec["declarer_tricks"] <= high
    declarer = next(iter(spec["boards"].values()))["expect"]["declarer"]
    partner = "NESW"["NESW".index(declarer) - 2]
    own_side = spec["claimer"] in (declarer, partner)
    assert spec["award"] == (spec["declarer_tricks"] if own_side
                             else 13 - spec["declarer_tricks"])


@pytest.mark.parametrize("spec_path", SPECS, ids=[p.stem for p in SPECS])
def test_each_case_replays_to_its_claim(spec_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Read and replayed without the adjudication (``--no-equity``): every card legal,
    the claim where the record stops, the contract and claimed total as the JSON says."""
    spec = json.loads(spec_path.read_text())
    code = main(["rule", str(spec_path.with_suffix(".pbn")), "--json", "--no-equity",
                 *spec.get("options", [])])
    boards: dict[str, dict[str, Any]] = {}
    for line in capsys.readouterr().out.splitlines():
        board = json.loads(line)
        boards[str(board["board"])] = board
    assert code == 0
    assert set(boards) == set(spec["boards"])
    for number, board in boards.items():
        assert "error" not in board, board.get("error")
        assert board["claimed"] and board["finished"]
        expect = spec["boards"][number]["expect"]
        assert {k: board.get(k) for k in expect} == expect


def scored(given: int | None, low: int, high: int, error: str | None = None) -> Scored:
    case = Case("x", CASES / "x.pbn", "dev", low, high, ())
    return Scored(case, given, error, 0.0)


def test_a_case_is_right_only_inside_the_published_range_and_without_error() -> None:
    assert scored(9, 9, 10).right and scored(10, 9, 10).right
    assert not scored(8, 9, 10).right and not scored(11, 9, 10).right
    assert not scored(9, 9, 9, error="internal error").right
    assert not scored(None, 9, 9).right


def test_the_award_read_is_the_claims_then_the_rulings() -> None:
    assert declarer_awarded({"ruling": {"declarer_tricks": 8,
                                        "claim": {"awarded": 10}}}) == 10
    assert declarer_awarded({"ruling": {"declarer_tricks": 8, "claim": None}}) == 8
    assert declarer_awarded({"ruling": None}) is None
