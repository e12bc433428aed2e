"""One definition of a game: the fast reader (C, used by ``scan`` and ``batch``) and the
full reader (Python, used by ``rule``) see the same games, boards and errors on the
inputs where they once disagreed (issue 15), and reading is linear on hostile input."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from equity.app.scan import scan
from equity.core.game.board import Board
from equity.core.game.errors import BoardError
from equity.formats import read_boards, read_text
from tests.formats.reading import fast, slow

DEAL = "N:AKQJT.5432.5432. 98.AKQ.AKQ.98765 765.JT9.JT9.AKQJ 432.876.876.T432"


def game(board: int, play: str = "H8 H2 HA H9", extra: str = "") -> str:
    """A regular game; the default play has no revoke, ``revoke()`` one."""
    return (f'[Board "{board}"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "4S"]\n'
            f'{extra}[Play "W"]\n{play}\n')


def revoke(board: int) -> str:
    """East ruffs the heart lead holding hearts: a revoke at trick 1."""
    return game(board, "H8 H2 S9 H9")


def agree(path: Path) -> tuple[list[Board], list[BoardError]]:
    """Assert the fast and the full reader agree on ``path``; the full reader's items."""
    want = slow([path])
    for size in (1, 3, 1024):
        assert fast([path], size) == want
    items = list(read_boards(path))
    return ([b for b in items if isinstance(b, Board)],
            [e for e in items if isinstance(e, BoardError)])


def revokes(path: Path) -> list[tuple[str | None, int | None, str | None]]:
    return [(r.board, r.trick, r.card) for r in scan([path]) if r.error is None]


def write(tmp_path: Path, data: bytes, name: str = "t.pbn") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# --- the findings of issue 15 ----------------------------------------------------------


def test_two_games_without_a_blank_line_are_one_bad_game_for_both(tmp_path: Path) -> None:
    path = write(tmp_path, (game(1) + game(2) + "\n" + revoke(3)).encode())
    boards, errors = agree(path)
    assert [b.index for b in boards] == [2]
    assert len(errors) == 1 and "second [Board]" in str(errors[0])
    assert revokes(path) == [("board 3", 1, "S9")]


def test_a_three_digit_result_is_an_error_for_both(tmp_path: Path) -> None:
    path = write(tmp_path, (game(1, extra='[Result "010"]\n') + "\n" + revoke(2)).encode())
    _boards, errors = agree(path)
    assert len(errors) == 1 and "Result" in str(errors[0])
    assert [r.error is not None for r in scan([path])] == [True, False]


def test_a_card_with_a_long_annotation_is_an_error_for_both(tmp_path: Path) -> None:
    path = write(tmp_path, game(1, "H8" + "!" * 45 + " H2 HA H3").encode())
    boards, errors = agree(path)
    assert not boards and "unknown card" in str(errors[0])


@pytest.mark.parametrize("cr", ["\r", "\r\r"])
def test_a_lone_cr_inside_a_play_row_ends_the_line_for_both(tmp_path: Path, cr: str) -> None:
    path = write(tmp_path, (game(1, f"H8 H2{cr}HA H9") + "\n" + revoke(2)).encode())
    boards, errors = agree(path)
    if cr == "\r":  # a line end: two rows
        assert not errors and [b.index for b in boards] == [1, 2]
        assert boards[0].play is not None and len(boards[0].play.tricks) == 2
    else:  # two line ends: a blank line between, so "HA H9" is a game of its own
        assert [b.index for b in boards] == [1, 3] and "outside any tag" in str(errors[0])
    assert revokes(path) == [("board 2", 1, "S9")]


@pytest.mark.parametrize("blank", [
    "\u00a0", "\u3000", "\u2028", "\u0085", "\x1c", "\x1d", "\x1e", "\x1f", "\x0b", "\x0c",
    " \t\u2000\u200a\u202f\u205f\u1680\u2029 ",
])
def test_a_line_of_unicode_whitespace_ends_a_game_for_both(tmp_path: Path, blank: str) -> None:
    text = game(1) + blank + "\n" + revoke(2) + "\n" + game(3)
    path = write(tmp_path, text.encode("utf-8"))
    boards, errors = agree(path)
    assert not errors and [b.index for b in boards] == [1, 2, 3]
    assert revokes(path) == [("board 2", 1, "S9")]


