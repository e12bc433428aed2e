"""The committee document (equity.render.document, `equity report`): for the seed cases, the HTML
page and the Markdown both hold the four hands, the revoke trick marked, every law step,
every candidate line and the final score as the scorer types it; text from the file is
escaped; the page is self-contained; the command writes it and fails cleanly."""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from msgspec.structs import replace

from equity.app.cli import main
from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.adjust.line import OUTCOME
from equity.core.adjust.ruling import Ruling
from equity.core.adjust.weights import Policy
from equity.core.game.board import Board
from equity.core.game.cards import Seat, Suit, suit_holding
from equity.core.game.facts import Facts
from equity.core.player.likely import DirectorOutcome
from equity.formats import read_boards
from equity.render.html import render_html
from equity.render.markdown import render_markdown
from equity.render.view import KIND_LABELS, board_view
from tests.builders import CASES

SEEDS = [
    ("001_3nt_east_diamond_discard", 1),
    ("003_board3_lead_requirement", 3),
    ("003_ebl_course_5c_two_heart_ruffs", 1),
    ("004_3nt_long_suit_killed", 1),
    ("004_3nt_long_suit_killed", 2),
]


def board(case: str, number: int | None = None) -> Board:
    for item in read_boards(CASES / f"{case}.pbn"):
        assert isinstance(item, Board)
        if number is None or item.number == number:
            return item
    raise LookupError(f"{case}: no board {number}")


def ruled(case: str, number: int | None = None, serious_error: bool = False) -> Ruling:
    """The board's ruling, made once per test session (real DDS: a second or more each)."""
    return _ruled(case, board(case, number).number, serious_error)


@cache
def _ruled(case: str, number: int | None, serious_error: bool) -> Ruling:
    return rule_board(board(case, number), RulingOptions(serious_error=serious_error))


class _Text(HTMLParser):
    """The text a reader sees (tags dropped, entities decoded), and the elements' attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    BLOCKS = frozenset({"td", "th", "li", "p", "dt", "dd", "div", "h1", "h2", "h3", "tr"})
    self_hidden: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        if tag in self.BLOCKS:
            self.parts.append(" ")
        if tag in ("style", "title"):
            self.self_hidden = tag

    def handle_endtag(self, tag: str) -> None:
        if tag == self.self_hidden:
            self.self_hidden = None

    def handle_data(self, data: str) -> None:
        if self.self_hidden is None:
            self.parts.append(data)


def parse(page: str) -> _Text:
    p = _Text()
    p.feed(page)
    return p


def seen(page: str) -> str:
    """The page's visible text with whitespace collapsed."""
    return " ".join("".join(parse(page).parts).split())


def unmd(text: str) -> str:
    """Markdown with its backslash escapes removed, whitespace collapsed."""
    return " ".join(re.sub(r"\\(.)", r"\1", text).split())


def holdings(b: Board, seat: Seat) -> list[str]:
    return ["".join("23456789TJQKA"[r - 2] for r in range(14, 1, -1)
                    if suit_holding(b.deal[seat], s) >> r & 1) or "—" for s in Suit]


def expected_texts(ruling: Ruling) -> list[str]:
    """What a reader must find: each step with its law, each line, the final score."""
    out = []
    for r in ruling.automatic.revokes:
        out += [f"Law {s.law}" for s in r.steps] + [s.text for s in r.steps]
    out += [f"Law {s.law}" for s in ruling.steps] + [s.text for s in ruling.steps]
    for line, _ in ruling.lines:
        out.append(ruling.score(((line.declarer_tricks, 1.0),)).scorer_text())
    for weighted in ruling.side_results().values():
        out.append(ruling.score(weighted).scorer_text())
    return out


# --- HTML --------------------------------------------------------------------------------


@pytest.mark.parametrize(("case", "number"), SEEDS)
def test_html_has_hands_revoke_steps_lines_and_score(case: str, number: int) -> None:
    ruling = ruled(case, number)
    page = render_html([ruling])
    p = parse(page)
    text = seen(page)
    hands = {a.get("data-seat"): a for tag, a in p.elements
             if tag == "div" and a.get("class") == "hand"}
    assert sorted(hands, key=str) == ["E", "N", "S", "W"]
    for seat in Seat:
        assert seat.long_name in text
        holding = holdings(ruling.automatic.replay.board, seat)
        hand_html = page.split(f'data-seat="{seat.name}"', 1)[1].split("</div>", 1)[0]
        assert all(f"</span>{h}</li>" in hand_html for h in holding), (seat, holding)
    rows = [a for tag, a in p.elements if tag == "tr" and a.get("class") == "revoke-trick"]
    assert len(rows) == len({r.revoke.trick for r in ruling.automatic.revokes})
    for n, r in enumerate(ruling.automatic.revokes, 1):
        assert f'title="revoke {n}"' in page
        row = next(x for x in page.split("<tr") if f'title="revoke {n}"' in x)
        assert 'class="revoke-trick"' in row and f"<td>{r.revoke.trick} " in row
    for want in expected_texts(ruling):
        assert want in text, want
    lines = [a for tag, a in p.elements if tag == "table" and a.get("class") == "lines"]
    assert len(lines) == len(ruling.assessments) > 0
    line_rows = page.count('<td data-label="Line">')
    assert line_rows == len(ruling.lines)
    for line, _ in ruling.lines:
        assert f"t{line.cards[0].trick} {line.cards[0].seat.name}" in text
    assert "Double dummy assumes perfect play" in text


