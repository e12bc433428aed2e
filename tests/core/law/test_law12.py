"""Law 12 per edition and per regulating authority (equity.core.law.law12): each
edition's own paragraphs, and the Director's method on a board as the edition, the
authority, who rules and the board's date make it."""

from __future__ import annotations

import pytest

from equity.core.game import ModelError, RuledBy
from equity.core.law import EDITIONS
from equity.core.law.law12 import AUTHORITIES, PARAGRAPHS, ROLES, assignment, authority_of
from tests.builders import ROOT

LATER = {"12B1", "12B2", "12C1(a)", "12C1(b)", "12C1(c)", "12C1(d)", "12C1(e)", "16A1(a)"}
"""Paragraphs the 1997 book does not have (2007 and 2017 numbering)."""


def test_no_1997_paragraph_is_one_of_a_later_edition() -> None:
    p = EDITIONS["1997"].law12
    cited = {getattr(p, r) for r in ROLES}
    assert not cited & LATER, cited & LATER
    assert (p.weighted, p.non_reciprocal, p.severity, p.authorised) == (
        "12C3", "12C2", "12B", "16 (preamble)")


def test_each_edition_cites_its_own_serious_error_and_weighting_paragraphs() -> None:
    assert [PARAGRAPHS[e].serious_error for e in ("2017", "2007")] == ["12C1(e)", "12C1(b)"]
    assert [PARAGRAPHS[e].weighted for e in ("2017", "2007", "1997")] == [
        "12C1(c)", "12C1(c)", "12C3"]
    assert [PARAGRAPHS[e].non_reciprocal for e in ("2017", "2007", "1997")] == [
        None, "12C1(e)", "12C2"]
    assert all(PARAGRAPHS[e].doubtful == "84D" for e in EDITIONS)


def test_1997_director_assigns_12c2_scores_non_reciprocally_and_says_so() -> None:
    a = assignment("1997")
    assert (a.method, a.law, a.authority) == ("non-reciprocal", "12C2", "WBF")
    assert "non-reciprocal" in a.why[0] and "Law 12C3" in a.why[0]


@pytest.mark.parametrize("authority", ["WBF", "EBU"])
@pytest.mark.parametrize("who", [RuledBy.COMMITTEE, RuledBy.DELEGATED])
def test_1997_committee_or_delegated_director_weights_under_12c3(authority: str,
                                                                  who: RuledBy) -> None:
    a = assignment("1997", authority, who)
    assert (a.method, a.law) == ("weighted", "12C3")


@pytest.mark.parametrize("who", [RuledBy.COMMITTEE, RuledBy.DELEGATED])
def test_1997_acbl_allows_no_weighting_and_says_so(who: RuledBy) -> None:
    a = assignment("1997", "ACBL", who)
    assert (a.method, a.law) == ("non-reciprocal", "12C2")
    assert "may not weight" in a.why[0] and "ACBL" in a.why[0]


@pytest.mark.parametrize(("when", "method", "dated"), [
    ("2012.05.01", "non-reciprocal", True), ("2015.12.31", "non-reciprocal", True),
    ("2015.??.??", "non-reciprocal", True), ("2016.01.01", "weighted", True),
    ("2016.??.??", "weighted", True), (None, "non-reciprocal", False),
    ("????.??.??", "non-reciprocal", False), ("yesterday", "non-reciprocal", False)])
def test_acbl_2007_elected_12c1e_until_2016_by_the_board_s_date(
        when: str | None, method: str, dated: bool) -> None:
    a = assignment("2007", "ACBL", RuledBy.DIRECTOR, when)
    assert a.method == method
    assert a.law == ("12C1(e)" if method == "non-reciprocal" else "12C1(c)")
    assert ("the board has no date: taken as before it" in a.why[0]) is not dated


@pytest.mark.parametrize("authority", list(AUTHORITIES))
def test_2017_weights_under_12c1c_whatever_the_authority(authority: str) -> None:
    a = assignment("2017", authority)
    assert (a.method, a.law, a.why) == ("weighted", "12C1(c)", ())


def test_2007_outside_the_acbl_weights_under_12c1c() -> None:
    assert assignment("2007", "EBU", when="2010.01.01").law == "12C1(c)"
    assert assignment("2007").law == "12C1(c)"


def test_an_unknown_authority_is_an_error_naming_the_known_ones() -> None:
    assert authority_of("acbl").name == "ACBL" and authority_of(None).name == "WBF"
    with pytest.raises(ModelError, match="one of WBF, EBU, ACBL, not 'FFB'"):
        authority_of("FFB")


def test_docs_show_the_same_table() -> None:
    """docs/laws.md's Law 12 table names each edition's paragraph for each role."""
    text = (ROOT / "docs" / "laws.md").read_text()
    table = text[text.index("| what is cited |"):]
    rows = [r for r in table.splitlines() if r.startswith("|")][2:11]
    assert len(rows) == len(ROLES)
    for role, row in zip(ROLES, rows, strict=True):
        cells = [c.strip() for c in row.strip("|").split("|")]
        for edition, cell in zip(("2017", "2007", "1997"), cells[1:], strict=True):
            law = getattr(PARAGRAPHS[edition], role)
            if law is None:
                assert cell.startswith("none"), (role, edition, cell)
            elif law == "16 (preamble)":
                assert "Law 16's preamble" in cell, (role, edition, cell)
            else:
                assert cell == law or cell.startswith((f"{law} ", f"{law}:")), (
                    role, edition, cell)
