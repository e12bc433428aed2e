"""DDS alone under each build's hand-out to its thread slots: the batches a ruling asked,
replayed (issue 49).

Record (this build rules a corpus by ``equity rule`` and by ``equity batch`` in one
process, and keeps every DDS batch, its deals in the order given)::

    PYTHONPATH=. python -m benchmarks.speed.dds_replay record --corpus CORPUS.pbn --out B.json

Replay (each build in a process of its own, in turn and in reverse turn, ``--pairs``
times; every batch goes through the build's own ``DdsSession.run``, with the deals' keys
where the build takes them)::

    PYTHONPATH=. python -m benchmarks.speed.dds_replay replay B.json --old CHECKOUT

What is printed, per build: DDS's nodes (the work, which no load moves), the thread CPU of
every ``SolveBoard`` call summed, the wall time of the batches summed; then the paired
ratios (this build over the other), median and range. Python around DDS is left out: the
same batches, the same deals, only the hand-out differs.
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

from benchmarks.speed.dds_breakdown import fill_deal

ROOT = Path(__file__).resolve().parents[2]


def record(corpus: str, out: str) -> None:
    """Rule ``corpus`` (``rule``, then ``batch`` with one job) and write every DDS batch."""
    import importlib

    from equity.app.cli import main

    session = importlib.import_module("equity.dd.session")
    batches: list[list[list[Any]]] = []
    inner = session.DdsSession.run

    def run(self: Any, bop: Any, *keys: Any) -> Any:
        deals = []
        for i in range(int(bop.noOfBoards)):
            d = bop.deals[i]
            deals.append([int(d.trump), int(d.first), list(d.currentTrickSuit),
                          list(d.currentTrickRank),
                          [list(d.remainCards[h]) for h in range(4)],
                          int(bop.solutions[i]), int(bop.target[i])])
        batches.append(deals)
        return inner(self, bop, *keys)

    setattr(session.DdsSession, "run", run)  # noqa: B010
    with tempfile.TemporaryDirectory() as tmp, redirect_stdout(io.StringIO()), \
            redirect_stderr(io.StringIO()):
        main(["rule", corpus, "--json"])
        main(["batch", corpus, "--jobs", "1", "--time-limit", "0", "--out",
              f"{tmp}/out.jsonl"])
    Path(out).write_text(json.dumps(batches))
    print(f"{len(batches)} batches, {sum(len(b) for b in batches)} positions -> {out}")


def probe(tree: str, batches_file: str, out: str) -> None:
    """Replay the batches with the build at ``tree``; write its totals to ``out``."""
    sys.path.insert(0, tree)
    import importlib

    binding = importlib.import_module("equity.dd.binding")
    session = importlib.import_module("equity.dd.session").session()
    batches = json.loads(Path(batches_file).read_text())
    takes_keys = "keys" in inspect.signature(session.run).parameters
    inner = binding.solve_board
    totals = {"nodes": 0, "cpu": 0.0, "wall": 0.0, "solves": 0}
    adding = threading.Lock()  # the slots' threads add to the totals

    def solve_board(bop: Any, i: int, solved: Any, thread: int) -> None:
        c = time.thread_time()
        inner(bop, i, solved, thread)
        c = time.thread_time() - c
        with adding:
            totals["cpu"] += c
            totals["nodes"] += int(solved.solvedBoard[i].nodes)
            totals["solves"] += 1

    setattr(binding, "solve_board", solve_board)  # noqa: B010
    for deals in batches:
        bop = binding.new_boards()
        bop.noOfBoards = len(deals)
        keys = []
        for i, (trump, first, suits, ranks, hands, solutions, target) in enumerate(deals):
            fill_deal(bop.deals[i], trump, first, suits, ranks, hands)
            bop.target[i], bop.solutions[i], bop.mode[i] = target, solutions, 1
            # the model's card sets are DDS's holdings, a suit to 16 bits
            keys.append((trump, tuple(sum(hand[s] << 16 * s for s in range(4))
                                      for hand in hands)))
        w = time.perf_counter()
        if takes_keys:
            session.run(bop, keys)
        else:
            session.run(bop)
        totals["wall"] += time.perf_counter() - w
    Path(out).write_text(json.dumps(totals))


def replay(batches_file: str, trees: Sequence[str], pairs: int) -> None:
    """Each build's probe in turn and in reverse turn, ``pairs`` times; print the figures."""
    found: list[list[dict[str, Any]]] = [[] for _ in trees]
    with tempfile.TemporaryDirectory() as tmp:
        for p in range(pairs):
            turn = list(enumerate(trees))
            for k, tree in turn if p % 2 == 0 else reversed(turn):
                out = Path(tmp) / f"{k}-{p}.json"
                # from this checkout's root: the probe puts the build's tree first itself
                subprocess.run([sys.executable, "-m", "benchmarks.speed.dds_replay", "probe",
                                tree, batches_file, str(out)], check=True, cwd=ROOT)
                found[k].append(json.loads(out.read_text()))
    names = [Path(t).name for t in trees]
    print("| figure | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for what, fmt in (("solves", "{:.0f}"), ("nodes", "{:,.0f}"), ("cpu", "{:.2f} s"),
                      ("wall", "{:.2f} s")):
        print(f"| {what} (median of {pairs}) | "
              + " | ".join(fmt.format(statistics.median(r[what] for r in f)) for f in found)
              + " |")
    for k in range(1, len(trees)):
        for what in ("nodes", "cpu", "wall"):
            ratios = sorted(a[what] / b[what] for a, b in zip(found[0], found[k], strict=True))
            print(f"{names[0]} / {names[k]} {what}: median {statistics.median(ratios):.3f}, "
                  f"range {ratios[0]:.3f}-{ratios[-1]:.3f}")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.speed.dds_replay",
                                description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("record", help="rule a corpus and keep its DDS batches")
    r.add_argument("--corpus", required=True)
    r.add_argument("--out", required=True)
    y = sub.add_parser("replay", help="replay kept batches with this build and others")
    y.add_argument("batches")
    y.add_argument("--old", action="append", default=[],
                   help="another checkout to replay beside this one (repeatable)")
    y.add_argument("--pairs", type=int, default=8)
    b = sub.add_parser("probe", help=argparse.SUPPRESS)
    b.add_argument("tree")
    b.add_argument("batches")
    b.add_argument("out")
    args = p.parse_args(argv)
    if args.command == "record":
        record(args.corpus, args.out)
    elif args.command == "probe":
        probe(args.tree, args.batches, args.out)
    else:
        replay(args.batches, [str(ROOT)] + [str(Path(o).resolve()) for o in args.old],
               max(1, args.pairs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
