"""``equity rule`` on a board without its card play, ruled from the revoke as reported
(``--revoke``, ``[EquityRevoke]``, the rows' ``revoke:``): the same ruling each way,
and the workbench's the same again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from equity.app.cli import main
from tests.builders import DEAL_001 as DEAL

RECORD = f"""[Board "1"]
[Dealer "E"]
[Vulnerable "None"]
[Deal "{DEAL}"]
[Declarer "E"]
[Contract "3NT"]
[Result "6"]
"""
FACTS = "5 N C2 established; won E; later yes"


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """The hand record's board: the deal, the contract and the result, no play."""
    path = tmp_path / "record.pbn"
    path.write_text(RECORD, encoding="utf-8")
    return path


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["rule", *args, "--json", "--no-equity"]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out.splitlines()[0])
    return out


def test_the_option_the_tag_and_the_rows_give_one_ruling(
        record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tagged = tmp_path / "tagged.pbn"
    tagged.write_text(RECORD + f'[EquityRevoke "{FACTS}"]\n', encoding="utf-8")
    rows = tmp_path / "case.rows"
    rows.write_text(f"board: 1\nrevoke: {FACTS}\n", encoding="utf-8")
    by_option = _json(capsys, str(record), "--board", "1", "--revoke", FACTS)
    by_tag = _json(capsys, str(tagged))
    by_rows = _json(capsys, "--rows", str(rows), "--deal", str(record))
    for obj in (by_option, by_tag, by_rows):
        obj.pop("source")
    assert by_option == by_tag == by_rows
    assert by_option["reported"] is True and by_option["after_transfer_tricks"] == 7
    assert by_option["ruling"] == {"basis": "64A", "declarer_tricks": 7, "score_ns": 100,
                                   "scorer": "3NT by E -2", "vulnerable": "NONE"}
    assert by_option["screen"] is None  # --no-equity: no Law 64C screen


def test_revoke_option_names_one_board(record: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(record), "--revoke", FACTS]) == 2
    assert "--board" in capsys.readouterr().err


def test_a_fact_that_does_not_fit_the_deal_is_the_boards_error(
        record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(record), "--board", "1", "--no-equity",
                 "--revoke", "5 N CA established; won N; later yes"]) == 1
    err = capsys.readouterr().err
    assert "board 1" in err and "not dealt" in err and "Traceback" not in err


def test_the_text_says_what_it_knows_and_what_it_needs(
        record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(record), "--board", "1", "--no-equity",
                 "--revoke", "5 N C2 established; won E"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Laws 61-64: not ruled yet; needed: Law 64A2: whether the offending "
                          "side won a trick after trick 5")
    assert "Law 64C" not in out
