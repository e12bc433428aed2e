"""Issue 47, item 3, for Law 16C2 (16D2 in 2007): after a 62C2 change that a
non-offender's withdrawn card suggested, the adjusted play starts from the changing
player's logical alternatives as Law 12 says for the board's edition and authority —
weighed by their chances for the class under 12C1(c) (WBF, EBU; the ACBL from 2016), the
worst for the offenders under the 2007 Law 12C1(e) (the ACBL before 2016) and 1997's
12C2 — the same rule as after Law 16B (tests/core/adjust/test_information_weights.py).
The lines are made by hand on case 024's board (no double dummy): the comparison alone."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from equity.core.adjust import compare
from equity.core.adjust.line import LIKELY, SUBSTITUTION, Counterfactual, Departure, Leaves, Line
from equity.core.adjust.ruling import Basis
from equity.core.adjust.weights import Policy
from equity.core.game import Board, Play, Seat, Side, replay
from equity.core.game.cards import Card
from equity.core.law import rule
from equity.core.law.unauthorised import LAW, Finding, Unauthorised, changes
from equity.core.player import Start
from equity.formats import read_boards
from tests.builders import CASES

BOARD = CASES / "024_62c2_change_suggested_by_withdrawn_card.pbn"
HA, H3, H6, HJ = (Card.parse(c) for c in ("HA", "H3", "H6", "HJ"))

Result = tuple[Basis, tuple[tuple[int, float], ...], list[tuple[str, str]]]


def _ruled(laws: str, authority: str, date: str | None,
           policy: Policy | None = None) -> Result:
    (b,) = [x for x in read_boards(BOARD) if isinstance(x, Board)]
    tags = {**b.tags, **({"Date": date} if date else {})}
    b = replace(b, tags=tags, facts=replace(
        b.facts, laws=laws, authority=authority))
    rp = replay(b)
    automatic = rule(rp, laws)
    (change,) = changes(automatic.revokes[0].revoke)
    # West at trick 2 took back the H6 and overtook with the HA (declarer 10 tricks);
    # the withdrawn HJ suggested it. Without the information he would play the H3
    # (60 %: declarer 11 tricks) or keep the H6 (40 %: 12, say), both worse for his
    # side than the HA; the H6 the worst
    start = Start.at(rp, 2, rp.index_of(2, Seat.W))
    values = {HA: 8, H3: 9, H6: 10}

    def only(c: Card) -> Start:
        return replace(start, allowed=c.bit)
    found = Finding(change, Unauthorised(LAW, HJ, HA, H6, True), True, only(H6), values, 2,
                    ((H3, 0.6, only(H3)), (H6, 0.4, only(H6))))
    left = Departure(Leaves.REVOKE, 2, Seat.W, "his logical alternative")
    lines = tuple(
        [Line(LIKELY, 0, c, (c,), (Play(2, Seat.W, c, None),), left, t, 0,
              frequency=share, name="likely") for c, t, share in ((H3, 11, 0.6), (H6, 12, 0.4))]
        + [Line(SUBSTITUTION, 0, c, (c,), (Play(2, Seat.W, c, None),), left, t, 0,
                name=str(c)) for c, t in ((H3, 11), (H6, 12))])
    cf = Counterfactual(0, LAW, (0,), (), Side.NS, lines, H6, found)
    out = compare(automatic, [cf], policy)
    return out.basis, out.weighted, [(st.law, st.text) for st in out.steps]


@pytest.mark.parametrize(("laws", "authority", "date"), [
    ("2017", "WBF", None), ("2017", "ACBL", "2018.06.01"), ("2007", "EBU", None),
    ("2007", "ACBL", "2016.03.01")])
def test_under_12c1c_the_16c2_alternatives_are_weighed_by_their_chances(
        laws: str, authority: str, date: str | None) -> None:
    basis, weighted, steps = _ruled(laws, authority, date)
    assert basis is Basis.UNAUTHORISED
    assert [t for t, _ in weighted] == [12, 11]
    assert [w for _, w in weighted] == pytest.approx([0.4, 0.6])
    law, said = next(s for s in steps if s[1].startswith("the adjusted play weighs"))
    assert law == "12C1(c)" and "West's logical alternatives worse for his side than ♥A" in said
    assert "♥3 60%, ♥6 40%" in said
    decision = steps[-1][1]
    assert "his logical alternatives weighed" in decision


@pytest.mark.parametrize(("laws", "authority", "date"), [
    ("2007", "ACBL", "2015.03.01"), ("1997", "WBF", None), ("1997", "ACBL", None)])
def test_under_12c1e_and_1997_12c2_the_16c2_worst_for_the_offenders_is_assigned(
        laws: str, authority: str, date: str | None) -> None:
    basis, weighted, steps = _ruled(laws, authority, date)
    assert basis is Basis.UNAUTHORISED
    assert weighted == ((12, 1.0),)
    said = next(t for _, t in steps if t.startswith("the adjusted play starts from"))
    assert "worst for his side, ♥6" in said and "an assigned score, not weighted" in said


def test_policy_dd_keeps_the_16c2_worst_for_the_offenders_where_the_authority_weighs(
        ) -> None:
    basis, weighted, steps = _ruled("2017", "WBF", None, Policy.DD)
    assert basis is Basis.UNAUTHORISED and weighted == ((12, 1.0),)
    assert any("policy dd: perfect play" in t for _, t in steps)


@pytest.mark.parametrize(("laws", "paragraph"), [("2017", "16C2"), ("2007", "16D2"),
                                                 ("1997", "16C2")])
def test_the_16c2_steps_cite_the_edition_s_own_paragraph(laws: str, paragraph: str) -> None:
    authority = "EBU" if laws == "2007" else "WBF"
    _, _, steps = _ruled(laws, authority, None)
    decision_law, decision = steps[-1]
    assert decision_law == paragraph and f"(Laws {paragraph}, " in decision
    finding = next(t for law, t in steps if law == paragraph and "took back" in t)
    assert f"unauthorised to his side, Law {paragraph}" in finding
