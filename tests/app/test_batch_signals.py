"""Ctrl-C and SIGTERM end `equity batch` and all its workers quietly, with exit 130 / 143,
and a rerun completes the output: real processes, real signals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.builders import QUICK_ARGS, ROOT, by_key, lines_of, many_boards

BOARDS = 1500


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Many boards, each with a revoke whose Law 64C check solves (a few seconds in all)."""
    return many_boards(tmp_path_factory.mktemp("signals") / "many.pbn", BOARDS)


@pytest.fixture(scope="module")
def reference(many: Path) -> Path:
    out = many.with_name("reference.jsonl")
    r = batch(many, out, "--jobs", "1", "--time-limit", "0")
    assert r.returncode == 0, r.stderr
    return out


def batch(src: Path, out: Path, *more: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "equity.app.cli", "batch", str(src),
                           "--out", str(out), *QUICK_ARGS, *more], env=env, capture_output=True,
                          text=True, timeout=600, check=False)


def alive_in_group(pgid: int) -> list[int]:
    """The live (not zombie) processes of a process group."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            pids.append(int(entry.name))
    return pids


@pytest.mark.parametrize(("signum", "to", "when", "code"), [
    (signal.SIGINT, "group", "starting", 130),   # Ctrl-C on a terminal: every process
    (signal.SIGINT, "group", "running", 130),
    (signal.SIGTERM, "parent", "running", 143),  # `kill PID`
    (signal.SIGTERM, "group", "running", 143),   # a service manager, `timeout`
])
def test_a_signal_ends_every_worker_quietly_and_the_output_is_resumable(
        many: Path, reference: Path, tmp_path: Path, signum: int, to: str, when: str,
        code: int) -> None:
    out = tmp_path / "out.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "equity.app.cli", "batch", str(many),
                             *QUICK_ARGS, "--out", str(out), "--jobs", "2"], env=env, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if out.exists() and (when == "starting" or out.stat().st_size > 0):
                break
            time.sleep(0.005)
        if to == "group":
            os.killpg(proc.pid, signum)
        else:
            os.kill(proc.pid, signum)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == code, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert "leaked" not in err and "Error" not in err, err
    assert f"rerun the same command to complete {out}" in err
    deadline = time.monotonic() + 10
    while alive_in_group(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive_in_group(proc.pid), "a worker outlived the run"
    written = lines_of(out)
    assert len(written) < BOARDS, "the signal should land before the end"
    rerun = batch(many, out, "--jobs", "2")
    assert rerun.returncode == 0, rerun.stderr
    assert f"{len(written)} already in the output" in rerun.stderr
    assert by_key(lines_of(out)) == by_key(lines_of(reference))
