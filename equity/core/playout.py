"""Single-dummy playouts: the play continued by players who see only what they may see.

From a position, every player in turn chooses a card with what he knows
(:class:`~equity.core.knowledge.Knowledge`: his hand, dummy, the cards played, the suits
shown out of), by the single-dummy player (:func:`equity.core.single_dummy.choose`).
Several independent playouts advance together, one card at a time, so that the
decisions of all of them go to the solver in one batch; each has its own random stream,
so each is reproducible and they differ only by chance. The distribution of their
results is what Law 12C1(c) weighs as the *likely* outcomes.

This module knows the card play and nothing of the law: which world's knowledge a
playout starts from (the table's or the revoke corrected) is the caller's choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from equity.core.cards import Card, Seat, Side
from equity.core.knowledge import Knowledge, SuitMask
from equity.core.position import Position
from equity.core.questions import Plan, together
from equity.core.replay import Play
from equity.core.single_dummy import DEFAULT_SAMPLES, choose


@dataclass(frozen=True, slots=True)
class Playout:
    """One playout: its cards in order and the tricks each side won in it (the current
    trick at the start included)."""

    plays: tuple[Play, ...]
    won: Mapping[Side, int]


@dataclass
class Run:
    """A playout under way: its position, what has been shown out of, its cards."""

    pos: Position
    voids: dict[Seat, SuitMask]
    trick_no: int
    plays: list[Play] = field(default_factory=list)
    won: dict[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})

    def play(self, card: Card) -> None:
        """Play ``card``: record it, learn a void from it, count a completed trick."""
        pos = self.pos
        led = pos.suit_led
        self.plays.append(Play(self.trick_no, pos.to_play, card, led))
        if led is not None and card.suit != led:
            self.voids[pos.to_play] = self.voids.get(pos.to_play, 0) | 1 << led
        completes = len(pos.trick) == 3
        self.pos = pos.play(card)
        if completes:
            self.won[self.pos.leader.side] += 1
            self.trick_no += 1


def play_out(start: Position, trick: int, declarer: Seat, voids: Mapping[Seat, SuitMask],
             rngs: Sequence[random.Random], samples: int = DEFAULT_SAMPLES,
             dummy_faced: bool = True) -> Plan[list[Playout]]:
    """``len(rngs)`` playouts from ``start`` (trick number ``trick``) to the last card,
    every card chosen single dummy with ``samples`` layouts; ``voids`` are the suits each
    player has shown out of so far in the world the playouts start from. ``dummy_faced``
    is False only when ``start`` is the opening lead itself."""
    runs = [Run(start, dict(voids), trick) for _ in rngs]
    yield from finish(runs, declarer, rngs, samples, dummy_faced)
    return [Playout(tuple(r.plays), dict(r.won)) for r in runs]


def finish(runs: Sequence[Run], declarer: Seat, rngs: Sequence[random.Random],
           samples: int = DEFAULT_SAMPLES, dummy_faced: bool = True) -> Plan[None]:
    """Play every run of ``runs`` to its last card single dummy, the decisions of all of
    them asked together card by card (``rngs[i]`` draws run ``i``'s layouts)."""
    faced = dummy_faced
    live = [(r, g) for r, g in zip(runs, rngs, strict=True) if r.pos.tricks_left]
    while live:
        knowledges = [Knowledge.at(r.pos, declarer, r.voids, faced) for r, _ in live]
        chosen = yield from together(*[choose(k, g, samples)
                                       for k, (_, g) in zip(knowledges, live, strict=True)])
        for (r, _), d in zip(live, chosen, strict=True):
            r.play(d.card)
        faced = True
        live = [(r, g) for r, g in live if r.pos.tricks_left]
