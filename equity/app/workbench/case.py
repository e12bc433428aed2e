"""Rule a case entered as rows: one ruling, or one per way of filling its ``?`` cards.

Each possibility :func:`equity.formats.rows.rows_boards` rebuilds is ruled by
:func:`equity.app.pipeline.rule_board`. When every possibility comes to the same ruling
(the same revokes established, tricks transferred, basis, tricks and score), the ruling
does not depend on the unknown cards and one ruling is given; otherwise one per
possibility, and the output says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from msgspec import Struct

from equity.app.options import RulingOptions
from equity.app.pipeline import is_reported, rule_board, rule_reported_board
from equity.core.adjust import ReportedCase, Ruling
from equity.core.game import Board, BoardError, Solver
from equity.formats import read_boards, read_text
from equity.formats.rows import Possibility, parse_rows, rows_boards
from equity.render.jsonout import board_json, error_json
from equity.render.reported import reported_json

JSON = dict[str, Any]


class Ruled(Struct, frozen=True):
    """One possibility and its ruling (or the error that stopped it)."""

    possibility: Possibility
    ruling: Ruling | None
    error: BoardError | None = None
    reported: ReportedCase | None = None
    """The ruling from a revoke reported without the card play (``revoke:``)."""


class CaseResult(Struct, frozen=True):
    """What a rows case comes to."""

    ruled: tuple[Ruled, ...]
    """The rulings to show: one when the ``?`` cards do not matter, else one per
    possibility."""
    possibilities: int
    """How many ways of filling the ``?`` cards rebuild (1 without ``?``)."""
    depends: bool
    """Whether the ruling depends on the ``?`` cards."""
    unknown: int
    """How many ``?`` cards the rows hold."""

    def note(self) -> str | None:
        """What to tell the Director about the ``?`` cards (None without any)."""
        if not self.unknown:
            return None
        if self.possibilities == 1:
            return (f"{self.unknown} card(s) not remembered ('?'): only one card fits; "
                    "one ruling.")
        if self.depends:
            return (f"{self.unknown} card(s) not remembered ('?'): {self.possibilities} "
                    "possibilities, and the ruling depends on them: one ruling per "
                    "possibility.")
        return (f"{self.unknown} card(s) not remembered ('?'): {self.possibilities} "
                "possibilities, all with the same ruling: one ruling.")

    def to_json(self) -> list[JSON]:
        """One JSON object per ruling shown: :func:`board_json` (what ``equity rule
        --json`` writes) or :func:`error_json`, with an ``unknown`` object when the rows
        held ``?`` cards."""
        out = []
        for r in self.ruled:
            obj = (board_json(r.ruling) if r.ruling is not None else
                   reported_json(r.reported) if r.reported is not None else
                   error_json(r.error or BoardError("not ruled")))
            if self.unknown:
                obj["unknown"] = {
                    "cards": [{"seat": s.name, "card_number": i, "card": str(c)}
                              for s, i, c in r.possibility.unknown],
                    "possibilities": self.possibilities,
                    "ruling_depends": self.depends,
                    "note": self.note(),
                }
            out.append(obj)
        return out


def outcome(ruling: Ruling) -> tuple[Any, ...]:
    """What a ruling comes to, for telling whether two possibilities differ: the revokes
    (where, established, transfer), the tricks after transfer, the basis, the tricks and
    the score."""
    j = board_json(ruling)
    final = j.get("ruling") or {}
    return (j.get("table_tricks"), j.get("after_transfer_tricks"),
            tuple((r.get("trick"), r.get("seat"), r.get("established"), r.get("transfer"))
                  for r in j.get("revokes", ())),
            final.get("basis"), final.get("declarer_tricks"), final.get("score_ns"))


def rule_possibilities(possibilities: Sequence[Possibility], options: RulingOptions,
                       unknown: int = 0, solver: Solver | None = None,
                       field_scores: Sequence[int] = ()) -> CaseResult:
    """Rule every possibility; keep one ruling when they all agree. A board without
    card play and with a revoke reported is ruled from the facts
    (:func:`~equity.app.pipeline.rule_reported_board`)."""
    ruled: list[Ruled] = []
    for p in possibilities:
        try:
            if is_reported(p.board, options):
                ruled.append(Ruled(p, None, None, rule_reported_board(p.board, options,
                                                                      solver)))
            else:
                ruled.append(Ruled(p, rule_board(p.board, options, solver, field_scores)))
        except BoardError as e:
            ruled.append(Ruled(p, None, e))
    keys = {outcome(r.ruling) if r.ruling is not None else
            ("reported", str(reported_json(r.reported))) if r.reported is not None else
            ("error", str(r.error)) for r in ruled}
    depends = len(keys) > 1
    shown = tuple(ruled) if depends else tuple(ruled[:1])
    return CaseResult(shown, len(possibilities), depends, unknown)


def hand_record(items: Iterable[Board | BoardError], number: int | None, source: str
                ) -> Board:
    """The board of a hand record the rows are played on: board ``number``, or the only
    board of the file. Raises :class:`BoardError`."""
    boards: list[Board] = []
    first_error: BoardError | None = None
    for item in items:
        if isinstance(item, BoardError):
            first_error = first_error or item
            if item.board is None:
                raise item
            continue
        boards.append(item)
    if number is not None:
        for b in boards:
            if b.number == number:
                return b
        raise BoardError(f"no board {number} in the hand record"
                         + (f" ({first_error})" if first_error else ""), source)
    if len(boards) == 1:
        return boards[0]
    if not boards:
        raise first_error or BoardError("the hand record holds no board", source)
    raise BoardError(f"the hand record holds {len(boards)} boards: say which "
                     "(--board N, or 'board: N' in the rows)", source)


def rule_rows(rows_text: str, options: RulingOptions, *, rows_source: str = "<rows>",
              record: str | None = None, record_text: tuple[str, str] | None = None,
              number: int | None = None, solver: Solver | None = None,
              field_scores: Callable[[Board], Sequence[int]] | None = None) -> CaseResult:
    """Rule the rows ``rows_text`` played on the hand record at path ``record`` (or
    given as ``record_text`` = (text, "pbn"|"lin")), board ``number`` (else the rows'
    ``board:``), or on the rows' own ``deal:``. Raises :class:`BoardError` for input
    that does not fit."""
    case = parse_rows(rows_text, rows_source)
    base: Board | None = None
    want = number if number is not None else case.number
    if record is not None:
        base = hand_record(read_boards(record), want, record)
    elif record_text is not None:
        base = hand_record(read_text(record_text[0], record_text[1], "hand record"), want,
                           "hand record")
    possibilities = rows_boards(case, base)
    scores = field_scores(possibilities[0].board) if field_scores is not None else ()
    return rule_possibilities(possibilities, options, case.unknowns, solver, scores)


__all__ = ["CaseResult", "Ruled", "hand_record", "outcome", "rule_possibilities",
           "rule_rows"]
