"""Packed batches of play records for the C card-play kernel (:mod:`equity._native`).

A :class:`Batch` is a set of arrays, one row per board, in the layout documented in
``native/kernel.h``: hands as 64-bit card sets, the trick table as card indices
(``16*suit + rank``, -1 for no card), explicit leaders, ``^R``/``^L`` marks and the
Law 61A(b) requirements. :func:`run` replays a whole batch in one call, with the GIL
released, and returns the kernel's outputs as a :class:`Result`.

Both the single-board replay (:func:`equity.core.game.replay.replay`) and the batch readers
(:mod:`equity.formats.fastread`) fill these arrays, so there is one implementation of card play.
The kernel takes any buffer, so the arrays come from one allocator of two kinds: numpy for the
readers' batches of thousands of boards (which they index by masks), typed memoryviews over
the standard library's :mod:`array` for one board (:meth:`Batch.one`), so that a single
ruling never imports numpy. :func:`pack_board` writes and :func:`run` allocates both alike.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from enum import IntEnum
from math import prod
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar, cast

from msgspec import Struct

from equity import _native
from equity.core.game.board import PlayRecord
from equity.core.game.cards import FULL_DECK, Card, Contract, Deal, Seat
from equity.core.game.errors import Where
from equity.core.game.facts import Requirement

if TYPE_CHECKING:
    import numpy.typing as npt

TRICKS = 13
CARDS = 52
MAX_REQS = _native.MAX_REQS
MARKS = dict(_native.MARKS)
"""PBN 2.1 irregularity marks as the kernel codes them."""


class Grid(Protocol):
    """A buffer the kernel reads or fills, indexed element by element: a memoryview cast to
    its shape (or a numpy array)."""

    def __len__(self) -> int: ...

    def __setitem__(self, key: int | tuple[int, ...], value: int, /) -> None: ...

    def tolist(self) -> Any: ...

    @property
    def nbytes(self) -> int: ...

    def __buffer__(self, flags: int, /) -> memoryview: ...


G = TypeVar("G", bound="npt.NDArray[Any] | Grid")
Item = Literal["b", "Q", "i"]
"""The kernel's items as :mod:`array` type codes: int8, uint64, int32."""
New = Callable[[tuple[int, ...], Item, int], G]
"""An allocator: an array of ``shape`` of ``Item``, every item ``fill``."""


def numpy_array(shape: tuple[int, ...], code: Item, fill: int) -> npt.NDArray[Any]:
    """A numpy array (imported here: only batches of many boards need it)."""
    import numpy as np

    return np.full(shape, fill, np.dtype(code))


def buffer_array(shape: tuple[int, ...], code: Item, fill: int) -> Grid:
    """A memoryview of ``shape`` over an ``array.array`` (a view with no items is 1-D:
    a memoryview cannot take a zero in its shape)."""
    items = array(code, [fill]) * prod(shape)
    return memoryview(items).cast("B").cast(code, shape) if items else memoryview(items)


class Code(IntEnum):
    """The kernel's error codes (``EQ_*`` in kernel.h)."""

    OK = 0
    BAD_DEAL = 1
    TOO_MANY_TRICKS = 2
    NOT_ON_LEAD = 3
    LEAD_MARK_IN_TURN = 4
    AFTER_MISSING = 5
    NOT_HELD = 6
    REVOKE_MARK_LEGAL = 7
    BAD_INPUT = 8


CARD: tuple[Card | None, ...] = tuple(
    Card.from_bit(i) if FULL_DECK >> i & 1 else None for i in range(64))
"""Card objects by kernel card index (bit index), shared: cards are immutable."""

REVOKE_KINDS = ("", "follow", "lead", "penalty")
"""The kernel's revoke kinds (``REV_*``; index 0, none) as :class:`~equity.core.game.replay.Revoke`
names them."""


