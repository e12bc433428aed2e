"""The whole job for one board: replay → Laws 61-64A/B → Law 64C lines → solve → ruling.

This is the one place that strings the stages together, so that ``equity rule``,
``equity report``, ``equity batch`` and the web workbench all rule a board the same way,
from one :class:`~equity.app.options.RulingOptions`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from pathlib import Path

from equity.app.options import DEFAULT_OPTIONS, RulingOptions, vulnerability_of
from equity.core.adjust import (
    Counterfactual,
    Ruling,
    build,
    check_weights,
    compare,
    without_equity,
)
from equity.core.game import (
    Board,
    BoardError,
    EquityError,
    Where,
    fact_problems,
    replay,
    score_ns,
)
from equity.core.law import AutomaticRuling, rule
from equity.core.player import Solver, Work
from equity.formats import read_boards


def rule_automatic(board: Board, options: RulingOptions = DEFAULT_OPTIONS) -> AutomaticRuling:
    """Laws 61-64A/B for every revoke of ``board`` (raises BoardError for a record that
    cannot be replayed, a claim or a fact that makes no sense)."""
    board = dataclasses.replace(board, facts=options.facts_for(board))
    rp = replay(board)
    for tag, message in fact_problems(rp):
        raise BoardError(message, board.source, board.label, Where(tag=tag))
    return rule(rp, options.edition_for(board))


def judge(board: Board, automatic: AutomaticRuling, lines: Sequence[Counterfactual],
          options: RulingOptions, field_scores: Sequence[int] = ()) -> Ruling:
    """Law 64C on top of the automatic ruling, from the lines already built: compared
    under the options' policy in the event's form of scoring. A weight naming no line is
    an error (:func:`~equity.core.adjust.check_weights`)."""
    check_weights(options.line_weights, lines)
    return compare(automatic, lines, options.policy, options.line_weights,
                   options.event_for(board, field_scores), vulnerability_of(board),
                   options.thresholds, options.serious_error)


def rule_board(board: Board, options: RulingOptions = DEFAULT_OPTIONS,
               solver: Solver | None = None, field_scores: Sequence[int] = ()) -> Ruling:
    """Rule on ``board`` and, unless the options say not to, check under Law 64C whether
    the transfer was enough. A position the solver rejects, or weights that do not fit
    the board's lines, is this board's :class:`BoardError` ("Law 64C check: ...")."""
    started = time.perf_counter()
    work = Work(limit=options.max_positions or 0)
    automatic = rule_automatic(board, options)
    if not options.equity:
        ruling = without_equity(automatic, options.policy,
                                options.event_for(board, field_scores), vulnerability_of(board))
        return _with_work(ruling, work, started)
    if solver is None:
        from equity.dd import DdsSolver

        solver = DdsSolver()
    try:
        lines = build(automatic, solver, options.estimate_for(board), work)
        return _with_work(judge(board, automatic, lines, options, field_scores), work,
                          started)
    except BoardError:
        raise
    except EquityError as e:  # a position DDS rejects, weights that do not fit, a cap
        raise BoardError(f"Law 64C check: {e}", board.source, board.label, Where()) from e


def _with_work(ruling: Ruling, work: Work, started: float) -> Ruling:
    """``ruling`` with what it cost, ``seconds`` from ``started`` until now."""
    work.seconds = time.perf_counter() - started
    return dataclasses.replace(ruling, work=work)


def table_scores(path: str | Path) -> dict[int | None, list[tuple[int, int]]]:
    """N-S scores of every board in a file that replays, by board number: (index, score).
    The other tables' results, for matchpoints or a datum (Law 64C compares scores)."""
    out: dict[int | None, list[tuple[int, int]]] = {}
    for item in read_boards(path):
        if isinstance(item, Board) and item.contract is not None:
            try:
                tricks = (replay(item).declarer_tricks if item.play is not None
                          else item.result)
            except BoardError:
                tricks = item.result
            if tricks is not None:
                out.setdefault(item.number, []).append(
                    (item.index, score_ns(item.contract, tricks, vulnerability_of(item))))
    return out


__all__ = ["judge", "rule_automatic", "rule_board", "table_scores"]
