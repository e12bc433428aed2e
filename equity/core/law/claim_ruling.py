"""The Director's ruling on a claim or concession (Laws 68-71), as the law stage and the
reports read it: made by :mod:`equity.core.law.claims`, taken in by
:func:`~equity.core.law.laws.rule` (the tricks under the claim are those awarded)."""

from __future__ import annotations

from msgspec import Struct

from equity.core.game import Claim, ClaimAgreement, Seat
from equity.core.law.claim_lines import ClaimLine, Doubt
from equity.core.law.steps import Step

MAX_LINES = 8
"""The most lines a ruling lists (the deciding one first); the award counts them all."""


def as_claimed(claimer: Seat, declarers: bool, total: int) -> str:
    """Declarer's total as claimed, said from the claimer's side: "claimed 10" when
    declarer's side claimed, "East's claim left him 8" when a defender did (a defender
    claims tricks for his side, never declarer's 8; Law 68A)."""
    if declarers:
        return f"claimed {total}"
    return f"{claimer.long_name}'s claim left him {total}"


class ClaimRuling(Struct, frozen=True):
    """The Director's ruling on a claim or concession (Laws 68-71)."""

    claim: Claim
    agreement: ClaimAgreement
    claimed: int
    """Declarer's total as claimed (``[Result]``)."""
    awarded: int
    """Declarer's total the Director awards: the board's result under the claim."""
    awarded_after: int
    """Of them, the tricks after the last trick of the record (what the claim's
    ``[Result]`` is replaced with, counted on the record's tricks:
    :func:`~equity.core.law.claims.judge_claim`)."""
    law: str
    """``"69A"`` (an agreed claim stands), ``"69B"`` (agreement withdrawn), ``"70"``
    (adjudicated) or ``"71"`` (a concession cancelled)."""
    players: str
    """The class of player whose normal play was judged."""
    lines: tuple[ClaimLine, ...] = ()
    """The lines judged, the deciding one first (at most :data:`MAX_LINES`)."""
    doubtful: tuple[Doubt, ...] = ()
    """Each doubtful point met, with the law that resolved it."""
    steps: tuple[Step, ...] = ()
    """The ruling as the Director reads it out, law by law."""

    @property
    def basis(self) -> str | None:
        """What the board's result rests on (JSON ``ruling.basis``): ``"70"`` for an
        adjudicated claim, ``"69B"``/``"71"`` when they changed it; None when an agreed
        claim stands."""
        if self.law == "70" or self.awarded != self.claimed:
            return self.law
        return None

    @property
    def deciding(self) -> ClaimLine | None:
        """The line the award comes from (None when no line was needed)."""
        return self.lines[0] if self.lines else None


__all__ = ["MAX_LINES", "ClaimRuling", "as_claimed"]
