"""Differential testing of the readers: one file, three roads, one answer.

The same PBN file is read by

- the full reader, as ``equity rule`` reads it (:func:`equity.formats.read_boards`, then
  :func:`equity.core.game.replay.replay` and :func:`equity.app.pipeline.rule_automatic`);
- ``equity scan`` (:func:`equity.app.scan.scan`: the C fast reader and the C kernel);
- ``equity batch``'s screening (:func:`equity.app.batch.screen`) and the boards it then
  hands out to be ruled (:func:`equity.app.batch.screen.tasks_of`),

and :func:`check` requires the same boards (count and boards without play), the same
read errors (message for message), the same revokes (board, trick, seat, card, kind),
the same boards the kernel cannot replay, and batch ruling exactly the boards with a
revoke or a replay error, as the full reader reads them.

:func:`pbn_mutations` makes the inputs: real or generated PBN text with the mutations
that once split the readers (Unicode and ISO-8859-1 whitespace lines, line ends, a
missing blank line, annotations, repeated tags, three-digit results, comments) on top
of the byte mutations of :func:`tests.fuzz.strategies.mutated_bytes`.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

from hypothesis import strategies as st
from msgspec.structs import replace

from equity.app.batch.screen import screen, tasks_of
from equity.app.pipeline import rule_automatic
from equity.app.scan import scan
from equity.core.game.board import Board
from equity.core.game.errors import BoardError
from equity.core.game.replay import replay
from equity.formats import read_boards
from equity.formats.write import boards_to_pbn
from equity.render.tally import Counts
from tests.builders import random_board
from tests.fuzz import strategies as fz

WHITESPACE = [
    "\u00a0", "\u3000", "\u2028", "\u2029", "\u0085", "\x1c", "\x1d", "\x1e", "\x1f",
    "\x0b", "\x0c", "\u1680", "\u2000", "\u200a", "\u202f", "\u205f", " \t", "",
]
WS_BYTES = [w.encode() for w in WHITESPACE] + [b"\xa0", b"\x85", b" \xa0\x85"]
"""Whitespace-only line bodies: UTF-8, and ISO-8859-1 NBSP and NEL."""
NOT_BLANK = [b"\xc2\xa0x", b"\xe2\x80A", b"\xc2\xa0\xa0", b"\xe3\x80", b"\xe2\x80\x8b",
             b"\xef\xbb\xbf", b"\x00", b"%", b";", b"{}", b"\xc2"]
"""Lines that look blank, or nearly, but are not."""
ANNOTATIONS = [b"!", b"?", b"!?", b"??", b"=1=", b"$12", b"=12=$3!", b"!" * 38, b"!" * 39,
               b"?" * 45, b"$" + b"1" * 40, b"=" + b"9" * 40 + b"="]
RESULTS = [b"010", b"13", b"014", b" 9 ", b"^7", b"0009", b"99", b"NS 9", b""]
_CARD = re.compile(rb"(?<=[ \n])(?:[SHDC](?:[2-9TJQKA]|10))(?=[ \r\n])")
_BLANK = re.compile(rb"\n[ \t\r]*\n")
_LINE_START = re.compile(rb"(?:^|\n)")
_TAG_LINE = re.compile(rb'(?m)^\[[A-Za-z]+ "[^"\n]*"\][^\n]*\n')
_RESULT = re.compile(rb'\[Result "([^"\n]*)"\]')


@st.composite
def generated_pbn(draw: st.DrawFn) -> bytes:
    """One to six random boards with revokes (as the writer writes them)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    boards = []
    for i in range(draw(st.integers(1, 6))):
        contract = rng.choice(["4S", "3NT", "6HX", "1CXX", "2D"])
        inject = tuple((rng.randint(1, 12), rng.randint(1, 3)) for _ in range(rng.randint(0, 2)))
        stop = (rng.randint(1, 13), rng.randint(0, 3)) if rng.random() < 0.3 else None
        board, _ = random_board(rng, contract, rng.choice("NESW"), inject, stop)
        if rng.random() < 0.7:
            board = replace(board, number=i + 1)
        boards.append(board)
    return boards_to_pbn(boards).encode()


def _pick(draw: st.DrawFn, pattern: re.Pattern[bytes], data: bytes) -> re.Match[bytes] | None:
    found = list(pattern.finditer(data))
    return draw(st.sampled_from(found)) if found else None


