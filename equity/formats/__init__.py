"""The readers: PBN and LIN files to :class:`~equity.core.game.board.Board` values.

Reading streams one board at a time, and a bad board never stops the file: it comes
out as a :class:`~equity.core.game.errors.BoardError` naming the file, the board and the place
(line, tag, trick, seat, card), and reading goes on with the next board. Nothing but a
:class:`BoardError` ever escapes; an unreadable file gives one error for the file.

The readers record what the file says. They apply no card-play rules: trick winners,
legality and who held which card are the replay stage's business.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from equity.core.game import Board, BoardError
from equity.formats.pbn import read_pbn, refused
from equity.formats.text_lines import BLOCK, lines_of_text, not_text, read_lines

__all__ = ["FORMATS", "load_board", "names_board", "read_boards", "read_text"]

FORMATS = {".pbn": "pbn", ".lin": "lin"}
"""File extensions we read, and the format each one means."""


def read_boards(path: str | Path) -> Iterator[Board | BoardError]:
    """Every board of a ``.pbn`` or ``.lin`` file, in file order, one item per board."""
    source = str(path)
    fmt = FORMATS.get(Path(path).suffix.lower())
    if not Path(path).exists():  # before the extension: a misspelt one is a missing file
        yield BoardError("no such file", source)
        return
    if Path(path).is_dir():
        yield BoardError("a folder, not a PBN or LIN file", source)
        return
    if fmt is None:
        yield BoardError(f"cannot tell the format from the extension; expected one of "
                         f"{', '.join(sorted(FORMATS))}", source)
        return
    try:
        with open(path, "rb") as f:
            head = f.read(BLOCK)
            problem = refused(head) if fmt == "pbn" else not_text(head)
            if problem is not None:
                yield BoardError(problem, source)
                return
            chunks = [head]

            def read(n: int) -> bytes:
                return chunks.pop() if chunks else f.read(n)

            yield from _read(read_lines(read), fmt, source)
    except OSError as e:
        yield BoardError(f"cannot read the file: {e.strerror or e}", source)


def read_text(text: str, fmt: str, source: str = "<text>") -> Iterator[Board | BoardError]:
    """Every board of PBN or LIN text (``fmt`` is "pbn" or "lin", or an extension), read
    exactly as a file holding the text in UTF-8 (lines as :mod:`equity.formats.text_lines`
    defines them, not as ``str.splitlines`` splits them)."""
    f = fmt.lower().lstrip(".")
    if f not in FORMATS.values():
        raise ValueError(f"unknown format {fmt!r}; expected 'pbn' or 'lin'")
    head = text[:BLOCK].encode("utf-8", "replace")
    problem = refused(head) if f == "pbn" else not_text(head)
    if problem is not None:
        return iter([BoardError(problem, source)])
    return _read(lines_of_text(text), f, source)


def load_board(path: str | Path, number: int | None = None) -> Board:
    """The board numbered ``number`` in a file (or its first board); raises BoardError.

    If that board cannot be read, its BoardError is raised.
    """
    first_error: BoardError | None = None
    for item in read_boards(path):
        if isinstance(item, BoardError):
            if number is None or item.board is None or names_board(item.board, number):
                raise item
            first_error = first_error or item
            continue
        if number is None or item.number == number:
            return item
    if number is None:
        raise BoardError("the file holds no board", str(path))
    raise BoardError(f"no board {number} in the file"
                     + (f" (and {first_error.board} could not be read)" if first_error else ""),
                     str(path))


def names_board(label: str, number: int) -> bool:
    """Whether an error's board label ("board 3 (game 5)") names board ``number``."""
    return label == f"board {number}" or label.startswith(f"board {number} ")


def _read(lines: Iterable[str], fmt: str, source: str) -> Iterator[Board | BoardError]:
    if fmt == "pbn":
        return read_pbn(lines, source)
    from equity.formats.lin import read_lin  # imported for a LIN file only (start-up)

    return read_lin(lines, source)
