"""Every output file written whole or not at all (a temporary file beside it, renamed over
it), never onto a file the command reads, and CSV cells a spreadsheet reads as text."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from equity.app.cli import main
from equity.app.outfile import OutputFileError, write_whole
from equity.render.csvrows import cell, plain_text, text_cell
from tests.builders import CASES

CASE = CASES / "001_3nt_east_diamond_discard.pbn"
EMPTY_USEBIO = '<?xml version="1.0"?>\n<USEBIO Version="1.2"></USEBIO>\n'


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills while the data goes out: the sync that must reach the disk fails."""
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, "fsync", full)


def test_a_full_disk_leaves_the_old_file_byte_for_byte(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "results.xml"
    out.write_bytes(b"old contents\x00\xff" * 1000)
    before = out.read_bytes()
    _disk_full(monkeypatch)
    with pytest.raises(OutputFileError, match=f"{out}.*disk is full.*old file is unchanged"):
        write_whole(out, b"new" * 5000)
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["results.xml"]  # no temporary left


def test_a_file_written_whole_keeps_its_permissions(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    out.write_text("old")
    out.chmod(0o600)
    write_whole(out, "new")
    assert out.read_text() == "new" and out.stat().st_mode & 0o777 == 0o600


def test_summary_outputs_on_a_full_disk_are_kept_and_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    jsonl = tmp_path / "out.jsonl"
    jsonl.write_text(json.dumps({"key": "k", "source": "a.pbn", "board": "board 1",
                                 "error": {"message": "bad"}}) + "\n")
    page, table = tmp_path / "s.html", tmp_path / "s.csv"
    page.write_text("old page")
    table.write_text("old,table\n")
    _disk_full(monkeypatch)
    assert main(["summary", str(jsonl), "--html", str(page), "--csv", str(table)]) == 1
    err = capsys.readouterr().err
    assert str(page) in err and "disk is full" in err and "None" not in err
    assert page.read_text() == "old page" and table.read_text() == "old,table\n"


def test_summary_refuses_to_write_over_its_input(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    jsonl = tmp_path / "out.jsonl"
    jsonl.write_text("")
    before = jsonl.read_bytes()
    assert main(["summary", str(jsonl), "--csv", str(tmp_path / "." / "out.jsonl")]) == 1
    assert "batch output" in capsys.readouterr().err and jsonl.read_bytes() == before


@pytest.mark.parametrize("spelling", ["same", "relative", "symlink", "hardlink"])
def test_results_out_refuses_the_ruled_file_however_it_is_spelt(
        tmp_path: Path, spelling: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "case.pbn"
    shutil.copy(CASE, case)
    traveller = tmp_path / "s.xml"
    traveller.write_text(EMPTY_USEBIO)
    monkeypatch.chdir(tmp_path)
    out = {"same": str(case), "relative": "./sub/../case.pbn", "symlink": "link.pbn",
           "hardlink": "hard.pbn"}[spelling]
    (tmp_path / "sub").mkdir()
    (tmp_path / "link.pbn").symlink_to(case)
    os.link(case, tmp_path / "hard.pbn")
    before = case.read_bytes()
    assert main(["rule", str(case), "--traveller", str(traveller), "--pairs", "3-8",
                 "--results-out", out]) == 2
    err = capsys.readouterr().err
    assert "--results-out" in err and "ruled file" in err and str(Path(out)) in err
    assert case.read_bytes() == before


def test_results_out_refuses_the_traveller(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    traveller = tmp_path / "s.xml"
    traveller.write_text(EMPTY_USEBIO)
    assert main(["rule", str(CASE), "--traveller", str(traveller), "--pairs", "3-8",
                 "--results-out", str(tmp_path / "x" / ".." / "s.xml")]) == 2
    assert "traveller" in capsys.readouterr().err
    assert traveller.read_text() == EMPTY_USEBIO


def test_report_refuses_to_write_over_the_ruled_file(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "case.html"
    case.write_bytes(CASE.read_bytes())
    pbn = tmp_path / "case.pbn"
    os.link(case, pbn)
    before = case.read_bytes()
    assert main(["report", str(pbn), "--samples", "8", "-o", str(case)]) == 1
    assert "ruled file" in capsys.readouterr().err and case.read_bytes() == before


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_text_cell_a_spreadsheet_would_run_is_made_text(start: str) -> None:
    text = f"{start}HYPERLINK(\"http://evil\")"
    assert text_cell(text) == "'" + text and plain_text(text_cell(text)) == text
    assert cell(-430) == "-430" and cell(-0.5) == "-0.5"  # numbers stay numbers
    assert not cell(f"{start}cmd").startswith(start)  # tab, CR: trimmed to one line
    assert text_cell("board 1") == "board 1"


def test_rule_csv_source_from_a_hostile_file_name_is_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    name = "=HYPERLINK(evil).pbn"
    Path(name).write_text('[Board "1"]\n[Deal "N:garbage"]\n')
    assert main(["rule", name, "--format", "csv"]) == 1
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows and rows[0]["source"] == "'" + name
    assert all(not v.startswith(("=", "+", "-", "@")) for r in rows for v in r.values() if v)


# --- Only a regular file or a new path is written (issue 42, 2) ---------------------------


def _not_regular(tmp_path: Path, kind: str) -> Path:
    """A path that is a FIFO, a device node or a symbolic link to a file."""
    path = tmp_path / "out"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        try:
            os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # as /dev/null
        except PermissionError:
            pytest.skip("making a device node needs privileges this run has not")
    else:
        target = tmp_path / "target.xml"
        target.write_text("the target")
        path.symlink_to(target)
    return path


def _kind(path: Path) -> int:
    return stat.S_IFMT(os.lstat(path).st_mode)


@pytest.mark.parametrize("command", ["results-out", "report", "summary-html", "summary-csv"])
@pytest.mark.parametrize("kind", ["fifo", "device", "symlink"])
def test_an_output_that_is_not_a_regular_file_is_refused_and_kept(
        tmp_path: Path, kind: str, command: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = _not_regular(tmp_path, kind)
    before = _kind(out)
    jsonl = tmp_path / "batch.jsonl"
    jsonl.write_text("")
    session = Path(__file__).resolve().parents[2] / "equity" / "examples" / "session-usebio.xml"
    args = {"results-out": ["rule", str(CASE), "--traveller", str(session), "--pairs", "3-8",
                            "--results-out", str(out), "--no-equity"],
            "report": ["report", str(CASE), "--no-equity", "-o", str(out)],
            "summary-html": ["summary", str(jsonl), "--html", str(out)],
            "summary-csv": ["summary", str(jsonl), "--csv", str(out)]}[command]
    assert main(args) in (1, 2)
    err = capsys.readouterr().err
    assert str(out) in err and "regular file" in err, err
    assert _kind(out) == before
    if kind == "symlink":
        assert (tmp_path / "target.xml").read_text() == "the target"


# --- One writer at a time (issue 48, 6) ----------------------------------------------------


_WRITER = """
import sys
from pathlib import Path
from equity.app.outfile import one_writer
log = Path(sys.argv[2])
with one_writer(sys.argv[1]):
    with open(log, "a") as f:
        f.write("second\\n")
"""


def test_a_second_writer_waits_for_the_first_and_no_lock_file_is_left(tmp_path: Path) -> None:
    """While one run holds the file's lock (a lock file beside it), another run's write
    waits for its turn: the second's line comes after the first's last one, and the lock
    file is gone once both are done."""
    import subprocess
    import sys
    import time

    from equity.app.outfile import lock_path, one_writer
    from tests.builders import ROOT

    target, log = tmp_path / "ruled.xml", tmp_path / "log"
    with one_writer(target):
        assert lock_path(target).exists()
        second = subprocess.Popen([sys.executable, "-c", _WRITER, str(target), str(log)],
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
        time.sleep(2)  # time for the second to reach its lock (the order is asserted)
        with open(log, "a") as f:
            f.write("first, last line\n")
    assert second.wait(timeout=120) == 0
    assert log.read_text().splitlines() == ["first, last line", "second"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log"]


def test_a_file_system_without_locks_is_said_not_written_unlocked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder whose file system takes neither ``flock`` nor a POSIX lock (a directory's
    ``flock`` on NFS was silently not taken): an error naming the file, nothing written,
    never a write that a simultaneous run could lose."""
    import fcntl

    from equity.app.outfile import one_writer

    def no_lock(fd: int, op: int) -> None:
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))

    monkeypatch.setattr(fcntl, "flock", no_lock)
    monkeypatch.setattr(fcntl, "lockf", no_lock)
    target = tmp_path / "ruled.xml"
    with pytest.raises(OutputFileError, match="lock") as e, one_writer(target):
        pass
    assert str(target) in str(e.value)
