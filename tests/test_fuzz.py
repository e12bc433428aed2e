"""Fuzzing: hostile input never gets past the error model.

Inputs: real records from ../shared/data/external mutated (cards deleted, duplicated,
swapped in the play; tags corrupted; files truncated; random bytes inserted), random
bytes, random PBN and LIN text, random boards. Targets: the readers, the replay and the
laws (``equity.app.pipeline.rule_automatic``), the PBN writer and the ``equity rule`` command
(in process, and a few times in a subprocess). The rules checked:

- the library raises nothing but :class:`~equity.core.game.errors.BoardError`, and every error
  names the file;
- nothing hangs: each example runs under a hard time limit (``LIMIT`` seconds, by a
  timer signal: a hang guard, not a speed check; Hypothesis's deadline is off, since a
  busy machine is no failure);
- the command exits 0 or 1, prints JSON Lines (one object per board, an error object
  for a bad board) and never a traceback;
- no silent wrong answer: a board read from a file is written back by
  :func:`equity.formats.write.board_to_pbn` and read again as the same board, and a board
  that replays rules the same (``ruling_json`` minus ``source``) after that round trip.

The default run is small (well under a minute). The long run multiplies every example
count by ``EQUITY_FUZZ_SCALE`` and prints how many inputs each target ran::

    cd /work/main && python tests/fuzz/run_long.py            # scale 40
    cd /work/main && EQUITY_FUZZ_SCALE=200 PYTHONPATH=. python -m pytest \\
        tests/test_fuzz.py -q -p no:cacheprovider --hypothesis-show-statistics
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from equity.app.cli import main
from equity.app.pipeline import rule_automatic
from equity.core.game.board import Board
from equity.core.game.errors import BoardError
from equity.formats import read_boards, read_text
from equity.formats.write import board_to_pbn, boards_to_pbn
from equity.render.jsonout import ruling_json
from equity.render.view import unread_auction
from tests.builders import ROOT, random_board
from tests.fuzz import strategies as fz
from tests.fuzz import timer

SCALE = max(1, int(os.environ.get("EQUITY_FUZZ_SCALE", "1")))
LIMIT = 20.0
"""Seconds one example may take before it counts as a hang."""

needs_data = pytest.mark.skipif(not fz.real_files(), reason="real data not found")


def fuzz(n: int) -> Callable[[Any], Any]:
    """Hypothesis settings for a fuzz target: ``n`` examples (times the scale)."""
    # no deadline: a busy machine is not a failure; a hang is (LIMIT, below)
    return settings(max_examples=n * SCALE, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture,
                                           HealthCheck.filter_too_much])


@contextmanager
def time_limit(seconds: float = LIMIT) -> Iterator[None]:
    with timer.time_limit(seconds):
        yield


def read_all(path: Path) -> list[Board | BoardError]:
    """Read a file; every item must be a Board or a BoardError naming the file."""
    items = list(read_boards(path))
    for item in items:
        assert isinstance(item, Board | BoardError), item
        if isinstance(item, BoardError):
            assert item.source == str(path) and item.message, item
            assert str(item).startswith(str(path)), item
    return items


def try_rule(board: Board) -> dict[str, Any] | BoardError:
    """The board's ruling as JSON (minus ``source``, and minus the reader's note on an
    auction it could not read, which the writer does not write), or its BoardError;
    nothing else."""
    try:
        out = ruling_json(rule_automatic(board))
    except BoardError as e:
        assert e.message and e.source == board.source, e
        return e
    out.pop("source")
    unread = unread_auction(board.auction_unread)
    out["notes"] = [n for n in out["notes"] if n != unread]
    return out


def reread(board: Board) -> Board:
    """``board`` written as PBN and read back: it must come back as one board."""
    text = board_to_pbn(board)
    return read_back(board, text)


def read_back(board: Board, text: str) -> Board:
    items = list(read_text(text, "pbn", board.source))
    assert len(items) == 1 and isinstance(items[0], Board), (text, items)
    return replace(items[0], index=board.index)


def check_round_trip(board: Board) -> None:
    """No silent wrong answer: written and read back, ``board`` is the same board and, if
    it replays, rules the same."""
    try:
        text = board_to_pbn(board)
    except BoardError as e:  # a LIN leader PBN cannot record: the record does not replay
        assert e.where.trick is not None and e.source == board.source
        assert isinstance(try_rule(board), BoardError)
        return
    back = read_back(board, text)
    assert fz.normalised(back) == fz.normalised(board), text
    if board.play is not None and board.contract is not None:
        assert try_rule(back) == try_rule(board) or (
            isinstance(try_rule(back), BoardError) and isinstance(try_rule(board), BoardError))


def run_cli(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> int:
    """``equity rule PATH --json --no-equity`` in process: exit 0 or 1, JSON Lines, no
    traceback."""
    capsys.readouterr()
    try:
        code = main(["rule", str(path), "--json", "--no-equity", *extra])
    except SystemExit as e:  # argparse and usage errors only
        code = e.code if isinstance(e.code, int) else 2
    out, err = capsys.readouterr()
    assert code in (0, 1), (code, err)
    assert "Traceback" not in err and "Traceback" not in out
    lines = [json.loads(line) for line in out.splitlines()]
    errors = [x for x in lines if "error" in x]
    for obj in errors:
        assert obj["source"] == str(path) and obj["error"], obj
    assert (code == 1) == (bool(errors) or not lines), (code, out, err)
    return code


def write(tmp_path: Path, suffix: str, data: bytes) -> Path:
    path = tmp_path / f"fuzz{suffix}"
    path.write_bytes(data)
    return path


# ---------------------------------------------------------------- readers


@given(st.binary(max_size=3000), st.sampled_from([".pbn", ".lin"]))
@fuzz(60)
def test_random_bytes_give_boards_or_board_errors(tmp_path: Path, data: bytes,
                                                  suffix: str) -> None:
    with time_limit():
        read_all(write(tmp_path, suffix, data))


def names_board_or_file(error: BoardError, source: str) -> bool:
    """A board's error names its board; an error about the whole file (it is not text:
    NUL bytes, UTF-16; a LIN file without '|') names the file and says it is the file's."""
    if error.board:
        return str(error).startswith(f"{source}, ")
    return str(error).startswith(f"{source}: ") and "file" in error.message


