"""Full rulings for every board with a revoke in many files: ``equity batch``.

The run has two phases:

1. **Screening** (:func:`screen`): every file is read with :mod:`equity.fastread` and
   replayed by the C kernel, as ``equity scan`` does; only boards with a revoke (or a
   record the kernel cannot replay, whose error the ruling reports) go on. Boards that
   cannot even be read become error lines at once.
2. **Ruling** in tasks of a few boards (:func:`rule_boards`). The double-dummy work of a
   whole task is batched: every board's Law 64C lines are built with a :class:`Planner`,
   a :class:`~equity.counterfactual.Solver` that answers from a cache and records what it
   does not know (returning a stand-in value). The recorded positions of all the task's
   boards go to DDS together (:func:`equity.solve.solve_batch`, through
   ``SolveAllBoards`` in chunks of at most 200, each board's positions side by side so
   DDS's transposition tables are reused), and the boards are built again. A build that
   met no stand-in value saw exactly what direct solving would have answered, so its
   lines are final; the others go round again (the table line's misled-non-offender check
   can ask for a position that depends on earlier answers). Two rounds are the rule.

Output is one JSON line per board: ``equity rule --json``'s object (``equity_json``, or
``ruling_json`` with ``--no-equity``; ``{"source", "board", "error", "where"}`` for a
board in error) plus ``key``, the board's stable name: ``SOURCE#INDEX`` (the board's
position in its file). Each line is written with one ``write`` and the file is synced
after every task, so a run killed half-way leaves complete lines (and at worst one cut
line, which a rerun removes); a rerun with the same output skips the boards already there.

Worker processes (``jobs > 1``, or a time limit) run the tasks: DDS cannot be interrupted,
so a task whose DDS call overruns the time limit makes its worker exit; the worker is
restarted and the task's boards retried one by one, and a board that overruns alone is
reported as an error line. A bad board never stops the run.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import logging.handlers
import multiprocessing
import os
import re
import sys
import threading
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import IO, Any, TypeVar

import numpy as np

from equity import solve
from equity.compare import TOTAL_POINTS, Policy, Thresholds, Weights, compare
from equity.counterfactual import Counterfactual, build
from equity.errors import BoardError, Where
from equity.fastread import read_packed
from equity.laws import AutomaticRuling
from equity.model import Card, ModelError, Side, cards
from equity.packed import run
from equity.parse import read_boards
from equity.pipeline import Options, rule_board, vulnerability_of
from equity.play import follow_suit_cards
from equity.record import Board
from equity.report import JSON, equity_json, ruling_json
from equity.scan import files
from equity.scoring import Event
from equity.solve import Answer, Position, SolveError

__all__ = ["DEFAULT_TIME_LIMIT", "TASK_BOARDS", "Output", "Planner", "Spec", "Summary",
           "board_key", "rule_boards", "run_batch", "screen"]

log = logging.getLogger("equity.batch")

TASK_BOARDS = 16
"""Boards per task: enough positions for full DDS batches, small enough that a killed run
loses little and a retried task costs little."""
DEFAULT_TIME_LIMIT = 60.0
"""Seconds one DDS call may take before its boards are given up on (``--time-limit``)."""
MAX_ROUNDS = 20
"""Solve-and-rebuild rounds before a board's lines are declared unsettled (two suffice
for the lines :mod:`equity.counterfactual` builds; this only guards against a loop)."""

Solve = Callable[[Sequence[Sequence[tuple[Position, bool]]]], list[Answer]]
"""Answers for groups of (position, every card?) requests, one group per board."""
T = TypeVar("T")


# --- What to rule, and how ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spec:
    """The ruling options of a batch (``equity rule``'s, less a single board's field).
    Plain values only: it is sent to the worker processes."""

    options: Options = field(default_factory=Options)
    policy: str = Policy.WEIGHTED.value
    weights: tuple[str, ...] = ()
    other_table: int | None = None
    in_tricks: bool = False
    likely: float = 1 / 3
    probable: float = 1 / 6
    serious_error: bool = False
    no_equity: bool = False

    def event(self) -> Event:
        """The form of scoring Law 64C compares in (as ``equity rule`` without a field)."""
        if self.other_table is not None:
            return Event("imps", (), float(self.other_table))
        return Event("tricks") if self.in_tricks else TOTAL_POINTS

    def ruling_json(self, board: Board, automatic: AutomaticRuling,
                    lines: Sequence[Counterfactual]) -> JSON:
        """The board's full ruling, as ``equity rule --json`` prints it."""
        return equity_json(compare(
            automatic, lines, Policy.parse(self.policy), Weights.parse(self.weights),
            self.event(), vulnerability_of(board), Thresholds(self.likely, self.probable),
            self.serious_error))


