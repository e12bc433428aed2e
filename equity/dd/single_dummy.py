"""The decision model of :mod:`equity.core.player.decision`, its layouts valued by a solver: DDS
(:class:`equity.dd.DdsSolver`) or, in tests, a brute-force oracle. For use outside a
ruling (a ruling's plans reach DDS through their caller, like every other question)."""

from __future__ import annotations

from collections.abc import Sequence

from equity.core.game import BatchSolver, CardSet, Solver, solved, together
from equity.core.player import Decision, DecisionModel, Knowledge


def decide(knowledge: Knowledge, valuer: Solver | BatchSolver,
           model: DecisionModel | None = None, allowed: CardSet | None = None) -> Decision:
    """The decision of the player to play in ``knowledge`` (a fresh model unless one is
    given: a model remembers its decisions)."""
    return solved((model or DecisionModel()).decide(knowledge, allowed), valuer)


def decide_many(knowledges: Sequence[Knowledge], valuer: Solver | BatchSolver,
                model: DecisionModel | None = None) -> list[Decision]:
    """:func:`decide` for several decisions at once: their layouts go to the solver
    together."""
    m = model or DecisionModel()
    return solved(together(*[m.decide(k) for k in knowledges]), valuer)


__all__ = ["decide", "decide_many"]
