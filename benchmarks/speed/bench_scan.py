"""Screening throughput: ``equity scan``'s native path against a plain endplay loop.

Run: ``python -m pytest benchmarks/speed/bench_scan.py --benchmark-only``. Both screen the same
corpus (real boards from ../shared/data/external with one injected revoke each, made by
:mod:`benchmarks.corpus`) and must find every injected revoke. The endplay loop is what one
would write without equity: endplay's PBN parser, then ``Deal.play`` card by card with a
follow-suit check before each card. The endplay test prints the ratio of the two means.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from benchmarks.corpus import EXTERNAL, corpus, sources, write
from equity.app.scan import scan
from equity.render.tally import Counts

BOARDS = 2000
pytestmark = pytest.mark.skipif(not EXTERNAL.is_dir(), reason="../shared/data absent")
MEANS: dict[str, float] = {}


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bench") / "corpus.pbn"
    write(path, corpus(sources([EXTERNAL]), BOARDS, seed=1))
    return path


def native_scan(path: Path) -> int:
    tally = Counts()
    for _ in scan([path], tally):
        pass
    return tally.revokes


def endplay_scan(path: Path) -> int:
    from endplay.parsers import pbn

    revokes = 0
    with open(path, encoding="utf-8") as f:
        boards = pbn.load(f)
    for b in boards:
        assert b.contract is not None
        d = b.deal.copy()
        d.trump = b.contract.denom
        d.first = b.contract.declarer.lho
        for c in b.play:
            if d.curtrick:
                led = d.curtrick[0].suit
                if c.suit != led and len(d[d.curplayer][led]) > 0:
                    revokes += 1
            d.play(c)
    return revokes


def mean_of(benchmark: BenchmarkFixture) -> float:
    """The mean time of the benchmark just run."""
    assert benchmark.stats is not None
    mean: float = benchmark.stats.stats.mean
    return mean


def test_bench_native_scan(benchmark: BenchmarkFixture, corpus_file: Path) -> None:
    native_scan(corpus_file)  # warm up: imports, page cache
    assert benchmark(native_scan, corpus_file) == BOARDS
    MEANS["native"] = mean_of(benchmark)
    benchmark.extra_info["boards_per_second"] = BOARDS / MEANS["native"]


def test_bench_endplay_loop(benchmark: BenchmarkFixture, corpus_file: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    """Runs after the native benchmark and prints the ratio of the two means."""
    pedantic: Callable[..., Any] = benchmark.pedantic
    assert pedantic(endplay_scan, (corpus_file,), rounds=3, iterations=1) == BOARDS
    MEANS["endplay"] = mean = mean_of(benchmark)
    benchmark.extra_info["boards_per_second"] = BOARDS / mean
    if "native" in MEANS:
        ratio = mean / MEANS["native"]
        benchmark.extra_info["ratio_to_native"] = ratio
        with capsys.disabled():
            print(f"\nscan of {BOARDS} boards: native {MEANS['native'] * 1e3:.1f} ms "
                  f"({BOARDS / MEANS['native']:.0f} boards/s), endplay loop {mean * 1e3:.0f} ms "
                  f"({BOARDS / mean:.0f} boards/s): {ratio:.0f}x")
