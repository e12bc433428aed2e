"""Benchmark: one ruling end to end on seed 001's board, its DDS work (positions,
decisions, layouts) and the share of time in DDS, and the cost of one decision.

Run: ``cd /work/main && PYTHONPATH=. python -m pytest benchmarks/speed/bench_ruling.py
--benchmark-only -q -s`` (``-s`` to see the figures printed).

End to end = read the bundled PBN example, replay it, Laws 61-64A/B, build the Law 64C
lines with the default options (the decision model, the table line kept in its
situations, the outcome tree, the substitution lines), compare, and render the JSON. The
DDS share is the time spent inside the solver's calls (timed by a wrapping solver) over
the whole ruling; it is stored in the benchmark's ``extra_info`` with the ruling's
``stats``. endplay is imported once before timing.

One decision = declarer's lead to trick 6 in seed 001's corrected play (the ♦10 has
fallen under the jack), asked of a fresh decision model each time (a model remembers its
decisions): its layouts sampled adaptively and each valued for all his cards.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib import resources
from typing import Any

from equity.app.options import RulingOptions
from equity.app.pipeline import rule_automatic, rule_board
from equity.core.adjust import Policy
from equity.core.game import Board, Card, Position, Side, solved
from equity.core.player import Decision, DecisionModel, Knowledge, Start
from equity.dd import DdsSolver
from equity.formats import read_boards
from equity.render.jsonout import board_json


class TimedSolver:
    """The real solver, timing every call."""

    def __init__(self) -> None:
        self.inner = DdsSolver()
        self.seconds = 0.0
        self.calls = 0
        self.positions = 0

    @contextmanager
    def _timed(self, positions: int = 0) -> Iterator[None]:
        """One call to the solver, its time and positions counted."""
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.seconds += time.perf_counter() - t0
            self.calls += 1
            self.positions += positions

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]:
        with self._timed():
            return self.inner.solve_cards(position, side)

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]:
        with self._timed(len(positions)):
            return self.inner.solve_positions(positions, side)

    def card_values(self, positions: Sequence[Position], side: Side
                    ) -> list[dict[Card, int]]:
        with self._timed(len(positions)):
            return self.inner.card_values(positions, side)


def seed001_board() -> Board:
    with resources.as_file(resources.files("equity") / "examples" /
                           "3nt_east_diamond_revoke.pbn") as path:
        (item,) = list(read_boards(path))
    assert isinstance(item, Board)
    return item


def rule_once(board: Board, solver: TimedSolver) -> dict[str, Any]:
    return board_json(rule_board(board, RulingOptions(policy=Policy.WEIGHTED),
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

    out = benchmark.pedantic(run, rounds=5, iterations=1)
    assert out["ruling"]["basis"] == "64C"
    benchmark.extra_info.update(out["stats"])
    share = solver.seconds / wall if wall else 0.0
    benchmark.extra_info["dds_share"] = round(share, 3)
    benchmark.extra_info["dds_calls_per_ruling"] = solver.calls / max(1, runs)
    benchmark.extra_info["positions_per_ruling"] = solver.positions / max(1, runs)
    print(f"\nDDS share of the ruling's time: {share:.1%} ({solver.calls / max(1, runs):g} "
          f"solver calls and {solver.positions / max(1, runs):g} positions a ruling, "
          f"{runs} rulings, {wall / max(1, runs) * 1e3:.0f} ms each)")


def test_one_single_dummy_decision_seed001(benchmark: Any) -> None:
    board = seed001_board()
    auto = rule_automatic(board)
    rev = auto.revokes[0].revoke
    rp = auto.replay
    run = Start.at(rp, rev.trick, rp.index_of(rev.trick, rev.seat)).run()
    # North follows with the ♦10 (his only diamond): East wins and leads to trick 6
    run.play(Card.parse("DT"))
    knowledge = Knowledge.at(run.pos, rp.contract.declarer, run.voids)
    solver = TimedSolver()
    solved(DecisionModel().decide(knowledge), solver)  # warm up

    def decide() -> Decision:
        return solved(DecisionModel().decide(knowledge), solver)

    got = benchmark(decide)
    benchmark.extra_info.update(how=got.how, layouts=got.layouts)
    print(f"\none decision ({got.how}): {got.layouts} layouts, {len(got.means)} cards "
          "valued in each")
