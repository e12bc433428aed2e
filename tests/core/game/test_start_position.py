"""A claim as the Director finds it at the table (``[EquityClaimPosition]``): the cards
still held, who is on lead, the tricks each side had won; the record starts there, the
earlier play unknown."""

from __future__ import annotations

import pytest

from equity.core.game.cards import Card, ModelError, Seat, Side, card_set
from equity.core.game.errors import BoardError
from equity.core.game.facts import Facts
from equity.core.game.replay import Replay, replay
from equity.core.game.revoke_report import RevokeReport
from equity.core.game.start_position import StartPosition
from equity.core.player.start import Start, checkpoint
from tests.builders import SEED001_DEAL, SEED001_PLAY, board

HELD = "N SK S7 S4 CQ C4; E S9 S6 S2 CA C7; S SJ H9 H5 H2 CT; W SA SQ S5 CK CJ"
"""Seed 001's hands after its eighth trick."""
AT_NINE = f"lead S; won NS 3 EW 5; {HELD}"


def _at_claim(text: str = AT_NINE, rows: list[str] | None = None) -> Replay:
    b = board(SEED001_DEAL, "3NT", "E", rows or [], claim=10,
              facts=Facts(claim_position=StartPosition.parse(text)))
    return replay(b)


def test_a_claim_position_reads_back_as_written() -> None:
    position = StartPosition.parse(AT_NINE)
    assert StartPosition.parse(str(position)) == position
    assert (position.trick, position.left, position.leader) == (9, 5, Seat.S)
    assert (position.won(Side.NS), position.won(Side.EW)) == (3, 5)


@pytest.mark.parametrize(("text", "says"), [
    (f"lead S; won NS 3 EW 4; {HELD}", "must add up to the 8 played"),
    ("lead S; won NS 3 EW 5; N SK S7 S4 CQ; E S9 S6 S2 CA C7; S SJ H9 H5 H2 CT; "
     "W SA SQ S5 CK CJ", "North 4, East 5"),
    ("lead S; won NS 3 EW 5; N SK S7 S4 CQ C4; E S9 S6 S2 CA C7; S SJ H9 H5 H2 CT; "
     "W SA SQ S5 CK SK", "to two seats"),
    (f"won NS 3 EW 5; {HELD}", "who is on lead"),
    ("lead S; won NS 3 EW 5; N SK S7 S4 CQ C4", "the cards East still holds"),
    (f"lead S; won 3 5; {HELD}", "'won NS N EW N'"),
])
def test_a_position_that_does_not_hold_together_is_refused_saying_why(
        text: str, says: str) -> None:
    with pytest.raises(ModelError, match=says):
        StartPosition.parse(text)


def test_a_card_the_hand_record_deals_to_another_seat_is_an_error_naming_the_board() -> None:
    stray = AT_NINE.replace("CK CJ", "CK HQ")
    with pytest.raises(BoardError, match="West ♥Q, which the hand record deals to East") as e:
        _at_claim(stray)
    assert "board 1" in str(e.value)


def test_a_claim_position_with_a_play_record_is_refused() -> None:
    with pytest.raises(BoardError, match="give one or the other"):
        _at_claim(rows=SEED001_PLAY[:8])


def test_the_record_starts_at_the_claim_with_the_tricks_won_before_it() -> None:
    rp = _at_claim()
    assert rp.tricks == () and rp.claimed and rp.tricks_done == 8
    assert rp.claimed_tricks == {Side.EW: 5, Side.NS: 0}
    assert rp.declarer_tricks == 10
    pos = rp.position(9)
    assert pos.to_play == Seat.S and pos.tricks_left == 5
    assert pos.hands[Seat.W] == card_set([Card.parse(c) for c in ["SA", "SQ", "S5", "CK", "CJ"]])


def test_from_a_claim_position_no_show_out_is_known_where_the_play_showed_one() -> None:
    """Law 70A: without the earlier play the claimer is credited with nothing it showed
    (South showed out of diamonds on trick 2 of the record)."""
    played = replay(board(SEED001_DEAL, "3NT", "E", SEED001_PLAY[:8], claim=10))
    held = replay(board(SEED001_DEAL, "3NT", "E", [], claim=10,
                        facts=Facts(claim_position=StartPosition.parse(AT_NINE))))
    assert Start.at(played, 9).voids[Seat.S]
    start = Start.at(held, 9)
    assert not any(start.voids.values()) and start.evidence == ()
    assert start.position.hands == Start.at(played, 9).position.hands
    assert start.won == Start.at(played, 9).won


def test_a_claim_position_and_a_reported_revoke_together_are_refused() -> None:
    facts = Facts(claim_position=StartPosition.parse(AT_NINE),
                  revoke_report=RevokeReport.parse("5 N C2 established; won E; later yes"))
    with pytest.raises(BoardError, match="not both"):
        replay(board(SEED001_DEAL, "3NT", "E", [], claim=10, facts=facts))


def test_the_likely_outcomes_start_at_the_claim_and_nowhere_else() -> None:
    rp = _at_claim()
    assert checkpoint(rp, 8).position == rp.position(9)
    with pytest.raises(ModelError, match="--after-trick 8"):
        checkpoint(rp, 3)
