"""Law 64A's count and Law 64B's exceptions from the facts the law names
(equity.core.law.transfer), and the reported and the replayed revoke counted alike.

Deal D2 (tests.builders; 4♠ by South, West leads): see tests/core/law/test_laws.py."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from equity.core.game import (
    Attention,
    Board,
    Contract,
    Facts,
    RevokeReport,
    Seat,
    Strain,
    Suit,
)
from equity.core.law import EDITIONS, rule_reported
from equity.core.law.transfer import UNKNOWN, TransferFacts, law_64
from tests.builders import EMPTY_POOL, EMPTY_POOL_64A1, ruled

SOUTH = Contract(4, Strain.S, 0, Seat.S)  # North is dummy


def facts(offender: Seat = Seat.W, won: Seat | None = Seat.W, later: bool = True,
          **more: object) -> TransferFacts:
    return replace(TransferFacts(SOUTH, offender, 5, won, later), **more)


def count(f: TransferFacts, edition: str = "2017") -> tuple[int | None, str, str | None]:
    c = law_64(f, EDITIONS[edition])
    return c.transfer, c.steps[-1].law if c.steps else "", c.exemption


def test_revoke_trick_won_by_offender_and_a_later_trick_transfers_two() -> None:
    assert count(facts(won=Seat.W, later=True)) == (2, "64A1", None)


def test_revoke_trick_won_by_offender_and_no_later_trick_transfers_one() -> None:
    assert count(facts(won=Seat.W, later=False)) == (1, "64A1", None)


def test_revoke_trick_won_by_offenders_partner_transfers_one() -> None:
    c = law_64(facts(won=Seat.E, later=False), EDITIONS["2017"])
    assert c.transfer == 1 and c.steps[0].law == "64A2"
    assert "(East won it)" in c.steps[0].text


def test_a_trick_won_in_dummy_is_not_won_by_declarer() -> None:
    """64A footnote: declarer revoked, dummy won the trick: 64A2, one trick."""
    assert count(facts(offender=Seat.S, won=Seat.N, later=True)) == (1, "64A2", None)


def test_offending_side_winning_only_a_later_trick_transfers_one() -> None:
    assert count(facts(won=Seat.S, later=True)) == (1, "64A2", None)


def test_offenders_winning_nothing_from_the_revoke_on_is_64b1_first_of_64b() -> None:
    """64B1 comes first in the book: a late revoke by dummy that won nothing is 64B1."""
    assert count(facts(won=Seat.S, later=False)) == (0, "64B1", "64B1")
    assert count(facts(offender=Seat.N, won=Seat.E, later=False,
                       attention=Attention.ROUND)) == (0, "64B1", "64B1")


@pytest.mark.parametrize(("more", "law"), [
    ({"repeats": (Suit.H, 3)}, "64B2"),
    ({"offender": Seat.N, "won": Seat.N}, "64B3"),
    ({"penalty_card": True}, "64B3"),
    ({"attention": Attention.NEXT_CALL}, "64B4"),
    ({"attention": Attention.ROUND}, "64B5"),
    ({"trick": 12}, "64B6"),
    ({"both_sides": True}, "64B7"),
])
def test_each_64b_exception_removes_the_transfer(more: dict[str, object], law: str) -> None:
    assert count(facts(**more)) == (0, law, law)


def test_the_second_revoke_in_the_suit_is_64b2_before_dummy_or_attention() -> None:
    f = facts(offender=Seat.N, won=Seat.N, repeats=(Suit.H, 3),
              attention=Attention.ROUND)
    assert count(f)[2] == "64B2"


def test_a_faced_hand_is_exempt_in_2007_but_not_in_2017() -> None:
    assert count(facts(faced=True), "2007")[2] == "64B3"
    assert count(facts(faced=True), "2017") == (2, "64A1", None)


def test_no_more_than_the_tricks_earlier_transfers_left() -> None:
    """64A: never more than the offending side won; a trick taken for an earlier
    revoke is not transferred again."""
    assert count(facts(available=1)) == (1, "64A1", None)
    assert count(facts(won=Seat.E, available=0))[0] == 0


def test_1997_second_limb_transfers_a_second_trick_when_one_is_left() -> None:
    limb = facts(won=Seat.S, later=True, legal_card_later=8)
    assert count(limb, "1997") == (2, "64A2", None)
    assert count(replace(limb, available=1), "1997")[0] == 1
    assert count(limb, "2017")[0] == 1
    assert count(replace(limb, legal_card_later=None), "1997")[0] == 1


def test_a_fact_not_known_is_needed_never_guessed() -> None:
    c = law_64(facts(won=UNKNOWN), EDITIONS["2017"])
    assert c.transfer is None and "who won the revoke trick" in c.needs[0]
    c = law_64(facts(later=UNKNOWN), EDITIONS["2017"])
    assert c.transfer is None and c.needs[0].startswith("Law 64A1")
    c = law_64(facts(won=Seat.S, later=UNKNOWN), EDITIONS["2017"])
    assert c.transfer is None and c.needs[0].startswith("Law 64A2")
    c = law_64(facts(won=Seat.S), EDITIONS["1997"])
    assert c.transfer == 1 and c.needs[0].startswith("1997 Law 64A2")


def test_while_play_continues_only_64b_is_decided() -> None:
    assert law_64(facts(ended=False), EDITIONS["2017"]).transfer is None
    assert count(facts(ended=False, attention=Attention.ROUND)) == (0, "64B5", "64B5")


# --- The reported and the replayed revoke, on the same facts --------------------------

SOUTH_RUFFS = ["H8 H2 HA ^R S5", "C3 H3 C5 CA"]


@pytest.mark.parametrize(("rows", "claim", "edition"), [
    (SOUTH_RUFFS, 11, "2017"),                              # 64A1, two tricks
    (["H8 H2 HA ^R S5", "H6 H3 HK HJ"], 1, "2017"),          # 64A1, one trick
    (["C2 ST C5 ^R H9", "S2 SA S8 S5"], 10, "2017"),         # 64A2: won in dummy
    (["D8 D2 ^R C5 DJ", "C3 H2 C6 CA"], 13, "2017"),         # 64B1
    (["H6 ^R D2 HA H9", "D6 D3 DA DT"], 10, "2017"),         # 64B3: dummy's card
    (SOUTH_RUFFS, 11, "2007"),
])
def test_reported_and_replayed_revoke_count_the_same(rows: list[str], claim: int,
                                                     edition: str) -> None:
    replayed = ruled(rows, claim=claim, laws=edition)
    (rev,) = replayed.revokes
    replay = replayed.replay
    trick = next(t for t in replay.tricks if t.number == rev.revoke.trick)
    assert trick.winner is not None
    later = replay.won_from(rev.offender_side, rev.revoke.trick + 1) > 0
    report = RevokeReport(rev.revoke.trick, rev.revoke.seat, rev.revoke.card, True,
                          trick.winner, later)
    board: Board = replace(
        replay.board, play=None, result=replay.declarer_tricks,
        facts=Facts(attention=replay.board.facts.attention, revoke_report=report))
    reported = rule_reported(board, EDITIONS[edition])
    assert (reported.transfer, reported.exemption) == (rev.transfer, rev.exemption)
    assert reported.steps[-1] == rev.steps[-1]
    assert reported.after_transfer_tricks == replayed.after_transfer_tricks


# --- Several revokes: the tricks earlier transfers left (64A) ----------------------------

def test_64a1_limited_by_earlier_transfers_says_what_is_left() -> None:
    """64A1 worded from the facts: a later trick won is said even when only one trick is
    left to transfer, and the count says why it is not two."""
    c = law_64(facts(available=1), EDITIONS["2017"])
    assert c.transfer == 1
    text = c.steps[0].text
    assert "his side won a later trick" in text and "no later trick" not in text
    assert "1 trick transferred, not 2" in text


@pytest.mark.parametrize("won", [Seat.W, Seat.E])
def test_an_empty_pool_says_no_trick_is_left_to_transfer(won: Seat) -> None:
    c = law_64(facts(won=won, available=0), EDITIONS["2017"])
    assert c.transfer == 0
    assert "no trick is left to transfer" in c.steps[0].text
    assert "transferred." not in c.steps[0].text


@pytest.mark.parametrize(("rows", "law"), [(EMPTY_POOL, "64A2"), (EMPTY_POOL_64A1, "64A1")])
@pytest.mark.parametrize("edition", ["2017", "2007", "1997"])
def test_a_second_revoke_finding_no_trick_left_is_worded_from_the_facts(
        rows: list[str], law: str, edition: str) -> None:
    """East-West won one trick from trick 1 on (trick 2); the first revoke's transfer
    takes it, and the second revoke's step says no trick is left, in every edition."""
    r = ruled(rows, claim=12, laws=edition)
    first, second = r.revokes
    assert (first.transfer, first.transferred_tricks) == (1, (2,))
    assert first.steps[-1].law == "64A2" and (
        first.steps[2].text.endswith("one trick transferred."))
    assert second.transfer == 0 and second.exemption is None
    (step,) = [s for s in second.steps if s.law.startswith("64")]
    assert step.law == law
    assert "no trick is left to transfer" in step.text and "one trick" not in step.text
    if law == "64A1":
        assert "his side won no later trick" in step.text
    assert r.after_transfer_tricks == r.table_tricks + 1 == 13


def test_1997_second_limb_with_no_trick_left_says_so() -> None:
    """1997 64A2: East later won trick 2 with the ♥A he could have played to trick 1; a
    second trick would be due, but East-West won only that one."""
    first = ruled(EMPTY_POOL, claim=12, laws="1997").revokes[0]
    assert first.transfer == 1
    limb = first.steps[-1]
    assert limb.law == "64A2" and "a second trick would be due" in limb.text
    assert "no trick is left to transfer" in limb.text