class Batch(Struct, Generic[G]):
    """The kernel's inputs for ``n`` boards (see native/kernel.h): uint64 ``hands``, the rest
    int8."""

    hands: G
    table: G
    leaders: G
    marks: G
    ntricks: G
    strain: G
    declarer: G
    reqs: G
    first: G
    """[n]: the number of each record's first trick: 1, or N for a record that starts at
    trick N from the cards still held there (native/kernel.h)."""

    @staticmethod
    def of(new: New[G], n: int, k: int = 0) -> Batch[G]:
        """``n`` boards without cards, ``k`` requirement slots each, in ``new``'s arrays."""
        return Batch(
            hands=new((n, 4), "Q", 0),
            table=new((n, TRICKS, 4), "b", -1),
            leaders=new((n, TRICKS), "b", -1),
            marks=new((n, TRICKS, 4), "b", 0),
            ntricks=new((n,), "b", 0),
            strain=new((n,), "b", 0),
            declarer=new((n,), "b", 0),
            reqs=new((n, k, 4), "b", 0),
            first=new((n,), "b", 1),
        )

    @staticmethod
    def empty(n: int, k: int = 0) -> Batch[npt.NDArray[Any]]:
        """``n`` boards without cards; ``k`` requirement slots per board (numpy arrays)."""
        return Batch.of(numpy_array, n, k)

    @staticmethod
    def one(k: int = 0) -> Batch[Grid]:
        """One board without cards, ``k`` requirement slots (no numpy)."""
        return Batch.of(buffer_array, 1, k)

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def slots(self) -> int:
        """Requirement slots per board."""
        return self.reqs.nbytes // (4 * len(self)) if len(self) else 0


class Result(Struct, Generic[G]):
    """The kernel's outputs for a batch (see native/kernel.h), in the batch's kind of array."""

    order: G
    """int8 [n, 52, 2]: (seat, card index) in true play order, -1 after the last card."""
    revoke: G
    """int8 [n, 52, 2]: (kind, requirement index) per play; kind 0 = no revoke."""
    legal: G
    """uint64 [n, 52]: the player's legal cards at each play."""
    lead_out: G
    """int8 [n, 13]: who led each trick, -1 for a trick without cards."""
    winners: G
    """int8 [n, 13]: winner of each complete trick, else -1."""
    won: G
    """int8 [n, 14, 2]: tricks won in play by NS / EW from trick t+1 on."""
    error: G
    """int32 [n, 5]: (code, trick, seat, card, extra); code 0 when the record replays."""


def run(batch: Batch[G]) -> Result[G]:
    """Replay every board of ``batch`` in the kernel."""
    n, b = len(batch), batch
    new = cast("New[G]", buffer_array if isinstance(b.hands, memoryview) else numpy_array)
    out = Result(
        order=new((n, CARDS, 2), "b", 0),
        revoke=new((n, CARDS, 2), "b", 0),
        legal=new((n, CARDS), "Q", 0),
        lead_out=new((n, TRICKS), "b", 0),
        winners=new((n, TRICKS), "b", 0),
        won=new((n, TRICKS + 1, 2), "b", 0),
        error=new((n, 5), "i", 0),
    )
    _native.replay_batch(
        hands=b.hands, table=b.table, leaders=b.leaders, marks=b.marks, ntricks=b.ntricks,
        strain=b.strain, declarer=b.declarer, reqs=b.reqs, k=b.slots, order=out.order,
        revoke=out.revoke, legal=out.legal, lead_out=out.lead_out, winners=out.winners,
        won=out.won, error=out.error, first=b.first,
    )
    return out


def card_index(suit: int, rank: int) -> int:
    """The kernel's index of a card: its bit in a card set."""
    return 16 * suit + rank


def pack_requirement(r: Requirement) -> tuple[int, int, int, int] | None:
    """(kind, seat, trick, arg) for the kernel; None for ``faced`` (not a requirement on
    which card to play)."""
    if r.kind == "lead" and r.suit is not None:
        return (1, int(r.seat), r.trick, int(r.suit))
    if r.kind == "penalty" and r.card is not None:
        return (2, int(r.seat), r.trick, card_index(r.card.suit, r.card.rank))
    return None


