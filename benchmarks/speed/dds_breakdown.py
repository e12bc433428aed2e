"""Where a ruling's double-dummy time goes, two builds side by side (issue 49).

Run: ``PYTHONPATH=. python -m benchmarks.speed.dds_breakdown --corpus CORPUS.pbn
--old /path/to/old/checkout`` (``python -m benchmarks.corpus`` writes a corpus). Each
build's probe (a fresh process with that checkout first on the path, the two in turn)
rules the seed cases (``tests/cases``, each with its options), the corpus (by ``equity
rule`` and by ``equity batch`` in one process) and the largest ruling the workbench's
page allows (:data:`PAGE`), with every DDS ``SolveBoard`` call timed: its wall time and
the CPU time of the thread that made it (DDS solves in the calling thread, so that CPU
time is the solver's own and moves little when other work shares the cores). Then it
solves the ruling's own positions alone, the cheapest way DDS offers: every position
once, in the order first asked, in batches of up to 200, on DDS's thread slots
(``SolveBoard``, as the build's session does) and through ``SolveAllBoards`` (DDS's own
batch), the better kept.

What is printed, per build: milliseconds (CPU) a position by tricks left; by entry
(best card only or every card); by the size of the batch the position came in and the
threads it used; the calls per ruling; the DDS seconds the rulings report against DDS
alone on the same positions. Both builds must expose ``equity.dd.binding.solve_board``
and ``equity.dd.session.DdsSession.run`` (every build since issue 14 does).
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import io
import json
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"
PAGE = ["--example", "--samples", "320", "--reference", "--attention", "returned",
        "--max-positions", "10000"]
"""The largest ruling the workbench's page allows (``benchmarks.speed.serve_attack``'s
``LARGEST`` on the bundled example): the most samples, sixteen times them, up to the
page's cap on positions (``WORK_LIMITS['max_positions']``)."""
SIZES = ((1, 1), (2, 10), (11, 50), (51, 200))
"""Batch-size classes (positions in one ``DdsSession.run``)."""


# --- The probe: one build, in a process of its own -----------------------------------


