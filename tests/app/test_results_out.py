"""Handing a ruling to the scorer: the session's results as --traveller (USEBIO XML, PBN
ScoreTable), --pairs naming the ruled table, and --results-out writing the same file back
with that line replaced by a weighted ruling: every other line unchanged, the match
points those of an independent computation, the USEBIO file keeping the 1.2 DTD's
element order and required elements and read back by equity's own reader."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from equity.app.cli import main
from equity.core.game.traveller import TravellerError
from equity.formats.scoretable import artificial_values, read_score_table, replace_row
from equity.formats.usebio import (
    UsebioFile,
    artificial_score,
    parse_score,
    read_usebio,
    replace_line,
)
from tests.builders import CASES, QUICK_ARGS

CASE = CASES / "001_3nt_east_diamond_discard.pbn"
WEIGHTED = (*QUICK_ARGS, "--outcome", "10", "--outcome", "9", "--weight", "outcome1=0.6",
            "--weight", "outcome2=0.4")
"""Seed 001 (3NT by East, table 6 tricks) ruled 60% ten tricks (-430), 40% nine (-400): the
Director's outcomes, weighted by him (the other lines get what is left: nothing)."""
COMPONENTS = ((0.6, -430), (0.4, -400))

RULED = ("3", "8")
BOARD1 = [  # (NS, EW, contract, by, lead, tricks, score): the ruled table first as played
    ("3", "8", "3NT", "E", "S4", 6, "150"),
    ("1", "2", "3NT", "E", "S4", 10, "-430"),
    ("2", "4", "3NT", "E", "H2", 9, "-400"),
    ("4", "6", "3NT", "E", "S4", 10, "-430"),
    ("5", "1", "4S", "E", "D7", 11, "-450"),
    ("6", "3", "3NT", "E", "S4", 7, "100"),
    ("7", "5", "3NT", "E", "S4", 9, "-400"),
    ("8", "7", "", "", "", None, "A6040"),
]
BOARD2 = [("3", "8", "4H", "S", "CA", 10, "420"), ("1", "2", "4H", "S", "CA", 9, "-50")]


def field_mps(score: int, field: list[int], top: float) -> float:
    """Independent: a share of the top for each score beaten, half a share for a tie."""
    per = top / len(field)
    return sum(per if score > s else per / 2 if score == s else 0.0 for s in field)


def expected(top: float) -> tuple[float, float]:
    field = [int(s) for ns, ew, *_, s in BOARD1 if (ns, ew) != RULED and not s.startswith("A")]
    ns = sum(w * field_mps(s, field, top) for w, s in COMPONENTS)
    ew = sum(w * (top - field_mps(s, field, top)) for w, s in COMPONENTS)
    return ns, ew


def beat(x: int, y: int, per: float) -> float:
    return per if x > y else per / 2 if x == y else 0.0


def rescored(top: float, ns: tuple[tuple[float, int], ...] = COMPONENTS,
             ew: tuple[tuple[float, int], ...] = COMPONENTS
             ) -> dict[tuple[str, str], tuple[float, float]]:
    """Independent: board 1's other ordinary lines against each other and, component by
    component, against the ruled table's weighted result (N-S against its N-S result, E-W
    against its E-W one), a share of the top a comparison."""
    rows = [(n, e, int(s)) for n, e, *_, s in BOARD1
            if (n, e) != RULED and not s.startswith("A")]
    out = {}
    for n, e, mine in rows:
        rest = [s for a, b, s in rows if (a, b) != (n, e)]
        per = top / (len(rest) + 1)
        out[(n, e)] = (sum(beat(mine, s, per) for s in rest)
                       + sum(w * beat(mine, c, per) for w, c in ns),
                       sum(beat(-mine, -s, per) for s in rest)
                       + sum(w * beat(-mine, -c, per) for w, c in ew))
    return out


def others_mps(rows: list[tuple[str, str, str, str, str, int | None, str]],
               top: float) -> dict[tuple[str, str], tuple[float, float]]:
    ordinary = [int(r[6]) for r in rows if not r[6].startswith("A")]
    out = {}
    for r in rows:
        if r[6].startswith("A"):
            out[(r[0], r[1])] = (top * int(r[6][1:3]) / 100, top * int(r[6][3:5]) / 100)
            continue
        rest = list(ordinary)
        rest.remove(int(r[6]))
        ns = field_mps(int(r[6]), rest, top)
        out[(r[0], r[1])] = (ns, top - ns)
    return out


