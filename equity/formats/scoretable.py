"""PBN 2.1 score tables: a session's results in ``[ScoreTable "..."]`` sections (one per
game), read as travellers, and written back with one table's row replaced.

The tag's value names the columns, ``;``-separated, each with an optional sort sign
(``+``/``-``) and a width and alignment (``\\4R``): e.g.
``PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;
MP_NS\\4R;MP_EW\\4R``; ``"#"`` repeats the previous game's columns. The rows follow, one a
line, their items separated by white space (a string with a space is quoted), ``-`` for
nothing. A value preceded by ``^`` is artificial (``^60`` in ``Percentage_NS``). The board
is the game's ``[Board]`` tag.

Rows are read with their byte offsets; writing replaces the ruled row's items, each padded
to its old width as its column aligns, and nothing else.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from msgspec import Struct

from equity.core.game import Traveller, TravellerError, TravellerLine
from equity.formats.edits import Edit, edited

_BOARD = re.compile(rb'^\s*\[Board\s+"(\d+)"\s*\]')
_TABLE = re.compile(rb'^\s*\[ScoreTable\s+"([^"]*)"\s*\]')
_TOKEN = re.compile(rb'"[^"]*"|\S+')


class Column(Struct, frozen=True):
    name: str
    right: bool


class Row(Struct, frozen=True):
    """A row's place: the line's offset, and each item's (start, end) in the file."""

    board: int
    lineno: int
    columns: tuple[Column, ...]
    items: tuple[tuple[int, int], ...]


class ScoreTableFile(Struct, frozen=True):
    data: bytes
    traveller: Traveller
    rows: dict[tuple[int, str, str], Row]


def columns_of(spec: str) -> tuple[Column, ...]:
    """``"+PairId_NS\\2R;Contract\\4L"`` → the columns' names and alignments."""
    out = []
    for part in spec.split(";"):
        name, _, fmt = part.strip().lstrip("+-").partition("\\")
        out.append(Column(name, fmt.upper().endswith("R")))
    return tuple(out)


def has_score_table(path: str | Path) -> bool:
    try:
        return any(_TABLE.match(line) for line in Path(path).read_bytes().splitlines())
    except OSError:
        return False


def read_score_table(path: str | Path) -> ScoreTableFile:
    """The rows of every ``[ScoreTable]`` of a PBN file; raises TravellerError naming the
    board and the line of a row that cannot be read."""
    source = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise TravellerError(f"cannot read the traveller {source}: {e.strerror or e}") from None
    board: int | None = None
    columns: tuple[Column, ...] | None = None
    in_table = False
    lines: list[TravellerLine] = []
    rows: dict[tuple[int, str, str], Row] = {}
    offset = 0
    for lineno, raw in enumerate(data.splitlines(keepends=True), 1):
        start, offset = offset, offset + len(raw)
        text = raw.rstrip(b"\r\n")
        if in_table and (not text.strip() or text.lstrip()[:1] in (b"[", b"%", b";", b"{")):
            in_table = False
        if m := _BOARD.match(text):
            if len(m.group(1)) > 6:
                raise TravellerError(f"{source}, line {lineno}: the board number "
                                     f"{m.group(1)[:20].decode()}... is too long")
            board = int(m.group(1))
        elif m := _TABLE.match(text):
            spec = m.group(1).decode("latin-1")
            if spec.strip() != "#":
                columns = columns_of(spec)
            elif columns is None:
                raise TravellerError(f"{source}, line {lineno}: [ScoreTable \"#\"] repeats "
                                     "the columns of an earlier score table, and there is none")
            if board is None:
                raise TravellerError(f"{source}, line {lineno}: a score table with no "
                                     "[Board] tag before it")
            in_table = True
        elif in_table and columns is not None and board is not None:
            items = [(start + t.start(), start + t.end()) for t in _TOKEN.finditer(text)]
            if len(items) != len(columns):
                raise TravellerError(f"{source}, line {lineno}: board {board}: a score table "
                                     f"row with {len(items)} items for {len(columns)} columns")
            values = {c.name: data[a:b].decode("latin-1").strip('"')
                      for c, (a, b) in zip(columns, items, strict=True)}
            ln = _line(f"{source}, line {lineno}: board {board}", board, values)
            key = (board, ln.ns_pair, ln.ew_pair)
            if key in rows:
                raise TravellerError(f"{source}, line {lineno}: board {board} has two rows "
                                     f"for N-S {ln.ns_pair} v E-W {ln.ew_pair}")
            lines.append(ln)
            rows[key] = Row(board, lineno, columns, tuple(items))
    return ScoreTableFile(data, Traveller(tuple(lines), source), rows)


LARGEST = 1_000_000.0
"""The largest number a score table item may hold (points, match points, percentages):
bridge scores stay below 10,000; a larger value (or ``nan``, ``inf``) is a damaged file."""