@given(fz.random_pbn())
@fuzz(80)
def test_random_pbn_gives_boards_or_board_errors(text: str) -> None:
    with time_limit():
        for item in read_text(text, "pbn", "random.pbn"):
            if isinstance(item, Board):
                if item.play is not None:
                    try_rule(item)
            else:
                assert isinstance(item, BoardError) and item.source == "random.pbn"
                assert names_board_or_file(item, "random.pbn"), str(item)


@given(fz.random_lin())
@fuzz(80)
def test_random_lin_gives_boards_or_board_errors(text: str) -> None:
    with time_limit():
        for item in read_text(text, "lin", "random.lin"):
            if isinstance(item, Board):
                if item.play is not None:
                    try_rule(item)
                check_round_trip(item)
            else:
                assert isinstance(item, BoardError) and item.source == "random.lin"
                assert names_board_or_file(item, "random.lin"), str(item)


@needs_data
@given(st.data())
@fuzz(60)
def test_mutated_real_files_give_boards_or_board_errors(tmp_path: Path,
                                                        data: st.DataObject) -> None:
    suffix, original = data.draw(fz.real_text())
    mutated = data.draw(fz.mutated_bytes(original))
    path = write(tmp_path, suffix, mutated)
    with time_limit():
        for item in read_all(path):
            if isinstance(item, Board):
                if item.play is not None:
                    try_rule(item)
                check_round_trip(item)


# ---------------------------------------------------------------- replay and laws


@needs_data
@given(st.data())
@fuzz(80)
def test_mutated_real_play_rules_or_gives_a_board_error(data: st.DataObject) -> None:
    board = data.draw(fz.mutated_play(data.draw(fz.real_board())))
    with time_limit():
        ruled = try_rule(board)  # the board as built, outside the readers' domain too
        try:
            text = board_to_pbn(board)
        except BoardError:  # a LIN leader PBN cannot record: the record does not replay
            assert isinstance(ruled, BoardError)
            return
        items = list(read_text(text, "pbn", board.source))
        assert len(items) == 1
        if isinstance(items[0], Board):
            check_round_trip(replace(items[0], index=board.index))


