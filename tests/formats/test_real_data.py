"""Every real PBN and LIN file beside the repository reads without an exception escaping.

The data (../shared/data/external, see its SOURCES.md) is not part of the repository;
these tests are skipped when it is absent.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from equity.core.game.board import Board
from equity.core.game.cards import Seat
from equity.core.game.errors import BoardError
from equity.formats import load_board, read_boards
from equity.formats.facts import contract_from_calls as own_contract
from tests.oracle_endplay import endplay_contract


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.suffix.lower() in (".pbn", ".lin"))


def test_every_file_reads_without_an_exception_escaping(external: Path) -> None:
    files = _files(external)
    assert len(files) > 800
    counts: Counter[str] = Counter()
    bad_files: Counter[str] = Counter()
    for path in files:
        for item in read_boards(path):
            if isinstance(item, BoardError):
                counts["errors"] += 1
                bad_files[path.parent.name] += 1
                assert item.source == str(path) and item.board
            else:
                assert isinstance(item, Board)
                counts["boards"] += 1
                counts["with play"] += item.play is not None
    assert counts["boards"] > 10_000
    assert counts["with play"] > 10_000
    # only the PBN verifier's test files (made to hold errors) fail to read
    assert set(bad_files) <= {"pbn-verifier-tests"}, bad_files
    assert counts["errors"] < 30


def test_verifier_game_3_has_the_irregularity_marks(external: Path) -> None:
    boards = list(read_boards(external / "pbn-verifier-tests" / "correct_10.pbn"))
    b = boards[2]
    assert isinstance(b, Board) and b.index == 3 and b.play is not None
    assert b.play.marks == {(2, Seat.E): "R", (3, Seat.E): "R", (2, Seat.S): "L"}
    assert b.play.leaders[1] == Seat.S
    assert b.contract is not None and b.contract.declarer == Seat.S and b.result == 5


def test_bbo_daylong_boards_have_complete_play(external: Path) -> None:
    complete = 0
    for path in sorted((external / "ben-bbo-daylong").glob("*.pbn")):
        for b in read_boards(path):
            assert isinstance(b, Board), b
            if b.play is not None:
                cards = [c for trick in b.play.tricks for c in trick if c is not None]
                if len(cards) == 52:
                    complete += 1
                    assert len(set(cards)) == 52
                    assert not b.play.claimed
    assert complete >= 290


def test_rpbridge_other_table_inherits_the_deal(external: Path) -> None:
    boards = read_boards(external / "endplay-tests" / "tests_pbn_example3.pbn")
    first, second = next(boards), next(boards)
    assert isinstance(first, Board) and isinstance(second, Board)
    assert second.number == first.number == 1 and second.deal == first.deal
    assert second.contract is not None and str(second.contract) == "4SX"


def test_vugraph_lin_boards_have_numbers_and_claims(external: Path) -> None:
    path = external / "bridgebots-tests" / "usbf_sf_14502.lin"
    boards = [b for b in read_boards(path) if isinstance(b, Board)]
    assert len(boards) >= 28
    b = load_board(path, 46)
    assert b.tags["qx"] == "o46" and b.result == 10 and b.play is not None
    assert b.contract is not None and str(b.contract) == "4H" and b.contract.declarer == Seat.E


def test_lin_auctions_agree_with_endplay(external: Path) -> None:
    from equity.formats.lin import _call, split_boards

    checked = 0
    for path in _files(external):
        if path.suffix != ".lin":
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for raw in split_boards(f):
                md = next((t for t in raw.tokens if t.key == "md"), None)
                if md is None or not md.value[:1].isdigit():
                    continue
                dealer = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}[md.value[0]]
                try:
                    calls = [_call(t) for t in raw.tokens if t.key == "mb"]
                except BoardError:
                    continue
                assert own_contract(dealer, calls) == endplay_contract(dealer, calls)
                checked += 1
    assert checked > 700
