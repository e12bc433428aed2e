"""``equity serve`` as a real process on a free local port: the page and its assets from
the package, the API's answers, and bad requests (malformed, oversized, hostile PBN, too
slow) answered with clear JSON errors, never a traceback or injected markup."""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

from equity.app.cli import main
from equity.app.options import OPTIONS, RulingOptions
from equity.app.workbench.server import NOT_ON_THE_PAGE
from tests.browsers import chromium
from tests.builders import CASES, QUICK_ARGS, ROOT, hostile_folder, launcher, untimed
from tests.workbench import DEAL_001, ROWS_001, Server

SEED_001 = CASES / "001_3nt_east_diamond_discard.pbn"
NO_EQUITY = {"equity": True}
"""The options of ``--no-equity``: a switch's value is whether its flag is given."""
QUICK = {"samples": QUICK_ARGS[1]}
"""The quick estimate's options as the page sends them (tests/conftest.py), for tests of
the workbench where the estimate is not the point; test_rule_gives_the_cli_json rules
with the default estimate."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server("--time-limit", "60")
    yield s
    err = s.stop()
    assert "Traceback" not in err, err


def test_the_page_and_its_assets_come_from_the_package(server: Server) -> None:
    status, kind, page = server.request("/")
    assert status == 200 and kind.startswith("text/html")
    text = page.decode()
    for asset in ("/static/app.js", "/static/app.css"):
        assert asset in text
        status, _, body = server.request(asset)
        assert status == 200 and body
        assert b"http://" not in body and b"https://" not in body  # offline: no CDN
    assert "https://" not in text and "http://" not in text


def test_rule_gives_the_cli_json(server: Server, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    status, data = server.post("/api/rule", {"rows": ROWS_001, "options": {}})
    assert status == 200, data
    (ruling,) = data["rulings"]
    assert ruling["ruling"]["basis"] == "64C" and ruling["ruling"]["declarer_tricks"] == 10
    assert ruling["ruling"]["scorer"] == "3NT by E +1 (-430)"
    assert main(["rule", str(SEED_001), "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert untimed({**ruling, "source": ""}) == untimed({**cli, "source": ""})
    # the case as PBN with our tags reads back to the same ruling
    status, kind, pbn = server.request("/api/pbn", json.dumps(
        {"rows": ROWS_001.replace("result: 6", "result: 6\nattention: end; 5=end")}).encode())
    assert status == 200 and "pbn" in kind
    case = tmp_path / "case.pbn"
    case.write_bytes(pbn)
    assert b"[EquityAttention" in pbn
    assert main(["rule", str(case), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert untimed({**again, "source": ""}) == untimed({**cli, "source": ""})


def test_a_weight_changes_the_equity(server: Server) -> None:
    """Poznan 2011: revoke 1's table line gives 10 tricks, the ♣9 substitution line 11; a
    weight on the ♣9 line moves the Law 64C equity away from the table line, the rest of
    the weight going to the lines not named in their default proportions.

    The default weights follow the table line and the likely outcomes (substitution
    lines weigh 0); a weight of 1 on the ♣9 line gives its 11 tricks alone, and half of
    it moves the equity half way from the default towards 11.
    (No seed case has a weight that changes the final score: where the lines differ, the
    other revoke or the Law 64A transfer decides.)"""
    pbn = (CASES / "003_poznan_2011.pbn").read_bytes()
    status, _, body = server.request("/api/handrecord?format=pbn", pbn, "text/plain")
    assert status == 200
    board = json.loads(body)["boards"][0]

    def equity(weights: list[str]) -> float:
        status, data = server.post("/api/rule", {"rows": board["rows"],
                                                 "options": {**QUICK, "weights": weights}})
        assert status == 200, data
        checks = data["rulings"][0]["ruling"]["checks"]
        return float(next(c["equity_tricks"] for c in checks if c["revoke"] == 0))

    default = equity([])
    assert default < 11
    assert equity(["1:C9=0.5"]) == pytest.approx((default + 11) / 2, abs=0.01)
    assert equity(["1:C9=1"]) == 11.0


def test_tricks_and_the_report(server: Server) -> None:
    status, data = server.post("/api/tricks", {"rows": ROWS_001})
    assert status == 200 and data["tricks"][4]["cards"][3] == {
        "seat": "N", "card": "C2", "revoke": True}
    status, kind, page = server.request("/api/report", json.dumps(
        {"rows": ROWS_001, "options": NO_EQUITY}).encode())
    assert status == 200 and kind.startswith("text/html") and b"<html" in page


def test_errors_name_their_field(server: Server) -> None:
    status, data = server.post("/api/rule", {"rows": ROWS_001,
                                             "options": {"weights": ["1:table=7"]}})
    assert status == 422 and data["field"] == "weights" and "LINE=W" in data["error"]
    status, data = server.post("/api/rule", {"rows": ROWS_001, "options": {"policy": "x"}})
    assert status == 422 and data["field"] == "policy"
    status, data = server.post("/api/rule", {"rows": ROWS_001,
                                             "options": {"traveller": "/etc/passwd"}})
    assert status == 422 and "unknown option" in data["error"]
    status, data = server.post("/api/rule", {"rows": ROWS_001.replace("N: HJ", "N: HJ HJ")})
    assert status == 422 and data["field"] == "rows"
    assert data["error"].startswith("board 1: trick 2, North, HJ: HJ is entered twice")
    status, data = server.post("/api/tricks", {"rows": ROWS_001 + "attention: soon\n"})
    assert status == 422 and data["field"] == "attention"
    status, data = server.post("/api/tricks", {"rows": ROWS_001 + "require: 1 X lead\n"})
    assert status == 422 and data["field"] == "requirements"
    status, data = server.post("/api/tricks", {"rows": ROWS_001.replace("3NT", "9NT")})
    assert status == 422 and data["field"] == "contract"


@pytest.mark.parametrize("body", [b"", b"{", b"[]", b"\xff\xfe", b'{"rows": 5}',
                                  b'{"rows": "x", "options": []}'])
def test_malformed_requests(server: Server, body: bytes) -> None:
    for path in ("/api/rule", "/api/tricks", "/api/pbn", "/api/report"):
        status, kind, out = server.request(path, body)
        assert 400 <= status < 500, (path, body, out)
        assert kind.startswith("application/json")
        assert "error" in json.loads(out) and b"Traceback" not in out


def test_unknown_paths_and_methods(server: Server) -> None:
    status, _, out = server.request("/api/nothing")
    assert status == 404 and json.loads(out)["error"]
    status, _, out = server.request("/api/rule", method="GET")
    assert status == 405
    status, _, out = server.request("/static/../../pyproject.toml")
    assert status == 404


def _declared_upload(server: Server, path: str, length: int) -> tuple[int, bytes]:
    """Announce a large body and see the server refuse it before it is sent."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    conn.putrequest("POST", path)
    conn.putheader("Content-Type", "text/plain")
    conn.putheader("Content-Length", str(length))
    conn.endheaders()
    r = conn.getresponse()
    out = r.status, r.read()
    conn.close()
    return out


