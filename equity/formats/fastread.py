"""Fast reading for batch runs: PBN and LIN files straight into packed kernel batches.

:func:`read_packed` streams files as :class:`Chunk` values of up to ``chunk_size``
boards each, packed for the C kernel (:mod:`equity.core.game.kernel`), plus a
:class:`~equity.core.game.errors.BoardError` for each board that cannot be read. No per-card
Python object is built on the fast path, and memory stays flat in the number of boards
(a file is read into memory whole, never memory-mapped: a file cut short while it is
read would kill the process with SIGBUS; so memory is about the size of the largest file).

Games are what :mod:`equity.formats.pbn` says they are (lines as
:mod:`equity.formats.text_lines` defines them). The C reader splits a file into games itself
only when ``eq_pbn_irregular`` (native/text.h) finds nothing that could make its split
differ: no byte order mark, no lone CR, no ``{`` comment open at a line end, no line over
the length limit; its blank-line test is exact (Unicode whitespace included). Any other
file is read whole by the full reader.

The fast path reads the regular PBN game in C (native/text.c): one tag pair per line,
no comments, no ``#`` values in the tags it uses, none of our fact tags, a ``[Deal]`` of
four hands (or the previous game's, for the other table of a board), a ``[Contract]``
like ``4SX``, a ``[Declarer]`` and a ``[Play]`` section. Every other game, and every game
the C reader finds anything wrong with, is read by the full reader
(:mod:`equity.formats.pbn`), so boards, errors and messages are exactly what
:func:`equity.formats.read_boards` gives (tests/formats/test_fastread.py checks this on every real
file). LIN files are read by the full reader and packed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from msgspec import Struct, field

from equity import _native
from equity.core.game import Batch, Board, BoardError, pack_board, record_start
from equity.formats import FORMATS, read_boards
from equity.formats.facts import board_label
from equity.formats.pbn import RawGame, _build, _number_of, _resolve, lex, read_pbn, refused
from equity.formats.text_lines import BLOCK, lines_of

CHUNK = 1024
REQ_SLOTS = 8
"""Requirement slots per packed board; a board with more gets a chunk of its own."""

_OK, _NO_PLAY, _SLOW, _NONE = range(4)
"""Statuses of a game read in C (``EQ_GAME_*`` in native/text.h)."""


class Chunk(Struct):
    """Up to ``chunk_size`` boards packed for the kernel, with where each came from."""

    batch: Batch[npt.NDArray[Any]]
    source: npt.NDArray[np.int32]
    """[n]: index into :attr:`sources` of each board's file."""
    number: npt.NDArray[np.int32]
    """[n]: board number, -1 when the file gives none."""
    index: npt.NDArray[np.int32]
    """[n]: 1-based position of the board in its file."""
    sources: list[str]
    """File names (shared between the chunks of one read)."""
    errors: list[BoardError] = field(default_factory=list)
    """Boards met while filling this chunk that could not be read."""
    unplayed: int = 0
    """Boards met while filling this chunk without a contract or a play record."""
    corrected: dict[int, Board] = field(default_factory=dict)
    """Boards (by row) whose record shows a revoke corrected at the table
    (``[EquityWithdrawn]``, Law 62): the kernel sees no revoke in their play, so a
    screen must take them from here."""
    claims: frozenset[int] = frozenset()
    """Boards (by row) whose facts ask for a ruling on a claim (a statement recorded, a
    dispute: :attr:`~equity.core.game.Facts.claim_questioned`), revoke or none."""
    without_play: tuple[tuple[int, int], ...] = ()
    """(source, index) of the boards without play (not packed, counted in
    :attr:`unplayed`) whose facts are ruled without it: a revoke as reported, a claim
    from the cards still held (:attr:`~equity.core.game.Facts.without_play`)."""

    def __len__(self) -> int:
        return len(self.batch)

    def label(self, i: int) -> str:
        """How reports name board ``i``: "board 3" or "game 5" (as :attr:`Board.label`)."""
        n = int(self.number[i])
        return f"board {n}" if n >= 0 else f"game {int(self.index[i])}"


