"""Law 43B2(b): dummy, having lost his rights, asks declarer about a revoke: declarer
corrects, and Law 64 applies as if the revoke had been established."""

from __future__ import annotations

from msgspec.structs import replace

from equity.core.game.board import Board
from equity.core.game.facts import Attention, Facts
from equity.core.game.replay import replay
from equity.core.law.laws import rule
from equity.formats import read_boards
from tests.builders import CASES

CASE = CASES / "031_43b2b_dummy_asked_declarer.pbn"


def board(attention: str) -> Board:
    b = next(x for x in read_boards(CASE) if isinstance(x, Board) and x.number == 1)
    default, per = Facts.parse_attention(attention)
    return replace(b, facts=replace(
        b.facts, attention=default, attention_by_trick=per))


def test_dummy_asked_reads_for_one_revoke_or_all() -> None:
    assert Facts.parse_attention("end; 1=dummy-asked") == (
        Attention.END, {1: Attention.DUMMY_ASKED})


def test_corrected_card_that_wins_the_revoke_trick_costs_two_tricks() -> None:
    (r,) = rule(replay(board("1=dummy-asked"))).revokes
    assert r.corrected and r.established and r.transfer == 2
    assert r.laws == ["61A", "62A", "62B2", "43B2(b)", "64A1"]


def test_without_dummys_question_the_corrected_revoke_costs_nothing() -> None:
    auto = rule(replay(board("play")))
    (r,) = auto.revokes
    assert r.corrected and not r.established and r.transfer == 0
    assert auto.after_transfer_tricks == 11
