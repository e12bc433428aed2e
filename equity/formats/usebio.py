"""USEBIO XML (the EBU's results format, version 1.2 as most scoring programs write it):
read a session's travellers, and write the file back with one table's line replaced.

A board is ``BOARD`` > ``BOARD_NUMBER``, ``TRAVELLER_LINE``\\*; a line holds, in this order,
``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``,
``SCORE``, ``NS_MATCH_POINTS``, ``EW_MATCH_POINTS`` (other elements may sit between them
and are kept). ``SCORE`` is N-S points, or an artificial score ``A`` + N-S % + E-W %
(``A6040``).

The file is read with expat (a megabyte at a time), which gives each element's byte
offsets; writing replaces the
bytes of the ruled line's elements and nothing else, so every other byte of the file
(other boards, other lines, layout, encoding declaration, DOCTYPE) is unchanged. No
external entity or DTD is fetched.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path
from xml.parsers import expat

from msgspec import Struct

from equity.core.game import Traveller, TravellerError, TravellerLine, small_int
from equity.formats.edits import Edit, edited

LINE_ORDER = ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS",
              "SCORE", "NS_MATCH_POINTS", "EW_MATCH_POINTS")
"""The children of ``TRAVELLER_LINE`` that equity reads or writes, in the 1.2 order."""
_ARTIFICIAL = re.compile(r"^A(\d{2,3})(\d{2,3})$")


class Element(Struct, frozen=True):
    """An element's place in the file, in bytes: the whole element, and its content
    (None for an empty ``<X/>``)."""

    name: str
    start: int
    end: int
    content: tuple[int, int] | None


class LineSpan(Struct, frozen=True):
    """A ``TRAVELLER_LINE``'s place, with its children's."""

    line: Element
    children: tuple[Element, ...]


class UsebioFile(Struct, frozen=True):
    data: bytes
    traveller: Traveller
    spans: dict[tuple[int, str, str], tuple[int, int]]
    """(board, N-S pair, E-W pair) → the bytes of its ``TRAVELLER_LINE`` (start, end); its
    children are found when the line is written (:func:`line_span`), so that reading
    keeps two numbers a line, not an object per element."""
    version: str | None
    encoding: str | None = None
    """The encoding the XML declaration names (None: UTF-8)."""


LARGEST_SCORE = 100_000
"""The largest N-S score (points) a line may hold: bridge scores stay below 10,000; a
larger number is a damaged file, not a score."""

LARGEST_MATCH_POINTS = 1_000_000.0
"""The largest match points a line may hold."""

CHUNK = 1 << 20
"""Bytes handed to the XML parser at a time."""


def parse_score(text: str) -> tuple[int | None, tuple[float, float] | None]:
    """``"420"`` → (420, None); ``"A6040"`` → (None, (60, 40)); raises ValueError (also
    for a score beyond :data:`LARGEST_SCORE`)."""
    t = text.strip()
    m = _ARTIFICIAL.match(t)
    if m and len(m.group(1)) == len(m.group(2)):
        return None, (float(m.group(1)), float(m.group(2)))
    body = t.lstrip("+")
    if not re.fullmatch(r"-?\d{1,6}", body) or abs(int(body)) > LARGEST_SCORE:
        raise ValueError(t)
    return int(body), None


def artificial_score(ns_pct: float, ew_pct: float) -> str:
    """USEBIO's artificial score: ``A`` + N-S % + E-W %, two digits each (``A6040``)."""
    return f"A{round(ns_pct):02d}{round(ew_pct):02d}"


def _parser(encoding: str | None = None) -> expat.XMLParserType:
    parser = expat.ParserCreate(encoding)
    # No DTD or external entity is read, and entities are not expanded past a few levels.
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    return parser


