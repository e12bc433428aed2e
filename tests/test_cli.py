"""The command line: the two README commands' job, exit codes, errors without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from equity.app.cli import main

GOOD = """[Board "1"]
[Deal "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432"]
[Declarer "S"]
[Contract "4S"]
[Result "11"]
[Play "W"]
H8 H2 HA ^R S5
C3 H3 C5 CA
*
"""
BAD = """[Board "2"]
[Deal "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432"]
[Declarer "S"]
[Contract "4S"]
[Play "W"]
H8 H2 HA HK
"""


def test_example_rules_the_bundled_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--example"]) == 0
    out = capsys.readouterr().out
    assert "3NT by East" in out and "Law 64A2" in out and "7 tricks, two down" in out


def test_json_has_the_contract_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--example", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out.splitlines()[0])
    for field in ("board", "contract", "declarer", "laws", "table_tricks", "revokes",
                  "after_transfer_tricks"):
        assert field in obj
    for field in ("trick", "seat", "card", "suit_led", "established", "transfer", "laws"):
        assert field in obj["revokes"][0]


def test_bad_board_is_reported_and_the_others_still_ruled(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "two.pbn"
    f.write_text(BAD + "\n" + GOOD)
    assert main(["rule", str(f), "--json"]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert "does not hold HK" in lines[0]["error"] and lines[0]["board"] == "board 2"
    assert lines[1]["board"] == 1 and lines[1]["after_transfer_tricks"] == 9


def test_board_option_selects_one_board(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "two.pbn"
    f.write_text(BAD + "\n" + GOOD)
    assert main(["rule", str(f), "--board", "1"]) == 0
    assert "board 1" in capsys.readouterr().out


def test_laws_and_attention_options_change_the_ruling(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "one.pbn"
    f.write_text(GOOD)
    assert main(["rule", str(f), "--json", "--attention", "round"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["revokes"][0]["transfer"] == 0 and "64B5" in obj["revokes"][0]["laws"]


def test_missing_file_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "equity.app.cli", "rule", str(tmp_path / "no.pbn")],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "Traceback" not in r.stderr and "no.pbn" in r.stderr


def test_bad_option_value_exits_2(tmp_path: Path) -> None:
    f = tmp_path / "one.pbn"
    f.write_text(GOOD)
    r = subprocess.run([sys.executable, "-m", "equity.app.cli", "rule", str(f),
                        "--attention", "never"], capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "attention" in r.stderr


def test_an_internal_error_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import equity.app.cli as cli

    def boom(args: object) -> int:
        raise RuntimeError("a bug")
    monkeypatch.setattr(cli, "cmd_rule", boom)
    monkeypatch.delenv("EQUITY_DEBUG", raising=False)
    assert cli.main(["rule", "--example"]) == 3
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: a bug" in err and "Traceback" not in err