def usebio_text(boards: tuple[tuple[int, list[tuple[str, str, str, str, str, int | None, str]]],
                               ...] = ((1, BOARD1), (2, BOARD2))) -> str:
    def board(number: int, rows: list[tuple[str, str, str, str, str, int | None, str]]) -> str:
        mps = others_mps(rows, 2.0 * (len(rows) - 2) if number == 1 else 2.0)
        lines = []
        for ns, ew, contract, by, lead, tricks, score in rows:
            optional = (f"        <CONTRACT>{contract}</CONTRACT>\n"
                        f"        <PLAYED_BY>{by}</PLAYED_BY>\n"
                        f"        <LEAD>{lead}</LEAD>\n"
                        f"        <TRICKS>{tricks}</TRICKS>\n") if contract else ""
            lines.append(
                "      <TRAVELLER_LINE>\n"
                f"        <NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>\n"
                f"        <EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>\n{optional}"
                f"        <SCORE>{score}</SCORE>\n"
                f"        <NS_MATCH_POINTS>{mps[(ns, ew)][0]:g}</NS_MATCH_POINTS>\n"
                f"        <EW_MATCH_POINTS>{mps[(ns, ew)][1]:g}</EW_MATCH_POINTS>\n"
                "      </TRAVELLER_LINE>\n")
        return (f"    <BOARD>\n      <BOARD_NUMBER>{number}</BOARD_NUMBER>\n"
                + "".join(lines) + "    </BOARD>\n")

    return ('<?xml version="1.0" encoding="ISO-8859-1"?>\r\n'
            '<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">\r\n'
            '<USEBIO Version="1.2">\n  <CLUB>\n    <CLUB_NAME>Caf\xe9 Bridge</CLUB_NAME>\n'
            '  </CLUB>\n  <EVENT EVENT_TYPE="MP_PAIRS">\n'
            "    <EVENT_DESCRIPTION>Tuesday pairs</EVENT_DESCRIPTION>\n"
            "    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>\n"
            + "".join(board(n, rows) for n, rows in boards) + "  </EVENT>\n</USEBIO>\n")


def score_table_text() -> str:
    """A PBN file with score tables, matchpoints one a table beaten (top 5 on board 1)."""
    spec = ("PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;"
            "Score_EW\\6R;MP_NS\\4R;MP_EW\\4R")
    out = ["% PBN 2.1", "% EXPORT", ""]
    for number, rows, top in ((1, BOARD1, 5.0), (2, BOARD2, 1.0)):
        mps = others_mps(rows, top)
        out += ['[Event "Tuesday pairs"]', f'[Board "{number}"]',
                f'[ScoreTable "{spec if number == 1 else "#"}"]']
        for ns, ew, contract, by, _, tricks, score in rows:
            if score.startswith("A"):
                cells = [ns, ew, "-", "-", "-", "-", "-", f"^{mps[(ns, ew)][0]:g}",
                         f"^{mps[(ns, ew)][1]:g}"]
            else:
                s = int(score)
                cells = [ns, ew, contract, by, str(tricks), str(s) if s >= 0 else "-",
                         "-" if s >= 0 else str(-s), f"{mps[(ns, ew)][0]:g}",
                         f"{mps[(ns, ew)][1]:g}"]
            widths = (2, 2, 4, 1, 2, 6, 6, 4, 4)
            out.append(" ".join(c.rjust(w) if k not in (2,) else c.ljust(w)
                                for k, (c, w) in enumerate(zip(cells, widths, strict=True))))
        out.append("")
    return "\r\n".join(out) + "\r\n"


@pytest.fixture
def usebio(tmp_path: Path) -> Path:
    path = tmp_path / "session.xml"
    path.write_bytes(usebio_text().encode("latin-1"))
    return path


@pytest.fixture
def score_table(tmp_path: Path) -> Path:
    path = tmp_path / "session.pbn"
    path.write_bytes(score_table_text().encode("latin-1"))
    return path