@st.composite
def game_mutation(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with one of the mutations that once split the readers."""
    kind = draw(st.sampled_from(["ws_blank", "ws_line", "near_blank", "ends", "lone_cr",
                                 "no_blank", "annotate", "result", "repeat", "comment"]))
    if kind == "ws_blank" and (m := _pick(draw, _BLANK, data)):
        return data[:m.start()] + b"\n" + draw(st.sampled_from(WS_BYTES)) + b"\n" \
            + data[m.end():]
    if kind in ("ws_line", "near_blank") and (m := _pick(draw, _LINE_START, data)):
        body = draw(st.sampled_from(WS_BYTES if kind == "ws_line" else NOT_BLANK))
        at = m.end()
        return data[:at] + body + b"\n" + data[at:]
    if kind == "ends":
        end = draw(st.sampled_from([b"\r\n", b"\r", b"\r\r\n", b"\n\r"]))
        return data.replace(b"\n", end)
    if kind == "lone_cr" and data:
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.sampled_from([b"\r", b"\r\r", b"\r\r\n"])) + data[at:]
    if kind == "no_blank" and (m := _pick(draw, _BLANK, data)):
        return data[:m.start()] + b"\n" + data[m.end():]
    if kind == "annotate" and (m := _pick(draw, _CARD, data)):
        return data[:m.end()] + draw(st.sampled_from(ANNOTATIONS)) + data[m.end():]
    if kind == "result":
        value = draw(st.sampled_from(RESULTS))
        if m := _pick(draw, _RESULT, data):
            return data[:m.start(1)] + value + data[m.end(1):]
        if m := _pick(draw, _TAG_LINE, data):
            return data[:m.end()] + b'[Result "' + value + b'"]\n' + data[m.end():]
    if kind == "repeat" and (m := _pick(draw, _TAG_LINE, data)):
        return data[:m.end()] + m.group() + data[m.end():]
    if kind == "comment" and data:
        a = draw(st.integers(0, len(data)))
        b = draw(st.integers(a, len(data)))
        close = draw(st.sampled_from([b"}", b"", b"}\n"]))
        return data[:a] + b"{" + data[a:b] + close + data[b:]
    return data


@st.composite
def real_pbn(draw: st.DrawFn, max_bytes: int = 6000) -> bytes:
    """A window of a real PBN file, from a game's start."""
    path = draw(st.sampled_from([p for p in fz.real_files() if p.suffix.lower() == ".pbn"]))
    data = path.read_bytes()
    if len(data) > max_bytes:
        starts = [0] + [m.end() for m in _BLANK.finditer(data, 0, len(data) - max_bytes)]
        start = draw(st.sampled_from(starts[:2000]))
        data = data[start:start + max_bytes]
    return data


@st.composite
def pbn_mutations(draw: st.DrawFn, real: bool) -> bytes:
    """A real window or generated PBN text, with reader-splitting and byte mutations."""
    data = draw(real_pbn()) if real else draw(generated_pbn())
    for _ in range(draw(st.integers(1, 3))):
        data = draw(game_mutation(data))
    if draw(st.booleans()):
        data = draw(fz.mutated_bytes(data))
    return data


# ---------------------------------------------------------------- the three roads

Revoke = tuple[str, int, str, str, str]


def _full(path: Path) -> tuple[dict[str, object], dict[int, Board]]:
    """What ``rule`` sees: boards, read errors, revokes, replay errors, boards to rule."""
    revokes: list[Revoke] = []
    errors: list[str] = []
    failed: list[str | None] = []
    boards = unplayed = 0
    wanted: dict[int, Board] = {}
    for item in read_boards(path):
        if isinstance(item, BoardError):
            errors.append(str(item))
            failed.append(item.board)
            continue
        if item.contract is None or item.play is None:
            unplayed += 1
            continue
        boards += 1
        try:
            r = replay(item)
        except BoardError:
            failed.append(item.label)
            wanted[item.index] = item
            continue
        for v in r.revokes:
            revokes.append((item.label, v.trick, "NESW"[v.seat], str(v.card), v.kind))
        if r.revokes:
            wanted[item.index] = item
            try:
                rule_automatic(item)
            except BoardError as e:  # a claim that makes no sense: the ruling's error
                assert e.source == str(path)
    return ({"boards": boards, "unplayed": unplayed, "errors": Counter(errors),
             "failed": Counter(failed), "revokes": Counter(revokes)}, wanted)


def _scan(path: Path) -> dict[str, object]:
    tally = Counts()
    revokes: list[Revoke] = []
    failed: list[str | None] = []
    for row in scan([path], tally):
        if row.error is not None:
            failed.append(row.board)
        else:
            assert row.trick is not None and row.seat and row.card and row.kind
            revokes.append((row.board or "", row.trick, row.seat, row.card, row.kind))
    return {"boards": tally.screened, "unplayed": tally.unplayed, "failed": Counter(failed),
            "revokes": Counter(revokes)}


def check(path: Path) -> dict[str, int]:
    """Require the three roads to agree on ``path``; some counts of what was met."""
    full, wanted = _full(path)
    scanned = _scan(path)
    assert scanned == {k: full[k] for k in scanned}, (scanned, full)
    screened = screen([path])
    assert screened.boards == full["boards"]
    assert Counter(str(e) for _, e in screened.errors) == full["errors"]
    assert sorted(screened.wanted.get(str(path), [])) == sorted(wanted)
    lost: list[object] = []
    ruled = {b.index: b for task in tasks_of(screened, set(), 64, lost.extend) for b in task}
    assert ruled == wanted  # the boards batch rules are the boards rule reads
    assert lost == []  # and none that screening wanted is dropped
    revokes = full["revokes"]
    assert isinstance(revokes, Counter)
    return {"boards": screened.boards, "revokes": sum(revokes.values()),
            "errors": len(screened.errors)}