def test_html_card_and_law_details_of_001() -> None:
    page = render_html([ruled("001_3nt_east_diamond_discard")])
    text = seen(page)
    assert "Revoke 1: trick 5, North, ♣2, ♦ led" in text
    assert "Established; 1 trick transferred to East-West (trick 6)." in text
    assert "Final score:" in text and "3NT by E +1 (-430)" in text
    assert "Table result 3NT by E -3 (+150)" in text
    assert 'class="revoke-card" title="revoke 1"><span>♣</span>2' in page
    assert '<span class="red">♦</span>' in page  # red suits are red
    assert "Policy Law 12C1(c)" in text and "Decision Law 64C" in text


def test_html_lead_requirement_and_second_revoke() -> None:
    text = seen(render_html([ruled("003_board3_lead_requirement", 3)]))
    assert "Requirements 1 W lead H" in text
    assert "West led ♦K at trick 1 but had to lead ♥" in text
    ebl = seen(render_html([ruled("003_ebl_course_5c_two_heart_ruffs")]))
    assert "Revoke 2: trick 4, South, ♣7, ♥ led" in ebl
    assert "Established; no trick transferred (Law 64B2)." in ebl
    assert "Law 64C2(a)" in ebl and "-2 for the earlier revoke's transfer = 8" in ebl


def test_page_is_self_contained_and_fits_phones_and_paper() -> None:
    page = render_html([ruled("001_3nt_east_diamond_discard")])
    assert page.startswith("<!DOCTYPE html>")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "@media print" in page and "@media (max-width:600px)" in page
    assert "break-inside:avoid" in page
    for remote in ("http://", "https://", "<script", "<link", "src=", "@import", "url("):
        assert remote not in page


def test_file_text_is_escaped() -> None:
    b = board("001_3nt_east_diamond_discard")
    evil = '<script>alert("x")</script> & *bold* | pipe'
    b = replace(b, source="a<b>.pbn", tags={**b.tags, "Event": evil,
                                             "North": "O'Brien <i>"})
    ruling = rule_board(b)
    page = render_html([ruling])
    assert "<script" not in page and "<i>" not in page and "a<b>" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; *bold*" in page
    assert evil in seen(page) and "North O'Brien <i>" in seen(page)
    md = render_markdown([ruling])
    assert "<script>" not in md and "\\<script\\>" in md and "\\*bold\\* \\| pipe" in md
    assert evil in unmd(md)


def test_board_without_revoke_gets_a_short_page() -> None:
    b = board("003_wrong_claim_ending", 1)
    ruling = rule_board(replace(b, facts=Facts()))  # the claim agreed, unstated
    page = render_html([ruling])
    text = seen(page)
    assert "No revoke in the play record" in text
    assert page.count('class="hand"') == 4
    assert 'class="tricks"' not in page and "Law 64C" not in text
    assert "No revoke in the play record" in render_markdown([ruling])


def test_a_ruling_on_the_claim_gets_its_section_with_every_line_judged() -> None:
    ruling = ruled("003_wrong_claim_ending", 1)
    page = render_html([ruling])
    text = seen(page)
    assert "The claim (Laws 68-71)" in text and "Statement: ruff a ♠; crossruff." in text
    assert "1. the award" in text and "not counted" in text and "Law 70A" in text
    assert "No revoke in the play record" not in text
    md = unmd(render_markdown([ruling]))
    assert "## The claim (Laws 68-71)" in md and "| 1. the award |" in md


def test_record_stopping_before_the_end_has_no_final_score() -> None:
    ruling = ruled("002_nonest_2_defender_ruffs_partner_asks")
    text = seen(render_html([ruling]))
    assert "The play record stops during trick 1, where the Director was called." in text
    assert "not a final score" in text and "Final score:" not in text
    assert "Not established: corrected (Law 62); no trick transferred." in text


def test_non_reciprocal_ruling_shows_each_sides_score() -> None:
    ruling = ruled("001_3nt_east_diamond_discard", serious_error=True)
    assert ruling.offenders_weighted is not None
    for page in (seen(render_html([ruling])), unmd(render_markdown([ruling]))):
        assert "Final score for East-West" in page and "Final score for North-South" in page
        for weighted in ruling.side_results().values():
            assert ruling.score(weighted).scorer_text() in page