def test_oversized_uploads(server: Server) -> None:
    status, out = _declared_upload(server, "/api/handrecord?format=pbn", 50_000_000)
    assert status == 413 and json.loads(out)["field"] == "file"
    status, out = _declared_upload(server, "/api/rule", 3_000_000)
    assert status == 413 and "too large" in json.loads(out)["error"]
    status, _, out = server.request("/api/rule", json.dumps(
        {"rows": "N: " + "SA " * 10_000}).encode())
    assert status == 413 and json.loads(out)["field"] == "rows"


def test_hostile_pbn(server: Server) -> None:
    hostile = (b'[Event "<script>alert(1)</script>"]\n[Board "1"]\n'
               b'[Deal "N:<img src=x onerror=alert(1)>"]\n\n'
               b'[Event "<b>bold</b>"]\n[Board "2"]\n'
               + f'[Deal "{DEAL_001}"]\n'.encode()
               + b'[Declarer "E"]\n[Contract "3NT"]\n[North "<i>x</i>"]\n\n'
               + b'[Board "3"]\n[Declarer "<i>E</i>"]\n')
    status, kind, out = server.request("/api/handrecord?format=pbn", hostile, "text/plain")
    assert kind.startswith("application/json") and b"Traceback" not in out
    data = json.loads(out)
    assert status == 200 and len(data["boards"]) >= 1 and data["errors"]
    # the markup comes back as text inside JSON; the page sets it with textContent only
    js = (ROOT / "equity" / "app" / "static" / "app.js").read_text()
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js
    status, kind, out = server.request("/api/handrecord?format=lin", b"<script>", "text/plain")
    assert status == 422 and kind.startswith("application/json")
    status, data = server.post("/api/rule", {"rows": ROWS_001 + "claim: <script>\n"})
    assert status == 422 and data["field"] == "claimer"
    hostile_rows = ROWS_001.replace("board: 1", "board: 1\n# <script>alert(1)</script>")
    status, kind, page = server.request("/api/report", json.dumps(
        {"rows": hostile_rows, "options": NO_EQUITY}).encode())
    assert status == 200 and b"<script>" not in page


