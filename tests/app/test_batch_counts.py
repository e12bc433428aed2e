"""``equity batch``'s closing counts add up (issue 33): the boards screened are those
with nothing to rule and those to rule; these are ruled, in error or already in the output;
unreadable boards and files are counted on top."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from equity.app.batch import run_batch
from equity.app.cli import main
from equity.app.options import RulingOptions
from equity.render.tally import Counts, Tally, outcome
from tests.builders import CASES

UNREADABLE = '[Board "1"]\n[Deal "garbage"]\n[Contract "3NT"]\n[Declarer "E"]\n[Play "S"]\n'


def closing(err: str) -> dict[str, int]:
    line = next(x for x in err.splitlines() if "boards screened" in x or "board screened" in x)
    words = {"screened": r"(\d+) boards? screened", "without": r"(\d+) with nothing to rule",
             "to_rule": r"(\d+) to rule", "ruled": r"(\d+) ruled,", "error": r"(\d+) in error",
             "already": r"(\d+) already in the output", "unreadable": r"(\d+) unreadable"}
    return {k: int(m.group(1)) if (m := re.search(p, line)) else 0 for k, p in words.items()}


def test_the_closing_counts_add_up(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                   ) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for name in ("001_3nt_east_diamond_discard.pbn", "000_not_established_partner_asks.pbn"):
        shutil.copy(CASES / name, inputs / name)
    (inputs / "bad.pbn").write_text(UNREADABLE, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(inputs), "--out", str(out), "--no-equity"]
    assert main(args) == 1  # the unreadable board is an error line
    first = closing(capsys.readouterr().err)
    assert first["screened"] == first["without"] + first["to_rule"]
    assert first["to_rule"] == first["ruled"] + first["error"] + first["already"]
    assert first["already"] == 0 and first["unreadable"] == 1
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == first["ruled"] + first["error"] + first["unreadable"]
    assert main(args) == 0  # again: everything is already there (errors of this run: none)
    again = closing(capsys.readouterr().err)
    assert again["already"] == first["to_rule"] and again["ruled"] == again["error"] == 0
    assert again["unreadable"] == 1


def test_batch_and_summary_count_the_boards_under_one_set_of_names(tmp_path: Path) -> None:
    """A run's counts and its output's, summed up (``equity summary``), are one type
    (:class:`Counts`): the boards batch ruled and those in error are the output's."""
    inputs = tmp_path / "in"
    inputs.mkdir()
    shutil.copy(CASES / "001_3nt_east_diamond_discard.pbn", inputs / "a.pbn")
    (inputs / "bad.pbn").write_text(UNREADABLE, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    run = run_batch([str(inputs)], RulingOptions(equity=False), str(out))
    lines = out.read_text(encoding="utf-8").splitlines()
    summed = Tally.of(outcome(json.loads(line)) for line in lines)
    assert isinstance(run, Counts) and isinstance(summed, Counts)
    assert (summed.ruled, summed.errors) == (run.ruled, run.errors)
    assert summed.ruled >= 1 and summed.errors == 1 and summed.error_kinds
