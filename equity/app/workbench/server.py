"""The workbench's web application (Starlette): the page, its assets, and a small JSON API.

Every asset is served from the package (``equity/app/static``): no CDN, works offline.
The API rules through the one pipeline: options by :meth:`RulingOptions.from_values`
(an :class:`OptionError` comes back with the field at fault), the case as quitted rows
(:mod:`equity.formats.rows`, the code ``equity rule --rows`` uses), the rulings as
:func:`equity.render.jsonout.board_json` writes them for ``equity rule --json``.

``GET /`` the page; ``GET /static/...`` its assets;
``GET /api/options`` the ruling options the page offers, described from the fields of
:class:`RulingOptions` (:func:`describe_options`), so the page builds its form from them
and an option added there appears on the page unchanged;
``GET /api/example`` the bundled example as a hand record;
``POST /api/handrecord?format=pbn|lin`` (body: the file) the boards of a hand record;
``POST /api/deal`` (JSON ``{"deal": TEXT, "board": N}``) a deal typed or pasted
(:mod:`equity.formats.dealtext`) as a one-board hand record, dealer and vulnerability
from the board number;
``POST /api/tricks`` (JSON ``{"rows": TEXT}``) the tricks the rows rebuild, no ruling;
``POST /api/rule`` (JSON ``{"rows": TEXT, "options": {FIELD: VALUE}}``, the values as
:meth:`RulingOptions.from_values` takes them: text, a list of texts for a repeatable
option, true for a switch) the rulings, and beside them (``said``) each ruling's
decision in one sentence and its sentences read out (:mod:`equity.render.brief`);
``POST /api/report`` / ``POST /api/pbn`` (same body) the report (HTML) / the case (PBN,
the facts of the options written as our tags, the other options as a ``%`` comment
holding the ``equity rule`` command line).

Errors are JSON ``{"error": MESSAGE, "field": NAME}`` with a 4xx status, never a
traceback. A request body is at most :data:`MAX_UPLOAD` bytes. Each ruling's work is
bounded: the positions it may hand to DDS and the estimate's size by :data:`WORK_LIMITS`
(a ruling past its positions stops with an error naming the limit), the Director's lists by
:data:`MAX_LIST`, and its time: it runs in a child process, on one DDS thread, that is
stopped after ``time_limit`` seconds. Rulings run side by side up to the cores, one per
client, the others waiting their turn in bounded lines (:mod:`equity.app.workbench.admission`:
429 and ``Retry-After`` beyond them); :mod:`equity.app.workbench.guard` checks the Host, the
Origin and, on a network, the token before any of this.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from importlib import resources
from typing import Any

import anyio
from msgspec.structs import replace
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from equity.app.machine import usable_cores
from equity.app.options import DEFAULT_OPTIONS, OPTIONS, CliOption, OptionError, RulingOptions
from equity.app.workbench.admission import CHEAP, Admission, Busy, expected_work
from equity.app.workbench.case import CaseResult
from equity.app.workbench.guard import Guard
from equity.app.workbench.hardening import Quiet, SecurityHeaders
from equity.app.workbench.wording import DIRECTOR_CHIPS, DIRECTOR_WORDS
from equity.app.workbench.workers import Stopped, run_limited
from equity.app.workbench.workers import rule as rule_case
from equity.core.game import (
    FACTS,
    Board,
    BoardError,
    EquityError,
    Seat,
    UsageError,
    Vulnerability,
    cards,
    dealer_for_board,
    small_int,
)
from equity.core.player import REFERENCE
from equity.formats import read_text
from equity.formats.dealtext import DealTextError, parse_deal_text
from equity.formats.facts import fact_tags
from equity.formats.rows import (
    Possibility,
    RowsCase,
    board_to_rows,
    parse_rows,
    played_rows,
    rows_boards,
)
from equity.formats.text_lines import BLOCK, not_text
from equity.formats.write import boards_to_pbn

MAX_UPLOAD = 2_000_000
"""Largest request body accepted, in bytes (a hand record of some thousand boards)."""

MAX_ROWS = 20_000
"""Largest rows text accepted, in characters."""

NOT_ON_THE_PAGE = frozenset({"traveller", "field_from_input"})
"""The :class:`RulingOptions` fields the page does not offer: they read files on the
server (a traveller, the other boards of the input file). Every other field is offered."""

FACTS_BY_TAG = {fact.tag: fact for fact in FACTS if fact.form}
"""Our fact tags and their facts, where the page's form carries the fact (each fact's
declaration, :mod:`equity.core.game.facts`): a hand record's facts fill the page's form,
and the form's facts go into the case's PBN."""

FACT_OPTIONS = frozenset(option for fact in FACTS_BY_TAG.values() for option in fact.options)
"""The options that give the form's facts (written into the case's PBN as our tags)."""

WORK_LIMITS = {"samples": 320, "max_positions": 10_000}
"""The largest value the page may give the options that size a ruling's double-dummy
work (layouts a close decision may use; the positions a ruling may hand to DDS, which a
ruling from the page always has: :data:`WORK_LIMITS` ``max_positions`` unless it asks
for fewer). ``equity rule`` takes larger ones. 10,000 positions: the largest ruling the
page allows took 30 s alone at 20,000 once the decision model read more (issue 42);
about 10 s now (benchmarks/RESULTS.md)."""

LARGEST_NUMBER = 1e9
"""The largest number an option may be given on the page (none needs more)."""

MAX_VALUE = 2000
"""The longest text an option may be given on the page."""

MAX_LIST = 8
"""The most entries the page may give a repeatable option (Director's lines, outcomes,
weights...): each line is more work."""

UPLOADS = 2
"""Hand records read at once (each on a worker thread, off the event loop)."""

STATIC = resources.files("equity.app") / "static"

JSON = dict[str, Any]


class ApiError(EquityError):
    """A request we refuse: the message, the form field at fault, the HTTP status."""

    def __init__(self, message: str, field: str | None = None, status: int = 422,
                 retry_after: int | None = None) -> None:
        super().__init__(message)
        self.message, self.field, self.status = message, field, status
        self.retry_after = retry_after


def _error(e: ApiError) -> JSONResponse:
    headers = {"Retry-After": str(e.retry_after)} if e.retry_after is not None else None
    return JSONResponse({"error": e.message, "field": e.field}, status_code=e.status,
                        headers=headers)


async def _body(request: Request, limit: int = MAX_UPLOAD) -> bytes:
    """The request body, refused past ``limit`` bytes (before reading it all)."""
    length = request.headers.get("content-length")
    size = small_int(length, 12) if length is not None else None
    if length is not None and (size is None or size > limit):
        raise ApiError(f"the upload is too large (at most {limit // 1000} kB)", "file", 413)
    data = bytearray()
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > limit:
                raise ApiError(f"the upload is too large (at most {limit // 1000} kB)",
                               "file", 413)
    except ClientDisconnect:  # the client left (or its deadline passed): nobody to answer
        raise ApiError("the request was cut off before its end", None, 400) from None
    return bytes(data)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is out of range")
    return value


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


async def _json(request: Request) -> JSON:
    raw = await _body(request)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError("the request is not JSON (not UTF-8 text)", None, 400) from None
    try:
        obj = json.loads(text, parse_float=_finite, parse_constant=_constant)
    except RecursionError:
        raise ApiError("the request is not JSON the workbench reads (nested too deeply)",
                       None, 400) from None
    except ValueError as e:
        why = str(e) if "out of range" in str(e) or "not a JSON number" in str(e) else ""
        raise ApiError(f"the request is not JSON{f' ({why})' if why else ''}", None,
                       400) from None
    if not isinstance(obj, dict):
        raise ApiError("the request is not a JSON object", None, 400)
    return obj


_REPEATED = {name: cli.repeat for name, cli in OPTIONS.items()}
"""Whether each option takes a list (a repeatable option): a fact's tag fills it as one."""