def test_weighted_score_is_shown_as_the_scorer_types_it() -> None:
    # The Director names an outcome of 11 tricks beside the lines (declarer's side are the
    # non-offenders): by default it shares the weight with the lines, which give 10 tricks
    # or so, so the adjusted score is weighted over several results (Law 12C1(c)).
    ruling = rule_board(board("004_3nt_long_suit_killed", 1),
                        RulingOptions(policy=Policy.WEIGHTED,
                                      outcomes=(DirectorOutcome.parse("11", 1),)))
    assert any(line.kind == OUTCOME for line, _ in ruling.lines)
    assert len(ruling.weighted) > 1 and {t for t, _ in ruling.weighted} >= {10, 11}
    scorer = ruling.score().scorer_text()
    assert "% " in scorer
    assert scorer in seen(render_html([ruling]))
    assert scorer in unmd(render_markdown([ruling]))
    assert "expected N-S" in seen(render_html([ruling]))


def test_several_boards_get_a_contents_list_and_errors_a_section() -> None:
    from equity.core.game.errors import BoardError

    rulings = [ruled("004_3nt_long_suit_killed", n) for n in (1, 2)]
    err = BoardError("East does not hold <HK>", "x.pbn", "board 9")
    page = render_html(rulings, [err])
    assert page.count('<section class="board" id="board-') == 2
    assert 'href="#board-1"' in page and 'href="#board-2"' in page and 'id="errors"' in page
    assert "East does not hold &lt;HK&gt;" in page
    md = render_markdown(rulings, [err])
    assert md.count("\n# Board ") == 2 and "East does not hold \\<HK\\>" in md
    twice = render_html([rulings[0], rulings[0]])
    assert 'id="board-1"' in twice and 'id="board-1-2"' in twice


# --- Markdown ------------------------------------------------------------------------------


@pytest.mark.parametrize(("case", "number"), SEEDS)
def test_markdown_has_the_same_content(case: str, number: int) -> None:
    ruling = ruled(case, number)
    md = render_markdown([ruling])
    text = unmd(md)
    diagram = md.split("```text\n", 1)[1].split("```", 1)[0]
    for seat in Seat:
        assert seat.long_name in diagram
        for suit, h in zip(Suit, holdings(ruling.automatic.replay.board, seat), strict=True):
            assert f"{suit.symbol} {h}" in diagram
    for n, r in enumerate(ruling.automatic.revokes, 1):
        row = next(x for x in md.splitlines() if f"(R{n})**" in x)
        assert row.startswith(f"| **{r.revoke.trick}** |")
        assert f"**{r.revoke.card.pretty} (R{n})**" in row
    for want in expected_texts(ruling):
        assert want in text, want
    rows = [x for x in md.splitlines() if re.match(r"\| \d+\. ", x)]
    assert len(rows) == len(ruling.lines)
    for row, (line, _) in zip(rows, ruling.lines, strict=True):
        assert re.match(rf"\| \d+\. {re.escape(KIND_LABELS[line.kind])}[ |]", row), row
    view = board_view(ruling)
    for label, score in view.final:
        assert f"**{label}: {score}**" in text


# --- The command ---------------------------------------------------------------------------


def test_report_command_writes_html_and_markdown(tmp_path: Path) -> None:
    case = str(CASES / "003_board3_lead_requirement.pbn")
    out = tmp_path / "r.html"
    assert main(["report", case, "--board", "3", "-o", str(out)]) == 0
    assert "4S by S +2 (+480)" in out.read_text(encoding="utf-8")
    md = tmp_path / "r.md"
    # policy dd rests on the substitution lines alone: a light estimate is enough
    assert main(["report", case, "-o", str(md), "--format", "md", "--policy", "dd",
                 "--samples", "8"]) == 0
    assert md.read_text(encoding="utf-8").startswith("# Board 3: 4♠ by South")


def test_report_takes_the_rule_options(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    case = str(CASES / "001_3nt_east_diamond_discard.pbn")
    assert main(["report", case, "-o", str(out), "--attention", "round", "--no-equity"]) == 0
    text = seen(out.read_text(encoding="utf-8"))
    assert "Law 64B5" in text and "equity not checked" in text


def test_report_pdf_without_chromium_is_a_clean_error(tmp_path: Path) -> None:
    case = str(CASES / "001_3nt_east_diamond_discard.pbn")
    r = subprocess.run([sys.executable, "-m", "equity.app.cli", "report", case, "-o",
                        str(tmp_path / "r.html"), "--pdf"], capture_output=True, text=True,
                       env={"EQUITY_CHROMIUM": str(tmp_path / "no-chromium"),
                            "PATH": "/usr/bin:/bin", "PYTHONPATH": str(CASES.parents[1])})
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "apt-get install chromium" in r.stderr
    assert (tmp_path / "r.html").is_file()


def test_report_command_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = str(CASES / "001_3nt_east_diamond_discard.pbn")
    assert main(["report", case, "-o", str(tmp_path / "r.md"), "--format", "md", "--pdf"]) == 2
    assert main(["report", "-o", str(tmp_path / "r.html")]) == 2
    assert main(["report", str(tmp_path / "none.pbn"), "-o", str(tmp_path / "r.html")]) == 1
    assert main(["report", case, "--board", "7", "-o", str(tmp_path / "r.html")]) == 1
    assert "no board 7 found" in capsys.readouterr().err
