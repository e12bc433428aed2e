"""Published claim rulings: how many does ``equity rule`` award as the Director did?

Each case of ``tests/cases/claims/`` is a PBN file of one board stopped at a claim
(``[EquityClaim]``, ``[EquityClaimStatus]``) with a JSON file beside it giving the
published ruling: ``source``, ``quote``, ``declarer_tricks`` (declarer's total as the
Director or committee ruled; ``award`` is the same count for the claimer's side) and,
where the published bodies disagree, ``declarer_tricks_range`` [lo, hi]. ``split``
says whether the case is ``dev`` (the claims engine may be built against it) or
``holdout`` (held back from whoever builds the engine; score on it only to check). A
holdout scored once and then used for development is ``dev`` with ``holdout_spent``
saying when (the first 24 cases' holdout, session 50).

Every case is ruled by ``python -m equity.app.cli rule FILE --json`` in a child process
(the same pipeline, options from the case's ``options``), one at a time, with the
caller's environment: ``PYTHONPATH`` decides which checkout's engine is scored, so
another worktree can score itself against these cases::

    PYTHONPATH=/path/to/other/tree python benchmarks/fidelity/claims.py \\
        --cases tests/cases/claims --split dev

A case is right when the declarer's total awarded is the published one (or within
the published range). An error (a refused board, an internal error, a time-out) is
wrong, and its message is printed. The script imports nothing of the package itself
and nothing outside the standard library, so it runs by path from any checkout.

Run: ``python -m benchmarks.fidelity.claims [--cases DIR] [--split dev|holdout|all]
[--timeout S] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from msgspec import Struct

CASES = Path(__file__).resolve().parents[2] / "tests" / "cases" / "claims"
"""The development set beside this checkout's tests."""

SPLITS = ("dev", "holdout", "all")


class Case(Struct, frozen=True):
    """One published ruling: the board's file and what was awarded."""

    name: str
    pbn: Path
    split: str
    low: int
    high: int
    options: tuple[str, ...]

    @property
    def published(self) -> str:
        """The declarer's total as published: "9", or "9-10" for a range."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


class Scored(Struct, frozen=True):
    """What the engine gave on one case."""

    case: Case
    given: int | None
    error: str | None
    seconds: float

    @property
    def right(self) -> bool:
        """The published award (or inside the published range), and no error."""
        return self.error is None and self.given is not None and \
            self.case.low <= self.given <= self.case.high


def load_cases(folder: Path, split: str) -> list[Case]:
    """The cases of ``folder`` in ``split`` (``all``: both), in name order.

    Raises ``ValueError`` naming the file when a case's JSON lacks the award or its
    PBN file is missing.
    """
    cases = []
    for spec_path in sorted(folder.glob("*.json")):
        spec = json.loads(spec_path.read_text())
        pbn = spec_path.with_suffix(".pbn")
        if not pbn.exists():
            raise ValueError(f"{spec_path}: no {pbn.name} beside it")
        if "declarer_tricks" not in spec:
            raise ValueError(f"{spec_path}: no 'declarer_tricks' (the published award)")
        low, high = spec.get("declarer_tricks_range", [spec["declarer_tricks"]] * 2)
        case = Case(spec_path.stem, pbn, spec.get("split", "dev"), int(low), int(high),
                    tuple(spec.get("options", [])))
        if split in ("all", case.split):
            cases.append(case)
    return cases


def declarer_awarded(board: dict[str, Any]) -> int | None:
    """Declarer's total in one board of ``equity rule --json``: the claim's award when
    the claim was ruled on, else the ruling's total (None when there is none)."""
    ruling = board.get("ruling") or {}
    claim = ruling.get("claim") or {}
    if claim.get("awarded") is not None:
        return int(claim["awarded"])
    if ruling.get("declarer_tricks") is not None:
        return int(ruling["declarer_tricks"])
    return None


def rule(case: Case, timeout: float) -> Scored:
    """Rule ``case`` with the CLI in a child process; its award, or the error."""
    started = time.monotonic()
    command = [sys.executable, "-m", "equity.app.cli", "rule", str(case.pbn), "--json",
               *case.options]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              env=os.environ.copy(), check=False)
    except subprocess.TimeoutExpired:
        return Scored(case, None, f"no ruling within {timeout:g} s", timeout)
    seconds = time.monotonic() - started
    boards = []
    for line in done.stdout.splitlines():
        try:
            boards.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    errors = [b["error"] for b in boards if "error" in b]
    if errors:
        return Scored(case, None, errors[0], seconds)
    if len(boards) != 1:
        message = done.stderr.strip().splitlines()[-1:] or [f"exit code {done.returncode}"]
        return Scored(case, None, message[0][:300], seconds)
    given = declarer_awarded(boards[0])
    return Scored(case, given, None if given is not None else "no award in the ruling",
                  seconds)


def line(scored: Scored) -> str:
    """One case as the report prints it."""
    case = scored.case
    verdict = "right" if scored.right else "wrong"
    given = "-" if scored.given is None else str(scored.given)
    text = (f"{case.name:48s} {case.split:7s} published {case.published:>5s}  "
            f"given {given:>2s}  {verdict}  {scored.seconds:5.1f} s")
    return text + (f"  error: {scored.error}" if scored.error else "")


def summary(results: Sequence[Scored], split: str) -> dict[str, Any]:
    """The totals: right of all, and per split."""
    per_split = {}
    for name in ("dev", "holdout"):
        chosen = [r for r in results if r.case.split == name]
        if chosen:
            per_split[name] = {"right": sum(r.right for r in chosen), "total": len(chosen)}
    return {"split": split, "right": sum(r.right for r in results), "total": len(results),
            "errors": sum(r.error is not None for r in results), "per_split": per_split,
            "seconds": round(sum(r.seconds for r in results), 1),
            "cores": os.cpu_count()}


def main(argv: Sequence[str] | None = None) -> int:
    """Score the cases; print one line a case and the total (or ``--json``)."""
    parser = argparse.ArgumentParser(prog="claims", description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=CASES,
                        help="folder of NAME.pbn + NAME.json cases (default: %(default)s)")
    parser.add_argument("--split", choices=SPLITS, default="all",
                        help="which cases to score (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds allowed per case (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args(argv)
    try:
        cases = load_cases(args.cases, args.split)
    except (OSError, ValueError) as e:
        print(f"claims: {e}", file=sys.stderr)
        return 2
    if not cases:
        print(f"claims: no {args.split} case in {args.cases}", file=sys.stderr)
        return 2
    results = []
    for case in cases:
        scored = rule(case, args.timeout)
        results.append(scored)
        if not args.json:
            print(line(scored), flush=True)
    total = summary(results, args.split)
    if args.json:
        rows = [{"case": r.case.name, "split": r.case.split, "published": r.case.published,
                 "given": r.given, "right": r.right, "error": r.error,
                 "seconds": round(r.seconds, 2)} for r in results]
        print(json.dumps({"cases": rows, **total}, indent=1))
    else:
        parts = ", ".join(f"{k} {v['right']} of {v['total']}"
                          for k, v in total["per_split"].items())
        print(f"{total['right']} of {total['total']} right ({parts}); "
              f"{total['errors']} errors; {total['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
