"""`equity batch` shows its progress without a terminal (a line every ten seconds on
stderr: boards done of the total, rate, time left) and writes its first lines within
seconds, so that a run interrupted early keeps them."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from equity.app.batch.progress import ProgressLines, eta_text, progress_line
from tests.builders import CASES, ROOT, SEED_FILES

LIGHT: tuple[str, ...] = ()
"""The default estimate, as a user runs it: the interruption test waits five seconds."""
PROGRESS = re.compile(r"^equity batch: (\d+)/(\d+) boards, [\d.]+ boards/s", re.M)


def test_progress_line_says_done_total_rate_and_time_left() -> None:
    assert progress_line(12, 60, 24.0) == ("equity batch: 12/60 boards, 0.50 boards/s, "
                                           "about 2 min left")
    assert progress_line(0, 60, 10.0) == "equity batch: 0/60 boards, 0.00 boards/s"
    assert progress_line(60, 60, 30.0) == "equity batch: 60/60 boards, 2.00 boards/s"
    assert eta_text(45) == "45 s" and eta_text(3 * 3600 + 300) == "3 h 05 min"


def test_progress_lines_come_every_period_even_while_no_board_is_done() -> None:
    out = io.StringIO()
    lines = ProgressLines(10, out, every=0.05)
    time.sleep(0.18)
    lines.update(3)
    time.sleep(0.12)
    lines.close()
    seen = PROGRESS.findall(out.getvalue())
    assert len(seen) >= 3
    assert seen[0] == ("0", "10") and seen[-1] == ("3", "10")


def _start(out: Path, err: Path, *options: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with err.open("wb") as stderr:
        return subprocess.Popen([sys.executable, "-m", "equity.app.cli", "batch",
                                 *map(str, SEED_FILES),
                                 "--out", str(out), *options], env=env,
                                stdout=subprocess.DEVNULL, stderr=stderr)


def _interrupt_after(seconds: float, out: Path, err: Path, *options: str
                     ) -> tuple[int, list[str]]:
    proc = _start(out, err, *options)
    time.sleep(seconds)
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    code = proc.wait(60)
    return code, out.read_text(encoding="utf-8").splitlines(keepends=True)


def test_a_run_interrupted_five_seconds_after_start_keeps_complete_lines(
        tmp_path: Path) -> None:
    """Was: tasks of 16 boards, so nothing reached the output in the first minutes."""
    out, err = tmp_path / "out.jsonl", tmp_path / "err.txt"
    code, lines = _interrupt_after(5, out, err, *LIGHT)
    assert code in (0, 130), err.read_text()
    assert lines, "no line kept"
    for line in lines:
        assert line.endswith("\n")
        assert json.loads(line)["key"].startswith(str(CASES))


def test_progress_lines_reach_stderr_redirected_to_a_file(tmp_path: Path) -> None:
    """A run still going after ten seconds (the reference estimate, sixteen times the
    default's sampling, takes longer than that on the seed cases) prints a line: the test
    waits for it, however slow the machine, then interrupts the run."""
    out, err = tmp_path / "out.jsonl", tmp_path / "err.txt"
    proc = _start(out, err, "--reference")
    guard = time.monotonic() + 300  # a hang guard, not a speed check
    while (proc.poll() is None and time.monotonic() < guard
           and not PROGRESS.search(err.read_text(encoding="utf-8"))):
        time.sleep(0.5)
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    code = proc.wait(120)
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    text = err.read_text(encoding="utf-8")
    assert code in (0, 130), text
    seen = PROGRESS.findall(text)
    assert seen, text
    done, total = (int(x) for x in seen[-1])
    assert total >= 57 and done <= len(lines)  # the seed cases' boards with a revoke
    assert "\r" not in text  # lines, not a bar redrawn in place
