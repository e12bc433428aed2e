"""The automatic part of a ruling as content: each revoke's steps under Laws 61-64A/B, and a
claim's statement, lines and award under Laws 68-71 (:mod:`~equity.render.view.claim`,
imported with a claim ruled); :func:`automatic_view` is all that ``--no-equity`` rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from msgspec import Struct

from equity.core.game import Contract
from equity.core.law import AutomaticRuling, RevokeRuling, Step, StepKind
from equity.render.view.sentences import (
    SIDE_NAMES,
    STAGES,
    contract_result,
    unread_auction,
)

if TYPE_CHECKING:  # imported with a claim ruled (automatic_view)
    from equity.render.view.claim import ClaimView


class StepView(Struct, frozen=True):
    """One step of the ruling: what it does, the law, what it means here."""

    kind: StepKind
    law: str
    text: str

    @property
    def stage(self) -> str:
        return STAGES[self.kind]


def step_views(steps: Sequence[Step]) -> tuple[StepView, ...]:
    return tuple(StepView(s.kind, s.law, s.text) for s in steps)


class RevokeView(Struct, frozen=True):
    """Laws 61-64A/B for one revoke: its steps and what they come to."""

    number: int
    title: str
    """E.g. "Revoke 1: trick 5, East, ♦2, ♣ led"."""
    steps: tuple[StepView, ...]
    outcome: str
    """What the steps come to, in one sentence (the document)."""
    transfer: str | None
    """E.g. "2 tricks to EW" when the revoke stands (the text)."""


class AutomaticView(Struct, frozen=True):
    """The Laws 61-64A/B ruling of a board (all that ``--no-equity`` gives)."""

    source: str
    label: str
    contract: Contract
    claimed: bool
    table_result: str
    revokes: tuple[RevokeView, ...]
    after_transfer: str
    notes: tuple[str, ...]
    play_continues: str | None = None
    """Said instead of a result while play continues (the record stops where the Director
    was called, Law 62A): the tricks so far are not a result."""
    after_label: str = "After transfer"
    """What the result after Laws 61-64A/B is called: "After transfer" only when a trick
    was transferred (:func:`after_label`)."""
    claim: ClaimView | None = None
    """The Director's ruling on the claim (Laws 68-71), when he ruled on it."""

    @property
    def result_label(self) -> str:
        """What the result is called: "table result", or for a claim the Director ruled
        on, "the claim as ruled, Law 70" (an adjudicated claim is not the table's); on a
        board with a revoke, "before Laws 61-64" (the revoke trick as played: the result
        after them is another number)."""
        return result_label(self.claim.law if self.claim is not None else None,
                            bool(self.revokes))

    @property
    def table_how(self) -> str:
        """How the table result was reached: "as played", with the claim's tricks as
        claimed or as ruled."""
        if self.claim is not None:
            return f"as played, {self.result_label}"
        return "as played" + (", claimed tricks included" if self.claimed else "")


def result_label(claim_law: str | None, revoked: bool) -> str:
    """What the result before Laws 61-64 is called: "table result", or for a claim the
    Director ruled on (Law ``claim_law``) "the claim as ruled, Law 70" — an adjudicated
    claim is not the table's; one agreed that stands, "the claim as agreed, Law 69A" —
    and, on a board with a revoke, "before Laws 61-64" (the
    revoke trick as played: the result after them is another number)."""
    if claim_law is None:
        return "table result"
    ruled = "agreed" if claim_law == "69A" else "ruled"  # 69A: an agreed claim stands
    return f"the claim as {ruled}, Law {claim_law}" + (", before Laws 61-64" if revoked
                                                         else "")


PLAY_CONTINUES = "play continues; no result yet"


def automatic_view(auto: AutomaticRuling) -> AutomaticView:
    rp = auto.replay
    c = rp.contract
    stop = (f"the record stops at trick {len(rp.tricks)}, where the Director was called "
            f"(declarer has won {auto.table_tricks} so far; not a result)"
            if auto.pending else None)
    return AutomaticView(
        rp.board.source, rp.board.label, c, rp.claimed, contract_result(c, auto.table_tricks),
        tuple(_revoke_view(i, r, auto.pending) for i, r in enumerate(auto.revokes, 1)),
        contract_result(c, auto.after_transfer_tricks), record_notes(auto), stop,
        after_label(auto), _claim_view(auto))


def _claim_view(auto: AutomaticRuling) -> ClaimView | None:
    """The claim's ruling in words, its module imported when the Director ruled on one."""
    if auto.claim is None:
        return None
    from equity.render.view.claim import claim_view

    return claim_view(auto)


def record_notes(auto: AutomaticRuling) -> tuple[str, ...]:
    """The notes of a ruling: what the reader could not read of the record (an auction),
    then the law stage's."""
    unread = unread_auction(auto.replay.board.auction_unread)
    return (*((unread,) if unread else ()), *auto.notes)


def after_label(auto: AutomaticRuling) -> str:
    """The name of the result after Laws 61-64A/B: "After transfer" only when Law 64A
    transferred a trick; a claim adjudicated with the revoke corrected (Law 70) or no
    transfer at all says so instead."""
    if any(r.transfer for r in auto.revokes):
        return "After transfer"
    if any(s.law == "70" for r in auto.revokes for s in r.steps):
        return "After Laws 61-64 (the claim adjudicated under Law 70; no trick transferred)"
    return "After Laws 61-64 (no trick transferred)"


def revoke_title(number: int, r: RevokeRuling) -> str:
    rev = r.revoke
    led = f", {rev.suit_led.symbol} led" if rev.suit_led is not None else ""
    return f"Revoke {number}: trick {rev.trick}, {rev.seat.long_name}, {rev.card.pretty}{led}"


def _revoke_view(number: int, r: RevokeRuling, pending: bool = False) -> RevokeView:
    """One revoke; no transfer is stated while play continues (it is decided at the end
    of play, Laws 64A1/64A2)."""
    transfer = (f"{r.transfer} trick{'s' if r.transfer != 1 else ''} to "
                f"{r.offender_side.other.name}") if (r.stands or r.transfer) \
        and not pending else None
    return RevokeView(number, revoke_title(number, r), step_views(r.steps), _outcome(r),
                      transfer)


def _outcome(r: RevokeRuling) -> str:
    """What Laws 62-64B come to for one revoke, in one sentence."""
    to = SIDE_NAMES[r.offender_side.other]
    if r.corrected and r.transfer:  # Law 43B2(b): as if established
        plural = "s" if r.transfer != 1 else ""
        return (f"Corrected (Law 62), and Law 64 applied as if established (Law 43B2(b)); "
                f"{r.transfer} trick{plural} transferred to {to}.")
    if r.corrected:
        how = "established but corrected" if r.established else "not established: corrected"
        return f"{how.capitalize()} (Law 62); no trick transferred."
    if r.exemption is not None:
        return f"Established; no trick transferred (Law {r.exemption})."
    which = ", ".join("a trick won under the claim" if n == 0 else f"trick {n}"
                      for n in r.transferred_tricks)
    plural = "s" if r.transfer != 1 else ""
    return (f"Established; {r.transfer} trick{plural} transferred to {to}"
            + (f" ({which})." if which else "."))
