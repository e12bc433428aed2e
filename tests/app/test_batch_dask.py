"""`equity batch --scheduler`: the same work on a Dask cluster (a LocalCluster of two
worker processes here), the same lines as local workers, and nothing lost when a worker
is killed mid-run. Skipped when Dask is not installed (``pip install 'equity[dask]'``)."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from equity.app.batch import run_batch
from equity.app.cli import main
from tests.builders import (
    QUICK_ARGS,
    ROOT,
    SEED_FILES,
    TIMED,
    by_key,
    lines_of,
    many_boards,
    quick,
    untimed,
)

distributed = pytest.importorskip("distributed")

BOARDS = 600


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as c:
        yield c


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return many_boards(tmp_path_factory.mktemp("dask") / "many.pbn", BOARDS)


def test_the_cluster_gives_the_local_lines_on_the_seed_cases(cluster: Any,
                                                             tmp_path: Path) -> None:
    local, remote = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    run_batch(SEED_FILES, quick(), local, jobs=1, time_limit=None)
    s = run_batch(SEED_FILES, quick(), remote, time_limit=None, task_boards=4,
                  scheduler=cluster.scheduler_address)
    assert s.ruled + s.errors == len(lines_of(local))
    assert by_key(lines_of(remote)) == by_key(lines_of(local))
    assert sorted(json.dumps(untimed(json.loads(x)), sort_keys=True)
                  for x in remote.read_text().splitlines()) == sorted(
        json.dumps(untimed(json.loads(x)), sort_keys=True) for x in local.read_text().splitlines())


def test_the_cli_with_a_time_limit_gives_the_same_error_lines(
        cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("timed.pbn").write_text(TIMED, encoding="utf-8")
    assert main(["batch", "timed.pbn", "--time-limit", "0.001", "--out", "local.jsonl"]) == 1
    assert main(["batch", "timed.pbn", "--time-limit", "0.001", "--out", "dask.jsonl",
                 "--scheduler", cluster.scheduler_address]) == 1
    assert by_key(lines_of(Path("dask.jsonl"))) == by_key(lines_of(Path("local.jsonl")))


def test_a_worker_killed_mid_run_loses_nothing(cluster: Any, many: Path,
                                                tmp_path: Path) -> None:
    reference, out = tmp_path / "reference.jsonl", tmp_path / "dask.jsonl"
    run_batch([many], quick(), reference, jobs=1, time_limit=None)
    with distributed.Client(cluster.scheduler_address) as client:
        client.wait_for_workers(2)
        pids = client.run(os.getpid)
    victim = next(iter(pids.values()))
    killed = threading.Event()
    at_kill: list[int] = []

    def kill_when_running() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if out.exists() and out.stat().st_size > 0:
                os.kill(victim, signal.SIGKILL)
                at_kill.append(out.read_bytes().count(b"\n"))
                killed.set()
                return
            time.sleep(0.005)

    killer = threading.Thread(target=kill_when_running)
    killer.start()
    try:
        s = run_batch([many], quick(), out, time_limit=None, task_boards=8,
                      scheduler=cluster.scheduler_address)
    finally:
        killer.join()
    assert killed.is_set() and at_kill[0] < BOARDS, "the kill should land mid-run"
    assert (s.ruled, s.errors) == (BOARDS, 0)
    assert by_key(lines_of(out)) == by_key(lines_of(reference))


def test_an_unreachable_scheduler_is_refused(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "timed.pbn").write_text(TIMED, encoding="utf-8")
    code = main(["batch", str(tmp_path / "timed.pbn"), "--out", str(tmp_path / "o.jsonl"),
                 "--scheduler", "tcp://127.0.0.1:9"])
    assert code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err


def test_ctrl_c_on_a_cluster_run_is_quiet_and_resumable(cluster: Any, many: Path,
                                                       tmp_path: Path) -> None:
    import subprocess
    import sys

    root = ROOT
    out = tmp_path / "dask.jsonl"
    cmd = [sys.executable, "-m", "equity.app.cli", "batch", str(many), *QUICK_ARGS,
           "--out", str(out), "--scheduler", cluster.scheduler_address]
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.Popen(cmd, env=env, text=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if out.exists() and out.stat().st_size > 0:
                break
            time.sleep(0.005)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    written = len(lines_of(out))
    assert written < BOARDS
    rerun = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300,
                           check=False)
    assert rerun.returncode == 0, rerun.stderr
    assert f"{written} already in the output" in rerun.stderr
    assert len(by_key(lines_of(out))) == BOARDS
