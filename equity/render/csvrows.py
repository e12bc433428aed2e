"""One flat CSV row per board: ``equity batch --format csv``, ``equity rule --format
csv`` and ``equity summary --csv`` write the same columns, from the same JSON object
(:func:`equity.render.tally.outcome`), so that a row always says what the JSON says.

A cell is empty where the JSON has null (or lacks the field); numbers are written as
JSON writes them (an integral value without a decimal point); a board's revokes are
``TRICK SEAT CARD`` items and their laws, each list joined with ``"; "``. A text cell
that a spreadsheet would take for a formula (it starts with ``=``, ``+``, ``-``, ``@``, a
tab or a carriage return: a file named ``=cmd.pbn``) is written with a ``'`` before it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from typing import Any

from equity.render.tally import STATS, BoardOutcome, outcome

Cell = Callable[[BoardOutcome], Any]

COLUMNS: dict[str, Cell] = {
    "key": lambda b: b.key,
    "source": lambda b: b.source,
    "board": lambda b: b.board,
    "status": lambda b: b.kind,
    "contract": lambda b: b.contract,
    "declarer": lambda b: b.declarer,
    "table_tricks": lambda b: b.table_tricks,
    "revokes": lambda b: "; ".join(f"{r.trick} {r.seat} {r.card}" for r in b.revokes),
    "laws": lambda b: "; ".join(r.law for r in b.revokes),
    "transfer": lambda b: b.transfer if b.kind == "ruled" else None,
    "after_transfer_tricks": lambda b: b.after_transfer_tricks,
    "basis": lambda b: b.basis,
    "final_tricks": lambda b: b.final_tricks,
    "expected_tricks": lambda b: b.expected_tricks,
    "score_ns": lambda b: b.score_ns,
    "after_transfer_score_ns": lambda b: b.after_transfer_score_ns,
    "scorer": lambda b: b.scorer,
    "mp_pct": lambda b: b.mp_pct[1] if b.mp_pct else None,
    "imps": lambda b: b.imps[1] if b.imps else None,
    "non_offenders_gain_points": lambda b: b.gain_points if b.adjusted else None,
    "error": lambda b: b.error,
    **{name: (lambda n: lambda b: b.stats.get(n))(name) for name in STATS},
}
"""The columns, in order, and how each is read off a board."""

FIELDS = tuple(COLUMNS)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (the OWASP list for CSV injection)."""


def text_cell(text: str) -> str:
    """A text cell a spreadsheet reads as text: one starting as a formula would
    (:data:`FORMULA_STARTS`; a file named ``=cmd.pbn``) gets a ``'`` before it, the
    OWASP rule. Numbers are written as numbers and never changed."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def plain_text(text: str) -> str:
    """A text cell as it was before :func:`text_cell` (reading a CSV output back)."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_STARTS) else text


def cell(value: Any) -> str:
    """A value as its CSV cell: "" for None, 10 for 10.0, 0.25 for 0.25; text on one
    line, made safe for a spreadsheet (:func:`text_cell`)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return repr(round(value, 6))
    if isinstance(value, int):
        return str(value)
    return text_cell(" ".join(str(value).split()))  # one line: no newline inside a cell


def row(b: BoardOutcome) -> list[str]:
    return [cell(get(b)) for get in COLUMNS.values()]


def csv_text(rows: Iterable[list[str]]) -> str:
    """Rows as CSV text, each ended by a newline (what a line of a resumable output is)."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


def header_line() -> str:
    return csv_text([list(FIELDS)])


def json_row_line(obj: dict[str, Any]) -> str:
    """The CSV line (with its line end) of one JSON output object."""
    return csv_text([row(outcome(obj))])


def row_fields(line: str) -> dict[str, str | None]:
    """A row read back by column name (a cell as it was before :func:`text_cell`; an
    empty cell None): what resuming a CSV output reads. Raises ValueError on the header
    row."""
    cells = next(csv.reader([line]), [])
    if list(cells) == list(FIELDS):
        raise ValueError("the header row")
    return {name: (plain_text(value) or None)
            for name, value in zip(FIELDS, cells, strict=False)}