@pytest.mark.parametrize("blank", [b"\xa0", b"\x85", b" \xa0\x85\t"])
def test_a_latin1_whitespace_line_ends_a_game_for_both(tmp_path: Path, blank: bytes) -> None:
    path = write(tmp_path, game(1).encode() + blank + b"\n" + revoke(2).encode())
    boards, errors = agree(path)
    assert not errors and [b.index for b in boards] == [1, 2]


@pytest.mark.parametrize("line", [b"\xc2\xa0x", b"\xe2\x80A", b"\xc2\xa0\xa0", b"\xe3\x80"])
def test_a_line_that_only_looks_blank_does_not_end_a_game(tmp_path: Path, line: bytes) -> None:
    path = write(tmp_path, game(1).encode() + line + b"\n" + revoke(2).encode())
    agree(path)


def test_a_cr_only_file_reads_the_same_everywhere(tmp_path: Path) -> None:
    text = (game(1) + "\n" + revoke(2) + "\n" + game(3)).replace("\n", "\r")
    path = write(tmp_path, text.encode())
    boards, errors = agree(path)
    assert not errors and [b.index for b in boards] == [1, 2, 3]
    assert revokes(path) == [("board 2", 1, "S9")]


def test_a_blank_line_inside_a_comment_does_not_end_a_game(tmp_path: Path) -> None:
    text = game(1, extra="{ a comment\n\u00a0\n\nthat goes on }\n") + "\n" + revoke(2)
    path = write(tmp_path, text.encode())
    boards, errors = agree(path)
    assert not errors and [b.index for b in boards] == [1, 2]


# --- lines: the normative definition ---------------------------------------------------


@pytest.mark.parametrize(("data", "lines"), [
    (b"a\nb", ["a", "b"]),
    (b"a\r\nb\r\n", ["a", "b"]),
    (b"a\r\r\nb", ["a", "b"]),
    (b"a\rb\r", ["a", "b"]),
    (b"a\r\rb", ["a", "", "b"]),
    (b"a\n\n", ["a", ""]),
    (b"\xef\xbb\xbfa\xe9\nb\xc3\xa9", ["a\xe9", "b\xe9"]),
    (b"a\x0bb\x0cc\x1cd\xc2\x85e\xe2\x80\xa8f", ["a\x0bb\x0cc\x1cd\x85e\u2028f"]),
])
def test_lines(data: bytes, lines: list[str]) -> None:
    from equity.formats.text_lines import is_blank, lines_of
    assert list(lines_of(data)) == lines
    assert [is_blank(x) for x in lines_of(b"\xc2\xa0\n\xa0\x85\n\n x")] == [True, True, True,
                                                                             False]


def test_lines_split_a_cr_run_across_reads() -> None:
    from equity.formats.text_lines import lines_of
    data = b"x" * (1 << 16) + b"\r" * 5 + b"\n" + b"y\r" * 3
    assert list(lines_of(data)) == ["x" * (1 << 16), "y", "y", "y"]
    data = b"x" * ((1 << 16) - 2) + b"\r\r\r" + b"z"
    assert list(lines_of(data)) == ["x" * ((1 << 16) - 2), "", "", "z"]


def test_read_text_reads_as_a_file(tmp_path: Path) -> None:
    text = game(1) + "\x0b\n" + game(2).replace("\n", "\r")
    path = write(tmp_path, text.encode())
    assert [str(x) for x in read_text(text, "pbn", str(path))] == \
        [str(x) for x in read_boards(path)]


# --- limits: linear time and memory ------------------------------------------------------


def test_an_overlong_line_is_an_error_naming_board_and_line(tmp_path: Path) -> None:
    from equity.formats.text_lines import LONGEST_LINE, OVERLONG, lines_of
    long = b'[Event "' + b"e" * (LONGEST_LINE + 10) + b'"]\n'
    path = write(tmp_path, game(1).encode() + b"\n" + b'[Board "2"]\n' + long
                 + game(2).split("\n", 1)[1].encode() + b"\n" + revoke(3).encode())
    assert next(iter(lines_of(long))) is OVERLONG
    boards, errors = agree(path)
    assert [b.index for b in boards] == [1, 3]
    assert str(errors[0]).startswith(f"{path}, board 2 (game 2): line 9: ")
    assert f"longer than {LONGEST_LINE:,} bytes" in str(errors[0])


