"""Lines: what a line is and what a blank line is, the one definition every reader uses.

This module is normative. The PBN reader (:mod:`equity.formats.pbn`), the LIN reader and
the fast reader (:mod:`equity.formats.fastread`, native/text.c) all see a file's lines as
it says; the C reader reads a file itself only where it provably splits it the same way
(``eq_pbn_irregular`` in native/text.h), and tests/test_fuzz.py checks the two against
each other on mutated files.

- A file is bytes. A UTF-8 byte order mark at its very start is dropped.
- A line ends at LF. CRs just before an LF belong to that line end (CR LF, and the
  CR CR LF of files converted twice), and so does a run of CRs at the end of the file.
  Any other CR ends a line by itself (old Mac line ends): ``a CR CR b`` is three lines,
  ``a``, a blank line and ``b``. No other character ends a line (not VT, FF, NEL,
  U+2028 or U+2029, which ``str.splitlines`` would split at).
- A file that is UTF-16 or UTF-32, or binary (control bytes such as NUL in more than
  one byte in a hundred of its first 4 KiB), is not read (:func:`not_text` says why,
  naming the encoding or what the file is). A stray NUL byte is a bad character of its
  line, wherever it is in the file.
- Each line is decoded on its own: as UTF-8, or as ISO-8859-1 (PBN's official
  character set) when it is not valid UTF-8.
- A blank line is empty or holds only whitespace in Python's sense (``str.isspace``):
  space, TAB, VT, FF, CR, the separators 0x1C-0x1F, NEL (U+0085), NBSP (U+00A0),
  U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F and U+3000.
- A line holds at most :data:`LONGEST_LINE` bytes (1 MiB, its line end not counted). A
  longer line is read as :data:`OVERLONG`: it is never blank, its text is not kept
  (reading stays within a few MiB of memory whatever the file), and the reader reports
  it as an error of the game (or LIN board) it is in.

Reading is linear in the size of the file: each byte is looked at a bounded number of
times, and at most one line (of at most :data:`LONGEST_LINE` bytes) is held at a time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final

from equity import _native

LONGEST_LINE: Final[int] = _native.LONGEST_LINE
"""The most bytes a line may hold (native/text.h ``EQ_LONGEST_LINE``)."""

BLOCK = 1 << 16
"""Bytes read at a time."""

BOM = b"\xef\xbb\xbf"


class _Overlong(str):
    """The type of :data:`OVERLONG` (a str, so readers can take it as a line)."""

    __slots__ = ()


OVERLONG: Final[str] = _Overlong("")
"""Stands for a line longer than :data:`LONGEST_LINE`: compare with ``is``."""

_EOL = re.compile(rb"[\r\n]")
_CRS = re.compile(rb"\r+")


def decode(raw: bytes | bytearray) -> str:
    """One line's text: UTF-8, or ISO-8859-1 when it is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


_SIGNATURES = ((b"%PDF", "a PDF document"), (b"PK\x03\x04", "a ZIP archive (as .docx and "
                ".xlsx files are)"), (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG "
                "image"), (b"GIF8", "a GIF image"), (b"\x1f\x8b", "a gzip archive"),
               (b"\x7fELF", "a program"), (b"\xd0\xcf\x11\xe0", "an old Word or Excel file"))
"""The first bytes of binary files met in place of a deal file, and what each is."""

_CONTROL = bytes(b for b in range(32) if b not in b"\t\n\v\f\r\x1a\x1b")
"""Bytes no text holds (NUL and the other control characters but white space, ESC and
the old end-of-file mark)."""


