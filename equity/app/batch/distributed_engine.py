"""The ruling tasks on a Dask distributed cluster: ``equity batch --scheduler ADDRESS``.

The same tasks as the local workers run (a chunk of boards, its DDS work batched by
:func:`~equity.app.batch.rounds.rule_boards`), each a Dask task; their lines come back as
the tasks complete and go into the same resumable output. A worker that dies takes its
tasks with it: the scheduler runs them again on another worker, so nothing is lost. A
task that keeps killing its workers (Dask's ``KilledWorker``) or overruns the time limit
is retried board by board, as locally, and a board that fails alone is an error line.

Every worker needs equity (with the same version) and its DDS installed: the tasks are
sent as references to this module's functions, the boards and options pickled.
(The module is not called ``dask`` so as not to shadow the package.)
"""


from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from equity.app.batch.retry import Emit, Summary, retry_or_report
from equity.app.batch.rounds import Overrun, dds_solver, rule_boards
from equity.app.options import RulingOptions
from equity.core.game import Board, UsageError
from equity.dd import solve

log = logging.getLogger("equity.batch")

_DDS = threading.Lock()
"""DDS is not reentrant: one task at a time in a worker process uses it."""
_threads: list[int] = []


def _worker_threads() -> int:
    """The worker's own thread count (its DDS threads, the tasks being serialised)."""
    try:
        from distributed import get_worker

        return max(1, int(get_worker().state.nthreads))
    except Exception:  # not in a worker (tests call the task directly)
        return 1


def _worker_address() -> str | None:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except Exception:
        return None


def rule_task(boards: Sequence[Board], options: RulingOptions,
              limit: float | None) -> tuple[str, Any, str | None]:
    """A Dask task: ``("done", lines, worker)`` or ``("overrun", message, worker)``."""
    with _DDS:
        for t in threading.enumerate():  # a DDS call left running by an earlier overrun
            if t.name == "dds" and t.is_alive():
                t.join()
        if not _threads:
            _threads.append(_worker_threads())
            solve.set_threads(_threads[0])
        try:
            return "done", rule_boards(boards, options, dds_solver(limit)), _worker_address()
        except Overrun as e:
            return "overrun", str(e), _worker_address()



def run_on_cluster(address: str, tasks: Iterator[list[Board]], options: RulingOptions,
                   emit: Emit, limit: float | None, summary: Summary) -> None:
    """Rule ``tasks`` on the Dask cluster whose scheduler is at ``address``, ``emit``-ting
    each task's lines as it completes (a few tasks per worker thread in flight)."""
    try:
        import distributed
    except ImportError:
        raise UsageError("batch: --scheduler needs Dask: pip install 'equity[dask]'") from None
    dask: Any = distributed  # untyped
    try:
        client = dask.Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as e:
        raise UsageError(f"batch: cannot reach the Dask scheduler at {address}: {e}") from None
    with client:
        _run(client, tasks, options, emit, limit, summary)


def _run(client: Any, tasks: Iterator[list[Board]], options: RulingOptions, emit: Emit,
         limit: float | None, summary: Summary) -> None:
    import distributed

    dask: Any = distributed  # untyped
    window = max(2, 2 * sum(client.nthreads().values()))
    retry: deque[list[Board]] = deque()
    running: dict[Any, list[Board]] = {}
    done = dask.as_completed()

    def fill() -> None:
        while len(running) < window:
            task = retry.popleft() if retry else next(tasks, None)
            if task is None:
                return
            f = client.submit(rule_task, task, options, limit, pure=False)
            running[f] = task
            done.add(f)

    try:
        fill()
        while running:
            f = next(done)
            task = running.pop(f)
            try:
                kind, payload, worker = f.result()
            except Exception as e:  # KilledWorker, or a task that failed on the worker
                kind, payload, worker = "died", f"the worker stopped ({type(e).__name__})", None
            f.release()
            if kind == "done":
                emit(payload, len(task))
            else:
                if kind == "overrun" and worker is not None:
                    _restart(client, worker)
                retry_or_report(task, str(payload), emit, retry, summary)
            fill()
    finally:
        for f in running:
            f.cancel()


def _restart(client: Any, worker: str) -> None:
    """Restart the worker whose DDS call overran (it still runs): by its nanny, when it
    has one; else the worker waits for the call before its next task."""
    try:
        client.restart_workers([worker], raise_for_error=False)
    except Exception as e:
        log.warning("could not restart the Dask worker %s after an overrun: %s", worker, e)


