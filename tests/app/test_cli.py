"""The command line: the two README commands' job, exit codes, errors without tracebacks."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from equity.app.cli import main
from tests.builders import ROOT

GOOD = """[Board "1"]
[Deal "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432"]
[Declarer "S"]
[Contract "4S"]
[Result "11"]
[Play "W"]
H8 H2 HA ^R S5
C3 H3 C5 CA
*
"""
BAD = """[Board "2"]
[Deal "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432"]
[Declarer "S"]
[Contract "4S"]
[Play "W"]
H8 H2 HA HK
"""


def test_example_rules_the_bundled_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--example"]) == 0
    out = capsys.readouterr().out
    assert "3NT by East" in out and "Law 64A2" in out and "7 tricks, two down" in out


def test_json_has_the_contract_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "--example", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out.splitlines()[0])
    for field in ("board", "contract", "declarer", "laws", "table_tricks", "revokes",
                  "after_transfer_tricks"):
        assert field in obj
    for field in ("trick", "seat", "card", "suit_led", "established", "transfer", "laws"):
        assert field in obj["revokes"][0]


def test_bad_board_is_reported_and_the_others_still_ruled(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "two.pbn"
    f.write_text(BAD + "\n" + GOOD)
    assert main(["rule", str(f), "--json"]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert "does not hold HK" in lines[0]["error"] and lines[0]["board"] == "board 2"
    assert lines[1]["board"] == 1 and lines[1]["after_transfer_tricks"] == 9


def test_board_option_selects_one_board(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "two.pbn"
    f.write_text(BAD + "\n" + GOOD)
    assert main(["rule", str(f), "--board", "1"]) == 0
    assert "board 1" in capsys.readouterr().out


def test_laws_and_attention_options_change_the_ruling(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "one.pbn"
    f.write_text(GOOD)
    assert main(["rule", str(f), "--json", "--attention", "round"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["revokes"][0]["transfer"] == 0 and "64B5" in obj["revokes"][0]["laws"]


def test_missing_file_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "equity.app.cli", "rule", str(tmp_path / "no.pbn")],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "Traceback" not in r.stderr and "no.pbn" in r.stderr


def test_bad_option_value_exits_2(tmp_path: Path) -> None:
    f = tmp_path / "one.pbn"
    f.write_text(GOOD)
    r = subprocess.run([sys.executable, "-m", "equity.app.cli", "rule", str(f),
                        "--attention", "never"], capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "attention" in r.stderr


def test_an_internal_error_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import equity.app.cli as cli

    def boom(args: object) -> int:
        raise RuntimeError("a bug")
    monkeypatch.setattr(cli, "cmd_rule", boom)
    monkeypatch.delenv("EQUITY_DEBUG", raising=False)
    assert cli.main(["rule", "--example"]) == 3
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: a bug" in err and "Traceback" not in err


def test_help_groups_the_ruling_options_under_their_headings(
        capsys: pytest.CaptureFixture[str]) -> None:
    from equity.app.cli import main
    from equity.app.options import GROUPS

    with pytest.raises(SystemExit):
        main(["rule", "--help"])
    out = capsys.readouterr().out
    out = out[out.index("\n\n"):]  # the headings, after the usage line
    places = [out.index(title + ":") for title in GROUPS.values()]
    assert places == sorted(places)
    facts, law64c = places[0], places[1]
    assert facts < out.index("--withdrawn") < law64c < out.index("--policy")
    assert out.index("--max-positions") > out.index(GROUPS["work"])


def test_seed_is_hidden_from_help_and_said_to_change_nothing(
        capsys: pytest.CaptureFixture[str]) -> None:
    from equity.app.cli import main

    with pytest.raises(SystemExit):
        main(["rule", "--help"])
    assert "--seed" not in capsys.readouterr().out
    assert main(["rule", "--example", "--seed", "7", "--no-equity", "--brief"]) == 0
    err = capsys.readouterr().err
    assert "--seed: accepted and ignored: a ruling does not depend on a seed" in err


def test_json_is_an_alias_of_format_json(capsys: pytest.CaptureFixture[str]) -> None:
    from equity.app.cli import main

    def ruled(*fmt: str) -> dict[str, object]:
        assert main(["rule", "--example", "--no-equity", *fmt]) == 0
        obj: dict[str, object] = json.loads(capsys.readouterr().out)
        obj.pop("stats")  # what it cost: seconds differ from run to run
        return obj

    alias = ruled("--json")
    assert ruled("--format", "json") == alias and alias["board"] == 1


def test_two_output_formats_at_once_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from equity.app.cli import main

    assert main(["rule", "--example", "--json", "--brief"]) == 2
    assert "one output format at a time" in capsys.readouterr().err
    assert main(["rule", "--example", "--format", "csv", "--json"]) == 2


def test_rule_offers_every_registered_format(capsys: pytest.CaptureFixture[str]) -> None:
    from equity.app.cli import main
    from equity.render.formats import BOARD_FORMATS, DOCUMENT_FORMATS

    with pytest.raises(SystemExit):
        main(["rule", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "{" + ",".join(BOARD_FORMATS) + "}" in out
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "{" + ",".join(DOCUMENT_FORMATS) + "}" in out


def test_the_rulings_json_says_what_the_auction_showed(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # South opens 1♠ with three spades (outside the call, never widened), North raises
    auction = '[Auction "S"]\n1S Pass 4S Pass\nPass Pass\n'
    path = tmp_path / "auction.pbn"
    path.write_text(GOOD.replace('[Play "W"]', auction + '[Play "W"]'))
    assert main(["rule", str(path), "--json", "--samples", "8"]) == 0
    obj = json.loads(capsys.readouterr().out)
    a = obj["auction"]
    assert [(r["seat"], r["rule"]) for r in a["read"]] == [
        ("S", "1♠ opening"), ("N", "raise to 4♠")]
    assert a["loosened"] == [] and [o["text"] for o in a["outside"]] == [
        "South's 1♠ (1♠ opening): ♠ 5+, the deal has 3 ♠"]
    assert "loosened" in obj["stats"]


def test_the_rulings_json_says_when_there_is_no_auction(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "good.pbn"
    path.write_text(GOOD)
    assert main(["rule", str(path), "--json", "--samples", "8"]) == 0
    a = json.loads(capsys.readouterr().out)["auction"]
    assert a["read"] == [] and "no auction" in a["note"]


@pytest.mark.parametrize("call", ["Pasd", "8NT"])
def test_an_auction_with_a_bad_call_is_not_read_and_the_ruling_says_which(
        call: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 42, 4: the record is ruled (its contract is the [Contract]), and the JSON
    names the call and says the auction was not read, instead of 'no auction'."""
    auction = f'[Auction "S"]\n1S {call} 4S Pass\nPass Pass\n'
    path = tmp_path / "auction.pbn"
    path.write_text(GOOD.replace('[Play "W"]', auction + '[Play "W"]'))
    assert main(["rule", str(path), "--json", "--samples", "8"]) == 0
    obj = json.loads(capsys.readouterr().out)
    said = f"call 2, {call!r}: not a call"
    assert obj["auction"]["read"] == [] and said in obj["auction"]["unread"]
    assert "auction was not read" in obj["auction"]["note"]
    assert any(said in n and "not read" in n for n in obj["notes"]), obj["notes"]
    assert main(["rule", str(path)]) == 0
    assert said in capsys.readouterr().out


