"""Law 50 in the play: the requirements in force at a point of a replayed record.

The replay (:mod:`equity.core.game.replay`) applies the board's Law 61A(b) requirements to
find revokes; the Law 64C lines start at a point of that record and must go on under the
same requirements. :func:`in_force` gives them as a :class:`~equity.core.game.position.Position`
carries them:

* a **major penalty card** (Law 50) is in force from its trick on while its holder still
  holds it (once played it is gone);
* a **lead requirement** (Laws 26, 56: "SEAT must lead SUIT the next time he leads") is
  in force from its trick on until the seat's next lead, as the kernel applies it (each
  lead of the seat uses up his first pending requirement).

Requirements that arise after the start of a line are not carried: they come from
irregularities of the record after that point, which a line that leaves the record need
not repeat (*reading*).

Declarer's Law 50D2 choice when the partner of a penalty card's holder leads is a player's
decision: :mod:`equity.core.player.penalty_choice`.
"""

from __future__ import annotations

from equity.core.game.board import Requirement, RequirementKind
from equity.core.game.cards import CardSet
from equity.core.game.position import LeadRule, Position
from equity.core.game.replay import Replay


def in_force(rp: Replay, trick: int, index: int = 0) -> tuple[CardSet, tuple[LeadRule, ...]]:
    """The major penalty cards and lead rules in force just before card ``index`` (0-3)
    of trick ``trick`` of ``rp`` (module docstring). Read from :attr:`Replay.requirements`,
    the requirements the replay applied."""
    hands = rp.hands_before(trick, index)
    penalties: CardSet = 0
    pending: list[Requirement] = []
    for r in rp.requirements:
        if r.trick > trick:
            continue
        if r.kind == RequirementKind.PENALTY and r.card is not None:
            if hands[r.seat] & r.card.bit:
                penalties |= r.card.bit
        elif r.kind == RequirementKind.LEAD and r.suit is not None:
            pending.append(r)
    if pending:
        for t in rp.tricks:
            if (t.number, 0) >= (trick, index) or not t.plays:
                break
            used = next((r for r in pending if r.seat == t.leader and r.trick <= t.number),
                        None)
            if used is not None:
                pending.remove(used)
    leads = tuple(LeadRule(r.seat, r.suit) for r in pending if r.suit is not None)
    return penalties, leads


def at(rp: Replay, position: Position, trick: int, index: int = 0) -> Position:
    """``position`` (the record's cards just before card ``index`` of ``trick``) with the
    requirements in force there."""
    penalties, leads = in_force(rp, trick, index)
    if not (penalties or leads):
        return position
    return position.with_requirements(penalties, leads)


__all__ = ["at", "in_force"]
