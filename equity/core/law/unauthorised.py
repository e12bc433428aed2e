"""Law 16C2 at a correction the record shows: the offending side's changed card.

When a revoke is corrected at the table (Law 62, ``[EquityWithdrawn]``) and a
non-offender takes back a card he played after the revoke (62C1), the offending side's
next player in rotation may take back his own card and play another (62C2). The
information from the withdrawn cards is authorised to the non-offenders (16C1) but not
to the offending side (16C2): "a player of an offending side may not choose from among
logical alternatives one that could demonstrably have been suggested over another by
the unauthorised information".

Our reading, with the decision model (:mod:`equity.core.player.decision`) as the player:

* **without the information** — the corrected trick as it stands, what he may see of
  the cards (the revoke card, a major penalty card, is face up: that it must be played
  is authorised, Law 50E1) and nothing of the cards the non-offenders took back. The
  cards he might choose there (a chance of at least the model's share) are his logical
  alternatives; where more than one, the doubt goes against his side (Law
  84D): the one worst for it in the real layout;
* **with it** — the same, knowing where each card the non-offenders took back lies;
* the card he played was **suggested** when the model chooses it with the information,
  and it is better for his side (double dummy, in the real layout) than the card he
  would have chosen without it. He then may not have chosen it: the Director adjusts
  (Laws 16C2, 12C1): the likely outcomes of the play from his logical alternatives are
  weighed against the table's result, and the non-offenders get the better. Which
  alternatives is Law 12's, as after Law 16B (issue 47): where the Director weighs
  (Law 12C1(c)) every alternative worse for his side than his card, each with its chance
  for a player of the class without the information (:attr:`Finding.weighed`,
  :func:`worse_shares`); where he assigns (2007 Law 12C1(e), 1997 Law 12C2) the worst
  for his side.

A single legal card, or cards of equal value, leave nothing to decide.
"""

from __future__ import annotations

from collections.abc import Iterable

from msgspec import Struct
from msgspec.structs import replace

from equity.core.game import Card, Plan, Replay, Revoke, Withdrawn, values_of
from equity.core.player import (
    NEAR_SHARE,
    Decision,
    DecisionModel,
    Holding,
    Knowledge,
    Start,
    classes,
)

LAW = "16C2"


class Unauthorised(Struct, frozen=True):
    """What a withdrawn card told a member of the offending side at one of his choices
    (Laws 16C2, 62D2): the card withdrawn, the card it suggested, the card he would
    choose without it, and whether the suggested card is forbidden."""

    law: str
    """The paragraph applied: ``"16C2"`` (2017), ``"16D2"`` (2007), ``"62D2"`` (the
    2007/1997 two-suits wording)."""
    withdrawn: Card
    suggested: Card
    without: Card
    forbidden: bool
    """The suggested card is not allowed: he plays the one he would have chosen
    without the information (16C2), or (two suits) any other."""




def settled(model: DecisionModel, blind: Knowledge, told: Knowledge
            ) -> Plan[tuple[Decision, Decision]]:
    """Laws 16B1, 16C2: the decisions without the information (``blind``) and with it
    (``told``: what it conveyed, as holdings of the hidden hands), judged on the same
    layouts so that they differ by the information alone
    (:meth:`DecisionModel.judge`), and sampled further when a card's chance without it
    lies within :data:`NEAR_SHARE` of the share that makes it a logical alternative."""
    share = model.sampling.share

    def near(d: tuple[Decision, Decision]) -> bool:
        return any(abs(p - share) < NEAR_SHARE for _, p in d[0].options)
    return (yield from model.judge(blind, told, near))


def alternatives(blind: Decision, values: dict[Card, int], sign: int, share: float
                 ) -> tuple[list[Card], Card]:
    """His logical alternatives — the cards ``blind`` (the decision without the
    information) might choose, a chance of ``share`` or more — and among them the worst
    for his side (``sign`` +1 for declarer's side; doubt against the offenders, Law
    84D). Laws 16B1 and 16C2 ask the same question."""
    might = [c for c in values if blind.might_choose(c, share)] or [blind.card]
    return might, min(might, key=lambda c: (sign * values[c], c.rank, c.suit))


def worse_shares(blind: Decision, alternatives: Iterable[Card], values: dict[Card, int],
                 played: int, sign: int) -> tuple[tuple[Card, float], ...]:
    """The logical alternatives worse for his side than the card he played (``played``:
    its value for his side, ``sign * tricks``), each with its chance for a player of the
    class without the information (``blind``), scaled to sum to 1, likeliest first: what
    a weighted score weighs after a Law 16B or 16C2 infraction (Law 12C1(c)); the
    alternatives at least as good for his side as his card, and the card itself, do not
    count — the non-offenders get the benefit of the doubt (Law 84D)."""
    worse = [(c, blind.chance(c)) for c in alternatives if sign * values[c] < played]
    total = sum(p for _, p in worse)
    if total <= 0:
        return tuple((c, 1 / len(worse)) for c, _ in worse)
    return tuple(sorted(((c, p / total) for c, p in worse),
                        key=lambda cp: (-cp[1], cp[0].rank, cp[0].suit)))


