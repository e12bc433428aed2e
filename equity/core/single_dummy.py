"""A single-dummy player: Monte-Carlo double dummy, as bridge engines do it.

At a decision, the player cannot see every card. :func:`choose` samples layouts of the
cards he cannot see that agree with what he knows (:mod:`equity.core.knowledge`: his
hand, dummy, the cards played, the suits shown out of), asks the value of every legal
card in each layout (one :class:`~equity.core.questions.CardValues` per layout, all in
one yield: DDS ``solutions=3``, one batch for the decision), and plays the card with the
best mean for his side. Cards of the same mean tie; on lead a sure winner goes first
(a card no unseen card can beat and none can ruff: double dummy cannot tell cashing a
winner from taking a finesse, since it will guess the finesse right later — the
"strategy fusion" of Monte-Carlo players — while a player keeps his options by cashing
first); otherwise ties go to the lowest card, as players follow with their lowest of
equals.

It knows no law: which world's knowledge to use, and what the choice means for a ruling,
is the caller's business. Reproducible: each decision draws its layouts from a
``random.Random`` the caller seeds. :mod:`equity.dd.single_dummy` answers its questions
with DDS.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from equity.core.cards import Card, CardSet, cards
from equity.core.knowledge import Knowledge, LayoutError, sample_layouts
from equity.core.questions import Plan, many_card_values, values_of

DEFAULT_SAMPLES = 16
"""Layouts per decision unless the caller says otherwise (``--samples``)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A single-dummy decision: the card chosen and why."""

    card: Card
    means: tuple[tuple[Card, float], ...]
    """Each legal card's mean tricks for the chooser's side over the samples, best first."""
    samples: int
    """How many layouts were solved (0: the choice was forced)."""

    def mean(self, card: Card) -> float:
        """``card``'s mean over the samples."""
        return dict(self.means)[card]

    @property
    def best(self) -> float:
        return self.means[0][1]


def lowest(candidates: Sequence[Card]) -> Card:
    """The lowest card (by rank, then spades before hearts before diamonds before clubs)."""
    return min(candidates, key=lambda c: (c.rank, c.suit))


def choose(knowledge: Knowledge, rng: random.Random, samples: int = DEFAULT_SAMPLES,
           allowed: CardSet | None = None) -> Plan[Decision]:
    """The card the player to play chooses single dummy (see the module docstring), among
    ``allowed`` (default: his legal cards). A single card needs no thought; otherwise
    ``samples`` layouts in one yield.

    Where no layout can be sampled — a standing revoke on the trick (DDS cannot take
    the trick) or beliefs the cards contradict — the choice is made double dummy on the
    real cards (``samples`` 0 in the decision says so). Layouts that would make a card
    already on the trick a revoke are left out.
    """
    pos = knowledge.position
    legal = list(cards(pos.legal() if allowed is None else allowed & pos.legal() or allowed))
    if len(legal) == 1:
        return Decision(legal[0], ((legal[0], 0.0),), 0)
    side = pos.to_play.side
    try:
        layouts = [] if pos.revoke_on_trick else sample_layouts(knowledge, rng, samples)
    except LayoutError:
        layouts = []
    # a layout that puts the suit led back in the hand of a player who showed out on
    # this trick (a false void the count gave away) is no position to solve
    layouts = [p for p in layouts if not p.revoke_on_trick]
    if not layouts:
        exact = yield from values_of(pos, sum(c.bit for c in legal), side)
        decision = decide(legal, [exact])
        return Decision(decision.card, decision.means, 0)
    values = yield from many_card_values(layouts, side)
    return decide(legal, values, sure_winners(knowledge, legal))


def sure_winners(knowledge: Knowledge, legal: Sequence[Card]) -> CardSet:
    """The leads among ``legal`` that win the trick whatever the layout: no card the
    viewer cannot see beats them, and nobody can ruff (no trumps, or a trump lead)."""
    pos = knowledge.position
    if pos.trick:
        return 0
    trump = pos.strain.trump
    unseen = list(cards(knowledge.unseen))
    return sum(c.bit for c in legal
               if (trump is None or c.suit == trump)
               and not any(u.suit == c.suit and u.rank > c.rank for u in unseen))


def decide(legal: Sequence[Card], values: Sequence[dict[Card, int]], prefer: CardSet = 0
           ) -> Decision:
    """The card of ``legal`` with the best mean over ``values`` (one dict per layout);
    on a tie, the lowest of the tied cards in ``prefer`` if any, else the lowest."""
    means = {c: sum(v[c] for v in values) / len(values) for c in legal}
    best = max(means.values())
    tied = [c for c, m in means.items() if m >= best - 1e-9]
    card = lowest([c for c in tied if prefer & c.bit] or tied)
    ranked = tuple(sorted(means.items(), key=lambda cm: (-cm[1], cm[0].rank, cm[0].suit)))
    return Decision(card, ranked, len(values))
