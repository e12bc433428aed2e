"""The whole job for one board: replay → Laws 61-64A/B → Law 64C lines → solve → ruling.

This is the one place that strings the stages together, so that ``equity rule``,
``equity report``, ``equity batch`` and the web workbench all rule a board the same way,
from one :class:`~equity.app.options.RulingOptions`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec.structs import replace

from equity.app.options import DEFAULT_OPTIONS, RulingOptions, vulnerability_of
from equity.core import adjust, law
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
    PlayRecord,
    Replay,
    Solver,
    Where,
    Work,
    fact_problems,
    once_each,
    replay,
    score_ns,
    solved,
)
from equity.core.law import AutomaticRuling, rule
from equity.core.player import (
    DEFAULT_CLASS,
    Forecast,
    checkpoint,
    forecast,
)
from equity.core.reading import Table
from equity.formats import read_boards

if TYPE_CHECKING:  # imported by a revoke ruled as reported (adjust.LATER)
    from equity.core.adjust import ReportedCase

NOT_ADJUDICATED = ("the claim is not ruled on (Laws 69-71): that needs double dummy, which "
                   "--no-equity skips; the claimed total is the result")
"""The note of a claim the Director would rule on, under ``--no-equity``."""

FROM_POSITION = ("the claim is ruled from the cards still held at trick {trick} "
                 "([EquityClaimPosition]): the play before it is not given, so no revoke in "
                 "it is known and no player is known to have shown out of a suit; what the "
                 "claimer could not have known from there goes against him (Law 70A)")
"""The note of a claim ruled from a claim position, without the play before it."""

FROM_TRICK = ("the play is given from trick {trick} on ([EquityPlayFrom]), the cards played "
              "from it being the hands there: the play before it is not known, so no revoke "
              "in it, no opening lead and no player's showing out before it is known, to the "
              "law or to the players' model")
"""The note of a ruling from a play given from a later trick, without the play before."""


def rule_automatic(board: Board, options: RulingOptions = DEFAULT_OPTIONS,
                   solver: Solver | None = None, work: Work | None = None
                   ) -> AutomaticRuling:
    """Laws 61-64A/B for every revoke of ``board``, after the Director's ruling on its
    claim when he rules on one (Laws 68-71: a disputed claim, or one whose statement is
    recorded; double dummy through ``solver``, a DDS solver when None, its cost added to
    ``work``). Raises BoardError for a record that cannot be replayed, a fact that makes
    no sense, or a claim that makes no sense or cannot be ruled on."""
    board = replace(board, facts=options.facts_for(board))
    rp = replay(board)
    for tag, message in fact_problems(rp):
        raise BoardError(message, board.source, board.label, Where(tag=tag))
    table = Table.of(board)  # what the table showed every player: read once
    edition = options.edition_for(board)
    if not (rp.claimed and law.needs_ruling(rp)):  # Laws 68-71 imported for a claim only
        ruled = rule(rp, edition, table=table)
        if board.facts.play_from is None:
            return ruled
        return replace(ruled, notes=(*ruled.notes, FROM_TRICK.format(
            trick=board.facts.play_from.trick)))
    if not options.equity:
        automatic = rule(rp, edition, table=table)
        return replace(automatic, notes=(*automatic.notes, NOT_ADJUDICATED))
    claim = rule_claim(rp, table, options, solver, work or options.work())
    ruled = rule(rp, edition, claim, table)
    if rp.opening is None:
        return ruled
    return replace(ruled, notes=(*ruled.notes, FROM_POSITION.format(
        trick=rp.opening.trick)))


def rule_claim(rp: Replay, table: Table, options: RulingOptions, solver: Solver | None,
               work: Work) -> law.ClaimRuling:
    """Laws 68-71 on the record's claim: normal play judged for the class of player
    the options or the board name, else :data:`~equity.core.player.DEFAULT_CLASS`
    (the class whose careless play is measured most: Law 70's "normal" is the
    class's)."""
    if solver is None:
        from equity.dd import DdsSolver

        solver = DdsSolver()
    board = rp.board
    model = options.estimate_for(board, DEFAULT_CLASS).model(table, work)
    try:
        return solved(once_each(law.judge_claim(rp, model, options.edition_for(board)), work),
                      solver, work)
    except BoardError:
        raise
    except EquityError as e:  # a position DDS rejects, a cap on the work
        raise BoardError(f"claim: {e}", board.source, board.label, Where()) from e


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
    work = options.work()
    if solver is None and options.equity:
        from equity.dd import DdsSolver

        solver = DdsSolver()
    automatic = rule_automatic(board, options, solver, work)
    if not options.equity:
        ruling = without_equity(automatic, options.policy,
                                options.event_for(board, field_scores), vulnerability_of(board))
        return _with_work(ruling, work, started)
    assert solver is not None
    try:
        lines = build(automatic, solver, options.estimate_for(board), work)
        return _with_work(judge(board, automatic, lines, options, field_scores), work,
                          started)
    except BoardError:
        raise
    except EquityError as e:  # a position DDS rejects, weights that do not fit, a cap
        raise BoardError(f"Law 64C check: {e}", board.source, board.label, Where()) from e


def forecast_board(board: Board, after: int, options: RulingOptions = DEFAULT_OPTIONS,
                   solver: Solver | None = None) -> Forecast:
    """``equity likely``: what the table goes on to make from the start of trick
    ``after + 1`` of ``board``'s record, by the options' class of player (default
    :data:`~equity.core.player.DEFAULT_CLASS`: tables are at clubs and online far more
    often than at the top). Raises an :class:`EquityError` for a record that cannot be
    replayed or does not reach that trick."""
    started = time.perf_counter()
    board = replace(board, facts=options.facts_for(board))
    rp = replay(board)
    start = checkpoint(rp, after)
    work = options.work()
    model = options.estimate_for(board, DEFAULT_CLASS).model(Table.of(board), work)
    if solver is None:
        from equity.dd import DdsSolver

        solver = DdsSolver()
    found = solved(once_each(forecast(rp, start, model), work), solver, work)
    work.seconds = time.perf_counter() - started
    return found


def is_reported(board: Board, options: RulingOptions = DEFAULT_OPTIONS) -> bool:
    """Whether ``board`` is ruled from a reported revoke: it has no card play and its
    facts (with the options on top) report one (``[EquityRevoke]``, ``--revoke``)."""
    played = board.play is not None and bool(board.play.tricks)
    return not played and (options.revoke is not None
                            or board.facts.revoke_report is not None)


def is_claim_position(board: Board, options: RulingOptions = DEFAULT_OPTIONS) -> bool:
    """Whether ``board`` is a claim ruled from the cards still held, without the play
    before it (``[EquityClaimPosition]``, ``--claim-position``)."""
    return options.claim_position is not None or board.facts.claim_position is not None


def rule_reported_board(board: Board, options: RulingOptions = DEFAULT_OPTIONS,
                        solver: Solver | None = None) -> ReportedCase:
    """A revoke ruled from the facts reported at the table, without the card play
    (Laws 61-64A/B, :func:`~equity.core.law.rule_reported`), and unless the options say
    not to, the Law 64C screen from the deal alone: the likely outcomes from the
    opening lead (:func:`forecast_board`, what ``equity likely --after-trick 0``
    gives) against the result after the transfer (:func:`~equity.core.adjust.screen`).
    Raises :class:`BoardError` for facts that do not fit."""
    faced = replace(board, facts=options.facts_for(board))
    ruling = law.rule_reported(faced, options.edition_for(board))
    found = None
    contract = board.contract
    if options.equity and contract is not None and ruling.after_transfer_tricks is not None \
            and ruling.report.established:
        unplayed = replace(board, play=PlayRecord(contract.opening_leader, (), ()))
        try:
            likely = forecast_board(unplayed, 0, options, solver)
        except BoardError:
            raise
        except EquityError as e:  # a cap on the work
            raise BoardError(f"Law 64C screen: {e}", board.source, board.label,
                             Where()) from e
        found = adjust.screen(ruling, likely.outcomes, options.probable)
    return adjust.ReportedCase(ruling, found, vulnerability_of(board))


def _with_work(ruling: Ruling, work: Work, started: float) -> Ruling:
    """``ruling`` with what it cost, ``seconds`` from ``started`` until now."""
    work.seconds = time.perf_counter() - started
    return replace(ruling, work=work)


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


__all__ = ["FROM_POSITION", "FROM_TRICK", "NOT_ADJUDICATED", "forecast_board", "is_claim_position",
           "is_reported", "judge", "rule_automatic", "rule_board", "rule_claim",
           "rule_reported_board", "table_scores"]