def _kind(cli: CliOption) -> str:
    """How the page asks for an option: a switch, a choice, a list of texts, a number
    or a text."""
    if cli.switch:
        return "switch"
    if cli.choices is not None:
        return "choice"
    if cli.repeat:
        return "list"
    if cli.kind is int:
        return "integer"
    if cli.kind is float:
        return "number"
    return "text"


def describe_options() -> list[JSON]:
    """The ruling options the page offers, in the order of :class:`RulingOptions`: each
    field's name, its command-line flag, how it is asked for, its choices, help and
    default, all from the field's ``cli(...)`` (:data:`~equity.app.options.OPTIONS`)."""
    defaults = DEFAULT_OPTIONS.describe()
    out = []
    for name, cli in OPTIONS.items():
        if name in NOT_ON_THE_PAGE:
            continue
        kind = _kind(cli)
        default = None if kind in ("switch", "list") else defaults[name]
        out.append({"name": name, "flag": cli.flags[0], "kind": kind,
                    "choices": list(cli.choices) if cli.choices is not None else None,
                    "metavar": cli.metavar, "help": cli.help,
                    "default": round(default, 4) if isinstance(default, float) else default,
                    "max": WORK_LIMITS.get(name), **_words(name, cli)})
    return out


def _words(name: str, cli: CliOption) -> JSON:
    """The option as the page says it to a Director (:mod:`.wording`), else its flag."""
    label, help_, placeholder = DIRECTOR_WORDS.get(
        name, (cli.flags[0].removeprefix("--").replace("-", " ").capitalize(), cli.help, ""))
    chips = DIRECTOR_CHIPS.get(name, ())
    return {"label": label, "director_help": help_, "placeholder": placeholder,
            **({"chips": list(chips)} if chips else {})}


