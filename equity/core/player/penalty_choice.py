"""Law 50D2 in the play: declarer's choice when the partner of a penalty card's holder is
about to lead, as the outcome tree makes it.

**Law 50D2** (2017): "When a defender has the lead while his partner has a major penalty
card, he may not lead until declarer has stated which of the options below is selected
... (a) declarer may require the defender to lead the suit of the penalty card, or
prohibit him from leading that suit for as long as he retains the lead (for two or more
penalty cards see Law 51). If declarer exercises either option the penalty card is no
longer a penalty card and is picked up. (b) If declarer does not exercise (a) the
defender may lead any card; the penalty card remains a penalty card." (Our words after
the digest, ``laws.md``, which gives 50D1/50E but not 50D2 verbatim; the options are as
the brief of issue 50 states them.) With penalty cards in several suits declarer names
one of their suits (Law 51B); every penalty card of that suit is picked up.
:func:`options_50d2` lists the positions each option leaves; who chooses is the caller's
business (the non-offenders, :mod:`equity.core.player.outcome_tree`).

**What the double-dummy solver cannot know.** DDS values positions as free play: a
penalty card still held is, to it, an ordinary card. The lines play the card when it is
due (through :meth:`Position.legal`, and a forced card costs no DDS), so the lines
themselves are right; what is approximate is every *value* DDS gives for a position in
which a penalty card is still held — the decision model's sampled layouts, a line
finished double dummy, and the value of the 50D2 options (where "leave the penalty card"
looks no better than picking it up: the tie goes to leaving it, which can only help the
non-offenders).

**Law 50E** (what players know): the penalty card is face up, so every player sees it
(:attr:`Knowledge.exposed <equity.core.player.knowledge.Knowledge.exposed>`: it stays in its
holder's hand in every sampled layout). 50E1: that it must be played is authorised to
the partner; 50E2: other information from it is unauthorised to him — the decision model
draws no other inference from it (nor from any card), so nothing is to be removed.
"""
from __future__ import annotations

from equity.core.game import Card, CardSet, LeadRule, Plan, Position, Side, Suit, cards, values_of


def partner_penalties(pos: Position) -> CardSet:
    """The penalty cards of the partner of the player on lead, when he is about to lead
    (Law 50D2's moment); 0 otherwise, and 0 when a lead requirement already binds his
    lead (a lead penalty of the record, or declarer's requirement already made)."""
    if pos.trick or not pos.penalties:
        return 0
    if any(r.seat == pos.leader and not r.forbidden for r in pos.leads):
        return 0  # a lead requirement already binds this lead (declarer has chosen)
    return pos.penalties & pos.hands[pos.leader.partner]


def options_50d2(pos: Position) -> list[tuple[str, Position]]:
    """Declarer's options under Law 50D2 when the partner of a penalty card's holder is
    about to lead (none otherwise): for each suit of the partner's penalty cards,
    require it or forbid it (the penalty cards of that suit picked up), and leave (the
    lead free, the penalty cards stay). Each with its name ("require ♠", "forbid ♠",
    "leave") and the position it leaves; "leave" first."""
    held = partner_penalties(pos)
    if not held:
        return []
    out: list[tuple[str, Position]] = [("leave", pos)]
    seat = pos.leader
    for suit in sorted({c.suit for c in cards(held)}):
        picked = pos.penalties & ~Suit(suit).mask
        out.append((f"require {Suit(suit).symbol}",
                    pos.with_requirements(picked, (*pos.leads, LeadRule(seat, Suit(suit))))))
        out.append((f"forbid {Suit(suit).symbol}",
                    pos.with_requirements(picked, (*pos.leads,
                                                   LeadRule(seat, Suit(suit), True)))))
    return out


def choose_50d2(pos: Position, chooser: Side, keep: Card | None = None
                ) -> Plan[tuple[str, Position]]:
    """Declarer's Law 50D2 choice at ``pos`` (:func:`options_50d2`; ``pos`` itself when
    there is none): the option best for ``chooser``'s side in the real layout, the
    leader then leading his best card under it (one double-dummy question: the free
    values of his cards). *Reading* of the ties, DDS not knowing a penalty card (module
    docstring): an option under which ``keep`` (a recorded lead) may be led, then
    "leave" (the penalty card stays: worth something DDS cannot see), then the others
    in order."""
    options = options_50d2(pos)
    if not options:
        return "", pos
    free = pos.free
    values = yield from values_of(free, free.legal(), chooser)
    leader_side = pos.leader.side

    def worth(option: Position) -> int:
        legal = [values[c] for c in cards(option.legal()) if c in values]
        if not legal:
            return 0
        return min(legal) if leader_side != chooser else max(legal)

    best = max(worth(p) for _, p in options)
    tied = [(name, p) for name, p in options if worth(p) == best]
    if keep is not None:
        tied = [o for o in tied if o[1].legal() & keep.bit] or tied
    return tied[0]


__all__ = ["choose_50d2", "options_50d2", "partner_penalties"]
