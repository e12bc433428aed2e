"""The ``equity`` command: a thin layer over :mod:`equity.pipeline`.

Exit codes: 0 every board was ruled; 1 at least one board (or file) could not be read or
replayed — its error is reported and the other boards are still ruled; 2 the command
line itself is wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path

from equity.errors import BoardError
from equity.model import ModelError, Seat
from equity.pipeline import Options, rule_board
from equity.record import Board, Facts, Requirement
from equity.report import error_json, ruling_json, ruling_text

EXAMPLE = "3nt_east_diamond_revoke.pbn"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="equity", description="Rule on revokes in duplicate "
                                "bridge (Laws 61-64) from a deal's play record.")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("rule", help="rule on every revoke of the boards in a PBN or LIN file")
    r.add_argument("file", nargs="?", help="a .pbn or .lin file")
    r.add_argument("--example", action="store_true",
                   help="rule on the example deal bundled with equity")
    r.add_argument("--board", type=int, help="only this board number")
    r.add_argument("--laws", choices=["2017", "2007", "1997"],
                   help="edition of the Laws (default: the file's [EquityLaws], else 2017)")
    r.add_argument("--json", action="store_true", help="JSON Lines, one object per board")
    r.add_argument("--attention", metavar="WHEN",
                   help="when attention was first drawn to the revokes: play, end (default), "
                        "next-call, round; 'T=WHEN' for the revoke on trick T")
    r.add_argument("--claimer", metavar="SEAT", help="who claimed or conceded (default: declarer)")
    r.add_argument("--require", metavar="REQ", action="append", default=[],
                   help="a Law 61A(b) requirement, e.g. '1 W lead H', '3 E penalty SK', "
                        "'6 S faced' (repeatable)")
    return p


def _options(args: argparse.Namespace) -> Options:
    try:
        if args.attention is not None:
            Facts.parse_attention(args.attention)
        claimer = Seat.parse(args.claimer) if args.claimer else None
        reqs = tuple(r for text in args.require for r in Requirement.parse_list(text))
    except ModelError as e:
        raise SystemExit(_usage(str(e))) from None
    return Options(laws=args.laws, attention=args.attention, claimer=claimer, requirements=reqs)


def _usage(message: str) -> int:
    print(f"equity: {message}", file=sys.stderr)
    return 2


def _boards(args: argparse.Namespace) -> Iterator[Board | BoardError]:
    from equity.parse import read_boards

    if args.example:
        with resources.as_file(resources.files("equity") / "examples" / EXAMPLE) as path:
            yield from read_boards(path)
    else:
        yield from read_boards(Path(args.file))


def cmd_rule(args: argparse.Namespace) -> int:
    if not args.example and not args.file:
        return _usage("rule: give a FILE or --example")
    options = _options(args)
    failed = found = 0
    for item in _boards(args):
        if isinstance(item, Board) and args.board is not None and item.number != args.board:
            continue
        found += 1
        try:
            if isinstance(item, BoardError):
                raise item
            ruling = rule_board(item, options)
        except BoardError as e:
            failed += 1
            if args.json:
                print(json.dumps(error_json(e)), flush=True)
            else:
                print(f"equity: {e}", file=sys.stderr)
            continue
        if args.json:
            print(json.dumps(ruling_json(ruling), ensure_ascii=False), flush=True)
        else:
            print(ruling_text(ruling) + "\n", flush=True)
    if found == 0:
        where = f"board {args.board}" if args.board is not None else "any board"
        print(f"equity: {args.file or EXAMPLE}: no {where} found", file=sys.stderr)
        return 1
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "rule":
            return cmd_rule(args)
    except BrokenPipeError:  # e.g. `equity rule ... | head`
        return 0
    return _usage(f"unknown command {args.command}")


if __name__ == "__main__":
    raise SystemExit(main())