def read_usebio(path: str | Path) -> UsebioFile:
    """Read a USEBIO file's travellers; raises TravellerError naming the file, the board
    and what is wrong (not XML, not USEBIO, an encoding Python does not know, a line
    without its pairs or with a score that is neither points nor artificial).

    The file is handed to the parser a megabyte at a time and only each line's values
    and place are kept: memory is the file plus its lines' values."""
    source = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise TravellerError(f"cannot read the traveller {source}: {e.strerror or e}") from None
    depth: list[str] = []
    text: list[str] = []
    board: dict[str, str] = {}
    lines: list[TravellerLine] = []
    spans: dict[tuple[int, str, str], tuple[int, int]] = {}
    values: dict[str, str] = {}
    root: list[tuple[str, str | None]] = []
    declared: list[str | None] = [None]
    line_start = [0]
    parser = _parser()

    def declaration(version: str | None, encoding: str | None, standalone: int) -> None:
        declared[0] = encoding

    def start(name: str, attrs: dict[str, str]) -> None:
        if not depth:
            root.append((name, attrs.get("Version") or attrs.get("VERSION")))
        parent = depth[-1] if depth else None
        depth.append(name)
        text.clear()
        if name == "BOARD":
            board.clear()
        elif name == "TRAVELLER_LINE":
            values.clear()
            line_start[0] = parser.CurrentByteIndex
        elif parent not in ("BOARD", "TRAVELLER_LINE"):
            return

    def chars(chunk: str) -> None:
        if len(depth) >= 2 and depth[-2] in ("BOARD", "TRAVELLER_LINE"):
            text.append(chunk)

    def end(name: str) -> None:
        depth.pop()
        parent = depth[-1] if depth else None
        if parent == "BOARD" and name == "BOARD_NUMBER":
            board["number"] = "".join(text).strip()
        elif parent == "TRAVELLER_LINE":
            values[name] = "".join(text).strip()
        elif name == "TRAVELLER_LINE":
            ln = _line(source, board.get("number"), values)
            key = (ln.board, ln.ns_pair, ln.ew_pair)
            if key in spans:
                raise TravellerError(f"{source}: board {ln.board} has two lines for N-S "
                                     f"{ln.ns_pair} v E-W {ln.ew_pair}")
            lines.append(ln)
            spans[key] = (line_start[0], data.index(b">", parser.CurrentByteIndex) + 1)
        text.clear()

    parser.XmlDeclHandler = declaration
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    view = memoryview(data)
    try:
        for at in range(0, len(data), CHUNK):
            parser.Parse(bytes(view[at:at + CHUNK]), False)
        parser.Parse(b"", True)
    except expat.ExpatError as e:
        raise TravellerError(f"{source}: not well-formed XML ({expat.errors.messages[e.code]}"
                             f", line {e.lineno}, column {e.offset})") from None
    except LookupError as e:  # the declaration names an encoding Python does not know
        raise TravellerError(f"{source}: the XML declaration names an encoding that cannot "
                             f"be read ({e}); save the file as UTF-8 or ISO-8859-1") from None
    finally:  # the handlers hold the parser: a cycle that kept the file until a collection
        parser.XmlDeclHandler = parser.StartElementHandler = None
        parser.EndElementHandler = parser.CharacterDataHandler = None
    if not root or root[0][0] != "USEBIO":
        raise TravellerError(f"{source}: not a USEBIO file (the root element is "
                             f"{root[0][0] if root else 'missing'}, not USEBIO)")
    return UsebioFile(data, Traveller(tuple(lines), source), spans, root[0][1], declared[0])


def line_span(f: UsebioFile, start: int, end: int) -> LineSpan:
    """The ``TRAVELLER_LINE`` at bytes ``start:end`` of the file, with its children's
    places (read again from those bytes alone)."""
    stack: list[tuple[str, int]] = []
    children: list[Element] = []
    line: list[Element] = []
    chunk = f.data[start:end]
    parser = _parser(f.encoding)

    def open_(name: str, attrs: dict[str, str]) -> None:
        stack.append((name, parser.CurrentByteIndex))

    def close(name: str) -> None:
        _, begin = stack.pop()
        element = _element(f.data, name, start + begin, start + parser.CurrentByteIndex)
        if len(stack) == 1:
            children.append(element)
        elif not stack:
            line.append(element)

    parser.StartElementHandler = open_
    parser.EndElementHandler = close
    parser.Parse(chunk, True)
    return LineSpan(line[0], tuple(children))


def _element(data: bytes, name: str, begin: int, end_index: int) -> Element:
    open_end = data.index(b">", begin) + 1
    if data[open_end - 2:open_end] == b"/>":
        return Element(name, begin, open_end, None)
    return Element(name, begin, data.index(b">", end_index) + 1, (open_end, end_index))


def _number(where: str, name: str, text: str | None, largest: float) -> float | None:
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise TravellerError(f"{where}: {name} {text[:20]!r} is not a number") from None
    if not math.isfinite(value) or abs(value) > largest:
        raise TravellerError(f"{where}: {name} {text[:20]!r} is not a plausible value "
                             f"(at most {largest:,.0f})")
    return value


