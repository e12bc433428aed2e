"""What the Law 64C lines rest on, shown in the text ruling and in the documents: each
place the table line leaves the record (trick, seat, the recorded card and the line's,
why), the non-offenders' own errors that stand, the distribution of the single-dummy
playouts, the sensitivity sentence, and the caveat on double and single dummy.

Real DDS on the seed cases: 001 (the table line leaves the record at trick 7, likely
lines of 10, 9 and 8 tricks), 004 board 1 (a non-offender's card induced by the revoke,
Law 12B1) and 011 (the non-offenders' own errors stand, Law 12C1(e)). Each board is
ruled once for the module.
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser

import pytest

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.adjust.line import LIKELY, TABLE, Departure, Leaves, Line
from equity.core.adjust.ruling import Ruling
from equity.core.adjust.weights import Policy
from equity.core.game.board import Board
from equity.formats import read_boards
from equity.render.html import render_html
from equity.render.markdown import render_markdown
from equity.render.text import board_text
from equity.render.view import DD_NOTE
from tests.builders import CASES

DEPARTS = "001_3nt_east_diamond_discard"
INDUCED = "004_3nt_long_suit_killed"
OWN_ERRORS = "000_64b3_failure_to_play_penalty_card"
ARROW = "\u2192"


@cache
def ruled(case: str, policy: str | None = None) -> Ruling:
    """Board 1 of the case, ruled once for the module."""
    board = next(b for b in read_boards(CASES / f"{case}.pbn")
                 if isinstance(b, Board) and b.number == 1)
    return rule_board(board, RulingOptions() if policy is None
                      else RulingOptions(policy=Policy(policy)))


class _Seen(HTMLParser):
    """The text a reader of the page sees (style and title dropped)."""

    BLOCKS = frozenset({"td", "th", "li", "p", "dt", "dd", "div", "h1", "h2", "h3", "h4",
                        "tr", "ol", "ul"})

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.BLOCKS:
            self.parts.append(" ")
        if tag in ("style", "title"):
            self.hidden = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "title"):
            self.hidden = False

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def seen(page: str) -> str:
    p = _Seen()
    p.feed(page)
    return " ".join("".join(p.parts).split())


def unmd(text: str) -> str:
    return " ".join(re.sub(r"\\(.)", r"\1", text).split())


def renderings(ruling: Ruling) -> dict[str, str]:
    """The text ruling, the HTML page as read and the Markdown unescaped, whitespace
    collapsed."""
    return {"text": " ".join(board_text(ruling).split()),
            "html": seen(render_html([ruling])), "md": unmd(render_markdown([ruling]))}


def label(line: Line) -> str:
    """The table line's label: with its probability when it left the record at a close
    decision and is one of several outcomes."""
    return "table line" + (f" ({line.frequency:.0%} likely)" if line.frequency < 1 else "")


def table_line(ruling: Ruling) -> tuple[int, Line]:
    """The table line and its number among its revoke's lines."""
    for a in ruling.assessments:
        for n, line in enumerate(a.counterfactual.lines, 1):
            if line.kind == TABLE:
                return n, line
    raise LookupError("no table line")


def said(d: Departure) -> str:
    """How a departure or own error is listed: where, the cards, the reason."""
    assert d.trick is not None and d.seat is not None and d.card is not None
    assert d.recorded is not None
    cards = (f"{d.card.pretty} as recorded" if d.card == d.recorded
             else f"recorded {d.recorded.pretty} {ARROW} {d.card.pretty}")
    return f"Trick {d.trick}, {d.seat.long_name}: {cards}. {d.reason[:1].upper()}{d.reason[1:]}"


@pytest.mark.parametrize("case", [DEPARTS, INDUCED])
def test_every_departure_of_the_table_line_is_listed_with_its_cards_and_reason(case: str
                                                                               ) -> None:
    ruling = ruled(case)
    n, line = table_line(ruling)
    cards = [d for d in line.departures if d.at in (Leaves.CARD, Leaves.INDUCED)]
    assert cards
    for where, shown in renderings(ruling).items():
        assert re.search(rf"Where line {n} \(table line( \(\d+% likely\))?\) leaves the record, "
                         "and why", shown), where
        for d in cards:
            assert said(d) in shown, (where, d)
        # listed once: the line's own row no longer repeats the first reason
        assert shown.count(line.left_record.reason) == 1, where


def test_an_induced_card_is_listed_with_the_card_the_corrected_play_chooses() -> None:
    _, line = table_line(ruled(INDUCED))
    induced = next(d for d in line.departures if d.at == Leaves.INDUCED)
    assert induced.recorded is not None and induced.card is not None
    ruling = ruled(INDUCED)
    text = board_text(ruling, width=None)
    damage = ruling.automatic.edition.law12.damage  # 12B1; the 1997 board: 12C2
    assert (f"Trick 5, North: recorded {induced.recorded.pretty} {ARROW} "
            f"{induced.card.pretty}.") in text and f"(Law {damage})." in text


