"""Worker processes: DDS cannot be interrupted, so a task that overruns its time limit
makes its worker exit and be restarted."""


from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
from multiprocessing.connection import Connection
from typing import Any

from equity.app.batch.rounds import Overrun, dds_solver, rule_boards
from equity.app.options import RulingOptions
from equity.core.board import Board
from equity.dd import solve

# --- Worker processes ----------------------------------------------------------------

log = logging.getLogger("equity.batch")


def _worker_logging(queue: Any) -> None:
    """Send this worker's log records to the parent's handler (multiprocessing_logging)."""
    root = logging.getLogger()
    root.handlers[:] = [logging.handlers.QueueHandler(queue)] if queue is not None else []
    root.setLevel(logging.INFO)


def worker_main(conn: Connection, options: RulingOptions, threads: int, limit: float | None,
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
            lines = rule_boards(task, options, solver)
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


class Slot:
    """One worker process and the task it is on."""

    def __init__(self, ctx: Any, args: tuple[Any, ...]) -> None:
        self.ctx, self.args = ctx, args
        self.task: list[Board] | None = None
        self._start()

    def _start(self) -> None:
        parent, child = self.ctx.Pipe()
        self.conn: Connection = parent
        self.proc = self.ctx.Process(target=worker_main, args=(child, *self.args), daemon=True)
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


def log_queue(ctx: Any) -> Any:
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
