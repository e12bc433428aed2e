"""`equity batch`: the same rulings as `equity rule --json`, batched, in parallel, with
nothing lost or doubled when a run is killed, and a time limit on double-dummy solving."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

from benchmarks.corpus import corpus, sources, write
from equity.app.batch import Output, run_batch
from equity.app.cli import main
from equity.app.options import RulingOptions
from equity.core.adjust.weights import Policy
from equity.core.game.cards import Card, Side
from equity.dd.session import session
from equity.dd.solve import set_threads, solve_cards, solve_positions
from tests.builders import (
    BAD_BOARD,
    CASES,
    EXTERNAL,
    QUICK_ARGS,
    ROOT,
    SEED_FILES,
    TIMED,
    by_key,
    hostile_folder,
    launcher,
    lines_of,
    quick,
    untimed,
)

needs_data = pytest.mark.skipif(not EXTERNAL.is_dir(), reason="../shared/data absent")


def rule_json(path: Path, capsys: pytest.CaptureFixture[str], *args: str
              ) -> list[dict[str, Any]]:
    """`equity rule --json` on a file: the boards with a revoke or a claim ruled on
    (Laws 68-71), and the boards in error: those batch rules."""
    main(["rule", str(path), "--json", *args])
    out = [untimed(json.loads(x)) for x in capsys.readouterr().out.splitlines()]
    return [o for o in out if "error" in o or o.get("revokes")
            or (o.get("ruling") or {}).get("claim")]


def without_key(lines: list[dict[str, Any]]) -> list[str]:
    return sorted(json.dumps({k: v for k, v in ln.items() if k != "key"}, sort_keys=True)
                  for ln in lines)


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 real boards with an injected revoke each, and one board that cannot be replayed."""
    if not EXTERNAL.is_dir():
        pytest.skip("../shared/data absent")
    path = tmp_path_factory.mktemp("batch") / "corpus.pbn"
    write(path, corpus(sources([EXTERNAL / "ben-bbo-daylong"]), 40, seed=5))
    with open(path, "a", encoding="utf-8") as f:
        f.write(BAD_BOARD)
    return path


