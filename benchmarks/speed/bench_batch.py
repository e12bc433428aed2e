"""``equity batch``: full rulings at speed, as ratios of timings taken side by side.

Run: ``EQUITY_EXTERNAL=... PYTHONPATH=. python -m pytest benchmarks/speed/bench_batch.py
--benchmark-only -s`` (``-s`` shows the ratios; they are also stored in each benchmark's
``extra_info``). The corpus (``EQUITY_BENCH_BOARDS`` real boards, 1,000 by default, one
injected revoke each, :mod:`benchmarks.corpus`, seed 1) is written to a temporary
directory. See benchmarks/README.md for what each figure means.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import equity.app.batch.run as batch_run
from benchmarks.corpus import EXTERNAL, corpus, sources, write
from benchmarks.speed.common import (
    BOARDS,
    OPTION_ARGS,
    OPTIONS,
    fresh,
    needs_data,
    once,
    report,
    timed,
)
from benchmarks.speed.naive import naive_script, rule_one
from equity.app.batch import dds_solver, rule_boards, run_batch
from equity.core.game import Board, Position
from equity.dd.session import session
from equity.formats import read_boards

pytestmark = needs_data



@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bench-batch") / "corpus.pbn"
    write(path, corpus(sources([EXTERNAL]), BOARDS, seed=1))
    return path


def batch(path: Path, out: Path, jobs: int) -> None:
    """``equity batch`` as the command runs it: in one process for ``jobs=1`` (DDS's own
    thread count), else ``jobs`` workers with one DDS thread each and the time limit."""
    if jobs == 1:
        run_batch([path], OPTIONS, out, jobs=1, time_limit=None)
    else:
        run_batch([path], OPTIONS, out, jobs=jobs)


def one_thread(path: Path, out: Path) -> None:
    """One process, DDS limited to one thread: one core's worth."""
    session().set_threads(1)
    try:
        batch(path, out, 1)
    finally:
        session().set_threads(0)


# --- 1. Batch against the naive analyst script ---------------------------------------------


def test_batch_against_the_naive_script(benchmark: BenchmarkFixture, corpus_file: Path,
                                        tmp_path: Path) -> None:
    """``--jobs 2`` over the naive script (:mod:`benchmarks.speed.naive`) run sequentially and
    on ``Pool(2)``; also one process each way. Same rulings (checked on a slice).
    Goal: batch >= 2x the ``Pool(2)`` script."""
    boards = [b for b in read_boards(corpus_file) if isinstance(b, Board)][:20]
    got = [json.loads(x) for x in rule_boards(boards, OPTIONS, dds_solver())]
    assert got == [{**rule_one(b), "key": f"{b.source}#{b.index}"} for b in boards]
    sequential = timed(lambda: naive_script(corpus_file, 1))
    pool = timed(lambda: naive_script(corpus_file, 2))
    jobs1 = timed(lambda: batch(corpus_file, fresh(tmp_path, "j1"), 1))
    jobs2 = once(benchmark, lambda: batch(corpus_file, fresh(tmp_path, "j2"), 2))
    report(benchmark, "batch_over_naive_pool", pool / jobs2, naive_sequential_s=sequential,
           naive_pool2_s=pool, batch_jobs1_s=jobs1, batch_jobs2_s=jobs2,
           jobs1_over_naive_sequential=sequential / jobs1)


# --- 2. Batch against the DDS time of its own positions ------------------------------------


