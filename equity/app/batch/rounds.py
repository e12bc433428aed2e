"""Phase 2: ruling a task of boards, their double-dummy work batched round by round."""


from __future__ import annotations

import functools
import logging
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from equity.app.batch.keys import board_error, board_key, error_line, keyed
from equity.app.options import RulingOptions
from equity.app.pipeline import judge, rule_automatic
from equity.core.board import Board
from equity.core.cards import Card, ModelError, Side, cards
from equity.core.errors import BoardError, Where
from equity.core.laws import AutomaticRuling
from equity.core.lines import build
from equity.core.position import Position, follow_suit_cards
from equity.dd import solve
from equity.dd.session import Answer, session
from equity.dd.solve import SolveError
from equity.render.text import equity_json, ruling_json

TASK_BOARDS = 16
"""Boards per task: enough positions for full DDS batches, small enough that a killed run
loses little and a retried task costs little."""
DEFAULT_TIME_LIMIT = 60.0
"""Seconds one DDS call may take before its boards are given up on (``--time-limit``)."""
MAX_ROUNDS = 20
"""Solve-and-rebuild rounds before a board's lines are declared unsettled (two suffice
for the lines :mod:`equity.core.lines` builds; this only guards against a loop)."""

Solve = Callable[[Sequence[Sequence[tuple[Position, bool]]]], list[Answer]]
"""Answers for groups of (position, every card?) requests, one group per board."""
T = TypeVar("T")

log = logging.getLogger("equity.batch")


# --- Phase 2: ruling a task -------------------------------------------------------------


class Planner:
    """A :class:`~equity.core.lines.Solver` that answers from ``cache`` and records
    every position it cannot answer, giving a stand-in value (0 tricks) for it.

    Positions are validated as direct solving would validate them, so a bad position
    raises the same :class:`~equity.dd.solve.SolveError`. ``guessed`` says whether any answer
    was a stand-in (then whatever was built from it must be built again).
    """

    def __init__(self, cache: dict[Position, Answer]) -> None:
        self.cache = cache
        self.asks: dict[Position, bool] = {}
        self.guessed = False

    def _ask(self, position: Position, every: bool) -> None:
        self.asks[position] = self.asks.get(position, False) or every
        self.guessed = True

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]:
        known = self.cache.get(position)
        if known is not None and known.card_scores is not None:
            return known.cards(side)
        if known is None:
            solve.validate(position)
        self._ask(position, True)
        led = position.trick[0].suit if position.trick else None
        return dict.fromkeys(cards(follow_suit_cards(position.hands[position.to_play], led)), 0)

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]:
        solve.validate_all([p for p in positions if p not in self.cache])
        out = []
        for p in positions:
            known = self.cache.get(p)
            if known is None:
                self._ask(p, False)
                out.append(0)
            else:
                out.append(known.tricks(side))
        return out


@dataclass
class _Pending:
    """A board whose lines are still being built."""

    slot: int
    board: Board
    automatic: AutomaticRuling
    asks: dict[Position, bool] = field(default_factory=dict)


def _automatic(board: Board, options: RulingOptions) -> AutomaticRuling | str:
    """Laws 61-64A/B for the board, or its error line (as ``equity rule`` words it)."""
    key = board_key(board.source, board.index)
    try:
        return rule_automatic(board, options)
    except BoardError as e:
        return error_line(e, key)
    except (ModelError, ValueError) as e:
        if not options.equity:
            return board_error(board, f"internal error: {e}")
        return error_line(BoardError(f"Law 64C check: {e}", board.source, board.label,
                                      Where()), key)


def _attempt(p: _Pending, options: RulingOptions, cache: dict[Position, Answer]) -> str | None:
    """Build ``p``'s lines from the cache: its line when settled, else None (and what to
    solve in ``p.asks``)."""
    planner = Planner(cache)
    try:
        lines = build(p.automatic, planner)
    except Exception as e:
        if planner.guessed:  # built on a stand-in value: try again with the answers
            p.asks = planner.asks
            return None
        return _final_error(p.board, e)
    if planner.guessed:
        p.asks = planner.asks
        return None
    try:
        return keyed(equity_json(judge(p.board, p.automatic, lines, options)),
                      board_key(p.board.source, p.board.index))
    except Exception as e:
        return _final_error(p.board, e)


