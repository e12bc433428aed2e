"""The ``equity`` command: a thin layer over :mod:`equity.app.pipeline`.

Exit codes: 0 every board was ruled; 1 at least one board (or file) could not be read or
replayed — its error is reported and the other boards are still ruled; 2 the command
line itself is wrong; 3 an internal error (a bug: one line, no traceback unless
``EQUITY_DEBUG`` is set); 130 interrupted.
"""

from __future__ import annotations

import gc
import os
import signal
import sys


def _forget_the_interrupt() -> None:
    """Tell CPython the Ctrl-C was handled. A KeyboardInterrupt that passed out of an
    ``exec`` or ``eval`` of a string (namedtuple and the standard library's dataclasses
    build their methods so, as a module is imported) leaves the interpreter's "unhandled
    Ctrl-C" mark set even once caught, and ``python -m`` then kills itself by SIGINT as
    it exits, after our "interrupted" (CPython's Python/pythonrun.c ``run_eval_code_obj``
    sets the mark, Modules/main.c ``Py_RunMain`` acts on it; the console script exits by
    ``Py_Exit``, which does not look). An ``eval`` of a string that completes clears the mark."""
    eval("None")  # clears the mark (see above); evaluates nothing of the user's


# A Ctrl-C while equity starts waits for the imports, then ends it like any other:
# raised inside an import run by C code, it came out as numpy's ImportError, a
# traceback, or a death by SIGINT. A command's own imports (the core, numpy for the
# batch readers) wait for nothing else (_import_for): `equity --help` and `--version`
# import none of them.
_HELD = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
try:
    try:
        import argparse
        import json
        from collections.abc import Iterator, Sequence
        from importlib import resources
        from pathlib import Path
        from typing import TYPE_CHECKING, NoReturn

        from equity import __version__
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, _HELD)  # raises the Ctrl-C held
except KeyboardInterrupt:
    print("equity: interrupted", file=sys.stderr)
    _forget_the_interrupt()
    raise SystemExit(130) from None

if TYPE_CHECKING:
    from equity.core.adjust import ReportedCase, Ruling
    from equity.core.game import Board, BoardError
    from equity.render.formats import BoardFormat

EXAMPLE = "3nt_east_diamond_revoke.pbn"


class _Parser(argparse.ArgumentParser):
    """argparse with its errors in one line that points to ``--help``: the usage of a
    command with forty options is sixteen lines its one-line error drowned in."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


COMMANDS = {
    "rule": "rule on every revoke of the boards in a PBN or LIN file",
    "report": "write the ruling as a page an appeals committee can read: HTML (default), "
              "Markdown, and PDF",
    "serve": "the Director's workbench: a local web page to enter a case (hand record, "
             "play, facts) and see the ruling",
    "scan": "find every revoke in PBN / LIN files or directories, fast and without solving",
    "batch": "full rulings (as rule --json) for every board with a revoke in PBN / LIN "
             "files or directories, solving in batches",
    "summary": "what a batch output holds: boards, revokes by law, transfers, Law 64C "
               "adjustments, errors (a table; --html, --csv)",
    "likely": "the likely outcomes from a point of a real record: declarer's final tricks "
              "with their probabilities (the player model the Law 64C lines use)",
}
"""The commands and their one-line help, in the order ``equity --help`` lists them."""


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line: every command's arguments, or (``command`` given) that
    command's alone, the others by name and help: what ``equity --help`` lists needs
    none of the modules a command's arguments come from."""
    p = _Parser(prog="equity", description="Rule on revokes in duplicate bridge (Laws "
                "61-64) from a deal's play record.")
    p.add_argument("--version", action="version", version=f"equity {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    fill = {"rule": _rule_arguments, "report": _report_arguments,
            "serve": _serve_arguments, "scan": _scan_arguments, "batch": _batch_arguments,
            "summary": _summary_arguments, "likely": _likely_arguments}
    for name, help_ in COMMANDS.items():
        q = sub.add_parser(name, help=help_)
        if command is None or command == name:
            fill[name](q)
    return p


