"""A single-dummy player: Monte-Carlo double dummy, as bridge engines do it.

At a decision, the player cannot see every card. :func:`choose` samples layouts of the
cards he cannot see that agree with what he knows (:mod:`equity.core.knowledge`: his hand,
dummy, the cards played, the suits shown out of), solves each layout double dummy with
every legal card valued (DDS ``solutions=3``; one batch for all the samples of the
decision), and plays the card with the best mean for his side. Cards that score alike in
every layout (equals) tie; ties go to the lowest card, as players follow with their
lowest of equals.

It knows no law: which world's knowledge to use, and what the choice means for a ruling,
is the caller's business. Reproducible: the caller passes a seeded ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from equity.core.cards import Card, Side, cards
from equity.core.knowledge import Knowledge, sample_layouts
from equity.core.position import Position

DEFAULT_SAMPLES = 24
"""Layouts per decision unless the caller says otherwise (``--samples``)."""


class CardValuer(Protocol):
    """Double-dummy values of every legal card, for many positions at once."""

    def card_values(self, positions: Sequence[Position], side: Side
                    ) -> list[dict[Card, int]]: ...


@dataclass(frozen=True, slots=True)
class Choice:
    """A single-dummy decision: the card chosen and why."""

    card: Card
    means: tuple[tuple[Card, float], ...]
    """Each legal card's mean tricks for the chooser's side over the samples, best first."""
    samples: int
    """How many layouts were solved (0: the choice was forced)."""


def lowest(candidates: Sequence[Card]) -> Card:
    """The lowest card (by rank, then spades before hearts before diamonds before clubs)."""
    return min(candidates, key=lambda c: (c.rank, c.suit))


def choose(knowledge: Knowledge, valuer: CardValuer, rng: random.Random,
           samples: int = DEFAULT_SAMPLES) -> Choice:
    """The card the player to play chooses single dummy (see the module docstring).

    A single legal card needs no thought; otherwise ``samples`` layouts are solved in
    one batch.
    """
    pos = knowledge.position
    legal = list(cards(pos.legal()))
    if len(legal) == 1:
        return Choice(legal[0], ((legal[0], 0.0),), 0)
    side = pos.to_play.side
    layouts = sample_layouts(knowledge, rng, samples)
    totals = dict.fromkeys(legal, 0.0)
    for values in valuer.card_values(layouts, side):
        for c in legal:
            totals[c] += values[c]
    means = {c: v / len(layouts) for c, v in totals.items()}
    best = max(means.values())
    card = lowest([c for c, m in means.items() if m >= best - 1e-9])
    ranked = tuple(sorted(means.items(), key=lambda cm: (-cm[1], cm[0].rank, cm[0].suit)))
    return Choice(card, ranked, len(layouts))
