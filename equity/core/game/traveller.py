"""A session's results for a board, as the scorer's file gives them (a traveller), and the
match points of a ruled table's line against the rest of it.

A weighted score (Law 12C1(c)) has no field in the files scorers exchange; what carries
it is its match points: each component is matchpointed against the other tables'
scores, then the components are weighted (Law 12C1(c): "each component is scored, then
weighted"), for each side on its own result (a non-reciprocal ruling gives the two sides
different results). The scale is the traveller's own: the top is read off its other lines
(N-S plus E-W match points of an ordinary line), else two per other table.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct

from equity.core.game.errors import EquityError
from equity.core.game.scoring import matchpoints


class TravellerError(EquityError):
    """A traveller that cannot serve the board ruled: the board or the pairs are not in
    it; the message names them."""


class TravellerLine(Struct, frozen=True):
    """One table's result on one board."""

    board: int
    ns_pair: str
    ew_pair: str
    score_ns: int | None
    """N-S points; None for an artificial score (or a board not played)."""
    artificial: tuple[float, float] | None = None
    """(N-S %, E-W %) of an artificial score, e.g. (60, 40) for ``A6040``."""
    ns_mp: float | None = None
    ew_mp: float | None = None
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None

    @property
    def pairs(self) -> tuple[str, str]:
        return self.ns_pair, self.ew_pair


class Traveller(Struct, frozen=True):
    """Every table's result of the boards a file holds."""

    lines: tuple[TravellerLine, ...]
    source: str = "<traveller>"

    def board(self, number: int) -> tuple[TravellerLine, ...]:
        """The board's lines; raises TravellerError when the board is not there."""
        found = tuple(ln for ln in self.lines if ln.board == number)
        if not found:
            boards = sorted({ln.board for ln in self.lines})
            held = (f"it holds boards {boards[0]}-{boards[-1]}" if boards
                    else "it holds no result")
            raise TravellerError(f"the traveller {self.source} has no board {number} ({held})")
        return found

    def line(self, number: int, pairs: tuple[str, str]) -> TravellerLine:
        """The ruled table's own line; raises TravellerError naming what is missing."""
        lines = self.board(number)
        for ln in lines:
            if ln.pairs == pairs:
                return ln
        played = ", ".join(f"{ln.ns_pair}-{ln.ew_pair}" for ln in lines)
        raise TravellerError(f"board {number} of the traveller {self.source} has no line for "
                             f"N-S {pairs[0]} v E-W {pairs[1]} (its lines: {played})")

    def field(self, number: int, pairs: tuple[str, str] | None = None) -> tuple[int, ...]:
        """The N-S scores the ruled table is compared with: the board's ordinary scores,
        the ruled table's own line (``pairs``) left out; artificial scores compare with
        nobody."""
        if pairs is not None:
            self.line(number, pairs)
        return tuple(ln.score_ns for ln in self.board(number)
                     if ln.score_ns is not None and ln.pairs != pairs)

    def top(self, number: int, pairs: tuple[str, str] | None = None) -> float:
        """The board's match point top on the traveller's scale: N-S plus E-W match points
        of another ordinary line, else two a comparison (2 per table beaten)."""
        for ln in self.board(number):
            if (ln.pairs != pairs and ln.ns_mp is not None and ln.ew_mp is not None
                    and ln.score_ns is not None):
                return ln.ns_mp + ln.ew_mp
        return 2.0 * len(self.field(number, pairs))


Weighted = Sequence[tuple[float, int]]
"""(weight, N-S score) components of one side's result."""


def weighted_matchpoints(ns: Weighted, ew: Weighted, field: Sequence[int],
                         top: float) -> tuple[float, float]:
    """(N-S, E-W) match points of a ruled table: each side's result, component by
    component, against ``field`` (2 a score beaten, 1 a tie), weighted, on a scale whose
    top is ``top``. With one component and the same result for both, an ordinary line."""
    comparisons = 2 * len(field)
    if comparisons == 0:
        return top / 2, top / 2  # alone on the board: the average
    scale = top / comparisons
    ns_mp = sum(w * matchpoints(s, field) for w, s in ns) * scale
    ew_mp = sum(w * (comparisons - matchpoints(s, field)) for w, s in ew) * scale
    return ns_mp, ew_mp


class ScorerEntry(Struct, frozen=True):
    """What goes back to the scorer for the ruled table: its line, each side's result
    as (weight, N-S score, result as the scorer writes it) and the match points."""

    board: int
    ns_pair: str
    ew_pair: str
    ns: tuple[tuple[float, int, str], ...]
    ew: tuple[tuple[float, int, str], ...]
    ns_mp: float
    ew_mp: float
    top: float

    @property
    def weighted(self) -> bool:
        return len(self.ns) > 1 or len(self.ew) > 1

    @property
    def split(self) -> bool:
        """Whether the two sides get different results (non-reciprocal)."""
        return self.ns != self.ew