def _rule_arguments(r: argparse.ArgumentParser) -> None:
    from equity.app.options import add_arguments
    from equity.app.results import add_results_arguments
    from equity.render.formats import BOARD_FORMATS, choices_help

    case = r.add_argument_group("the case")
    case.add_argument("file", nargs="?", help="a .pbn or .lin file")
    case.add_argument("--example", action="store_true",
                      help="rule on the example deal bundled with equity")
    case.add_argument("--board", type=int, help="only this board number")
    case.add_argument("--rows", metavar="ROWS",
                      help="the case as quitted rows: one line per seat, its cards in the "
                           "order played, with contract, declarer and facts ('-' for stdin; "
                           "see the manual, 'Entering a case')")
    case.add_argument("--deal", metavar="HANDRECORD",
                      help="with --rows: the hand record (PBN or LIN) whose board --board "
                           "(or the rows' 'board:') the rows were played on")
    out = r.add_argument_group("the output")
    out.add_argument("--format", choices=list(BOARD_FORMATS), default=None,
                     help=choices_help(BOARD_FORMATS))
    out.add_argument("--json", action="store_true", help="the same as --format json")
    out.add_argument("--brief", action="store_true", help="the same as --format brief")
    out.add_argument("--stats", action="store_true",
                     help="print each ruling's DDS work (positions, decisions, layouts, "
                          "seconds) on stderr")
    add_arguments(r)
    add_results_arguments(r)


def _report_arguments(o: argparse.ArgumentParser) -> None:
    from equity.app.options import add_arguments
    from equity.render.formats import DOCUMENT_FORMATS, choices_help

    o.add_argument("file", nargs="?", help="a .pbn or .lin file")
    o.add_argument("--example", action="store_true",
                   help="report on the example deal bundled with equity")
    o.add_argument("--board", type=int, help="only this board number (default: every board)")
    o.add_argument("-o", "--output", metavar="OUT", required=True,
                   help="the file to write ('-' for stdout); OUT.pdf implies --pdf")
    o.add_argument("--format", choices=list(DOCUMENT_FORMATS),
                   default=next(iter(DOCUMENT_FORMATS)), help=choices_help(DOCUMENT_FORMATS))
    o.add_argument("--pdf", action="store_true",
                   help="also print the HTML page to a PDF beside it (OUT with .pdf), "
                        "with headless Chromium")
    add_arguments(o)


def _serve_arguments(w: argparse.ArgumentParser) -> None:
    w.add_argument("--host", default=None,
                   help="address to listen on (default 127.0.0.1, this machine only; with "
                        "--lan, this machine's address on the network)")
    w.add_argument("--lan", action="store_true",
                   help="serve phones on the club's network: the LAN address, a random "
                        "token, the address printed first and as a QR code")
    w.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    w.add_argument("--time-limit", type=float, default=60.0, metavar="SECONDS",
                   help="stop a ruling that takes longer (default 60)")


def _scan_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("paths", nargs="+", metavar="PATH", help=".pbn / .lin files or directories")
    s.add_argument("--format", choices=["jsonl", "csv"], default="jsonl",
                   help="JSON Lines (default) or CSV; one row per revoke or board error")
    s.add_argument("--out", metavar="FILE", help="write the rows here (default: stdout)")


def _batch_arguments(b: argparse.ArgumentParser) -> None:
    from equity.app.options import add_arguments
    from equity.render.formats import BATCH_FORMATS, choices_help

    b.add_argument("paths", nargs="+", metavar="PATH", help=".pbn / .lin files or directories")
    b.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="worker processes (default 1); DDS threads are shared among them")
    b.add_argument("--out", metavar="FILE",
                   help="JSON Lines output; a rerun with the same FILE completes a run that "
                        "was cut short (default: stdout)")
    b.add_argument("--time-limit", type=float, default=60.0, metavar="SECONDS",
                   help="report a board as an error when double-dummy solving takes longer "
                        "(default 60; 0: no limit)")
    b.add_argument("--restart", action="store_true",
                   help="start --out FILE over (needed to rerun it with other ruling options)")
    b.add_argument("--format", choices=list(BATCH_FORMATS), default=next(iter(BATCH_FORMATS)),
                   help=choices_help(BATCH_FORMATS))
    b.add_argument("--scheduler", metavar="ADDRESS",
                   help="run the ruling on a Dask cluster (e.g. tcp://host:8786) instead of "
                        "local worker processes; needs equity[dask]")
    add_arguments(b)


