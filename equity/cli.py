"""The ``equity`` command: a thin layer over :mod:`equity.pipeline`.

Exit codes: 0 every board was ruled; 1 at least one board (or file) could not be read or
replayed — its error is reported and the other boards are still ruled; 2 the command
line itself is wrong; 3 an internal error (a bug: one line, no traceback unless
``EQUITY_DEBUG`` is set); 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path

from equity.compare import TOTAL_POINTS, Policy, Ruling, Thresholds, Weights
from equity.errors import BoardError, Where
from equity.laws import AutomaticRuling
from equity.model import ModelError, Seat
from equity.parse import names_board, read_boards, read_text
from equity.pipeline import Options, rule_board, rule_board_with_equity
from equity.play import replay
from equity.record import Board, Facts, Requirement
from equity.report import equity_json, equity_text, error_json, ruling_json, ruling_text
from equity.scoring import Event, read_traveller, score_ns
from equity.solve import SolveError

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
    r.add_argument("--json", action="store_true", help="JSON Lines, one object per board")
    _ruling_options(r)
    o = sub.add_parser("report", help="write the ruling as a page an appeals committee can "
                       "read: HTML (default), Markdown, and PDF")
    o.add_argument("file", nargs="?", help="a .pbn or .lin file")
    o.add_argument("--example", action="store_true",
                   help="report on the example deal bundled with equity")
    o.add_argument("--board", type=int, help="only this board number (default: every board)")
    o.add_argument("-o", "--output", metavar="OUT", required=True,
                   help="the file to write ('-' for stdout); OUT.pdf implies --pdf")
    o.add_argument("--format", choices=["html", "md"], default="html",
                   help="a self-contained HTML page (default) or Markdown")
    o.add_argument("--pdf", action="store_true",
                   help="also print the HTML page to a PDF beside it (OUT with .pdf), "
                        "with headless Chromium")
    _ruling_options(o)
    s = sub.add_parser("scan", help="find every revoke in PBN / LIN files or directories, "
                       "fast and without solving")
    s.add_argument("paths", nargs="+", metavar="PATH", help=".pbn / .lin files or directories")
    s.add_argument("--format", choices=["jsonl", "csv"], default="jsonl",
                   help="JSON Lines (default) or CSV; one row per revoke or board error")
    s.add_argument("--out", metavar="FILE", help="write the rows here (default: stdout)")
    b = sub.add_parser("batch", help="full rulings (as rule --json) for every board with a "
                       "revoke in PBN / LIN files or directories, solving in batches")
    b.add_argument("paths", nargs="+", metavar="PATH", help=".pbn / .lin files or directories")
    b.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="worker processes (default 1); DDS threads are shared among them")
    b.add_argument("--out", metavar="FILE",
                   help="JSON Lines output; a rerun with the same FILE completes a run that "
                        "was cut short (default: stdout)")
    b.add_argument("--time-limit", type=float, default=60.0, metavar="SECONDS",
                   help="report a board as an error when double-dummy solving takes longer "
                        "(default 60; 0: no limit)")
    _ruling_options(b)
    return p


def _ruling_options(r: argparse.ArgumentParser) -> None:
    """The options that say how to rule a board, shared by ``rule`` and ``report``."""
    r.add_argument("--laws", choices=["2017", "2007", "1997"],
                   help="edition of the Laws (default: the file's [EquityLaws], else 2017)")
    r.add_argument("--attention", metavar="WHEN",
                   help="when attention was first drawn to the revokes: play, end (default), "
                        "next-call, round; 'T=WHEN' for the revoke on trick T")
    r.add_argument("--claimer", metavar="SEAT", help="who claimed or conceded (default: declarer)")
    r.add_argument("--require", metavar="REQ", action="append", default=[],
                   help="a Law 61A(b) requirement, e.g. '1 W lead H', '3 E penalty SK', "
                        "'6 S faced' (repeatable)")
    r.add_argument("--policy", choices=[p.value for p in Policy], default=Policy.WEIGHTED.value,
                   help="Law 64C: how the candidate lines become a result: weighted (default, "
                        "Law 12C1(c)), dd (perfect play from the corrected position), "
                        "favourable (non-reciprocal: the non-offenders the most favourable likely "
                        "result, the offenders the most unfavourable at all probable)")
    r.add_argument("--weight", metavar="LINE=W", action="append", default=[],
                   help="the Director's weight for a line under --policy weighted: "
                        "'table=0.6', 'DT=0.3', '2:table=0.5' for revoke 2 only (repeatable; "
                        "the rest of 1 is shared equally among the other lines)")
    r.add_argument("--traveller", metavar="FILE",
                   help="the other tables' N-S scores on the board (numbers, or a PBN/LIN "
                        "file of the other tables' results): compare in matchpoints")
    r.add_argument("--field-from-input", action="store_true",
                   help="the other tables are the other boards with the same number in FILE")
    r.add_argument("--other-table", metavar="SCORE", type=int,
                   help="the other table's N-S score (teams): compare in IMPs")
    r.add_argument("--imps", action="store_true",
                   help="with a traveller: IMPs against its datum instead of matchpoints")
    r.add_argument("--in-tricks", action="store_true",
                   help="compare in declarer's tricks instead of total points")
    r.add_argument("--likely", type=float, default=1 / 3, metavar="SHARE",
                   help="--policy favourable: weight from which a result is 'likely' "
                        "(non-offenders' score; default 1/3)")
    r.add_argument("--probable", type=float, default=1 / 6, metavar="SHARE",
                   help="--policy favourable: weight from which a result is 'at all "
                        "probable' (offenders' score; default 1/6)")
    r.add_argument("--serious-error", action="store_true",
                   help="Law 12C1(e): the non-offenders keep their table score, the offenders "
                        "get the adjusted score")
    r.add_argument("--no-equity", action="store_true",
                   help="skip the Law 64C check (no double-dummy solving)")


def cmd_scan(args: argparse.Namespace) -> int:
    """``equity scan``: the rows go to --out or stdout, a progress bar (on a terminal) and
    a summary to stderr; exit 1 when a board or file could not be read or replayed."""
    import contextlib
    import csv

    from equity.fastread import read_packed
    from equity.scan import FIELDS, Tally, files, scan_chunk

    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        return _usage(f"scan: no such file or directory: {missing[0]}")
    tally = Tally()
    with contextlib.ExitStack() as stack:
        out = (stack.enter_context(open(args.out, "w", newline="", encoding="utf-8"))
               if args.out else sys.stdout)
        bar = None
        if sys.stderr.isatty():
            from tqdm import tqdm

            bar = stack.enter_context(tqdm(unit=" boards", unit_scale=True, file=sys.stderr))
        writer = csv.writer(out) if args.format == "csv" else None
        if writer is not None:
            writer.writerow(FIELDS)
        for chunk in read_packed(files(args.paths)):
            for row in scan_chunk(chunk, tally):
                if writer is not None:
                    writer.writerow(["" if v is None else v
                                     for v in (getattr(row, f) for f in FIELDS)])
                else:
                    out.write(json.dumps(row.to_json(), ensure_ascii=False) + "\n")
            if bar is not None:
                bar.update(len(chunk) + chunk.unplayed + len(chunk.errors))
    print(f"equity scan: {tally.boards} boards screened, {tally.revokes} revokes, "
          f"{tally.errors} boards in error, {tally.unplayed} without play",
          file=sys.stderr)
    return 1 if tally.errors else 0


def cmd_batch(args: argparse.Namespace) -> int:
    """``equity batch``: rulings to --out or stdout (equity.batch), a progress bar (on a
    terminal) and a summary to stderr; exit 1 when a board was in error."""
    import logging

    from equity.batch import Spec, run_batch

    logging.basicConfig(level=logging.WARNING, format="equity batch: %(message)s")
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        return _usage(f"batch: no such file or directory: {missing[0]}")
    if args.jobs < 1 or args.time_limit < 0:
        return _usage("batch: --jobs must be at least 1 and --time-limit not negative")
    if args.traveller or args.field_from_input:
        return _usage("batch: --traveller and --field-from-input give one board's field; "
                      "use equity rule for them")
    options = _options(args)
    bad = _check_ruling_options(args)
    if bad is not None:
        return bad
    spec = Spec(options, args.policy, tuple(args.weight), args.other_table, args.in_tricks,
                args.likely, args.probable, args.serious_error, args.no_equity)
    s = run_batch(args.paths, spec, args.out, args.jobs, args.time_limit or None,
                  progress=sys.stderr.isatty())
    print(f"equity batch: {s.screened} boards screened, {s.to_rule} to rule, {s.ruled} "
          f"ruled, {s.errors} in error, {s.skipped} already in the output", file=sys.stderr)
    return 1 if s.errors else 0


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
    if args.example:  # named by its file name, not its place in site-packages
        text = (resources.files("equity") / "examples" / EXAMPLE).read_text(encoding="utf-8")
        yield from read_text(text, "pbn", EXAMPLE)
    else:
        yield from read_boards(Path(args.file))


def _rule(board: Board, options: Options, args: argparse.Namespace
          ) -> AutomaticRuling | Ruling:
    """The automatic ruling (``--no-equity``) or the full ruling with the Law 64C check;
    a position the solver rejects, or weights that do not fit the board's lines, is
    this board's error."""
    if args.no_equity:
        return rule_board(board, options)
    try:
        return rule_board_with_equity(board, options, Policy.parse(args.policy),
                                      Weights.parse(args.weight), event=_event(board, args),
                                      thresholds=Thresholds(args.likely, args.probable),
                                      serious_error=args.serious_error)
    except BoardError:
        raise
    except (SolveError, ModelError, ValueError) as e:
        raise BoardError(f"Law 64C check: {e}", board.source, board.label, Where()) from e


