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
- ``equity batch`` rules the good board of a file whose other boards carry bad values.

The workbench's API is checked in tests/app/test_serve_hostile.py."""

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
from tests.builders import ROOT, case_001, played_from

DEAL = "N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7 JT8.AK9752..T986 AQ53.T43.872.KJ5"
CLAIM = f"""[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL}"]
[Declarer "E"]
[Contract "3NT"]
[Result "10"]
[EquityClaim "E: winners"]
[EquityClaimStatus "disputed"]
"""
HELD = ("lead S; won NS 3 EW 5; N SK S7 S4 CQ C4; E S9 S6 S2 CA C7; S SJ H9 H5 H2 CT; "
        "W SA SQ S5 CK CJ")
CLAIM_ROWS = (f"board: 1\ndealer: N\nvulnerable: None\ndeal: {DEAL}\ncontract: 3NT\n"
              f"declarer: E\nresult: 10\nclaim: E: winners\nclaim-status: disputed\n"
              f"claim-position: {HELD}\n")
PLAYED_FROM_5 = played_from(case_001(), 5)
NO_EQUITY = RulingOptions(equity=False)

HUGE = "9" * 5000
NASTY = ["", " ", ";", ";;;", "-1", "0", "1", "14", "99", HUGE, "-" + HUGE, "1e3", "0x5",
         "\uff15", "²", "٣", "\u202e", "\ufeff", "a" * 20_000, "top", "TOP", "lead", "won", "N",
         "Q", "♠A", "S1", "5; won", f"5; won NS {HUGE} EW 1", "5; won NS -1 EW 5",
         "5; won NS 2 EW 2 EW 2", "lead \uff25; won NS 3 EW 5", HELD.replace("CJ", "HQ"),
         HELD.replace("CJ", "CK"), HELD.replace("lead S", "lead Q"),
         HELD.replace("won NS 3 EW 5", "won NS 5 EW 3"),
         HELD.replace("won NS 3 EW 5", "won NS 0 EW 0"), "2", "13", "12; won NS 11 EW 0"]
"""Values every door is tried with (each fact's reader refuses most of them)."""

WORDS = ["lead", "won", "NS", "EW", "N", "E", "S", "W", ";", "-", "top", "SA", "HQ", "C2",
         "0", "5", "13", "14", "-1", HUGE, "\uff25", "\uff15", "♠K", "\u202e", "x" * 300]


@st.composite
def mutated(draw: st.DrawFn, valid: str) -> str:
    """``valid`` with one to three of its words dropped, doubled, swapped or replaced."""
    words = valid.replace(";", " ; ").split()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(words) - 1))
        op = draw(st.sampled_from(["drop", "twice", "swap", "replace"]))
        if op == "drop" and len(words) > 1:
            del words[i]
        elif op == "twice":
            words.insert(i, words[i])
        elif op == "swap":
            j = draw(st.integers(0, len(words) - 1))
            words[i], words[j] = words[j], words[i]
        else:
            words[i] = draw(st.sampled_from(WORDS))
    return " ".join(words).replace(" ; ", "; ")


LINE_SAFE = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
                          blacklist_characters='"\\')


def hostile(valid: str) -> st.SearchStrategy[str]:
    """A value for a fact whose valid form is like ``valid``: a known bad one, text, or
    ``valid`` mutated. Nothing that ends a line or a PBN tag's value."""
    return st.one_of(st.sampled_from(NASTY), st.text(LINE_SAFE, max_size=80),
                     mutated(valid))


FACTS: dict[str, tuple[Callable[[str], object], str, str, str]] = {
    "EquityClaimPosition": (StartPosition.parse, "claim-position", "--claim-position", HELD),
    "EquityPlayFrom": (PlayFrom.parse, "play-from", "--play-from", "5; won NS 2 EW 2"),
    "EquityClaimOrder": (ClaimOrder.parse, "claim-order", "--claim-order", "top"),
}
"""Each fact: its reader, its rows key, its option and a valid value."""

SHORT = 600
"""An error message is a line or two, whatever the value's length."""


def fuzz(n: int) -> Callable[[Any], Any]:
    # no deadline: a busy machine is not a failure
    return settings(max_examples=n, deadline=None,
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
    return CLAIM + (f'[EquityClaimPosition "{HELD}"]\n' if tag == "EquityClaimOrder" else "")


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
    value = data.draw(hostile(valid))
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
    value = data.draw(hostile(FACTS[tag][3]))
    [item] = list(read_text(with_tag(base_pbn(tag), tag, value), "pbn", "t.pbn"))
    error = ruled_or_error(item)
    if refused(tag, value):
        assert error is not None
        assert_names(error, tag)
    elif error is not None:
        assert_names(error, tag, "Result", "Play")


# --- The rows ---------------------------------------------------------------------------------


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
    tag = {"claim-position": "EquityClaimPosition", "play-from": "EquityPlayFrom",
           "claim-order": "EquityClaimOrder", "lead": "EquityPlayFrom"}[key]
    value = data.draw(hostile("E" if key == "lead" else FACTS[tag][3]).filter(
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
    value = data.draw(hostile(valid).filter(lambda v: v.strip() != ""))
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
        for value in NASTY:
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