def _within_limits(name: str, cli: CliOption, value: Any) -> None:
    """The workbench's bounds on a ruling's work (:data:`WORK_LIMITS`, :data:`MAX_LIST`)."""
    cap = WORK_LIMITS.get(name)
    if cap is not None:
        try:
            too_big = int(str(value).strip()) > cap
        except ValueError:
            return  # not a number: RulingOptions says so
        if too_big:
            raise ApiError(f"{cli.flags[0]}: at most {cap} on the workbench (it bounds each "
                           "ruling's work; equity rule takes more)", name)
    if cli.repeat and isinstance(value, list) and len(value) > MAX_LIST:
        raise ApiError(f"{cli.flags[0]}: at most {MAX_LIST} on the workbench", name)


def _options(obj: JSON) -> tuple[RulingOptions, JSON]:
    """The request's options, checked and built by :meth:`RulingOptions.from_values`;
    also the values as given (for the command line written into a case's PBN)."""
    raw = obj.get("options", {})
    if not isinstance(raw, dict):
        raise ApiError("options must be an object", "options", 400)
    fields = {name: cli for name, cli in OPTIONS.items() if name not in NOT_ON_THE_PAGE}
    unknown = sorted(set(raw) - set(fields))
    if unknown:
        raise ApiError(f"unknown option {unknown[0][:40]!r}", unknown[0][:40], 422)
    values: JSON = {}
    for name, value in raw.items():
        cli = fields[name]
        if value in ("", None, [], False):
            continue
        if cli.switch:
            if value is not True:
                raise ApiError(f"{cli.flags[0]}: true or false", name)
        elif cli.repeat:
            if isinstance(value, str):
                value = [v.strip() for v in value.splitlines() if v.strip()]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ApiError(f"{cli.flags[0]}: a list of texts", name)
        elif not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise ApiError(f"{cli.flags[0]}: not a value", name)
        elif isinstance(value, (int, float)) and abs(value) > LARGEST_NUMBER:
            raise ApiError(f"{cli.flags[0]}: {value:.3g} is out of range", name)
        elif isinstance(value, str) and len(value) > MAX_VALUE:
            raise ApiError(f"{cli.flags[0]}: at most {MAX_VALUE} characters", name)
        _within_limits(name, cli, value)
        values[name] = value
    try:
        options = RulingOptions.from_values(values)
        cap = WORK_LIMITS["max_positions"]
        return replace(options, max_positions=min(options.max_positions or cap, cap)), values
    except OptionError as e:
        raise ApiError(str(e), e.name) from None
    except (UsageError, OverflowError) as e:
        raise ApiError(str(e)) from None