@given(st.integers(0, 2**32), st.sampled_from(["4S", "3NT", "6HX", "1CXX"]),
       st.sampled_from("NESW"), st.integers(1, 13), st.integers(0, 3),
       st.lists(st.tuples(st.integers(1, 13), st.integers(0, 3)), max_size=3),
       st.none() | st.integers(0, 13))
@fuzz(60)
def test_random_play_with_revokes_rules_the_same_after_a_round_trip(
        seed: int, contract: str, declarer: str, stop_trick: int, stop_pos: int,
        inject: list[tuple[int, int]], claim: int | None) -> None:
    import random

    stop = (stop_trick, stop_pos) if stop_trick < 13 or stop_pos < 3 else None
    board, _ = random_board(random.Random(seed), contract, declarer, tuple(inject), stop,
                            claim if stop is not None else None)
    with time_limit():
        ruled = try_rule(board)
        back = reread(board)
        assert try_rule(back) == ruled


# ---------------------------------------------------------------- the writer


@given(fz.boards())
@fuzz(150)
def test_generated_boards_come_back_from_the_writer_unchanged(board: Board) -> None:
    back = reread(board)
    assert fz.normalised(back) == fz.normalised(board), board_to_pbn(board)


@given(st.lists(fz.boards(), min_size=1, max_size=4))
@fuzz(30)
def test_several_boards_in_one_file_come_back_in_order(boards: list[Board]) -> None:
    items = list(read_text(boards_to_pbn(boards), "pbn", "many.pbn"))
    assert [fz.normalised(b) for b in items if isinstance(b, Board)] == [
        fz.normalised(b) for b in boards]


@needs_data
def test_every_real_record_comes_back_from_the_writer_unchanged() -> None:
    n = 0
    for path in fz.real_files():
        for item in read_boards(path):
            if isinstance(item, Board):
                back = reread(item)
                assert fz.normalised(back) == fz.normalised(item), (path, item.index)
                n += 1
    assert n > 10_000


@needs_data
def test_real_records_that_replay_rule_the_same_after_a_round_trip() -> None:
    ruled = 0
    for board in fz.real_boards_with_play()[::7]:
        first = try_rule(board)
        if isinstance(first, BoardError):
            continue
        assert try_rule(reread(board)) == first, (board.source, board.index)
        ruled += 1
    assert ruled > 500


# ---------------------------------------------------------------- the command


@needs_data
@given(st.data())
@fuzz(40)
def test_cli_on_mutated_real_files_exits_0_or_1_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject) -> None:
    suffix, original = data.draw(fz.real_text(max_bytes=3000))
    path = write(tmp_path, suffix, data.draw(fz.mutated_bytes(original)))
    with time_limit():
        run_cli(path, capsys)


@given(st.one_of(fz.random_pbn().map(lambda t: (".pbn", t.encode("utf-8", "replace"))),
                 fz.random_lin().map(lambda t: (".lin", t.encode("utf-8", "replace"))),
                 st.tuples(st.sampled_from([".pbn", ".lin"]), st.binary(max_size=500))))
@fuzz(40)
def test_cli_on_random_input_exits_0_or_1_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: tuple[str, bytes]) -> None:
    with time_limit():
        run_cli(write(tmp_path, *case), capsys)


@needs_data
def test_cli_in_a_subprocess_on_a_few_mutated_files(tmp_path: Path) -> None:
    """The real command, Law 64C check (double-dummy solving) included, on real files cut
    short and followed by garbage."""
    files = fz.real_files()
    picks = [next(p for p in files if p.suffix.lower() == ".lin"),
             next(p for p in files if "ben-bbo-daylong" in str(p)),
             next(p for p in reversed(files) if p.suffix.lower() == ".lin")]
    for k, original in enumerate(picks):
        data = original.read_bytes()[:5000]
        cut = data[: len(data) * 2 // 3] + b'\xff\xfe pc|ZZ| [Deal "N:'
        path = write(tmp_path, f"{k}{original.suffix.lower()}", cut)
        r = subprocess.run([sys.executable, "-m", "equity.app.cli", "rule", str(path), "--json"],
                           capture_output=True, text=True, timeout=300,
                           cwd=ROOT)
        assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
        lines = [json.loads(line) for line in r.stdout.splitlines()]
        assert lines and all(obj["source"] == str(path) for obj in lines)
        assert "error" in lines[-1] and lines[-1]["board"]