def board_key(source: str, index: int | str) -> str:
    """A board's stable name in the output: its file and its position in the file."""
    return f"{source}#{index}"


def _keyed(obj: JSON, key: str) -> str:
    return json.dumps({**obj, "key": key}, ensure_ascii=False)


def _error_line(e: BoardError, key: str) -> str:
    return _keyed(e.to_json(), key)


def _board_error(board: Board, message: str) -> str:
    """An error line for a board whose ruling failed outside the laws' own checks."""
    e = BoardError(message, board.source, board.label, Where())
    return _error_line(e, board_key(board.source, board.index))


# --- Phase 1: screening ---------------------------------------------------------------


@dataclass
class Screened:
    """What screening found: per file, the boards to rule; and the unreadable boards."""

    wanted: dict[str, list[int]] = field(default_factory=dict)
    """Source -> indices (in the file) of boards with a revoke or a kernel error."""
    paths: dict[str, Path] = field(default_factory=dict)
    errors: list[tuple[str, BoardError]] = field(default_factory=list)
    """(key, error) for each board or file that could not be read."""
    boards: int = 0
    """Boards screened (with a contract and a play record)."""

    @property
    def to_rule(self) -> int:
        return sum(len(v) for v in self.wanted.values())


_GAME = re.compile(r"game (\d+)")


def _read_error_key(e: BoardError, seen: set[str]) -> str:
    """A read error's key: its game's index when the label gives one, else ``!file``."""
    m = _GAME.search(e.board or "")
    key = board_key(e.source, m.group(1) if m else "!file")
    base, k = key, 1
    while key in seen:
        k += 1
        key = f"{base}/{k}"
    seen.add(key)
    return key


def screen(paths: Iterable[str | Path]) -> Screened:
    """Find the boards to rule with the native scan path (reading in C, replay in the
    kernel): those with a revoke, and those the kernel cannot replay (their ruling
    reports the error). Memory is flat in the number of boards read."""
    out = Screened()
    seen: set[str] = set()
    found = files(paths)
    out.paths = {str(p): p for p in found}
    for chunk in read_packed(found):
        result = run(chunk.batch)
        hit = (result.revoke[:, :, 0] != 0).any(axis=1) | (result.error[:, 0] != 0)
        for i in np.flatnonzero(hit).tolist():
            source = chunk.sources[int(chunk.source[i])]
            out.wanted.setdefault(source, []).append(int(chunk.index[i]))
        out.errors += [(_read_error_key(e, seen), e) for e in chunk.errors]
        out.boards += len(chunk)
    return out


def _tasks(screened: Screened, done: set[str], size: int) -> Iterator[list[Board]]:
    """The boards to rule, read again with the full reader (only the files that have
    any), in tasks of ``size``, skipping those whose key is in ``done``."""
    task: list[Board] = []
    for source, indices in screened.wanted.items():
        todo = {i for i in indices if board_key(source, i) not in done}
        if not todo:
            continue
        for item in read_boards(screened.paths[source]):
            if isinstance(item, Board) and item.index in todo:
                task.append(item)
                if len(task) == size:
                    yield task
                    task = []
    if task:
        yield task


# --- Phase 2: ruling a task -------------------------------------------------------------