def command_line(values: JSON) -> list[str]:
    """The ``equity rule`` options that give ``values`` (field name to the value
    :meth:`RulingOptions.from_values` takes)."""
    out: list[str] = []
    for name, cli in OPTIONS.items():
        value = values.get(name)
        if value is None:
            continue
        if cli.switch:
            out.append(cli.flags[0])
        elif cli.repeat:
            for v in value:
                out += [cli.flags[0], str(v)]
        else:
            out += [cli.flags[0], str(value)]
    return out


def _shell_word(word: str) -> str:
    """A word of a command line as a shell reads it back (one line, quoted if needed)."""
    import shlex

    return shlex.quote(" ".join(word.split()))


def _rows_text(obj: JSON) -> str:
    rows = obj.get("rows")
    if not isinstance(rows, str) or not rows.strip():
        raise ApiError("enter the play (the rows)", "rows")
    if len(rows) > MAX_ROWS:
        raise ApiError("the rows are too long", "rows", 413)
    return rows


def _fact_option(tag: str, value: str) -> str:
    """The option a fact tag fills (:meth:`~equity.core.game.facts.Fact.option_for`: a
    claim with its statement, ``"S: ..."``, fills the statement, ``claim``, not the
    claimer's seat)."""
    return FACTS_BY_TAG[tag].option_for(value)


_KEY_FIELDS = {"contract": "contract", "declarer": "declarer", "auction": "auction",
               "deal": "deal",
               "result": "result", "lead": "rows", "won": "rows", "board": "board",
               **{fact.key: fact.options[0] for fact in FACTS_BY_TAG.values()
                  if fact.key is not None}}
"""The form field a rows key's error belongs to."""


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


def _case(text: str, options: RulingOptions = DEFAULT_OPTIONS) -> RowsCase:
    """The rows, with the page's attention option on top of their own: it says whether
    the play may stop short (attention drawn during the play)."""
    try:
        case = parse_rows(text, "workbench")
    except BoardError as e:
        raise _board_error(e, text) from None
    if options.attention is not None:
        case = replace(case, facts={**case.facts, "EquityAttention": options.attention})
    if options.revoke is not None:  # a revoke reported without the play (Law 64A)
        case = replace(case, facts={**case.facts, "EquityRevoke": str(options.revoke)})
    return case


def _possibilities(text: str, options: RulingOptions = DEFAULT_OPTIONS,
                   partial: bool = False) -> list[Possibility]:
    """The boards the rows rebuild; ``partial``: the play is still being entered."""
    try:
        return rows_boards(_case(text, options), partial=partial)
    except BoardError as e:
        raise _board_error(e, text) from None


def _tricks(p: Possibility) -> JSON:
    """The rebuilt tricks for the page: per trick the cards by seat, the marks, and who
    plays next."""
    play = p.board.play
    if play is None:  # a revoke ruled as reported, without the play
        return {"tricks": [], "to_play": None}
    assert p.board.contract is not None
    from equity.core.game import Position, record_start

    hands, first = record_start(p.board)  # from a later trick: the cards entered from it
    position = Position(hands, p.board.contract.strain, play.opening_leader)
    out = []
    for row, trick in enumerate(play.tricks, 1):
        number = first + row - 1
        leader = position.leader
        order = []
        for k in range(4):
            seat = leader.after(k)
            card = trick[seat]
            if card is None:
                break
            order.append({"seat": seat.name, "card": str(card),
                          "revoke": play.marks.get((row, seat)) == "R"})
            position = position.play(card)
        out.append({"trick": number, "leader": leader.name, "cards": order,
                    "winner": position.leader.name if len(order) == 4 else None})
    done = sum(1 for t in out if t["winner"] is not None)
    left = position.tricks_left if first == 1 else 14 - first - done  # held: those entered
    return {"tricks": out, "to_play": position.to_play.name if left else None}