def unchanged_outside(before: bytes, after: bytes) -> tuple[list[bytes], list[bytes]]:
    """The lines that differ, after checking that every line before and after the ruled
    block (from its first differing line to its last) is byte for byte the same."""
    a, b = before.splitlines(keepends=True), after.splitlines(keepends=True)
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    changed_a, changed_b = a[head:len(a) - tail], b[head:len(b) - tail]
    assert a[:head] == b[:head] and a[len(a) - tail:] == b[len(b) - tail:]
    assert changed_b, "nothing was replaced"
    return changed_a, changed_b


# --- USEBIO -------------------------------------------------------------------------------

DTD_1_2 = {
    # The content models of the elements equity reads and writes, in the USEBIO 1.2
    # order of the elements (as the USEBIO specification lists them for a board and a
    # traveller line; the DTD file itself is not bundled): ? optional, * repeated, no
    # sign required. Other elements of a line are not written by equity.
    "BOARD": "BOARD_NUMBER TRAVELLER_LINE*",
    "TRAVELLER_LINE": "NS_PAIR_NUMBER EW_PAIR_NUMBER CONTRACT? PLAYED_BY? LEAD? TRICKS? "
                      "SCORE NS_MATCH_POINTS? EW_MATCH_POINTS?",
}


def valid_structure(root: ET.Element) -> list[str]:
    """Problems of ``root`` against :data:`DTD_1_2` (element order, required elements)."""
    problems = []
    if root.tag != "USEBIO" or root.get("Version") != "1.2":
        problems.append(f"root {root.tag} Version {root.get('Version')}")
    for tag, model in DTD_1_2.items():
        pattern = "".join(f"(?:{name[:-1]} )*" if name.endswith("*")
                          else f"(?:{name[:-1]} )?" if name.endswith("?") else f"{name} "
                          for name in model.split())
        for el in root.iter(tag):
            kids = "".join(f"{c.tag} " for c in el)
            if not re.fullmatch(pattern, kids):
                problems.append(f"{tag}: {kids.strip()}")
    return problems


def test_the_structure_check_rejects_a_wrong_order_and_a_missing_element() -> None:
    bad = ET.fromstring('<USEBIO Version="1.2"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
                        "<TRAVELLER_LINE><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><NS_PAIR_NUMBER>1"
                        "</NS_PAIR_NUMBER><SCORE>1</SCORE></TRAVELLER_LINE><TRAVELLER_LINE>"
                        "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
                        "</TRAVELLER_LINE></BOARD></USEBIO>")
    assert len(valid_structure(bad)) == 2
    assert valid_structure(ET.fromstring(usebio_text().encode("latin-1"))) == []


