"""The auction as the record gives it: the dealer and the calls, each a bid, a pass, a
double or a redouble (Law 18: bids; Law 19: doubles and redoubles). Alerts and
annotations are not kept: what a call shows is read by
:mod:`equity.core.reading.auction`, from the calls alone.

The final contract follows from the calls (:attr:`Auction.contract`, Law 22: the last
bid, its doubling, and the first of its side to name its strain). Whether the calls are
a legal auction, ended, is :meth:`Auction.problems` (Laws 18D, 19, 22, 39).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from msgspec import Struct

from equity.core.game.cards import Contract, ModelError, Seat, Strain


class CallKind(StrEnum):
    """What sort of call it is."""

    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


_SHORT = {CallKind.PASS: "P", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}
_WORDS = {CallKind.PASS: "Pass", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}


class Call(Struct, frozen=True):
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
    def rank(self) -> int:
        """A bid's place in the order of bids (Law 18D: by level, then clubs, diamonds,
        hearts, spades, no trump); 0 for any other call."""
        if self.strain is None:
            return 0
        within = 4 if self.strain == Strain.NT else 3 - self.strain
        return 5 * (self.level - 1) + within + 1

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


class Auction(Struct, frozen=True):
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
    def complete(self) -> bool:
        """Whether the calls end the auction (Law 22A): four passes, or three passes in
        rotation after a bid."""
        c = self.calls
        passes = all(x.kind == CallKind.PASS for x in c[-3:])
        return (len(c) >= 4 and passes
                and (any(x.is_bid for x in c) or c[-4].kind == CallKind.PASS))

    def problems(self, contract: Contract | None = None) -> list[str]:
        """What makes the calls not a legal, ended auction, each naming the call ("call 4,
        West's 2C: ..."): a bid not higher than the last (Law 18D: insufficient, Law 27),
        a double not of an opponent's bid or a redouble not of an opponent's double
        (Law 19A, 19B), a call after the auction ended (Law 39), or an auction not yet
        ended (Law 22A); with the record's ``contract``, an auction that ends in another
        (Law 22). Empty for a legal auction. The one check every reader makes."""
        out: list[str] = []
        last: int | None = None  # the last bid's index
        doubled = 0
        passes = 0
        for i, c in enumerate(self.calls):
            where = f"call {i + 1}, {self.seat(i).long_name}'s {c.pretty}"
            if passes >= 3 and (last is not None or passes >= 4):
                out.append(f"{where}: after the auction ended (Law 39)")
                break
            if c.is_bid:
                if last is not None and c.rank <= self.calls[last].rank:
                    out.append(f"{where}: not higher than {self.calls[last].pretty} "
                               "(Law 18D; an insufficient bid, Law 27)")
                last, doubled, passes = i, 0, 0
            elif c.kind == CallKind.DOUBLE:
                if last is None or self.seat(last).side == self.seat(i).side or doubled:
                    out.append(f"{where}: a double only of an opponent's bid not yet "
                               "doubled (Law 19A)")
                doubled, passes = 1, 0
            elif c.kind == CallKind.REDOUBLE:
                if last is None or doubled != 1 or self.seat(last).side != self.seat(i).side:
                    out.append(f"{where}: a redouble only of an opponent's double of "
                               "one's own side's bid (Law 19B)")
                doubled, passes = 2, 0
            else:
                passes += 1
        if not out and not self.complete:
            out.append("the auction has not ended: it ends with three passes after a bid, "
                       "or four passes (Law 22A)")
        if not out and contract is not None and self.contract != contract:
            final = self.contract
            out.append(f"the auction ends in {final.pretty if final else 'a pass-out'}, but "
                       f"the contract is {contract.pretty} (Law 22: the auction makes the "
                       "contract)")
        return out

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

