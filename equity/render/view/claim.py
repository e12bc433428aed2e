"""A claim's ruling as content (Laws 68-71): its statement, the lines judged and the
award; imported with a claim ruled (:func:`~equity.render.view.automatic.automatic_view`),
never by a revoke ruling without one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct

from equity.core.game import Card, Seat
from equity.core.law import AutomaticRuling
from equity.render.view.automatic import StepView, step_views
from equity.render.view.sentences import SIDE_NAMES, played_text

if TYPE_CHECKING:  # types only: Laws 68-71 are imported when a claim is ruled
    from equity.core.law import ClaimLine, ClaimRuling


class ClaimLineView(Struct, frozen=True):
    """One line of play judged on a claim: its cards, result, and whether it counts."""

    number: int
    tricks: tuple[tuple[int, tuple[tuple[Seat, Card], ...]], ...]
    result: str
    normal: bool
    deciding: bool
    why: str

    @property
    def played(self) -> str:
        return played_text(self.tricks)

    @property
    def label(self) -> str:
        """"the award", "normal" or "not counted"."""
        return "the award" if self.deciding else "normal" if self.normal else "not counted"

    @property
    def brief(self) -> str:
        """The line in one sentence (the text report)."""
        return f"{self.played} -> {self.result} [{self.label}]: {self.why}"


class ClaimView(Struct, frozen=True):
    """The Director's ruling on a claim (Laws 68-71), as plain strings."""

    title: str
    """E.g. "Claim by South (declarer) at trick 9, disputed by East-West"."""
    statement: str
    steps: tuple[StepView, ...]
    """The ruling's steps up to the award: what was claimed and said, the law applied,
    each doubtful point with the law that resolved it."""
    lines: tuple[ClaimLineView, ...]
    award: StepView
    law: str
    players: str
    """The class of player whose normal play was judged."""
    brief: str
    """The ruling on the claim in one sentence, with its law."""

    @property
    def lines_head(self) -> str:
        article = "an" if self.players[:1].lower() in "aeiou" else "a"
        return (f"Lines judged (what {article} {self.players} player might play holding what he "
                "believed, careless or inferior for the class; the other side double dummy)")


def claim_view(auto: AutomaticRuling) -> ClaimView | None:
    """The claim ruling of ``auto`` in words (None when the Director did not rule)."""
    cr = auto.claim
    if cr is None:
        return None
    rp = auto.replay
    c = rp.contract
    who = cr.claim.claimer
    role = " (declarer)" if who == c.declarer else ""
    other = SIDE_NAMES[who.side.other]
    status = (f"disputed by {other}" if cr.agreement.status.value == "disputed"
              else f"agreed by {other}")
    if cr.agreement.agreed:
        status += f" ({cr.agreement.agreed[0].long_name} agreed)"
    lines = tuple(_claim_line(i, ln, cr) for i, ln in enumerate(cr.lines, 1))
    said = cr.claim.describe() if cr.claim.stated else "no statement recorded"
    steps = step_views(cr.steps)
    return ClaimView(f"Claim by {who.long_name}{role}, {status}", said, steps[:-1], lines,
                     steps[-1], cr.law, cr.players, _claim_brief(cr, c.declarer))


def _claim_line(number: int, line: ClaimLine, cr: ClaimRuling) -> ClaimLineView:
    by_trick: dict[int, list[tuple[Seat, Card]]] = {}
    for p in line.plays:
        by_trick.setdefault(p.trick, []).append((p.seat, p.card))
    return ClaimLineView(number, tuple((t, tuple(ps)) for t, ps in by_trick.items()),
                         f"{line.declarer_tricks} tricks", line.normal,
                         number == 1 and cr.deciding is line, line.why)


def _claim_brief(cr: ClaimRuling, declarer: Seat) -> str:
    from equity.core.law import as_claimed  # Laws 68-71 on first use: a claim was ruled

    who = cr.claim.claimer.long_name
    claimed = as_claimed(cr.claim.claimer, cr.claim.claimer.side == declarer.side,
                         cr.claimed)
    if cr.law == "70":
        return (f"Law 70: {who}'s claim is adjudicated, doubtful points against him: "
                f"declarer {cr.awarded} tricks ({claimed})")
    if cr.law == "71":
        return (f"Law 71: {who} conceded tricks his side could not lose by any normal play: "
                f"declarer {cr.awarded} tricks ({claimed})")
    if cr.law == "69B":
        return (f"Law 69B: the other side withdrew its agreement to {who}'s claim for tricks "
                f"it would likely have won: declarer {cr.awarded} tricks ({claimed})")
    return f"Law 69A: {who}'s claim stands: declarer {cr.awarded} tricks"


__all__ = ["ClaimLineView", "ClaimView", "claim_view"]
