"""What a file says about one board: the deal, the contract, the play record, and the
facts a play record cannot show (:class:`~equity.core.game.facts.Facts`: when attention was
drawn to a revoke, who claimed, penalty cards and lead requirements in force).

These are the values :mod:`equity.formats` produces and :mod:`equity.core.game.replay` consumes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from msgspec import Struct, field

from equity.core.game.cards import (
    Card,
    Contract,
    Deal,
    Seat,
    Vulnerability,
)
from equity.core.game.facts import Facts

if TYPE_CHECKING:  # imported by a reader that finds calls (game.LATER)
    from equity.core.game.calls import Auction

Slot = Card | None
"""One seat's card in a trick, or None where no card was played."""


class PlayRecord(Struct, frozen=True):
    """The play as recorded, trick by trick.

    ``tricks[i]`` holds the cards of trick ``i + 1`` indexed by :class:`Seat` (as PBN
    tabulates them); ``None`` where no card was played (PBN's ``-``, or the play
    stopped). ``leaders[i]`` is the seat that led trick ``i + 1`` when the record says
    so (LIN gives the order of play; PBN marks an accepted lead out of turn with
    ``^L``), else ``None``: the leader then follows from the rules. ``marks`` holds the
    PBN 2.1 irregularity marks, keyed by (trick number, seat): ``"R"`` revoke,
    ``"L"`` lead out of turn.
    """

    opening_leader: Seat
    tricks: tuple[tuple[Slot, Slot, Slot, Slot], ...]
    leaders: tuple[Seat | None, ...]
    marks: Mapping[tuple[int, Seat], str] = field(default_factory=dict)
    claimed: bool = False
    claim_tricks: int | None = None
    """Declarer's total tricks under the claim or concession (PBN ``[Result]``, LIN ``mc``)."""
    claim_unmarked: bool = False
    """The claim was read, not marked: a PBN ``[Play]`` that stops before the end without
    ``*`` but with a ``[Result]`` (many exporters omit the ``*``); the ruling says so."""

    def given_leader(self, trick: int) -> Seat | None:
        """The seat the record says led ``trick`` (1-based), or None when it says not."""
        return self.leaders[trick - 1] if 0 < trick <= len(self.leaders) else None

    @property
    def first_leader(self) -> Seat:
        """Who led trick 1: the record's seat (a lead out of turn accepted), else the
        opening leader (North is seat 0: tested against None, never for truth)."""
        given = self.given_leader(1)
        return given if given is not None else self.opening_leader


class Board(Struct, frozen=True):
    """One board read from a file."""

    source: str
    index: int
    """1-based position of the board in its file."""
    number: int | None
    dealer: Seat | None
    vulnerability: Vulnerability | None
    deal: Deal
    contract: Contract | None
    play: PlayRecord | None
    result: int | None
    """Declarer's tricks according to the file (PBN ``[Result]``, LIN ``mc``), if given."""
    facts: Facts = field(default_factory=Facts)
    tags: Mapping[str, str] = field(default_factory=dict)
    auction: Auction | None = None
    """The calls as the record gives them (PBN ``[Auction]``, LIN ``mb``, the quitted
    rows' ``auction:``), when it gives a legal, ended auction that makes the contract;
    None otherwise (hand records)."""
    auction_unread: str | None = None
    """Why the record's auction was not read (a call that is no call, an auction the
    laws do not allow or not ended, one that makes another contract), naming the call:
    the ruling says so; None when it was read or the record has none."""

    @property
    def room(self) -> str | None:
        """The room of a two-room match the board was played in ("Open", "Closed": PBN
        ``[Room]``, a vugraph LIN's ``qx|o1|``), None when the record does not say."""
        return self.tags.get("Room") or None

    @property
    def label(self) -> str:
        """How errors and reports name this board: "board 3" or "game 5"."""
        if self.number is not None:
            return f"board {self.number}"
        return f"game {self.index}"
