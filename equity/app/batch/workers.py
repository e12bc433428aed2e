"""Worker processes: DDS cannot be interrupted, so a task that overruns its time limit
makes its worker exit and be restarted.

Workers are forked from a fork server (``multiprocessing``'s ``forkserver`` start method,
where the platform has it; else spawned) that imported everything a worker needs
(:data:`PRELOAD`) once, before any DDS thread exists: a worker, first or restarted,
answers its first task within a few hundredths of a second instead of paying the
imports (~0.25 s) itself. The server is started with SIGINT and SIGTERM blocked
(:func:`prestart`), ignores SIGINT once running and leaves when the run's process does.

A worker holds up to :data:`DEPTH` tasks: the next one waits in the worker (read by its
inbox thread, so the parent's ``send`` never waits on a busy worker) while the parent
writes the last one's lines, so that the workers never wait for the parent.
"""


from __future__ import annotations

import contextlib
import logging
import logging.handlers
import multiprocessing
import os
import queue as queues
import signal
import threading
from collections import deque
from collections.abc import Iterator
from multiprocessing.connection import Connection
from typing import Any

from equity.app.batch.rounds import Overrun, dds_solver, rule_boards
from equity.app.machine import available_memory, usable_cores
from equity.app.options import RulingOptions
from equity.core.game import Board
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
    parent goes away. After an overrun it reports and exits: the DDS call still runs.

    Ctrl-C is the parent's to handle (it stops the workers): a worker ignores SIGINT, which
    a terminal sends to the whole process group. It was started with SIGINT and SIGTERM
    blocked (:func:`signals_held`), so none arrives before this point."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    _worker_logging(queue)
    solve.set_threads(threads)
    solver = dds_solver(limit)
    inbox = _inbox(conn)
    while True:
        task = inbox.get()
        if task is None:
            return
        try:
            lines = rule_boards(task, options, solver)
        except Overrun as e:
            log.warning("worker %d: %s on a task of %d boards", os.getpid(), e, len(task))
            _exit(conn, ("overrun", str(e)), queue)
        try:
            conn.send(("done", lines))
        except OSError:  # the parent is gone (killed): nothing to report to
            return


def _inbox(conn: Connection) -> queues.SimpleQueue[list[Board] | None]:
    """The tasks the parent sends, read as they come by a thread of their own (``None``:
    stop, or the parent is gone)."""
    inbox: queues.SimpleQueue[list[Board] | None] = queues.SimpleQueue()

    def read() -> None:
        while True:
            try:
                task = conn.recv()
            except (EOFError, OSError):
                task = None
            inbox.put(task)
            if task is None:
                return

    threading.Thread(target=read, name="inbox", daemon=True).start()
    return inbox


def _exit(conn: Connection, message: tuple[str, str], queue: Any) -> None:
    """Report and leave at once (a DDS thread may still be running), logs flushed first
    (the parent kills this process once it has the report)."""
    if queue is not None:
        queue.close()
        queue.join_thread()
    with contextlib.suppress(OSError):
        conn.send(message)
    os._exit(0)


DEPTH = 2
"""Tasks a worker holds at once: the one it rules and the next."""
PRELOAD = ["equity.app.batch.workers", "equity.dd.session", "equity.app.first_use"]
"""What the fork server imports for its workers (not DDS itself: no DDS thread or memory
before a fork): with every module the faces import only on first use
(:mod:`equity.app.first_use`: Laws 68-71, 62D, 16B, a reported revoke, the claim's types,
the auction's calls and reading...), so that no worker imports one on its first such
board."""


