"""The run: screen, rule in tasks (here or in workers), write, count."""


from __future__ import annotations

import contextlib
import json
import logging
import queue
import signal
import sys
import threading
from collections import deque
from collections.abc import Iterator, Sequence
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

from equity.app.batch.keys import board_key, error_line
from equity.app.batch.output import Output
from equity.app.batch.retry import Summary, retry_or_report
from equity.app.batch.rounds import DEFAULT_TIME_LIMIT, TASK_BOARDS, dds_solver, rule_boards
from equity.app.batch.screen import screen, tasks_of
from equity.app.batch.workers import (
    DEPTH,
    Slot,
    cap_jobs,
    context,
    log_queue,
    prestart,
    signals_held,
)
from equity.app.machine import usable_cores
from equity.app.options import DEFAULT_OPTIONS, RulingOptions
from equity.core.game import Board
from equity.formats.walk import files

# --- The run -------------------------------------------------------------------------

log = logging.getLogger("equity.batch")


class Terminated(BaseException):
    """SIGTERM, raised in the main thread by :func:`terminate_raises` (as SIGINT raises
    :class:`KeyboardInterrupt`), so that the run ends as quietly as on Ctrl-C."""


@contextlib.contextmanager
def terminate_raises() -> Iterator[None]:
    """SIGTERM raises :class:`Terminated` while in this block (main thread only)."""

    def handler(signum: int, frame: object) -> None:
        raise Terminated

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


_ERROR_KEY = '"error": '
"""In a JSON line only as a key (a quote inside a string is escaped): only the lines that
hold it are decoded to count the errors."""


class _Writer:
    """Writes a task's lines, syncs, counts and moves the progress bar."""

    def __init__(self, out: Output, summary: Summary, bar: Any) -> None:
        self.out, self.summary, self.bar = out, summary, bar
        self._lock = threading.Lock()  # lost boards are reported from the read-ahead thread

    def __call__(self, lines: Sequence[str], boards: int) -> None:
        with self._lock:
            self._write(lines, boards)

    def _write(self, lines: Sequence[str], boards: int) -> None:
        self.out.write(lines)
        self.out.sync()
        errors = sum(1 for line in lines if _ERROR_KEY in line
                     and json.loads(line).get("error") is not None)
        self.summary.errors += errors
        self.summary.ruled += len(lines) - errors
        self.summary.add_stats(lines)
        if self.bar is not None:
            self.bar.update(boards)


def _in_process(tasks: Iterator[list[Board]], options: RulingOptions, emit: _Writer) -> None:
    solver = dds_solver(None)
    for task in _read_ahead(tasks):
        emit(rule_boards(task, options, solver), len(task))


def _read_ahead(tasks: Iterator[list[Board]]) -> Iterator[list[Board]]:
    """``tasks``, the next ones read by a thread of their own while this one rules (DDS
    lets go of the interpreter while it solves); the thread's errors are raised here.
    Leaving (done or interrupted) ends the thread before the output can be closed."""
    ahead: queue.Queue[tuple[bool, Any]] = queue.Queue(maxsize=1)
    stop = threading.Event()

    def read() -> None:
        try:
            for task in tasks:
                ahead.put((True, task))
                if stop.is_set():
                    return
            ahead.put((False, None))
        except BaseException as e:  # raised again in the caller's thread
            ahead.put((False, e))

    reader = threading.Thread(target=read, name="read-ahead", daemon=True)
    reader.start()
    try:
        while True:
            more, item = ahead.get()
            if not more:
                if item is not None:
                    raise item
                return
            yield item
    finally:
        stop.set()
        while reader.is_alive():
            with contextlib.suppress(queue.Empty):
                ahead.get_nowait()
            reader.join(0.01)


