"""Double-dummy solving: the only package that imports endplay (and so DDS).

:mod:`equity.dd.binding` loads DDS's ctypes binding; :mod:`equity.dd.checks` says what
DDS may be given; :mod:`equity.dd.session` is the one road to DDS (a process's session,
its batches); :mod:`equity.dd.solve` asks the two Law 64C questions over that road.
"""

from __future__ import annotations

from collections.abc import Sequence

from equity.core.game import Card, Position, Question, Reply, Side
from equity.dd import solve
from equity.dd.session import Answer, DdsSession, session


class DdsSolver:
    """The :class:`~equity.core.game.questions.Solver` the pipeline uses, and the single-dummy
    player's card valuer: DDS through :mod:`equity.dd.solve` and the session.

    A ruling's rounds of questions come through :meth:`reply_all`: a round is one DDS
    batch call, and what DDS answered is kept for the solver's life (one ruling), so no
    position is solved twice, whichever question or plan (the claim's, the lines') asks
    it again, and a position asked for its best card after its every card was valued is
    answered from that.
    """

    def __init__(self) -> None:
        self.known: dict[Position, Answer] = {}
        """DDS's answers so far, by position (free play)."""
        self.solved = 0
        """Positions handed to DDS through :meth:`reply_all` (each once)."""
        self.calls = 0
        """DDS batch calls :meth:`reply_all` made."""

    def reply_all(self, questions: Sequence[Question]) -> list[Reply]:
        """Every question's reply, the positions DDS has not answered yet solved in one
        call (cut only at DDS's batch limit), in the order first asked: DDS reuses a
        thread's transposition table when similar deals come in a row. Checked first,
        question by question, in the words :func:`solve.solve_cards` and
        :func:`solve.solve_positions` use."""
        wanted: dict[Position, int] = {}
        for q in questions:
            solve.check_question(q)
            for p, level in solve.requests(q):
                known = self.known.get(p)
                if known is not None and known.level >= level:
                    continue
                wanted[p] = max(wanted.get(p, level), level)
        if wanted:
            got = session().solve(list(wanted), list(wanted.values()), check=False)
            self.solved += len(got)
            self.calls += 1
            self.known.update((a.position, a) for a in got
                              if a.position not in self.known
                              or self.known[a.position].level < a.level)
        out = [solve.reply(q, self.known) for q in questions]
        assert all(r is not None for r in out)  # every position it needs was just solved
        return [r for r in out if r is not None]

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