def test_the_text_lists_the_departures_indented_under_their_line() -> None:
    ruling = ruled(DEPARTS)
    n, line = table_line(ruling)
    rows = board_text(ruling, width=None).splitlines()
    at = next(i for i, r in enumerate(rows) if r.startswith(f"  {n}. table line "))
    assert "first left the record at trick 7, East ->" in rows[at]
    assert re.fullmatch(rf"     Where line {n} \(table line( \(\d+% likely\))?\) leaves the "
                        "record, and why:", rows[at + 1])
    listed = rows[at + 2:at + 2 + len(line.departures)]
    assert [r.removeprefix("       - ") for r in listed] == [
        f"{said(d)}." if not d.reason.endswith(".") else said(d) for d in line.departures]


def test_the_documents_name_the_first_departure_in_the_lines_table() -> None:
    ruling = ruled(DEPARTS)
    _, line = table_line(ruling)
    first = line.left_record
    assert first.recorded is not None and first.card is not None
    which = ("listed below" if len(line.departures) == 1
             else f"the first of {len(line.departures)} departures listed below")
    cell = (f"trick {first.trick}, East: recorded {first.recorded.pretty} {ARROW} "
            f"{first.card.pretty} ({which})")
    page = render_html([ruling])
    assert cell in seen(page) and cell in unmd(render_markdown([ruling]))
    assert page.count('<div class="line-notes">') == 1


def test_the_non_offenders_own_errors_that_stand_are_listed() -> None:
    ruling = ruled(OWN_ERRORS)
    n, line = table_line(ruling)
    assert line.own_errors
    for where, shown in renderings(ruling).items():
        assert (f"The non-offenders' own errors in line {n} ({label(line)}), which stand: the "
                "revoke did not cause them (Law 12B1)") in shown, where
        for d in line.own_errors:
            assert said(d) in shown, (where, d)
            assert f"{d.card} as recorded" not in shown  # the card is shown with its suit
    rows = board_text(ruling, width=None).splitlines()
    head = next(i for i, r in enumerate(rows) if "own errors in line" in r)
    assert rows[head].startswith("     The non-offenders'")
    assert all(r.startswith("       - Trick ") for r in rows[head + 1:head + 1
                                                           + len(line.own_errors)])


def distribution(ruling: Ruling) -> str:
    """The likely outcomes' results by probability, most tricks first."""
    shares: dict[int, float] = {}
    for line, _ in ruling.lines:
        if line.kind == LIKELY:
            shares[line.declarer_tricks] = shares.get(line.declarer_tricks, 0) + line.frequency
    parts = [f"{f:.0%} {t}" for t, f in sorted(shares.items(), reverse=True)]
    return ", ".join([parts[0] + " tricks", *parts[1:]])


@pytest.mark.parametrize("case", [DEPARTS, INDUCED])
def test_the_likely_outcomes_are_summed_up_per_revoke(case: str) -> None:
    ruling = ruled(case)
    (a,) = ruling.assessments
    natural = a.counterfactual.natural
    seat = ruling.automatic.revokes[0].revoke.seat
    assert natural is not None
    want = (f"Likely outcomes from {seat.long_name}'s natural card {natural.pretty}: "
            f"{distribution(ruling)}.")
    for where, shown in renderings(ruling).items():
        assert shown.count(want) == 1, (where, want)
    assert re.search(r": \d+% \d+ tricks(, \d+% \d+)*\.", want), want


def test_every_close_decision_of_the_likely_outcomes_is_shown() -> None:
    ruling = ruled(DEPARTS)
    branches = {b for line, _ in ruling.lines if line.kind == LIKELY for b in line.branches}
    for where, shown in renderings(ruling).items():
        for b in branches:
            assert b in shown, (where, b)


@pytest.mark.parametrize("case", [DEPARTS, OWN_ERRORS])
def test_the_sensitivity_sentence_closes_the_decision(case: str) -> None:
    ruling = ruled(case)
    assert ruling.sensitivity
    shown = renderings(ruling)
    assert f"Sensitivity: {ruling.sensitivity}" in shown["text"]
    assert f"Sensitivity: {ruling.sensitivity}" in shown["html"]
    assert f"**Sensitivity:** {ruling.sensitivity}" in shown["md"]
    text = board_text(ruling, width=None)
    assert text.index("\nDecision:\n") < text.index("\n  Sensitivity: ") < text.index(
        "\nRuling (")
    page = render_html([ruling])
    decision = page.split("<h2>Law 64C: policy and decision</h2>", 1)[1].split("<h2>", 1)[0]
    assert 'class="sensitivity"' in decision


def test_without_the_check_there_is_no_sensitivity() -> None:
    board = next(b for b in read_boards(CASES / f"{DEPARTS}.pbn") if isinstance(b, Board))
    ruling = rule_board(board, RulingOptions(equity=False))
    assert "Sensitivity" not in board_text(ruling)
    assert "Sensitivity" not in seen(render_html([ruling]))


def test_the_caveat_says_what_is_double_and_what_single_dummy() -> None:
    assert "substitution lines are double dummy" in DD_NOTE
    assert "likely outcomes" in DD_NOTE and "single dummy" in DD_NOTE
    assert "share of the layouts" in DD_NOTE
    assert DD_NOTE.count(". ") <= 1  # one or two sentences
    ruling = ruled(DEPARTS)
    for where, shown in renderings(ruling).items():
        assert DD_NOTE in shown, where