def _pooled(tasks: Iterator[list[Board]], options: RulingOptions, emit: _Writer, jobs: int,
            limit: float | None, summary: Summary) -> None:
    """Run the tasks on ``jobs`` worker processes, :data:`DEPTH` tasks each in flight;
    retry a failed task board by board."""
    ctx = context()
    prestart(ctx)  # at once if the run started it already
    threads = max(1, usable_cores() // jobs)
    queue = log_queue(ctx)
    slots: list[Slot] = []
    finished = False
    retry: deque[list[Board]] = deque()
    try:
        with signals_held():  # an interrupt comes once every worker is in ``slots``
            for _ in range(jobs):
                slots.append(Slot(ctx, (options, threads, limit, queue)))
        while True:
            for s in slots:
                while len(s.tasks) < DEPTH:
                    task = retry.popleft() if retry else next(tasks, None)
                    if task is None:
                        break
                    s.send(task)
            busy = {s.conn: s for s in slots if s.tasks}
            if not busy:
                finished = True
                return
            for conn in wait(list(busy)):
                _collect(busy[conn], emit, retry, summary)  # type: ignore[index]
    finally:
        with signals_held():  # interrupted: the workers are ended at once, all of them
            for s in slots:
                if finished:
                    s.stop()
                else:
                    s.kill()


def _collect(slot: Slot, emit: _Writer, retry: deque[list[Board]], summary: Summary) -> None:
    """Take a worker's answer: lines to write, or a failure to retry or report (the
    tasks it held but had not begun go back to the queue whole)."""
    task = slot.tasks[0]
    try:
        kind, payload = slot.conn.recv()
    except (EOFError, OSError):
        slot.proc.join(5)
        kind, payload = "died", f"the worker stopped (exit code {slot.proc.exitcode})"
    if kind == "done":
        slot.tasks.popleft()
        emit(payload, len(task))
        return
    retry.extendleft(reversed(list(slot.tasks)[1:]))
    slot.restart()
    retry_or_report(task, str(payload), emit, retry, summary)


def run_batch(paths: Sequence[str | Path], options: RulingOptions = DEFAULT_OPTIONS,
              out: str | Path | None = None,
              jobs: int = 1, time_limit: float | None = DEFAULT_TIME_LIMIT,
              task_boards: int = TASK_BOARDS, progress: bool | str = False,
              restart: bool = False, scheduler: str | None = None,
              fmt: str = "jsonl") -> Summary:
    """Rule every board with a revoke in ``paths`` into ``out`` (JSON Lines; stdout when
    None); resumes a run that ``out`` shows was cut short (made with the same ``options``,
    else :class:`~equity.app.batch.output.OutputError`, unless ``restart``: then ``out``
    starts over). Worker processes are used when ``jobs > 1`` or a ``time_limit`` (seconds
    per DDS call) is set; else all runs here. With ``scheduler`` (a Dask scheduler's
    address) the tasks run on that cluster instead. ``progress``: ``"bar"`` (or True) a
    tqdm bar on stderr, ``"lines"`` a line to stderr every ten seconds, False nothing.
    ``fmt``: ``"jsonl"`` (the contract) or ``"csv"`` (one flat row a board)."""
    summary = Summary()
    bar: Any = None
    found = files(paths)
    local = jobs <= 1 and (not time_limit or not options.equity)
    output = Output(out, options, found, restart, fmt)
    try:
        if scheduler is None and not local:
            prestart(context())  # the workers' imports overlap the screening
        screened = screen(found)
        summary.screened, summary.to_rule = screened.boards, screened.to_rule
        fresh = [(k, e) for k, e in screened.errors if k not in output.done]
        summary.skipped = len(output.done)
        summary.unreadable = len(screened.errors)
        summary.unreadable_skipped = len(screened.errors) - len(fresh)
        summary.to_rule_skipped = sum(1 for source, indices in screened.wanted.items()
                                      for i in indices if board_key(source, i) in output.done)
        summary.retrying = output.retrying
        bar = _bar(screened.to_rule + len(screened.errors) - summary.skipped, progress)
        emit = _Writer(output, summary, bar)
        if fresh:
            emit([error_line(e, k) for k, e in fresh], len(fresh))
        tasks = tasks_of(screened, output.done, task_boards,
                         lambda lost: emit([error_line(e, k) for k, e in lost], len(lost)))
        if scheduler is not None:
            from equity.app.batch.distributed_engine import run_on_cluster

            run_on_cluster(scheduler, tasks, options, emit, time_limit or None, summary)
        elif local:
            _in_process(tasks, options, emit)  # nothing to time out, or one process is asked
        else:
            jobs, why = cap_jobs(max(1, jobs))
            if why is not None:
                log.warning("%s", why)
            summary.jobs = jobs
            _pooled(tasks, options, emit, jobs, time_limit or None, summary)
    finally:
        if bar is not None:
            bar.close()
        output.close()
    return summary


def _bar(total: int, progress: bool | str) -> Any:
    """A tqdm progress bar on stderr (``"bar"`` or True: the CLI on a terminal), a
    progress line every ten seconds (``"lines"``: stderr is a file, a pipe, a log;
    :mod:`equity.app.batch.progress`), or nothing."""
    if progress == "lines":
        from equity.app.batch.progress import ProgressLines

        return ProgressLines(max(0, total), sys.stderr)
    if not progress:
        return None
    from tqdm import tqdm

    return tqdm(total=max(0, total), unit=" boards", file=sys.stderr)
