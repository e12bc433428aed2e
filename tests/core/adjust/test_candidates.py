"""Law 64C candidate lines (equity.core.adjust.candidates), against real DDS and a fake solver.

Boards: seed 001's 3NT; seed 003's EBL-course 5♣ and Poznan 2011 4♠ (repeated revokes
by declarer in one suit, 64C2(a)); deal D2 of test_laws for constructed cases.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from equity.app.pipeline import rule_automatic
from equity.core.adjust.candidates import (
    _from_outcome,
    build,
    equivalence_classes,
    plan,
    position_before,
)
from equity.core.adjust.line import LIKELY, SUBSTITUTION, TABLE, Counterfactual, Departure, Leaves
from equity.core.game.cards import Card, Seat, Side, Strain, card_set, cards
from equity.core.game.position import Position, follow_suit_cards
from equity.core.game.questions import CardValues, Question, Reply, answer, drive
from equity.core.game.replay import Play
from equity.core.law.laws import AutomaticRuling
from equity.core.player.inference import Inference
from equity.core.player.outcome_tree import Branch, Outcome
from equity.dd import DdsSolver
from equity.dd.solve import solve_positions
from equity.render.jsonout import line_json
from tests.builders import (
    BOTH_SIDES,
    D2,
    EBL_DEAL,
    EBL_PLAY,
    POZNAN_DEAL,
    POZNAN_PLAY,
    SEED001_DEAL,
    SEED001_PLAY,
    board,
    case_board,
)

# Seed 003, EBL TD course: 5♣ by South; ♥K to the ace, a heart ruffed (revoke 1), ♣A,
# a second heart ruffed (revoke 2), all the trumps, West squeezed: 13 tricks.
# Seed 003, Poznan 2011: 4♠ by South; ♣J lead won in dummy, a club on which South
# discards his singleton heart (revoke 1), a third club on which he discards the ♦J
# (revoke 2), ruffed by West; declarer claims 12.

# West discards ♣2 on the third diamond holding the ♦6, and later discards the ♦6 on a
# heart: with the correction swapped in, every card of the record still stands.
WHOLE_RECORD_STANDS = [
    "D8 D2 DA D9", "D7 D3 DK DT", "^R C2 D4 DQ DJ", "H8 H2 HA H9", "H7 H3 HK HT",
    "H6 H4 HQ HJ", "S2 SA S8 S5", "D6 H5 C9 CJ", "S3 SK S9 S6", "S4 SQ C5 S7",
    "C3 SJ C6 CQ", "C4 ST C7 CK", "CT D5 C8 CA",
]
# Both defenders discard a club on dummy's heart lead, on the same trick.
BOTH_DEFENDERS_ONE_TRICK = ["C2 ST C5 CA", "^R C3 H5 ^R C9 HJ", "S2 SA S8 S5"]
# test_laws' 64B7 case: South ruffs a heart, then East discards on a diamond.


def ruled(deal: str, contract: str, declarer: str, rows: list[str],
          claim: int | None = None) -> AutomaticRuling:
    return rule_automatic(board(deal, contract, declarer, rows, claim=claim))


def seed001() -> AutomaticRuling:
    return ruled(SEED001_DEAL, "3NT", "E", SEED001_PLAY)


class CountingSolver:
    """A fake solver: every position is worth ``value`` tricks to the side asked about;
    counts the calls."""

    def __init__(self, value: int = 0) -> None:
        self.value = value
        self.card_calls = 0
        self.position_calls = 0

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]:
        self.card_calls += 1
        seat = position.to_play
        led = position.trick[0].suit if position.trick else None
        return {c: self.value for c in cards(follow_suit_cards(position.hands[seat], led))}

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]:
        self.position_calls += 1
        return [self.value for _ in positions]


def kinds(cf: Counterfactual) -> list[tuple[str, str, int]]:
    return [(ln.kind, str(ln.card), ln.declarer_tricks) for ln in cf.lines]


# --- Substitution lines --------------------------------------------------------------


def test_substitution_line_for_each_legal_card_continued_double_dummy_seed001() -> None:
    (cf,) = build(seed001(), DdsSolver())
    assert cf.law == "64C1" and cf.non_offenders == Side.EW
    sub = [ln for ln in cf.lines if ln.kind == SUBSTITUTION]
    assert [(str(ln.card), ln.declarer_tricks) for ln in sub] == [("DT", 10)]
    assert sub[0].left_record.at == "revoke" and sub[0].left_record.trick == 5


def test_one_question_values_every_substitution_at_once() -> None:
    r = ruled(POZNAN_DEAL, "4S", "S", POZNAN_PLAY, claim=12)
    asked: list[Question] = []

    def reply(questions: list[Question]) -> list[Reply]:
        asked.extend(questions)
        return answer(CountingSolver(3), questions)

    first, _second = drive(plan(r), reply)
    at = position_before(r.replay, r.revokes[0].revoke)
    # one question at the position before each revoke, whatever the number of legal cards
    assert [q for q in asked if isinstance(q, CardValues) and q.position == at] != []
    assert len({q for q in asked if isinstance(q, CardValues) and q.position == at}) == 1
    assert len([ln for ln in first.lines if ln.kind == SUBSTITUTION]) == 2


def test_equal_cards_count_as_one_but_a_card_on_the_trick_between_them_splits_them() -> None:
    r = ruled(POZNAN_DEAL, "4S", "S", POZNAN_PLAY, claim=12)
    rev = r.revokes[1].revoke
    pos = position_before(r.replay, rev)
    classes = equivalence_classes(rev.could_play, pos)
    # ♣8 is on the trick: ♣9 is not equal to ♣7; ♣7 6 5 are equal.
    assert [[str(c) for c in cls] for cls in classes] == [["C9"], ["C7", "C6", "C5"]]


def hands(*text: str) -> tuple[int, int, int, int]:
    h = [card_set([Card.parse(c) for c in t.split()]) for t in text]
    return (h[0], h[1], h[2], h[3])


def test_equal_ranks_once_the_cards_between_are_gone() -> None:
    gone = Position(hands("DQ DT", "D2", "D3", "D4"), Strain.NT, Seat.N)
    assert [[str(c) for c in k] for k in equivalence_classes(gone.hands[0], gone)] == [
        ["DQ", "DT"]]
    held = Position(hands("DQ DT", "DJ", "D3", "D4"), Strain.NT, Seat.N)
    assert [[str(c) for c in k] for k in equivalence_classes(held.hands[0], held)] == [
        ["DQ"], ["DT"]]


# --- The table line -------------------------------------------------------------------


def test_table_line_keeps_revoke_card_for_when_the_substituted_card_was_played() -> None:
    (cf,) = build(seed001(), DdsSolver())
    table = next(ln for ln in cf.lines if ln.kind == TABLE)
    played = [(p.trick, p.seat.name, str(p.card)) for p in table.cards]
    assert played[0] == (5, "N", "DT")
    assert (6, "N", "C2") in played  # the ♣2 kept back, played where the record has ♦10


def test_table_line_leaves_the_record_when_the_leader_changes() -> None:
    # With the ♦10 played at trick 5, East keeps the lead at trick 7, which North led in
    # the record: no recorded card of that trick is in its situation, so the line leaves
    # the record there and the rest is the likely outcomes from there (never the rows out of
    # place; issue 47).
    (cf,) = build(seed001(), DdsSolver())
    tables = [ln for ln in cf.lines if ln.kind == TABLE]
    record7 = seed001().replay.tricks[6]
    for table in tables:
        trick7 = [p for p in table.cards if p.trick == 7]
        assert trick7[0].seat != record7.leader
        assert (table.left_record.at, table.left_record.trick) == (Leaves.CARD, 7)
        assert "on lead" in table.left_record.reason
        assert "the likely outcomes from here" in table.left_record.reason
    assert sum(t.frequency for t in tables) == pytest.approx(1)


def test_table_line_departs_at_a_non_offender_card_the_revoke_induced() -> None:
    # Seed 004: dummy's recorded ♠3 at trick 5 abandons the diamonds: declarer chose it
    # after West's revoke had hidden the ♦8 (with the table's information the decision
    # model chooses it, with the revoke corrected it runs the diamonds), so it is not
    # held against the non-offenders (Law 12B1): the line departs there with the
    # counterfactual choice.
    (cf,) = build(case_board("004_3nt_long_suit_killed", 2), DdsSolver())
    table = next(ln for ln in cf.lines if ln.kind == TABLE)
    assert (table.left_record.at, table.left_record.trick) == (Leaves.INDUCED, 5)
    assert table.left_record.seat == Seat.N and table.left_record.recorded == Card.parse("S3")
    assert "induced by the revoke" in table.left_record.reason
    assert table.left_record.card != Card.parse("S3")


def test_table_line_follows_whole_record_without_double_dummy_when_every_card_stands() -> None:
    fake = CountingSolver(0)
    (cf,) = build(ruled(D2, "4S", "S", WHOLE_RECORD_STANDS), fake)
    (table,) = [ln for ln in cf.lines if ln.kind == TABLE]
    assert table.left_record.at == "end"
    assert table.declarer_tricks == 7 and len(table.cards) == 2 + 4 * 10
    assert (8, "W", "C2") in [(p.trick, p.seat.name, str(p.card)) for p in table.cards]
    assert fake.position_calls == 0  # the record to the end: no double dummy at all
    assert table.followed == 1.0 and table.departures == ()


def test_table_line_never_repeats_a_later_revoke() -> None:
    first, _second = build(ruled(POZNAN_DEAL, "4S", "S", POZNAN_PLAY, claim=12), DdsSolver())
    (table,) = [ln for ln in first.lines if ln.kind == TABLE]
    assert (table.left_record.at, table.left_record.trick) == ("card", 3)
    assert "revoked with" in table.left_record.reason
    assert (3, Seat.S, Card.parse("DJ")) not in [(p.trick, p.seat, p.card) for p in table.cards]


def test_claim_ends_the_record_then_double_dummy() -> None:
    _first, second = build(ruled(POZNAN_DEAL, "4S", "S", POZNAN_PLAY, claim=12), DdsSolver())
    (table,) = [ln for ln in second.lines if ln.kind == TABLE]
    assert table.left_record.at == "claim"
    assert [(p.trick, p.seat.name) for p in table.cards] == [(3, "S"), (3, "W")]
    assert table.cards[0].card.suit == Card.parse("C5").suit  # South follows with a club


# --- Several revokes ----------------------------------------------------------------------


def test_64c2a_later_revoke_lines_from_position_after_first_with_its_transfer() -> None:
    first, second = build(ruled(EBL_DEAL, "5C", "S", EBL_PLAY), DdsSolver())
    assert (first.law, second.law) == ("64C1", "64C2(a)")
    assert second.standing == (0,)
    reference = [ln for ln in second.lines if ln.kind in (SUBSTITUTION, TABLE)]
    assert {(ln.play_tricks, ln.earlier_transfer) for ln in reference} == {(10, -2)}
    assert [(k, c, t) for k, c, t in kinds(second) if k in (SUBSTITUTION, TABLE)] == [
        (TABLE, "H5", 8), (SUBSTITUTION, "H5", 8)]


def test_64c2a_poznan_lines_give_ten_tricks_after_first_transfer() -> None:
    _first, second = build(ruled(POZNAN_DEAL, "4S", "S", POZNAN_PLAY, claim=12), DdsSolver())
    reference = [ln for ln in second.lines if ln.kind in (SUBSTITUTION, TABLE)]
    assert {ln.declarer_tricks for ln in reference} == {10}
    assert {ln.earlier_transfer for ln in second.lines} == {-1}


def test_64c2b_both_sides_one_set_of_lines_correcting_every_revoke() -> None:
    r = ruled(D2, "4S", "S", BOTH_SIDES, claim=10)
    (cf,) = build(r, DdsSolver())
    assert cf.law == "64C2(b)" and cf.non_offenders is None
    assert cf.corrected == (0, 1)
    (table,) = [ln for ln in cf.lines if ln.kind == TABLE]
    pos = position_before(r.replay, r.revokes[0].revoke)
    for p in table.cards:  # no card of the line is a revoke
        assert not pos.is_revoke(p.card), p
        pos = pos.play(p.card)


def test_earlier_revoke_on_the_same_trick_is_played_out_by_hand_not_given_to_dds() -> None:
    r = ruled(D2, "4S", "S", BOTH_DEFENDERS_ONE_TRICK, claim=11)
    assert [v.revoke.seat.name for v in r.revokes] == ["E", "W"]
    _east, west = build(r, DdsSolver())
    assert west.standing == (0,)
    assert {ln.earlier_transfer for ln in west.lines if ln.kind == SUBSTITUTION} == {1}
    sub = [ln for ln in west.lines if ln.kind == SUBSTITUTION]
    assert [[str(c) for c in ln.equivalents] for ln in sub] == [["H8", "H7", "H6"]]
    # West's heart completes the trick, which South's ♥J wins; DDS takes it from there.
    pos = position_before(r.replay, west_revoke := r.revokes[1].revoke)
    h = list(pos.hands)
    h[west_revoke.seat] &= ~Card.parse("H6").bit
    after = Position((h[0], h[1], h[2], h[3]), Strain.S, Seat.S)
    won_before = 1  # North ruffed trick 1
    assert sub[0].play_tricks == won_before + 1 + solve_positions([after], Side.NS)[0]


def test_no_lines_for_a_corrected_revoke() -> None:
    r = ruled(D2, "4S", "S", ["H8 H2 HA ^R S5"])  # not established: corrected (Law 62A)
    assert r.revokes[0].corrected
    assert build(r, DdsSolver()) == ()


def test_a_likely_line_carries_the_inference_that_decides_its_branch_point() -> None:
    king = Inference(Card.parse("SK"), Seat.W, 0.85, 0.5, "West's 1NT (1NT opening)",
                     Seat.S, True)
    branch = Branch(7, Seat.S, ((Card.parse("SQ"), 0.55), (Card.parse("SA"), 0.45)),
                    Card.parse("SQ"), 0, (king,))
    o = Outcome((Play(7, Seat.S, Card.parse("SQ"), None),), 9, 0.55, (branch,))
    line = _from_outcome(LIKELY, 0, o, "likely", Departure(Leaves.REVOKE))
    assert line.inferences == ((7, king),)
    assert line.branches == (branch.describe(),) and "places the ♠K with West" in \
        line.branches[0]
    out = line_json(line, 1.0)
    assert out["branches"] == [branch.describe()]
    assert out["inferences"] == [{"trick": 7, "viewer": "S", "card": "SK", "seat": "W",
                                  "share": 0.85, "share_unread": 0.5,
                                  "text": king.describe()}]
