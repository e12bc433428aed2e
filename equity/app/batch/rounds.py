"""Phase 2: ruling a task of boards, the double-dummy questions of all its boards
answered together, round by round.

Each board's Law 64C lines are built once, by :func:`equity.core.adjust.candidates.plan`, a
generator that yields the questions it needs answered and resumes with the replies. A round
collects the pending questions of every board of the task, sends the positions DDS has
not answered yet to it together (a board's positions side by side, none twice, in
batches of at most 200), then resumes every board; a board whose next questions are
already answered goes on at once. A board's questions are checked as ``equity rule``
checks them (:func:`equity.dd.solve.check_question`), so a bad position fails the board
with the same words.
"""


from __future__ import annotations

import functools
import logging
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from msgspec import Struct, field
from msgspec.structs import replace

from equity.app.batch.keys import board_error, board_key, error_line, keyed
from equity.app.options import RulingOptions
from equity.app.pipeline import is_reported, judge, rule_automatic, rule_reported_board
from equity.core.adjust import Counterfactual, plan
from equity.core.game import Board, BoardError, EquityError, Plan, Position, Question, Where, Work
from equity.core.law import AutomaticRuling
from equity.dd import solve
from equity.dd.binding import MAX_BOARDS
from equity.dd.checks import SolveError
from equity.dd.session import Answer, session
from equity.render.jsonout import board_json, ruling_json
from equity.render.reported import reported_json

TASK_BOARDS = 16
"""Boards per task: enough positions for full DDS batches, small enough that a killed run
loses little and a retried task costs little."""
DEFAULT_TIME_LIMIT = 60.0
"""Seconds one DDS call may take before its boards are given up on (``--time-limit``)."""

Solve = Callable[[Sequence[Sequence[tuple[Position, int]]]], list[Answer]]
"""Answers for groups of (position, every card?) requests, one group per board."""
T = TypeVar("T")

log = logging.getLogger("equity.batch")


# --- Phase 2: ruling a task -------------------------------------------------------------


class _Pending(Struct):
    """A board whose lines are being built: its plan and the questions it waits on."""

    slot: int
    board: Board
    automatic: AutomaticRuling
    plan: Plan[tuple[Counterfactual, ...]]
    asked: list[Question] | None = None
    """The questions the plan waits on (None: not started)."""
    work: Work = field(default_factory=Work)
    """What the board cost: its own positions, decisions and layouts; its time in Python
    and its share of each round's DDS time (by the positions it asked)."""


def _automatic(board: Board, options: RulingOptions, work: Work) -> AutomaticRuling | str:
    """Laws 61-64A/B for the board (after the ruling on its claim, whose cost goes to
    ``work``), or its error line (as ``equity rule`` words it)."""
    key = board_key(board.source, board.index)
    try:
        return rule_automatic(board, options, work=work)
    except BoardError as e:
        return error_line(e, key)
    except EquityError as e:
        return error_line(BoardError(f"Law 64C check: {e}", board.source, board.label,
                                      Where()), key)
    except Exception as e:  # a bug: this board's line says so, the others go on
        return _final_error(board, e)


def _advance(p: _Pending, options: RulingOptions, cache: dict[Position, Answer]) -> str | None:
    """Start or resume ``p``'s plan and go on while the cache answers its questions: its
    output line once the plan is done or fails, else None (``p.asked`` then holds what
    DDS must answer). A question the cache cannot answer is checked before it goes to
    DDS; every position in the cache was checked when it was first asked."""
    started = time.perf_counter()
    try:
        asked = next(p.plan) if p.asked is None else p.asked
        while True:
            found = [solve.reply(q, cache) for q in asked]
            replies = [r for r in found if r is not None]
            if len(replies) < len(found):
                for q, r in zip(asked, found, strict=True):
                    if r is None:
                        solve.check_question(q)
                p.asked = asked
                p.work.seconds += time.perf_counter() - started
                return None
            asked = p.plan.send(replies)
    except StopIteration as done:
        lines: tuple[Counterfactual, ...] = done.value
    except Exception as e:
        p.plan.close()
        return _final_error(p.board, e)
    try:
        ruling = judge(p.board, p.automatic, lines, options)
        p.work.seconds += time.perf_counter() - started
        return keyed(board_json(replace(ruling, work=p.work)),
                     board_key(p.board.source, p.board.index))
    except Exception as e:
        return _final_error(p.board, e)


def _reported(board: Board, options: RulingOptions) -> str:
    """The line of a board ruled from its revoke as reported, without the card play
    (``equity rule``'s JSON object for it), or its error line. Its Law 64C screen solves
    with DDS on its own, not in the rounds (one board's forecast from the opening lead)."""
    started = time.perf_counter()
    try:
        case = rule_reported_board(board, options)
    except Exception as e:  # an error names this board; the others go on
        return _final_error(board, e)
    stats = Work(seconds=time.perf_counter() - started).as_dict()
    return keyed({**reported_json(case), "stats": stats}, board_key(board.source, board.index))


def _final_error(board: Board, e: Exception) -> str:
    """The error line of a board whose Law 64C check failed (``equity rule``'s wording)."""
    if isinstance(e, BoardError):
        return error_line(e, board_key(board.source, board.index))
    if isinstance(e, EquityError):
        return board_error(board, f"Law 64C check: {e}")
    log.error("%s, %s: internal error\n%s", board.source, board.label, traceback.format_exc())
    return board_error(board, f"internal error: {type(e).__name__}: {e}")


