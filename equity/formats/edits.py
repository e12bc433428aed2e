"""A file changed in a few places, every other byte kept: how the results writers
(:mod:`equity.formats.usebio`, :mod:`equity.formats.scoretable`) put a ruling back into
the scorer's file.

An edit is ``(start, end, text)``: the bytes ``data[start:end]`` become ``text``. The
edits of one write are applied in one pass, as pieces of the old data and the new texts
(:func:`spliced`), so that a 50 MB file changed in a hundred places is never copied once
per edit (it was: 576 MB at the peak) nor held whole twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Edit = tuple[int, int, bytes]


def spliced(data: bytes, edits: Iterable[Edit]) -> Iterator[bytes | memoryview]:
    """``data`` with ``edits`` (which must not overlap) applied, piece by piece."""
    view = memoryview(data)
    at = 0
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1])):
        if start < at:
            raise ValueError(f"overlapping edits at byte {start}")
        yield view[at:start]
        yield text
        at = end
    yield view[at:]


def edited(data: bytes, edits: Iterable[Edit]) -> bytes:
    """``data`` with ``edits`` applied, as one value."""
    return b"".join(spliced(data, edits))


__all__ = ["Edit", "edited", "spliced"]