def test_a_huge_number_in_one_boards_fact_costs_that_board_only(server: Server) -> None:
    """Issue 42, 1: the hand record's other boards are offered, the bad one named."""
    seed = SEED_001.read_text()
    bad = seed.replace('[Contract "3NT"]', '[Contract "3NT"]\n[EquityUI "' + "9" * 4301
                       + ' E: S D=6"]')
    record = bad + "\n" + seed.replace('[Board "1"]', '[Board "2"]')
    status, kind, out = server.request("/api/handrecord?format=pbn", record.encode(),
                                       "text/plain")
    assert status == 200 and kind.startswith("application/json"), out[:300]
    data = json.loads(out)
    assert [b["number"] for b in data["boards"]] == [2]
    assert [e["board"] for e in data["errors"]] == ["board 1 (game 1)"]
    assert "[EquityUI]" in data["errors"][0]["error"]


def test_the_rulings_import_nothing_from_the_working_directory(tmp_path: Path) -> None:
    """Issue 42, 3: served from a folder holding a ``random.py``, a ``json.py`` and an
    ``equity/``, the ruling processes execute none of them and rule."""
    cwd = hostile_folder(tmp_path / "cwd")
    s = Server("--time-limit", "60", command=launcher(tmp_path / "bin"), cwd=cwd)
    try:
        status, data = s.post("/api/rule", {"rows": ROWS_001, "options": NO_EQUITY})
    finally:
        err = s.stop()
    assert sorted(p.name for p in cwd.glob("MARKER-*")) == [], "the cwd was imported from"
    assert status == 200 and data["rulings"][0]["after_transfer_tricks"] == 7, (data, err)


def test_a_record_that_stops_before_the_offender_played_is_entered_and_ruled(
        server: Server) -> None:
    """Issue 42, 7: the WC 2012 seed (West drew attention before playing to trick 5,
    dummy and East played after) was refused (422); its rows, as the page sends them
    from the hand record, now end West's row with '-'."""
    pbn = (CASES / "003_wc2012_attention_before_offender_played.pbn").read_bytes()
    status, _, body = server.request("/api/handrecord?format=pbn", pbn, "text/plain")
    assert status == 200
    (board,) = json.loads(body)["boards"]
    assert board["play"]["W"][-1] == "-"
    rows = "".join(f"{seat}: {' '.join(cards)}\n" for seat, cards in board["play"].items())
    text = (f"board: 1\ndeal: {board['deal']}\ncontract: 4S\ndeclarer: S\n"
            f"attention: play\n{rows}")
    status, data = server.post("/api/rule", {"rows": text, "options": NO_EQUITY})
    assert status == 200, data
    (revoke,) = data["rulings"][0]["revokes"]
    assert revoke["seat"] == "W" and revoke["established"] is False


