"""Phase 1: screening. Which boards have a revoke (or cannot be replayed), found with the
native scan path, and which ask for a ruling their play does not show (a revoke corrected
at the table, a claim disputed or with its statement recorded)."""


from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import numpy as np
from msgspec import Struct, field

from equity.app.batch.keys import board_key
from equity.core.game import Board, BoardError, run
from equity.formats import read_boards
from equity.formats.fastread import read_packed
from equity.formats.walk import files

# --- Phase 1: screening ---------------------------------------------------------------


class Screened(Struct):
    """What screening found: per file, the boards to rule; and the unreadable boards."""

    wanted: dict[str, list[int]] = field(default_factory=dict)
    """Source -> indices (in the file) of boards with a revoke, a kernel error, or facts
    asking a ruling the play does not show (a corrected revoke, a claim to rule on)."""
    paths: dict[str, Path] = field(default_factory=dict)
    stamps: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Source -> (size, modification time in ns) when it was screened: a file that
    changes before its boards are ruled is reported, never ruled on a shifted index."""
    errors: list[tuple[str, BoardError]] = field(default_factory=list)
    """(key, error) for each board or file that could not be read."""
    boards: int = 0
    """Boards screened (with a contract and a play record, or ruled without play from
    the facts reported)."""

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
    out.stamps = {str(p): stamp for p in found if (stamp := _stamp(p)) is not None}
    for chunk in read_packed(found):
        result = run(chunk.batch)
        hit = (result.revoke[:, :, 0] != 0).any(axis=1) | (result.error[:, 0] != 0)
        hit[list(chunk.corrected)] = True  # a revoke corrected at the table (Law 62)
        hit[list(chunk.claims)] = True  # a claim the Director rules on (Laws 68-71)
        for i in np.flatnonzero(hit).tolist():
            source = chunk.sources[int(chunk.source[i])]
            out.wanted.setdefault(source, []).append(int(chunk.index[i]))
        for source_id, index in chunk.without_play:  # ruled from the facts reported
            out.wanted.setdefault(chunk.sources[source_id], []).append(index)
        out.boards += len(chunk.without_play)
        out.errors += [(_read_error_key(e, seen), e) for e in chunk.errors]
        out.boards += len(chunk)
    return out


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


Lost = Callable[[list[tuple[str, BoardError]]], None]
"""Receives (key, error) for wanted boards that cannot be ruled after all."""


def tasks_of(screened: Screened, done: set[str], size: int, lost: Lost
             ) -> Iterator[list[Board]]:
    """The boards to rule, read again with the full reader (only the files that have
    any), in tasks of ``size``, skipping those whose key is in ``done``.

    Whatever screening wanted is ruled or reported: a wanted board that the full reader
    gives as an error, without play, or not at all, and every wanted board of a file that
    changed since it was screened, goes to ``lost`` as an error line (counted: the run
    exits 1). The two readers agree by construction (equity/formats/text_lines.py), so this
    happens only when a file changes during the run.

    The first tasks are small (1, 2, 4 ... boards, doubling up to ``size``), so that the
    first lines reach the output within seconds of the start: a run interrupted early
    keeps them, and the progress shows a rate soon."""
    task: list[Board] = []
    task_size = 1
    for source, indices in screened.wanted.items():
        todo = {i for i in indices if board_key(source, i) not in done}
        if not todo:
            continue
        path = screened.paths[source]
        if _stamp(path) != screened.stamps.get(source):
            lost([(board_key(source, i), BoardError(
                "the file changed after it was screened; rerun to rule it", source,
                f"game {i}")) for i in sorted(todo)])
            continue
        missing = set(todo)
        errors: list[tuple[str, BoardError]] = []
        for item in read_boards(path):
            if isinstance(item, BoardError):
                m = _GAME.search(item.board or "")
                if m and int(m.group(1)) in missing:
                    missing.discard(int(m.group(1)))
                    errors.append((board_key(source, int(m.group(1))), item))
                continue
            if item.index not in missing:
                continue
            missing.discard(item.index)
            if item.contract is None or (item.play is None and not item.facts.without_play):
                errors.append((board_key(source, item.index), BoardError(
                    "screened as a board with play, but read again without a contract or "
                    "play record", source, item.label)))
                continue
            task.append(item)
            if len(task) >= task_size:
                yield task
                task = []
                task_size = min(2 * task_size, size)
        errors += [(board_key(source, i), BoardError(
            "screened, but not found when the file was read again", source, f"game {i}"))
            for i in sorted(missing)]
        if errors:
            lost(errors)
    if task:
        yield task
