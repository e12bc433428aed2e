"""Read PBN or LIN text in tests: every item, the one board, or the one error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from equity.core.game.board import Board
from equity.core.game.errors import BoardError
from equity.core.game.kernel import Batch, pack_board
from equity.formats import read_boards, read_text
from equity.formats.fastread import REQ_SLOTS, read_packed


def reader(fmt: str) -> tuple[Callable[[str], list[Board | BoardError]],
                              Callable[[str], Board], Callable[[str], BoardError]]:
    """``items``, ``one`` and ``error`` for text in ``fmt`` ("pbn" or "lin")."""
    def items(text: str) -> list[Board | BoardError]:
        return list(read_text(text, fmt, f"t.{fmt}"))

    def one(text: str) -> Board:
        out = items(text)
        assert len(out) == 1, out
        assert isinstance(out[0], Board), out[0]
        return out[0]

    def error(text: str) -> BoardError:
        out = items(text)
        assert len(out) == 1, out
        assert isinstance(out[0], BoardError), out[0]
        return out[0]

    return items, one, error


Packed = dict[tuple[str, int], tuple[object, ...]]
"""Boards read, by (source, index): the fast and the full reader's, to compare."""
DEAL = "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432"


def fast(paths: list[Path], chunk_size: int = 1024) -> tuple[Packed, list[str], int]:
    boards: Packed = {}
    errors: list[str] = []
    unplayed = 0
    for ch in read_packed(paths, chunk_size):
        b = ch.batch
        for i in range(len(ch)):
            boards[(ch.sources[ch.source[i]], int(ch.index[i]))] = (
                b.hands[i].tolist(), b.table[i].tolist(), b.leaders[i].tolist(),
                b.marks[i].tolist(), int(b.ntricks[i]), int(b.strain[i]),
                int(b.declarer[i]), b.reqs[i].tolist(), ch.label(i))
        errors += [str(e) for e in ch.errors]
        unplayed += ch.unplayed
    return boards, errors, unplayed


def slow(paths: list[Path]) -> tuple[Packed, list[str], int]:
    boards: Packed = {}
    errors: list[str] = []
    unplayed = 0
    for p in paths:
        for it in read_boards(p):
            if not isinstance(it, Board):
                errors.append(str(it))
            elif it.contract is None or it.play is None:
                unplayed += 1
            else:
                b = Batch.empty(1, REQ_SLOTS)
                pack_board(b, 0, it.deal.hands, it.contract, it.play, it.facts.requirements)
                boards[(str(p), it.index)] = (
                    b.hands[0].tolist(), b.table[0].tolist(), b.leaders[0].tolist(),
                    b.marks[0].tolist(), int(b.ntricks[0]), int(b.strain[0]),
                    int(b.declarer[0]), b.reqs[0].tolist(), it.label)
    return boards, errors, unplayed


GAMES = f"""% PBN 2.1
% a header

[Event "fast"]
[Board "1"]
[Deal "{DEAL}"]
[Declarer "S"]
[Contract "4SX"]
[Result "10"]
[Play "W"]
H8 H2 HA ^R S5 =1=
C3! H3 C5 CA
*

[Board "#"]
[Declarer "N"]
[Contract "3NT"]
[Play "E"]
HA H6 H2 HJ
+

[Event "inherits the deal, no #"]
[Declarer "E"]
[Contract "2H"]
[Play ""]
^LS2 SA S8 S5
SK - S9 S6

[Deal "{DEAL}"]
[Declarer "W"]
[Contract "1C"]
[Play "N"]
SA S8 S5 S2
XX S9 S6 S3

[Deal "{DEAL}"]
[Declarer "W"]
[Contract "1C"]
[Play "N"]
{{a comment}} SA S8 S5 S2

[Deal "{DEAL}"]
[Declarer "W"]
[Contract "7NR"]
[Play "N"]
SA S8 S5 S2
[EquityRequirement "1 N lead S; 1 N penalty SA"]

[Deal "N:- 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432"]
[Declarer "W"]
[Contract "1C"]
[Play "N"]
SA S8 S5 S2
SK S9 S6 S3
SQ SK

[Deal "{DEAL}"]
[Declarer "S"]
[Contract "Pass"]
[Play "W"]

[Deal "{DEAL}"]
[Declarer "S"]
[Contract "4S"]
[Play "W"]
- - - -
"""
