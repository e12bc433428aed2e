"""The workbench's ruling processes: each ruling runs in a process of its own, stopped at
the time limit, that holds nothing of the server's and never outlives it.

- **Nothing inherited**: the processes are forked from a fork server
  (``multiprocessing``'s ``forkserver``, started before the first ruling with
  :data:`PRELOAD` imported) that was itself started as a new program with no descriptor
  but its own: a ruling holds no listening socket and no client's connection, so a
  client reading to the end of its answer waits for its own ruling only, and a ruling
  left running cannot keep the server's port.
- **Never outliving the server**: a ruling watches the pipe to the server on a thread of
  its own; when the server is gone (stopped, killed with ``kill -9``) the pipe ends and
  the ruling exits at once. The fork server leaves when the server does.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

PRELOAD = ["equity.app.workbench.case", "equity.dd.solve", "equity.app.first_use", "numpy"]
"""What the fork server imports for the rulings (not DDS itself: no DDS thread or memory
before a fork), with every module the faces import only on first use
(:mod:`equity.app.first_use`) and numpy, which a ruling loads only to read an auction:
each ruling is a process of its own, and would pay those imports again."""


class Stopped(Exception):
    """A ruling that did not answer: it ran past its time (``timeout``) or died."""

    def __init__(self, timeout: bool) -> None:
        super().__init__("timeout" if timeout else "died")
        self.timeout = timeout


def context() -> Any:
    """The fork server's context (spawn where the platform has none: also a new
    program)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    return ctx


def start_fork_server() -> None:
    """Start the fork server now (its imports off the first ruling's time)."""
    from equity.app.batch.workers import prestart

    prestart(context())


def _watch(conn: Connection) -> None:
    """Exit as soon as the server's end of the pipe is closed (the server is gone)."""
    try:
        while True:
            conn.recv_bytes()
    except (EOFError, OSError):
        os._exit(1)


def _child(conn: Connection, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    threading.Thread(target=_watch, args=(conn,), daemon=True).start()
    try:
        result: tuple[str, Any] = ("ok", fn(*args))
    except BaseException as e:  # reported to the server, never a traceback
        result = ("error", f"{type(e).__name__}: {e}")
    try:
        conn.send(result)
    finally:
        os._exit(0)


def run_limited(fn: Callable[..., Any], args: tuple[Any, ...], limit: float) -> Any:
    """``fn(*args)`` in a ruling process; its value, :class:`Stopped` after ``limit``
    seconds (the process is killed) or when it dies, RuntimeError with the text of an
    error it raised."""
    ctx = context()
    start_fork_server()  # at once when it runs; started again, as at first, when it died
    parent, child = ctx.Pipe(duplex=True)
    proc = ctx.Process(target=_child, args=(child, fn, args), daemon=True)
    try:
        proc.start()
        child.close()
        if not parent.poll(limit):
            raise Stopped(timeout=True)
        try:
            status, value = parent.recv()
        except (EOFError, OSError):
            raise Stopped(timeout=False) from None
        if status != "ok":
            raise RuntimeError(value)
        return value
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join(1)
        parent.close()




def rule(possibilities: list[Any], options: Any, unknown: int) -> Any:
    """A ruling process's work: the case's rulings on one DDS thread (rulings run side
    by side, one a core)."""
    from equity.app.workbench.case import rule_possibilities
    from equity.dd.solve import set_threads

    set_threads(1)
    return rule_possibilities(possibilities, options, unknown)


__all__ = ["PRELOAD", "Stopped", "context", "rule", "run_limited", "start_fork_server"]