def not_text(head: bytes) -> str | None:
    """Why a file starting with ``head`` (its first block) cannot be read as text, or
    None: UTF-16 or UTF-32 (a byte order mark, or a NUL byte beside each ASCII character),
    or binary data (a known signature, or control bytes in more than one byte in a
    hundred: a PDF, an archive, LIN with NUL for its ``|`` separators). One stray NUL or
    control byte does not make a file binary: it is a bad character of the line it is in,
    read as such wherever it is (the game holding it is an error where it matters). The
    readers read UTF-8 and ISO-8859-1 only: read any other way, such a file would be
    nothing but malformed lines."""
    if head.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "the file is UTF-32 text; save it as UTF-8 (or ISO-8859-1)"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "the file is UTF-16 text; save it as UTF-8 (or ISO-8859-1)"
    for signature, what in _SIGNATURES:
        if head.startswith(signature):
            return (f"the file is not text: it is {what}; a PBN or LIN file is UTF-8 or "
                    "ISO-8859-1 text")
    sample = head[:4096]
    if b"\x00" in sample and len(sample) >= 4:
        odd, even = sample[1::2], sample[0::2]
        for zeros, chars in ((odd, even), (even, odd)):  # little-endian, big-endian
            if zeros.count(0) >= 0.9 * len(zeros) and chars.count(0) <= 0.05 * len(chars):
                return ("the file looks like UTF-16 text (a NUL byte beside each "
                        "character); save it as UTF-8 (or ISO-8859-1)")
    control = sum(sample.count(b) for b in _CONTROL)
    if control > max(1, len(sample) // 100):
        at = next(i for i, b in enumerate(sample) if b in _CONTROL)
        return (f"the file is not text: it holds control bytes such as NUL (the first at "
                f"byte {at}); a PBN or LIN file is UTF-8 or ISO-8859-1 text, and LIN "
                "separates its items with '|'")
    return None


def is_blank(line: str) -> bool:
    """Whether a line (as :func:`read_lines` gives it) is blank."""
    return line is not OVERLONG and (not line or line.isspace())


def read_lines(read: Callable[[int], bytes], start: bool = True) -> Iterator[str]:
    """The lines of a file, decoded, without their line ends (see the module docstring).

    ``read(n)`` gives up to ``n`` more bytes, ``b""`` at the end (``file.read``).
    ``start``: the bytes start the file (a byte order mark there is dropped).
    """
    buf = bytearray()
    pos = 0  # the start of the current line in buf
    eof = False
    skipping = False  # inside an overlong line: its bytes are dropped
    first = start
    while True:
        m = _EOL.search(buf, pos)
        if m is None or (buf[m.start()] == 0x0D and not eof
                         and _CRS.match(buf, m.start()).end() == len(buf)):  # type: ignore[union-attr]
            # no line end yet, or a run of CRs that the next bytes may follow with LF
            if eof:
                if pos < len(buf) or skipping:
                    yield OVERLONG if skipping else decode(buf[pos:])
                return
            cut = m.start() if m is not None else len(buf)
            if cut - pos > LONGEST_LINE:
                skipping = True
            if skipping:  # keep only a trailing run of CRs, to see what follows it
                del buf[:cut]
            else:
                del buf[:pos]
            pos = 0
            more = read(max(BLOCK, len(buf)))
            if first:
                first = False
                if more.startswith(BOM) and not buf:
                    more = more[len(BOM):]
            if not more:
                eof = True
            buf += more
            continue
        first = False
        i = m.start()
        extra = 0
        if buf[i] == 0x0A:
            nxt = i + 1
        else:
            j = _CRS.match(buf, i).end()  # type: ignore[union-attr]
            if j == len(buf):  # CRs at the end of the file
                nxt = j
            elif buf[j] == 0x0A:  # CR LF, CR CR LF
                nxt = j + 1
            else:  # lone CRs: each one ends a line
                nxt, extra = j, j - i - 1
        if skipping or i - pos > LONGEST_LINE:
            yield OVERLONG
            skipping = False
        else:
            yield decode(buf[pos:i])
        for _ in range(extra):
            yield ""
        pos = nxt


def lines_of(data: bytes | memoryview, start: bool = True) -> Iterator[str]:
    """The lines of bytes already in memory (as :func:`read_lines` reads a file);
    ``start`` False for bytes from inside a file (a byte order mark is kept)."""
    view = memoryview(data)
    at = 0

    def read(n: int) -> bytes:
        nonlocal at
        piece = bytes(view[at:at + n])
        at += len(piece)
        return piece

    return read_lines(read, start)


def lines_of_text(text: str) -> Iterator[str]:
    """The lines of text, as of a file holding it in UTF-8."""
    return lines_of(text.encode("utf-8", "surrogatepass"))
