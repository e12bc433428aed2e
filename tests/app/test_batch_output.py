"""`equity batch --out`: a regular file that is not an input, made with known options,
written by one run at a time, whole lines only (short writes, a full disk), and a
time limit overrun that is not final."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from equity.app.batch import output as output_module
from equity.app.batch import run as run_module
from equity.app.batch import workers
from equity.app.cli import main
from tests.builders import CASES, QUICK_ARGS, ROOT, SEED_FILES, TIMED, by_key, lines_of


@pytest.fixture
def timed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "timed.pbn"
    path.write_text(TIMED, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seed cases ruled into a fresh output in one go."""
    out = tmp_path_factory.mktemp("reference") / "cases.jsonl"
    assert main(["batch", *map(str, SEED_FILES), *QUICK_ARGS, "--out", str(out),
                 "--time-limit", "0"]) in (0, 1)
    return out


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "equity.app.cli", *args], env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


# --- What --out may be ----------------------------------------------------------------


def test_out_on_a_pipe_is_refused_at_once(tmp_path: Path) -> None:
    """Was: the run read the pipe to its end, which never came (it hung forever)."""
    (tmp_path / "timed.pbn").write_text(TIMED, encoding="utf-8")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    r = run_cli("batch", str(tmp_path / "timed.pbn"), "--out", str(fifo), timeout=60)
    assert r.returncode == 2
    assert "is a pipe" in r.stderr and "regular file" in r.stderr