def _summary_arguments(p: argparse.ArgumentParser) -> None:
    from equity.app.summary import add_summary_arguments

    add_summary_arguments(p)


def _likely_arguments(p: argparse.ArgumentParser) -> None:
    from equity.app.likely_cmd import add_likely_arguments

    add_likely_arguments(p)


def cmd_scan(args: argparse.Namespace) -> int:
    """``equity scan``: the rows go to --out or stdout, a progress bar (on a terminal) and
    a summary to stderr; exit 1 when a board or file could not be read or replayed."""
    import contextlib
    import csv

    from equity.app.scan import FIELDS, scan_chunk
    from equity.formats.fastread import read_packed
    from equity.formats.walk import files
    from equity.render.csvrows import text_cell
    from equity.render.tally import Counts

    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        return _usage(f"scan: no such file or directory: {missing[0]}")
    tally = Counts()
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
                    writer.writerow(["" if v is None else text_cell(v) if isinstance(v, str)
                                     else v for v in (getattr(row, f) for f in FIELDS)])
                else:
                    out.write(json.dumps(row.to_json(), ensure_ascii=False) + "\n")
            if bar is not None:
                bar.update(len(chunk) + chunk.unplayed + len(chunk.errors))
    print(f"equity scan: {tally.screened} boards screened, {tally.revokes} revokes, "
          f"{tally.errors} boards in error, {tally.unplayed} without play",
          file=sys.stderr)
    return 1 if tally.errors else 0


