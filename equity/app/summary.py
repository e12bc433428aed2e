"""``equity summary OUT.jsonl``: what an analyst sees of a batch (or of ``rule --json``):
a table on the terminal, and with ``--html`` a self-contained page with plots, with
``--csv`` one flat row a board."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from equity.app.outfile import check_output, refuse_inputs, write_whole
from equity.core.game import UsageError
from equity.formats.jsonlines import read_json_lines
from equity.render.csvrows import FIELDS, csv_text, row
from equity.render.summary_html import summary_html
from equity.render.summary_text import summary_text
from equity.render.tally import BoardOutcome, Tally, outcome, unreadable


def add_summary_arguments(p: argparse.ArgumentParser) -> None:
    """The ``summary`` command's arguments, on its parser."""
    p.add_argument("file", metavar="OUT.jsonl",
                   help="the output of equity batch (or of equity rule --json)")
    p.add_argument("--html", metavar="FILE", help="also write a self-contained page with "
                   "the tables and plots")
    p.add_argument("--csv", metavar="FILE", help="also write one flat row per board")


def cmd_summary(args: argparse.Namespace) -> int:
    """Exit 0; 1 when the file cannot be read, is no batch output (no line is a board's
    JSON) or an output cannot be written (one line); the file's board errors and
    unreadable lines are counted, not failures of the summary."""
    path = Path(args.file)
    try:
        for option, out in (("--html", args.html), ("--csv", args.csv)):
            if out:
                refuse_inputs(option, out, [("batch output", path)])
                check_output(out, option)
    except UsageError as e:
        print(f"equity: summary: {e}", file=sys.stderr)
        return 1
    outcomes: list[BoardOutcome] = []
    try:
        for number, obj in read_json_lines(path):
            if isinstance(obj, dict) and "board" not in obj:
                obj = "a JSON object that is no board's (it has no 'board')"
            outcomes.append(unreadable(number, obj) if isinstance(obj, str) else outcome(obj))
    except OSError as e:
        print(f"equity: summary: cannot read {path}: {e.strerror or e}", file=sys.stderr)
        return 1
    if outcomes and all(o.kind == "unreadable" for o in outcomes):  # any file was "summed"
        print(f"equity: summary: {path} is not the output of equity batch (or rule --json): "
              f"no line is a board's JSON ({outcomes[0].error})", file=sys.stderr)
        return 1
    tally = Tally.of(outcomes)
    title = f"equity summary: {path.name}"
    sys.stdout.write(summary_text(tally, title))
    try:
        if args.html:
            write_whole(args.html, summary_html(tally, title), "page")
        if args.csv:
            write_whole(args.csv, csv_text([list(FIELDS), *(row(b) for b in outcomes)]),
                        "CSV file")
    except UsageError as e:
        print(f"equity: summary: {e}", file=sys.stderr)
        return 1
    return 0
