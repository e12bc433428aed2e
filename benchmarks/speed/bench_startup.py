"""Start-up: what a command costs before it does anything, against the interpreter alone.

Run: ``PYTHONPATH=. python -m pytest benchmarks/speed/bench_startup.py --benchmark-only -s``.
Each command is run as a fresh process several times and its fastest run is kept (the
machine is shared; the minimum is the steadiest figure of a start-up). Goal: ``equity
rule --example`` within 0.25 s of the bare interpreter plus the ruling itself (3 ms).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from pytest_benchmark.fixture import BenchmarkFixture

from benchmarks.speed.common import once, report

ROOT = Path(__file__).resolve().parents[2]
RUNS = 7


def fastest(*args: str) -> float:
    """The fastest of :data:`RUNS` wall times of ``python ARGS`` (seconds)."""
    best = float("inf")
    for _ in range(RUNS):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, *args], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - t0)
    return best


def test_startup(benchmark: BenchmarkFixture) -> None:
    """``equity rule --example`` (loads DDS's binding, rules, solves) and ``equity
    --help`` over the bare interpreter; ``import endplay`` (what loading DDS cost before)
    and a batch worker's imports beside them."""
    bare = fastest("-c", "pass")
    endplay = fastest("-c", "import endplay")
    binding = fastest("-c", "from equity.dd.session import session; session()")
    worker = fastest("-c", "import equity.app.batch.workers; "
                           "from equity.dd.session import session; session()")
    help_ = fastest("-m", "equity.app.cli", "--help")
    rules: list[float] = []
    once(benchmark, lambda: rules.append(fastest("-m", "equity.app.cli", "rule", "--example")))
    rule = rules[0]
    report(benchmark, "rule_example_beyond_python_s", rule - bare, python_s=bare,
           rule_example_s=rule, help_s=help_, import_endplay_s=endplay,
           dds_session_s=binding, worker_imports_s=worker)


FIRST_ANSWER = """
import sys, time
from equity.app.batch.workers import Slot, context, prestart
from equity.app.options import RulingOptions
from equity.core.game import Board
from equity.formats import read_boards
import multiprocessing

boards = [b for b in read_boards(sys.argv[1]) if isinstance(b, Board)]
ctx = context() if sys.argv[2] == "forkserver" else multiprocessing.get_context("spawn")
times = []
t0 = time.perf_counter()
prestart(ctx)
for _ in range(4):  # the first worker, then restarted ones
    t = time.perf_counter()
    # the smallest estimate: the start-up, not the single-dummy estimate, is measured
    slot = Slot(ctx, (RulingOptions(samples=4), 1, 60.0, None))
    slot.send(boards)
    assert slot.conn.recv()[0] == "done"
    times.append(time.perf_counter() - t)
    slot.stop()
print(times[0], min(times[1:]))
"""


def first_answer(method: str) -> tuple[float, float]:
    """Seconds from a task's submission to a worker's answer (one board of the bundled
    example): for the run's first worker (the fork server starting then) and the fastest
    later one (a restarted worker)."""
    example = ROOT / "equity" / "examples" / "3nt_east_diamond_revoke.pbn"
    out = subprocess.run([sys.executable, "-c", FIRST_ANSWER, str(example), method],
                         cwd=ROOT, check=True, capture_output=True, text=True)
    first, later = map(float, out.stdout.split())
    return first, later


def test_worker_first_answer(benchmark: BenchmarkFixture) -> None:
    """A batch worker from the preloaded fork server against a spawned one (the way
    workers started before): time from the task's submission to its answer. Goal 0.2 s."""
    spawn = first_answer("spawn")
    got: list[tuple[float, float]] = []
    once(benchmark, lambda: got.append(first_answer("forkserver")))
    first, later = got[0]
    report(benchmark, "worker_first_answer_s", later, first_worker_s=first,
           spawned_first_s=spawn[0], spawned_later_s=spawn[1])
