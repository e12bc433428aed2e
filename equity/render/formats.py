"""The output formats, registered in one place.

``equity rule --format NAME`` prints one ruling at a time in a :class:`BoardFormat`;
``equity batch --format NAME`` writes one resumable line a board in a :class:`BatchFormat`;
``equity report --format NAME`` writes every ruling into one document in a
:class:`DocumentFormat`; ``equity likely --format NAME`` prints each board's likely
outcomes in a :class:`ForecastFormat`. The command line takes its choices and their help
from here, so **a new output format is a module of** ``render/`` **and an entry below**,
with no edit to the CLI.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from equity.core.adjust import Ruling
from equity.core.game import BoardError
from equity.core.player import Forecast
from equity.render.brief import brief_text
from equity.render.jsonout import error_json
from equity.render.text import board_text

if TYPE_CHECKING:
    from equity.core.adjust import ReportedCase


def _later(module: str, name: str) -> Callable[..., Any]:
    """The function ``name`` of ``module``, imported when first called: a command
    imports only the layouts it prints (start-up)."""
    return lambda *args: getattr(importlib.import_module(module), name)(*args)


_CSV = "equity.render.csvrows"
"""The module of the CSV rows (with the tally its columns come from)."""


def _csv_columns() -> str:
    """The CSV columns' names, a batch's first line."""
    return ",".join(importlib.import_module(_CSV).FIELDS)


class BoardFormat(Struct, frozen=True):
    """A way to print rulings one board at a time, as they are made."""

    name: str
    help: str
    ruling: Callable[[Ruling, Mapping[str, Any], str], str]
    """What is printed for a ruling, from the ruling, its JSON object (with what the
    command adds, such as the scorer's entry) and the command's own text lines (shown
    under a text layout, already in the JSON object otherwise)."""
    error: Callable[[BoardError], str] | None = None
    """What is printed for a board in error; None: the error goes to stderr only."""
    header: Callable[[], str] = str
    """What is printed once before the first board (asked for then: a layout's module is
    imported by the command that prints it); ``str``: nothing."""
    for_people: bool = True
    """A layout for people (False: one record a board, for programs)."""


def _text(layout: Callable[[Ruling], str]) -> Callable[[Ruling, Mapping[str, Any], str], str]:
    return lambda ruling, _obj, extra: layout(ruling) + extra + "\n\n"


def _json_line(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False) + "\n"


BOARD_FORMATS: dict[str, BoardFormat] = {f.name: f for f in (
    BoardFormat("text", "the ruling in full, its decision and score first (default)",
                _text(board_text)),
    BoardFormat("brief", "the ruling as a Director reads it out: a few short lines (the "
                "revoke, established or corrected, the transfer, Law 64C, the score)",
                _text(brief_text)),
    BoardFormat("json", "JSON Lines, one object per board (the public contract)",
                lambda _r, obj, _extra: _json_line(obj),
                lambda e: _json_line(error_json(e)), for_people=False),
    BoardFormat("csv", "one flat row a board, as equity batch --format csv",
                lambda _r, obj, _extra: _later(_CSV, "json_row_line")(dict(obj)),
                lambda e: _later(_CSV, "json_row_line")(error_json(e)),
                _later(_CSV, "header_line"), for_people=False),
)}
"""``equity rule``'s formats, by name, in the order ``--help`` lists them."""


class BatchFormat(Struct, frozen=True):
    """A way to write ``equity batch``'s output: one line a board, made from the ruling's
    JSON line as it is written, and read back when a cut-short run resumes."""

    name: str
    help: str
    line: Callable[[str], str]
    """A board's JSON line (the public contract) as this format's line, without its end."""
    read: Callable[[str], Any]
    """A line of an earlier run read back to its fields (at least ``key``); raises
    ValueError on a line that is not a board's."""
    header: Callable[[], str] = str
    """The output's first line (without its end), asked for when it is written; ``str``:
    none."""


BATCH_FORMATS: dict[str, BatchFormat] = {f.name: f for f in (
    BatchFormat("jsonl", "JSON Lines (default: the full rulings, as equity rule --format "
                "json)", lambda line: line, json.loads),
    BatchFormat("csv", "CSV (one flat row a board: equity summary's columns)",
                lambda line: _later(_CSV, "json_row_line")(json.loads(line)).rstrip("\r\n"),
                _later(_CSV, "row_fields"), _csv_columns),
)}
"""``equity batch``'s formats, by name; the first is the default (and what its meta
record assumes when it names none)."""


class DocumentFormat(Struct, frozen=True):
    """A document of every ruling of a run, for an appeals committee."""

    name: str
    help: str
    render: Callable[[Sequence[Ruling], Sequence[BoardError], Sequence[ReportedCase]], str]


DOCUMENT_FORMATS: dict[str, DocumentFormat] = {f.name: f for f in (
    DocumentFormat("html", "a self-contained HTML page (default; --pdf prints it)",
                   _later("equity.render.html", "render_html")),
    DocumentFormat("md", "Markdown", _later("equity.render.markdown", "render_markdown")),
)}
"""``equity report``'s formats, by name; the first is the default."""


_FORECAST = "equity.render.forecast"
"""The module of ``equity likely``'s layouts."""


class ForecastFormat(Struct, frozen=True):
    """A way to print ``equity likely``'s outcomes one board at a time."""

    name: str
    help: str
    forecast: Callable[[Forecast], str]
    error: Callable[[BoardError], str] | None = None
    """What is printed for a board in error; None: the error goes to stderr only."""


FORECAST_FORMATS: dict[str, ForecastFormat] = {f.name: f for f in (
    ForecastFormat("text", "the outcomes with their probabilities, the decisions that "
                   "branch, what the players read from the table (default)",
                   lambda f: _later(_FORECAST, "forecast_text")(f) + "\n"),
    ForecastFormat("json", "JSON Lines, one object per board (the public contract)",
                   lambda f: _json_line(_later(_FORECAST, "forecast_json")(f)),
                   lambda e: _json_line(_later(_FORECAST, "forecast_error_json")(e))),
)}
"""``equity likely``'s formats, by name; the first is the default."""


def choices_help(formats: Mapping[str, BoardFormat] | Mapping[str, DocumentFormat]
                 | Mapping[str, ForecastFormat] | Mapping[str, BatchFormat]) -> str:
    """The formats as ``--help`` lists them: 'NAME (what it is); ...'."""
    return "; ".join(f"{f.name}: {f.help}" for f in formats.values())


__all__ = ["BATCH_FORMATS", "BOARD_FORMATS", "DOCUMENT_FORMATS", "FORECAST_FORMATS",
           "BatchFormat", "BoardFormat", "DocumentFormat", "ForecastFormat", "choices_help"]
