"""The README's examples give the rulings their text states (issue 21: an example that
promised ten tricks and ruled eight)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from equity.app.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CASES = ROOT / "tests" / "cases"


def test_the_bundled_example_restores_3nt_making_ten(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    assert "the Law 64C check restores 3NT making ten or, one time\nin five, eleven" in README
    assert main(["rule", "--example", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["revokes"][0]["transfer"] == 1 and got["after_transfer_tricks"] == 7
    weighted = {w["declarer_tricks"]: w["weight"] for w in got["ruling"]["weighted"]}
    assert got["ruling"]["basis"] == "64C" and set(weighted) == {10, 11}
    assert 0.1 < weighted[11] < 0.3  # North's likely errors (the player model, club)


def test_the_quitted_rows_example_adjusts_to_3nt_making_ten(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    section = README[README.index("### The quitted rows"):]
    rows = re.search(r"```text\n(.*?)```", section, re.S)
    assert rows is not None
    assert "then adjusts to 3NT by East making ten, with a share of eleven" in section
    path = tmp_path / "rows.txt"
    path.write_text(rows.group(1), encoding="utf-8")
    deal = CASES / "001_3nt_east_diamond_discard.pbn"
    assert main(["rule", "--deal", str(deal), "--board", "1", "--rows", str(path),
                 "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [(r["trick"], r["seat"], r["card"], r["established"], r["laws"][-1])
            for r in got["revokes"]] == [(5, "N", "C2", True, "64A2")]
    assert got["ruling"]["basis"] == "64C"
    assert [w["declarer_tricks"] for w in got["ruling"]["weighted"]] == [10, 11]
