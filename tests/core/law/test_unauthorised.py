"""Issue 24: a correction shown in the record (``[EquityWithdrawn]``, Law 62) and Law 16C2
on the offending side's changed card (62C2), with the penalty cards it leaves (Law 50)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from equity.app.pipeline import rule_board
from equity.core.adjust.line import LIKELY, Line
from equity.core.adjust.ruling import Basis
from equity.core.game.board import Board
from equity.core.game.cards import Card, ModelError, Seat
from equity.core.game.errors import BoardError
from equity.core.game.facts import Withdrawal
from equity.core.game.position import Position
from equity.core.game.replay import replay
from equity.core.law.laws import rule
from equity.formats import read_boards
from equity.formats.facts import fact_tags, parse_facts
from tests.builders import CASES

C = Card.parse
SUGGESTED = "024_62c2_change_suggested_by_withdrawn_card"
STANDS = "024_62c2_change_nothing_suggested_stands"


def board(name: str) -> Board:
    (b,) = [b for b in read_boards(CASES / f"{name}.pbn") if isinstance(b, Board)]
    return b


def with_withdrawn(b: Board, text: str) -> Board:
    facts = replace(b.facts, withdrawn=Withdrawal.parse_list(text))
    return replace(b, facts=facts)


# --- the record's correction (Law 62) ---------------------------------------------------


def test_withdrawn_tag_reads_back_what_it_wrote() -> None:
    facts = parse_facts({"EquityWithdrawn": "2 E S3; 2 S HJ; 2 W H6"})
    assert facts.withdrawn == (Withdrawal(2, Seat.E, C("S3")), Withdrawal(2, Seat.S, C("HJ")),
                               Withdrawal(2, Seat.W, C("H6")))
    assert parse_facts(fact_tags(facts)) == facts


@pytest.mark.parametrize("text", ["2 E", "two E S3", "14 E S3", "2 X S3", "2 E S1"])
def test_a_withdrawn_card_that_cannot_be_read_is_an_error_naming_the_tag(text: str) -> None:
    with pytest.raises(BoardError, match="EquityWithdrawn"):
        parse_facts({"EquityWithdrawn": text})
    with pytest.raises(ModelError):
        Withdrawal.parse(text)


def test_corrected_revoke_is_ruled_corrected_with_the_cards_taken_back() -> None:
    r = rule(replay(board(SUGGESTED)))
    (rev,) = r.revokes
    assert (rev.revoke.trick, rev.revoke.seat, rev.revoke.card) == (2, Seat.E, C("S3"))
    assert not rev.established and rev.corrected and rev.transfer == 0
    assert rev.laws == ["61A", "62A", "62B1", "62C1", "62C2"]
    assert [(w.law, w.seat, w.card, w.replaced_by, w.penalty) for w in rev.revoke.withdrawn] == [
        ("62B", Seat.E, C("S3"), C("HK"), True),
        ("62C1", Seat.S, C("HJ"), C("H9"), False),
        ("62C2", Seat.W, C("H6"), C("HA"), True)]
    assert r.after_transfer_tricks == r.table_tricks == 10


def test_penalty_cards_of_a_correction_bind_the_rest_of_the_record() -> None:
    """62B1/62C2 and Law 50D1: the record after the correction must play them when due;
    a record that does not is a revoke (a failure to play a penalty card, Law 64B3)."""
    rp = replay(board(SUGGESTED))
    penalties = {(r.seat, r.card, r.trick) for r in rp.requirements if r.kind == "penalty"}
    assert penalties == {(Seat.E, C("S3"), 3), (Seat.W, C("H6"), 3)}
    b = board(STANDS)
    # West leads the S2 at trick 3 instead of his penalty card S3, and discards the S3
    # at trick 6
    bad = b.play
    assert bad is not None
    tricks = list(bad.tricks)
    t3, t6 = list(tricks[2]), list(tricks[5])
    t3[Seat.W], t6[Seat.W] = C("S2"), C("S3")
    tricks[2], tricks[5] = (t3[0], t3[1], t3[2], t3[3]), (t6[0], t6[1], t6[2], t6[3])
    r = rule(replay(replace(b, play=replace(bad, tricks=tuple(tricks)))))
    failed = [x for x in r.revokes if x.revoke.trick == 3]
    assert failed and failed[0].revoke.seat == Seat.W and failed[0].exemption == "64B3"


@pytest.mark.parametrize(("text", "message"), [
    ("2 S HJ", "no revoke was corrected before it"),
    ("2 E S4; 2 S HJ", "did not hold"),
    ("2 E S3; 2 W H6", "only after South"),
    ("2 E S3; 1 S HQ", "only cards played after the revoke"),
    ("2 E S3; 2 S H9", "the record shows H9 itself"),
    ("9 E S3", "East did not hold S3"),
])
def test_a_correction_the_record_cannot_have_had_is_an_error_naming_the_board(
        text: str, message: str) -> None:
    b = with_withdrawn(board(SUGGESTED), text)
    with pytest.raises(BoardError, match=message) as e:
        replay(b)
    assert "board 1" in str(e.value)


# --- Law 16C2 on the offending side's change (62C2) --------------------------------------


def test_62c2_change_to_the_card_the_withdrawn_card_suggested_is_adjusted() -> None:
    """West overtook with the HA knowing (from South's withdrawn HJ, unauthorised to him)
    where the HJ lies; without it he might play the H3, worse for his side: the HA is
    barred and the score adjusted to the play with the H3 (Laws 16C2, 12C1)."""
    ruling = rule_board(board(SUGGESTED))
    ((index, f),) = ruling.findings
    assert index == 0 and f.infraction
    assert f.unauthorised is not None
    assert (f.unauthorised.withdrawn, f.unauthorised.suggested, f.unauthorised.without) == (
        C("HJ"), C("HA"), C("H3"))
    assert ruling.basis is Basis.UNAUTHORISED and ruling.declarer_tricks == 11
    decision = ruling.steps[-1]
    assert decision.law == "16C2" and "11 tricks" in decision.text
    said = " ".join(s.text for s in ruling.steps if s.law == "16C2")
    assert "♥J" in said and "♥A was not allowed" in said and "♥3" in said


def _first_due(line: Line, seat: Seat, card: Card, start: Position) -> None:
    """``card``, a penalty card of ``seat`` from the trick after the change, is played
    at his first turn where it is a legal card (Law 50D1) in ``line``, replayed from
    ``start`` (the change's own card, the line's first, is his free choice)."""
    pos = start.play(line.cards[0].card)
    for p in line.cards[1:]:
        if p.seat == seat and pos.hands[seat] & card.bit:
            follows = pos.suit_led is None or card.suit == pos.suit_led or \
                not pos.hands[seat] & pos.suit_led.mask
            if follows:
                assert p.card == card, f"{seat.name} kept the penalty card {card} at {p}"
                return
        pos = pos.play(p.card)
    assert not pos.hands[seat] & card.bit


def test_the_adjusted_play_plays_the_corrections_penalty_cards_when_due() -> None:
    """East's S3 (62B1) and West's H6 (62C2: he took it back and does not keep it in
    the adjusted play) are major penalty cards in every line of the adjusted play."""
    ruling = rule_board(board(SUGGESTED))
    ((_, f),) = ruling.findings
    likely = [ln for ln, _ in ruling.lines if ln.kind == LIKELY]
    assert likely
    plain = Position(f.start.position.hands, f.start.position.strain,
                     f.start.position.leader, f.start.position.trick)
    for ln in likely:
        assert ln.cards[0].card == C("H3")
        _first_due(ln, Seat.E, C("S3"), plain)
        _first_due(ln, Seat.W, C("H6"), plain)


def test_62c2_change_that_nothing_suggested_stands() -> None:
    """Seed 002's 'both change' with the play going on: South's withdrawn S5 changes
    nothing in West's choice over the SK: his SA stands, no adjustment."""
    ruling = rule_board(board(STANDS))
    ((_, f),) = ruling.findings
    assert not f.infraction and f.unauthorised is None
    assert ruling.basis is Basis.NONE and ruling.declarer_tricks == 11
    assert any(s.law == "16C2" and "his choice stands" in s.text for s in ruling.steps)


def test_the_finding_is_the_same_under_any_seed() -> None:
    from equity.app.options import RulingOptions
    got = set()
    for seed in (1, 2, 3):
        ruling = rule_board(board(SUGGESTED), RulingOptions(seed=seed))
        ((_, f),) = ruling.findings
        got.add((f.infraction, ruling.declarer_tricks))
    assert got == {(True, 11)}
