"""Repeated revokes by one player in one suit, per edition (seed 003's EBL-course 5C):
1997 the old method (64C on the later revoke without the first's transfer, equity or the
transfer), 2007 and 2017 64A on the first and 64C on the later one after it; each ruling
cites only paragraphs its edition has."""

from __future__ import annotations

from functools import cache

import pytest

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.adjust.ruling import Basis, Ruling
from equity.core.game.board import Board
from equity.formats import read_boards
from tests.builders import CASES

CASE = CASES / "003_ebl_course_5c_two_heart_ruffs.pbn"


@cache
def ruled(number: int) -> Ruling:
    (b,) = [x for x in read_boards(CASE) if isinstance(x, Board) and x.number == number]
    return rule_board(b, RulingOptions())


@pytest.mark.parametrize(("number", "laws", "tricks"), [(1, "2017", 8), (2, "1997", 10),
                                                        (3, "2007", 8)])
def test_repeated_revoke_is_ruled_by_the_method_of_the_edition(number: int, laws: str,
                                                               tricks: int) -> None:
    r = ruled(number)
    assert r.automatic.edition.name == laws
    assert r.basis is Basis.ADJUSTED and r.weighted == ((tricks, 1.0),)
    assert r.adjusted_for == 1  # the second revoke's equity decided it


@pytest.mark.parametrize("number", [2, 3])
def test_editions_before_2017_cite_one_law_64c(number: int) -> None:
    r = ruled(number)
    laws = {s.law for s in r.steps}
    assert not any(law.startswith(("64C1", "64C2")) for law in laws)
    assert {a.counterfactual.law for a in r.assessments} == {"64C"}
    assert "64C2(a)" in {a.counterfactual.law for a in ruled(1).assessments}


def test_the_1997_method_drops_the_first_transfer_it_replaces() -> None:
    text = " ".join(s.text for s in ruled(2).steps)
    assert "without the transfer for the revoke it repeats" in text
    # 13 tricks at the table, 11 after 64A on the first revoke: 64C on the second gives 10
    assert ruled(2).automatic.after_transfer_tricks == 11
