"""The workbench's web application (Starlette): the page, its assets, and a small JSON API.

Every asset is served from the package (``equity/app/static``): no CDN, works offline.
The API rules through the one pipeline: options by :meth:`RulingOptions.from_values`
(an :class:`OptionError` comes back with the field at fault), the case as quitted rows
(:mod:`equity.formats.rows`, the code ``equity rule --rows`` uses), the rulings as
:func:`equity.render.text.board_json` writes them for ``equity rule --json``.

``GET /`` the page; ``GET /static/...`` its assets;
``GET /api/example`` the bundled example as a hand record;
``POST /api/handrecord?format=pbn|lin`` (body: the file) the boards of a hand record;
``POST /api/tricks`` (JSON ``{"rows": TEXT}``) the tricks the rows rebuild, no ruling;
``POST /api/rule`` (JSON ``{"rows": TEXT, "options": {FIELD: VALUE}}``) the rulings;
``POST /api/report`` / ``POST /api/pbn`` (same body) the report (HTML) / the case (PBN).

Errors are JSON ``{"error": MESSAGE, "field": NAME}`` with a 4xx status, never a
traceback. A request body is at most :data:`MAX_UPLOAD` bytes; a ruling (double-dummy
solving included) runs in a child process that is stopped after ``time_limit`` seconds.
"""

from __future__ import annotations

import json
import multiprocessing
import threading
from collections.abc import Callable
from importlib import resources
from multiprocessing.connection import Connection
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from equity.app.options import OptionError, RulingOptions
from equity.app.workbench.case import CaseResult, rule_possibilities
from equity.core.board import Board
from equity.core.cards import Seat, cards
from equity.core.errors import BoardError, UsageError
from equity.formats import read_text
from equity.formats.rows import Possibility, board_to_rows, parse_rows, rows_boards
from equity.formats.write import boards_to_pbn

MAX_UPLOAD = 2_000_000
"""Largest request body accepted, in bytes (a hand record of some thousand boards)."""

MAX_ROWS = 20_000
"""Largest rows text accepted, in characters."""

WEB_OPTIONS = ("laws", "attention", "claimer", "requirements", "policy", "weights",
               "likely", "probable", "serious_error", "equity", "other_table", "imps",
               "in_tricks")
"""The :class:`RulingOptions` fields the page may set (not those naming server files)."""

STATIC = resources.files("equity.app") / "static"

JSON = dict[str, Any]


class ApiError(Exception):
    """A request we refuse: the message, the form field at fault, the HTTP status."""

    def __init__(self, message: str, field: str | None = None, status: int = 422) -> None:
        super().__init__(message)
        self.message, self.field, self.status = message, field, status


def _error(e: ApiError) -> JSONResponse:
    return JSONResponse({"error": e.message, "field": e.field}, status_code=e.status)


