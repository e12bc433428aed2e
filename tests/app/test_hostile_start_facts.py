"""Hostile values of the facts that start a ruling without the play before it
(``[EquityClaimPosition]``, ``[EquityPlayFrom]``) and of ``[EquityClaimOrder]``, through
every door: the PBN tag, the rows key (``claim-position:``, ``play-from:``, ``lead:``,
``claim-order:``) and the option (``--claim-position``, ``--play-from``,
``--claim-order``). Empty values, huge and negative numbers, tricks 0 and 14, unknown
words, wrong seats, cards twice or dealt elsewhere, unicode digits and very long strings:

- a value the fact's reader refuses is an error naming the board and the tag (the rows
  key, the option), in a line, never a traceback;
- a value it reads may still contradict the board (a card dealt to another seat, tricks
  won against ``[Result]``): then it is the board's error, naming the board;
- a value read is written back as it was read (no silent change);
- ``equity batch`` rules the good board of a file whose other boards carry bad values;
- the workbench's API answers an error (a 4xx naming the field, or the board's error in
  the rulings), never a 500."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from equity.app.cli import main
from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.game import Board, BoardError, ClaimOrder, PlayFrom, StartPosition
from equity.core.game.cards import ModelError
from equity.formats import read_text
from equity.formats.rows import board_to_rows, read_rows
from equity.formats.write import board_to_pbn
from tests.builders import CLAIM_HELD, CLAIM_RECORD, CLAIM_ROWS, ROOT, case_001, played_from
from tests.fuzz.strategies import HOSTILE_VALUES, hostile_value
from tests.workbench import Workbench

PLAYED_FROM_5 = played_from(case_001(), 5)
NO_EQUITY = RulingOptions(equity=False)

FACTS: dict[str, tuple[Callable[[str], object], str, str, str]] = {
    "EquityClaimPosition": (StartPosition.parse, "claim-position", "--claim-position", CLAIM_HELD),
    "EquityPlayFrom": (PlayFrom.parse, "play-from", "--play-from", "5; won NS 2 EW 2"),
    "EquityClaimOrder": (ClaimOrder.parse, "claim-order", "--claim-order", "top"),
}
"""Each fact: its reader, its rows key, its option and a valid value."""

SHORT = 600
"""An error message is a line or two, whatever the value's length."""


SCALE = max(1, int(os.environ.get("EQUITY_FUZZ_SCALE", "1")))
"""The long run's multiplier of every example count (as tests/test_fuzz.py's)."""


