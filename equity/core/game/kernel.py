"""Packed batches of play records for the C card-play kernel (:mod:`equity._native`).

A :class:`Batch` is a set of numpy arrays, one row per board, in the layout documented
in ``native/kernel.h``: hands as 64-bit card sets, the trick table as card indices
(``16*suit + rank``, -1 for no card), explicit leaders, ``^R``/``^L`` marks and the
Law 61A(b) requirements. :func:`run` replays a whole batch in one call, with the GIL
released, and returns the kernel's outputs as a :class:`Result`.

Both the single-board replay (:func:`equity.core.game.replay.replay`) and the batch readers
(:mod:`equity.formats.fastread`) fill these arrays, so there is one implementation of card play.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np
import numpy.typing as npt

from equity import _native
from equity.core.game.board import PlayRecord
from equity.core.game.cards import FULL_DECK, Card, Contract, Deal, Seat
from equity.core.game.errors import Where
from equity.core.game.facts import Requirement

I8 = npt.NDArray[np.int8]
I32 = npt.NDArray[np.int32]
U64 = npt.NDArray[np.uint64]

TRICKS = 13
CARDS = 52
MAX_REQS = _native.MAX_REQS
MARKS = dict(_native.MARKS)
"""PBN 2.1 irregularity marks as the kernel codes them."""


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


@dataclass
class Batch:
    """The kernel's inputs for ``n`` boards (see native/kernel.h)."""

    hands: U64
    table: I8
    leaders: I8
    marks: I8
    ntricks: I8
    strain: I8
    declarer: I8
    reqs: I8
    first: I8
    """[n]: the number of each record's first trick: 1, or N for a record that starts at
    trick N from the cards still held there (native/kernel.h)."""

    @classmethod
    def empty(cls, n: int, k: int = 0) -> Batch:
        """``n`` boards without cards; ``k`` requirement slots per board."""
        return cls(
            hands=np.zeros((n, 4), np.uint64),
            table=np.full((n, TRICKS, 4), -1, np.int8),
            leaders=np.full((n, TRICKS), -1, np.int8),
            marks=np.zeros((n, TRICKS, 4), np.int8),
            ntricks=np.zeros(n, np.int8),
            strain=np.zeros(n, np.int8),
            declarer=np.zeros(n, np.int8),
            reqs=np.zeros((n, k, 4), np.int8),
            first=np.ones(n, np.int8),
        )

    def __len__(self) -> int:
        return len(self.hands)

    def head(self, n: int) -> Batch:
        """The first ``n`` boards (views, not copies)."""
        return Batch(self.hands[:n], self.table[:n], self.leaders[:n], self.marks[:n],
                     self.ntricks[:n], self.strain[:n], self.declarer[:n], self.reqs[:n],
                     self.first[:n])


@dataclass
class Result:
    """The kernel's outputs for a batch (see native/kernel.h)."""

    order: I8
    """[n, 52, 2]: (seat, card index) in true play order, -1 after the last card."""
    revoke: I8
    """[n, 52, 2]: (kind, requirement index) per play; kind 0 = no revoke."""
    legal: U64
    """[n, 52]: the player's legal cards at each play."""
    lead_out: I8
    """[n, 13]: who led each trick, -1 for a trick without cards."""
    winners: I8
    """[n, 13]: winner of each complete trick, else -1."""
    won: I8
    """[n, 14, 2]: tricks won in play by NS / EW from trick t+1 on."""
    error: I32
    """[n, 5]: (code, trick, seat, card, extra); code 0 when the record replays."""


def run(batch: Batch) -> Result:
    """Replay every board of ``batch`` in the kernel."""
    n, k = len(batch), batch.reqs.shape[1]
    out = Result(
        order=np.empty((n, CARDS, 2), np.int8),
        revoke=np.empty((n, CARDS, 2), np.int8),
        legal=np.empty((n, CARDS), np.uint64),
        lead_out=np.empty((n, TRICKS), np.int8),
        winners=np.empty((n, TRICKS), np.int8),
        won=np.empty((n, TRICKS + 1, 2), np.int8),
        error=np.empty((n, 5), np.int32),
    )
    b = batch
    _native.replay_batch(
        hands=np.ascontiguousarray(b.hands), table=np.ascontiguousarray(b.table),
        leaders=np.ascontiguousarray(b.leaders), marks=np.ascontiguousarray(b.marks),
        ntricks=np.ascontiguousarray(b.ntricks), strain=np.ascontiguousarray(b.strain),
        declarer=np.ascontiguousarray(b.declarer), reqs=np.ascontiguousarray(b.reqs), k=k,
        order=out.order, revoke=out.revoke, legal=out.legal, lead_out=out.lead_out,
        winners=out.winners, won=out.won, error=out.error,
        first=np.ascontiguousarray(b.first),
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


def pack_board(batch: Batch, i: int, hands: tuple[int, int, int, int], contract: Contract,
               record: PlayRecord, requirements: tuple[Requirement, ...] = (),
               first: int = 1) -> None:
    """Fill row ``i`` of ``batch`` from a board's deal, contract, record and facts.

    ``first`` > 1: the record starts at that trick, ``hands`` are the cards still held
    there and the record's first leader (PBN ``[Play]``) led it. Tricks beyond 13 are
    not stored (``ntricks`` still counts them, which the kernel reports as an error);
    ``requirements`` beyond the batch's slots raise ValueError.
    """
    batch.hands[i] = hands
    batch.first[i] = first
    batch.strain[i] = int(contract.strain)
    batch.declarer[i] = int(contract.declarer)
    batch.ntricks[i] = min(len(record.tricks), 127)
    table, leaders = batch.table[i], batch.leaders[i]
    for t, row in enumerate(record.tricks[:TRICKS]):
        for s, card in enumerate(row):
            if card is not None:
                table[t, s] = 16 * card.suit + card.rank
    for t, seat in enumerate(record.leaders[:TRICKS]):
        if seat is not None:
            leaders[t] = seat
    if first > 1:
        leaders[0] = record.first_leader
    for (trick, seat), mark in record.marks.items():
        if 1 <= trick <= TRICKS and mark in MARKS:
            batch.marks[i, trick - 1, seat] = MARKS[mark]
    packed = [p for p in (pack_requirement(r) for r in requirements) if p is not None]
    if len(packed) > batch.reqs.shape[1]:
        raise ValueError(f"{len(packed)} requirements, the batch has room for "
                         f"{batch.reqs.shape[1]}")
    for j, p in enumerate(packed):
        batch.reqs[i, j] = p


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
