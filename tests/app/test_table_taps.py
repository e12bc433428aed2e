"""At the table in a few taps (issue 48): the taps and keys of three rulings from a
deals-only hand record, counted in Debian's Chromium at 390 x 844
(:mod:`benchmarks.speed.table_taps`), and each ruling the one ``equity rule`` gives
for the same facts (the rows and options the page sent, as its command line)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from equity.app.workbench.server import command_line
from tests.browsers import chromium

pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def scenarios() -> dict[str, dict[str, Any]]:
    chromium()
    from benchmarks.speed.table_taps import run

    return {r["scenario"]: r for r in run()}


def _equity_rule(tmp_path: Path, asked: dict[str, Any]) -> list[dict[str, Any]]:
    """``equity rule --rows --json`` on the rows and options the page sent."""
    rows = tmp_path / "case.rows"
    rows.write_text(asked["rows"], encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "equity.app.cli", "rule", "--rows", str(rows),
                          "--json", *command_line(asked["options"])],
                         capture_output=True, text=True, timeout=300, check=False)
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def _same(page: dict[str, Any], cli: dict[str, Any]) -> None:
    def plain(obj: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in obj.items() if k not in ("source", "stats")}

    assert plain(page) == plain(cli)


def test_a_revoke_by_law_64a_takes_thirteen_taps_and_no_key(
        scenarios: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    r = scenarios["revoke-64a"]
    assert (r["taps"], r["keys"]) == (13, 0)
    ruling = r["result"]["rulings"][0]
    assert ruling["reported"] and ruling["revokes"][0]["transfer"] == 1
    assert not ruling["screen"]["may_be_short"] and ruling["complete"]
    _same(ruling, _equity_rule(tmp_path, r["request"])[0])


def test_a_revoke_the_screen_finds_short_is_ruled_from_the_play_from_the_trick_it_names(
        scenarios: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    """The screen's verdict in 13 taps; then who led trick 5 and its 36 cards to the end
    (none of the 16 before) and Rule: 52 taps, no key, the ruling ``equity rule`` gives
    on the same rows (``play-from: 5``) and options."""
    r = scenarios["revoke-equity"]
    assert (r["taps"], r["keys"]) == (13 + 1 + 1 + 36 + 1, 0)
    screen = r["screen_result"]["rulings"][0]
    assert screen["screen"]["may_be_short"] and screen["screen"]["play_from_trick"] == 5
    assert screen["needs"] == ["Law 64C1: the play from trick 5"]
    assert "enter the play from trick 5" in r["screen"]
    rows = r["request"]["rows"]
    assert "play-from: 5" in rows.splitlines() and "lead: E" in rows.splitlines()
    assert all(len(line.split()) == 1 + 9 for line in rows.splitlines()
               if line[:2] in ("N:", "E:", "S:", "W:"))
    ruling = r["result"]["rulings"][0]
    assert not ruling.get("reported") and ruling["revokes"][0]["trick"] == 5
    _same(ruling, _equity_rule(tmp_path, r["request"])[0])


def test_a_disputed_claim_with_five_tricks_left_is_ruled_from_the_cards_held_as_equity_rule(
        scenarios: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    r = scenarios["claim"]
    # 15 of the taps are the cards still held (three suits in one tap each), none the play
    assert (r["taps"], r["keys"]) == (27, 0)
    options = r["request"]["options"]
    assert options["claim"] == "E: winners"
    assert options["claim_position"] == (
        "lead S; won NS 3 EW 5; N SK S7 S4 CQ C4; E S9 S6 S2 CA C7; S SJ H9 H5 H2 CT; "
        "W SA SQ S5 CK CJ")
    ruling = r["result"]["rulings"][0]
    assert ruling["claimed"] and ruling["result_tag"] == 10
    assert ruling["ruling"]["claim"]["lines"][0]["cards"][0]["trick"] == 9
    _same(ruling, _equity_rule(tmp_path, r["request"])[0])
