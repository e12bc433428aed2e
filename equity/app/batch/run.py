"""The run: screen, rule in tasks (here or in workers), write, count."""


from __future__ import annotations

import contextlib
import json
import logging
import multiprocessing
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

from equity.app.batch.keys import board_error, error_line
from equity.app.batch.output import Output
from equity.app.batch.rounds import DEFAULT_TIME_LIMIT, TASK_BOARDS, dds_solver, rule_boards
from equity.app.batch.screen import screen, tasks_of
from equity.app.batch.workers import Slot, cap_jobs, log_queue, signals_held, usable_cores
from equity.app.options import DEFAULT_OPTIONS, RulingOptions
from equity.core.board import Board
from equity.formats.walk import files

# --- The run -------------------------------------------------------------------------

log = logging.getLogger("equity.batch")


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
    retrying: int = 0
    """Boards whose earlier line (a time limit overrun) was dropped to rule them again."""
    jobs: int = 1
    """Worker processes used (``jobs`` capped by the machine)."""


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


def _in_process(tasks: Iterator[list[Board]], options: RulingOptions, emit: _Writer) -> None:
    solver = dds_solver(None)
    for task in tasks:
        emit(rule_boards(task, options, solver), len(task))


def _pooled(tasks: Iterator[list[Board]], options: RulingOptions, emit: _Writer, jobs: int,
            limit: float | None, summary: Summary) -> None:
    """Run the tasks on ``jobs`` worker processes; retry a failed task board by board."""
    ctx = multiprocessing.get_context("spawn")
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
                if s.task is None:
                    task = retry.popleft() if retry else next(tasks, None)
                    if task is not None:
                        s.send(task)
            busy = {s.conn: s for s in slots if s.task is not None}
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
    retry_or_report(task, str(payload), emit, retry, summary)


def retry_or_report(task: list[Board], message: str, emit: Callable[[list[str], int], None],
                    retry: deque[list[Board]], summary: Summary) -> None:
    """A task whose worker overran its time limit or died (``message`` says which): its
    boards are retried one by one; a single board that fails so is an error line."""
    if len(task) > 1:
        summary.retried += 1
        log.warning("%s; retrying its %d boards one by one", message, len(task))
        retry.extendleft([b] for b in reversed(task))
        return
    board = task[0]
    log.warning("%s, %s: %s", board.source, board.label, message)
    emit([board_error(board, message)], 1)


def run_batch(paths: Sequence[str | Path], options: RulingOptions = DEFAULT_OPTIONS,
              out: str | Path | None = None,
              jobs: int = 1, time_limit: float | None = DEFAULT_TIME_LIMIT,
              task_boards: int = TASK_BOARDS, progress: bool = False,
              restart: bool = False, scheduler: str | None = None) -> Summary:
    """Rule every board with a revoke in ``paths`` into ``out`` (JSON Lines; stdout when
    None); resumes a run that ``out`` shows was cut short (made with the same ``options``,
    else :class:`~equity.app.batch.output.OutputError`, unless ``restart``: then ``out``
    starts over). Worker processes are used when ``jobs > 1`` or a ``time_limit`` (seconds
    per DDS call) is set; else all runs here. With ``scheduler`` (a Dask scheduler's
    address) the tasks run on that cluster instead."""
    summary = Summary()
    found = files(paths)
    output = Output(out, options, found, restart)
    try:
        screened = screen(found)
        summary.screened, summary.to_rule = screened.boards, screened.to_rule
        fresh = [(k, e) for k, e in screened.errors if k not in output.done]
        summary.skipped = len(output.done)
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
        elif jobs <= 1 and (not time_limit or not options.equity):
            _in_process(tasks, options, emit)  # nothing to time out, or one process is asked
        else:
            jobs, why = cap_jobs(max(1, jobs))
            if why is not None:
                log.warning("%s", why)
            summary.jobs = jobs
            _pooled(tasks, options, emit, jobs, time_limit or None, summary)
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
