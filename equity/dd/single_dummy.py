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
    return choose_many([knowledge], valuer, [rng], samples)[0]


def choose_many(knowledges: Sequence[Knowledge], valuer: CardValuer,
                rngs: Sequence[random.Random], samples: int = DEFAULT_SAMPLES
                ) -> list[Choice]:
    """:func:`choose` for several decisions at once (independent playouts advancing in
    step): the layouts of every decision that needs thought go to the solver together,
    one batch per side to play. ``rngs[i]`` draws decision ``i``'s layouts."""
    out: list[Choice | None] = [None] * len(knowledges)
    asks: dict[Side, list[tuple[int, list[Position]]]] = {}
    for i, (k, rng) in enumerate(zip(knowledges, rngs, strict=True)):
        legal = list(cards(k.position.legal()))
        if len(legal) == 1:
            out[i] = Choice(legal[0], ((legal[0], 0.0),), 0)
            continue
        asks.setdefault(k.position.to_play.side, []).append(
            (i, sample_layouts(k, rng, samples)))
    for side, group in asks.items():
        values = valuer.card_values([p for _, layouts in group for p in layouts], side)
        at = 0
        for i, layouts in group:
            out[i] = _decide(knowledges[i], values[at:at + len(layouts)])
            at += len(layouts)
    return [c for c in out if c is not None]


def _decide(knowledge: Knowledge, values: Sequence[dict[Card, int]]) -> Choice:
    """The legal card with the best mean over ``values`` (one dict per layout)."""
    legal = list(cards(knowledge.position.legal()))
    means = {c: sum(v[c] for v in values) / len(values) for c in legal}
    best = max(means.values())
    card = lowest([c for c, m in means.items() if m >= best - 1e-9])
    ranked = tuple(sorted(means.items(), key=lambda cm: (-cm[1], cm[0].rank, cm[0].suit)))
    return Choice(card, ranked, len(values))


class SingleDummyDecider:
    """The :class:`~equity.core.playout.Decider` of the package: each decision by
    :func:`choose_many` with ``samples`` layouts, valued by ``valuer``."""

    def __init__(self, valuer: CardValuer, samples: int = DEFAULT_SAMPLES) -> None:
        self.valuer, self.samples = valuer, samples

    def __call__(self, knowledges: Sequence[Knowledge], rngs: Sequence[random.Random]
                 ) -> list[Card]:
        return [c.card for c in choose_many(knowledges, self.valuer, rngs, self.samples)]
