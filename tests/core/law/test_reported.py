"""Laws 61-64A/B from the facts reported at the table, without the card play
(equity.core.law.reported), and the Law 64C screen from the deal alone
(equity.core.adjust.deal_screen)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from equity.core.adjust import screen
from equity.core.game import (
    Attention,
    Board,
    BoardError,
    Contract,
    Deal,
    Facts,
    ModelError,
    RevokeReport,
    Seat,
    Strain,
)
from equity.core.law import EDITIONS, rule_reported
from equity.formats.facts import fact_tags, parse_facts
from tests.builders import DEAL_001 as DEAL


def reported(facts: str, result: int | None = 6, attention: Attention = Attention.END,
             edition: str = "2017", declarer: Seat = Seat.E) -> tuple[Board, object]:
    board = Board(source="t", index=1, number=1, dealer=Seat.N, vulnerability=None,
                  deal=Deal.parse_pbn(DEAL), contract=Contract(3, Strain.NT, 0, declarer),
                  play=None, result=result,
                  facts=Facts(attention=attention, revoke_report=RevokeReport.parse(facts)))
    return board, rule_reported(board, EDITIONS[edition])


def test_the_revoke_fact_reads_back_as_written() -> None:
    text = "5 N C2 established; won E; later yes"
    assert str(RevokeReport.parse(text)) == text
    facts = parse_facts({"EquityRevoke": text})
    assert fact_tags(facts)["EquityRevoke"] == text
    for trick in ("14", "0", "\u00b2", "9" * 5000):  # 5,000 digits once reached int()
        with pytest.raises(ModelError):
            RevokeReport.parse(f"{trick} N C2 established")
    with pytest.raises(ModelError):
        RevokeReport.parse("5 N C2 established; won X")


def test_revoke_won_by_offender_with_a_later_trick_transfers_two_tricks() -> None:
    _, r = reported("5 N C2 established; won N; later yes")
    assert r.transfer == 2 and [s.law for s in r.steps][-1] == "64A1"
    assert r.after_transfer_tricks == 8


def test_revoke_won_by_declarer_then_a_later_trick_transfers_one() -> None:
    _, r = reported("5 N C2 established; won E; later yes")
    assert r.transfer == 1 and r.steps[-1].law == "64A2" and r.after_transfer_tricks == 7


def test_offenders_winning_nothing_from_the_revoke_on_is_64b1() -> None:
    _, r = reported("5 N C2 established; won E; later no")
    assert (r.transfer, r.exemption, r.after_transfer_tricks) == (0, "64B1", 6)


def test_a_missing_fact_is_named_never_guessed() -> None:
    _, r = reported("5 N C2 established; won E")
    assert r.transfer is None and r.after_transfer_tricks is None
    assert r.needs and "won a trick after trick 5" in r.needs[0]


def test_attention_after_the_round_is_64b5_and_dummy_64b3() -> None:
    _, r = reported("5 N C2 established; won N; later yes", attention=Attention.ROUND)
    assert (r.transfer, r.exemption) == (0, "64B5")
    _, r = reported("5 W S3 established; won W; later yes")
    assert (r.transfer, r.exemption) == (0, "64B3")


def test_a_trick_12_revoke_before_the_hands_went_back_needs_the_last_two_tricks() -> None:
    _, r = reported("12 N C2 established; won N; later yes")
    assert r.transfer is None and "62D" in r.needs[0]
    _, r = reported("12 N C2 established; won N; later yes", attention=Attention.RETURNED)
    assert r.exemption == "64B6"


def test_a_corrected_revoke_transfers_nothing_and_a_defenders_card_is_a_penalty() -> None:
    _, r = reported("5 N C2 corrected")
    assert r.transfer == 0 and "62B1" in [s.law for s in r.steps]


def test_facts_that_do_not_fit_the_deal_or_the_result_are_the_boards_error() -> None:
    with pytest.raises(BoardError, match="not dealt"):
        reported("5 N CA established; won N; later yes")
    with pytest.raises(BoardError, match="leave the offending side"):
        reported("5 N C2 established; won N; later yes", result=12)


def test_1997_says_what_its_second_limb_would_need() -> None:
    _, r = reported("5 N C2 established; won E; later yes", edition="1997")
    assert r.transfer == 1 and "1997 Law 64A2" in r.needs[0]


def test_the_screen_asks_for_the_play_from_the_revoke_trick_only_when_short() -> None:
    _, r = reported("5 N C2 established; won E; later yes")
    short = screen(r, {10: 0.5, 11: 0.3, 7: 0.2}, 1 / 6)
    assert short is not None and short.may_be_short and short.trick == 5
    assert "trick 5" in short.step().text
    enough = screen(r, {7: 0.9, 8: 0.1}, 1 / 6)
    assert enough is not None and not enough.may_be_short
    board, _ = reported("5 N C2 corrected")
    corrected = rule_reported(replace(board), EDITIONS["2017"])
    assert screen(corrected, {10: 1.0}, 1 / 6) is None
