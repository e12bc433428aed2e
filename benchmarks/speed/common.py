"""What the benchmark files share: the corpus, one timed run, a ratio reported.

The machine is shared, so every goal is a ratio of two timings taken side by side in
one test; :func:`report` prints it (``-s``) and stores it in the benchmark's
``extra_info`` (``--benchmark-json FILE`` keeps it).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from benchmarks.corpus import EXTERNAL
from equity.app.options import RulingOptions

BOARDS = int(os.environ.get("EQUITY_BENCH_BOARDS", "1000"))
"""Corpus size (``EQUITY_BENCH_BOARDS``; the recorded figures use 1,000)."""
needs_data = pytest.mark.skipif(not EXTERNAL.is_dir(),
                                reason=f"no real records at {EXTERNAL} (EQUITY_EXTERNAL)")


def timed(fn: Callable[[], Any]) -> float:
    """Wall time of ``fn()`` in seconds."""
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def once(benchmark: BenchmarkFixture, fn: Callable[[], Any]) -> float:
    """``fn`` run once under the benchmark fixture (its figure in the table); its wall
    time. Long runs are timed once: a round costs tens of seconds of a shared machine."""
    pedantic: Callable[..., Any] = benchmark.pedantic
    seconds: float = pedantic(lambda: timed(fn), rounds=1, iterations=1)
    return seconds


def report(benchmark: BenchmarkFixture, name: str, ratio: float, **info: float) -> None:
    """Print and store a ratio and the timings it comes from."""
    benchmark.extra_info.update({name: round(ratio, 3),
                                 **{k: round(v, 3) for k, v in info.items()}})
    print(f"\n{name} = {ratio:.3f}  " + "  ".join(f"{k}={v:.2f}" for k, v in info.items()))


def fresh(tmp: Path, stem: str) -> Path:
    """An output file name not used before (a batch resumes an existing output)."""
    return tmp / f"{stem}-{time.monotonic_ns()}.jsonl"


OPTIONS = RulingOptions()
"""The batch machinery against DDS and the naive script, with the default estimate (the
decision model, issue 21: a ruling costs a median of some 170 positions on the corpus)."""
OPTION_ARGS: list[str] = []