def test_serve_on_a_busy_port_says_so_and_never_that_it_serves() -> None:
    """Issue 42, 11: it first printed the address it served at, then failed."""
    import subprocess
    import sys

    busy = Server("--time-limit", "60")
    try:
        r = subprocess.run([sys.executable, "-m", "equity.app.cli", "serve", "--port",
                            str(busy.port)], capture_output=True, text=True, timeout=60)
    finally:
        busy.stop()
    assert r.returncode == 2 and "cannot listen" in r.stderr, r.stderr
    assert "the workbench is at" not in r.stderr and "Traceback" not in r.stderr


def test_a_ruling_that_runs_too_long_is_stopped() -> None:
    s = Server("--time-limit", "0.01")
    try:
        status, data = s.post("/api/rule", {"rows": ROWS_001, "options": {}})
        assert status == 503 and "was stopped" in data["error"]
        status, data = s.post("/api/tricks", {"rows": ROWS_001})  # the server goes on
        assert status == 200
    finally:
        assert "Traceback" not in s.stop()


# --- The options come from RulingOptions ---------------------------------------------------


def test_the_options_are_described_from_ruling_options(server: Server) -> None:
    """Every field of RulingOptions but those reading server files, with its flag, kind,
    choices and help from its ``cli(...)`` in OPTIONS, in the field order."""
    status, _, body = server.request("/api/options")
    described = json.loads(body)["options"]
    assert status == 200
    fields = [n for n in RulingOptions.__struct_fields__ if n not in NOT_ON_THE_PAGE]
    assert [o["name"] for o in described] == fields
    for o, name in zip(described, fields, strict=True):
        cli = OPTIONS[name]
        assert o["flag"] == cli.flags[0] and o["help"] == cli.help
        assert o["choices"] == (list(cli.choices) if cli.choices else None)
    by_name = {o["name"]: o for o in described}
    # the policy's default is the law's method on the board (Law 12 per edition)
    assert by_name["policy"]["kind"] == "choice" and by_name["policy"]["default"] is None
    assert by_name["authority"]["kind"] == "choice" and by_name["ruled_by"]["kind"] == "choice"
    assert by_name["weights"]["kind"] == "list" and by_name["equity"]["kind"] == "switch"
    assert by_name["likely"]["kind"] == "number" and by_name["other_table"]["kind"] == "integer"
    # the estimate's options (issue 21), offered like every other
    assert [by_name[n]["kind"] for n in ("samples", "seed", "max_positions")] == [
        "integer"] * 3
    assert by_name["samples"]["default"] == 48 and by_name["reference"]["kind"] == "switch"
    assert [by_name[n]["flag"] for n in ("lines", "outcomes", "drop")] == [
        "--line", "--outcome", "--drop"]
    assert all(by_name[n]["kind"] == "list" for n in ("lines", "outcomes", "drop"))


