"""A revoke ruled from the play given from the revoke trick on (``[EquityPlayFrom]``):
Laws 61-64 and the Law 64C check as from the whole play, the earlier play not invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from equity.app.batch.screen import screen
from equity.app.pipeline import FROM_TRICK, rule_board
from equity.core.game import Board, BoardError, RevokeReport
from equity.core.game.kernel import run
from equity.formats import read_boards
from equity.formats.fastread import read_packed
from equity.formats.write import board_to_pbn
from equity.render.jsonout import board_json
from tests.builders import case_001 as whole
from tests.builders import played_from


def from_trick(board: Board, n: int, report: RevokeReport | None = None) -> Board:
    """``board`` with its play given from trick ``n`` on and the revoke ``report``."""
    b = played_from(board, n)
    return replace(b, facts=replace(b.facts, revoke_report=report))


def test_a_revoke_from_the_revoke_trick_is_ruled_as_from_the_whole_play() -> None:
    """Law 64A's transfer and Law 64C's adjusted score are the whole play's; the opening
    lead is not read (not given) and the ruling says what it did not know."""
    full = board_json(rule_board(whole()))
    part = board_json(rule_board(from_trick(
        whole(), 5, RevokeReport.parse("5 N C2 established; won E; later yes"))))
    for key in ("revokes", "table_tricks", "after_transfer_tricks", "equity_tricks",
                "ruling", "finished"):
        assert part[key] == full[key], key
    assert full["lead"] is not None and part["lead"] is None
    assert FROM_TRICK.format(trick=5) in part["notes"]
    assert FROM_TRICK.format(trick=5) not in full["notes"]


def test_a_revoke_reported_on_a_trick_the_play_does_not_show_is_an_error() -> None:
    with pytest.raises(BoardError, match="shows no revoke by South on trick 6"):
        rule_board(from_trick(whole(), 5,
                              RevokeReport.parse("6 S S8 established; won E; later yes")))


def test_the_batch_screen_replays_a_play_from_trick_n_in_the_kernel(tmp_path: Path) -> None:
    """The native scan packs the hands at trick N (not the deal): it finds the revoke,
    no error, and the board is ruled as ``equity rule`` rules it."""
    board = from_trick(whole(), 5)
    path = tmp_path / "from5.pbn"
    path.write_text(board_to_pbn(board))
    [again] = [b for b in read_boards(path) if isinstance(b, Board)]
    assert again.play == board.play and again.facts == board.facts
    [chunk] = list(read_packed([path]))
    out = run(chunk.batch)
    assert int(out.error[0, 0]) == 0
    assert (out.revoke[0, :, 0] != 0).sum() == 1
    assert screen([path]).wanted == {str(path): [1]}