class _Builder:
    """Fills one chunk's arrays, in file order, and hands out full chunks."""

    def __init__(self, size: int, sources: list[str]) -> None:
        self.size = size
        self.sources = sources
        self._new()

    def _new(self) -> None:
        self.batch = Batch.empty(self.size, REQ_SLOTS)
        self.source = np.zeros(self.size, np.int32)
        self.number = np.full(self.size, -1, np.int32)
        self.index = np.zeros(self.size, np.int32)
        self.live = np.zeros(self.size, np.bool_)
        self.corrected: dict[int, Board] = {}
        self.claims: set[int] = set()
        self.without_play: list[tuple[int, int]] = []
        self.n = 0
        self.errors: list[BoardError] = []
        self.unplayed = 0

    @property
    def room(self) -> int:
        return self.size - self.n

    def take(self) -> Chunk | None:
        """The boards gathered so far (None if there are none), and start a new chunk."""
        if self.n == 0 and not self.errors and not self.unplayed and not self.without_play:
            return None
        keep = np.flatnonzero(self.live[: self.n])
        b = self.batch
        row = {int(k): r for r, k in enumerate(keep.tolist())}
        chunk = Chunk(
            Batch(b.hands[keep], b.table[keep], b.leaders[keep], b.marks[keep],
                  b.ntricks[keep], b.strain[keep], b.declarer[keep], b.reqs[keep],
                  b.first[keep]),
            self.source[keep], self.number[keep], self.index[keep], self.sources,
            self.errors, self.unplayed,
            {row[k]: board for k, board in self.corrected.items() if k in row},
            frozenset(row[k] for k in self.claims if k in row), tuple(self.without_play))
        self._new()
        return chunk

    def add_board(self, item: Board | BoardError, source_id: int) -> None:
        """Pack one board read by the full reader (room must be > 0)."""
        if isinstance(item, BoardError):
            self.errors.append(item)
            return
        if item.contract is None or item.play is None:
            self.unplayed += 1
            self.note_unplayed(item, source_id)
            return
        i = self.n
        hands, first = record_start(item)
        pack_board(self.batch, i, hands, item.contract, item.play, item.facts.requirements,
                   first)
        self.source[i] = source_id
        self.number[i] = -1 if item.number is None else item.number
        self.index[i] = item.index
        self.live[i] = True
        self.note(i, item)
        self.n += 1

    def note_unplayed(self, item: Board, source_id: int) -> None:
        """A board without play that its facts rule all the same."""
        if item.contract is not None and item.facts.without_play:
            self.without_play.append((source_id, item.index))

    def note(self, i: int, item: Board) -> None:
        """What the facts of the board in row ``i`` ask that its play does not show."""
        if item.facts.withdrawn:
            self.corrected[i] = item
        if item.facts.claim_questioned:
            self.claims.add(i)


def read_packed(paths: Iterable[str | Path], chunk_size: int = CHUNK) -> Iterator[Chunk]:
    """Every board of the ``.pbn`` / ``.lin`` files, packed, in chunks, in file order.

    A chunk's :attr:`Chunk.errors` hold the boards (or files) that could not be read;
    boards without play are counted in :attr:`Chunk.unplayed`. Reading never stops at
    a bad board.
    """
    sources: list[str] = []
    builder = _Builder(chunk_size, sources)
    for path in paths:
        source_id = len(sources)
        sources.append(str(path))
        fmt = FORMATS.get(Path(path).suffix.lower())
        if fmt == "pbn":
            yield from _read_pbn(Path(path), source_id, builder)
        else:
            yield from _read_slow(Path(path), source_id, builder)
    last = builder.take()
    if last is not None:
        yield last


def _read_slow(path: Path, source_id: int, builder: _Builder) -> Iterator[Chunk]:
    """Read a file with the full reader and pack its boards."""
    yield from _pack_all(read_boards(path), source_id, builder)