def _event(board: Board, args: argparse.Namespace) -> Event:
    """The form of scoring for ``board`` from the command line (Law 64C compares scores)."""
    field: tuple[int, ...] = args.traveller_scores
    if args.field_from_input:
        field = tuple(score for key, score in args.input_field.get(board.number, ())
                      if key != board.index)
    if args.other_table is not None:
        return Event("imps", field, float(args.other_table))
    if field:
        return Event.imps_against_datum(field) if args.imps else Event("mp", field)
    return Event("tricks") if args.in_tricks else TOTAL_POINTS


def _table_scores(path: Path) -> dict[int | None, list[tuple[int, int]]]:
    """N-S scores of every board in a file that replays, by board number: (index, score)."""
    from equity.pipeline import vulnerability_of

    out: dict[int | None, list[tuple[int, int]]] = {}
    for item in read_boards(path):
        if isinstance(item, Board) and item.contract is not None:
            try:
                tricks = (replay(item).declarer_tricks if item.play is not None
                          else item.result)
            except BoardError:
                tricks = item.result
            if tricks is not None:
                out.setdefault(item.number, []).append(
                    (item.index, score_ns(item.contract, tricks, vulnerability_of(item))))
    return out


def _load_traveller(args: argparse.Namespace) -> tuple[int, ...]:
    if not args.traveller:
        return ()
    path = Path(args.traveller)
    if path.suffix.lower() in (".pbn", ".lin"):
        scores = _table_scores(path).get(args.board, [])
        return tuple(s for _, s in scores)
    return read_traveller(path.read_text())