def fuzz(n: int) -> Callable[[Any], Any]:
    # no deadline: a busy machine is not a failure
    return settings(max_examples=n * SCALE, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


def refused(tag: str, value: str) -> bool:
    """Whether the fact's own reader refuses ``value`` (then every door must name it)."""
    try:
        FACTS[tag][0](value)
    except ModelError:
        return True
    return False


def base_pbn(tag: str) -> str:
    """The board each fact is tried on: the claim found at the table (a claim position,
    and for the order a valid one), or seed 001 given from trick 5."""
    if tag == "EquityPlayFrom":
        return board_to_pbn(PLAYED_FROM_5)
    held = f'[EquityClaimPosition "{CLAIM_HELD}"]\n'
    return CLAIM_RECORD + (held if tag == "EquityClaimOrder" else "")


def with_tag(text: str, tag: str, value: str) -> str:
    lines = [x for x in text.splitlines() if not x.startswith(f"[{tag} ")]
    head = next(i for i, x in enumerate(lines) if x.startswith("[Result"))
    lines.insert(head + 1, f'[{tag} "{value}"]')
    return "\n".join(lines) + "\n"


def assert_names(error: BoardError, *names: str) -> None:
    said = str(error) + json.dumps(error.to_json(), ensure_ascii=False)
    assert error.board is not None and "board 1" in error.board, error
    assert any(n in said for n in names), (names, said[:SHORT])
    assert len(error.message) < SHORT, error.message[:SHORT]


def ruled_or_error(board: Board | BoardError) -> BoardError | None:
    """The board's error, reading or ruling it (no double dummy); None when it rules."""
    if isinstance(board, BoardError):
        return board
    try:
        rule_board(board, NO_EQUITY)
    except BoardError as e:
        return e
    return None


# --- Reading: a value read is a value written back ------------------------------------------


@fuzz(150)
@given(st.sampled_from(sorted(FACTS)), st.data())
def test_a_facts_reader_refuses_with_a_short_message_or_reads_what_it_writes(
        tag: str, data: st.DataObject) -> None:
    parse, *_, valid = FACTS[tag]
    value = data.draw(hostile_value(valid))
    try:
        read = parse(value)
    except ModelError as e:
        assert 0 < len(str(e)) < SHORT
        return
    assert parse(str(read)) == read


# --- The PBN tag ------------------------------------------------------------------------------


@fuzz(60)
@given(st.sampled_from(sorted(FACTS)), st.data())
def test_a_hostile_tag_value_is_the_boards_error_naming_the_tag(
        tag: str, data: st.DataObject) -> None:
    value = data.draw(hostile_value(FACTS[tag][3]))
    [item] = list(read_text(with_tag(base_pbn(tag), tag, value), "pbn", "t.pbn"))
    error = ruled_or_error(item)
    if refused(tag, value):
        assert error is not None
        assert_names(error, tag)
    elif error is not None:
        assert_names(error, tag, "Result", "Play")


# --- The rows ---------------------------------------------------------------------------------


ROWS_TAG = {"claim-position": "EquityClaimPosition", "play-from": "EquityPlayFrom",
            "claim-order": "EquityClaimOrder", "lead": "EquityPlayFrom"}
"""Each rows key and the fact it gives (``lead:`` with ``play-from:``: who led its trick)."""


def rows_with(key: str, value: str) -> str:
    text = board_to_rows(PLAYED_FROM_5) if key in ("play-from", "lead") else CLAIM_ROWS
    if key == "claim-order":
        text += "claim-order: top\n"
    lines = [x for x in text.splitlines() if not x.startswith(f"{key}:")]
    return "\n".join([*lines, f"{key}: {value}"]) + "\n"


@fuzz(60)
@given(st.sampled_from(["claim-position", "play-from", "lead", "claim-order"]), st.data())
def test_a_hostile_rows_value_is_an_error_naming_the_board_and_the_key(
        key: str, data: st.DataObject) -> None:
    tag = ROWS_TAG[key]
    value = data.draw(hostile_value("E" if key == "lead" else FACTS[tag][3]).filter(
        lambda v: v.strip() and "\n" not in v))  # an empty key is a key not given
    try:
        [case] = read_rows(rows_with(key, value))
    except BoardError as e:
        if key != "lead" and refused(tag, value):
            assert_names(e, f"{key}:")
        else:
            assert_names(e, f"{key}:", "lead:", "play-from:", "North", "East", "South",
                         "West", "result:")
        return
    error = ruled_or_error(case.board)
    if error is not None:
        assert_names(error, tag, "Result", "Play")


# --- The options ------------------------------------------------------------------------------


def run(*args: str) -> tuple[int, str]:
    """``equity`` in this process: its exit status and all it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as e:  # argparse's own refusals
            status = int(e.code or 0)
    return status, out.getvalue() + err.getvalue()


@fuzz(40)
@given(st.sampled_from(sorted(FACTS)), st.data())
def test_a_hostile_option_value_is_an_error_naming_the_option(
        tmp_path_factory: Any, tag: str, data: st.DataObject) -> None:
    _, _, option, valid = FACTS[tag]
    value = data.draw(hostile_value(valid))
    record = tmp_path_factory.mktemp("opt") / "record.pbn"
    base = base_pbn(tag)
    record.write_text(base if tag != "EquityPlayFrom" else with_tag(base, tag, "5"),
                      encoding="utf-8")
    status, said = run("rule", str(record), f"{option}={value}", "--json", "--no-equity")
    assert "Traceback" not in said and "internal error" not in said, said[-SHORT:]
    assert len(said) < 20_000
    if refused(tag, value):
        assert status == 2 and option in said, said[-SHORT:]
    elif status != 0:
        assert status == 1 and '"board": "board 1"' in said, said[-SHORT:]


# --- Batch: one bad board never stops the others ----------------------------------------------


def test_batch_rules_the_good_board_beside_boards_with_hostile_values(tmp_path: Path) -> None:
    """Board 1 is good; boards 2 on each carry one hostile value of one fact: each is an
    error line naming its board and the tag, and board 1 is ruled."""
    boards, named = [with_tag(base_pbn("EquityClaimOrder"), "EquityClaimOrder", "top")], {}
    number = 2
    for tag in sorted(FACTS):
        for value in HOSTILE_VALUES:
            if not refused(tag, value):
                continue
            board = with_tag(base_pbn(tag), tag, value).replace('[Board "1"]',
                                                                f'[Board "{number}"]')
            boards.append(board)
            named[f"board {number}"] = tag
            number += 1
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "hostile.pbn").write_text("\n".join(boards), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    r = subprocess.run([sys.executable, "-m", "equity.app.cli", "batch", str(folder),
                        "--no-equity", "--out", str(out)], capture_output=True, text=True,
                       timeout=600, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr[-2000:]
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [o["board"] for o in lines if "error" not in o] == [1]
    errors = {o["board"].split(" (")[0]: o for o in lines if "error" in o}
    assert set(errors) == set(named)
    for board, tag in named.items():
        said = errors[board]["error"] + json.dumps(errors[board].get("where", {}))
        assert tag in said and len(errors[board]["error"]) < SHORT, (board, said[:SHORT])


# --- The workbench's API: an error reply, never a 500 -----------------------------------------


NO_EQUITY_FORM = {"equity": True}
"""The form's options of ``--no-equity`` (a switch's value is whether its flag is given)."""


def answer(bench: Workbench, path: str, body: Any = None, raw: bytes | None = None
           ) -> tuple[int, dict[str, Any]]:
    status, _, out = bench.call(path, body, raw=raw)
    assert status < 500, out[:SHORT]
    said: dict[str, Any] = json.loads(out)
    if status >= 400:
        assert said["error"] and len(said["error"]) < SHORT, said
    return status, said


def boards_ruled_or_named(said: dict[str, Any]) -> None:
    """Every ruling of a 200 reply is a ruling or its board's error, named."""
    for ruling in said["rulings"]:
        if "error" in ruling:
            assert "board 1" in str(ruling["board"]) and len(ruling["error"]) < SHORT