def context() -> Any:
    """The multiprocessing context workers start from: a fork server that preloaded
    :data:`PRELOAD` where the platform has one, else spawn (never a plain fork: the
    parent may already run DDS threads)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    return ctx


def prestart(ctx: Any) -> None:
    """Start ``ctx``'s fork server now (it imports :data:`PRELOAD` while the parent goes
    on screening), with SIGINT and SIGTERM blocked so that a Ctrl-C during its imports
    cannot print a traceback (it ignores SIGINT once it serves; the mask passes to its
    workers, which unblock them when ready), and with :func:`import_path_held`."""
    if ctx.get_start_method() != "forkserver":
        return
    from multiprocessing import forkserver

    with signals_held(), import_path_held():
        forkserver.ensure_running()


@contextlib.contextmanager
def import_path_held() -> Iterator[None]:
    """The environment a fork server (and multiprocessing's resource tracker) starts in:
    its import path holds the folder this process found equity in, never the working
    directory.

    Both are started as ``python -c ...``, which puts the working directory first on the
    import path, and Python 3.11 ignores the path multiprocessing hands the server: a
    ``random.py`` there was executed, an ``equity/`` there (an old checkout) shadowed
    this one and failed every ruling. ``PYTHONSAFEPATH`` keeps the working directory
    off; ``PYTHONPATH`` gets this process's equity first."""
    import equity

    saved = {name: os.environ.get(name) for name in ("PYTHONSAFEPATH", "PYTHONPATH")}
    home = os.path.dirname(os.path.dirname(os.path.abspath(equity.__file__ or "")))
    os.environ["PYTHONSAFEPATH"] = "1"
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (home, saved["PYTHONPATH"]) if p)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


class Slot:
    """One worker process and the tasks it holds (oldest first: the one it is on)."""

    def __init__(self, ctx: Any, args: tuple[Any, ...]) -> None:
        self.ctx, self.args = ctx, args
        self.tasks: deque[list[Board]] = deque()
        self._start()

    def _start(self) -> None:
        parent, child = self.ctx.Pipe()
        self.conn: Connection = parent
        self.proc = self.ctx.Process(target=worker_main, args=(child, *self.args), daemon=True)
        with signals_held():
            self.proc.start()
            child.close()

    def send(self, task: list[Board]) -> None:
        self.tasks.append(task)
        self.conn.send(task)

    def restart(self) -> None:
        """Stop this worker (by its own process id) and start a fresh one."""
        self.conn.close()
        self.proc.join(1)  # a worker that reported an overrun exits by itself
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.tasks.clear()
        self._start()

    def stop(self) -> None:
        """Let the worker finish and leave (the run is over)."""
        with contextlib.suppress(OSError):
            self.conn.send(None)
        self.proc.join(5)
        self.kill()

    def kill(self) -> None:
        """End the worker at once, by its own process id (the run was interrupted)."""
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.conn.close()


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back (delivered on leaving): a process started here inherits
    them blocked, and cleaning up is not cut short by a second Ctrl-C."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


WORKER_MEMORY = 100 * 2**20
"""About what a worker process needs (DDS's tables and the interpreter; ~93 MB measured)."""


def cap_jobs(jobs: int) -> tuple[int, str | None]:
    """``jobs`` capped by the cores and the memory of this machine, and the message saying
    so when it was (more workers than cores only compete for them; more than the memory
    holds makes the machine swap or kill)."""
    cores = usable_cores()
    memory = available_memory()
    by_memory = max(1, memory // WORKER_MEMORY) if memory is not None else jobs
    capped = max(1, min(jobs, cores, by_memory))
    if capped == jobs:
        return jobs, None
    mb = f", {memory // 2**20} MB available" if memory is not None else ""
    return capped, (f"--jobs {jobs} is more than this machine can run ({cores} cores{mb}, "
                    f"~{WORKER_MEMORY // 2**20} MB a worker): using {capped}")


def log_queue(ctx: Any) -> Any:
    """The queue feeding the parent's one log handler, usable by the workers.

    ``multiprocessing_logging.install_mp_handler`` wraps the root logger's handlers in a
    handler that empties a queue in a thread. Its queue is made for forked children; the
    workers come from a fork server or are spawned (DDS's threads and a fork of the parent
    do not mix), so the queue is replaced by one of ``ctx``, which the handler's thread
    reads from then on.
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
