"""``equity batch``: full rulings at speed. Every figure is a ratio of two timings taken
side by side in one test (the machine is shared: absolute times drift, ratios less).

Run: ``python -m pytest benchmarks/bench_batch.py --benchmark-only -s`` (``-s`` shows the
ratios; they are also stored in each benchmark's ``extra_info``). The corpus (1,000 real
boards with one injected revoke each, :mod:`benchmarks.corpus`, seed 1) is written to a
temporary directory. See benchmarks/README.md for what each figure means.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from benchmarks.corpus import EXTERNAL, corpus, sources, write
from equity.app.batch import dds_solver, rule_boards, run_batch
from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.board import Board
from equity.core.cards import Card, Side, Suit
from equity.core.position import Position
from equity.dd import solve
from equity.formats import read_boards
from equity.render.text import equity_json

BOARDS = 1000
MEMORY_BOARDS = (1000, 10000)
pytestmark = pytest.mark.skipif(not EXTERNAL.is_dir(), reason="../shared/data absent")


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bench-batch") / "corpus.pbn"
    write(path, corpus(sources([EXTERNAL]), BOARDS, seed=1))
    return path


def timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def report(benchmark: BenchmarkFixture, name: str, ratio: float, **info: float) -> None:
    benchmark.extra_info.update({name: round(ratio, 3), **{k: round(v, 3)
                                                           for k, v in info.items()}})
    print(f"\n{name} = {ratio:.3f}  " + "  ".join(f"{k}={v:.2f}" for k, v in info.items()))


# --- 1. Batch rulings against DDS alone on the same positions ------------------------------


def test_batch_total_over_dds_alone(benchmark: BenchmarkFixture, corpus_file: Path,
                                    tmp_path: Path) -> None:
    """The whole batch (screen, read, rule, solve, write) in one process with DDS's
    threads, over ``SolveAllBoards`` alone on the very chunks the batch sent (packed
    beforehand): what the batch adds on top of DDS. Goal <= 1.15."""
    chunks: list[list[tuple[Position, bool]]] = []
    import equity.app.batch as batch

    real = batch.dds_solver
    batch.dds_solver = lambda limit=None, record=None: real(limit, chunks)  # type: ignore[assignment]
    try:
        # warm up
        run_batch([corpus_file], RulingOptions(), tmp_path / "warm.jsonl", time_limit=None)
        chunks.clear()
        total = benchmark.pedantic(lambda: timed(lambda: run_batch(
            [corpus_file], RulingOptions(), tmp_path / f"{time.time()}.jsonl", time_limit=None)),
            rounds=1, iterations=1)
    finally:
        batch.dds_solver = real
    packed = [solve.pack_chunk([p for p, _ in c], [e for _, e in c]) for c in chunks]
    dds = timed(lambda: [solve.run_packed(b) for b in packed])
    jobs2 = timed(lambda: run_batch([corpus_file], RulingOptions(), tmp_path / "j2.jsonl", jobs=2))
    report(benchmark, "batch_over_dds", total / dds, batch_s=total, dds_alone_s=dds,
           positions=sum(map(len, chunks)), chunks=len(chunks), jobs2_s=jobs2,
           jobs2_over_dds=jobs2 / dds)


# --- 2. Both cores against one --------------------------------------------------------------


def one_core(path: Path, out: Path) -> None:
    """DDS limited to one thread, one process."""
    solve.set_threads(1)
    try:
        run_batch([path], RulingOptions(), out, jobs=1, time_limit=None)
    finally:
        solve.set_threads(0)


def test_both_cores_against_one(benchmark: BenchmarkFixture, corpus_file: Path,
                                tmp_path: Path) -> None:
    """``--jobs 2`` (two worker processes, one DDS thread each, default time limit) over
    one process with one DDS thread; also one process with DDS's two threads. Goal >= 1.7."""
    one = timed(lambda: one_core(corpus_file, tmp_path / "one.jsonl"))
    threads = timed(lambda: run_batch([corpus_file], RulingOptions(), tmp_path / "threads.jsonl",
                                      time_limit=None))
    two = benchmark.pedantic(lambda: timed(lambda: run_batch(
        [corpus_file], RulingOptions(), tmp_path / f"two{time.time()}.jsonl", jobs=2)),
        rounds=1, iterations=1)
    report(benchmark, "two_cores_over_one", one / two, one_core_s=one, jobs2_s=two,
           dds_threads_only_speedup=one / threads)


