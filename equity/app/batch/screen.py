"""Phase 1: screening. Which boards have a revoke (or cannot be replayed), found with the
native scan path."""


from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from equity.app.batch.keys import board_key
from equity.core.board import Board
from equity.core.errors import BoardError
from equity.core.kernel import run
from equity.formats import read_boards
from equity.formats.fastread import read_packed
from equity.formats.walk import files

# --- Phase 1: screening ---------------------------------------------------------------


@dataclass
class Screened:
    """What screening found: per file, the boards to rule; and the unreadable boards."""

    wanted: dict[str, list[int]] = field(default_factory=dict)
    """Source -> indices (in the file) of boards with a revoke or a kernel error."""
    paths: dict[str, Path] = field(default_factory=dict)
    errors: list[tuple[str, BoardError]] = field(default_factory=list)
    """(key, error) for each board or file that could not be read."""
    boards: int = 0
    """Boards screened (with a contract and a play record)."""

    @property
    def to_rule(self) -> int:
        return sum(len(v) for v in self.wanted.values())


_GAME = re.compile(r"game (\d+)")


def _read_error_key(e: BoardError, seen: set[str]) -> str:
    """A read error's key: its game's index when the label gives one, else ``!file``."""
    m = _GAME.search(e.board or "")
    key = board_key(e.source, m.group(1) if m else "!file")
    base, k = key, 1
    while key in seen:
        k += 1
        key = f"{base}/{k}"
    seen.add(key)
    return key


def screen(paths: Iterable[str | Path]) -> Screened:
    """Find the boards to rule with the native scan path (reading in C, replay in the
    kernel): those with a revoke, and those the kernel cannot replay (their ruling
    reports the error). Memory is flat in the number of boards read."""
    out = Screened()
    seen: set[str] = set()
    found = files(paths)
    out.paths = {str(p): p for p in found}
    for chunk in read_packed(found):
        result = run(chunk.batch)
        hit = (result.revoke[:, :, 0] != 0).any(axis=1) | (result.error[:, 0] != 0)
        for i in np.flatnonzero(hit).tolist():
            source = chunk.sources[int(chunk.source[i])]
            out.wanted.setdefault(source, []).append(int(chunk.index[i]))
        out.errors += [(_read_error_key(e, seen), e) for e in chunk.errors]
        out.boards += len(chunk)
    return out


def tasks_of(screened: Screened, done: set[str], size: int) -> Iterator[list[Board]]:
    """The boards to rule, read again with the full reader (only the files that have
    any), in tasks of ``size``, skipping those whose key is in ``done``."""
    task: list[Board] = []
    for source, indices in screened.wanted.items():
        todo = {i for i in indices if board_key(source, i) not in done}
        if not todo:
            continue
        for item in read_boards(screened.paths[source]):
            if isinstance(item, Board) and item.index in todo:
                task.append(item)
                if len(task) == size:
                    yield task
                    task = []
    if task:
        yield task
