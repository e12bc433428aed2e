"""Screening at speed: every revoke in many PBN / LIN files, without solving.

:func:`scan` reads files with :mod:`equity.formats.fastread` and replays whole chunks of boards
in the C kernel; it yields one :class:`Row` per revoke and one per board (or file) that
could not be read or replayed. A bad board never stops the scan. Boards without a
contract or play record have nothing to screen and are only counted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import numpy as np
from msgspec import Struct

from equity.core.game import (
    CARD,
    REVOKE_KINDS,
    SUIT_CHARS,
    Board,
    BoardError,
    error_message,
    replay,
    run,
)
from equity.formats.fastread import CHUNK, Chunk, read_packed
from equity.formats.walk import files
from equity.render.tally import Counts

FIELDS = ("source", "board", "trick", "seat", "card", "suit_led", "kind", "error")
"""The columns of a row, in CSV order."""


class Row(Struct, frozen=True):
    """A revoke (``error`` None) or a board that could not be screened (``error`` set)."""

    source: str
    board: str | None
    trick: int | None = None
    seat: str | None = None
    card: str | None = None
    suit_led: str | None = None
    """The suit led, None when the revoke is a failure to lead a required suit."""
    kind: str | None = None
    """``follow``, ``lead`` or ``penalty`` (see :class:`equity.core.game.replay.Revoke`)."""
    error: str | None = None

    def to_json(self) -> dict[str, object]:
        """A revoke's fields, or an error's ``source``, ``board`` and ``error``."""
        if self.error is not None:
            return {"source": self.source, "board": self.board, "error": self.error}
        return {"source": self.source, "board": self.board, "trick": self.trick,
                "seat": self.seat, "card": self.card, "suit_led": self.suit_led,
                "kind": self.kind}


def _error_row(e: BoardError) -> Row:
    place = str(e.where)
    return Row(e.source, e.board, error=f"{place}: {e.message}" if place else e.message)


_GAME = re.compile(r"game (\d+)")
_SEATS = "NESW"
_NAMES = tuple(str(c) if c is not None else "" for c in CARD)


def _order_of(e: BoardError) -> int:
    m = _GAME.search(e.board or "")
    return int(m.group(1)) if m else 0


def scan_chunk(chunk: Chunk, tally: Counts | None = None) -> list[Row]:
    """The rows of one packed chunk, in file order."""
    t = tally if tally is not None else Counts()
    out = run(chunk.batch)
    keyed: list[tuple[int, int, int, Row]] = []
    src = chunk.source.tolist()
    idx = chunk.index.tolist()
    codes = out.error[:, 0]
    for i in np.flatnonzero(codes).tolist():
        err = tuple(int(x) for x in out.error[i])
        b = chunk.batch
        msg, where = error_message(
            (err[0], err[1], err[2], err[3], err[4]),
            (int(b.hands[i, 0]), int(b.hands[i, 1]), int(b.hands[i, 2]), int(b.hands[i, 3])),
            int(b.ntricks[i]))
        e = BoardError(msg, chunk.sources[src[i]], chunk.label(i), where)
        keyed.append((src[i], idx[i], 0, _error_row(e)))
    kinds = out.revoke[:, :, 0]
    kinds[codes != 0] = 0  # a record that cannot be replayed has no revokes to report
    # a revoke corrected at the table is in the tags, not the play: replayed in full
    # (its penalty cards bind the rest of the record, Law 50D1)
    corrected = [i for i in chunk.corrected if codes[i] == 0]
    kinds[corrected] = 0
    found = failed = 0
    for i in corrected:
        rows = _replayed(chunk.corrected[i])
        keyed += [(src[i], idx[i], 0 if r.error else (r.trick or 0) * 4, r) for r in rows]
        failed += any(r.error is not None for r in rows)
        found += sum(r.error is None for r in rows)
    boards, plays = np.nonzero(kinds)
    seats = out.order[boards, plays, 0].tolist()
    played = out.order[boards, plays, 1].tolist()
    led = np.where(plays % 4 > 0, out.order[boards, plays - plays % 4, 1], -1).tolist()
    kind = kinds[boards, plays].tolist()
    labels: dict[int, str] = {}
    for i, p, seat, card, lc, k in zip(boards.tolist(), plays.tolist(), seats, played, led,
                                       kind, strict=True):
        if i not in labels:
            labels[i] = chunk.label(i)
        keyed.append((src[i], idx[i], p + 1, Row(
            chunk.sources[src[i]], labels[i], p // 4 + 1, _SEATS[seat], _NAMES[card],
            SUIT_CHARS[lc >> 4] if lc >= 0 else None, REVOKE_KINDS[k])))
    for e in chunk.errors:
        sid = chunk.sources.index(e.source) if e.source in chunk.sources else -1
        keyed.append((sid, _order_of(e), 0, _error_row(e)))
    keyed.sort(key=lambda k: k[:3])
    t.screened += len(chunk)
    t.revokes += len(boards) + found
    t.errors += int(np.count_nonzero(codes)) + len(chunk.errors) + failed
    t.unplayed += chunk.unplayed
    return [k[3] for k in keyed]


def _replayed(board: Board) -> list[Row]:
    """The revokes of a board whose record shows a correction, from the full replay (or
    its error)."""
    try:
        rp = replay(board)
    except BoardError as e:
        return [_error_row(e)]
    return [Row(board.source, board.label, r.trick, r.seat.name, str(r.card),
                SUIT_CHARS[r.suit_led] if r.suit_led is not None else None, r.kind.value)
            for r in rp.revokes]


def scan(paths: Iterable[str | Path], tally: Counts | None = None,
         chunk_size: int = CHUNK) -> Iterator[Row]:
    """Every revoke and every board error in the files (directories are searched)."""
    for chunk in read_packed(files(paths), chunk_size):
        yield from scan_chunk(chunk, tally)


__all__ = ["FIELDS", "Row", "scan", "scan_chunk"]