async def _body(request: Request, limit: int = MAX_UPLOAD) -> bytes:
    """The request body, refused past ``limit`` bytes (before reading it all)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise ApiError(f"the upload is too large (at most {limit // 1000} kB)", "file", 413)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise ApiError(f"the upload is too large (at most {limit // 1000} kB)", "file",
                           413)
    return bytes(data)


async def _json(request: Request) -> JSON:
    raw = await _body(request)
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ApiError("the request is not JSON", None, 400) from None
    if not isinstance(obj, dict):
        raise ApiError("the request is not a JSON object", None, 400)
    return obj


def _options(obj: JSON) -> RulingOptions:
    raw = obj.get("options", {})
    if not isinstance(raw, dict):
        raise ApiError("options must be an object", "options", 400)
    unknown = sorted(set(raw) - set(WEB_OPTIONS))
    if unknown:
        raise ApiError(f"unknown option {unknown[0][:40]!r}", unknown[0][:40], 422)
    values: dict[str, Any] = {}
    for name, value in raw.items():
        if value in ("", None):
            continue
        if name in ("requirements", "weights"):
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ApiError(f"{name}: a list of texts", name)
        elif not isinstance(value, (str, int, float, bool)):
            raise ApiError(f"{name}: not a value", name)
        if name == "equity":
            # the page says whether to check Law 64C; the field's command-line value is
            # the --no-equity switch
            if not isinstance(value, bool):
                raise ApiError("equity: true or false", name)
            value = not value
        values[name] = value
    try:
        return RulingOptions.from_values(values)
    except OptionError as e:
        raise ApiError(str(e), e.name) from None
    except UsageError as e:
        raise ApiError(str(e)) from None


def _rows_text(obj: JSON) -> str:
    rows = obj.get("rows")
    if not isinstance(rows, str) or not rows.strip():
        raise ApiError("enter the play (the rows)", "rows")
    if len(rows) > MAX_ROWS:
        raise ApiError("the rows are too long", "rows", 413)
    return rows


_KEY_FIELDS = {"contract": "contract", "declarer": "declarer", "deal": "deal",
               "result": "result", "claim": "claimer", "laws": "laws",
               "attention": "attention", "require": "requirements", "lead": "rows",
               "won": "rows", "board": "board"}


def _board_error(e: BoardError, text: str) -> ApiError:
    """A rows error, named after the form field it belongs to: the key of its line."""
    field = "rows"
    if e.where.line is not None:
        lines = text.splitlines()
        if 0 < e.where.line <= len(lines):
            key = lines[e.where.line - 1].partition(":")[0].strip().lower()
            field = _KEY_FIELDS.get(key, "rows")
    return ApiError(_place(e), field)


def _place(e: BoardError) -> str:
    """The error as the page shows it: the board, then the place and the message."""
    where = str(e.where)
    where = ", ".join(p for p in where.split(", ") if not p.startswith("line "))
    return f"{e.board + ': ' if e.board else ''}{where + ': ' if where else ''}{e.message}"


def _possibilities(text: str) -> list[Possibility]:
    try:
        return rows_boards(parse_rows(text, "workbench"))
    except BoardError as e:
        raise _board_error(e, text) from None


def _tricks(p: Possibility) -> JSON:
    """The rebuilt tricks for the page: per trick the cards by seat, the marks, and who
    plays next."""
    play = p.board.play
    assert play is not None and p.board.contract is not None
    from equity.core.position import Position

    position = Position(p.board.deal.hands, p.board.contract.strain,
                        p.board.contract.opening_leader)
    out = []
    for number, trick in enumerate(play.tricks, 1):
        leader = position.leader
        order = []
        for k in range(4):
            seat = leader.after(k)
            card = trick[seat]
            if card is None:
                break
            order.append({"seat": seat.name, "card": str(card),
                          "revoke": play.marks.get((number, seat)) == "R"})
            position = position.play(card)
        out.append({"trick": number, "leader": leader.name, "cards": order,
                    "winner": position.leader.name if len(order) == 4 else None})
    return {"tricks": out, "to_play": position.to_play.name if position.tricks_left else None}


def _rule_in_child(conn: Connection, possibilities: list[Possibility],
                   options: RulingOptions, unknown: int) -> None:
    """The child process: rule, send the result back (or the error's text)."""
    try:
        conn.send(("ok", rule_possibilities(possibilities, options, unknown)))
    except BaseException as e:  # reported to the parent, never a traceback
        conn.send(("error", f"{type(e).__name__}: {e}"))
    finally:
        conn.close()


def _run_limited(fn: Callable[..., None], args: tuple[Any, ...], limit: float) -> Any:
    """Run ``fn(conn, *args)`` in a forked child; its answer, or ApiError after ``limit``
    seconds (the child is killed)."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=fn, args=(child, *args), daemon=True)
    proc.start()
    child.close()
    try:
        if not parent.poll(limit):
            raise ApiError(f"the ruling took longer than {limit:g} seconds and was stopped; "
                           "try the policy 'dd', fewer '?' cards, or rule it from the "
                           "command line", None, 503)
        try:
            status, value = parent.recv()
        except EOFError:
            raise ApiError("the ruling stopped unexpectedly", None, 500) from None
        if status != "ok":
            raise ApiError(f"internal error: {value}", None, 500)
        return value
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join(1)
        parent.close()


class Workbench:
    """The application's state: its limits, and one ruling at a time (2 cores...)."""

    def __init__(self, time_limit: float) -> None:
        self.time_limit = time_limit
        self.lock = threading.Lock()

    def rule(self, possibilities: list[Possibility], options: RulingOptions,
             unknown: int) -> CaseResult:
        with self.lock:
            result: CaseResult = _run_limited(_rule_in_child,
                                              (possibilities, options, unknown),
                                              self.time_limit)
            return result


def _board_summary(board: Board) -> JSON:
    """A hand-record board for the page: the deal and, when the file has them, the
    contract, the play as rows and the facts (all as plain values: the page shows them
    as text, never as markup)."""
    out: JSON = {
        "number": board.number, "label": board.label,
        "dealer": board.dealer.name if board.dealer is not None else None,
        "vulnerable": board.vulnerability.name if board.vulnerability is not None else None,
        "deal": board.deal.to_pbn(),
        "hands": {s.name: [str(c) for c in sorted(cards(board.deal[s]), reverse=True)]
                  for s in Seat},
        "contract": str(board.contract) if board.contract is not None else None,
        "declarer": board.contract.declarer.name if board.contract is not None else None,
        "result": board.result,
        "event": board.tags.get("Event", ""),
        "rows": None,
        "facts": _facts(board),
    }
    if board.play is not None and board.contract is not None:
        out["rows"] = board_to_rows(board)
    return out


def _facts(board: Board) -> JSON:
    f = board.facts
    attention = "; ".join([f.attention.value] + [f"{t}={a.value}" for t, a in
                                                  sorted(f.attention_by_trick.items())])
    return {"laws": f.laws, "attention": attention,
            "claimer": f.claimer.name if f.claimer is not None else None,
            "requirements": "; ".join(str(r) for r in f.requirements)}


def create_app(time_limit: float = 60.0) -> Starlette:
    """The workbench application; ``time_limit`` stops a ruling that runs longer."""
    bench = Workbench(time_limit)

    async def index(request: Request) -> Response:
        return FileResponse(str(STATIC / "index.html"), media_type="text/html")

    def _record(text: str, fmt: str, source: str) -> JSON:
        boards: list[JSON] = []
        errors: list[JSON] = []
        for item in read_text(text, fmt, source):
            if isinstance(item, BoardError):
                errors.append({"error": _place(item), "board": item.board})
            else:
                boards.append(_board_summary(item))
            if len(boards) + len(errors) > 5000:
                raise ApiError("the hand record holds too many boards", "file", 413)
        if not boards:
            raise ApiError(errors[0]["error"] if errors else "the file holds no board",
                           "file")
        return {"boards": boards, "errors": errors}

    async def example(request: Request) -> Response:
        text = (resources.files("equity") / "examples" / "3nt_east_diamond_revoke.pbn"
                ).read_text(encoding="utf-8")
        return JSONResponse(_record(text, "pbn", "example"))

    async def handrecord(request: Request) -> Response:
        fmt = request.query_params.get("format", "pbn").lower()
        if fmt not in ("pbn", "lin"):
            raise ApiError("the hand record is a PBN or LIN file", "file", 400)
        raw = await _body(request)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        if "\x00" in text:
            raise ApiError("not a text file", "file")
        return JSONResponse(_record(text, fmt, "hand record"))

    async def tricks(request: Request) -> Response:
        obj = await _json(request)
        text = _rows_text(obj)
        ps = _possibilities(text)
        return JSONResponse({**_tricks(ps[0]), "possibilities": len(ps)})

    async def _ruled(request: Request) -> tuple[CaseResult, list[Possibility]]:
        obj = await _json(request)
        options = _options(obj)
        text = _rows_text(obj)
        ps = _possibilities(text)
        unknown = parse_rows(text).unknowns
        result = await anyio.to_thread.run_sync(bench.rule, ps, options, unknown)
        return result, ps

    async def rule(request: Request) -> Response:
        result, ps = await _ruled(request)
        return JSONResponse({"rulings": result.to_json(), "note": result.note(),
                             "depends": result.depends,
                             "possibilities": result.possibilities,
                             **_tricks(ps[0])})

    async def report(request: Request) -> Response:
        from equity.render.html import render_html

        result, _ = await _ruled(request)
        page = render_html([r.ruling for r in result.ruled if r.ruling is not None],
                           [r.error for r in result.ruled if r.error is not None])
        return Response(page, media_type="text/html; charset=utf-8", headers={
            "Content-Disposition": 'attachment; filename="ruling.html"'})

    async def pbn(request: Request) -> Response:
        obj = await _json(request)
        ps = _possibilities(_rows_text(obj))
        try:
            text = boards_to_pbn(p.board for p in ps)
        except BoardError as e:
            raise ApiError(_place(e), "rows") from None
        return Response(text, media_type="application/x-pbn; charset=utf-8", headers={
            "Content-Disposition": 'attachment; filename="case.pbn"'})

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return _error(exc)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail, "field": None}, status_code=exc.status_code)

    async def internal(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"internal error ({type(exc).__name__}); please "
                             "report it", "field": None}, status_code=500)

    routes = [
        Route("/", index),
        Route("/api/example", example),
        Route("/api/handrecord", handrecord, methods=["POST"]),
        Route("/api/tricks", tricks, methods=["POST"]),
        Route("/api/rule", rule, methods=["POST"]),
        Route("/api/report", report, methods=["POST"]),
        Route("/api/pbn", pbn, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={
        ApiError: api_error, HTTPException: http_error, Exception: internal})


__all__ = ["MAX_UPLOAD", "WEB_OPTIONS", "ApiError", "create_app"]