@fuzz(25)
@given(st.sampled_from(sorted(ROWS_TAG)), st.data())
def test_the_api_answers_a_hostile_rows_value_with_an_error_naming_it(
        bench: Workbench, key: str, data: st.DataObject) -> None:
    tag = ROWS_TAG[key]
    value = data.draw(hostile_value("E" if key == "lead" else FACTS[tag][3]).filter(
        lambda v: v.strip() and "\n" not in v))
    status, said = answer(bench, "/api/rule", {"rows": rows_with(key, value),
                                               "options": NO_EQUITY_FORM})
    if status == 200:
        boards_ruled_or_named(said)
    elif key != "lead" and refused(tag, value) and status == 422:
        assert f"{key}:" in said["error"] and "board 1" in said["error"], said


@fuzz(25)
@given(st.sampled_from(sorted(FACTS)), st.data())
def test_the_api_answers_a_hostile_option_value_with_an_error_naming_it(
        bench: Workbench, tag: str, data: st.DataObject) -> None:
    _, key, option, valid = FACTS[tag]
    value = data.draw(hostile_value(valid).filter(lambda v: v.strip() != ""))
    field = option.removeprefix("--").replace("-", "_")
    status, said = answer(bench, "/api/rule", {
        "rows": rows_with(key, valid), "options": {**NO_EQUITY_FORM, field: value}})
    if status == 200:
        boards_ruled_or_named(said)
    else:
        assert status == 422 and option in said["error"], said
        assert not (len(value) <= 2000 and not refused(tag, value)), said


@fuzz(25)
@given(st.sampled_from(sorted(FACTS)), st.data())
def test_the_api_answers_a_hand_record_with_a_hostile_tag_naming_the_board_and_tag(
        bench: Workbench, tag: str, data: st.DataObject) -> None:
    value = data.draw(hostile_value(FACTS[tag][3]))
    pbn = with_tag(base_pbn(tag), tag, value)
    status, said = answer(bench, "/api/handrecord?format=pbn", raw=pbn.encode())
    if status == 200 and refused(tag, value):
        [error] = said["errors"]
        assert error["board"].startswith("board 1") and f"[{tag}]" in error["error"], said