class Planner:
    """A :class:`~equity.counterfactual.Solver` that answers from ``cache`` and records
    every position it cannot answer, giving a stand-in value (0 tricks) for it.

    Positions are validated as direct solving would validate them, so a bad position
    raises the same :class:`~equity.solve.SolveError`. ``guessed`` says whether any answer
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
        solve.validate_positions(positions, self.cache)
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


def _automatic(board: Board, spec: Spec) -> AutomaticRuling | str:
    """Laws 61-64A/B for the board, or its error line (as ``equity rule`` words it)."""
    key = board_key(board.source, board.index)
    try:
        return rule_board(board, spec.options)
    except BoardError as e:
        return _error_line(e, key)
    except (ModelError, ValueError) as e:
        if spec.no_equity:
            return _board_error(board, f"internal error: {e}")
        return _error_line(BoardError(f"Law 64C check: {e}", board.source, board.label,
                                      Where()), key)


def _attempt(p: _Pending, spec: Spec, cache: dict[Position, Answer]) -> str | None:
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
        return _keyed(spec.ruling_json(p.board, p.automatic, lines),
                      board_key(p.board.source, p.board.index))
    except Exception as e:
        return _final_error(p.board, e)


def _final_error(board: Board, e: Exception) -> str:
    """The error line of a board whose Law 64C check failed (``equity rule``'s wording)."""
    if isinstance(e, BoardError):
        return _error_line(e, board_key(board.source, board.index))
    if isinstance(e, (SolveError, ModelError, ValueError)):
        return _board_error(board, f"Law 64C check: {e}")
    log.error("%s, %s: internal error\n%s", board.source, board.label, traceback.format_exc())
    return _board_error(board, f"internal error: {type(e).__name__}: {e}")


def rule_boards(boards: Sequence[Board], spec: Spec, solve_groups: Solve) -> list[str]:
    """The output lines of ``boards`` (one each, in order), all their DDS work batched
    through ``solve_groups`` round by round (see the module docstring)."""
    lines: list[str | None] = [None] * len(boards)
    pending: list[_Pending] = []
    for i, b in enumerate(boards):
        auto = _automatic(b, spec)
        if isinstance(auto, str):
            lines[i] = auto
        elif spec.no_equity:
            lines[i] = _keyed(ruling_json(auto), board_key(b.source, b.index))
        else:
            pending.append(_Pending(i, b, auto))
    cache: dict[Position, Answer] = {}
    for _ in range(MAX_ROUNDS):
        still = []
        for p in pending:
            lines[p.slot] = _attempt(p, spec, cache)
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
    return [line if line is not None else _board_error(boards[i], "Law 64C check: the "
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
    """Requests in DDS batches of at most :data:`~equity.solve.MAX_BOARDS`, one board's
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
                solve.solve_batch, [p for p, _ in chunk], [e for _, e in chunk], check=False))
        return out

    return solve_groups


# --- Output that survives a kill ----------------------------------------------------


class Output:
    """JSON Lines appended so that nothing is lost or doubled across a kill and rerun.

    Opening an existing file cuts it after its last newline (a line cut by the kill is
    dropped) and reads the keys already there (:attr:`done`). Each line is written with
    one ``write`` call; :meth:`sync` flushes to disk (after every task).
    """

    def __init__(self, path: str | Path | None) -> None:
        self.done: set[str] = set()
        self._stream: IO[str] | None = None
        self._fd = -1
        if path is None:
            self._stream = sys.stdout
            return
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        self._recover()

    def _recover(self) -> None:
        with os.fdopen(os.dup(self._fd), "rb") as f:
            data = f.read()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            os.ftruncate(self._fd, end)
            log.warning("dropped an incomplete last line from the output")
        for raw in data[:end].splitlines():
            try:
                key = json.loads(raw).get("key")
            except ValueError:
                continue
            if isinstance(key, str):
                self.done.add(key)

    def write(self, lines: Iterable[str]) -> None:
        for line in lines:
            if self._stream is not None:
                self._stream.write(line + "\n")
            else:
                os.write(self._fd, (line + "\n").encode("utf-8"))

    def sync(self) -> None:
        if self._stream is not None:
            self._stream.flush()
        else:
            os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


# --- Worker processes ----------------------------------------------------------------


def _worker_logging(queue: Any) -> None:
    """Send this worker's log records to the parent's handler (multiprocessing_logging)."""
    root = logging.getLogger()
    root.handlers[:] = [logging.handlers.QueueHandler(queue)] if queue is not None else []
    root.setLevel(logging.INFO)


def _worker(conn: Connection, spec: Spec, threads: int, limit: float | None,
            queue: Any) -> None:
    """A worker process: rule the tasks it is sent until told to stop (``None``) or the
    parent goes away. After an overrun it reports and exits: the DDS call still runs."""
    _worker_logging(queue)
    solve.set_threads(threads)
    solver = dds_solver(limit)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            lines = rule_boards(task, spec, solver)
        except Overrun as e:
            log.warning("worker %d: %s on a task of %d boards", os.getpid(), e, len(task))
            _exit(conn, ("overrun", str(e)), queue)
        conn.send(("done", lines))


def _exit(conn: Connection, message: tuple[str, str], queue: Any) -> None:
    """Report and leave at once (a DDS thread may still be running), logs flushed first
    (the parent kills this process once it has the report)."""
    if queue is not None:
        queue.close()
        queue.join_thread()
    conn.send(message)
    os._exit(0)


class _Slot:
    """One worker process and the task it is on."""

    def __init__(self, ctx: Any, args: tuple[Any, ...]) -> None:
        self.ctx, self.args = ctx, args
        self.task: list[Board] | None = None
        self._start()

    def _start(self) -> None:
        parent, child = self.ctx.Pipe()
        self.conn: Connection = parent
        self.proc = self.ctx.Process(target=_worker, args=(child, *self.args), daemon=True)
        self.proc.start()
        child.close()

    def send(self, task: list[Board]) -> None:
        self.task = task
        self.conn.send(task)

    def restart(self) -> None:
        """Stop this worker (by its own process id) and start a fresh one."""
        self.conn.close()
        self.proc.join(1)  # a worker that reported an overrun exits by itself
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.task = None
        self._start()

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.send(None)
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


def _log_queue(ctx: Any) -> Any:
    """The queue feeding the parent's one log handler, usable by spawned workers.

    ``multiprocessing_logging.install_mp_handler`` wraps the root logger's handlers in a
    handler that empties a queue in a thread. Its queue is made for forked children; the
    workers are spawned (DDS's threads and a fork do not mix), so the queue is replaced by
    one of the spawn context, which the handler's thread reads from then on.
    """
    import multiprocessing_logging

    root = logging.getLogger()
    if not root.handlers:
        return None
    if not any(isinstance(h, multiprocessing_logging.MultiProcessingHandler)
               for h in root.handlers):
        try:
            multiprocessing_logging.install_mp_handler()
        except AssertionError:  # the default start method is not fork
            return None
    for h in root.handlers:
        if isinstance(h, multiprocessing_logging.MultiProcessingHandler):
            h.queue = ctx.Queue(-1)
            return h.queue
    return None


# --- The run -------------------------------------------------------------------------


@dataclass
class Summary:
    """What a run did."""

    screened: int = 0
    to_rule: int = 0
    skipped: int = 0
    """Boards (and read errors) already in the output from an earlier run."""
    ruled: int = 0
    errors: int = 0
    retried: int = 0
    """Tasks retried board by board after an overrun or a worker that died."""


class _Writer:
    """Writes a task's lines, syncs, counts and moves the progress bar."""

    def __init__(self, out: Output, summary: Summary, bar: Any) -> None:
        self.out, self.summary, self.bar = out, summary, bar

    def __call__(self, lines: Sequence[str], boards: int) -> None:
        self.out.write(lines)
        self.out.sync()
        for line in lines:
            if json.loads(line).get("error") is not None:
                self.summary.errors += 1
            else:
                self.summary.ruled += 1
        if self.bar is not None:
            self.bar.update(boards)


def _in_process(tasks: Iterator[list[Board]], spec: Spec, emit: _Writer) -> None:
    solver = dds_solver(None)
    for task in tasks:
        emit(rule_boards(task, spec, solver), len(task))


def _pooled(tasks: Iterator[list[Board]], spec: Spec, emit: _Writer, jobs: int,
            limit: float | None, summary: Summary) -> None:
    """Run the tasks on ``jobs`` worker processes; retry a failed task board by board."""
    ctx = multiprocessing.get_context("spawn")
    threads = max(1, (os.cpu_count() or 1) // jobs)
    slots = [_Slot(ctx, (spec, threads, limit, _log_queue(ctx))) for _ in range(jobs)]
    retry: deque[list[Board]] = deque()
    try:
        while True:
            for s in slots:
                if s.task is None:
                    task = retry.popleft() if retry else next(tasks, None)
                    if task is not None:
                        s.send(task)
            busy = {s.conn: s for s in slots if s.task is not None}
            if not busy:
                return
            for conn in wait(list(busy)):
                _collect(busy[conn], emit, retry, summary)  # type: ignore[index]
    finally:
        for s in slots:
            s.stop()


def _collect(slot: _Slot, emit: _Writer, retry: deque[list[Board]], summary: Summary) -> None:
    """Take a worker's answer: lines to write, or a failure to retry or report."""
    task = slot.task or []
    try:
        kind, payload = slot.conn.recv()
    except (EOFError, OSError):
        slot.proc.join(5)
        kind, payload = "died", f"the worker stopped (exit code {slot.proc.exitcode})"
    if kind == "done":
        slot.task = None
        emit(payload, len(task))
        return
    slot.restart()
    if len(task) > 1:
        summary.retried += 1
        log.warning("%s; retrying its %d boards one by one", payload, len(task))
        retry.extendleft([b] for b in reversed(task))
        return
    board = task[0]
    log.warning("%s, %s: %s", board.source, board.label, payload)
    emit([_board_error(board, str(payload))], 1)


def run_batch(paths: Sequence[str | Path], spec: Spec, out: str | Path | None = None,
              jobs: int = 1, time_limit: float | None = DEFAULT_TIME_LIMIT,
              task_boards: int = TASK_BOARDS, progress: bool = False) -> Summary:
    """Rule every board with a revoke in ``paths`` into ``out`` (JSON Lines; stdout when
    None); resumes a run that ``out`` shows was cut short. Worker processes are used when
    ``jobs > 1`` or a ``time_limit`` (seconds per DDS call) is set; else all runs here."""
    summary = Summary()
    output = Output(out)
    try:
        screened = screen(paths)
        summary.screened, summary.to_rule = screened.boards, screened.to_rule
        fresh = [(k, e) for k, e in screened.errors if k not in output.done]
        summary.skipped = len(output.done)
        bar = _bar(screened.to_rule + len(screened.errors) - summary.skipped, progress)
        emit = _Writer(output, summary, bar)
        if fresh:
            emit([_error_line(e, k) for k, e in fresh], len(fresh))
        tasks = _tasks(screened, output.done, task_boards)
        if jobs <= 1 and (not time_limit or spec.no_equity):
            _in_process(tasks, spec, emit)  # nothing to time out, or one process is asked
        else:
            _pooled(tasks, spec, emit, max(1, jobs), time_limit or None, summary)
        if bar is not None:
            bar.close()
    finally:
        output.close()
    return summary


def _bar(total: int, progress: bool) -> Any:
    """A tqdm progress bar on stderr when asked for (the CLI: on a terminal only)."""
    if not progress:
        return None
    from tqdm import tqdm

    return tqdm(total=max(0, total), unit=" boards", file=sys.stderr)