def _sigint_blocked(pid: int) -> bool:
    """Whether process ``pid``'s main thread holds SIGINT blocked (/proc's SigBlk mask)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:  # it has ended
        return True
    mask = next(line for line in status.splitlines() if line.startswith("SigBlk:"))
    return bool(int(mask.split()[1], 16) >> 1 & 1)  # signal 2's bit


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads /proc")
def test_ctrl_c_at_any_moment_of_likely_ends_it_with_130_never_a_signal_or_a_traceback(
        tmp_path: Path) -> None:
    """Issue 42, 8: ten Ctrl-Cs spread over a run of ``equity likely`` (its imports, its
    reading, DDS solving on its threads): each ends it with exit 130 and one line, or it
    had finished (0). Before: a traceback and death by SIGINT during the imports, and
    ``Segmentation fault`` when the interpreter exited under a DDS thread.

    The moments count from equity's first line (when it first holds SIGINT back, read
    from /proc), not from the spawn: before that line Python itself starts (its own
    Ctrl-C handling, nothing of ours), and on a loaded machine that took over 0.1 s."""
    import os
    import signal
    import sysconfig
    import time

    root = Path(__file__).resolve().parents[2]
    case = root / "tests" / "cases" / "001_3nt_east_diamond_discard.pbn"
    # -S: no site hooks (an editable install's take a tenth of a second of Python's own
    # start-up, which no program can guard); the packages are found on PYTHONPATH
    path = os.pathsep.join([str(root), *{sysconfig.get_paths()[k] for k in ("purelib",
                                                                             "platlib")}])
    for k, moment in enumerate((0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0, 2.0, 3.0)):
        run = subprocess.Popen(
            [sys.executable, "-S", "-m", "equity.app.cli", "likely", str(case),
             "--after-trick", "2"], cwd=tmp_path, env={**os.environ, "PYTHONPATH": path},
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        while run.poll() is None and not _sigint_blocked(run.pid):  # equity's code began
            time.sleep(0.0005)
        time.sleep(moment)
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGINT)  # as a terminal sends it: the whole group
        _, err = run.communicate(timeout=120)
        assert run.returncode in (0, 130), (k, run.returncode, err.decode())
        assert b"Traceback" not in err, err.decode()
        assert err.decode() in ("", "equity: interrupted\n"), (k, err.decode())


INTERRUPTED_IN_A_STRING_EXEC = """import os, signal, sys
import equity.app.likely_cmd