def _pdf(page: str, time_limit: float) -> bytes:
    """The HTML ``page`` printed to PDF by headless Chromium (equity.render.pdf)."""
    import tempfile
    from pathlib import Path

    from equity.render.pdf import PdfError, print_html

    with tempfile.TemporaryDirectory(prefix="equity-serve-") as tmp:
        out = Path(tmp) / "ruling.pdf"
        try:
            print_html(page, out, timeout=time_limit)
        except PdfError as e:
            raise ApiError(f"no PDF: {e}", None, 503) from None
        return out.read_bytes()


QUEUE = 256
"""The most rulings waiting their turn in all (half of them at one address: a club's
router with a hundred phones behind it)."""

STALL_MARGIN = 10.0
"""Seconds beyond the longest a slot may be held (a ruling's time limit and its PDF's)
after which a line that has not moved is taken for stuck (429)."""


PDF_WORK = CHEAP
"""A report printed to PDF counts as this much more work than its ruling: a headless
Chromium (a second of two cores, a tenth of a gigabyte), so a PDF is always in the
expensive lane and never takes the slot kept for plain rulings (eight clients printing
PDFs held a plain ruling 142 s at one ruling's work)."""


def _page(result: CaseResult) -> str:
    """The report of a case's rulings, as ``equity report`` writes it (HTML)."""
    from equity.render.html import render_html

    return render_html([r.ruling for r in result.ruled if r.ruling is not None],
                       [r.error for r in result.ruled if r.error is not None],
                       [r.reported for r in result.ruled if r.reported is not None])


def _ruling_request(obj: JSON) -> tuple[RulingOptions, list[Possibility], int]:
    """A ruling request's options, its case's possibilities and its unknown cards."""
    options, _ = _options(obj)
    text = _rows_text(obj)
    return options, _possibilities(text, options), _case(text).unknowns


def work_of(possibilities: list[Possibility], options: RulingOptions) -> float:
    """A ruling's expected double-dummy work, in plain rulings (its lane)."""
    return expected_work(len(possibilities), options.samples, DEFAULT_OPTIONS.samples,
                         REFERENCE if options.reference else 1, len(options.lines))


class Workbench:
    """The application's state: its time limit, who may rule now (:class:`Admission`)
    and who is reading a hand record (one upload a client, :data:`UPLOADS` at once)."""

    def __init__(self, time_limit: float, slots: int, queue: int) -> None:
        self.time_limit = time_limit
        retry = max(1, min(5, round(time_limit / 12)))
        # a slot is held at most a ruling's time and its PDF's: a line that has not moved
        # for longer is stuck
        self.admission = Admission(slots, queue, retry_after=retry,
                                   wait=2 * time_limit + STALL_MARGIN, age=time_limit / 4)
        self.reading: set[str] = set()
        self.readers = anyio.CapacityLimiter(UPLOADS)
        self.retry_after = retry

    async def rule(self, who: tuple[str, str], possibilities: list[Possibility],
                   options: RulingOptions, unknown: int, pdf: bool = False
                   ) -> tuple[CaseResult, bytes | None]:
        """The case ruled, admitted for ``who`` (client, address); with ``pdf`` its
        report printed too, in the same slot: the PDF step (a headless Chromium) is
        admitted like a ruling (unadmitted, 22 of them ran at once)."""
        client, address = who
        work = work_of(possibilities, options) + (PDF_WORK if pdf else 0.0)
        try:
            async with self.admission.admit(client, work, address):
                result: CaseResult = await anyio.to_thread.run_sync(
                    _ruled_within, possibilities, options, unknown, self.time_limit)
                printed = (await anyio.to_thread.run_sync(_pdf, _page(result),
                                                          self.time_limit)
                           if pdf else None)
                return result, printed
        except Busy as e:
            raise ApiError(e.message, None, 429, e.retry_after) from None

    async def read(self, client: str, read: Callable[[], JSON]) -> JSON:
        """``read()`` (a hand record's boards) on a worker thread, off the event loop:
        one at a time a client (429 for a second while the first is read)."""
        if client in self.reading:
            raise ApiError("your previous hand record is still being read; try again in a "
                           "moment", "file", 429, self.retry_after)
        self.reading.add(client)
        try:
            out: JSON = await anyio.to_thread.run_sync(read, limiter=self.readers)
            return out
        finally:
            self.reading.discard(client)