def test_usebio_weighted_ruling_written_back_with_its_match_points(
        usebio: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ruled.xml"
    assert main(["rule", str(CASE), *WEIGHTED, "--traveller", str(usebio), "--pairs", "3-8",
                 "--results-out", str(out)]) == 0
    said = capsys.readouterr()
    text = " ".join(said.out.split())  # the text is wrapped at 100 columns
    before, after = usebio.read_bytes(), out.read_bytes()
    old, new = unchanged_outside(before, after)
    # the changed block is board 1's lines: the ruled line's elements (and the comment put
    # first in it), then the other lines' match points and nothing else of theirs
    assert old[0] == b"        <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>\n"
    assert new[0].startswith(b"        <!-- equity: weighted score") and new[1:6] == old[:5]
    assert old[-1].startswith(b"        <EW_MATCH_POINTS>") and len(new) == len(old) + 1
    differ = [(a, b) for a, b in zip(old[9:], new[10:], strict=True) if a != b]
    assert differ and all(a.strip().startswith((b"<NS_MATCH_POINTS>", b"<EW_MATCH_POINTS>"))
                          and b.strip()[:17] == a.strip()[:17] for a, b in differ)
    assert "the other 6 tables' match points against it" in said.err
    top = 2.0 * 6  # the traveller's scale: 2 a table beaten, 6 other ordinary scores
    ns, ew = expected(top)
    back = read_usebio(out).traveller.line(1, RULED)
    assert back.ns_mp == pytest.approx(ns, abs=0.005) and back.ew_mp == pytest.approx(ew,
                                                                                     abs=0.005)
    assert back.score_ns == round(0.6 * -430 + 0.4 * -400) and back.tricks == 10
    assert valid_structure(ET.fromstring(after)) == []
    assert len(new) - len(old) == 1  # the comment naming the components
    assert b"60% 3NT by E +1 (-430), 40% 3NT by E = (-400)" in b"".join(new)
    assert "For the scorer: board 1, N-S 3 v E-W 8" in text and "type 60% -430 / 40% -400" \
        in text
    # the other lines of board 1 are scored again against the ruling (the artificial one
    # keeps its own), everything else of theirs unchanged; board 2 is untouched
    again, was = read_usebio(out).traveller, read_usebio(usebio).traveller
    for pairs, (ns_mp, ew_mp) in rescored(top).items():
        line = again.line(1, pairs)
        assert line.ns_mp == pytest.approx(ns_mp, abs=0.005), pairs
        assert line.ew_mp == pytest.approx(ew_mp, abs=0.005), pairs
        assert line.score_ns == was.line(1, pairs).score_ns
    assert again.line(1, ("8", "7")) == was.line(1, ("8", "7"))
    assert again.board(2) == was.board(2)


def test_without_pairs_a_traveller_with_several_lines_is_refused(
        usebio: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The ruled table's own result would be in its field: other match points, silently."""
    assert main(["rule", str(CASE), *QUICK_ARGS, "--traveller", str(usebio)]) == 1
    err = capsys.readouterr().err
    assert "board 1 of the traveller" in err and "has 8 lines (3-8, 1-2, 2-4" in err
    assert "--pairs NS-EW" in err


def test_other_match_points_not_scored_as_equity_scores_them_are_left_and_said(
        usebio: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file whose match points another method made (here one line's off by a point):
    equity writes the ruled line only, and says in one line that the board needs
    re-scoring."""
    text = usebio.read_bytes().replace(b"<NS_MATCH_POINTS>10</NS_MATCH_POINTS>",
                                       b"<NS_MATCH_POINTS>9</NS_MATCH_POINTS>", 1)
    assert text != usebio.read_bytes()
    usebio.write_bytes(text)
    out = tmp_path / "ruled.xml"
    assert main(["rule", str(CASE), *WEIGHTED, "--traveller", str(usebio), "--pairs", "3-8",
                 "--results-out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "re-score board 1" in err
    old, new = unchanged_outside(usebio.read_bytes(), out.read_bytes())
    assert len(old) == 9 and len(new) == 10  # the ruled line alone, with its comment


def test_usebio_field_leaves_out_the_ruled_table_and_artificial_scores(usebio: Path) -> None:
    t = read_usebio(usebio).traveller
    assert t.field(1, RULED) == (-430, -400, -430, -450, 100, -400)
    assert t.line(1, ("8", "7")).artificial == (60.0, 40.0)
    assert t.top(1, RULED) == 12.0


def test_rule_json_carries_the_scorer_entry(usebio: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(CASE), *WEIGHTED, "--traveller", str(usebio), "--pairs", "3-8",
                 "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    entry = obj["ruling"]["scorer_entry"]
    ns, ew = expected(12.0)
    assert entry["ns_mp"] == pytest.approx(ns, abs=1e-4) and entry["top"] == 12.0
    assert entry["ew_mp"] == pytest.approx(ew, abs=1e-4)
    assert entry["typed_ns"] == "60% -430 / 40% -400" and entry["weighted"]
    assert [c["score_ns"] for c in entry["ns"]] == [-430, -400]
    # the ruling compares in matchpoints against the traveller without the table's own line
    assert obj["ruling"]["form"] == "mp"


def test_usebio_artificial_score_notation() -> None:
    assert parse_score("A6040") == (None, (60.0, 40.0))
    assert parse_score("-430") == (-430, None)
    assert artificial_score(60, 40) == "A6040"
    with pytest.raises(ValueError):
        parse_score("A60")


def test_replace_line_adds_missing_elements_in_the_dtd_order(usebio: Path) -> None:
    f = read_usebio(usebio)
    data = replace_line(f, 1, ("8", "7"), {"SCORE": artificial_score(50, 50),
                                           "TRICKS": "9", "NS_MATCH_POINTS": "6"})
    root = ET.fromstring(data)
    assert valid_structure(root) == []
    back = read_usebio_bytes(data, usebio.parent / "again.xml")
    assert back.traveller.line(1, ("8", "7")).artificial == (50.0, 50.0)
    assert back.traveller.line(1, ("8", "7")).tricks == 9


def read_usebio_bytes(data: bytes, path: Path) -> UsebioFile:
    path.write_bytes(data)
    return read_usebio(path)


@pytest.mark.parametrize(("what", "message"), [
    ("pairs not on the board", "board 1 of the traveller"),
    ("board not on the traveller", "has no board 1 (it holds boards 2-2)"),
])
def test_a_traveller_that_cannot_serve_the_board_is_the_boards_error(
        usebio: Path, capsys: pytest.CaptureFixture[str], what: str, message: str) -> None:
    pairs = "3-9" if what == "pairs not on the board" else "3-8"
    if what == "board not on the traveller":
        text = usebio.read_text(encoding="latin-1")
        start, end = text.index("    <BOARD>"), text.index("    </BOARD>\n") + 13
        usebio.write_text(text[:start] + text[end:], encoding="latin-1")
    assert main(["rule", str(CASE), *QUICK_ARGS, "--traveller", str(usebio), "--pairs",
                 pairs]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "board 1" in err


def test_malformed_usebio_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text('<USEBIO Version="1.2"><BOARD><BOARD_NUMBER>1</BOARD></USEBIO>')
    assert main(["rule", str(CASE), *QUICK_ARGS, "--traveller", str(bad), "--pairs",
                 "3-8"]) == 2
    err = capsys.readouterr().err
    assert "not well-formed XML" in err and "line 1" in err and len(err.splitlines()) == 1
    with pytest.raises(TravellerError, match="not a USEBIO file"):
        other = tmp_path / "other.xml"
        other.write_text("<html/>")
        read_usebio(other)


def test_results_out_needs_pairs(usebio: Path, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(CASE), "--traveller", str(usebio), "--results-out",
                 str(tmp_path / "x.xml")]) == 2
    assert "--pairs" in capsys.readouterr().err


# --- PBN ScoreTable -----------------------------------------------------------------------


def test_score_table_weighted_ruling_written_back_with_its_match_points(
        score_table: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ruled.pbn"
    assert main(["rule", str(CASE), *WEIGHTED, "--traveller", str(score_table), "--pairs",
                 "3-8", "--results-out", str(out)]) == 0
    before, after = score_table.read_bytes(), out.read_bytes()
    old, new = unchanged_outside(before, after)
    # board 1's rows: the ruled row, then the others' match points scored again
    assert len(old) == len(new) == 7  # the ruled row to the last ordinary one
    assert old[0].startswith(b" 3  8 3NT ") and new[0].startswith(b" 3  8 3NT ")
    assert all(a[:30] == b[:30] for a, b in zip(old[1:], new[1:], strict=True))
    again = read_score_table(out).traveller
    for pairs, (ns_mp, ew_mp) in rescored(5.0).items():
        assert again.line(1, pairs).ns_mp == pytest.approx(ns_mp, abs=0.005), pairs
        assert again.line(1, pairs).ew_mp == pytest.approx(ew_mp, abs=0.005), pairs
    ns, ew = expected(5.0)  # this traveller's scale: one a table beaten
    back = read_score_table(out).traveller.line(1, RULED)
    assert back.ns_mp == pytest.approx(ns, abs=0.005)
    assert back.ew_mp == pytest.approx(ew, abs=0.005)
    assert back.score_ns == -418 and back.tricks == 10
    assert new[0].endswith(b"\r\n")


def test_score_table_reads_repeated_columns_and_artificial_rows(score_table: Path) -> None:
    t = read_score_table(score_table).traveller
    assert t.field(1, RULED) == (-430, -400, -430, -450, 100, -400)
    assert t.line(1, ("8", "7")).artificial == pytest.approx((60.0, 40.0))
    assert t.line(2, ("1", "2")).score_ns == -50  # [ScoreTable "#"]: board 1's columns
    assert t.top(1, RULED) == 5.0


def test_score_table_row_keeps_its_width_when_the_value_is_longer(score_table: Path) -> None:
    f = read_score_table(score_table)
    data = replace_row(f, 2, ("1", "2"), {"Score_EW": "1100", "MP_NS": "0.25"})
    row = next(line for line in data.splitlines() if line.startswith(b" 1  2 4H"))
    old = next(line for line in score_table.read_bytes().splitlines()
               if line.startswith(b" 1  2 4H"))
    assert len(row) == len(old) and b"  1100 0.25" in row


def test_a_split_ruling_gives_each_side_its_own_match_points(
        usebio: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Non-reciprocal (policy favourable): the non-offenders E-W get ten tricks (-430),
    the offending N-S are charged with eleven (-460)."""
    out = tmp_path / "split.xml"
    assert main(["rule", str(CASE), *QUICK_ARGS, "--outcome", "10", "--outcome", "9",
                 "--outcome", "11", "--weight", "outcome1=0.5", "--weight", "outcome2=0.25",
                 "--weight", "outcome3=0.25", "--policy", "favourable", "--traveller", str(usebio),
                 "--pairs", "3-8", "--results-out", str(out)]) == 0
    assert "type N-S -460, E-W -430" in " ".join(capsys.readouterr().out.split())
    field = [int(s) for ns, ew, *_, s in BOARD1 if (ns, ew) != RULED and not s.startswith("A")]
    back = read_usebio(out).traveller.line(1, RULED)
    assert back.ns_mp == field_mps(-460, field, 12.0)
    assert back.ew_mp == 12.0 - field_mps(-430, field, 12.0)
    assert valid_structure(ET.fromstring(out.read_bytes())) == []


def test_score_table_artificial_score_is_written_with_a_caret(score_table: Path,
                                                              tmp_path: Path) -> None:
    f = read_score_table(score_table)
    data = replace_row(f, 1, ("1", "2"), artificial_values(60, 40, 5.0))
    again = tmp_path / "again.pbn"
    again.write_bytes(data)
    back = read_score_table(again).traveller
    assert back.line(1, ("1", "2")).artificial == (60.0, 40.0)
    assert back.line(1, ("1", "2")).score_ns is None
    assert back.field(1).count(-430) == 1  # only 4-6 ordinary -430 is left


# --- One results file, several rulings (issue 42, 2) ---------------------------------------


def _two_boards(tmp_path: Path) -> tuple[Path, Path]:
    """Seed 001 as boards 1 and 2, and a traveller whose two boards are :data:`BOARD1`
    (the ruled table N-S 3 v E-W 8, 3NT by East, six tricks)."""
    case = tmp_path / "two.pbn"
    seed = CASE.read_text()
    case.write_text(seed + "\n" + seed.replace('[Board "1"]', '[Board "2"]'))
    traveller = tmp_path / "session.xml"
    traveller.write_bytes(usebio_text(((1, BOARD1), (2, BOARD1))).encode("latin-1"))
    return case, traveller


def _rule_into(case: Path, traveller: Path, board: int, out: Path) -> list[str]:
    return ["rule", str(case), "--board", str(board), "--traveller", str(traveller),
            "--pairs", "3-8", "--results-out", str(out), "--no-equity"]


def _ruled_scores(out: Path) -> list[int | None]:
    t = read_usebio(out).traveller
    return [t.line(n, RULED).score_ns for n in (1, 2)]


def test_two_results_out_runs_on_one_file_keep_both_rulings(tmp_path: Path) -> None:
    """The second run writes its ruling into the file the first wrote (the same
    session's results), not into a fresh copy of the traveller that drops the first."""
    case, traveller = _two_boards(tmp_path)
    out = tmp_path / "ruled.xml"
    assert main(_rule_into(case, traveller, 1, out)) == 0
    first = _ruled_scores(out)
    assert first[0] != 150 and first[1] == 150
    assert main(_rule_into(case, traveller, 2, out)) == 0
    assert _ruled_scores(out) == [first[0], first[0]]


def test_two_results_out_runs_at_once_both_land_ten_times_in_ten(tmp_path: Path) -> None:
    """Two runs ruling boards 1 and 2 into one file at once, ten times: both rulings are
    in the file every time (each run re-reads the file under its lock), both exit 0, and
    no lock or temporary file is left."""
    import os
    import subprocess
    import sys

    from tests.builders import ROOT

    for attempt in range(10):
        folder = tmp_path / str(attempt)
        folder.mkdir()
        case, traveller = _two_boards(folder)
        out = folder / "ruled.xml"
        runs = [subprocess.Popen([sys.executable, "-m", "equity.app.cli",
                                  *_rule_into(case, traveller, n, out)], cwd=folder,
                                 env={**os.environ, "PYTHONPATH": str(ROOT)},
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                for n in (1, 2)]
        for run in runs:
            _, err = run.communicate(timeout=300)
            assert run.returncode == 0, err
        scores = _ruled_scores(out)
        assert scores[0] == scores[1] != 150, (attempt, scores)
        assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize("held", [b"not a results file\n", "other session"])
def test_results_out_refuses_a_file_that_is_not_this_sessions_results(
        tmp_path: Path, held: bytes | str, capsys: pytest.CaptureFixture[str]) -> None:
    case, traveller = _two_boards(tmp_path)
    out = tmp_path / "ruled.xml"
    data = held if isinstance(held, bytes) else usebio_text().encode("latin-1")
    out.write_bytes(data)
    assert main(_rule_into(case, traveller, 1, out)) == 2
    err = capsys.readouterr().err
    assert "--results-out" in err and str(out) in err and "new" in err, err
    assert out.read_bytes() == data


def test_writing_a_large_traveller_back_holds_no_copy_of_it(tmp_path: Path) -> None:
    """Issue 42, 7: the edits are written as pieces of the file read, not applied one by
    one to copies of it (a 50 MB file peaked at 576 MB). Memory counted by tracemalloc:
    the run's peak is the reading's, plus less than the file once over."""
    import tracemalloc

    traveller = tmp_path / "session.xml"
    filler = tuple((n, BOARD2) for n in range(2, 12_000))
    traveller.write_bytes(usebio_text(((1, BOARD1), *filler)).encode("latin-1"))
    size = traveller.stat().st_size

    def rule(out: str) -> int:
        return main(["rule", str(CASE), "--traveller", str(traveller), "--pairs", "3-8",
                     "--results-out", str(tmp_path / out), "--no-equity"])

    assert rule("warm.xml") == 0  # the modules a ruling imports are not counted
    tracemalloc.start()
    try:
        read_usebio(traveller)
        _, reading = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        assert rule("ruled.xml") == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert size > 8e6 and peak < reading + size / 2, (size, reading, peak)


# --- --pairs against the ruled board's record (issue 42, 5) -------------------------------


@pytest.mark.parametrize("out", [True, False], ids=["results-out", "field only"])
def test_pairs_naming_another_tables_line_are_refused(
        usebio: Path, tmp_path: Path, out: bool, capsys: pytest.CaptureFixture[str]) -> None:
    """N-S 2 v E-W 4 made 3NT (9 tricks, -400); the ruled record is 3NT by East, six
    tricks (+150), seven after the transfer: a mistyped --pairs is the board's error,
    nothing is written and no other line is re-matchpointed."""
    ruled = tmp_path / "ruled.xml"
    args = ["rule", str(CASE), "--traveller", str(usebio), "--pairs", "2-4", "--no-equity"]
    assert main([*args, *(("--results-out", str(ruled)) if out else ())]) == 1
    err = capsys.readouterr().err
    assert "--pairs 2-4" in err and "9 tricks" in err and "-400" in err, err
    assert "board 1" in err and not ruled.exists()


def test_pairs_naming_the_ruled_tables_line_are_taken(
        usebio: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(CASE), "--traveller", str(usebio), "--pairs", "3-8",
                 "--no-equity", "--results-out", str(tmp_path / "ruled.xml")]) == 0


def test_results_out_with_rows_writes_the_ruling(
        usebio: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It wrote nothing, and said nothing, when the case came as --rows."""
    from tests.builders import ROWS_001

    rows = tmp_path / "rows.txt"
    rows.write_text(ROWS_001)
    ruled = tmp_path / "ruled.xml"
    assert main(["rule", "--rows", str(rows), "--deal", str(CASE), "--traveller", str(usebio),
                 "--pairs", "3-8", "--no-equity", "--results-out", str(ruled)]) == 0
    assert read_usebio(ruled).traveller.line(1, RULED).score_ns == 100