class Recorder:
    """Every ``SolveBoard`` call of the process (patched into the build's binding)."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, int, int, int, float, float, int, int, str, int, str]] = []
        """(tricks left, solutions, batch size, runs, wall s, thread CPU s, thread slot,
        batch number, the position's key, DDS's node count, the deal's key) per
        ``SolveBoard`` call. The position's key names the position and what was asked of
        it, so that builds can be compared on the positions they both solve; the deal's
        key names the position alone, whatever was asked of it. The nodes are DDS's work
        on it as the ruling asked it (its transposition table as that thread slot left
        it), which the machine's load does not move."""
        self.deals: list[tuple[Any, ...]] = []
        """Each call's deal and solutions, to solve them again alone."""
        self.batch = (0, 0)
        self.calls = 0
        self.serial = 0
        """Batches so far in the process (a batch's number in the rows)."""

    def install(self) -> None:
        import importlib

        binding = importlib.import_module("equity.dd.binding")
        session = importlib.import_module("equity.dd.session")
        inner_solve, inner_run = binding.solve_board, session.DdsSession.run
        rec = self

        def solve_board(bop: Any, i: int, solved: Any, thread: int) -> None:
            deal = bop.deals[i]
            cards = sum(bin(deal.remainCards[h][s]).count("1")
                        for h in range(4) for s in range(4))
            cards += sum(1 for r in deal.currentTrickRank if r)
            w, c = time.perf_counter(), time.thread_time()
            inner_solve(bop, i, solved, thread)
            c, w = time.thread_time() - c, time.perf_counter() - w
            n, runs = rec.batch
            asked = (int(deal.trump), int(deal.first),
                     tuple(deal.currentTrickSuit), tuple(deal.currentTrickRank),
                     tuple(tuple(deal.remainCards[h]) for h in range(4)),
                     int(bop.solutions[i]))
            key = hashlib.blake2b(repr(asked).encode(), digest_size=8).hexdigest()
            deal_key = hashlib.blake2b(repr(asked[:-1]).encode(), digest_size=8).hexdigest()
            rec.rows.append(((cards + 3) // 4, int(bop.solutions[i]), n, runs, w, c, thread,
                             rec.serial, key, int(solved.solvedBoard[i].nodes), deal_key))
            rec.deals.append(asked)

        def run(self: Any, bop: Any, *keys: Any) -> Any:
            n = int(bop.noOfBoards)
            rec.batch = (n, max(1, min(self._slots, n)))
            rec.calls += 1
            rec.serial += 1
            return inner_run(self, bop, *keys)  # builds before session 55 take no keys

        # patched by name: the probe patches whichever build is first on the path
        setattr(binding, "solve_board", solve_board)  # noqa: B010
        setattr(session.DdsSession, "run", run)  # noqa: B010

    def take(self) -> tuple[list[tuple[int, int, int, int, float, float, int, int, str,
                                       int, str]], list[Any], int]:
        out = self.rows, self.deals, self.calls
        self.rows, self.deals, self.calls = [], [], 0
        return out


def _rule(argv: Sequence[str]) -> list[dict[str, Any]]:
    """``equity rule ARGV --json``'s boards (in this process); with ``batch`` first,
    ``equity batch ARGV`` in this process (one job, no time limit: no worker)."""
    import tempfile

    from equity.app.cli import main

    out = io.StringIO()
    with tempfile.TemporaryDirectory() as tmp, redirect_stdout(out), \
            redirect_stderr(io.StringIO()):
        if argv[0] == "batch":
            main(["batch", *argv[1:], "--jobs", "1", "--time-limit", "0", "--out",
                  f"{tmp}/out.jsonl"])
            out.write(Path(f"{tmp}/out.jsonl").read_text(encoding="utf-8"))
        else:
            main(["rule", *argv, "--json"])
    return [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]


def fill_deal(deal: Any, trump: int, first: int, suits: Sequence[int],
              ranks: Sequence[int], hands: Sequence[Sequence[int]]) -> None:
    """Write a recorded deal back into DDS's ``struct deal`` (as the binding filled it)."""
    deal.trump, deal.first = trump, first
    deal.currentTrickSuit[:] = suits
    deal.currentTrickRank[:] = ranks
    for h in range(4):
        deal.remainCards[h][:] = hands[h]


def alone(deals: Sequence[Any], serial: list[tuple[int, float]] | None = None) -> float:
    """Wall seconds DDS alone takes on ``deals`` (each once, the strongest request
    kept, in the order first asked): the better of the session's ``SolveBoard`` runs and
    DDS's ``SolveAllBoards``. With ``serial``, the deals are solved once more on one
    thread (slot 0), in order, and (tricks left, CPU seconds) of each solve appended."""
    from equity.dd import binding
    from equity.dd.session import session

    wanted: dict[Any, int] = {}
    for d in deals:
        wanted[d[:-1]] = max(wanted.get(d[:-1], 0), d[-1])
    items = list(wanted.items())
    best = []
    for way in ("runs", "all", "serial"):
        if way == "serial" and serial is None:
            continue
        t = time.perf_counter()
        for start in range(0, len(items), binding.MAX_BOARDS):
            chunk = items[start : start + binding.MAX_BOARDS]
            bop = binding.new_boards()
            bop.noOfBoards = len(chunk)
            for i, ((trump, first, ts, tr, hands), sol) in enumerate(chunk):
                fill_deal(bop.deals[i], trump, first, ts, tr, hands)
                bop.target[i], bop.solutions[i], bop.mode[i] = (0 if sol == 3 else -1), sol, 1
            if way == "runs":
                session().run(bop)
            elif way == "serial" and serial is not None:
                solved = binding.new_solved()
                for i, ((_, _, _, tr, hands), _) in enumerate(chunk):
                    cards = sum(bin(hands[h][s]).count("1") for h in range(4)
                                for s in range(4)) + sum(1 for r in tr if r)
                    c = time.thread_time()
                    binding.dds().SolveBoard(bop.deals[i], bop.target[i], bop.solutions[i],
                                             1, solved.solvedBoard[i], 0)
                    serial.append(((cards + 3) // 4, time.thread_time() - c))
            else:
                dds = binding.dds()
                solved = binding.new_solved()
                dds._dll.SolveAllBoardsBin(ctypes.byref(bop), ctypes.byref(solved))
                # past the binding: the slots' last strains are not known (a build
                # without the record has nothing to forget)
                getattr(binding, "forget_slots", lambda: None)()
        if way != "serial":
            best.append(time.perf_counter() - t)
    return min(best)


def probe(tree: str, corpus: str | None, cases: str, page: bool, out: str) -> None:
    """Rule everything with the build at ``tree`` and write the records to ``out``."""
    sys.path.insert(0, tree)
    rec = Recorder()
    rec.install()
    _rule(["--example"])  # warm up: DDS loaded, its tables made
    rec.take()
    sets: dict[str, Any] = {}

    def measure(name: str, argv: Sequence[str]) -> list[dict[str, Any]]:
        t = time.perf_counter()
        boards = _rule(argv)
        wall = time.perf_counter() - t
        rows, deals, calls = rec.take()
        entry = sets.setdefault(name, {"rows": [], "boards": 0, "reported": 0.0,
                                       "calls": 0, "wall": 0.0, "alone": 0.0,
                                       "positions": 0, "serial": []})
        entry["rows"] += rows
        entry["boards"] += sum(1 for b in boards if "stats" in b)
        entry["reported"] += sum(b.get("stats", {}).get("dds_seconds", 0.0) for b in boards)
        entry["positions"] += sum(b.get("stats", {}).get("positions", 0) for b in boards)
        entry["calls"] += calls
        entry["wall"] += wall
        entry["alone"] += alone(deals, entry["serial"]) if deals else 0.0
        entry["alone_cpu"] = entry.get("alone_cpu", 0.0) + busiest(rec.take()[0])
        print(f"{name} {' '.join(argv)[-60:]}: {wall:.1f} s, {len(rows)} solves",
              file=sys.stderr)
        return boards

    for spec in sorted(CASES.glob(cases)):
        options = json.loads(spec.read_text()).get("options", [])
        measure("cases", [str(spec.with_suffix(".pbn")), *options])
    if corpus:
        measure("corpus", [corpus])
        measure("batch", ["batch", corpus])
    if page:
        measure("page", PAGE)
    Path(out).write_text(json.dumps({"tree": tree, "sets": sets}))


# --- Side by side ---------------------------------------------------------------------


def pooled(found: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One build's probes pooled: each set's rows and lists joined, its sums added (so a
    figure a ruling is the rounds' mean)."""
    out: dict[str, Any] = {"tree": found[0]["tree"], "sets": {}, "rounds": len(found)}
    for f in found:
        for name, entry in f["sets"].items():
            into = out["sets"].setdefault(name, {})
            for key, value in entry.items():
                into[key] = into.get(key, type(value)()) + value
    return out


def _run_probe(tree: str, corpus: str | None, cases: str, page: bool, out: Path
               ) -> dict[str, Any]:
    subprocess.run([sys.executable, __file__, "--probe", tree, "--out", str(out),
                    "--cases", cases, *([] if page else ["--no-page"]),
                    *(["--corpus", corpus] if corpus else [])], check=True, cwd=tree)
    found: dict[str, Any] = json.loads(out.read_text())
    return found


def _ms(rows: Sequence[Sequence[Any]], col: int = 5) -> str:
    return f"{1e3 * sum(r[col] for r in rows) / len(rows):.2f}" if rows else "-"


def busiest(rows: Sequence[Sequence[Any]]) -> float:
    """Seconds the batches would take on idle cores: per batch, the CPU time of its
    busiest thread (the others wait for it), summed. From CPU times, so it holds on a
    shared machine where wall times do not."""
    per: dict[tuple[int, int], float] = defaultdict(float)
    for x in rows:
        if len(x) > 7:
            per[int(x[7]), int(x[6])] += x[5]
    most: dict[int, float] = defaultdict(float)
    for (batch, _), cpu in per.items():
        most[batch] = max(most[batch], cpu)
    return sum(most.values())


def table(results: Sequence[dict[str, Any]]) -> Iterator[str]:
    """The figures of each build, side by side (markdown)."""
    names = [Path(r["tree"]).name for r in results]
    for set_name in ("cases", "corpus", "page", "batch"):
        per = [r["sets"].get(set_name) for r in results]
        if not all(per):
            continue
        yield f"\n**{set_name}** ({per[0]['boards']} rulings)\n"
        yield "| figure | " + " | ".join(names) + " |"
        yield "|---|" + "---|" * len(names)
        rows = [p["rows"] for p in per]

        def line(label: str, cells: Sequence[str]) -> str:
            return f"| {label} | " + " | ".join(cells) + " |"

        yield line("positions solved (SolveBoard calls)", [str(len(r)) for r in rows])
        yield line("batch calls a ruling", [f"{p['calls'] / max(1, p['boards']):.1f}"
                                            for p in per])
        yield line("DDS s a ruling, reported", [f"{p['reported'] / max(1, p['boards']):.3f}"
                                                for p in per])
        yield line("DDS s a ruling, summed CPU of the solves",
                   [f"{sum(x[5] for x in r) / max(1, p['boards']):.3f}"
                    for r, p in zip(rows, per, strict=True)])
        yield line("DDS s a ruling on idle cores (busiest thread's CPU a batch)",
                   [f"{busiest(r) / max(1, p['boards']):.3f}"
                    for r, p in zip(rows, per, strict=True)])
        yield line("DDS alone, same positions, idle cores (as above), s a ruling",
                   [f"{p.get('alone_cpu', 0.0) / max(1, p['boards']):.3f}" for p in per])
        yield line("DDS alone on the same positions, s a ruling (wall)",
                   [f"{p['alone'] / max(1, p['boards']):.3f}" for p in per])
        yield line("ms (CPU) a position, all", [_ms(r) for r in rows])
        yield line("ms (wall) a position, all", [_ms(r, 4) for r in rows])
        for lo, hi in ((1, 3), (4, 6), (7, 9), (10, 13)):
            yield line(f"ms a position, {lo}-{hi} tricks left (n)",
                       [f"{_ms([x for x in r if lo <= x[0] <= hi])} "
                        f"({sum(1 for x in r if lo <= x[0] <= hi)})" for r in rows])
        for sol, what in ((1, "best card"), (2, "best cards"), (3, "every card")):
            yield line(f"ms a position, {what} (n)",
                       [f"{_ms([x for x in r if x[1] == sol])} "
                        f"({sum(1 for x in r if x[1] == sol)})" for r in rows])
        for lo, hi in SIZES:
            yield line(f"ms a position, batch of {lo}-{hi} (n)",
                       [f"{_ms([x for x in r if lo <= x[2] <= hi])} "
                        f"({sum(1 for x in r if lo <= x[2] <= hi)})" for r in rows])
        for runs in (1, 2):
            yield line(f"ms a position, {runs} thread(s) busy (n)",
                       [f"{_ms([x for x in r if x[3] == runs])} "
                        f"({sum(1 for x in r if x[3] == runs)})" for r in rows])


def by_tricks(results: Sequence[dict[str, Any]]) -> Iterator[str]:
    """ms (CPU) a position by tricks left, every set together, each build: as the
    rulings solved them; on the positions every build solved (the same position asked
    the same way: a class of a few positions moves with which ones a build still asks);
    and alone on one thread (each position once)."""
    names = [Path(r["tree"]).name for r in results]
    yield ("\n| tricks left | " + " | ".join(f"{n} ms (n)" for n in names) + " | "
           + " | ".join(f"{n}, positions all ask" for n in names) + " | "
           + " | ".join(f"{n} alone, one thread" for n in names) + " |")
    yield "|---|" + "---|" * 3 * len(names)
    groups: list[dict[int, list[Any]]] = []
    serial: list[dict[int, list[Any]]] = []
    for r in results:
        g: dict[int, list[Any]] = defaultdict(list)
        a: dict[int, list[Any]] = defaultdict(list)
        for s in r["sets"].values():
            for x in s["rows"]:
                g[x[0]].append(x)
            for t, cpu in s.get("serial", []):
                a[t].append((t, cpu))
        groups.append(g)
        serial.append(a)
    keyed = [{x[8] for g in gs.values() for x in g if len(x) > 8} for gs in groups]
    common = set.intersection(*keyed) if keyed and all(keyed) else set()
    for t in range(13, 0, -1):
        shared = [[x for x in g[t] if len(x) > 8 and x[8] in common] for g in groups]
        yield (f"| {t} | " + " | ".join(f"{_ms(g[t])} ({len(g[t])})" for g in groups)
               + " | " + " | ".join(f"{_ms(x)} ({len(x)})" for x in shared)
               + " | " + " | ".join(f"{_ms(a[t], 1)} ({len(a[t])})" for a in serial) + " |")
    yield from _nodes_by_tricks(names, groups, common)
    yield from _distinct_by_tricks(names, groups, results[0].get("rounds", 1))


def _nodes(rows: Sequence[Sequence[Any]]) -> str:
    known = [x[9] for x in rows if len(x) > 9]
    return f"{sum(known) / len(known):,.0f}" if known else "-"


def _nodes_by_tricks(names: Sequence[str], groups: Sequence[dict[int, list[Any]]],
                     common: set[str]) -> Iterator[str]:
    """DDS's nodes a position by tricks left, each build: its work as the rulings asked
    (a class of a few positions is too small for its milliseconds to tell builds apart
    on a shared machine; its node count does not move with the load)."""
    yield ("\n| tricks left | " + " | ".join(f"{n} nodes a position" for n in names) + " | "
           + " | ".join(f"{n}, positions all ask" for n in names) + " |")
    yield "|---|" + "---|" * 2 * len(names)
    for t in range(13, 0, -1):
        shared = [[x for x in g[t] if len(x) > 8 and x[8] in common] for g in groups]
        yield (f"| {t} | " + " | ".join(f"{_nodes(g[t])} ({len(g[t])})" for g in groups)
               + " | " + " | ".join(f"{_nodes(x)} ({len(x)})" for x in shared) + " |")


def _distinct_by_tricks(names: Sequence[str], groups: Sequence[dict[int, list[Any]]],
                        rounds: int) -> Iterator[str]:
    """ms (CPU) and nodes a distinct position (a deal and its trick, whatever was asked of
    it), on the positions every build asks: every ask of a position in every set counted
    to it, a round's worth (the sum over the rounds divided by them). A build that asks a
    position twice, or once for its best card and again for every card, pays for both
    asks (the second, after the same deal, costs DDS almost nothing), and that second ask
    does not lower its figure as it lowers a figure per ask."""
    yield ("\n| tricks left | distinct positions all ask | "
           + " | ".join(f"{n} ms a distinct position (asks)" for n in names) + " | "
           + " | ".join(f"{n} nodes a distinct position" for n in names) + " |")
    yield "|---|---|" + "---|" * 2 * len(names)
    for t in range(13, 0, -1):
        asked = [[x for x in g[t] if len(x) > 10] for g in groups]
        keys = set.intersection(*({x[10] for x in a} for a in asked)) if asked else set()
        if not keys:
            continue
        mine = [[x for x in a if x[10] in keys] for a in asked]
        yield (f"| {t} | {len(keys)} | "
               + " | ".join(f"{1e3 * sum(x[5] for x in m) / len(keys) / rounds:.2f} "
                            f"({len(m)})" for m in mine) + " | "
               + " | ".join(f"{sum(x[9] for x in m) / len(keys) / rounds:,.0f}"
                            for m in mine)
               + " |")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.speed.dds_breakdown",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--corpus", help="a benchmark corpus (python -m benchmarks.corpus)")
    p.add_argument("--old", action="append", default=[],
                   help="another checkout to measure beside this one (repeatable)")
    p.add_argument("--cases", default="*.json",
                   help="which seed cases (a glob in tests/cases; default every one)")
    p.add_argument("--no-page", action="store_true", help="leave the page's ruling out")
    p.add_argument("--probe", help=argparse.SUPPRESS)
    p.add_argument("--out", help="where to keep the figures (JSON)")
    p.add_argument("--rounds", type=int, default=1,
                   help="measure every build this many times, the order of the builds "
                        "reversed every other round (A B, B A, ...), and pool the rounds: "
                        "a machine whose speed drifts during the run then favours no build")
    args = p.parse_args(argv)
    if args.probe:
        probe(args.probe, args.corpus, args.cases, not args.no_page, args.out)
        return 0
    import tempfile

    trees = [str(ROOT)] + [str(Path(old).resolve()) for old in args.old]
    rounds: list[list[dict[str, Any]]] = [[] for _ in trees]
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(max(1, args.rounds)):
            turn = list(enumerate(trees))
            for k, t in turn if r % 2 == 0 else reversed(turn):
                rounds[k].append(_run_probe(t, args.corpus, args.cases, not args.no_page,
                                            Path(tmp) / f"{k}-{r}.json"))
    results = [pooled(found) for found in rounds]
    if args.rounds > 1:
        print(f"Each build measured {args.rounds} times, in turn and in reverse turn; the "
              "counts (n) are summed over the rounds.")
    if args.out:
        Path(args.out).write_text(json.dumps(results))
    for text in (*table(results), *by_tricks(results)):
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
