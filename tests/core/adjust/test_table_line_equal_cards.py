"""The table line keeps the record on an equal card (issue 31, item 4): a card equal to
the recorded one (the tool's classes of equal cards) is the recorded card and the
non-offenders' later errors keep standing; a line that left the record plays the rest
as the likely outcomes (issue 47)."""

from __future__ import annotations

from functools import cache

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.adjust.line import TABLE, Leaves
from equity.core.adjust.ruling import Basis, Ruling
from equity.core.adjust.table_line import equal_card
from equity.core.game.board import Board
from equity.core.game.cards import Card, Seat, Strain, parse_hand
from equity.core.game.position import Position
from equity.formats import read_boards
from tests.builders import CASES

CASE = CASES / "031_table_line_equal_card_misguess_stays.pbn"


@cache
def ruled() -> Ruling:
    (b,) = [x for x in read_boards(CASE) if isinstance(x, Board)]
    return rule_board(b, RulingOptions())


def test_an_equal_card_is_one_whose_cards_between_are_all_played() -> None:
    hands = [parse_hand(h) for h in ("KT4.A86.KQ5.A962", "76.3.JT98.Q8754",
                                     "AQJ98.K5.A73.KT", "532.JT97.642.J3")]
    east = Position((hands[0], hands[1], hands[2], hands[3]), Strain.S, Seat.E)
    # the H2 is gone: East's H3 is equal to it
    assert equal_card(east, Seat.E, Card.parse("H2")) == Card.parse("H3")
    # West's H7 is not equal to a H4: South's H5 and dummy's H6 lie between
    west = Position((hands[0], hands[1], hands[2], hands[3]), Strain.S, Seat.W)
    assert equal_card(west, Seat.W, Card.parse("H4")) is None


def test_the_table_line_plays_the_equal_card_and_keeps_the_misguess() -> None:
    r = ruled()
    (table,) = [ln for ln, _ in r.lines if ln.kind == TABLE]
    assert [(d.at, d.trick, d.seat, d.card, d.recorded) for d in table.exchanges] == [
        (Leaves.EQUAL, 2, Seat.E, Card.parse("H3"), Card.parse("H2"))]
    assert table.left_record.at is Leaves.END and table.followed == 1.0
    # dummy's duck of the CJ at trick 10 stands: the non-offenders' own error
    assert [(d.trick, d.seat, d.card) for d in table.own_errors] == [
        (10, Seat.N, Card.parse("C6"))]
    assert table.declarer_tricks == 11


def test_the_misguess_gains_the_non_offenders_nothing() -> None:
    r = ruled()
    assert r.basis is Basis.TRANSFER and r.weighted == ((12, 1.0),)


def test_a_line_that_left_the_record_plays_the_rest_as_the_likely_outcomes(
        ) -> None:
    """Issue 47: once the line has left the record (trick 11) the rest is the outcome
    tree from there; trick 13's cards are forced, so the tree plays them as the table
    did, but no 'return' to the record is listed."""
    path = CASE.parent / "011_64b3_penalty_card_not_played_discard.pbn"
    (b,) = [x for x in read_boards(path) if isinstance(x, Board)]
    r = rule_board(b, RulingOptions())
    tables = [ln for ln, _ in r.lines if ln.kind == TABLE]
    for table in tables:
        assert [(d.at, d.trick) for d in table.departures] == [(Leaves.CARD, 11)]
    assert abs(sum(t.frequency for t in tables) - 1.0) < 1e-9