def _ruled_within(possibilities: list[Possibility], options: RulingOptions, unknown: int,
                  limit: float) -> CaseResult:
    """The ruling, in a ruling process (:mod:`.workers`) stopped after ``limit`` s."""
    try:
        result: CaseResult = run_limited(rule_case, (possibilities, options, unknown), limit)
        return result
    except Stopped as e:
        if e.timeout:
            raise ApiError(f"the ruling took longer than {limit:g} seconds and was stopped; "
                           "try fewer samples, the policy 'dd', fewer "
                           "'?' cards, or rule it from the command line", None, 503) from None
        raise ApiError("the ruling stopped unexpectedly", None, 500) from None
    except RuntimeError as e:
        raise ApiError(f"internal error: {e}", None, 500) from None


def _client(request: Request) -> str:
    """Who asks: the address, and the id the page keeps on the device."""
    return f"{_address(request)} {request.headers.get('x-equity-client', '')[:64]}"


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


def _board_summary(board: Board) -> JSON:
    """A hand-record board for the page: the deal and, when the file has them, the
    contract, the auction (the dealer then the calls, as a rows ``auction:`` line), the
    play (as a rows text, and per seat in the order played) and the facts
    as ruling options (all as plain
    values: the page shows them as text, never as markup)."""
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
        "auction": (f"{board.auction.dealer.name} {board.auction}"
                    if board.auction is not None else None),
        "event": board.tags.get("Event", ""),
        "play": None,
        "rows": None,
        "options": {(option := _fact_option(tag, value)): [value] if _REPEATED[option]
                    else value for tag, value in fact_tags(board.facts).items()
                    if tag in FACTS_BY_TAG},
    }
    if board.play is not None and board.contract is not None:
        first = board.play.opening_leader
        out["rows"] = board_to_rows(board)
        rows = played_rows(board)  # '-': no card, the play stopped there (WC 2012)
        out["play"] = {s.name: rows[s] for s in (first.after(k) for k in range(4))}
    return out


