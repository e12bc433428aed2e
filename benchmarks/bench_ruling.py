"""Benchmark: one ruling end to end on seed 001's board, and the share of time in DDS.

Run: ``cd /work/main && PYTHONPATH=. python -m pytest benchmarks/bench_ruling.py
--benchmark-only -q`` (``-s`` to see the DDS share printed).

End to end = read the bundled PBN example, replay it, Laws 61-64A/B, build the Law 64C
lines (one ``solve_cards`` at the revoke, one ``solve_positions`` for the table line),
compare, and render the JSON. The DDS share is the time spent inside the two solver
calls (timed by a wrapping :class:`~equity.core.lines.Solver`) over the whole
ruling; it is stored in the benchmark's ``extra_info``. endplay is imported once before
timing (its import costs about half a second and would otherwise land in round one).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from importlib import resources
from typing import Any

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.board import Board
from equity.core.cards import Card, Side
from equity.core.position import Position
from equity.core.ruling import Policy
from equity.dd import DdsSolver
from equity.formats import read_boards
from equity.render.jsonout import equity_json


class TimedSolver:
    """The real solver, timing every call."""

    def __init__(self) -> None:
        self.inner = DdsSolver()
        self.seconds = 0.0
        self.calls = 0

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]:
        t0 = time.perf_counter()
        try:
            return self.inner.solve_cards(position, side)
        finally:
            self.seconds += time.perf_counter() - t0
            self.calls += 1

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]:
        t0 = time.perf_counter()
        try:
            return self.inner.solve_positions(positions, side)
        finally:
            self.seconds += time.perf_counter() - t0
            self.calls += 1


def seed001_board() -> Board:
    with resources.as_file(resources.files("equity") / "examples" /
                           "3nt_east_diamond_revoke.pbn") as path:
        (item,) = list(read_boards(path))
    assert isinstance(item, Board)
    return item


def rule_once(board: Board, solver: TimedSolver) -> dict[str, Any]:
    return equity_json(rule_board(board, RulingOptions(policy=Policy.WEIGHTED),
                                  solver=solver))


def test_ruling_end_to_end_seed001(benchmark: Any) -> None:
    board = seed001_board()
    rule_once(board, TimedSolver())  # warm up: endplay import, DDS tables
    solver = TimedSolver()
    wall = 0.0
    runs = 0

    def run() -> dict[str, Any]:
        nonlocal wall, runs
        t0 = time.perf_counter()
        out = rule_once(board, solver)
        wall += time.perf_counter() - t0
        runs += 1
        return out

    out = benchmark(run)
    assert out["ruling"]["basis"] == "64C"
    share = solver.seconds / wall if wall else 0.0
    benchmark.extra_info["dds_share"] = round(share, 3)
    benchmark.extra_info["dds_calls_per_ruling"] = solver.calls / max(1, runs)
    print(f"\nDDS share of the ruling's time: {share:.1%} ({solver.calls / max(1, runs):g} "
          f"solver calls a ruling, {runs} rulings, {wall / max(1, runs) * 1e3:.2f} ms each)")