def test_a_huge_game_is_an_error(tmp_path: Path) -> None:
    rows = "\n".join(["S2 S3"] * 60_000)
    path = write(tmp_path, (game(1, rows) + "\n" + revoke(2)).encode())
    boards, errors = agree(path)
    assert "too long" in str(errors[0]) and [b.index for b in boards] == [2]


def test_a_game_over_the_size_limit_is_an_error_for_both(tmp_path: Path) -> None:
    """Tag pairs the fast reader would skip, but too many characters for one game."""
    notes = "".join(f'[Note "{i}{"n" * 900_000}"]\n' for i in range(5))
    path = write(tmp_path, (game(1, extra=notes) + "\n" + revoke(2)).encode())
    boards, errors = agree(path)
    assert "too long" in str(errors[0]) and [b.index for b in boards] == [2]


PEAK = textwrap.dedent("""
    import resource, sys, time
    from pathlib import Path
    what, path = sys.argv[1], Path(sys.argv[2])
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # a regression fails fast
    t = time.perf_counter()
    if what == "rule":
        from equity.formats import read_boards
        n = sum(1 for _ in read_boards(path))
    else:
        from equity.app.scan import scan
        n = sum(1 for _ in scan([path]))
    print(n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
          round(time.perf_counter() - t, 2))
""")


def measure(what: str, path: Path, timeout: float = 120) -> tuple[int, int, float]:
    """(items, peak RSS in MiB, seconds) reading ``path`` in a fresh process."""
    out = subprocess.run([sys.executable, "-c", PEAK, what, str(path)], capture_output=True,
                         text=True, check=True, timeout=timeout).stdout.split()
    return int(out[0]), int(out[1]), float(out[2])


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> dict[str, int]:
    path = tmp_path_factory.mktemp("small") / "small.pbn"
    path.write_text(revoke(1))
    return {w: measure(w, path)[1] for w in ("rule", "scan")}


BIG = 100 << 20


def _huge_event(path: Path, lines: int) -> None:
    with open(path, "wb") as f:
        f.write(revoke(1).encode() + b"\n")
        f.write(b'[Board "2"]\n[Event "')
        piece = b"e" * 1_000_000
        for _ in range(BIG // len(piece)):
            f.write(piece if lines == 1 else piece[:-1] + b"\n")
        f.write(b'"]\n' + revoke(3).encode().split(b"\n", 1)[1] + b"\n" + revoke(4).encode())


@pytest.mark.parametrize("what", ["rule", "scan"])
@pytest.mark.parametrize("lines", [1, 100])
def test_a_100_mb_tag_value_takes_bounded_memory(tmp_path: Path, baseline: dict[str, int],
                                                 what: str, lines: int) -> None:
    path = tmp_path / "event.pbn"
    _huge_event(path, lines)
    n, peak, _ = measure(what, path)  # the process's timeout is the hang guard
    assert n == 3, n  # board 1, the error of board 2, board 4 (rule); revokes 1, 4 + error (scan)
    extra = BIG // (1 << 20) if what == "scan" else 0  # scan holds the file in memory
    assert peak < baseline[what] + extra + 60, (peak, baseline[what])


@pytest.mark.parametrize("what", ["rule", "scan"])
def test_unclosed_braces_are_linear(tmp_path: Path, what: str) -> None:
    path = tmp_path / "braces.pbn"
    path.write_bytes(revoke(1).encode() + b"\n" + b"{ [x\n" * 200_000)  # 1 MB, no blank line
    n, _, _ = measure(what, path, timeout=60)  # quadratic work would run past it: a hang
    assert n == 2  # board 1 (or its revoke), the error of the open comment


def test_a_file_cut_short_while_scanned_does_not_kill_the_scan(tmp_path: Path) -> None:
    """It used to be memory-mapped: truncating it during the scan raised SIGBUS."""
    path = tmp_path / "cut.pbn"
    path.write_text("\n".join(revoke(i) for i in range(1, 20_001)))
    code = textwrap.dedent(f"""
        import os
        from equity.formats.fastread import read_packed
        n = 0
        for chunk in read_packed([{str(path)!r}], 64):
            if n == 0:
                os.truncate({str(path)!r}, 0)
            n += len(chunk)
        print(n)
    """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) == 20_000


def test_a_lin_board_with_too_many_pairs_is_an_error() -> None:
    items = list(read_text("qx|o1|md|1SAKQ,,,|" + "pc|SA|" * 20_000 + "\nqx|o2|", "lin"))
    assert len(items) == 1 and "more than 10,000 key|value| pairs" in str(items[0])