@pytest.fixture(scope="module")
def corpus_batch(corpus_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("batch-out") / "one.jsonl"
    run_batch([corpus_file], quick(), out, jobs=1, time_limit=None)
    return out


def test_batch_lines_are_rule_json_lines_on_the_seed_cases(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cases.jsonl"
    run_batch(SEED_FILES, quick(), out, jobs=1, time_limit=None, task_boards=5)
    expected = [o for case in sorted(CASES.glob("*.pbn"))
                for o in rule_json(case, capsys, *QUICK_ARGS)]
    got = lines_of(out)
    assert len(got) > 30
    assert without_key(got) == without_key(expected)


def test_batch_rules_a_disputed_claim_without_a_revoke(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Laws 68-71 with or without a revoke (issue 41): the screen takes the boards whose
    # facts put a claim in question, as equity rule rules them
    case = CASES / "041_70c_unmentioned_trump.pbn"
    out = tmp_path / "claims.jsonl"
    run_batch([case], quick(), out, jobs=1, time_limit=None)
    got = lines_of(out)
    assert [ln["revokes"] for ln in got] == [[], []]
    assert [ln["ruling"]["claim"]["law"] for ln in got] == ["70", "70"]
    assert without_key(got) == without_key(rule_json(case, capsys, *QUICK_ARGS))


@pytest.mark.parametrize("case", ["001_3nt_east_diamond_discard",
                                  "004_3nt_long_suit_killed"])
def test_batch_lines_are_rule_json_lines_with_the_default_estimate(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the likely outcomes included: every decision's layouts solved in batch
    src = CASES / f"{case}.pbn"
    out = tmp_path / "cases.jsonl"
    run_batch([src], RulingOptions(), out, jobs=1, time_limit=None)
    got = lines_of(out)
    assert any(ln["kind"] == "likely" for b in got for ln in b.get("lines", []))
    assert without_key(got) == without_key(rule_json(src, capsys))


@needs_data
def test_batch_lines_are_rule_json_lines_on_a_corpus_slice(
        corpus_file: Path, corpus_batch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    got = lines_of(corpus_batch)
    assert without_key(got) == without_key(rule_json(corpus_file, capsys, *QUICK_ARGS))
    keys = set(by_key(got))
    assert keys == {f"{corpus_file}#{i}" for i in range(1, 42)}


@needs_data
def test_a_bad_board_is_an_error_line_and_the_rest_are_ruled(corpus_batch: Path) -> None:
    lines = lines_of(corpus_batch)
    errors = [ln for ln in lines if "error" in ln]
    assert [e["board"] for e in errors] == ["board 99"]
    assert "SK" in errors[0]["error"] + json.dumps(errors[0]["where"])
    assert sum(1 for ln in lines if "ruling" in ln) == 40


@needs_data
def test_two_jobs_give_the_same_lines_as_one(corpus_file: Path, corpus_batch: Path,
                                             tmp_path: Path) -> None:
    out = tmp_path / "two.jsonl"
    s = run_batch([corpus_file], quick(), out, jobs=2, task_boards=4)
    assert (s.ruled, s.errors) == (40, 1)
    assert by_key(lines_of(out)) == by_key(lines_of(corpus_batch))


@needs_data
def test_a_killed_run_rerun_has_every_board_once_with_the_same_results(
        tmp_path: Path) -> None:
    src = tmp_path / "big.pbn"
    write(src, corpus(sources([EXTERNAL / "ben-bbo-daylong"]), 120, seed=7))
    reference = tmp_path / "reference.jsonl"
    run_batch([src], quick(), reference, jobs=1, time_limit=None)
    out = tmp_path / "out.jsonl"
    cmd = [sys.executable, "-m", "equity.app.cli", "batch", str(src), "--out", str(out),
           *QUICK_ARGS, "--jobs", "2"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while (not out.exists() or out.stat().st_size == 0) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(random.Random().uniform(0.0, 0.8))
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    written = out.read_text(encoding="utf-8").count("\n")
    assert 0 < written < 120, "the kill should land half-way"
    rerun = subprocess.run([*cmd[:-2], "--jobs", "1"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, check=False)
    assert rerun.returncode == 0, rerun.stderr
    assert f"{written} already in the output" in rerun.stderr
    assert by_key(lines_of(out)) == by_key(lines_of(reference))
    assert not (tmp_path / "dump.txt").exists()


def test_a_cut_last_line_is_dropped_and_done_boards_are_known(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    Output(path).close()  # records the options in out.jsonl.meta.json
    path.write_text('{"key": "a#1"}\n{"key": "a#2"}\n{"key": "a#', encoding="utf-8")
    out = Output(path)
    out.write(['{"key": "a#3"}'])
    out.sync()
    out.close()
    assert out.done == {"a#1", "a#2"}
    assert [ln["key"] for ln in lines_of(path)] == ["a#1", "a#2", "a#3"]


def test_a_board_over_the_time_limit_is_an_error_and_the_run_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "timed.pbn").write_text(TIMED, encoding="utf-8")
    code = main(["batch", "timed.pbn", "--time-limit", "0.001", "--out", "out.jsonl"])
    assert code == 1
    lines = by_key(lines_of(tmp_path / "out.jsonl"))
    assert lines["timed.pbn#1"]["error"] == "double-dummy solving exceeded 0.001 s"
    assert lines["timed.pbn#2"]["ruling"]["basis"] == "none"
    assert "1 ruled, 1 in error" in capsys.readouterr().err
    assert not (tmp_path / "dump.txt").exists()


def test_an_overrun_sends_the_task_queued_behind_it_back_whole(tmp_path: Path) -> None:
    # one worker holds two one-board tasks: board 1 overruns, board 2 waited behind it
    src = tmp_path / "timed.pbn"
    src.write_text(TIMED, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    s = run_batch([src], RulingOptions(), out, jobs=1, time_limit=0.001, task_boards=1)
    assert (s.ruled, s.errors, s.retried) == (1, 1, 0)
    lines = by_key(lines_of(out))
    assert lines[f"{src}#1"]["error"] == "double-dummy solving exceeded 0.001 s"
    assert lines[f"{src}#2"]["ruling"]["basis"] == "none"


def test_workers_come_from_a_fork_server_that_preloaded_them() -> None:
    from equity.app.batch.workers import PRELOAD, context

    ctx = context()
    assert ctx.get_start_method() == "forkserver"
    assert "equity.app.batch.workers" in PRELOAD


PRELOADED = """
import importlib, sys
from equity.app.{server}.workers import PRELOAD
for name in PRELOAD:
    importlib.import_module(name)
for name in {faces!r}:
    print(sorted(m for m in importlib.import_module(name).LATER if m not in sys.modules))
"""


def faces_offering_names_later() -> list[str]:
    """Every package whose face has a ``LATER`` table (names offered on first use)."""
    return sorted(".".join(p.relative_to(ROOT).parent.parts)
                  for p in (ROOT / "equity").rglob("__init__.py")
                  if "\nLATER = " in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("server", ["batch", "workbench"])
def test_the_fork_server_preloads_what_the_faces_import_on_first_use(server: str) -> None:
    """A worker never imports Laws 68-71, 62D, 16B, a reported revoke's, the claim's
    types, the auction's reading or any other module a face offers on first use on its
    first such board: the fork server has them, though ``equity rule`` imports them only
    when a board needs them (issue 49)."""
    faces = faces_offering_names_later()
    assert "equity.core.law" in faces and "equity.render.view" in faces
    out = subprocess.run([sys.executable, "-c", PRELOADED.format(server=server, faces=faces)],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["[]"] * len(faces)


def test_without_a_time_limit_the_same_board_is_ruled(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "timed.pbn").write_text(TIMED, encoding="utf-8")
    assert main(["batch", "timed.pbn", "--time-limit", "0", "--out", "out.jsonl"]) == 0
    lines = by_key(lines_of(tmp_path / "out.jsonl"))
    assert lines["timed.pbn#1"]["lines"] and lines["timed.pbn#1"]["ruling"]["solved"]
    assert not (tmp_path / "dump.txt").exists()


def test_no_equity_gives_the_automatic_ruling_only(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "timed.pbn").write_text(TIMED, encoding="utf-8")
    assert main(["batch", str(tmp_path / "timed.pbn"), "--no-equity"]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [o["board"] for o in out] == [1, 2] and all("lines" not in o for o in out)


def test_a_field_option_is_refused_in_batch(tmp_path: Path) -> None:
    (tmp_path / "timed.pbn").write_text(TIMED, encoding="utf-8")
    assert main(["batch", str(tmp_path / "timed.pbn"), "--field-from-input"]) == 2


@pytest.mark.parametrize("threads", [0, 1])
def test_batched_solving_answers_as_one_position_at_a_time(threads: int) -> None:
    from tests.builders import random_ending

    rng = random.Random(11)
    ps = [random_ending(rng, k) for k in (3, 5, 7) * 30]
    set_threads(threads)
    try:
        many = [a.cards(Side.EW) for a in session().solve(ps, True)]
        mixed = session().solve(ps, [i % 3 == 0 for i in range(len(ps))])
    finally:
        set_threads(0)
    assert many == [solve_cards(p, Side.EW) for p in ps]
    assert [a.tricks(Side.NS) for a in mixed] == solve_positions(ps, Side.NS)


def test_a_batch_dds_rejects_is_solved_board_by_board_and_only_the_bad_one_fails() -> None:
    from equity.app.batch import dds_solver, rule_boards
    from equity.core.game.board import Board
    from equity.dd.checks import SolveError
    from equity.formats import read_text

    example = (ROOT / "equity" / "examples"
               / "3nt_east_diamond_revoke.pbn").read_text()
    other = (CASES / "004_3nt_long_suit_killed.pbn").read_text()
    boards = [b for b in read_text(example, "pbn") if isinstance(b, Board)][:1] + [
        replace(b, number=2) for b in read_text(other, "pbn")
        if isinstance(b, Board)][:1]
    # board 1's positions (and their sampled layouts) come after its first trick
    gone = sum(Card.parse(c).bit for c in ("H7", "H3", "HJ", "HQ"))
    real = dds_solver(None)

    def of_board_2(group: Any) -> bool:
        return any((p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]) & gone
                   for p, _ in group)

    def flaky(groups: Any) -> Any:
        # DDS rejects any batch that holds one of board 2's positions
        if any(of_board_2(g) for g in groups):
            raise SolveError("DDS rejected a batch: Wrong number of remaining cards")
        return real(groups)

    lines = [json.loads(x) for x in rule_boards(boards, RulingOptions(policy=Policy.DD), flaky)]
    assert lines[0]["ruling"]["declarer_tricks"] == 10
    assert "DDS rejected" in lines[1]["error"] and lines[1]["board"] == "board 2"




def test_the_workers_import_nothing_from_the_working_directory(tmp_path: Path) -> None:
    """Issue 42, 3: run from a folder holding a ``random.py`` and an ``equity/``, a batch
    on worker processes executes neither and rules every board."""
    cwd = hostile_folder(tmp_path / "cwd")
    out = tmp_path / "out.jsonl"
    r = subprocess.run([*launcher(tmp_path / "bin"), "batch", str(CASES), "--jobs", "2",
                        "--no-equity", "--out", str(out)], cwd=cwd, capture_output=True,
                       text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert sorted(p.name for p in cwd.glob("MARKER-*")) == [], "the cwd was imported from"
    assert r.returncode == 0, r.stderr[-2000:]
    lines = lines_of(out)
    assert lines and not [ln for ln in lines if "error" in ln]
