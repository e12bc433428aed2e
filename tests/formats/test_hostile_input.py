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