def test_an_option_added_to_ruling_options_appears_without_page_changes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A new field is described, accepted from the page and reaches RulingOptions, with
    no change to the workbench. (Issue 12 has since added ``samples``, the field this
    test used to add, and ``seed``, ``lines``, ``outcomes``, ``drop``: they
    are offered and sent the same way, see test_the_options_are_described_from_ruling_
    options; the test now adds a field that does not exist.)"""
    from equity.app import options as opts
    from equity.app.options import cli
    from equity.app.workbench import server as app

    class Extended(RulingOptions, frozen=True):
        tables: int = 100

    extended = {**opts.OPTIONS, "tables": cli("--tables", group="event", metavar="N",
                                              kind=int, help="how many tables played the board")}
    monkeypatch.setattr(opts, "OPTIONS", extended)
    monkeypatch.setattr(app, "OPTIONS", extended)
    monkeypatch.setattr(app, "RulingOptions", Extended)
    monkeypatch.setattr(app, "DEFAULT_OPTIONS", Extended())
    (new,) = [o for o in app.describe_options() if o["name"] == "tables"]
    assert new == {"name": "tables", "flag": "--tables", "kind": "integer", "choices": None,
                   "metavar": "N", "help": "how many tables played the board", "default": 100,
                   "max": None, "label": "Tables",
                   "director_help": "how many tables played the board", "placeholder": ""}
    options, values = app._options({"options": {"tables": "7", "policy": "dd"}})
    assert isinstance(options, Extended) and options.tables == 7
    assert app.command_line(values) == ["--policy", "dd", "--tables", "7"]


def test_a_hand_records_facts_come_as_option_values(server: Server) -> None:
    pbn = (CASES / "011_63a4_agreed_claim_69a_timing.pbn").read_bytes()
    status, _, body = server.request("/api/handrecord?format=pbn", pbn, "text/plain")
    assert status == 200
    board = next(b for b in json.loads(body)["boards"] if b["number"] == 4)
    assert board["options"] == {"attention": "round", "claimer": "S",
                                "claim_status": "disputed"}
    assert board["play"] is not None and sum(map(len, board["play"].values())) < 52


def test_the_case_pbn_carries_the_facts_and_the_command_line(
        server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Facts set as options become our tags; the other options a ``%`` comment with the
    command line that reads the file back to the page's ruling. (Since issue 12, with
    the quick estimate: its options go into the command line too, and a Director's line,
    outcome and drop, quoted for the shell.)"""
    options = {"attention": "returned", "weights": ["1:table=1"], "policy": "weighted",
               **QUICK, "lines": ["DT then dd"], "outcomes": ["10"],
               "drop": ["1:outcome1"]}
    status, page = server.post("/api/rule", {"rows": ROWS_001, "options": options})
    assert status == 200, page
    status, _, pbn = server.request("/api/pbn", json.dumps(
        {"rows": ROWS_001, "options": options}).encode())
    text = pbn.decode()
    assert status == 200 and '[EquityAttention "returned"]' in text
    first = text.splitlines()[0]
    assert first == ("% equity rule case.pbn --policy weighted --weight 1:table=1 "
                     "--drop 1:outcome1 --line 'DT then dd' --outcome 10 "
                     "--samples 8")
    case = tmp_path / "case.pbn"
    case.write_text(text)
    assert main(["rule", str(case), "--json", *shlex.split(first)[4:]]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert untimed({**cli, "source": ""}) == untimed({**page["rulings"][0], "source": ""})


def test_tricks_while_the_play_is_being_entered(server: Server) -> None:
    """Part of the play, trick by trick or a seat's whole row first: the tricks so far
    and who plays next, no error."""
    lines = ROWS_001.splitlines()
    head = "\n".join(line for line in lines if line[:2] not in ("N:", "E:", "S:", "W:"))
    south = next(line for line in lines if line.startswith("S:"))
    status, data = server.post("/api/tricks", {"rows": head + "\nS: H7 C6\nW: H3\nN: HJ\n"
                                               "E: HQ DA\n"})
    assert status == 200, data
    assert len(data["tricks"]) == 2 and data["to_play"] == "W"
    status, data = server.post("/api/tricks", {"rows": head + "\n" + south})
    assert status == 200 and data["to_play"] == "W" and data["tricks"][0]["cards"] == [
        {"seat": "S", "card": "H7", "revoke": False}]
    status, data = server.post("/api/rule", {"rows": head + "\nS: H7 C6\n"})
    assert status == 422 and data["field"] == "rows" and "South's row has 2 cards" in data["error"]


def test_the_report_as_pdf(server: Server) -> None:
    chromium()
    status, kind, pdf = server.request("/api/report?format=pdf", json.dumps(
        {"rows": ROWS_001, "options": NO_EQUITY}).encode())
    assert status == 200 and kind == "application/pdf" and pdf.startswith(b"%PDF")


def test_serve_listens_on_this_machine_unless_told() -> None:
    from equity.app.cli import _parser
    from equity.app.serve import bind_address

    assert bind_address(_parser().parse_args(["serve"]).host, lan=False) == "127.0.0.1"
    assert _parser().parse_args(["serve", "--host", "10.0.0.5"]).host == "10.0.0.5"
    assert main(["serve", "--port", "0"]) == 2
    # every network at once: refused, since the Host check needs the one name phones use
    assert main(["serve", "--host", "0.0.0.0", "--port", "8000"]) == 2


def test_a_typed_deal_is_a_one_board_hand_record_dealer_and_vulnerability_by_board(
        server: Server) -> None:
    status, data = server.post("/api/deal", {"deal": DEAL_001, "board": "6"})
    assert status == 200
    (board,) = data["boards"]
    assert board["deal"] == DEAL_001 and board["number"] == 6
    assert board["dealer"] == "E" and board["vulnerable"] == "EW"  # PBN: board 6
    assert {"SJ", "ST", "S8", "HA"} <= set(board["hands"]["S"]) and len(board["hands"]["S"]) == 13
    status, data = server.post("/api/deal", {"deal": "N: K74.J6.T543.Q43", "board": ""})
    assert status == 422 and data["field"] == "deal"
    assert data["error"] == "North's hand has 12 cards, not 13"
    status, data = server.post("/api/deal", {"deal": DEAL_001, "board": "x"})
    assert status == 422 and data["field"] == "number"


def test_the_options_have_a_directors_words() -> None:
    """Every option the page offers has a label and help for a Director, not the
    command line's; and every entry of the wording names a field (a renamed field shows
    here)."""
    from equity.app.workbench.wording import DIRECTOR_WORDS

    fields = set(RulingOptions.__struct_fields__)
    assert set(DIRECTOR_WORDS) <= fields, set(DIRECTOR_WORDS) - fields
    from equity.app.workbench.server import describe_options

    for o in describe_options():
        assert o["label"] and not o["label"].startswith("--") and o["director_help"]
        assert "WHEN" not in o["placeholder"] and "LINE=W" not in o["placeholder"]


def test_the_rule_answer_says_the_decision_and_the_read_out(server: Server) -> None:
    status, data = server.post("/api/rule", {"rows": ROWS_001, "options": {
        **QUICK, "attention": "returned"}})
    assert status == 200
    (said,) = data["said"]
    assert said["decision"].startswith("Law 64C")
    assert said["read_out"][-1] == [0, f"Final score: {data['rulings'][0]['ruling']['scorer']}."]


def test_a_case_with_an_auction_is_ruled_on_the_calls_read(server: Server) -> None:
    """Issue 30: the page sends the auction as the rows' ``auction:`` line; the ruling's
    ``auction`` object lists the calls the players' model read (Law 16A1(a))."""
    rows = ROWS_001 + "auction: E 1NT P 3NT P P P\n"
    status, data = server.post("/api/rule", {"rows": rows, "options": QUICK})
    assert status == 200, data
    (ruling,) = data["rulings"]
    auction = ruling["auction"]
    assert auction["dealer"] == "E" and auction["calls"] == ["1N", "P", "3N", "P", "P", "P"]
    assert [(c["seat"], c["bid"]) for c in auction["read"]] == [("E", "1N"), ("W", "3N")]
    assert auction["note"] is None
    status, data = server.post("/api/rule", {"rows": ROWS_001, "options": QUICK})
    assert status == 200 and data["rulings"][0]["auction"]["note"]  # none: says so


def test_an_auction_error_names_the_auction_field(server: Server) -> None:
    for line, said in [("auction: E 1NT 1C P P P", "South's 1♣: not higher than 1NT"),
                       ("auction: E 1NT P 4NT P P P", "the auction ends in 4NT by East, "
                                                      "but the contract is 3NT by East"),
                       ("auction: E 1NT <b>", "not a call: '<b>'")]:
        status, data = server.post("/api/tricks", {"rows": ROWS_001 + line + "\n"})
        assert status == 422 and data["field"] == "auction", data
        assert data["error"].startswith("board 1: ") and said in data["error"], data