def _number(value: str | None, where: str, name: str) -> float | None:
    if value is None or value in ("", "-"):
        return None
    try:
        number = float(value.lstrip("^"))
    except ValueError:
        raise TravellerError(f"{where}: {name} {value[:20]!r} is not a number") from None
    if not math.isfinite(number) or abs(number) > LARGEST:
        raise TravellerError(f"{where}: {name} {value[:20]!r} is not a plausible value (at "
                             f"most {LARGEST:,.0f})")
    return number


def _line(where: str, board: int, v: dict[str, str]) -> TravellerLine:
    ns, ew = v.get("PairId_NS", ""), v.get("PairId_EW", "")
    if not ns or not ew:
        raise TravellerError(f"{where}: the score table has no PairId_NS and PairId_EW "
                             "columns, so no table can be named")
    artificial = any(x.startswith("^") for x in v.values())
    ns_mp = _number(v.get("MP_NS"), where, "MP_NS")
    ew_mp = _number(v.get("MP_EW"), where, "MP_EW")
    score: int | None = None
    pct: tuple[float, float] | None = None
    if artificial:
        pns = _number(v.get("Percentage_NS"), where, "Percentage_NS")
        pew = _number(v.get("Percentage_EW"), where, "Percentage_EW")
        if pns is not None and pew is not None:
            pct = (pns, pew)
        elif ns_mp is not None and ew_mp is not None and ns_mp + ew_mp > 0:
            pct = (100 * ns_mp / (ns_mp + ew_mp), 100 * ew_mp / (ns_mp + ew_mp))
        else:
            raise TravellerError(f"{where}: an artificial score (^) with neither percentages "
                                 "nor match points")
    else:
        sns = _number(v.get("Score_NS"), where, "Score_NS")
        sew = _number(v.get("Score_EW"), where, "Score_EW")
        if sns is not None:
            score = int(sns)
        elif sew is not None:
            score = -int(sew)
    tricks = _number(v.get("Result"), where, "Result")
    if tricks is not None and not (tricks.is_integer() and 0 <= tricks <= 13):
        raise TravellerError(f"{where}: Result {v.get('Result', '')[:20]!r} is not 0 to 13 "
                             "tricks")
    return TravellerLine(board, ns, ew, score, pct, ns_mp, ew_mp,
                         v.get("Contract") if v.get("Contract") not in (None, "-") else None,
                         v.get("Declarer") if v.get("Declarer") not in (None, "-") else None,
                         int(tricks) if tricks is not None else None)


def artificial_values(ns_pct: float, ew_pct: float, top: float) -> dict[str, str]:
    """A row's items for an artificial score (60% / 40%): no contract, result or score;
    the percentages and match points marked artificial with ``^``."""
    def num(v: float) -> str:
        return f"{v:.2f}".rstrip("0").rstrip(".")

    return {"Contract": "-", "Declarer": "-", "Result": "-", "Score_NS": "-",
            "Score_EW": "-", "MP_NS": "^" + num(top * ns_pct / 100),
            "MP_EW": "^" + num(top * ew_pct / 100), "Percentage_NS": "^" + num(ns_pct),
            "Percentage_EW": "^" + num(ew_pct)}


def replace_row(f: ScoreTableFile, board: int, pairs: tuple[str, str],
                values: dict[str, str]) -> bytes:
    """The file with :func:`row_edits` applied."""
    return edited(f.data, row_edits(f, board, pairs, values))


def row_edits(f: ScoreTableFile, board: int, pairs: tuple[str, str],
              values: dict[str, str]) -> list[Edit]:
    """The edits that set the ruled row's items to ``values`` (by column name; a column
    the table lacks is left out), each padded to its old width on its column's side."""
    row = f.rows.get((board, *pairs))
    if row is None:
        f.traveller.line(board, pairs)  # raises, naming what is missing
        raise TravellerError(f"board {board}: no row for N-S {pairs[0]} v E-W {pairs[1]}")
    out = f.data
    edits: list[Edit] = []
    right = len(out)  # where the edit to the right (made first) begins
    for column, (start, end) in reversed(list(zip(row.columns, row.items, strict=True))):
        if column.name not in values:
            continue
        text = values[column.name]
        if " " in text:
            text = f'"{text}"'
        width = end - start
        extra = len(text) - width
        if extra > 0 and column.right:  # wider: take the room from the padding before it
            while extra > 0 and out[start - 2:start] == b"  ":
                start, extra = start - 1, extra - 1
        elif extra > 0:  # or after it, one space always kept
            while extra > 0 and end + 2 <= right and out[end:end + 2] == b"  ":
                end, extra = end + 1, extra - 1
        width = end - start
        text = text.rjust(width) if column.right else text.ljust(width)
        edits.append((start, end, text.encode("latin-1")))
        right = start
    return edits
