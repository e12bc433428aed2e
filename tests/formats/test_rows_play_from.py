"""Rows that give the play from a later trick (``play-from:``, ``lead:``): rebuilt as the
PBN record of that play (``[EquityPlayFrom]``), or a clear error."""

from __future__ import annotations

import pytest

from equity.core.game import Board, BoardError, PlayFrom, replay
from equity.formats.rows import board_to_rows, read_rows
from tests.builders import case_001, played_from


def from_five() -> Board:
    return played_from(case_001(), 5)


def test_rows_from_trick_five_rebuild_the_play_from_there() -> None:
    board = from_five()
    [back] = read_rows(board_to_rows(board))
    assert back.board.play == board.play
    assert back.board.facts.play_from == PlayFrom(5)
    rp = replay(back.board)
    assert rp.first_trick == 5 and [r.trick for r in rp.revokes] == [5]


def _without(text: str, key: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith(key)) + "\n"


def test_rows_from_a_later_trick_must_say_who_led_it() -> None:
    with pytest.raises(BoardError, match="who led trick 5"):
        read_rows(_without(board_to_rows(from_five()), "lead:"))


def test_rows_from_a_later_trick_take_no_unknown_card() -> None:
    text = board_to_rows(from_five()).replace("N: C2", "N: ?")
    with pytest.raises(BoardError, match="cannot have '\\?' cards"):
        read_rows(text)


def test_rows_from_trick_five_hold_nine_cards_at_most() -> None:
    text = board_to_rows(from_five()).replace("N: C2", "N: D3 C2")
    with pytest.raises(BoardError, match="more than 9"):
        read_rows(text)
