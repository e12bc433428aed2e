"""The single-dummy player of :mod:`equity.core.single_dummy`, its layouts valued by a
solver: DDS (:class:`equity.dd.DdsSolver`, one ``solutions=3`` batch per decision) or, in
tests, a brute-force oracle. For use outside a ruling (a ruling's plans reach DDS through
their caller, like every other question)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from equity.core.knowledge import Knowledge
from equity.core.questions import BatchSolver, solved, together
from equity.core.single_dummy import DEFAULT_SAMPLES, Decision, lowest
from equity.core.single_dummy import choose as choose_plan


def choose(knowledge: Knowledge, valuer: BatchSolver, rng: random.Random,
           samples: int = DEFAULT_SAMPLES) -> Decision:
    """The card the player to play in ``knowledge`` chooses single dummy."""
    return solved(choose_plan(knowledge, rng, samples), valuer)


def choose_many(knowledges: Sequence[Knowledge], valuer: BatchSolver,
                rngs: Sequence[random.Random], samples: int = DEFAULT_SAMPLES
                ) -> list[Decision]:
    """:func:`choose` for several decisions at once: the layouts of all of them go to the
    solver together (one batch per side to play). ``rngs[i]`` draws decision ``i``'s."""
    plans = [choose_plan(k, r, samples) for k, r in zip(knowledges, rngs, strict=True)]
    return solved(together(*plans), valuer)


__all__ = ["DEFAULT_SAMPLES", "Decision", "choose", "choose_many", "lowest"]
