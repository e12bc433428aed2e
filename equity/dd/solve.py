"""Double-dummy solving: the one place in the package that calls DDS (through endplay).

Everything else asks questions in the package's own vocabulary (:class:`Position`, card
sets, :class:`~equity.core.cards.Side`) and gets plain trick counts back. This module

* checks every position before DDS sees it (:func:`validate`), because DDS answers bad
  input with an error code *and* a ``dump.txt`` written into the working directory;
* sends positions to DDS in batches (:func:`solve_positions`), which is how DDS spreads
  work over its threads, in chunks of at most :data:`MAX_BOARDS` (DDS's batch size);
* always reports tricks for the side the caller names. DDS scores a position for the
  side of the player *to move*; that is converted here and nowhere else.

endplay is imported lazily, inside the functions that need it: ``import endplay`` pulls
in its whole package (dealer, plotting) and costs about half a second.

DDS is not re-entrant across callers: its single-board entry point always uses thread
slot 0, and its batch entry point drives all of its worker threads. Every call into DDS
therefore holds one module-wide lock, so the functions here are safe (if serialised) when
called from several Python threads. Use processes, not threads, for parallelism beyond
what DDS's own threads give (see :func:`set_threads`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Container, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from equity.core.cards import FULL_DECK, Card, CardSet, Seat, Side, Strain, Suit, cards, count
from equity.core.position import Position

__all__ = [
    "MAX_BOARDS",
    "Answer",
    "Position",
    "SolveError",
    "dds_threads",
    "dds_version",
    "pack_chunk",
    "run_packed",
    "set_threads",
    "solve_batch",
    "solve_cards",
    "solve_cards_many",
    "solve_position",
    "solve_positions",
    "validate",
    "validate_positions",
]

MAX_BOARDS = 200
"""The most boards one DDS batch call takes (DDS's ``MAXNOOFBOARDS``). endplay's
``solve_all_boards`` checks this off by one and would accept 201, so we chunk ourselves."""

_DUMP_FILE = "dump.txt"
_threads = 0
"""The thread count last given to :func:`set_threads` (0: DDS's own choice)."""
_DDS_LOCK = threading.RLock()


class SolveError(ValueError):
    """A position DDS must not be given (or that DDS rejected), with the reason in words."""


# --------------------------------------------------------------------------- validation


_SUIT_NAMES = ("spade", "heart", "diamond", "club")


def _cards_text(cs: CardSet) -> str:
    return ", ".join(str(c) for c in cards(cs))


def _sizes_text(sizes: Sequence[int]) -> str:
    return ", ".join(f"{s.long_name} {sizes[s]}" for s in Seat)


def validate(position: Position) -> None:
    """Raise :class:`SolveError` unless ``position`` is one DDS can solve correctly.

    Why: DDS checks only part of this, and what it rejects it also dumps into
    ``dump.txt`` in the working directory. What it does not check it silently solves:
    a revoke already on the current trick is solved as if it were legal, and a seat that
    has played to the trick but still holds as many cards as the others gets a (wrong)
    answer rather than an error. So everything is checked here, in words a ruling can
    quote:

    * the strain, leader and hands are proper values; at most 3 cards on the trick;
    * no card is held twice, or both held and on the trick, and nobody holds over 13;
    * the hands are the right sizes: the player to play holds ``n >= 1`` cards, so does
      everyone yet to play to the trick, and those who already played to it hold ``n - 1``;
    * each card on the trick follows suit if its player could (the player still holds
      what they held then, less that card). A revoke inside the current trick is not a
      position DDS can take: it must be ruled on (or the play taken back) first.
    """
    if not isinstance(position, Position):
        raise SolveError(f"not a Position: {position!r}")
    hands, trick = position.hands, position.trick
    if not isinstance(position.strain, Strain) and position.strain not in range(5):
        raise SolveError(f"not a strain: {position.strain!r}")
    if position.leader not in range(4):
        raise SolveError(f"not a seat: {position.leader!r}")
    if not isinstance(hands, tuple) or len(hands) != 4:
        raise SolveError("a position needs exactly four hands (N, E, S, W)")
    if not isinstance(trick, tuple) or not all(isinstance(c, Card) for c in trick):
        raise SolveError(f"the current trick must be a tuple of cards: {trick!r}")
    if len(trick) > 3:
        raise SolveError(
            f"{len(trick)} cards on the current trick: at most 3 can be played before the "
            "position is a new trick (a complete trick must be gathered and its winner lead)"
        )
    leader = Seat(position.leader)
    for seat in Seat:
        h = hands[seat]
        if not isinstance(h, int) or h < 0 or h & ~FULL_DECK:
            raise SolveError(f"{seat.long_name}'s hand is not a set of cards: {h!r}")
        if count(h) > 13:
            raise SolveError(f"{seat.long_name} holds {count(h)} cards; a hand has at most 13")
    hn, he, hs, hw = hands
    if (hn & he) | (hn & hs) | (hn & hw) | (he & hs) | (he & hw) | (hs & hw):
        for a in Seat:
            for b in Seat:
                if a < b and hands[a] & hands[b]:
                    raise SolveError(
                        f"{_cards_text(hands[a] & hands[b])} held by both "
                        f"{a.long_name} and {b.long_name}"
                    )
    held = hn | he | hs | hw
    on_trick = 0
    for i, card in enumerate(trick):
        player = leader.after(i)
        if on_trick & card.bit:
            raise SolveError(f"{card} is on the current trick twice")
        on_trick |= card.bit
        if not held & card.bit:
            continue
        for seat in Seat:
            if hands[seat] & card.bit:
                who = "who played it" if seat == player else f"but {player.long_name} played it"
                raise SolveError(
                    f"{card} is on the current trick and still in {seat.long_name}'s hand "
                    f"({who}); cards played to the trick must be removed from the hands"
                )
    sizes = [count(h) for h in hands]
    if sum(sizes) == 0 and not trick:
        raise SolveError("empty position: nobody holds any cards, there is nothing to solve")
    to_play = position.to_play
    n = sizes[to_play]
    if n == 0:
        raise SolveError(
            f"{to_play.long_name} is to play to the current trick but holds no cards "
            f"(cards held: {_sizes_text(sizes)}; {len(trick)} on the trick)"
        )
    for i in range(4):
        seat = leader.after(i)
        want = n - 1 if i < len(trick) else n
        if sizes[seat] != want:
            raise SolveError(
                f"inconsistent hand sizes: with {len(trick)} card(s) on the trick led by "
                f"{leader.long_name} and {to_play.long_name} to play holding {n}, "
                f"{seat.long_name} should hold {want} (cards held: {_sizes_text(sizes)})"
            )
    if trick:
        led = trick[0].suit
        for i in range(1, len(trick)):
            player, card = leader.after(i), trick[i]
            if card.suit != led and hands[player] & led.mask:
                raise SolveError(
                    f"revoke on the current trick: {player.long_name} played {card} to a "
                    f"{_SUIT_NAMES[led]} lead while holding "
                    f"{_cards_text(hands[player] & led.mask)}. "
                    "A revoke inside the current trick is not a position DDS can take: rule "
                    "on it first, or solve from before the revoke"
                )


# --------------------------------------------------------------------------- DDS glue


def _dds() -> Any:
    """endplay's ctypes binding of DDS, imported on first use (the import is slow)."""
    import endplay._dds as dds

    return dds


def _to_deal(position: Position) -> Any:
    """The position as an endplay ``Deal`` (DDS ``struct deal``, see :func:`_fill_deal`)."""
    from endplay.types.deal import Deal

    deal = Deal()
    _fill_deal(deal._data, position)
    return deal


def _fill_deal(data: Any, position: Position) -> None:
    """Write the position into DDS's ``struct deal`` ``data`` (every field is set).

    ``first`` is the leader to the current trick and the cards already played to it go
    into ``currentTrickSuit/Rank`` (rank 2..14, zero for "no card"), not into the hands:
    that is how DDS (and ``Deal.play``) represent a trick in progress. The suit holdings
    are copied bit for bit: the model's encoding is DDS's.
    """
    data.trump = int(position.strain)
    data.first = int(position.leader)
    suits, ranks = [0, 0, 0], [0, 0, 0]
    for i, card in enumerate(position.trick):
        suits[i], ranks[i] = int(card.suit), card.rank
    data.currentTrickSuit[:] = suits
    data.currentTrickRank[:] = ranks
    for seat in range(4):
        h = position.hands[seat]
        data.remainCards[seat][:] = [h & 0x7FFC, (h >> 16) & 0x7FFC, (h >> 32) & 0x7FFC,
                                     (h >> 48) & 0x7FFC]


@contextmanager
def _dds_call(what: str) -> Iterator[None]:
    """Hold the DDS lock; turn a DDS error into :class:`SolveError`; leave no dump.txt.

    DDS writes ``dump.txt`` into the working directory whenever it rejects its input.
    Validation should make that impossible; if it happens anyway, the dump goes into the
    error message and the file is removed (unless it was there before the call).
    """
    dds = _dds()
    path = os.path.join(os.getcwd(), _DUMP_FILE)
    with _DDS_LOCK:
        existed = os.path.exists(path)
        try:
            yield
        except dds.DDSError as e:
            dump = ""
            if not existed and os.path.exists(path):
                try:
                    with open(path, encoding="utf-8", errors="replace") as f:
                        dump = f.read(600)
                finally:
                    os.remove(path)
            raise SolveError(f"DDS rejected {what}: {e}" + (f"\n{dump}" if dump else "")) from e
        finally:
            if not existed and os.path.exists(path):
                os.remove(path)


def _for_side(score: int, position: Position, side: Side) -> int:
    """DDS scores tricks for the side of the player to move; convert to ``side``."""
    if not 0 <= score <= position.tricks_left:
        raise SolveError(f"DDS returned an impossible score {score} for {position}")
    return score if position.to_play.side == side else position.tricks_left - score


def _validated(position: Position, index: int | None = None) -> None:
    try:
        validate(position)
    except SolveError as e:
        if index is None:
            raise
        raise SolveError(f"position {index}: {e}") from None


def validate_positions(positions: Sequence[Position],
                       known: Container[Position] = ()) -> None:
    """:func:`validate` every position not in ``known`` (positions already checked); the
    error names the index of the first bad one (the message :func:`solve_positions` gives)."""
    for i, p in enumerate(positions):
        if p not in known:
            _validated(p, i)


def solve_positions(positions: Sequence[Position], side: Side) -> list[int]:
    """Tricks ``side`` wins from each position on (current trick included), double dummy,
    best play by both sides.

    All positions go to DDS together through endplay's ``solve_all_boards`` in chunks of at
    most :data:`MAX_BOARDS`, best-card-only mode (``solutions=1, target=-1``): batching is
    what lets DDS use all its threads and share work between similar positions. Every
    position is validated before any is solved; a bad one raises :class:`SolveError`
    naming its index. Results are always for the NAMED side, never "the side to play".
    """
    side = Side(side)
    for i, p in enumerate(positions):
        _validated(p, i)
    if not positions:
        return []
    from endplay.dds.solve import SolveMode, solve_all_boards

    out: list[int] = []
    for start in range(0, len(positions), MAX_BOARDS):
        chunk = positions[start : start + MAX_BOARDS]
        deals = [_to_deal(p) for p in chunk]
        with _dds_call(f"a batch of {len(chunk)} positions"):
            solved = solve_all_boards(deals, SolveMode.OptimalOne)
        boards = solved._data.solvedBoard
        if solved._data.noOfBoards != len(chunk):
            raise SolveError(f"DDS solved {solved._data.noOfBoards} of {len(chunk)} positions")
        for i, p in enumerate(chunk):
            out.append(_for_side(boards[i].score[0], p, side))
    return out


def solve_position(position: Position, side: Side) -> int:
    """Tricks ``side`` wins from one position on; :func:`solve_positions` for one."""
    return solve_positions([position], side)[0]


def solve_cards(position: Position, side: Side) -> dict[Card, int]:
    """The value for ``side`` of every legal card the player to play could play now:
    tricks ``side`` wins from the position on (current trick included) if that card is
    played and both sides play best afterwards.

    One DDS call with ``solutions=3`` (all legal cards scored). DDS lists one card per run
    of equivalent cards and the rest in an ``equals`` bit mask; every card is listed here.
    """
    side = Side(side)
    validate(position)
    from endplay.dds.solve import SolveMode, solve_board

    deal = _to_deal(position)
    with _dds_call("the position"):
        fut = solve_board(deal, SolveMode.Default)._data
    out: dict[Card, int] = {}
    for i in range(fut.cards):
        suit = Suit(fut.suit[i])
        score = _for_side(fut.score[i], position, side)
        holding = (1 << fut.rank[i]) | fut.equals[i]
        for rank in range(14, 1, -1):
            if holding >> rank & 1:
                out[Card(suit, rank)] = score
    held = position.hands[position.to_play]
    if any(not held & c.bit for c in out):
        raise SolveError(f"DDS listed a card {position.to_play.long_name} does not hold")
    return out


def set_threads(n: int) -> None:
    """Let DDS use at most ``n`` threads (``0``: DDS decides from the cores and memory).

    This is DDS's ``SetMaxThreads``, which endplay calls with 0 when it loads. Only batch
    solving (:func:`solve_positions`) uses more than one thread. It reallocates DDS's
    per-thread memory, so it takes the DDS lock and should be called rarely, e.g. once
    per worker process when several processes share the machine (``set_threads(1)``).
    """
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"thread count must be a non-negative integer: {n!r}")
    global _threads
    dds = _dds()
    with _DDS_LOCK:
        dds.SetMaxThreads(n)
        _threads = n


def _dds_info() -> Any:
    """DDS's ``GetDDSInfo``, read into a correctly sized structure.

    endplay's own ``DDSInfo`` structure is smaller than DDS 2.9's (it lacks ``numBits``,
    ``numCores`` and ``threadSizes`` and has half the ``systemString``), so passing it to
    ``GetDDSInfo`` overruns it and corrupts the heap. This is DDS 2.9's layout, with spare
    room at the end in case the library is newer.
    """
    import ctypes

    class DDSInfo(ctypes.Structure):
        _fields_ = [
            ("major", ctypes.c_int),
            ("minor", ctypes.c_int),
            ("patch", ctypes.c_int),
            ("versionString", ctypes.c_char * 10),
            ("system", ctypes.c_int),
            ("numBits", ctypes.c_int),
            ("compiler", ctypes.c_int),
            ("constructor", ctypes.c_int),
            ("numCores", ctypes.c_int),
            ("threading", ctypes.c_int),
            ("noOfThreads", ctypes.c_int),
            ("threadSizes", ctypes.c_char * 128),
            ("systemString", ctypes.c_char * 1024),
            ("_spare", ctypes.c_char * 4096),
        ]

    dds = _dds()
    info = DDSInfo()
    with _DDS_LOCK:
        dds._dll.GetDDSInfo(ctypes.byref(info))
    return info


def dds_version() -> str:
    """The DDS library's version, e.g. ``"2.9.0"``."""
    info = _dds_info()
    return f"{info.major}.{info.minor}.{info.patch}"


def dds_threads() -> int:
    """How many threads DDS is currently set up to use (from DDS's ``GetDDSInfo``)."""
    return int(_dds_info().noOfThreads)


# --------------------------------------------------------------------------- mixed batches


@dataclass(frozen=True, slots=True)
class Answer:
    """DDS's answer for one position, scored for the side to play.

    ``best`` is the tricks the side to play wins from the position on (current trick
    included) with best play; ``card_scores`` (only when every card was asked for) the
    same after each legal card, every card of a run of equals listed.
    """

    position: Position
    best: int
    card_scores: tuple[tuple[Card, int], ...] | None = None

    def tricks(self, side: Side) -> int:
        """Tricks ``side`` wins from the position on, best play by both sides."""
        return _for_side(self.best, self.position, side)

    def cards(self, side: Side) -> dict[Card, int]:
        """The value for ``side`` of every legal card (as :func:`solve_cards`)."""
        if self.card_scores is None:
            raise SolveError("this position was solved for its best card only")
        return {c: _for_side(v, self.position, side) for c, v in self.card_scores}


def pack_chunk(positions: Sequence[Position], all_cards: Sequence[bool]) -> Any:
    """One DDS batch (``struct boards``) of at most :data:`MAX_BOARDS` positions, each
    asking for the best card only (``solutions=1``) or every legal card (``solutions=3``).

    The positions must have been validated. Separate from :func:`run_packed` so that the
    time DDS itself takes can be measured without the packing (benchmarks).
    """
    if len(positions) > MAX_BOARDS or len(positions) != len(all_cards):
        raise SolveError(f"a DDS batch takes 1 to {MAX_BOARDS} positions, one flag each")
    dds = _dds()
    bop = dds.boards()
    bop.noOfBoards = len(positions)
    for i, (p, every) in enumerate(zip(positions, all_cards, strict=True)):
        _fill_deal(bop.deals[i], p)
        bop.target[i] = 0 if every else -1
        bop.solutions[i] = 3 if every else 1
        bop.mode[i] = 1
    return bop


def run_packed(bop: Any) -> Any:
    """DDS's ``SolveAllBoardsBin`` on a packed batch: all of DDS's threads at work; the
    raw ``solvedBoards``. The DDS lock is held; DDS errors become :class:`SolveError`.

    With DDS limited to one thread (:func:`set_threads`), the positions go one by one
    through ``SolveBoard`` instead, in order: measured on positions of the same deals
    (benchmarks/RESULTS.md), one-thread ``SolveAllBoards`` loses DDS's transposition table
    between them and takes about twice as long.
    """
    dds = _dds()
    solved = dds.solvedBoards()
    with _dds_call(f"a batch of {bop.noOfBoards} positions"):
        if _threads == 1:
            for i in range(bop.noOfBoards):
                dds.SolveBoard(bop.deals[i], bop.target[i], bop.solutions[i], bop.mode[i],
                               solved.solvedBoard[i], 0)
            solved.noOfBoards = bop.noOfBoards
        else:
            dds.SolveAllBoardsBin(bop, solved)
    if solved.noOfBoards != bop.noOfBoards:
        raise SolveError(f"DDS solved {solved.noOfBoards} of {bop.noOfBoards} positions")
    return solved


def _answer(p: Position, fut: Any, every: bool) -> Answer:
    """One position's ``futureTricks`` as an :class:`Answer` (scores for the side to play)."""
    if not every:
        score = int(fut.score[0])
        _for_side(score, p, p.to_play.side)  # range check
        return Answer(p, score)
    listed: list[tuple[Card, int]] = []
    held = p.hands[p.to_play]
    for i in range(fut.cards):
        suit, score = Suit(fut.suit[i]), int(fut.score[i])
        _for_side(score, p, p.to_play.side)
        holding = (1 << fut.rank[i]) | fut.equals[i]
        listed += [(Card(suit, r), score) for r in range(14, 1, -1) if holding >> r & 1]
    if not listed or any(not held & c.bit for c, _ in listed):
        raise SolveError(f"DDS listed a card {p.to_play.long_name} does not hold")
    return Answer(p, max(v for _, v in listed), tuple(listed))


def solve_batch(positions: Sequence[Position], all_cards: Sequence[bool] | bool = False,
                check: bool = True) -> list[Answer]:
    """Answers for many positions in as few DDS calls as possible (chunks of at most
    :data:`MAX_BOARDS`), each for the best card or, where ``all_cards`` says so, for every
    legal card: what :func:`solve_positions` and :func:`solve_cards` answer, in one batch.

    Why: DDS spreads a batch over its threads and shares its transposition tables between
    positions of one deal, so callers should put a deal's positions next to each other.
    Every position is validated first (``check=False``: the caller already did, with
    :func:`validate_positions`); a bad one raises :class:`SolveError` with its index.
    """
    flags = [all_cards] * len(positions) if isinstance(all_cards, bool) else list(all_cards)
    if len(flags) != len(positions):
        raise SolveError("one all_cards flag per position")
    if check:
        validate_positions(positions)
    out: list[Answer] = []
    for start in range(0, len(positions), MAX_BOARDS):
        chunk = positions[start : start + MAX_BOARDS]
        every = flags[start : start + MAX_BOARDS]
        solved = run_packed(pack_chunk(chunk, every))
        out += [_answer(p, solved.solvedBoard[i], e)
                for i, (p, e) in enumerate(zip(chunk, every, strict=True))]
    return out


def solve_cards_many(positions: Sequence[Position], side: Side) -> list[dict[Card, int]]:
    """:func:`solve_cards` for many positions, batched through ``SolveAllBoards``
    (``solutions=3``) instead of one ``SolveBoard`` call each."""
    side = Side(side)
    return [a.cards(side) for a in solve_batch(positions, True)]
