"""Issue 47, item 3: after a Law 16B infraction the adjusted play starts from the logical
alternatives as Law 12 says for the board's edition and authority — weighed by their
chances for the class under 12C1(c) (WBF, EBU; the ACBL from 2016), the worst for the
offenders under the 2007 Law 12C1(e) (the ACBL before 2016) and 1997's 12C2. The lines
are made by hand on seed 003's Board 11 (no double dummy): the comparison alone."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from equity.core.adjust import compare
from equity.core.adjust.line import LIKELY, SUBSTITUTION, Counterfactual, Departure, Leaves, Line
from equity.core.adjust.ruling import Basis
from equity.core.game import Board, Play, Seat, Side, replay
from equity.core.game.cards import Card
from equity.core.law import rule
from equity.core.law.partner_information import InfoFinding, Suggestion
from equity.core.player import Start
from equity.formats import read_boards
from tests.builders import CASES

BOARD11 = CASES / "031_16b_board11_no_diamonds_partner.pbn"
SA, S3, S8 = Card.parse("SA"), Card.parse("S3"), Card.parse("S8")


Result = tuple[Basis, tuple[tuple[int, float], ...], list[str]]


def _ruled(laws: str, authority: str, date: str | None) -> Result:
    (b,) = [x for x in read_boards(BOARD11) if isinstance(x, Board)]
    tags = {**b.tags, **({"Date": date} if date else {})}
    b = replace(b, tags=tags, facts=replace(
        b.facts, laws=laws, authority=authority))
    rp = replay(b)
    automatic = rule(rp, laws)
    # East at trick 3: the ♠A suggested; without the information he would duck with the
    # ♠3 (60 %: declarer 9 tricks) or the ♠8 (40 %: 8 tricks, say), both worse for his
    # side than the ♠A (7 tricks)
    start = Start.at(rp, 3, 2)
    s = Suggestion(3, Seat.E, SA, SA, (S3, S8), S3, (0.03, 0.9), {SA: 5, S3: 7, S8: 6},
                   replace(start, allowed=S3.bit), 2, ((S3, 0.6), (S8, 0.4)))
    info = b.facts.unauthorised[0]
    found = InfoFinding(info, 1, s, ())
    left = Departure(Leaves.REVOKE, 3, Seat.E, "his logical alternative")
    lines = tuple(
        [Line(LIKELY, -1, c, (c,), (Play(3, Seat.E, c, None),), left, t, 0,
              frequency=share, name="likely") for c, t, share in ((S3, 9, 0.6), (S8, 8, 0.4))]
        + [Line(SUBSTITUTION, -1, c, (c,), (Play(3, Seat.E, c, None),), left, t, 0,
                name=str(c)) for c, t in ((S3, 9), (S8, 8))])
    cf = Counterfactual(-1, automatic.edition.partner_information, (), (), Side.NS, lines,
                        S3, information=found)
    out = compare(automatic, [cf])
    return out.basis, out.weighted, [st.text for st in out.steps]


@pytest.mark.parametrize(("laws", "authority", "date"), [
    ("2017", "WBF", None), ("2017", "ACBL", "2018.06.01"), ("2007", "EBU", None),
    ("2007", "ACBL", "2016.03.01")])
def test_under_12c1c_the_logical_alternatives_are_weighed_by_their_chances(
        laws: str, authority: str, date: str | None) -> None:
    basis, weighted, steps = _ruled(laws, authority, date)
    assert basis is Basis.INFORMATION
    assert [t for t, _ in weighted] == [9, 8]
    assert [w for _, w in weighted] == pytest.approx([0.6, 0.4])
    said = next(t for t in steps if t.startswith("the adjusted play weighs"))
    assert "♠3 60%, ♠8 40%" in said and "12C1(c)" in said


@pytest.mark.parametrize(("laws", "authority", "date"), [
    ("2007", "ACBL", "2015.03.01"), ("1997", "WBF", None), ("1997", "ACBL", None)])
def test_under_12c1e_and_1997_12c2_the_worst_for_the_offenders_is_assigned(
        laws: str, authority: str, date: str | None) -> None:
    basis, weighted, steps = _ruled(laws, authority, date)
    assert basis is Basis.INFORMATION
    assert weighted == ((9, 1.0),)
    said = next(t for t in steps if t.startswith("the adjusted play starts from"))
    assert "worst for his side, ♠3" in said and "an assigned score, not weighted" in said
