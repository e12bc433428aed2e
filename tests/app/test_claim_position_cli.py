"""``equity rule`` on a claim found at the table, without the play before it
(``--claim-position``, ``[EquityClaimPosition]``, the rows' ``claim-position:``): the same
ruling each way, ruled by the claims engine from the cards still held."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from equity.app.cli import main
from equity.app.pipeline import FROM_POSITION
from tests.builders import CLAIM_HELD as HELD
from tests.builders import CLAIM_RECORD as RECORD


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["rule", *args, "--json"]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out.splitlines()[0])
    out.pop("source")
    out.pop("stats", None)
    return out


def test_the_option_the_tag_and_the_rows_give_one_claim_ruling(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, tagged, rows = (tmp_path / n for n in ("record.pbn", "tagged.pbn", "case.rows"))
    record.write_text(RECORD, encoding="utf-8")
    tagged.write_text(RECORD + f'[EquityClaimPosition "{HELD}"]\n', encoding="utf-8")
    rows.write_text(f"board: 1\nclaim-position: {HELD}\n", encoding="utf-8")
    by_option = _json(capsys, str(record), "--claim-position", HELD)
    by_tag = _json(capsys, str(tagged))
    by_rows = _json(capsys, "--rows", str(rows), "--deal", str(record))
    assert by_option == by_tag == by_rows
    ruling = by_option["ruling"]
    assert isinstance(ruling, dict)
    claim = ruling["claim"]
    assert (claim["claimer"], claim["claimed"], claim["status"]) == ("E", 10, "disputed")
    assert claim["lines"][0]["cards"][0] == {"trick": 9, "seat": "S", "card": "H2"}
    assert by_option["revokes"] == [] and FROM_POSITION.format(trick=9) in by_option["notes"]


def test_a_bad_claim_position_is_an_error_naming_the_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tagged = tmp_path / "tagged.pbn"
    tagged.write_text(RECORD + f'[EquityClaimPosition "{HELD.replace("CJ", "HQ")}"]\n',
                      encoding="utf-8")
    assert main(["rule", str(tagged)]) != 0
    err = capsys.readouterr().err
    assert "board 1" in err and "West ♥Q, which the hand record deals to East" in err
