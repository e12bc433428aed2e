"""`python -m benchmarks.corpus` without source boards: one clear line, no traceback,
no header-only file left behind (was: "no clean source boards" raised as a traceback
after OUT had been written with its header)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.builders import ROOT


def corpus_cli(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "benchmarks.corpus", *args], cwd=cwd,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **env},
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("how", ["default folder absent", "--from missing",
                                 "--from without boards"])
def test_corpus_without_source_boards_is_one_line_naming_from(tmp_path: Path,
                                                                how: str) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    args = {"default folder absent": (), "--from missing": ("--from", str(tmp_path / "no")),
            "--from without boards": ("--from", str(empty))}[how]
    out = tmp_path / "OUT.pbn"
    r = corpus_cli(str(out), "--boards", "200", "--seed", "1", *args, cwd=tmp_path,
                   EQUITY_EXTERNAL=str(tmp_path / "no-external"))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert "--from PATH" in r.stderr
    assert not out.exists()
