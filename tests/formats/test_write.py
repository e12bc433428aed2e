"""Boards written as PBN (equity.formats.write): the auction comes back as it was."""

from __future__ import annotations

from msgspec.structs import replace

from equity.core.game.board import Board
from equity.formats import read_text
from equity.formats.rows import read_rows
from equity.formats.write import board_to_pbn
from tests.workbench import ROWS_001


def _board(contract: str, auction: str) -> Board:
    (p,) = read_rows(ROWS_001.replace("contract: 3NT\n", f"contract: {contract}\n")
                     + f"auction: {auction}\n")
    return p.board


def test_an_ended_auction_is_written_as_pbn_spells_it_and_read_back() -> None:
    board = _board("3NTXX", "E 1NT P 3NT X XX P P P")
    text = board_to_pbn(board)
    assert '[Auction "E"]\n1NT Pass 3NT X\nXX Pass Pass Pass\n' in text
    (back,) = list(read_text(text, "pbn", board.source))
    assert isinstance(back, Board) and back.auction == board.auction
    assert replace(back, index=board.index, tags={}) == replace(
        board, tags={})


def test_an_auction_that_has_not_ended_is_not_written() -> None:
    """PBN reads only an ended ``[Auction]`` (a LIN board may hold calls cut short)."""
    board = _board("3NT", "E 1NT P 3NT P P P")
    assert board.auction is not None
    cut = replace(board, auction=replace(
        board.auction, calls=board.auction.calls[:3]))
    assert "[Auction" not in board_to_pbn(cut) and "[Auction" in board_to_pbn(board)