def _read_slow_data(path: Path, data: bytes, source_id: int,
                    builder: _Builder) -> Iterator[Chunk]:
    """Read a PBN file already in memory with the full reader and pack its boards."""
    yield from _pack_all(read_pbn(lines_of(data), str(path)), source_id, builder)


def _pack_all(items: Iterable[Board | BoardError], source_id: int,
              builder: _Builder) -> Iterator[Chunk]:
    for item in items:
        if isinstance(item, Board) and len(item.facts.requirements) > REQ_SLOTS:
            yield from _own_chunk(item, source_id, builder)
            continue
        if builder.room == 0:
            chunk = builder.take()
            if chunk is not None:
                yield chunk
        builder.add_board(item, source_id)


def _own_chunk(board: Board, source_id: int, builder: _Builder) -> Iterator[Chunk]:
    """A board with more requirements than a chunk has slots: a chunk of its own."""
    chunk = builder.take()
    if chunk is not None:
        yield chunk
    assert board.contract is not None and board.play is not None
    batch = Batch.empty(1, len(board.facts.requirements))
    hands, first = record_start(board)
    pack_board(batch, 0, hands, board.contract, board.play, board.facts.requirements, first)
    yield Chunk(batch, np.array([source_id], np.int32),
                np.array([-1 if board.number is None else board.number], np.int32),
                np.array([board.index], np.int32), builder.sources,
                corrected={0: board} if board.facts.withdrawn else {},
                claims=frozenset({0}) if board.facts.claim_questioned else frozenset())


class _Prev(Struct):
    """A game read in C, as a later game read in Python may need it: its text and the
    game it inherited its deal from (its tags are worked out only on demand)."""

    start: int
    end: int
    parent: _Prev | None


class _PbnFile:
    """The state of reading one PBN file: game count, the previous game's tags."""

    def __init__(self, path: Path, source_id: int, data: bytes) -> None:
        self.source = str(path)
        self.source_id = source_id
        self.data = data
        self.index = 0
        self.prev_tags: dict[str, str] = {}
        self.prev_fast: _Prev | None = None
        """The previous game when it was read fast (its tags are worked out on demand)."""
        self.line_pos = 0
        self.line_no = 0

    def line_of(self, pos: int) -> int:
        """The number of line breaks before ``pos`` (positions come in increasing order)."""
        self.line_no += self.data[self.line_pos:pos].count(b"\n")
        self.line_pos = pos
        return self.line_no

    def previous_tags(self) -> dict[str, str]:
        if self.prev_fast is not None:
            self.prev_tags, self.prev_fast = self.tags_of(self.prev_fast), None
        return self.prev_tags

    def tags_of(self, game: _Prev | None) -> dict[str, str]:
        """The tag values of a game read fast, as the full reader resolves them."""
        chain: list[_Prev] = []
        while game is not None:
            chain.append(game)
            game = game.parent
        tags: dict[str, str] = {}
        for node in reversed(chain):
            raw = next(lex(lines_of(memoryview(self.data)[node.start:node.end],
                                    node.start == 0)), None)
            assert raw is not None
            tags = _resolve(raw, tags)[0]
        return tags

    def slow(self, start: int, end: int) -> Board | BoardError | None:
        """Read the game in [start, end) with the full reader (None: not a game)."""
        offset = self.line_of(start)
        raw = next(lex(lines_of(memoryview(self.data)[start:end], start == 0)), None)
        if raw is None:
            return None
        self.index += 1
        raw.index = self.index
        _shift(raw, offset)
        tags, first = _resolve(raw, self.previous_tags())
        self.prev_tags, self.prev_fast = tags, None
        number = _number_of(tags)
        try:
            return _build(raw, tags, first, number, self.source)
        except BoardError as e:
            return e.located(self.source, board_label(number, self.index))


def _shift(raw: RawGame, offset: int) -> None:
    """Make the line numbers of a game lexed on its own count from the file's start."""
    raw.line += offset
    for tp in raw.tags:
        tp.line += offset
        tp.rows = [(n + offset, row) for n, row in tp.rows]
    for e in raw.problems:
        if e.where.line is not None:
            e.where.line += offset


