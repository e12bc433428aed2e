"""A snapshot of what equity says, to compare two builds: every ruling and likely outcome.

It rules every seed case (``tests/cases/*.pbn``, each with its own options) and a
benchmark corpus (:mod:`benchmarks.corpus`: real boards, one injected revoke each) with
``equity rule --json``, and asks ``equity likely --json`` on every case board after
tricks 0, 3 and 6. The time a ruling took (``stats.seconds``, ``stats.dds_seconds``) is
dropped, and the checkout's own path: everything else must be the same when a change is
meant to move nothing.

Run on each build and compare::

    python -m benchmarks.fidelity.snapshot before.jsonl
    # ... the change ...
    python -m benchmarks.fidelity.snapshot after.jsonl
    cmp before.jsonl after.jsonl

``--boards N`` sets the corpus size (default 60), ``--seed`` its seed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from benchmarks.corpus import corpus, find_external, sources, write
from equity.app.cli import main as equity

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"
AFTER = (0, 3, 6)
"""The tricks after which ``equity likely`` is asked on every case board."""


def _stripped(obj: Any) -> Any:
    """``obj`` without the wall-clock figures (``seconds``, ``dds_seconds``) anywhere in it."""
    if isinstance(obj, dict):
        return {k: _stripped(v) for k, v in obj.items() if not k.endswith("seconds")}
    if isinstance(obj, list):
        return [_stripped(v) for v in obj]
    return obj


def _run(argv: Sequence[str]) -> Iterator[str]:
    """``equity ARGV``'s JSON lines, stripped, each prefixed with the command."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = equity(list(argv))
    for line in out.getvalue().splitlines():
        if line.strip():  # the checkout's place is no part of what equity says
            yield json.dumps({"argv": list(argv), "exit": code,
                              "out": _stripped(json.loads(line))},
                             sort_keys=True).replace(f"{ROOT}/", "")


def snapshot(boards: int, seed: int) -> Iterator[str]:
    """Every line of the snapshot (module docstring), in a fixed order."""
    for spec in sorted(CASES.glob("*.json")):
        pbn = spec.with_suffix(".pbn")
        options = json.loads(spec.read_text()).get("options", [])
        yield from _run(["rule", str(pbn), "--json", *options])
        for k in AFTER:
            yield from _run(["likely", str(pbn), "--json", "--after-trick", str(k)])
    found, _ = find_external()
    if found is None or boards <= 0:
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "corpus.pbn"
        write(path, corpus(sources([found]), boards, seed))
        for line in _run(["rule", str(path), "--json"]):
            yield line.replace(str(path), "corpus.pbn")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.fidelity.snapshot",
                                description="Write every ruling and likely outcome of the "
                                "seed cases and a benchmark corpus, to compare two builds.")
    p.add_argument("out", help="the JSON Lines file to write")
    p.add_argument("--boards", type=int, default=60, help="corpus boards (0: none)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    n = 0
    with open(args.out, "w", encoding="utf-8") as f:
        for line in snapshot(args.boards, args.seed):
            f.write(line + "\n")
            n += 1
    print(f"{n} lines written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