def test_batch_over_dds_alone(benchmark: BenchmarkFixture, corpus_file: Path,
                              tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole batch run in one process (screen, read, rule, solve, write; DDS with its
    own thread count) over DDS alone on exactly the batches the run sent it (recorded,
    packed beforehand, solved again with the same thread count). Goal <= 1.15."""
    chunks: list[list[tuple[Position, int]]] = []
    monkeypatch.setattr(batch_run, "dds_solver", lambda limit=None: dds_solver(limit, chunks))
    batch(corpus_file, fresh(tmp_path, "warm"), 1)  # warm up: imports, DDS memory
    chunks.clear()
    total = once(benchmark, lambda: batch(corpus_file, fresh(tmp_path, "b"), 1))
    s = session()
    packed = [s.pack([p for p, _ in c], [e for _, e in c]) for c in chunks]
    dds = timed(lambda: [s.run(b) for b in packed])
    report(benchmark, "batch_over_dds", total / dds, batch_s=total, dds_alone_s=dds,
           positions=sum(map(len, chunks)), batches=len(chunks))


# --- 3. Both cores against one --------------------------------------------------------------


def test_two_jobs_against_one(benchmark: BenchmarkFixture, corpus_file: Path,
                              tmp_path: Path) -> None:
    """``--jobs 2`` (two workers, one DDS thread each) over one process with one DDS
    thread; also one process with DDS's own threads. Goal >= 1.8."""
    one = timed(lambda: one_thread(corpus_file, fresh(tmp_path, "one")))
    threads = timed(lambda: batch(corpus_file, fresh(tmp_path, "threads"), 1))
    two = once(benchmark, lambda: batch(corpus_file, fresh(tmp_path, "two"), 2))
    report(benchmark, "jobs2_over_one_core", one / two, one_core_s=one, jobs1_dds_threads_s=threads,
           jobs2_s=two, jobs1_dds_threads_over_one_core=one / threads)


# --- 4. Ten times the boards: time linear, memory flat ---------------------------------------


def tree(root: int) -> set[int]:
    """``root`` and every live process descended from it (the fork server and its workers
    are grandchildren of the batch process)."""
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                stat = (entry / "stat").read_text()
                parent[int(entry.name)] = int(stat[stat.rindex(")") + 2:].split()[1])
    out, grew = {root}, True
    while grew:
        more = {pid for pid, pp in parent.items() if pp in out} - out
        grew = bool(more)
        out |= more
    return out


def high_water_mb(pid: int) -> float | None:
    """A process's peak resident memory so far (``VmHWM``), in MB."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return None


def run_watched(path: Path, out: Path) -> tuple[float, float, float]:
    """``equity batch --jobs 2`` as a command: its wall time, and the peak resident memory
    of the main process and of the largest worker (MB; every process of its tree read
    every 20 ms, ``VmHWM`` being a high-water mark)."""
    cmd = [sys.executable, "-m", "equity.app.cli", "batch", str(path), "--jobs", "2",
           *OPTION_ARGS, "--out", str(out)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peaks: dict[int, float] = {}
    while proc.poll() is None:
        for pid in tree(proc.pid):
            mb = high_water_mb(pid)
            if mb is not None:
                peaks[pid] = max(peaks.get(pid, 0.0), mb)
        time.sleep(0.02)
    seconds = time.perf_counter() - t0
    assert proc.returncode == 0
    main = peaks.pop(proc.pid, 0.0)
    return seconds, main, max(peaks.values(), default=0.0)


def test_ten_times_the_boards(benchmark: BenchmarkFixture, tmp_path: Path) -> None:
    """``--jobs 2`` on ten times the boards: time per board (goal: linear, ratio ~1) and
    peak memory of the main process and of a worker (goal: flat, under 300 MB)."""
    srcs = sources([EXTERNAL])
    paths = []
    for n in (BOARDS, 10 * BOARDS):
        p = tmp_path / f"c{n}.pbn"
        write(p, corpus(srcs, n, seed=2))
        paths.append(p)
    few = run_watched(paths[0], tmp_path / "few.jsonl")
    big: list[tuple[float, float, float]] = []
    once(benchmark, lambda: big.append(run_watched(paths[1], tmp_path / "many.jsonl")))
    many = big[0]
    report(benchmark, "time_per_board_ratio", many[0] / (10 * few[0]), small_s=few[0],
           big_s=many[0], rss_main_small_mb=few[1], rss_main_big_mb=many[1],
           rss_worker_small_mb=few[2], rss_worker_big_mb=many[2],
           rss_worker_ratio=many[2] / few[2])
    assert max(many[1:]) < 300
