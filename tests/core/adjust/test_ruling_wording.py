"""What a ruling says where nothing was transferred, nothing stands, or the record's end
was read (issue 31, item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from equity.app.cli import main
from equity.core.game.cards import Card, Seat, Side
from equity.core.law.correction import TrickChoice
from equity.core.law.laws import _62d2_text
from tests.builders import CASES


def text_of(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> str:
    assert main(["rule", str(path), *options]) == 0
    return capsys.readouterr().out


def test_an_adjudicated_claim_without_a_transfer_is_not_called_after_transfer(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = text_of(capsys, CASES / "011_63a4_agreed_claim_69a_timing.pbn", "--no-equity")
    board1 = text.split("board 2")[0]
    assert "After transfer" not in board1
    assert "After Laws 61-64 (the claim adjudicated under Law 70; no trick transferred): " \
           "4♠ by South: 11 tricks" in board1


def test_a_corrected_revoke_while_play_continues_gets_no_weighting_policy(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = text_of(capsys, CASES / "002_nonest_2_defender_ruffs_partner_asks.pbn")
    assert "policy weighted" not in text and "compared in total points" not in text
    assert "Law 62A: play continues" in text and "no revoke is established" in text


def test_a_revoke_without_a_transfer_is_not_said_to_have_one(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = " ".join(text_of(capsys, CASES / "003_b3_dummy_hidden_card.pbn").split())
    assert "its Law 64A transfer" not in text and "After transfer" not in text
    assert "with no trick transferred (Law 64B3)" in text
    assert ", no trick having been transferred for it" in text
    assert "No trick was transferred (Law 64B3); Law 64C: " in text
    assert "the transfer did not compensate" not in text


def test_62d2_two_suits_wording_is_not_said_of_a_partner_holding_one_suit() -> None:
    one = TrickChoice("62D2", Seat.E, Side.EW, ((Card.parse("HJ"), 7), (Card.parse("H4"), 7)),
                 Card.parse("HJ"), suits_held=1)
    text = _62d2_text(one, "East", "♥J, ♥4", "two suits")
    assert "two suits" not in text and "one suit only, so 62D2 bars nothing" in text
    two = TrickChoice("62D2", Seat.E, Side.EW, one.options, one.chosen, suits_held=2)
    assert "holds cards of two suits" in _62d2_text(two, "East", "♥J, ♥4", "two suits")


def test_a_play_record_ending_without_a_claim_mark_says_it_was_read_as_a_claim(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pbn = (CASES / "003_poznan_2011.pbn").read_text().replace("\n*", "")
    path = tmp_path / "unmarked.pbn"
    path.write_text(pbn)
    text = " ".join(text_of(capsys, path, "--no-equity").split())  # lines wrap at 100
    assert "Note: the [Play] stops at trick 3 without a claim mark ('*'); with its " \
           "[Result] (12 tricks for declarer) it is read as a claim" in text
    marked = text_of(capsys, CASES / "003_poznan_2011.pbn", "--no-equity")
    assert "without a claim mark" not in marked
