"""A board's play record: who led each trick, as the record says or the rules give."""

from __future__ import annotations

from equity.core.game.board import PlayRecord
from equity.core.game.cards import Seat


def test_the_first_leader_is_the_seat_the_record_gives_north_included() -> None:
    trick = (None, None, None, None)
    given = PlayRecord(Seat.E, (trick, trick), (Seat.N, None))
    assert given.first_leader == Seat.N  # seat 0: not taken for "not given"
    assert (given.given_leader(1), given.given_leader(2), given.given_leader(3)) == (
        Seat.N, None, None)
    assert PlayRecord(Seat.E, (trick,), (None,)).first_leader == Seat.E
    assert PlayRecord(Seat.E, (), ()).first_leader == Seat.E