def _selected(item: Board | BoardError, number: int | None) -> bool:
    """Whether ``--board number`` keeps this board (or this board's error; an error about
    the whole file is always kept)."""
    if number is None:
        return True
    if isinstance(item, Board):
        return item.number == number
    return item.board is None or names_board(item.board, number)


def _skipped(board: Board, why: str, as_json: bool) -> None:
    """A board with nothing to rule (e.g. another table's result): said, not an error."""
    if as_json:
        print(json.dumps({"board": board.number if board.number is not None else board.label,
                          "source": board.source, "skipped": why}), flush=True)
    else:
        print(f"equity: {board.source}, {board.label}: {why}", file=sys.stderr)


def _check_ruling_options(args: argparse.Namespace) -> int | None:
    """Check the weights and thresholds and load the field to compare against (shared by
    ``rule`` and ``report``); the exit code 2 when the command line is wrong, else None."""
    try:
        Weights.parse(args.weight)
        Thresholds(args.likely, args.probable)
        args.traveller_scores = _load_traveller(args)
    except (ModelError, ValueError, OSError) as e:
        return _usage(str(e))
    args.input_field = (_table_scores(Path(args.file)) if args.field_from_input and args.file
                        else {})
    return None


def cmd_rule(args: argparse.Namespace) -> int:
    if not args.example and not args.file:
        return _usage("rule: give a FILE or --example")
    options = _options(args)
    bad = _check_ruling_options(args)
    if bad is not None:
        return bad
    failed = found = 0
    for item in _boards(args):
        if not _selected(item, args.board):
            continue
        found += 1
        if isinstance(item, Board) and item.play is None:
            _skipped(item, "no play record: nothing to rule", args.json)
            continue
        try:
            if isinstance(item, BoardError):
                raise item
            ruling = _rule(item, options, args)
        except BoardError as e:
            failed += 1
            if args.json:
                print(json.dumps(error_json(e)), flush=True)
            else:
                print(f"equity: {e}", file=sys.stderr)
            continue
        if args.json:
            print(json.dumps(ruling_json(ruling) if isinstance(ruling, AutomaticRuling)
                             else equity_json(ruling), ensure_ascii=False), flush=True)
        else:
            text = (ruling_text(ruling) if isinstance(ruling, AutomaticRuling)
                    else equity_text(ruling))
            print(text + "\n", flush=True)
    if found == 0:
        what = f"no board {args.board}" if args.board is not None else "no board"
        print(f"equity: {args.file or EXAMPLE}: {what} found", file=sys.stderr)
        return 1
    return 1 if failed else 0