def pack_board(batch: Batch[Any], i: int, hands: tuple[int, int, int, int],
               contract: Contract, record: PlayRecord, requirements: tuple[Requirement, ...] = (),
               first: int = 1) -> None:
    """Fill row ``i`` of ``batch`` from a board's deal, contract, record and facts.

    ``first`` > 1: the record starts at that trick, ``hands`` are the cards still held
    there and the record's first leader (PBN ``[Play]``) led it. Tricks beyond 13 are
    not stored (``ntricks`` still counts them, which the kernel reports as an error);
    ``requirements`` beyond the batch's slots raise ValueError.
    """
    for s, hand in enumerate(hands):
        batch.hands[i, s] = hand
    batch.first[i] = first
    batch.strain[i] = int(contract.strain)
    batch.declarer[i] = int(contract.declarer)
    batch.ntricks[i] = min(len(record.tricks), 127)
    for t, row in enumerate(record.tricks[:TRICKS]):
        for s, card in enumerate(row):
            if card is not None:
                batch.table[i, t, s] = 16 * card.suit + card.rank
    for t, seat in enumerate(record.leaders[:TRICKS]):
        if seat is not None:
            batch.leaders[i, t] = seat
    if first > 1:
        batch.leaders[i, 0] = record.first_leader
    for (trick, seat), mark in record.marks.items():
        if 1 <= trick <= TRICKS and mark in MARKS:
            batch.marks[i, trick - 1, seat] = MARKS[mark]
    packed = [p for p in (pack_requirement(r) for r in requirements) if p is not None]
    if len(packed) > batch.slots:
        raise ValueError(f"{len(packed)} requirements, the batch has room for {batch.slots}")
    for j, p in enumerate(packed):
        for m, v in enumerate(p):
            batch.reqs[i, j, m] = v


def error_message(error: tuple[int, int, int, int, int], hands: tuple[int, int, int, int],
                  ntricks: int) -> tuple[str, Where]:
    """The message and place of a kernel error row (code, trick, seat, card, extra), for
    a board with these ``hands`` and ``ntricks`` rows of play: the wording of the
    :class:`~equity.core.game.errors.BoardError` that :func:`equity.core.game.replay.replay`
    raises."""
    code, trick, seat_i, card_i, extra = error
    seat = Seat(seat_i) if seat_i >= 0 else None
    card = CARD[card_i] if 0 <= card_i < 64 else None
    where = Where(trick=trick if trick >= 0 else None,
                  seat=seat.long_name if seat is not None else None,
                  card=str(card) if card is not None else None)
    if code == Code.BAD_DEAL:
        return "impossible deal: " + "; ".join(Deal(hands).problems()), Where()
    if code == Code.TOO_MANY_TRICKS:
        return f"{ntricks} tricks in the play record; a deal has 13", Where()
    if code == Code.NOT_ON_LEAD and seat is not None:
        return f"{seat.long_name} led, but {Seat(extra).long_name} was on lead", where
    if code == Code.LEAD_MARK_IN_TURN and seat is not None:
        return f"marked as a lead out of turn, but {seat.long_name} was on lead", where
    if code == Code.AFTER_MISSING:
        return "a card follows a missing one: the record cannot be replayed", where
    if code == Code.NOT_HELD and seat is not None and card is not None:
        holder = Deal(hands).holder(card)
        why = (f"already played at trick {extra}" if extra > 0
               else f"dealt to {holder.long_name}" if holder is not None else "not dealt")
        return f"{seat.long_name} does not hold {card} ({why})", where
    if code == Code.REVOKE_MARK_LEGAL:
        return f"marked as a revoke, but {card} was a legal card", where
    return "the play record cannot be packed for the card-play kernel", where