def test_out_on_a_directory_is_refused(timed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: "internal error" (exit 3)."""
    (timed.parent / "outdir").mkdir()
    assert main(["batch", str(timed), "--out", "outdir"]) == 2
    err = capsys.readouterr().err
    assert "outdir is a directory" in err and "internal error" not in err


@pytest.mark.parametrize("named", ["the file", "its directory"])
def test_out_naming_an_input_is_refused_and_the_input_untouched(
        timed: Path, named: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: the input's last line was cut and JSON appended to it."""
    before = timed.read_bytes()
    given = str(timed) if named == "the file" else str(timed.parent)
    assert main(["batch", given, "--out", str(timed)]) == 2
    assert "is one of the inputs" in capsys.readouterr().err
    assert timed.read_bytes() == before
    assert not Path(f"{timed}.meta.json").exists()


# --- The options it was made with -------------------------------------------------------


def test_the_options_are_recorded_beside_the_output(timed: Path) -> None:
    assert main(["batch", "timed.pbn", "--out", "out.jsonl", "--policy", "dd"]) == 0
    meta = json.loads(Path("out.jsonl.meta.json").read_text(encoding="utf-8"))
    assert meta["equity_batch"] == 1 and meta["options"]["policy"] == "dd"
    assert all("key" in ln for ln in lines_of(Path("out.jsonl"))), "only board lines"


def test_a_resume_with_other_options_is_refused_unless_restarted(
        timed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: the resume silently kept the rulings made with the old options."""
    assert main(["batch", "timed.pbn", "--out", "out.jsonl"]) == 0
    first = Path("out.jsonl").read_bytes()
    capsys.readouterr()
    assert main(["batch", "timed.pbn", "--out", "out.jsonl", "--policy", "dd"]) == 2
    err = capsys.readouterr().err
    assert "other ruling options" in err and "policy" in err and "--restart" in err
    assert Path("out.jsonl").read_bytes() == first
    assert main(["batch", "timed.pbn", "--out", "out.jsonl", "--policy", "dd",
                 "--restart"]) == 0
    lines = by_key(lines_of(Path("out.jsonl")))
    assert len(lines) == 2 and lines["timed.pbn#1"]["ruling"]["policy"] == "dd"
    assert "0 already in the output" in capsys.readouterr().err
    assert main(["batch", "timed.pbn", "--out", "out.jsonl", "--policy", "dd"]) == 0
    assert "2 already in the output" in capsys.readouterr().err


def test_a_csv_output_resumes_from_its_key_column_and_keeps_its_format(
        timed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", "timed.pbn", "--out", "out.csv", "--format", "csv",
                 "--no-equity"]) == 0
    meta = json.loads(Path("out.csv.meta.json").read_text(encoding="utf-8"))
    assert meta["format"] == "csv"
    rows = Path("out.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("key,source,board,") and len(rows) == 3
    capsys.readouterr()
    assert main(["batch", "timed.pbn", "--out", "out.csv", "--format", "csv",
                 "--no-equity"]) == 0
    assert "2 already in the output" in capsys.readouterr().err
    assert Path("out.csv").read_text(encoding="utf-8").splitlines() == rows
    assert main(["batch", "timed.pbn", "--out", "out.csv", "--no-equity"]) == 2
    assert "holds csv lines; rerun with --format csv" in capsys.readouterr().err


def test_rulings_without_a_record_of_their_options_are_not_resumed(
        timed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    Path("out.jsonl").write_text('{"key": "timed.pbn#1", "error": "x"}\n', encoding="utf-8")
    assert main(["batch", "timed.pbn", "--out", "out.jsonl"]) == 2
    assert "--restart" in capsys.readouterr().err


# --- One writer ----------------------------------------------------------------------


def test_a_second_writer_fails_at_once(timed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: two runs on one --out wrote every board twice."""
    assert main(["batch", "timed.pbn", "--out", "out.jsonl", "--no-equity"]) == 0
    fd = os.open("out.jsonl", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # another run, writing
        Path("out.jsonl").write_text("", encoding="utf-8")
        assert main(["batch", "timed.pbn", "--out", "out.jsonl", "--no-equity"]) == 2
        assert "being written by another equity batch" in capsys.readouterr().err
        assert Path("out.jsonl").read_text(encoding="utf-8") == ""
    finally:
        os.close(fd)


# --- Whole lines ------------------------------------------------------------------------


def _faulty_write(path: Path, fault: Callable[[int, bytes], int]) -> Callable[..., int]:
    """``os.write`` with ``fault`` in the way of the writes to ``path`` only."""
    real = os.write

    def write(fd: int, data: Any) -> int:
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            target = ""
        if target == str(path.resolve()):
            return fault(fd, bytes(data))
        return real(fd, data)

    return write


def test_short_writes_keep_every_line_whole(
        tmp_path: Path, reference: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: one ``write`` a line; a short one left a cut line that the next merged into."""
    out = tmp_path / "short.jsonl"
    real = os.write
    monkeypatch.setattr(os, "write", _faulty_write(out, lambda fd, b: real(fd, b[:7])))
    assert main(["batch", *map(str, SEED_FILES), *QUICK_ARGS, "--out", str(out),
                 "--time-limit", "0"]) in (0, 1)
    monkeypatch.undo()
    assert lines_of(out) == lines_of(reference)  # whole lines, the same rulings


def test_a_full_disk_is_one_clear_error_and_the_output_resumable(
        tmp_path: Path, reference: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Was: "internal error ... please report it", and a cut line."""
    out = tmp_path / "full.jsonl"
    room = [reference.stat().st_size // 2]  # about half the boards fit
    limit = room[0]
    real = os.write

    def fault(fd: int, data: bytes) -> int:
        if room[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = real(fd, data[:room[0]])
        room[0] -= n
        return n

    monkeypatch.setattr(os, "write", _faulty_write(out, fault))
    code = main(["batch", *map(str, SEED_FILES), *QUICK_ARGS, "--out", str(out),
                 "--time-limit", "0"])
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert code == 1
    assert f"equity batch: {out}: disk full" in err and "internal error" not in err
    data = out.read_bytes()
    assert 0 < len(data) <= limit and data.endswith(b"\n")
    kept = len(lines_of(out))
    assert main(["batch", *map(str, SEED_FILES), *QUICK_ARGS, "--out", str(out),
                 "--time-limit", "0"]) in (0, 1)
    assert f"{kept} already in the output" in capsys.readouterr().err
    assert by_key(lines_of(out)) == by_key(lines_of(reference))


def test_a_file_size_limit_is_met_with_whole_lines(tmp_path: Path, reference: Path) -> None:
    """A real short write then EFBIG (the process's file size limit, as a quota would)."""
    out = tmp_path / "limited.jsonl"
    limit = reference.stat().st_size // 2  # about half the boards fit
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    r = subprocess.run([sys.executable, "-m", "equity.app.cli", "batch", *map(str, SEED_FILES),
                        *QUICK_ARGS, "--out", str(out), "--time-limit", "0"], env=env,
                       preexec_fn=cap,
                       capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 1, r.stderr
    assert "file too large" in r.stderr and "Traceback" not in r.stderr
    data = out.read_bytes()
    assert 0 < len(data) <= limit and data.endswith(b"\n")
    assert main(["batch", *map(str, SEED_FILES), *QUICK_ARGS, "--out", str(out),
                 "--time-limit", "0"]) in (0, 1)
    assert by_key(lines_of(out)) == by_key(lines_of(reference))


# --- Overruns are not final ---------------------------------------------------------------


def test_a_time_limit_overrun_is_ruled_again_on_resume(
        timed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: the overrun's error line counted as done; no rerun could rule the board."""
    assert main(["batch", "timed.pbn", "--time-limit", "0.001", "--out", "out.jsonl"]) == 1
    assert "exceeded" in by_key(lines_of(Path("out.jsonl")))["timed.pbn#1"]["error"]
    capsys.readouterr()
    assert main(["batch", "timed.pbn", "--time-limit", "0", "--out", "out.jsonl"]) == 0
    assert "1 already in the output, 1 ruled again" in capsys.readouterr().err
    lines = by_key(lines_of(Path("out.jsonl")))
    assert len(lines) == 2 and lines["timed.pbn#1"]["ruling"]["solved"]


# --- --jobs -------------------------------------------------------------------------------


def test_jobs_are_capped_by_cores_and_memory(timed: Path, monkeypatch: pytest.MonkeyPatch,
                                             caplog: pytest.LogCaptureFixture) -> None:
    """Was: --jobs unbounded (~93 MB a worker)."""
    seen: list[int] = []
    monkeypatch.setattr(workers, "usable_cores", lambda: 8)
    monkeypatch.setattr(workers, "available_memory", lambda: 250 * 2**20)
    monkeypatch.setattr(run_module, "_pooled", lambda tasks, options, emit, jobs, *a: (
        seen.append(jobs), [emit([], len(t)) for t in tasks]))
    assert main(["batch", "timed.pbn", "--out", "out.jsonl", "--jobs", "1000"]) == 0
    assert seen == [2]
    assert "--jobs 1000 is more than this machine can run" in caplog.text
    assert workers.cap_jobs(2) == (2, None)


def test_output_module_keeps_stdout_as_before(timed: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", "timed.pbn", "--no-equity"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [json.loads(x)["key"] for x in out] == ["timed.pbn#1", "timed.pbn#2"]
    assert not list(timed.parent.glob("*.meta.json"))
    assert output_module.meta_path("x.jsonl") == Path("x.jsonl.meta.json")


def test_a_file_that_changes_after_screening_gets_an_error_line_per_wanted_board(
        tmp_path: Path) -> None:
    """Screening found the boards to rule by their place in the file; if the file is
    rewritten before they are read again, none is ruled under a shifted index: each is an
    error line, counted (exit 1)."""
    from equity.app.batch.screen import screen, tasks_of

    src = tmp_path / "in.pbn"
    shutil.copy(CASES / "001_3nt_east_diamond_discard.pbn", src)
    screened = screen([src])
    assert screened.to_rule == 1
    src.write_text("\n" + src.read_text())  # every line moves down by one
    os.utime(src, ns=(1, 1))
    lost: list[tuple[str, object]] = []
    assert list(tasks_of(screened, set(), 16, lost.extend)) == []
    assert [k for k, _ in lost] == [f"{src}#1"]
    assert "changed after it was screened" in str(lost[0][1])


def test_a_wanted_board_the_full_reader_does_not_give_is_reported_not_dropped(
        tmp_path: Path) -> None:
    from equity.app.batch.screen import screen, tasks_of

    src = tmp_path / "in.pbn"
    shutil.copy(CASES / "001_3nt_east_diamond_discard.pbn", src)
    screened = screen([src])
    screened.wanted[str(src)].append(7)  # a board screening saw that is not there now
    lost: list[tuple[str, object]] = []
    tasks = list(tasks_of(screened, set(), 16, lost.extend))
    assert [b.index for t in tasks for b in t] == [1]
    assert [k for k, _ in lost] == [f"{src}#7"]
