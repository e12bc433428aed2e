"""One board's table, read once: what the calls and the cards showed every player.

Law 16A1(a): the legal calls and plays are authorised information to every player. A
board's :class:`Table` holds what its auction showed
(:class:`~equity.core.reading.auction.Bidding`) and what the cards of trick 1 that every
world of a ruling shares said of the hands that played them (the opening lead, the
signal to it: :class:`~equity.core.reading.evidence.Evidence`). It is read once per
board (:meth:`Table.of`); the decision model holds it, and the ruling and ``equity
likely`` carry it to what they print.

The cards each world plays for itself — a line's own discards — are read as that world
plays them (:func:`world_evidence`, :data:`PLAY_READINGS`).

**The readings are registered here**: a new reading of a card is its module (with its
style file and its fit script) and one line below — :data:`BOARD_READINGS` for a card of
trick 1, :data:`PLAY_READINGS` for a card read as each world plays it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from msgspec import Struct

from equity.core.game import Board, Deal, Play, Strain
from equity.core.reading.discard import Discard
from equity.core.reading.evidence import Evidence, PlayReading, read_plays
from equity.core.reading.lead import LeadReading
from equity.core.reading.signal import SignalReading

if TYPE_CHECKING:  # imported for a board with an auction (Table.of)
    from equity.core.reading.auction import Bidding


class BoardEvidence(Evidence, Protocol):
    """Evidence from a card of trick 1, which every world of a ruling shares: read once
    per board, said on its own in a ruling."""

    field: ClassVar[str]
    """Its field in the JSON of a ruling and of ``equity likely`` (null when absent)."""

    @classmethod
    def of(cls, board: Board, /) -> BoardEvidence | None:
        """The board's card read (None: none to read)."""
        ...

    def facts(self) -> dict[str, Any]:
        """The card as JSON (``text``, :meth:`~Evidence.describe`, goes beside it)."""
        ...

    def explain(self, law: str) -> str:
        """What the players who cannot see its hand read from it, in a sentence, citing
        ``law``, the edition's paragraph that authorises it (2017's 16A1(a))."""
        ...


BOARD_READINGS: tuple[type[BoardEvidence], ...] = (LeadReading, SignalReading)
"""The readings of a card of trick 1, in the order a decision reads them."""
PLAY_READINGS: tuple[PlayReading, ...] = (Discard,)
"""The readings of a card as each world plays it, in the order a decision reads them."""
PLAY_WORDS: tuple[str, ...] = (Discard.about,)
"""What the players read from the cards of :data:`PLAY_READINGS`, a sentence each."""


class Table(Struct, frozen=True):
    """One board's table as every player saw it (module docstring): the auction read
    and checked against the deal (None: no auction in the record), and the cards of
    trick 1 read (in :data:`BOARD_READINGS`' order)."""

    bidding: Bidding | None = None
    cards: tuple[BoardEvidence, ...] = ()
    unread: str | None = None
    """Why the record's auction was not read (naming the call), when it was not: the
    layouts then draw on the play alone."""

    @classmethod
    def of(cls, board: Board) -> Table:
        """``board``'s table, read (its facts as the Director gives them: the defenders'
        signals, ``[EquitySignals]``)."""
        bidding = None
        if board.auction is not None:  # read by the auction's module, imported for it
            from equity.core.reading.auction import bidding_of

            bidding = bidding_of(board)
        return cls(bidding,
                   tuple(e for reading in BOARD_READINGS if (e := reading.of(board)) is not None),
                   board.auction_unread)

    def card(self, field: str) -> BoardEvidence | None:
        """The card read by the reading of ``field`` ("lead"), if any."""
        return next((e for e in self.cards if e.field == field), None)


NO_TABLE = Table()
"""A table that showed nothing (no auction, no play record)."""


def world_evidence(plays: Iterable[Play], deal: Deal, strain: Strain) -> tuple[Evidence, ...]:
    """What :data:`PLAY_READINGS` read of a world's ``plays`` (from the first trick on)."""
    return read_plays(plays, deal, strain, PLAY_READINGS)


__all__ = ["BOARD_READINGS", "NO_TABLE", "PLAY_READINGS", "PLAY_WORDS", "BoardEvidence",
           "Table", "world_evidence"]
