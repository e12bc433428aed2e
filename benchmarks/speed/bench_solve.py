"""Throughput of the solver stage (pytest-benchmark).

Run: ``PYTHONPATH=. python -m pytest benchmarks/speed/bench_solve.py --benchmark-only``.
Uses DDS's own test hands (positions after every card of each recorded play) when they
are present, else random 5-card endings.
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from benchmarks.corpus import EXTERNAL
from equity.core.game import Position, Side
from equity.dd.solve import set_threads, solve_cards, solve_positions
from tests.builders import random_ending
from tests.dd.dds_files import read_dds_file, trace_positions

DDS_HANDS = EXTERNAL / "dds-hands"


def mid_hand_positions() -> list[Position]:
    """Positions from the middle of real play (at most 9 tricks left), or random endings."""
    path = DDS_HANDS / "list100.txt"
    if path.is_file():
        out = [p for h in read_dds_file(path) for p, _ in trace_positions(h)]
        return [p for p in out if p.tricks_left <= 9]
    rng = random.Random(1)
    return [random_ending(rng, 5) for _ in range(1000)]


POSITIONS = mid_hand_positions()


@pytest.mark.parametrize("threads", [0, 1])
def test_bench_solve_positions_batched(benchmark: BenchmarkFixture, threads: int) -> None:
    set_threads(threads)
    try:
        result = benchmark(solve_positions, POSITIONS, Side.NS)
    finally:
        set_threads(0)
    assert len(result) == len(POSITIONS)


def test_bench_solve_positions_one_by_one(benchmark: BenchmarkFixture) -> None:
    ps = POSITIONS[:500]
    benchmark(lambda: [solve_positions([p], Side.NS)[0] for p in ps])


def test_bench_solve_cards(benchmark: BenchmarkFixture) -> None:
    ps = POSITIONS[:300]
    benchmark(lambda: [solve_cards(p, Side.NS) for p in ps])