def _missing(asked: Sequence[Question], cache: dict[Position, Answer]
             ) -> list[tuple[Position, int]]:
    """The (position, level) requests DDS must answer for ``asked``, each once."""
    out: dict[Position, int] = {}
    for q in asked:
        for position, level in solve.requests(q):
            known = cache.get(position)
            if known is None or known.level < level:
                out[position] = max(out.get(position, level), level)
    return list(out.items())


def rule_boards(boards: Sequence[Board], options: RulingOptions, solve_groups: Solve) -> list[str]:
    """The output lines of ``boards`` (one each, in order), all their DDS work batched
    through ``solve_groups`` round by round (see the module docstring)."""
    lines: list[str | None] = [None] * len(boards)
    cache: dict[Position, Answer] = {}
    pending: list[_Pending] = []
    for i, b in enumerate(boards):
        if is_reported(b, options):  # no card play: the revoke as reported (Law 64A)
            lines[i] = _reported(b, options)
            continue
        work = options.work()  # the claim's ruling and the Law 64C check: one board's cost
        auto = _automatic(b, options, work)
        if isinstance(auto, str):
            lines[i] = auto
        elif not options.equity:
            lines[i] = keyed({**ruling_json(auto), "stats": Work().as_dict()},
                             board_key(b.source, b.index))
        else:
            p = _Pending(i, b, auto, plan(auto, options.estimate_for(b), work), work=work)
            lines[i] = _advance(p, options, cache)
            if lines[i] is None:
                pending.append(p)
    while pending:
        groups = [_missing(p.asked or [], cache) for p in pending]
        started = time.perf_counter()
        answers = _solve_or_isolate(pending, groups, solve_groups, lines)
        _share_time(pending, groups, time.perf_counter() - started)
        for a in answers:
            known = cache.get(a.position)
            if known is None or known.level < a.level:
                cache[a.position] = a
        still = []
        for p in pending:
            if lines[p.slot] is None:
                lines[p.slot] = _advance(p, options, cache)
            if lines[p.slot] is None:
                still.append(p)
        pending = still
    done = [line for line in lines if line is not None]
    assert len(done) == len(boards)  # every board ends with its line or its error
    return done


def _share_time(pending: Sequence[_Pending],
                groups: Sequence[Sequence[tuple[Position, int]]], seconds: float) -> None:
    """A round's DDS time shared among its boards by the positions each asked."""
    asked = sum(len(g) for g in groups)
    for p, g in zip(pending, groups, strict=True):
        share = seconds * len(g) / asked if asked else 0.0
        p.work.dds_seconds += share
        p.work.seconds += share


def _solve_or_isolate(pending: Sequence[_Pending],
                      groups: Sequence[Sequence[tuple[Position, int]]], solve_groups: Solve,
                      lines: list[str | None]) -> list[Answer]:
    """Solve every board's positions together; if DDS rejects the batch, solve board by
    board so that only the board at fault gets an error line (the others go on)."""
    try:
        return list(solve_groups(groups))
    except SolveError:
        answers: list[Answer] = []
        for p, group in zip(pending, groups, strict=True):
            try:
                answers += solve_groups([group])
            except SolveError as e:
                p.plan.close()
                lines[p.slot] = _final_error(p.board, e)
        return answers


# --- Solving, with a time limit ---------------------------------------------------------


class Overrun(Exception):
    """A DDS call took longer than the time limit (DDS cannot be interrupted)."""


def _chunks(groups: Sequence[Sequence[tuple[Position, int]]]
            ) -> Iterator[list[tuple[Position, int]]]:
    """Requests in DDS batches of at most :data:`~equity.dd.binding.MAX_BOARDS`, one board's
    positions kept together (and so next to each other) where they fit, without repeats
    (a position asked for its best card by one board and for every card by another is
    solved once, for every card: the highest level asked)."""
    every: dict[Position, int] = {}  # in order of first request
    fresh: list[int] = []  # how many positions each group asks first
    for group in groups:
        before = len(every)
        for p, e in group:
            known = every.get(p)
            if known is None or e > known:
                every[p] = e
        fresh.append(len(every) - before)
    items = iter(every.items())
    chunk: list[tuple[Position, int]] = []
    for n in fresh:
        if chunk and len(chunk) + n > MAX_BOARDS:
            yield chunk
            chunk = []
        for _ in range(n):
            chunk.append(next(items))
            if len(chunk) == MAX_BOARDS:
                yield chunk
                chunk = []
    if chunk:
        yield chunk


def _within(limit: float | None, fn: Callable[[], T]) -> T:
    """``fn()``, or :class:`Overrun` when it takes more than ``limit`` seconds. It runs
    in a thread that cannot be stopped: after an overrun the process must exit."""
    if not limit:
        return fn()
    box: list[Any] = []

    def target() -> None:
        try:
            box.append((True, fn()))
        except BaseException as e:  # handed to the caller
            box.append((False, e))

    t = threading.Thread(target=target, name="dds", daemon=True)
    t.start()
    t.join(limit)
    if t.is_alive() or not box:
        raise Overrun(f"double-dummy solving exceeded {limit:g} s")
    ok, value = box[0]
    if not ok:
        raise value
    return value  # type: ignore[no-any-return]


def dds_solver(limit: float | None = None,
               record: list[list[tuple[Position, int]]] | None = None) -> Solve:
    """Solve groups of requests with DDS, each batch within ``limit`` seconds; the
    batches sent are appended to ``record`` when given (benchmarks time them alone)."""

    def solve_groups(groups: Sequence[Sequence[tuple[Position, int]]]) -> list[Answer]:
        out: list[Answer] = []
        for chunk in _chunks(groups):
            if record is not None:
                record.append(chunk)
            out += _within(limit, functools.partial(
                session().solve, [p for p, _ in chunk], [e for _, e in chunk], check=False))
        return out

    return solve_groups
