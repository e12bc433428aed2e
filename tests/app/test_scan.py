"""`equity scan` and the benchmark corpus: every injected revoke is found, and none in
real records that have none."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from benchmarks.corpus import corpus, sources, write
from equity.app.cli import main
from equity.app.scan import scan
from equity.render.tally import Counts
from tests.builders import CASES, EXTERNAL, SEED001_DEAL

needs_data = pytest.mark.skipif(not EXTERNAL.is_dir(), reason="../shared/data absent")
ONLINE = ("ben-bbo-daylong", "pbntools-tests", "bridgebots-tests")

SEED001 = f"""[Board "1"]
[Deal "{SEED001_DEAL}"]
[Declarer "E"]
[Contract "3NT"]
[Play "S"]
H7 H3 HJ HQ
C6 D2 D3 DA
C8 D7 D4 DK
C9 D8 D5 DQ
S8 C5 C2 DJ

[Board "2"]
[Deal "{SEED001_DEAL}"]
[Declarer "E"]
[Contract "3NT"]
[Play "S"]
H7 H3 HJ HK

[Board "3"]
[Deal "{SEED001_DEAL}"]
[Declarer "E"]
[Contract "3NT"]
[Play "S"]
H7 H3 HJ HQ
"""


def injected(path: Path) -> set[tuple[str, int, str, str]]:
    text = path.read_text(encoding="utf-8")
    return {(f"board {b}", int(t), seat, card) for b, t, seat, card in re.findall(
        r'\[Board "(\d+)"\][\s\S]*?\[InjectedRevoke "(\d+) (\w) (\w+)"\]', text)}


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not EXTERNAL.is_dir():
        pytest.skip("../shared/data absent")
    path = tmp_path_factory.mktemp("corpus") / "corpus.pbn"
    assert write(path, corpus(sources([EXTERNAL / "ben-bbo-daylong"]), 400, seed=3)) == 400
    return path


@needs_data
def test_scan_finds_every_injected_revoke_and_nothing_else(corpus_file: Path) -> None:
    tally = Counts()
    rows = list(scan([corpus_file], tally))
    assert all(r.error is None and r.kind == "follow" for r in rows)
    found = {(r.board or "", r.trick or 0, r.seat or "", r.card or "") for r in rows}
    assert found == injected(corpus_file) and len(found) == 400
    assert (tally.screened, tally.revokes, tally.errors) == (400, 400, 0)


@needs_data
def test_corpus_is_reproducible(tmp_path: Path, corpus_file: Path) -> None:
    again = tmp_path / "again.pbn"
    write(again, corpus(sources([EXTERNAL / "ben-bbo-daylong"]), 400, seed=3))
    assert again.read_bytes() == corpus_file.read_bytes()


@needs_data
def test_scan_finds_no_revoke_in_real_online_records() -> None:
    rows = list(scan([EXTERNAL / f for f in ONLINE]))
    assert [r for r in rows if r.error is None] == []


def test_cli_scan_writes_revokes_and_board_errors_as_json_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "seed.pbn"
    path.write_text(SEED001, encoding="utf-8")
    assert main(["scan", str(tmp_path)]) == 1  # board 2 cannot be replayed
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out == [
        {"source": str(path), "board": "board 1", "trick": 5, "seat": "N", "card": "C2",
         "suit_led": "D", "kind": "follow"},
        {"source": str(path), "board": "board 2",
         "error": "trick 1, East, HK: East does not hold HK (dealt to South)"},
    ]


def test_cli_scan_writes_csv_to_a_file(tmp_path: Path) -> None:
    path = tmp_path / "seed.pbn"
    path.write_text(SEED001, encoding="utf-8")
    out = tmp_path / "out.csv"
    assert main(["scan", str(path), "--format", "csv", "--out", str(out)]) == 1
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [(r["board"], r["trick"], r["seat"], r["card"], r["suit_led"], r["error"][:9])
            for r in rows] == [("board 1", "5", "N", "C2", "D", ""),
                               ("board 2", "", "", "", "", "trick 1, ")]


def test_cli_scan_of_a_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    assert main(["scan", str(tmp_path / "nope.pbn")]) == 2


def test_scan_reports_a_revoke_the_record_shows_corrected_at_the_table() -> None:
    """[EquityWithdrawn]: the play shows the corrected trick, the revoke is in the tag
    (Law 62); the screen (and so `equity batch`) must not miss it."""
    cases = CASES
    tally = Counts()
    rows = list(scan([cases / "024_62c2_change_suggested_by_withdrawn_card.pbn",
                      cases / "024_62c2_change_nothing_suggested_stands.pbn"], tally))
    assert [(r.trick, r.seat, r.card, r.suit_led, r.kind) for r in rows] == [
        (2, "E", "S3", "H", "follow"), (2, "E", "H2", "S", "follow")]
    assert (tally.screened, tally.revokes, tally.errors) == (2, 2, 0)