def _read_pbn(path: Path, source_id: int, builder: _Builder) -> Iterator[Chunk]:
    try:
        with open(path, "rb") as f:
            data = f.read()  # not mmap: a file cut short while mapped raises SIGBUS
    except OSError as e:
        builder.errors.append(BoardError(f"cannot read the file: {e.strerror or e}", str(path)))
        return
    problem = refused(data[:BLOCK])
    if problem is not None:
        builder.errors.append(BoardError(problem, str(path)))
        return
    if _native.pbn_irregular(data) >= 0:  # the games are not split here: all in Python
        yield from _read_slow_data(path, data, source_id, builder)
        return
    yield from _read_pbn_games(_PbnFile(path, source_id, data), builder)


def _read_pbn_games(pf: _PbnFile, builder: _Builder) -> Iterator[Chunk]:
    """The games of a PBN file in chunks: read in C where regular, else in Python."""
    state = np.zeros(5, np.int64)
    pos = 0
    while True:
        if builder.room == 0:
            chunk = builder.take()
            if chunk is not None:
                yield chunk
        a, cap, b = builder.n, builder.room, builder.batch
        spans = np.empty((cap, 2), np.int64)
        status = np.empty(cap, np.int8)
        number = np.empty(cap, np.int32)
        parent = np.empty(cap, np.int32)
        m, pos = _native.read_pbn_games(
            pf.data, pos, cap, state, spans, status, number, parent, b.hands[a:], b.table[a:],
            b.leaders[a:], b.marks[a:], b.ntricks[a:], b.strain[a:], b.declarer[a:])
        if m == 0:
            break
        for board in _settle(pf, builder, m, spans, status, number, parent):
            yield from _own_chunk(board, pf.source_id, builder)


def _settle(pf: _PbnFile, builder: _Builder, m: int, spans: npt.NDArray[np.int64],
            status: npt.NDArray[np.int8], number: npt.NDArray[np.int32],
            parent: npt.NDArray[np.int32]) -> list[Board]:
    """Number the ``m`` games just read in C, read the irregular ones in Python, and
    add them all to the builder's rows. Returns boards needing a chunk of their own."""
    a = builder.n
    st, sp, par = status[:m].tolist(), spans[:m].tolist(), parent[:m].tolist()
    nodes: dict[int, _Prev] = {}
    carried = pf.prev_fast

    def node(j: int) -> _Prev:
        if j not in nodes:
            p = par[j]
            up = carried if p == -2 else (node(p) if p >= 0 else None)
            nodes[j] = _Prev(sp[j][0], sp[j][1], up)
        return nodes[j]

    index = [0] * m
    live = [False] * m
    own: list[Board] = []
    last_fast = -1
    for j, s in enumerate(st):
        if s in (_OK, _NO_PLAY):
            pf.index += 1
            index[j] = pf.index
            live[j] = s == _OK
            builder.unplayed += s == _NO_PLAY
            last_fast = j
        elif s == _SLOW:
            if last_fast >= 0:
                pf.prev_fast, pf.prev_tags = node(last_fast), {}
                last_fast = -1
            item = pf.slow(sp[j][0], sp[j][1])
            if isinstance(item, Board) and item.contract is not None and item.play is not None:
                if len(item.facts.requirements) > REQ_SLOTS:
                    own.append(item)
                    continue
                hands, first = record_start(item)
                pack_board(builder.batch, a + j, hands, item.contract, item.play,
                           item.facts.requirements, first)
                index[j], live[j] = item.index, True
                builder.note(a + j, item)
                number[j] = -1 if item.number is None else item.number
            elif isinstance(item, BoardError):
                builder.errors.append(item)
            elif item is not None:
                builder.unplayed += 1
                builder.note_unplayed(item, pf.source_id)
    if last_fast >= 0:
        pf.prev_fast, pf.prev_tags = node(last_fast), {}
    builder.source[a:a + m] = pf.source_id
    builder.number[a:a + m] = number[:m]
    builder.index[a:a + m] = index
    builder.live[a:a + m] = live
    builder.n += m
    return own