def likely_interrupted(args):
    # the Ctrl-C lands while a lazily imported module execs a string (a namedtuple, a
    # library's dataclass): the loop's jump lets the interrupt be raised inside
    exec("os.kill(os.getpid(), signal.SIGINT)\\nfor _ in range(9): pass",
         {"os": os, "signal": signal})
    return 0

equity.app.likely_cmd.cmd_likely = likely_interrupted
sys.argv = ["equity", "likely", "any.pbn", "--after-trick", "2"]
from equity.app.cli import main
raise SystemExit(main())
"""


def test_a_ctrl_c_raised_inside_a_string_exec_still_ends_python_m_with_130(
        tmp_path: Path) -> None:
    """The Ctrl-C race of ``equity likely`` (issue 49): a KeyboardInterrupt that passed
    out of an ``exec`` of a string (a class being built by a lazy import) left
    CPython's "unhandled Ctrl-C" mark set although equity handled it, and ``python -m``
    then killed itself by SIGINT after printing "interrupted" (exit -2 instead of 130).
    The moment is driven by the program itself, not by a sleep."""
    import os

    root = Path(__file__).resolve().parents[2]
    (tmp_path / "interrupted_driver.py").write_text(INTERRUPTED_IN_A_STRING_EXEC)
    r = subprocess.run([sys.executable, "-m", "interrupted_driver"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(root)})
    assert (r.returncode, r.stderr) == (130, "equity: interrupted\n")


def test_a_ctrl_c_once_the_command_is_over_is_ignored(tmp_path: Path) -> None:
    """The command has written everything; a Ctrl-C then (Python resets its handlers as
    it shuts down) killed the interpreter by SIGINT in 1 of 50 tries."""
    import os

    root = Path(__file__).resolve().parents[2]
    program = ("import os, signal, sys\nsys.argv = ['equity', 'rule', '--example', "
               "'--no-equity', '--brief']\nfrom equity.app.cli import main\ncode = main()\n"
               "os.kill(os.getpid(), signal.SIGINT)\nsys.exit(code)\n")
    r = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, capture_output=True,
                       text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(root)})
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr


@pytest.mark.parametrize("after", ["13", "-1", "99"])
def test_likely_after_a_trick_no_record_has_is_one_usage_error(
        after: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42, 7: ``--after-trick 13`` printed one error per board of the file and
    exited 1; it is a wrong command line (exit 2), said once, before any board is read."""
    many = tmp_path / "many.pbn"
    seed = (Path(__file__).resolve().parents[2] / "tests" / "cases"
            / "001_3nt_east_diamond_discard.pbn").read_text()
    many.write_text("\n".join(seed.replace('[Board "1"]', f'[Board "{n}"]')
                              for n in range(1, 51)))
    assert main(["likely", str(many), "--after-trick", after]) == 2
    out = capsys.readouterr()
    assert out.out == "" and len(out.err.splitlines()) == 1 and "--after-trick" in out.err


# --- First contact (issue 42, 11) -----------------------------------------------------------


