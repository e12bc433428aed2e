"""Start-up: what a command costs before it does anything, against the interpreter alone.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_startup.py --benchmark-only -s``.
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

from benchmarks.common import once, report

ROOT = Path(__file__).resolve().parents[1]
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
