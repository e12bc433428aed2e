"""Double-dummy solving: the only package that imports endplay (and so DDS).

:mod:`equity.dd.binding` loads DDS's ctypes binding; :mod:`equity.dd.checks` says what
DDS may be given; :mod:`equity.dd.session` is the one road to DDS (a process's session,
its batches); :mod:`equity.dd.solve` asks the two Law 64C questions over that road.
"""

from __future__ import annotations

from collections.abc import Sequence

from equity.core.game import Card, Position, Side
from equity.dd import solve
from equity.dd.session import DdsSession, session


class DdsSolver:
    """The :class:`~equity.core.game.questions.Solver` the pipeline uses, and the single-dummy
    player's card valuer: DDS through :mod:`equity.dd.solve` and the session."""

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]:
        return solve.solve_cards(position, side)

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]:
        return solve.solve_positions(positions, side)

    def card_values(self, positions: Sequence[Position], side: Side
                    ) -> list[dict[Card, int]]:
        """Every legal card's value for ``side`` in each position, in one batch (the
        layouts of a single-dummy decision)."""
        return [a.cards(side) for a in session().solve(positions, True)]


__all__ = ["DdsSession", "DdsSolver", "session"]