def weigh(blind: Decision, suggested: Card, values: dict[Card, int], sign: int,
          share: float, law: str, withdrawn: Card) -> tuple[Card, Unauthorised | None]:
    """Law 16C2, the one test for every withdrawal: ``blind`` is the decision without
    the information, ``suggested`` the card chosen with it, ``values`` each legal card's
    tricks for declarer (``sign`` +1 when the player is declarer's side). The card he
    would choose without it is, among those he might choose (a chance of ``share`` or
    more: his logical alternatives), the worst for his side (Law 84D: doubt
    against the offenders). None when the information suggests nothing else of another
    value; else forbidden when the suggested card is better for his side."""
    _, without = alternatives(blind, values, sign, share)
    if suggested == without or values[suggested] == values[without]:
        return without, None
    gains = sign * values[suggested] > sign * values[without]
    return without, Unauthorised(law, withdrawn, suggested, without, gains)


class Finding(Struct, frozen=True):
    """Law 16C2 on one changed card of the offending side (62C2)."""

    change: Withdrawn
    """The card taken back and the card played in its place."""
    unauthorised: Unauthorised | None
    """What the withdrawn cards suggested, and the card he would have chosen without
    them; None when nothing was left to decide or they suggested nothing."""
    infraction: bool
    """He played the suggested card, barred by Law 16C2."""
    start: Start
    """Where the adjusted play starts: just before his card, with the card he would
    have chosen without the information the only one allowed."""
    values: dict[Card, int]
    """Declarer's tricks from here, double dummy, after each legal card."""
    before: int
    """Declarer's tricks before the trick of the change."""
    weighed: tuple[tuple[Card, float, Start], ...] = ()
    """At an infraction, his logical alternatives worse for his side than the card he
    played, each with its share for a player of the class without the information
    (:func:`worse_shares`) and where its play starts (it the only card allowed): what a
    weighted score weighs (Law 12C1(c)); the one worst for his side is :attr:`start`'s."""

    def starts(self) -> tuple[tuple[Card, float, Start], ...]:
        """Each weighed alternative with its share and where its play starts."""
        return self.weighed


def changes(rev: Revoke) -> tuple[Withdrawn, ...]:
    """The offending side's changed cards after the non-offenders' (62C2)."""
    return tuple(w for w in rev.withdrawn if w.law == "62C2")


def judge(replay: Replay, rev: Revoke, change: Withdrawn, model: DecisionModel
          ) -> Plan[Finding]:
    """Law 16C2 on ``change`` (module docstring), asking its double-dummy questions."""
    start = Start.at(replay, change.trick, replay.index_of(change.trick, change.seat))
    pos, declarer = start.position, start.declarer
    side = declarer.side
    legal = start.allowed
    values = yield from values_of(pos, legal, side)
    before = start.won[side]
    if len(set(values.values())) < 2:
        return Finding(change, None, False, start, values, before)
    # Law 50E1: a major penalty card lies face up: every player sees it
    faced = 0
    for w in rev.withdrawn:
        if w.penalty and w.law == "62B" and pos.hands[w.seat] & w.card.bit:
            faced |= w.card.bit
    theirs = [w for w in rev.withdrawn
              if w.law == "62C1" and pos.hands[w.seat] & w.card.bit]
    sign = 1 if change.seat.side == side else -1  # sign * tricks: more for his side

    def adjusted(card: Card) -> Start:
        return _only(replay, rev, change, start, card)

    blind_k = start.knowledge(exposed=faced)
    share = model.sampling.share
    if not theirs:
        blind = yield from model.decide(blind_k, judging=True)
        without, _ = weigh(blind, blind.card, values, sign, share, LAW, change.card)
        return Finding(change, None, False, adjusted(without), values, before)
    # what the withdrawn cards told him: where each lies (Law 16C2: unauthorised)
    told = tuple(Holding(w.seat, w.card.bit, 1, 1) for w in theirs)
    blind, informed = yield from settled(model, blind_k,
                                         replace(blind_k, holds=told))
    without, info = weigh(blind, informed.card, values, sign, share, LAW, theirs[0].card)
    # he played the suggested card (or one equal to it in rank)
    infraction = info is not None and info.forbidden and change.replaced_by in next(
        g for g in classes(legal, pos) if info.suggested in g)
    if not infraction:
        return Finding(change, info, False, adjusted(without), values, before)
    # Law 12C1(c): every logical alternative worse for his side than his card, weighed
    might, _ = alternatives(blind, values, sign, share)
    speakers = {blind.speaker(c): None for c in might}
    shares = worse_shares(blind, speakers, values, sign * values[change.replaced_by], sign)
    return Finding(change, info, True, adjusted(without), values, before,
                   tuple((c, p, adjusted(c)) for c, p in shares))


def _only(replay: Replay, rev: Revoke, change: Withdrawn, start: Start, card: Card
          ) -> Start:
    """The adjusted play's start: ``card`` the only one allowed, with the requirements in
    force (Law 50): those of the record before this trick, the revoke card if it became a
    major penalty card (62B1), and his own withdrawn card if he does not keep it (62C2:
    it became one when he took it back)."""
    pos = start.position
    faced = pos.penalties
    for w in rev.withdrawn:
        if w.penalty and (w.law == "62B" or (w is change and card != w.card)):
            faced |= w.card.bit & pos.hands[w.seat]
    if faced != pos.penalties:
        pos = pos.with_requirements(faced, pos.leads)
    return replace(start, position=pos, allowed=card.bit)
