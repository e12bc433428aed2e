"""The auction as the record gives it: the dealer and the calls, each a bid, a pass, a
double or a redouble (Law 18: bids; Law 19: doubles and redoubles). Alerts and
annotations are not kept: what a call shows is read by
:mod:`equity.core.player.auction`, from the calls alone.

The final contract follows from the calls (:attr:`Auction.contract`, Law 22: the last
bid, its doubling, and the first of its side to name its strain).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from equity.core.game.cards import Contract, ModelError, Seat, Strain


class CallKind(StrEnum):
    """What sort of call it is."""

    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


_SHORT = {CallKind.PASS: "P", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}
_WORDS = {CallKind.PASS: "Pass", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}


@dataclass(frozen=True, slots=True)
class Call:
    """One call. A bid has its ``level`` (1-7) and ``strain``; any other call has
    neither (level 0, strain None)."""

    kind: CallKind
    level: int = 0
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if (self.kind == CallKind.BID) != (self.strain is not None and 1 <= self.level <= 7):
            raise ModelError(f"a bid has a level 1-7 and a strain, no other call has: "
                             f"{self.kind} {self.level} {self.strain}")

    @property
    def is_bid(self) -> bool:
        return self.kind == CallKind.BID

    def __str__(self) -> str:
        """The normalised form: "P", "X", "XX" or a bid like "3N"."""
        if self.strain is None:
            return _SHORT[self.kind]
        return f"{self.level}{'N' if self.strain == Strain.NT else self.strain.name}"

    @property
    def pretty(self) -> str:
        """As a player says it: "1NT", "2♥", "Pass", "X"."""
        if self.strain is None:
            return _WORDS[self.kind]
        return f"{self.level}{self.strain.symbol}"

    @classmethod
    def parse(cls, text: str) -> Call:
        """A normalised call: "P", "X", "XX", or a level and a strain ("3N", "1NT", "2S")."""
        t = text.strip().upper()
        if t in ("P", "PASS"):
            return cls(CallKind.PASS)
        if t in ("X", "D"):
            return cls(CallKind.DOUBLE)
        if t in ("XX", "R"):
            return cls(CallKind.REDOUBLE)
        if len(t) >= 2 and t[0] in "1234567":
            try:
                return cls(CallKind.BID, int(t[0]), Strain.parse(t[1:]))
            except ModelError:
                pass
        raise ModelError(f"not a call: {text!r}")


@dataclass(frozen=True, slots=True)
class Auction:
    """The calls of one board from the dealer on (``calls[i]`` is made by
    ``dealer.after(i)``)."""

    dealer: Seat
    calls: tuple[Call, ...]

    @classmethod
    def of(cls, dealer: Seat, calls: Sequence[str]) -> Auction:
        """From normalised calls ("P", "X", "XX", "3N")."""
        return cls(dealer, tuple(Call.parse(c) for c in calls))

    def seat(self, i: int) -> Seat:
        """Who made call ``i``."""
        return self.dealer.after(i)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)

    @property
    def contract(self) -> Contract | None:
        """The final contract (None if passed out): the last bid, its doubling, and the
        first of its side to name its strain (Law 22)."""
        last = None
        doubled = 0
        for i, c in enumerate(self.calls):
            if c.kind == CallKind.DOUBLE:
                doubled = 1
            elif c.kind == CallKind.REDOUBLE:
                doubled = 2
            elif c.is_bid:
                last, doubled = i, 0
        if last is None:
            return None
        final = self.calls[last]
        assert final.strain is not None
        side = self.seat(last).side
        declarer = next(self.seat(i) for i, c in enumerate(self.calls)
                        if c.strain == final.strain and self.seat(i).side == side)
        return Contract(final.level, final.strain, doubled, declarer)