def cmd_report(args: argparse.Namespace) -> int:
    """``equity report``: every selected board's ruling as one document (equity.document):
    HTML or Markdown to --output, with --pdf also a PDF printed by headless Chromium.
    Boards in error are listed in the document and on stderr (exit 1); no traceback."""
    from equity.compare import without_equity
    from equity.document import PdfError, print_pdf, render_html, render_markdown
    from equity.pipeline import vulnerability_of

    out = Path(args.output)
    pdf = args.pdf or out.suffix.lower() == ".pdf"
    if not args.example and not args.file:
        return _usage("report: give a FILE or --example")
    if pdf and (args.format != "html" or args.output == "-"):
        return _usage("report: a PDF is printed from the HTML page to a file: "
                      "use --format html and an output file")
    options = _options(args)
    bad = _check_ruling_options(args)
    if bad is not None:
        return bad
    rulings: list[Ruling] = []
    errors: list[BoardError] = []
    for item in _boards(args):
        if not _selected(item, args.board):
            continue
        if isinstance(item, Board) and item.play is None:
            _skipped(item, "no play record: nothing to rule", False)
            continue
        try:
            if isinstance(item, BoardError):
                raise item
            ruling = _rule(item, options, args)
        except BoardError as e:
            errors.append(e)
            print(f"equity: {e}", file=sys.stderr)
            continue
        rulings.append(ruling if isinstance(ruling, Ruling) else without_equity(
            ruling, Policy.parse(args.policy), _event(item, args), vulnerability_of(item)))
    if not rulings and not errors:
        what = f"board {args.board}" if args.board is not None else "board with a play record"
        print(f"equity: {args.file or EXAMPLE}: no {what} found", file=sys.stderr)
        return 1
    text = (render_markdown(rulings, errors) if args.format == "md"
            else render_html(rulings, errors))
    page = out.with_suffix(".html") if out.suffix.lower() == ".pdf" else out
    try:
        if args.output == "-":
            sys.stdout.write(text)
        else:
            page.write_text(text, encoding="utf-8")
        if pdf:
            print_pdf(page, page.with_suffix(".pdf"))
    except (OSError, PdfError) as e:
        print(f"equity: report: {e}", file=sys.stderr)
        return 1
    return 1 if errors else 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "rule":
            return cmd_rule(args)
        if args.command == "scan":
            return cmd_scan(args)
        if args.command == "report":
            return cmd_report(args)
        if args.command == "batch":
            return cmd_batch(args)
    except BrokenPipeError:  # e.g. `equity rule ... | head`
        return 0
    except KeyboardInterrupt:
        print("equity: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # a bug of ours, never the input's: no traceback for users
        if os.environ.get("EQUITY_DEBUG"):
            raise
        print(f"equity: internal error: {type(e).__name__}: {e} (run with EQUITY_DEBUG=1 "
              "for the traceback, and please report it)", file=sys.stderr)
        return 3
    return _usage(f"unknown command {args.command}")


if __name__ == "__main__":
    raise SystemExit(main())