def _line(source: str, number: str | None, values: dict[str, str]) -> TravellerLine:
    board = small_int(number, 6) if number is not None else None
    if board is None:
        raise TravellerError(f"{source}: a BOARD without a BOARD_NUMBER before its lines "
                             f"({number[:20] if number else number!r})")
    ns, ew = values.get("NS_PAIR_NUMBER", ""), values.get("EW_PAIR_NUMBER", "")
    if not ns or not ew:
        raise TravellerError(f"{source}: board {board} has a TRAVELLER_LINE without "
                             "NS_PAIR_NUMBER and EW_PAIR_NUMBER")
    where = f"{source}: board {board}, N-S {ns[:20]} v E-W {ew[:20]}"
    score_text = values.get("SCORE", "")
    score, artificial = None, None
    if score_text:
        try:
            score, artificial = parse_score(score_text)
        except ValueError:
            raise TravellerError(f"{where}: SCORE {score_text[:20]!r} is neither N-S points "
                                 f"(at most {LARGEST_SCORE:,}) nor an artificial score "
                                 "(A6040)") from None
    ns_mp = _number(where, "NS_MATCH_POINTS", values.get("NS_MATCH_POINTS"),
                    LARGEST_MATCH_POINTS)
    ew_mp = _number(where, "EW_MATCH_POINTS", values.get("EW_MATCH_POINTS"),
                    LARGEST_MATCH_POINTS)
    tricks_text = values.get("TRICKS")
    tricks = small_int(tricks_text, 2) if tricks_text else None
    if tricks_text and (tricks is None or tricks > 13):
        raise TravellerError(f"{where}: TRICKS {tricks_text[:20]!r} is not 0 to 13")
    intern = sys.intern
    return TravellerLine(board, intern(ns), intern(ew), score, artificial, ns_mp, ew_mp,
                         intern(values["CONTRACT"]) if values.get("CONTRACT") else None,
                         intern(values["PLAYED_BY"]) if values.get("PLAYED_BY") else None,
                         tricks)


def _escape(text: str) -> bytes:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .encode("ascii", "xmlcharrefreplace"))


def replace_line(f: UsebioFile, board: int, pairs: tuple[str, str],
                 values: dict[str, str], comment: str | None = None) -> bytes:
    """The file with :func:`line_edits` applied."""
    return edited(f.data, line_edits(f, board, pairs, values, comment))


def line_edits(f: UsebioFile, board: int, pairs: tuple[str, str],
               values: dict[str, str], comment: str | None = None) -> list[Edit]:
    """The edits that set the ruled line's elements to ``values`` (by element name, one of
    :data:`LINE_ORDER`): an element already there gets the new text in place, a missing
    one is added after the elements that come before it in the 1.2 order, with the
    line's own indentation; ``comment`` goes in an XML comment first in the line. Every
    byte outside the line is the file's."""
    place = f.spans.get((board, *pairs))
    if place is None:
        f.traveller.line(board, pairs)  # raises, naming what is missing
        raise TravellerError(f"board {board}: no line for N-S {pairs[0]} v E-W {pairs[1]}")
    span = line_span(f, *place)
    data, line = f.data, span.line
    present = {c.name: c for c in span.children}
    edits: list[tuple[int, int, bytes]] = []
    indent = _indent(data, span.children[0].start) if span.children else b"\n"
    for name, value in values.items():
        if name not in LINE_ORDER:
            raise ValueError(f"{name} is not a TRAVELLER_LINE element equity writes")
        text = _escape(value)
        child = present.get(name)
        if child is not None and child.content is not None:
            edits.append((*child.content, text))
        elif child is not None:  # <X/>
            edits.append((child.start, child.end, b"<%s>%s</%s>" % (name.encode(), text,
                                                                  name.encode())))
        else:
            before = [present[n] for n in LINE_ORDER[:LINE_ORDER.index(name)] if n in present]
            at = (max(c.end for c in before) if before
                  else data.index(b">", line.start) + 1)
            edits.append((at, at, indent + b"<%s>%s</%s>" % (name.encode(), text,
                                                             name.encode())))
    if comment is not None:
        at = data.index(b">", line.start) + 1
        safe = comment.replace("--", "- -").rstrip("-")
        edits.append((at, at, indent + b"<!-- " + _escape(safe) + b" -->"))
    return edits


def _indent(data: bytes, start: int) -> bytes:
    """The line end and white space before the element at ``start``."""
    k = start
    while k > 0 and data[k - 1:k] in (b" ", b"\t"):
        k -= 1
    if k > 0 and data[k - 1:k] == b"\n":
        k -= 1
        if k > 0 and data[k - 1:k] == b"\r":
            k -= 1
    return data[k:start] if data[k:start].strip() == b"" and data[k:start] else b""