def create_app(time_limit: float = 60.0, *, hosts: frozenset[str] | None = None,
               token: str | None = None, slots: int | None = None,
               queue: int | None = None) -> Starlette:
    """The workbench application; ``time_limit`` stops a ruling that runs longer.
    ``hosts``: the Host header values it answers to (None: no Host, Origin or token
    check, for an application embedded elsewhere); ``token``: required on every request;
    ``slots`` rulings side by side (default: the cores), ``queue`` more waiting their
    turn (default: :data:`QUEUE`)."""
    slots = slots or usable_cores()
    bench = Workbench(time_limit, slots, QUEUE if queue is None else queue)

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

    async def options(request: Request) -> Response:
        return JSONResponse({"options": describe_options()})

    async def example(request: Request) -> Response:
        text = (resources.files("equity") / "examples" / "3nt_east_diamond_revoke.pbn"
                ).read_text(encoding="utf-8")
        return JSONResponse(_record(text, "pbn", "example"))

    async def handrecord(request: Request) -> Response:
        fmt = request.query_params.get("format", "pbn").lower()
        if fmt not in ("pbn", "lin"):
            raise ApiError("the hand record is a PBN or LIN file", "file", 400)
        raw = await _body(request)
        problem = not_text(raw[:BLOCK])
        if problem is not None:
            raise ApiError(problem, "file")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        return JSONResponse(await bench.read(_client(request),
                                             lambda: _record(text, fmt, "hand record")))

    async def tricks(request: Request) -> Response:
        obj = await _json(request)
        text = _rows_text(obj)
        ps = _possibilities(text, partial=True)
        return JSONResponse({**_tricks(ps[0]), "possibilities": len(ps)})

    async def _ruled(request: Request, pdf: bool = False
                     ) -> tuple[CaseResult, list[Possibility], bytes | None]:
        # the request's JSON is not held while the ruling waits its turn: only the case
        options, ps, unknown = _ruling_request(await _json(request))
        result, printed = await bench.rule((_client(request), _address(request)), ps,
                                           options, unknown, pdf)
        return result, ps, printed

    async def deal(request: Request) -> Response:
        """A deal typed or pasted (equity.formats.dealtext) as a one-board hand record;
        the board number gives dealer and vulnerability unless they are set."""
        obj = await _json(request)
        text, number = obj.get("deal"), obj.get("board")
        if not isinstance(text, str) or len(text) > 2000:
            raise ApiError("type or paste the deal", "deal", 400)
        try:
            parsed = parse_deal_text(text)
        except DealTextError as e:
            raise ApiError(str(e), "deal") from None
        if number in (None, ""):
            number = None
        elif not isinstance(number, (int, str)) or not 1 <= (
                small_int(str(number), 4) or 0) <= 9999:
            raise ApiError("the board number is 1 to 9999", "number")
        n = small_int(str(number), 4) if number is not None else None
        return JSONResponse({"boards": [{
            "number": n, "label": f"board {n}" if n is not None else "the deal",
            "dealer": dealer_for_board(n).name if n is not None else None,
            "vulnerable": Vulnerability.for_board(n).name if n is not None else None,
            "deal": parsed.to_pbn(),
            "hands": {s.name: [str(c) for c in sorted(cards(parsed[s]), reverse=True)]
                      for s in Seat},
            "contract": None, "declarer": None, "result": None, "event": "",
            "play": None, "rows": None, "options": {}}], "errors": []})

    async def rule(request: Request) -> Response:
        from equity.render import reported
        from equity.render.brief import decision, read_out

        result, ps, _ = await _ruled(request)
        said = [{"decision": decision(r.ruling), "read_out": read_out(r.ruling)}
                if r.ruling is not None else
                {"decision": reported.decision(r.reported),
                 "read_out": reported.read_out(r.reported)}
                if r.reported is not None else None for r in result.ruled]
        return JSONResponse({"rulings": result.to_json(), "said": said, "note": result.note(),
                             "depends": result.depends,
                             "possibilities": result.possibilities,
                             **_tricks(ps[0])})

    async def report(request: Request) -> Response:
        """The report as ``equity report`` writes it: HTML, or with ``?format=pdf`` the
        page printed by headless Chromium (within the time limit)."""
        fmt = request.query_params.get("format", "html")
        if fmt not in ("html", "pdf"):
            raise ApiError("the report is HTML or PDF", None, 400)
        result, _, pdf = await _ruled(request, pdf=fmt == "pdf")
        if pdf is None:
            return Response(_page(result), media_type="text/html; charset=utf-8", headers={
                "Content-Disposition": 'attachment; filename="ruling.html"'})
        return Response(pdf, media_type="application/pdf", headers={
            "Content-Disposition": 'attachment; filename="ruling.pdf"'})

    async def pbn(request: Request) -> Response:
        obj = await _json(request)
        options, values = _options(obj)
        ps = _possibilities(_rows_text(obj), options)
        rest = command_line({k: v for k, v in values.items()
                             if k not in FACT_OPTIONS})
        try:
            text = boards_to_pbn(replace(p.board, facts=options.facts_for(p.board))
                                 for p in ps)
            if rest:
                text = f"% equity rule case.pbn {' '.join(map(_shell_word, rest))}\n{text}"
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

    routes = [
        Route("/", index),
        Route("/api/options", options),
        Route("/api/example", example),
        Route("/api/handrecord", handrecord, methods=["POST"]),
        Route("/api/deal", deal, methods=["POST"]),
        Route("/api/tricks", tricks, methods=["POST"]),
        Route("/api/rule", rule, methods=["POST"]),
        Route("/api/report", report, methods=["POST"]),
        Route("/api/pbn", pbn, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(Quiet)]
    if hosts is not None:
        middleware.append(Middleware(Guard, hosts=hosts, token=token))
    return Starlette(routes=routes, middleware=middleware, exception_handlers={
        ApiError: api_error, HTTPException: http_error})


__all__ = ["MAX_LIST", "MAX_UPLOAD", "NOT_ON_THE_PAGE", "WORK_LIMITS", "ApiError",
           "command_line", "create_app", "describe_options"]
