"""Law 16B in the play: unauthorised information from partner (a question, a hesitation).
(Law 16B in 2007 and 2017; the same rule is Law 16A in 1997: :meth:`~.laws.Edition.law_16b`.)

Law 61B lets a defender ask his partner about a possible revoke, and the question can
tell the partner something ("no diamonds, partner?": South has six diamonds). Law 16B1:
"a player may not choose from among logical alternatives one that could demonstrably
have been suggested over another by the extraneous information"; 16B3: the Director
adjusts (Law 12C1) when the information was used and the non-offenders were damaged.

What the information was is the Director's finding (``[EquityUI]``,
:class:`~equity.core.game.facts.Information`): facts about the deal as dealt, and
the first trick whose card by the player they could affect. The tool judges each later
decision of that player in the record, with the decision model as the player (the same
reading as Law 16C2, :mod:`equity.core.law.unauthorised`):

* **his logical alternatives** are the cards the model might choose *without* the
  information (a chance of at least the model's share: the threshold of the 16C2
  reading), judged on what he could know — the auction as his partnership's methods,
  the play — never on the deal as dealt;
* a card was **suggested** by the information when the information made it — or a
  card of the same value double dummy, the card in effect — likelier by
  :data:`SUGGESTED` at least: the two decisions, with and without it, are made on the
  same layouts and differ by the information alone (:meth:`DecisionModel.judge`), so
  the difference is the information's;
* the card he played is **not allowed** (16B1) when it was suggested so and a logical
  alternative is worse for his side double dummy.

The first decision that breaks 16B1 is the infraction: the adjusted play starts just
before it (Laws 16B3, 12C1) and is weighed and compared like a Law 64C line
(:mod:`equity.core.adjust.ruling`). Which alternatives it starts from is Law 12's, per
edition and authority (issue 47): where the Director weighs (2017 and 2007 Law 12C1(c):
the WBF, the EBU, the ACBL from 2016 as its elections say) every alternative worse for
his side than his card, each with its chance for a player of the class without the
information ("some would duck, some would win"; :attr:`Suggestion.shares`, the
non-offenders given the benefit of the doubt: the alternatives as good for his side as
his card do not count); where he assigns (2007 Law 12C1(e), 1997 Law 12C2) the worst
for the offenders among them (Law 84D), :attr:`Suggestion.without`. Decisions with a
single legal card or cards of one value are not judged; every decision judged is said,
with his alternatives and their chances without and with the information.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from msgspec import Struct
from msgspec.structs import replace

from equity.core.game import (
    Card,
    Information,
    ModelError,
    Plan,
    Position,
    Replay,
    Seat,
    Suit,
    Told,
    count,
    values_of,
)
from equity.core.law.unauthorised import alternatives, settled, worse_shares
from equity.core.player import Decision, DecisionModel, Holding, Start, classes

SUGGESTED = 0.05
"""How much likelier the information must make a card (in effect) for it to have been
*demonstrably* suggested (Law 16B1): the two decisions are judged on the same layouts,
and a difference this large is the information's, not the draw's."""


def _in_effect(d: Decision, values: dict[Card, int], value: int) -> float:
    """The chance that ``d`` chooses a card worth ``value`` double dummy (the card in
    effect: any card of that value)."""
    return float(sum(p for c, p in d.options if values.get(c) == value))


class Suggestion(Struct, frozen=True):
    """Law 16B1 at one decision of the player with the information."""

    trick: int
    seat: Seat
    played: Card
    """The card he played (the record's)."""
    suggested: Card
    """The card the information made likelier: the card he played (or one of its
    value double dummy)."""
    alternatives: tuple[Card, ...]
    """His logical alternatives: the cards the model might choose without them."""
    without: Card
    """Among them, the one worst for his side (doubt against the offenders)."""
    chances: tuple[float, float]
    """The chance of the suggested card, in effect (with the cards of its value double
    dummy), without and with the information."""
    values: dict[Card, int]
    """Declarer's tricks from here, double dummy, after each legal card."""
    start: Start
    """Where the adjusted play starts: just before his card, ``without`` the only card
    allowed."""
    before: int
    """Declarer's tricks before this trick."""
    shares: tuple[tuple[Card, float], ...] = ()
    """The logical alternatives worse for his side than the card he played, each with
    its chance for a player of the class without the information, summing to 1
    (likeliest first): what a weighted score weighs (Law 12C1(c); the alternatives at
    least as good for his side as his card, and the card itself, do not count — the
    non-offenders get the benefit of the doubt)."""

    def starts(self) -> tuple[tuple[Card, float, Start], ...]:
        """Each weighed alternative with its share and where its play starts (it the
        only card allowed)."""
        return tuple((c, p, replace(self.start, allowed=c.bit))
                     for c, p in self.shares)


class Judged(Struct, frozen=True):
    """One of his decisions judged under Law 16B1: each card (the lowest of its run of
    equal cards) with its chance without and with the information and its value for
    declarer double dummy; the logical alternatives; the layouts it was judged on."""

    trick: int
    played: Card
    cards: tuple[tuple[Card, float, float, int], ...]
    """(card, chance without, chance with, declarer's tricks in all, double dummy after
    it), likeliest without first."""
    alternatives: tuple[Card, ...]
    layouts: int


class InfoFinding(Struct, frozen=True):
    """Law 16B on one group of unauthorised information."""

    info: Information
    checked: int
    """How many of his decisions (two or more cards of different value) were judged."""
    infraction: Suggestion | None
    """The first decision where he chose the suggested card over a logical alternative
    worse for his side (16B1); None when there was none."""
    judged: tuple[Judged, ...] = ()
    """Every decision judged, up to the infraction, in order."""


def holding(fact: Told, replay: Replay, pos: Position) -> Holding | None:
    """A fact about the deal as dealt as a holding of the hand in ``pos`` (cards already
    played counted out); None for a card already played (nothing left to tell)."""
    now = pos.hands[fact.seat]
    gone = replay.board.deal.hands[fact.seat] & ~now
    if fact.card is not None:
        return Holding(fact.seat, fact.card.bit, 1, 1) if now & fact.card.bit else None
    assert fact.suit is not None
    n = fact.length - count(gone & fact.suit.mask)
    lo, hi = {"=": (n, n), ">=": (n, 13), "<=": (0, n)}[fact.op]
    return Holding(fact.seat, fact.suit.mask, max(lo, 0), max(hi, 0))


def holdings(facts: Iterable[Told], replay: Replay, pos: Position) -> tuple[Holding, ...]:
    """The facts as holdings of the hands in ``pos``: what the viewer was told (or
    believes) about the cards still held."""
    return tuple(h for f in facts if (h := holding(f, replay, pos)) is not None)


def _suit(fact: Told) -> Suit:
    return fact.card.suit if fact.card is not None else cast(Suit, fact.suit)


def judge_information(replay: Replay, info: Information, model: DecisionModel
          ) -> Plan[InfoFinding]:
    """Law 16B on every card the player with ``info`` played from its trick on (module
    docstring), asking its double-dummy questions; stops at the first infraction."""
    declarer = replay.contract.declarer
    side = declarer.side
    sign = 1 if info.seat.side == side else -1  # sign * tricks: more for his side
    beliefs = [b for b in replay.board.facts.authorised if b.seat == info.seat]
    false = [f for f in info.facts if not f.true_of(replay.board.deal)]
    if false:  # the Director's finding is what the information told him: it is true
        raise ModelError(f"[EquityUI] '{false[0]}' is not true of the deal as dealt "
                         "(unauthorised information tells a player what is so)")
    share = model.sampling.share
    checked = 0
    judged: list[Judged] = []
    for trick in replay.tricks_from(info.trick):
        for i, play in enumerate(trick.plays):
            if play.seat != info.seat:
                continue
            here = Start.at(replay, trick.number, i)
            pos, legal = here.position, here.allowed
            if len(classes(legal, pos)) < 2 or not legal & play.card.bit:
                continue
            values = yield from values_of(pos, legal, side)
            if len(set(values.values())) < 2:
                continue
            checked += 1
            knowing = here.knowledge()
            believed = [f for b in beliefs if b.trick <= trick.number for f in b.facts]
            # what he was told replaces what he believed of the same suits
            told_suits = {_suit(f) for f in info.facts}
            kept = [f for f in believed if _suit(f) not in told_suits]
            blind, told = yield from settled(
                model, replace(knowing, holds=holdings(believed, replay, pos)),
                replace(knowing, holds=holdings([*kept, *info.facts], replay,
                                                pos)))
            might, without = alternatives(blind, values, sign, share)
            # in effect: the cards of the played card's value double dummy
            v = values[play.card]
            chances = (_in_effect(blind, values, v), _in_effect(told, values, v))
            speakers = tuple({blind.speaker(c): None for c in might})
            judged.append(Judged(trick.number, play.card, tuple(sorted(
                ((c, blind.chance(c), told.chance(c), here.won[side] + values[c])
                 for c in {blind.speaker(c): None for c in values}),
                key=lambda x: (-x[1], -x[2], x[0].rank, x[0].suit))), speakers,
                blind.layouts))
            # 16B1: the information demonstrably suggested the card he played over a
            # logical alternative worse for his side
            if chances[1] < chances[0] + SUGGESTED or sign * v <= sign * values[without]:
                continue
            start = replace(here, allowed=without.bit)
            return InfoFinding(info, checked, Suggestion(
                trick.number, info.seat, play.card, play.card, speakers, without,
                chances, values, start, here.won[side],
                worse_shares(blind, speakers, values, sign * v, sign)), tuple(judged))
    return InfoFinding(info, checked, None, tuple(judged))
