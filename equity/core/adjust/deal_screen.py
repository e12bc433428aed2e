"""Law 64C from the deal alone: may the transfer leave the non-offenders short?

A revoke ruled from the reported facts (:mod:`equity.core.law.reported`) has no play
record to build the Law 64C lines from. The deal says a good deal all the same: the
likely outcomes of the contract played without the revoke, from the opening lead, by
the player model and the table's evidence that ``equity likely`` uses
(:class:`~equity.core.player.Forecast`), against the result after the transfer. When no
likely outcome gives the non-offenders more than the transfer does, the transfer
compensates them on the deal alone; otherwise the check needs the play, and the screen
names the trick it is needed from: the revoke trick, where what would have happened had
the revoke not occurred begins (Law 64C).

The share from which an outcome counts is the ruling's "at all probable" threshold
(``--probable``, Law 12C1(e)'s words; the weighted score leaves less probable results
out too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from msgspec import Struct

from equity.core.game import Side, Vulnerability, result_text, score_ns
from equity.core.law import Step

if TYPE_CHECKING:  # a type only: Laws 61-64 as reported are imported when one is ruled
    from equity.core.law import ReportedRuling


class Screen(Struct, frozen=True):
    """The likely outcomes without the revoke against the result after the transfer."""

    outcomes: Mapping[int, float]
    """Declarer's final tricks without the revoke, from the opening lead, with their
    probabilities (the forecast's)."""
    after_transfer: int
    """Declarer's tricks after the Law 64A transfer (or with none, under Law 64B)."""
    non_offenders: Side
    declarer: Side
    threshold: float
    """The share from which an outcome is at all probable."""
    trick: int
    """The trick from which the play is needed when the transfer may be short."""
    law: str
    """The edition's Law 64C paragraph."""

    def better(self, tricks: int) -> bool:
        """``tricks`` for declarer would give the non-offenders more than the transfer."""
        if self.non_offenders == self.declarer:
            return tricks > self.after_transfer
        return tricks < self.after_transfer

    @property
    def short_share(self) -> float:
        """The chance, without the revoke, of a result better for the non-offenders."""
        return sum(p for t, p in self.outcomes.items() if self.better(t))

    @property
    def may_be_short(self) -> bool:
        """Whether a result better for the non-offenders is at all probable."""
        return self.short_share >= self.threshold

    def step(self) -> Step:
        """What the screen finds, in the ruling's words, with its law."""
        likely = ", ".join(f"{t} ({p:.0%})" for t, p in
                           sorted(self.outcomes.items(), key=lambda kv: -kv[1]) if p >= 0.05)
        head = (f"without the revoke, from the opening lead, declarer would likely have "
                f"made {likely} tricks; after the transfer he has {self.after_transfer}")
        who = "North-South" if self.non_offenders == Side.NS else "East-West"
        if self.may_be_short:
            return Step(self.law, f"{head}: the transfer may leave {who} short (a "
                                  f"{self.short_share:.0%} chance of a better result for "
                                  "them). The equity check needs the play from trick "
                                  f"{self.trick}, the revoke trick.")
        return Step(self.law, f"{head}: a better result for {who} is not at all probable "
                              f"({self.short_share:.0%}, less than {self.threshold:.0%}): "
                              "the transfer compensates them on the deal alone; no "
                              "adjustment.")


class ReportedCase(Struct, frozen=True):
    """A revoke ruled from the reported facts, its Law 64C screen (None when there is
    none: a corrected revoke, a result unknown, or the check skipped) and the board's
    vulnerability, for the score."""

    ruling: ReportedRuling
    screen: Screen | None
    vulnerability: Vulnerability

    @property
    def complete(self) -> bool:
        """The ruling gives a result to score and needs nothing more: no fact missing
        and no equity check asked for."""
        return (self.ruling.after_transfer_tricks is not None and not self.ruling.needs
                and not (self.screen is not None and self.screen.may_be_short))

    @property
    def score_ns(self) -> int | None:
        """North-South's score after the transfer (None when the tricks are unknown)."""
        tricks, contract = self.ruling.after_transfer_tricks, self.ruling.board.contract
        if tricks is None or contract is None:
            return None
        return score_ns(contract, tricks, self.vulnerability)

    @property
    def result(self) -> str | None:
        """The result after the transfer as a scorer writes it (``3NT by E -3``)."""
        tricks, contract = self.ruling.after_transfer_tricks, self.ruling.board.contract
        if tricks is None or contract is None:
            return None
        return result_text(contract, tricks)


def screen(ruling: ReportedRuling, outcomes: Mapping[int, float], threshold: float
           ) -> Screen | None:
    """The screen of ``ruling`` from the forecast's ``outcomes``; None when the ruling
    has no result after the transfer, or the revoke was corrected (Law 62: Law 64 does
    not apply)."""
    after, contract = ruling.after_transfer_tricks, ruling.board.contract
    if after is None or contract is None or not ruling.report.established:
        return None
    return Screen(dict(outcomes), after, ruling.offender_side.other, contract.declarer.side,
                  threshold, ruling.report.trick, ruling.edition.law_64c("1"))


__all__ = ["ReportedCase", "Screen", "screen"]
