"""``equity batch`` rules the boards a hand record gives without their card play: a
revoke as reported (``[EquityRevoke]``, Law 64A and the screen from the deal alone) and a
claim from the cards still held (``[EquityClaimPosition]``), each line what ``equity
rule --json`` writes for it; a bad one is its board's error line, the others go on.
``equity report`` holds them too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from equity.app.cli import main
from tests.builders import CLAIM_DEAL as DEAL
from tests.builders import CLAIM_HELD as HELD


def _board(number: int, result: int, *tags: str) -> str:
    head = (f'[Event "x"]\n[Board "{number}"]\n[Dealer "E"]\n[Vulnerable "None"]\n'
            f'[Deal "{DEAL}"]\n[Declarer "E"]\n[Contract "3NT"]\n[Result "{result}"]\n')
    return head + "".join(f"{t}\n" for t in tags) + "\n"


RECORD = (_board(1, 6, '[EquityRevoke "5 N C2 established; won E; later yes"]')
          + _board(2, 10, '[EquityClaim "E: winners"]', '[EquityClaimStatus "disputed"]',
                   f'[EquityClaimPosition "{HELD}"]')
          + _board(3, 6, '[EquityRevoke "5 N HA established; won E; later yes"]')
          + _board(4, 9))


def test_a_report_holds_the_revoke_ruled_as_reported_and_the_claim_from_the_cards_held(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "record.pbn"
    record.write_text(RECORD, encoding="utf-8")
    assert main(["rule", str(record), "--board", "1"]) == 0
    decision = capsys.readouterr().out.splitlines()[0]
    for fmt in ("html", "md"):
        out = tmp_path / f"report.{fmt}"
        assert main(["report", str(record), "-o", str(out), "--format", fmt]) == 1  # board 3
        page = out.read_text(encoding="utf-8")
        assert "a revoke as reported, without the card play" in page
        assert "enter the play from trick 5" in page
        assert "cards still held at trick 9" in page
        if fmt == "html":
            assert f'<p class="outcome">{decision}</p>' in page


def _plain(obj: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in obj.items() if k not in ("key", "stats", "source")}


def test_boards_without_play_are_ruled_by_batch_as_by_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "record.pbn"
    record.write_text(RECORD, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(record), "--out", str(out), "--jobs", "1"]) == 1  # board 3
    lines = {json.loads(x)["key"].rpartition("#")[2]: json.loads(x)
             for x in out.read_text(encoding="utf-8").splitlines()}
    assert sorted(lines) == ["1", "2", "3"]  # board 4 has nothing to rule
    assert lines["1"]["reported"] and lines["1"]["revokes"][0]["transfer"] == 1
    assert lines["2"]["ruling"]["claim"]["awarded"] == 7
    assert lines["3"]["board"] == "board 3" and "North was not dealt HA" in lines["3"]["error"]
    capsys.readouterr()
    for n in ("1", "2"):
        assert main(["rule", str(record), "--board", n, "--json"]) == 0
        ruled = json.loads(capsys.readouterr().out.splitlines()[0])
        assert _plain(lines[n]) == _plain(ruled)