def _final_error(board: Board, e: Exception) -> str:
    """The error line of a board whose Law 64C check failed (``equity rule``'s wording)."""
    if isinstance(e, BoardError):
        return error_line(e, board_key(board.source, board.index))
    if isinstance(e, (SolveError, ModelError, ValueError)):
        return board_error(board, f"Law 64C check: {e}")
    log.error("%s, %s: internal error\n%s", board.source, board.label, traceback.format_exc())
    return board_error(board, f"internal error: {type(e).__name__}: {e}")


def rule_boards(boards: Sequence[Board], options: RulingOptions, solve_groups: Solve) -> list[str]:
    """The output lines of ``boards`` (one each, in order), all their DDS work batched
    through ``solve_groups`` round by round (see the module docstring)."""
    lines: list[str | None] = [None] * len(boards)
    pending: list[_Pending] = []
    for i, b in enumerate(boards):
        auto = _automatic(b, options)
        if isinstance(auto, str):
            lines[i] = auto
        elif not options.equity:
            lines[i] = keyed(ruling_json(auto), board_key(b.source, b.index))
        else:
            pending.append(_Pending(i, b, auto))
    cache: dict[Position, Answer] = {}
    for _ in range(MAX_ROUNDS):
        still = []
        for p in pending:
            lines[p.slot] = _attempt(p, options, cache)
            if lines[p.slot] is None:
                still.append(p)
        if not still:
            break
        groups = [[(pos, every) for pos, every in p.asks.items()] for p in still]
        for a in _solve_or_isolate(still, groups, solve_groups, lines):
            known = cache.get(a.position)
            if known is None or known.card_scores is None:
                cache[a.position] = a
        pending = [p for p in still if lines[p.slot] is None]
    return [line if line is not None else board_error(boards[i], "Law 64C check: the "
            "candidate lines did not settle") for i, line in enumerate(lines)]


def _solve_or_isolate(pending: Sequence[_Pending],
                      groups: Sequence[Sequence[tuple[Position, bool]]], solve_groups: Solve,
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
                lines[p.slot] = _final_error(p.board, e)
        return answers


# --- Solving, with a time limit ---------------------------------------------------------


class Overrun(Exception):
    """A DDS call took longer than the time limit (DDS cannot be interrupted)."""


def _chunks(groups: Sequence[Sequence[tuple[Position, bool]]]
            ) -> Iterator[list[tuple[Position, bool]]]:
    """Requests in DDS batches of at most :data:`~equity.dd.solve.MAX_BOARDS`, one board's
    positions kept together (and so next to each other) where they fit, without repeats."""
    seen: set[Position] = set()
    chunk: list[tuple[Position, bool]] = []
    for group in groups:
        fresh = [(p, e) for p, e in group if p not in seen]
        seen.update(p for p, _ in fresh)
        if chunk and len(chunk) + len(fresh) > solve.MAX_BOARDS:
            yield chunk
            chunk = []
        for item in fresh:
            chunk.append(item)
            if len(chunk) == solve.MAX_BOARDS:
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
               record: list[list[tuple[Position, bool]]] | None = None) -> Solve:
    """Solve groups of requests with DDS, each batch within ``limit`` seconds; the
    batches sent are appended to ``record`` when given (benchmarks time them alone)."""

    def solve_groups(groups: Sequence[Sequence[tuple[Position, bool]]]) -> list[Answer]:
        out: list[Answer] = []
        for chunk in _chunks(groups):
            if record is not None:
                record.append(chunk)
            out += _within(limit, functools.partial(
                session().solve, [p for p, _ in chunk], [e for _, e in chunk], check=False))
        return out

    return solve_groups