# --- 3. Batch against the naive loop --------------------------------------------------------


class NaiveSolver:
    """What a user would write: endplay's ``solve_board`` for each position, one at a
    time (all cards scored where the lines need every card's value)."""

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]:
        from endplay.dds.solve import SolveMode, solve_board

        solve.validate(position)
        out = {}
        for card, score in solve_board(solve._to_deal(position), SolveMode.Default):
            tricks = score if position.to_play.side == side else position.tricks_left - score
            out[Card(Suit(int(card.suit)), int(card.rank).bit_length() - 1)] = tricks
        return out

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]:
        from endplay.dds.solve import SolveMode, solve_board

        out = []
        for p in positions:
            solve.validate(p)
            best = max(s for _, s in solve_board(solve._to_deal(p), SolveMode.OptimalOne))
            out.append(best if p.to_play.side == side else p.tricks_left - best)
        return out


def naive_loop(path: Path) -> list[dict[str, Any]]:
    solver = NaiveSolver()
    out = []
    for b in read_boards(path):
        if isinstance(b, Board):
            out.append(equity_json(rule_board(b, solver=solver)))
    return out


def test_batch_against_the_naive_loop(benchmark: BenchmarkFixture, corpus_file: Path,
                                      tmp_path: Path) -> None:
    """``--jobs 2`` over a loop that rules board after board with one ``solve_board`` per
    position. Both give the same rulings (checked on a slice). Goal >= 2."""
    boards = [b for b in read_boards(corpus_file) if isinstance(b, Board)][:20]
    got = rule_boards(boards, RulingOptions(), dds_solver())
    naive = [equity_json(rule_board(b, solver=NaiveSolver())) for b in boards]
    import json

    assert [json.loads(g) for g in got] == [{**n, "key": f"{b.source}#{b.index}"}
                                             for n, b in zip(naive, boards, strict=True)]
    loop = timed(lambda: naive_loop(corpus_file))
    batch = benchmark.pedantic(lambda: timed(lambda: run_batch(
        [corpus_file], RulingOptions(), tmp_path / f"b{time.time()}.jsonl", jobs=2)),
        rounds=1, iterations=1)
    report(benchmark, "batch_over_naive", loop / batch, naive_s=loop, batch_jobs2_s=batch)


# --- 4. Peak memory for ten times the boards ------------------------------------------------


PEAK = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_rss_mb(path: Path, out: Path) -> float:
    """Peak resident memory (MB) of ``equity batch --jobs 2`` and its workers (the largest
    process), measured by a fresh parent so that nothing else is counted."""
    cmd = [sys.executable, "-c", PEAK, sys.executable, "-m", "equity.app.cli", "batch",
           str(path), "--jobs", "2", "--out", str(out)]
    res = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return int(res.stdout.split()[-1]) / 1024


def test_peak_memory_for_ten_times_the_boards(benchmark: BenchmarkFixture,
                                              tmp_path: Path) -> None:
    """Peak RSS on 10,000 boards over 1,000 boards: flat (goal: under 500 MB)."""
    small, big = MEMORY_BOARDS
    srcs = sources([EXTERNAL])
    paths = []
    for n in MEMORY_BOARDS:
        p = tmp_path / f"c{n}.pbn"
        write(p, corpus(srcs, n, seed=2))
        paths.append(p)
    few = peak_rss_mb(paths[0], tmp_path / "few.jsonl")
    many = benchmark.pedantic(lambda: peak_rss_mb(paths[1], tmp_path / "many.jsonl"),
                              rounds=1, iterations=1)
    report(benchmark, "peak_rss_ratio", many / few, rss_small_mb=few, rss_big_mb=many,
           boards_small=small, boards_big=big)
    assert many < 500
