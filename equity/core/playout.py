"""Single-dummy playouts: the play continued by players who see only what they may see.

From a position, every player in turn chooses a card with what he knows
(:class:`~equity.core.knowledge.Knowledge`: his hand, dummy, the cards played, the suits
shown out of), through a :class:`Decider` — in the package, the Monte-Carlo double-dummy
player of :mod:`equity.dd.single_dummy`. Several independent playouts advance together,
one card at a time, so that the decisions of all of them can be solved in one batch;
each has its own random stream, so each is reproducible and they differ only by chance.
The distribution of their results is what Law 12C1(c) weighs as the *likely* outcomes.

This module knows the card play and nothing of the law: which world's knowledge a
playout starts from (the table's or the revoke corrected) is the caller's choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from equity.core.cards import Card, Seat, Side
from equity.core.knowledge import Knowledge, SuitMask
from equity.core.position import Position
from equity.core.replay import Play


class Decider(Protocol):
    """Chooses the card of the player to play in each of several knowledges; ``rngs[i]``
    is decision ``i``'s random stream."""

    def __call__(self, knowledges: Sequence[Knowledge], rngs: Sequence[random.Random]
                 ) -> list[Card]: ...


@dataclass(frozen=True, slots=True)
class Playout:
    """One playout: its cards in order and the tricks each side won in it (the current
    trick at the start included)."""

    plays: tuple[Play, ...]
    won: Mapping[Side, int]


@dataclass
class _Run:
    pos: Position
    voids: dict[Seat, SuitMask]
    trick_no: int
    plays: list[Play] = field(default_factory=list)
    won: dict[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})


def play_out(start: Position, trick: int, declarer: Seat, voids: Mapping[Seat, SuitMask],
             decide: Decider, rngs: Sequence[random.Random], dummy_faced: bool = True
             ) -> list[Playout]:
    """``len(rngs)`` playouts from ``start`` (trick number ``trick``) to the last card,
    every card chosen single dummy; ``voids`` are the suits each player has shown out of
    so far in the world the playouts start from. ``dummy_faced`` is False only when
    ``start`` is the opening lead itself."""
    runs = [_Run(start, dict(voids), trick) for _ in rngs]
    faced = dummy_faced
    while runs and runs[0].pos.tricks_left:
        knowledges = [Knowledge.at(r.pos, declarer, r.voids, faced) for r in runs]
        chosen = decide(knowledges, rngs)
        for r, card in zip(runs, chosen, strict=True):
            _play(r, card)
        faced = True
    return [Playout(tuple(r.plays), dict(r.won)) for r in runs]


def _play(r: _Run, card: Card) -> None:
    """Play ``card`` in ``r``: record it, learn a void from it, count a completed trick."""
    pos = r.pos
    led = pos.suit_led
    r.plays.append(Play(r.trick_no, pos.to_play, card, led))
    if led is not None and card.suit != led:
        r.voids[pos.to_play] = r.voids.get(pos.to_play, 0) | 1 << led
    completes = len(pos.trick) == 3
    r.pos = pos.play(card)
    if completes:
        r.won[r.pos.leader.side] += 1
        r.trick_no += 1
