"""Hostile values in the files the readers take: each is refused with one line naming
the file, the board or field, and what is wrong (exit 1 for a board, 2 for a traveller),
never an internal error (exit 3) and never a silent reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from equity.app.cli import main
from equity.formats import read_boards
from equity.formats.text_lines import not_text
from tests.builders import CASES

CASE = CASES / "001_3nt_east_diamond_discard.pbn"
QUICK = ("--samples", "8")
TABLE = '[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R;Score_EW\\6R"]\n'


def _rule(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["rule", *args, *QUICK])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
def test_a_pbn_file_in_utf16_or_utf32_is_refused_naming_the_encoding(
        tmp_path: Path, encoding: str, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "case.pbn"
    f.write_bytes(CASE.read_text(encoding="utf-8").encode(encoding))
    code, err = _rule([str(f)], capsys)
    assert code == 1 and str(f) in err and encoding[:6].upper() in err
    assert "malformed" not in err and len(err.splitlines()) == 1


def test_a_lin_file_with_nul_separators_is_refused(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "nul.lin"
    f.write_bytes(b"pn\x00South,West,North,East\x00md\x003SAKHAK\x00pc\x00SA\x00")
    code, err = _rule([str(f)], capsys)
    assert code == 1 and "NUL" in err and "nothing to rule" not in err


def test_a_lin_file_whose_separators_are_not_bars_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "semi.lin"
    f.write_text("pn;South,West,North,East;md;3SAKHAK;pc;SA;\n")
    code, err = _rule([str(f)], capsys)
    assert code == 1 and "no '|'" in err and str(f) in err


def test_not_text_tells_utf16_without_a_byte_order_mark() -> None:
    assert "UTF-16" in (not_text('[Event "x"]\n'.encode("utf-16-le")) or "")
    assert not_text(b'[Event "caf\xc3\xa9"]\n') is None


@pytest.mark.parametrize("value", ["", ";;;;", " ; "])
def test_an_empty_equity_withdrawn_tag_is_refused(tmp_path: Path, value: str) -> None:
    f = tmp_path / "w.pbn"
    f.write_text(CASE.read_text().replace("[Deal ", f'[EquityWithdrawn "{value}"]\n[Deal ', 1))
    (item,) = list(read_boards(f))
    assert isinstance(item, ValueError)
    assert "[EquityWithdrawn]" in str(item) and "board 1" in str(item)
    assert "names no withdrawn card" in str(item)


@pytest.mark.parametrize("score", ["9" * 4000, "nan", "inf", "1e999"])
def test_a_score_table_score_that_is_no_score_is_refused(
        tmp_path: Path, score: str, capsys: pytest.CaptureFixture[str]) -> None:
    t = tmp_path / "session.pbn"
    t.write_text(f"{TABLE} 3  8 150 -\n 1  2 {score} -\n")
    code, err = _rule([str(CASE), "--traveller", str(t), "--pairs", "3-8"], capsys)
    assert code == 2 and "board 1" in err and "Score_NS" in err and len(err) < 400


@pytest.mark.parametrize("score", ["9" * 4000, "1e999", "nan"])
def test_a_usebio_score_or_match_points_that_are_no_number_are_refused(
        tmp_path: Path, score: str, capsys: pytest.CaptureFixture[str]) -> None:
    t = tmp_path / "session.xml"
    line = ("<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>8"
            "</EW_PAIR_NUMBER><SCORE>{s}</SCORE><NS_MATCH_POINTS>{m}</NS_MATCH_POINTS>"
            "</TRAVELLER_LINE>")
    for s, m, field in ((score, "1", "SCORE"), ("100", score, "NS_MATCH_POINTS")):
        t.write_text(f'<USEBIO Version="1.2"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
                     f"{line.format(s=s, m=m)}</BOARD></USEBIO>")
        code, err = _rule([str(CASE), "--traveller", str(t), "--pairs", "3-8"], capsys)
        assert code == 2 and "board 1" in err and field in err and len(err) < 400


def test_a_usebio_file_in_an_unknown_encoding_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = tmp_path / "session.xml"
    t.write_text('<?xml version="1.0" encoding="x-klingon"?>\n<USEBIO Version="1.2"/>\n')
    code, err = _rule([str(CASE), "--traveller", str(t), "--pairs", "3-8"], capsys)
    assert code == 2 and str(t) in err and "x-klingon" in err and "encoding" in err


def test_an_empty_withdrawn_option_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _rule([str(CASE), "--withdrawn", ";;;;"], capsys)
    assert code == 2 and "--withdrawn" in err and "names no withdrawn card" in err


@pytest.mark.parametrize(("element", "value"), [("BOARD_NUMBER", "\u00b2"),
                                                ("TRICKS", "\u00b2"),
                                                ("TRICKS", "9" * 4301)])
def test_a_usebio_digit_that_int_refuses_is_refused_not_an_internal_error(
        tmp_path: Path, element: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    t = tmp_path / "session.xml"
    number, tricks = (value, "9") if element == "BOARD_NUMBER" else ("1", value)
    t.write_text(f'<USEBIO Version="1.2"><BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>'
                 "<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>8"
                 f"</EW_PAIR_NUMBER><SCORE>150</SCORE><TRICKS>{tricks}</TRICKS>"
                 "</TRAVELLER_LINE></BOARD></USEBIO>")
    code, err = _rule([str(CASE), "--traveller", str(t), "--pairs", "3-8"], capsys)
    assert code == 2 and "internal error" not in err and len(err) < 400, err
    assert (element if element == "TRICKS" else "BOARD_NUMBER") in err


def test_a_rows_board_number_too_long_for_int_is_refused_naming_the_line() -> None:
    from equity.core.game import BoardError
    from equity.formats.rows import parse_rows

    with pytest.raises(BoardError) as e:
        parse_rows("board: " + "9" * 4301 + "\nN: SA\n")
    assert "not a board number" in e.value.message and e.value.where.line == 1


def _with_nul_in_boards(path: Path, boards: int, bad: tuple[int, ...]) -> Path:
    """Seed 001 as boards 1..``boards``, a NUL byte in the first card of each board of
    ``bad`` (the first near the start of the file, another past its first 64 KiB)."""
    seed = CASE.read_text()
    games = [seed.replace('[Board "1"]', f'[Board "{n}"]') for n in range(1, boards + 1)]
    for n in bad:
        games[n - 1] = games[n - 1].replace("H7 H3 HJ HQ", "H\x007 H3 HJ HQ")
    path.write_text("\n".join(games), encoding="utf-8")
    return path


@pytest.mark.parametrize("reader", ["read_boards", "scan"])
def test_a_nul_byte_is_its_boards_error_wherever_it_is(tmp_path: Path, reader: str,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """Issue 42, 7: one NUL byte in the first 64 KiB refused all 300 boards of the file,
    and past it was read as any other bad character: now the board it is in is the error
    (naming the card), wherever it is, and the other boards are read."""
    f = _with_nul_in_boards(tmp_path / "300.pbn", 300, (1, 250))
    assert f.read_bytes().index(b"\x00") < 1 << 16 < f.read_bytes().rindex(b"\x00")
    if reader == "read_boards":
        items = list(read_boards(f))
        errors = [i for i in items if isinstance(i, ValueError)]
        assert len(items) == 300 and [e.board for e in errors] == ["board 1 (game 1)",
                                                                     "board 250 (game 250)"]
        assert all(e.where.tag == "Play" and e.where.trick == 1 for e in errors), errors
    else:
        assert main(["scan", str(f)]) == 1
        err = capsys.readouterr().err
        assert "298 boards screened" in err and "2 boards in error" in err, err


@pytest.mark.parametrize(("head", "said"), [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00", "not text"),
    (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xed\x9d\x00\x00", "not text"),
    (b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00>\x00", "not text"),
    (b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00", "not text"),
])
def test_a_binary_file_is_not_text_not_utf16(head: bytes, said: str) -> None:
    """Issue 42, 11: a binary file (an image, an archive, a program) was "UTF-16 text"."""
    why = not_text(head * 40) or ""
    assert said in why and "UTF-16" not in why, why


def test_one_nul_byte_does_not_make_a_file_binary() -> None:
    assert not_text(b'[Event "a\x00b"]\n' + b'[Board "1"]\n' * 100) is None