def test_a_text_that_is_not_pbn_named_pbn_is_one_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The README named .pbn gave one error per paragraph (38 lines)."""
    readme = tmp_path / "README.pbn"
    readme.write_text((Path(__file__).resolve().parents[2] / "README.md").read_text())
    for command in (["rule", str(readme)], ["scan", str(readme)]):
        assert main(command) == 1
        out = capsys.readouterr()
        said = [ln for ln in (out.out + out.err).splitlines() if "README.pbn" in ln]
        assert len(said) == 1 and "not a PBN file" in said[0], out


@pytest.mark.parametrize("command", ["rule", "report", "likely"])
def test_a_missing_file_is_no_such_file_and_a_folder_points_to_batch(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelt extension or a folder got "cannot tell the format"."""
    extra = {"rule": [], "report": ["-o", str(tmp_path / "r.html")],
             "likely": ["--after-trick", "3"]}[command]
    assert main([command, str(tmp_path / "case.pnb"), *extra]) == 1
    err = capsys.readouterr().err
    assert "no such file" in err and "cannot tell the format" not in err, err
    assert main([command, str(tmp_path), *extra]) == 2
    err = capsys.readouterr().err
    assert "is a folder" in err and "equity batch" in err and len(err.splitlines()) == 1


def test_a_bad_choice_is_one_line_not_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    """It printed 16 lines of usage before its one-line error."""
    with pytest.raises(SystemExit) as e:
        main(["rule", "--example", "--format", "yaml"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert "--format" in err and "yaml" in err and "equity rule --help" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from equity import __version__

    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out.strip() == f"equity {__version__}"


HEAVY = """
import sys
from equity.app.cli import main
try:
    main({args!r})
except SystemExit:
    pass
print(sorted({{m.split('.')[0] if m.startswith('numpy') else m for m in sys.modules
              if m.startswith(('numpy', 'equity.core', 'equity.app.options'))}}),
      file=sys.stderr)
"""


@pytest.mark.parametrize("args", [["--help"], ["--version"], []], ids=["help", "version", "none"])
def test_help_and_version_import_no_command_s_modules(args: list[str]) -> None:
    """``equity --help`` lists the commands by name and help: neither the core, nor
    numpy, nor the options a ruling takes are imported (issue 49: start-up ≤ 0.3 s)."""
    out = subprocess.run([sys.executable, "-c", HEAVY.format(args=args)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    assert out.stderr.strip().splitlines()[-1] == "[]"


CLAIM_MODULES = ("equity.core.law.claims", "equity.core.law.claim_lines",
                 "equity.core.law.claim_ruling", "equity.core.law.claim_paragraphs",
                 "equity.core.law.claim_statement")
"""Laws 68-71: a ruling on a board without a claim runs none of them."""

AUCTION_MODULES = ("equity.core.game.calls", "equity.core.reading.auction")
"""The calls of a record's auction and their reading as natural bidding."""

CSV_MODULES = ("equity.render.csvrows", "equity.render.tally")
"""The CSV rows and the tally their columns come from."""

UNUSED_BY_A_REVOKE = (*CLAIM_MODULES, *AUCTION_MODULES, *CSV_MODULES,
                      "equity.core.law.correction",
                      "equity.core.law.partner_information", "equity.core.law.reported",
                      "equity.render.reported",
                      "equity.render.html", "equity.render.markdown",
                      "equity.render.forecast", "equity.formats.lin",
                      "equity.core.game.traveller", "equity.app.outfile",
                      "equity.formats.edits", "equity.core.game.claim",
                      "equity.core.game.revoke_report", "equity.core.game.start_position",
                      "equity.core.game.play_from", "equity.core.player.unforeseen")
"""What ``rule --example`` (a revoke on trick 4 of a PBN board without an auction, no
claim, no Law 16B facts, not reported, no traveller) never runs: Laws 62D, 16B, a reported
revoke, the claim's types, the auction's calls and reading, a start from the cards held or
a trick, a class's unforeseen departures, the report, forecast and CSV layouts, the LIN
reader, the session's results."""

LOADED = """
import sys
from equity.app.cli import main
try:
    main({args!r})
except SystemExit:
    pass
print(sorted(m for m in sys.modules if m in {modules!r}), file=sys.stderr)
"""


def _loaded(args: list[str], modules: tuple[str, ...] = UNUSED_BY_A_REVOKE) -> list[str]:
    """The ``modules`` (:data:`UNUSED_BY_A_REVOKE`) a fresh process imported for ``equity
    ARGS``."""
    return _loaded_and_said(args, modules)[0]


def _loaded_and_said(args: list[str], modules: tuple[str, ...] = UNUSED_BY_A_REVOKE
                     ) -> tuple[list[str], str]:
    """:func:`_loaded`, and what ``equity ARGS`` printed."""
    out = subprocess.run([sys.executable, "-c", LOADED.format(args=args, modules=modules)],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    return list(ast.literal_eval(out.stderr.strip().splitlines()[-1])), out.stdout


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_revoke_ruling_without_a_claim_imports_no_claim_module(fmt: str) -> None:
    """``equity rule --example`` (a revoke, no claim) imports none of Laws 68-71's
    modules nor any other it never runs: the law and game faces offer their names on
    first use (issue 49: import only what a command uses)."""
    assert _loaded(["rule", "--example", "--format", fmt]) == []


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_ruling_without_an_auction_imports_no_numpy(fmt: str) -> None:
    """``equity rule --example`` replays its one board in the kernel through the standard
    library's buffers and reads no auction (whose prior numpy draws): numpy, a tenth of
    the ruling's CPU, is never loaded (issue 49)."""
    assert _loaded(["rule", "--example", "--format", fmt], ("numpy",)) == []


GC_AFTER = """
import contextlib, gc, io, sys
from equity.app.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["rule", "--example"])
    first = gc.get_freeze_count()
    main(["rule", "--example"])
print(gc.isenabled(), first, gc.get_freeze_count(), file=sys.stderr)
"""


def test_the_first_commands_imports_are_left_out_of_later_collections_once() -> None:
    out = subprocess.run([sys.executable, "-c", GC_AFTER], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    enabled, first, second = out.stderr.split()[-3:]
    assert enabled == "True"
    assert int(first) > 10_000  # the imports' objects, frozen
    assert int(second) <= int(first)  # a second command freezes nothing more


def test_reading_an_auction_or_scanning_files_loads_numpy(tmp_path: Path) -> None:
    """The prior of an auction's reading (what the calls show) and the batch readers need
    it: the test above can fail."""
    auction = ROOT / "tests" / "cases" / "031_16b_board11_no_diamonds_partner.pbn"
    assert _loaded(["rule", str(auction), "--format", "json"], ("numpy",)) == ["numpy"]
    assert _loaded(["scan", str(auction), "--out", str(tmp_path / "scan.csv")],
                   ("numpy",)) == ["numpy"]


def test_a_claim_ruling_imports_the_claim_modules() -> None:
    """The same process on a board with a disputed claim does import them: the test
    above can fail."""
    claim = ROOT / "tests" / "cases" / "003_wrong_claim_ending.pbn"
    assert {*CLAIM_MODULES, "equity.core.game.claim"} <= set(
        _loaded(["rule", str(claim), "--format", "json"]))


def test_a_board_with_an_auction_imports_the_auction_s_reading() -> None:
    """A record with calls reads them (Law 16A1(a)): the calls and their reading are
    imported when a board has them, and the ruling says what they showed."""
    board = ROOT / "tests" / "cases" / "031_16b_board11_no_diamonds_partner.pbn"
    loaded, said = _loaded_and_said(["rule", str(board), "--json"])
    assert set(AUCTION_MODULES) <= set(loaded)
    opening = json.loads(said.splitlines()[0])["auction"]["read"][0]
    assert (opening["bid"], opening["hcp"]) == ("1N", [15, 17])


def test_a_csv_ruling_imports_the_csv_rows() -> None:
    """``--format csv`` imports the rows and the tally ``rule --example`` never does."""
    assert set(CSV_MODULES) <= set(_loaded(["rule", "--example", "--format", "csv"]))


THREADS = """
import os, sys
from equity.app.cli import _import_for
_import_for("batch")
print(os.environ["OPENBLAS_NUM_THREADS"], len(os.listdir("/proc/self/task")), file=sys.stderr)
"""


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_a_ruling_s_imports_start_no_blas_threads() -> None:
    """equity does no linear algebra: loading numpy for a batch starts none of OpenBLAS's
    threads (their start cost a tenth of a second of CPU, issue 49), and a thread count
    the user set is kept."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", THREADS], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    assert out.stderr.split() == ["1", "1"]
    out = subprocess.run([sys.executable, "-c", THREADS], cwd=ROOT,
                         env={**env, "OPENBLAS_NUM_THREADS": "2"},
                         capture_output=True, text=True, check=True)
    assert out.stderr.split()[0] == "2"


def test_a_command_s_help_still_lists_its_options() -> None:
    out = subprocess.run([sys.executable, "-m", "equity.app.cli", "rule", "--help"], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    assert "--samples" in out.stdout and "--max-positions" in out.stdout
