"""``equity likely``: the likely outcomes from a point of a real record.

From the start of trick K+1 of a board's record — the cards played so far, the suits
shown out of, the penalty cards in force, nothing later — the outcome tree plays on
with the decision model and the player model of a class, favouring nobody: the same
implementation the Law 64C lines and the table line use once they leave the record
(:func:`equity.app.pipeline.forecast_board`). Its options are the ruling options that
bear on it (:data:`~equity.app.options.FORECAST_OPTIONS`), its output formats are
registered with the others (:data:`~equity.render.formats.FORECAST_FORMATS`; the JSON
contract is :mod:`equity.render.forecast`'s).
"""

from __future__ import annotations

import argparse
import sys

from equity.app.options import FORECAST_OPTIONS, RulingOptions, add_arguments
from equity.app.pipeline import forecast_board
from equity.core.game import BoardError, EquityError, UsageError, Where
from equity.formats import names_board, read_boards
from equity.render.formats import FORECAST_FORMATS, ForecastFormat, choices_help


def add_likely_arguments(k: argparse.ArgumentParser) -> None:
    """The ``likely`` command's arguments, on its parser."""
    k.add_argument("file", help="a .pbn or .lin file")
    k.add_argument("--board", type=int, help="only this board number")
    k.add_argument("--after-trick", type=int, required=True, metavar="K",
                   help="start from trick K+1: the cards of tricks 1..K played, nothing "
                        "later (0: before the opening lead)")
    out = k.add_argument_group("the output")
    out.add_argument("--format", choices=list(FORECAST_FORMATS), default=None,
                     help=choices_help(FORECAST_FORMATS))
    out.add_argument("--json", action="store_true", help="the same as --format json")
    add_arguments(k, FORECAST_OPTIONS)


def _format(args: argparse.Namespace) -> ForecastFormat | str:
    """The output format: ``--format``, or its alias ``--json``; the usage error when
    they disagree."""
    if args.json and args.format not in (None, "json"):
        return f"likely: --format {args.format} and --json: one output format at a time"
    return FORECAST_FORMATS["json" if args.json else args.format or "text"]


def cmd_likely(args: argparse.Namespace) -> int:
    """``equity likely``: exit 1 when a board could not be read, replayed or played on
    from the trick asked (its error named, the other boards go on), 2 for a wrong
    command line."""
    if not 0 <= args.after_trick <= 12:  # said once, before any board is read
        return _usage(f"likely: --after-trick {args.after_trick}: give 0 (before the "
                      "opening lead) to 12")
    fmt = _format(args)
    if isinstance(fmt, str):
        return _usage(fmt)
    try:
        options = RulingOptions.from_args(args)
    except UsageError as e:
        return _usage(f"likely: {e}")
    errors = found = 0
    for item in read_boards(args.file):
        if isinstance(item, BoardError):
            if args.board is None or item.board is None or names_board(item.board, args.board):
                errors += 1
                _error(item, fmt)
            continue
        if args.board is not None and item.number != args.board:
            continue
        found += 1
        try:
            sys.stdout.write(fmt.forecast(forecast_board(item, args.after_trick, options)))
        except EquityError as e:
            errors += 1
            _error(e if isinstance(e, BoardError) else
                   BoardError(str(e), item.source, item.label, Where()), fmt)
        sys.stdout.flush()
    if not found and not errors:
        _error(BoardError("no board" + (f" {args.board}" if args.board else ""), args.file),
               fmt)
        return 1
    return 1 if errors else 0


def _usage(message: str) -> int:
    print(f"equity: {message}", file=sys.stderr)
    return 2


def _error(err: BoardError, fmt: ForecastFormat) -> None:
    if fmt.error is not None:
        sys.stdout.write(fmt.error(err))
        sys.stdout.flush()
    else:
        print(f"equity: {err}", file=sys.stderr)


__all__ = ["add_likely_arguments", "cmd_likely"]
