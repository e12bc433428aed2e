"""Law 16B in the play: unauthorised information from partner (a question, a hesitation).
(Law 16B in 2007 and 2017; the same rule is Law 16A in 1997: :meth:`~.laws.Edition.law_16b`.)

Law 61B lets a defender ask his partner about a possible revoke, and the question can
tell the partner something ("no diamonds, partner?": South has six diamonds). Law 16B1:
"a player may not choose from among logical alternatives one that could demonstrably
have been suggested over another by the extraneous information"; 16B3: the Director
adjusts (Law 12C1) when the information was used and the non-offenders were damaged.

What the information was is the Director's finding (``[EquityUI]``,
:class:`~equity.core.game.board.Information`): facts about the deal as dealt, and
the first trick whose card by the player they could affect. The tool judges each later
decision of that player in the record, with the decision model as the player (the same
reading as Law 16C2, :mod:`equity.core.law.unauthorised`):

* **his logical alternatives** are the cards the model might choose *without* the
  information (a chance of at least the model's share: the threshold of the 16C2
  reading);
* the **suggested** card is the one it chooses *with* it (only layouts that fit the
  facts are drawn, :attr:`~equity.core.player.knowledge.Knowledge.holds`);
* the card he played is **not allowed** (16B1) when it is the suggested card in
  effect (a card of the same value double dummy), the information made the suggested
  card more likely than it was without, and a logical alternative is worse for his
  side double dummy. Among such alternatives the
  doubt goes against his side (Laws 12C1(e), 84D): the worst for it.

The first decision that breaks 16B1 is the infraction: the adjusted play starts just
before it, with that alternative the only card allowed (Laws 16B3, 12C1), and is weighed
and compared like a Law 64C line (:mod:`equity.core.adjust.ruling`). Decisions with a
single legal card, cards of one value, or the same choice with and without the
information are not infractions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

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
from equity.core.law.unauthorised import alternatives, settled
from equity.core.player import DecisionModel, Holding, Start, classes


@dataclass(frozen=True, slots=True)
class Suggestion:
    """Law 16B1 at one decision of the player with the information."""

    trick: int
    seat: Seat
    played: Card
    """The card he played (the record's)."""
    suggested: Card
    """The card the decision model chooses knowing the facts."""
    alternatives: tuple[Card, ...]
    """His logical alternatives: the cards the model might choose without them."""
    without: Card
    """Among them, the one worst for his side (doubt against the offenders)."""
    chances: tuple[float, float]
    """The chance of the suggested card without and with the information."""
    values: dict[Card, int]
    """Declarer's tricks from here, double dummy, after each legal card."""
    start: Start
    """Where the adjusted play starts: just before his card, ``without`` the only card
    allowed."""
    before: int
    """Declarer's tricks before this trick."""


@dataclass(frozen=True, slots=True)
class InfoFinding:
    """Law 16B on one group of unauthorised information."""

    info: Information
    checked: int
    """How many of his decisions (two or more cards of different value) were judged."""
    infraction: Suggestion | None
    """The first decision where he chose the suggested card over a logical alternative
    worse for his side (16B1); None when there was none."""


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
    for trick in replay.tricks[info.trick - 1:]:
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
                model, dataclasses.replace(knowing, holds=holdings(believed, replay, pos)),
                dataclasses.replace(knowing, holds=holdings([*kept, *info.facts], replay,
                                                            pos)))
            might, without = alternatives(blind, values, sign, share)
            suggested = told.card
            chances = (blind.chance(suggested), told.chance(suggested))
            # he played the suggested card in effect (one of the same value double
            # dummy), the information made it more likely, and an alternative was worse
            if values[play.card] != values[suggested] or chances[1] <= chances[0] \
                    or sign * values[play.card] <= sign * values[without]:
                continue
            speakers = {blind.speaker(c): None for c in might}
            start = dataclasses.replace(here, allowed=without.bit)
            return InfoFinding(info, checked, Suggestion(
                trick.number, info.seat, play.card, suggested, tuple(speakers), without,
                chances, values, start, here.won[side]))
    return InfoFinding(info, checked, None)
