"""USEBIO XML (the EBU's results format, version 1.2 as most scoring programs write it):
read a session's travellers, and write the file back with one table's line replaced.

A board is ``BOARD`` > ``BOARD_NUMBER``, ``TRAVELLER_LINE``\\*; a line holds, in this order,
``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``,
``SCORE``, ``NS_MATCH_POINTS``, ``EW_MATCH_POINTS`` (other elements may sit between them
and are kept). ``SCORE`` is N-S points, or an artificial score ``A`` + N-S % + E-W %
(``A6040``).

The file is read with expat, which gives each element's byte offsets; writing replaces the
bytes of the ruled line's elements and nothing else, so every other byte of the file
(other boards, other lines, layout, encoding declaration, DOCTYPE) is unchanged. No
external entity or DTD is fetched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat

from equity.core.game import Traveller, TravellerError, TravellerLine

LINE_ORDER = ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS",
              "SCORE", "NS_MATCH_POINTS", "EW_MATCH_POINTS")
"""The children of ``TRAVELLER_LINE`` that equity reads or writes, in the 1.2 order."""
_ARTIFICIAL = re.compile(r"^A(\d{2,3})(\d{2,3})$")


@dataclass(frozen=True, slots=True)
class Element:
    """An element's place in the file, in bytes: the whole element, and its content
    (None for an empty ``<X/>``)."""

    name: str
    start: int
    end: int
    content: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class LineSpan:
    """A ``TRAVELLER_LINE``'s place, with its children's."""

    line: Element
    children: tuple[Element, ...]


@dataclass(frozen=True, slots=True)
class UsebioFile:
    data: bytes
    traveller: Traveller
    spans: dict[tuple[int, str, str], LineSpan]
    """(board, N-S pair, E-W pair) → where its line is."""
    version: str | None


def parse_score(text: str) -> tuple[int | None, tuple[float, float] | None]:
    """``"420"`` → (420, None); ``"A6040"`` → (None, (60, 40)); raises ValueError."""
    t = text.strip()
    m = _ARTIFICIAL.match(t)
    if m and len(m.group(1)) == len(m.group(2)):
        return None, (float(m.group(1)), float(m.group(2)))
    return int(t.lstrip("+")), None


def artificial_score(ns_pct: float, ew_pct: float) -> str:
    """USEBIO's artificial score: ``A`` + N-S % + E-W %, two digits each (``A6040``)."""
    return f"A{round(ns_pct):02d}{round(ew_pct):02d}"


def read_usebio(path: str | Path) -> UsebioFile:
    """Read a USEBIO file's travellers; raises TravellerError naming the file, the board
    and what is wrong (not XML, not USEBIO, a line without its pairs or with a score that
    is neither points nor artificial)."""
    source = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise TravellerError(f"cannot read the traveller {source}: {e.strerror or e}") from None
    stack: list[tuple[str, int]] = []
    texts: list[list[str]] = []
    board: dict[str, str] = {}
    lines: list[TravellerLine] = []
    spans: dict[tuple[int, str, str], LineSpan] = {}
    children: list[Element] = []
    values: dict[str, str] = {}
    root: list[tuple[str, str | None]] = []
    parser = expat.ParserCreate()

    def start(name: str, attrs: dict[str, str]) -> None:
        if not stack:
            root.append((name, attrs.get("Version") or attrs.get("VERSION")))
        stack.append((name, parser.CurrentByteIndex))
        texts.append([])
        if name == "BOARD":
            board.clear()
        elif name == "TRAVELLER_LINE":
            children.clear()
            values.clear()

    def text(chunk: str) -> None:
        if texts:
            texts[-1].append(chunk)

    def end(name: str) -> None:
        _, begin = stack.pop()
        value = "".join(texts.pop()).strip()
        element = _element(data, name, begin, parser.CurrentByteIndex)
        parent = stack[-1][0] if stack else None
        if parent == "BOARD" and name == "BOARD_NUMBER":
            board["number"] = value
        elif parent == "TRAVELLER_LINE":
            children.append(element)
            values[name] = value
        elif name == "TRAVELLER_LINE":
            ln = _line(source, board.get("number"), values)
            key = (ln.board, ln.ns_pair, ln.ew_pair)
            if key in spans:
                raise TravellerError(f"{source}: board {ln.board} has two lines for N-S "
                                     f"{ln.ns_pair} v E-W {ln.ew_pair}")
            lines.append(ln)
            spans[key] = LineSpan(element, tuple(children))

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise TravellerError(f"{source}: not well-formed XML ({expat.errors.messages[e.code]}"
                             f", line {e.lineno}, column {e.offset})") from None
    if not root or root[0][0] != "USEBIO":
        raise TravellerError(f"{source}: not a USEBIO file (the root element is "
                             f"{root[0][0] if root else 'missing'}, not USEBIO)")
    return UsebioFile(data, Traveller(tuple(lines), source), spans, root[0][1])


def _element(data: bytes, name: str, begin: int, end_index: int) -> Element:
    open_end = data.index(b">", begin) + 1
    if data[open_end - 2:open_end] == b"/>":
        return Element(name, begin, open_end, None)
    return Element(name, begin, data.index(b">", end_index) + 1, (open_end, end_index))


def _line(source: str, number: str | None, values: dict[str, str]) -> TravellerLine:
    if number is None or not number.isdigit():
        raise TravellerError(f"{source}: a BOARD without a BOARD_NUMBER before its lines "
                             f"({number!r})")
    board = int(number)
    ns, ew = values.get("NS_PAIR_NUMBER", ""), values.get("EW_PAIR_NUMBER", "")
    if not ns or not ew:
        raise TravellerError(f"{source}: board {board} has a TRAVELLER_LINE without "
                             "NS_PAIR_NUMBER and EW_PAIR_NUMBER")
    where = f"{source}: board {board}, N-S {ns} v E-W {ew}"
    score_text = values.get("SCORE", "")
    score, artificial = None, None
    if score_text:
        try:
            score, artificial = parse_score(score_text)
        except ValueError:
            raise TravellerError(f"{where}: SCORE {score_text!r} is neither N-S points nor "
                                 "an artificial score (A6040)") from None
    try:
        ns_mp = float(values["NS_MATCH_POINTS"]) if values.get("NS_MATCH_POINTS") else None
        ew_mp = float(values["EW_MATCH_POINTS"]) if values.get("EW_MATCH_POINTS") else None
        tricks = int(values["TRICKS"]) if values.get("TRICKS") else None
    except ValueError as e:
        raise TravellerError(f"{where}: {e}") from None
    return TravellerLine(board, ns, ew, score, artificial, ns_mp, ew_mp,
                         values.get("CONTRACT") or None, values.get("PLAYED_BY") or None,
                         tricks)


def _escape(text: str) -> bytes:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .encode("ascii", "xmlcharrefreplace"))


def replace_line(f: UsebioFile, board: int, pairs: tuple[str, str],
                 values: dict[str, str], comment: str | None = None) -> bytes:
    """The file with the ruled line's elements set to ``values`` (by element name, one of
    :data:`LINE_ORDER`): an element already there gets the new text in place, a missing
    one is added after the elements that come before it in the 1.2 order, with the
    line's own indentation; ``comment`` goes in an XML comment first in the line. Every
    byte outside the line is the file's."""
    span = f.spans.get((board, *pairs))
    if span is None:
        f.traveller.line(board, pairs)  # raises, naming what is missing
        raise TravellerError(f"board {board}: no line for N-S {pairs[0]} v E-W {pairs[1]}")
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
    out = data
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:start] + text + out[end:]
    return out


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