def cmd_batch(args: argparse.Namespace) -> int:
    """``equity batch``: rulings to --out or stdout (equity.app.batch), a progress bar (on a
    terminal) and a summary to stderr; exit 1 when a board was in error or the disk is
    full, 2 when the command line or --out is refused, 130 / 143 on SIGINT / SIGTERM (the
    output is resumable)."""
    import logging

    from equity.app.batch import run_batch
    from equity.app.batch.output import OutputFull
    from equity.app.batch.run import Terminated, terminate_raises
    from equity.app.options import RulingOptions
    from equity.core.game import UsageError
    from equity.render.text import work_text

    logging.basicConfig(level=logging.WARNING, format="equity batch: %(message)s")
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        return _usage(f"batch: no such file or directory: {missing[0]}")
    if args.jobs < 1 or args.time_limit < 0:
        return _usage("batch: --jobs must be at least 1 and --time-limit not negative")
    if args.traveller or args.field_from_input:
        return _usage("batch: --traveller and --field-from-input give one board's field; "
                      "use equity rule for them")
    if args.restart and not args.out:
        return _usage("batch: --restart starts an --out FILE over; there is none")
    try:
        options = RulingOptions.from_args(args)
    except UsageError as e:
        return _usage(str(e))
    resume = f"; rerun the same command to complete {args.out}" if args.out else ""
    try:
        with terminate_raises():
            s = run_batch(args.paths, options, args.out, args.jobs, args.time_limit or None,
                          progress="bar" if sys.stderr.isatty() else "lines",
                          restart=args.restart,
                          scheduler=args.scheduler, fmt=args.format)
    except UsageError as e:
        return _usage(str(e))
    except OutputFull as e:
        print(f"equity batch: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"equity batch: interrupted{resume}", file=sys.stderr)
        return 130
    except Terminated:
        print(f"equity batch: terminated{resume}", file=sys.stderr)
        return 143
    print(f"equity batch: {s.closing()}", file=sys.stderr)
    if s.work.positions or s.work.seconds:
        print(f"equity batch: all boards: {work_text(s.work)}", file=sys.stderr)
    return 1 if s.errors else 0


def _usage(message: str) -> int:
    print(f"equity: {message}", file=sys.stderr)
    return 2


def _boards(args: argparse.Namespace) -> Iterator[Board | BoardError]:
    from equity.formats import read_boards, read_text

    if args.example:  # named by its file name, not its place in site-packages
        text = (resources.files("equity") / "examples" / EXAMPLE).read_text(encoding="utf-8")
        yield from read_text(text, "pbn", EXAMPLE)
    else:
        yield from read_boards(Path(args.file))


def _selected(item: Board | BoardError, number: int | None) -> bool:
    """Whether ``--board number`` keeps this board (or this board's error; an error about
    the whole file is always kept)."""
    from equity.core.game import Board
    from equity.formats import names_board

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


class _Setup:
    """What ``rule`` and ``report`` read once before ruling: the options and the other
    tables' scores a traveller or the input file give (Law 64C compares scores)."""

    def __init__(self, args: argparse.Namespace) -> None:
        from equity.app.options import RulingOptions
        from equity.app.pipeline import table_scores
        from equity.app.results import Results

        self.options = RulingOptions.from_args(args)
        o = self.options
        self.input_field = (table_scores(args.file) if o.field_from_input and args.file
                            else {})
        self.results = Results.from_args(args, o)  # USEBIO / PBN ScoreTable, --pairs
        self.traveller = (table_scores(o.traveller) if isinstance(o.traveller, Path)
                          and self.results.file is None else None)
        self.board_number: int | None = args.board

    def field_for(self, board: Board) -> tuple[int, ...]:
        """The other tables' N-S scores for ``board``, when a file gives them."""
        if self.results.file is not None:
            return self.results.field_for(board)
        if self.options.field_from_input:
            return tuple(score for index, score in self.input_field.get(board.number, ())
                         if index != board.index)
        if self.traveller is not None:
            number = self.board_number if self.board_number is not None else board.number
            return tuple(score for _, score in self.traveller.get(number, ()))
        return ()


def _rulings(args: argparse.Namespace, setup: _Setup, as_json: bool
             ) -> Iterator[Ruling | ReportedCase | BoardError | None]:
    """The ruling (or the error) of every board selected; a board without play is
    ruled from its reported revoke (``[EquityRevoke]``, ``--revoke``) or its claim from
    the cards still held (``[EquityClaimPosition]``), else said and skipped (None)."""
    from equity.app.pipeline import (
        is_claim_position,
        is_reported,
        rule_board,
        rule_reported_board,
    )
    from equity.core.game import Board, BoardError

    for item in _boards(args):
        if not _selected(item, args.board):
            continue
        if isinstance(item, Board) and is_reported(item, setup.options):
            try:
                yield rule_reported_board(item, setup.options)
            except BoardError as e:
                yield e
            continue
        if isinstance(item, Board) and item.play is None \
                and not is_claim_position(item, setup.options):
            _skipped(item, "no play record: nothing to rule", as_json)
            yield None
            continue
        if isinstance(item, BoardError):
            yield item
            continue
        try:
            ruling = rule_board(item, setup.options, field_scores=setup.field_for(item))
            setup.results.check_pairs(ruling)
        except BoardError as e:
            yield e
            continue
        yield ruling


def board_format(args: argparse.Namespace) -> BoardFormat | str:
    """The one output format of ``rule``: ``--format``, or its aliases ``--json`` and
    ``--brief``; the usage error when they disagree."""
    from equity.render.formats import BOARD_FORMATS

    given = {flag: name for flag, name, on in (
        (f"--format {args.format}", args.format, args.format is not None),
        ("--json", "json", args.json), ("--brief", "brief", args.brief)) if on}
    if len(set(given.values())) > 1:
        return f"rule: {' and '.join(given)}: one output format at a time"
    return BOARD_FORMATS[next(iter(given.values()), "text")]


def cmd_rule(args: argparse.Namespace) -> int:
    """``equity rule FILE``: every selected board's ruling in the chosen format, as each
    is made; a board in error is said (on stdout too in a format for programs)."""
    from equity.core.adjust import Ruling
    from equity.core.game import BoardError, UsageError, Work
    from equity.render.jsonout import board_json
    from equity.render.text import work_text

    fmt = args.output_format
    if not args.example and not args.file:
        return _usage("rule: give a FILE or --example")
    try:
        setup = _Setup(args)
    except UsageError as e:
        return _usage(str(e))
    if setup.options.revoke is not None and args.board is None:
        return _usage("rule: --revoke is one board's revoke: give --board N")
    sys.stdout.write(fmt.header())
    failed = found = 0
    total = Work()
    for ruling in _rulings(args, setup, fmt.name == "json"):
        found += 1
        if ruling is None:
            continue
        if not isinstance(ruling, (Ruling, BoardError)):  # no card play: as reported
            from equity.render.reported import reported_json, reported_text  # (start-up)

            sys.stdout.write(json.dumps(reported_json(ruling), ensure_ascii=False) + "\n"
                             if fmt.name == "json" else reported_text(ruling))
            sys.stdout.flush()
            continue
        if isinstance(ruling, BoardError):
            failed += 1
            if fmt.error is not None:
                sys.stdout.write(fmt.error(ruling))
            else:
                print(f"equity: {ruling}", file=sys.stderr)
        else:
            obj = setup.results.with_entry(board_json(ruling), ruling)
            sys.stdout.write(fmt.ruling(ruling, obj, setup.results.text(ruling)))
        sys.stdout.flush()
        if args.stats and not isinstance(ruling, BoardError) and ruling.work is not None:
            total.add(ruling.work)
            print(f"equity: {ruling.automatic.replay.board.label}: {work_text(ruling.work)}",
                  file=sys.stderr, flush=True)
        if not isinstance(ruling, BoardError) and not _results_written(setup, ruling):
            return 1
    if args.stats and found > 1:
        print(f"equity: all boards: {work_text(total)}", file=sys.stderr)
    if setup.results.out is not None and not setup.results.written and not failed:
        print("equity: --results-out: no board was ruled, nothing written", file=sys.stderr)
        return 1
    if found == 0:
        what = f"no board {args.board}" if args.board is not None else "no board"
        print(f"equity: {args.file or EXAMPLE}: {what} found", file=sys.stderr)
        return 1
    return 1 if failed else 0


def _results_written(setup: _Setup, ruling: Ruling) -> bool:
    """``ruling`` written into ``--results-out`` when asked for; False (and said) when
    it cannot be."""
    from equity.core.game import UsageError

    try:
        said = setup.results.write(ruling)
    except (UsageError, OSError) as e:
        print(f"equity: --results-out: {e}", file=sys.stderr)
        return False
    if said:
        print(said, file=sys.stderr)
    return True


def cmd_rule_rows(args: argparse.Namespace) -> int:
    """``equity rule --rows ROWS [--deal HANDRECORD] [--board N]``: the case as quitted
    rows (equity.formats.rows), ruled through the same pipeline; a ``?`` card whose
    value matters gives one ruling per possibility."""
    from equity.app.workbench.case import rule_rows
    from equity.core.game import BoardError, UsageError
    from equity.render.reported import reported_text

    if args.file or args.example:
        return _usage("rule: --rows takes the deal from --deal HANDRECORD (or the rows' "
                      "'deal:' line), not from FILE or --example")
    try:
        setup = _Setup(args)
    except UsageError as e:
        return _usage(str(e))
    try:
        text = (sys.stdin.read() if args.rows == "-"
                else Path(args.rows).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        print(f"equity: cannot read the rows {args.rows}: {e}", file=sys.stderr)
        return 1
    try:
        result = rule_rows(text, setup.options, rows_source=args.rows, record=args.deal,
                           number=args.board, field_scores=setup.field_for)
    except BoardError as e:
        fmt = args.output_format
        if fmt.error is not None:
            sys.stdout.write(fmt.error(e))
        else:
            print(f"equity: {e}", file=sys.stderr)
        return 1
    for r in result.ruled:
        if r.ruling is not None:
            try:
                setup.results.check_pairs(r.ruling)
            except BoardError as e:
                print(f"equity: {e}", file=sys.stderr)
                return 1
    note = result.note()
    fmt = args.output_format
    if not fmt.for_people:
        for obj in result.to_json():
            print(json.dumps(obj, ensure_ascii=False), flush=True)
    else:
        if note:
            print(note + "\n")
        for r in result.ruled:
            if result.depends:
                print(f"Possibility: {r.possibility.describe()}")
            if r.ruling is not None:
                sys.stdout.write(fmt.ruling(r.ruling, {}, ""))
                sys.stdout.flush()
            elif r.reported is not None:
                sys.stdout.write(reported_text(r.reported))
            else:
                print(f"equity: {r.error}", file=sys.stderr)
    if any(r.error is not None for r in result.ruled):
        return 1
    if setup.results.out is not None:
        if result.depends:  # one line a table: which possibility is the table's?
            print("equity: --results-out: the ruling depends on the cards not remembered; "
                  "nothing written", file=sys.stderr)
            return 1
        ruling = result.ruled[0].ruling
        if ruling is not None and not _results_written(setup, ruling):
            return 1
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """``equity serve``: the workbench's web server, until interrupted."""
    from equity.app.serve import serve
    from equity.core.game import UsageError

    if not 0 < args.port < 65536 or args.time_limit <= 0:
        return _usage("serve: --port must be 1-65535 and --time-limit positive")
    try:
        return serve(args.host, args.port, args.time_limit, lan=args.lan)
    except UsageError as e:
        return _usage(str(e))


def cmd_report(args: argparse.Namespace) -> int:
    """``equity report``: every selected board's ruling as one document (equity.render):
    HTML or Markdown to --output, with --pdf also a PDF printed by headless Chromium.
    ``-o X.pdf`` writes the PDF alone (printed from a temporary page, never X.html);
    ``-o X.html --pdf`` writes both. Boards in error are listed in the document and on
    stderr (exit 1); no traceback."""
    from equity.app.outfile import check_output, refuse_inputs, write_whole, write_with
    from equity.core.adjust import ReportedCase
    from equity.core.game import BoardError, UsageError
    from equity.render.formats import DOCUMENT_FORMATS
    from equity.render.pdf import PdfError, print_html, print_pdf

    out = Path(args.output)
    pdf_only = out.suffix.lower() == ".pdf"
    pdf = args.pdf or pdf_only
    if not args.example and not args.file:
        return _usage("report: give a FILE or --example")
    if pdf and (args.format != "html" or args.output == "-"):
        return _usage("report: a PDF is printed from the HTML page to a file: "
                      "use --format html and an output file")
    try:
        setup = _Setup(args)
    except UsageError as e:
        return _usage(str(e))
    targets = [] if args.output == "-" else [out.with_suffix(".pdf")] if pdf_only else (
        [out, out.with_suffix(".pdf")] if pdf else [out])
    try:  # refused before the ruling, not after it
        for target in targets:
            check_output(target, "report -o")
            if args.file:
                refuse_inputs("report -o", target, [("ruled file", args.file)])
    except UsageError as e:
        print(f"equity: report: {e}", file=sys.stderr)
        return 1
    rulings: list[Ruling] = []
    errors: list[BoardError] = []
    reported: list[ReportedCase] = []
    for ruling in _rulings(args, setup, False):
        if ruling is None:
            continue
        if isinstance(ruling, ReportedCase):  # no card play: the revoke as reported
            reported.append(ruling)
            continue
        if isinstance(ruling, BoardError):
            errors.append(ruling)
            print(f"equity: {ruling}", file=sys.stderr)
        else:
            rulings.append(ruling)
    if not rulings and not errors and not reported:
        what = f"board {args.board}" if args.board is not None else "board with a play record"
        print(f"equity: {args.file or EXAMPLE}: no {what} found", file=sys.stderr)
        return 1
    text = DOCUMENT_FORMATS[args.format].render(rulings, errors, reported)
    try:
        if pdf_only:
            write_with(out, lambda tmp: print_html(text, tmp), "report")
        elif args.output == "-":
            sys.stdout.write(text)
        else:
            write_whole(out, text, "report")
            if pdf:
                write_with(out.with_suffix(".pdf"), lambda tmp: print_pdf(out, tmp),
                           "report")
    except (OSError, PdfError, UsageError) as e:
        print(f"equity: report: {e}", file=sys.stderr)
        return 1
    return 1 if errors else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; its exit code (module docstring). As the program (``argv`` None),
    a Ctrl-C once the command is over is ignored: there is nothing left to stop, and
    Python, which resets its signal handlers as it shuts down, would die of it."""
    try:
        return _run(argv)
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
    finally:
        if argv is None:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            _forget_the_interrupt()  # a Ctrl-C handled (by us or by batch) stays handled


def _import_for(command: str) -> None:
    """What ``command`` needs imported, a Ctrl-C meanwhile held until the imports are
    done (see the top of this module): the options (every command's hidden options are
    checked) and so the core, the pipeline for a command that rules, and numpy for those
    that read files in packed batches (a ruling loads it only to read an auction).

    numpy is loaded with OpenBLAS's pool of threads at one (unless the user set it):
    equity does no linear algebra, only sorts and sums, and the pool's threads, started
    as numpy loads, cost a tenth of a second of CPU a command (issue 49).

    What the imports make (modules, classes, tables) lives as long as the process: the
    first time, the garbage collector does not run while they are made, and is then told
    to leave them out of its later passes (``gc.freeze``), which would walk them again
    and again for nothing (2.4 % of ``rule --example``'s instructions, issue 49). A
    caller that runs :func:`main` again (tests, benchmarks) freezes nothing more."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    first = "equity.app.options" not in sys.modules
    collecting = gc.isenabled()
    if first:
        gc.disable()
    try:
        import equity.app.options

        if command in ("rule", "report", "likely"):
            import equity.app.pipeline
            import equity.app.results  # noqa: F401
        if command in ("scan", "batch"):
            import numpy  # noqa: F401
    finally:
        if first:
            if collecting:
                gc.enable()
            gc.freeze()
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _run(argv: Sequence[str] | None) -> int:
    given = sys.argv[1:] if argv is None else list(argv)
    command = next((a for a in given if not a.startswith("-")), "")
    if command in COMMANDS:
        _import_for(command)
    args = _parser(command).parse_args(given)
    from equity.app.options import hidden_given

    for said in hidden_given(args):
        print(f"equity: {said}", file=sys.stderr)
    file = getattr(args, "file", None)
    if args.command in ("rule", "report", "likely") and file and Path(file).is_dir():
        return _usage(f"{args.command}: {file} is a folder; {args.command} reads one PBN or "
                      f"LIN file (equity batch {file} rules every file under it)")
    if args.command == "rule":
        fmt = board_format(args)
        if isinstance(fmt, str):
            return _usage(fmt)
        args.output_format = fmt
        args.json = fmt.name == "json"
        if args.rows is not None:
            if fmt.name == "csv":
                return _usage("rule: --format csv is for a FILE of boards, not --rows")
            return cmd_rule_rows(args)
        if args.deal is not None:
            return _usage("rule: --deal HANDRECORD goes with --rows ROWS")
        return cmd_rule(args)
    if args.command == "serve":
        return cmd_serve(args)
    if args.command == "scan":
        return cmd_scan(args)
    if args.command == "report":
        return cmd_report(args)
    if args.command == "batch":
        return cmd_batch(args)
    if args.command == "summary":
        from equity.app.summary import cmd_summary

        return cmd_summary(args)
    if args.command == "likely":
        from equity.app.likely_cmd import cmd_likely

        return cmd_likely(args)
    return _usage(f"unknown command {args.command}")


if __name__ == "__main__":
    raise SystemExit(main())
