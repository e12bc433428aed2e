"""Double-dummy answers in the package's own vocabulary: the two questions Law 64C asks.

Callers ask with a :class:`Position` and a :class:`~equity.core.cards.Side` and get plain
trick counts back, always for the side they name (DDS scores for the side to move; the
conversion is :func:`equity.dd.session.for_side`). Both questions are thin wrappers over
the one road, :meth:`equity.dd.session.DdsSession.solve`: :func:`solve_positions` is a
batch, :func:`solve_cards` a batch of one with every card asked for.

Importing this module does not load DDS (nor endplay): that happens on the first solve.
"""

from __future__ import annotations

from collections.abc import Sequence

from equity.core.cards import Card, Side
from equity.core.position import Position
from equity.dd.binding import MAX_BOARDS
from equity.dd.checks import SolveError, validate, validate_all
from equity.dd.session import Answer, DdsSession, session

__all__ = [
    "MAX_BOARDS",
    "Answer",
    "DdsSession",
    "Position",
    "SolveError",
    "dds_threads",
    "dds_version",
    "session",
    "set_threads",
    "solve_cards",
    "solve_position",
    "solve_positions",
    "validate",
    "validate_all",
]


def solve_positions(positions: Sequence[Position], side: Side) -> list[int]:
    """Tricks ``side`` wins from each position on (current trick included), double dummy,
    best play by both sides. Every position is checked before any is solved; a bad one
    raises :class:`SolveError` naming its index (``"position 3: ..."``)."""
    side = Side(side)
    return [a.tricks(side) for a in session().solve(positions)]


def solve_position(position: Position, side: Side) -> int:
    """Tricks ``side`` wins from one position on; :func:`solve_positions` for one."""
    return solve_positions([position], side)[0]


def solve_cards(position: Position, side: Side) -> dict[Card, int]:
    """The value for ``side`` of every legal card the player to play could play now:
    tricks ``side`` wins from the position on (current trick included) if that card is
    played and both sides play best afterwards (DDS's ``solutions=3``)."""
    side = Side(side)
    validate(position)  # one position: the message names no index
    return session().solve([position], True, check=False)[0].cards(side)


def set_threads(n: int) -> None:
    """:meth:`DdsSession.set_threads` of this process's session."""
    session().set_threads(n)


def dds_version() -> str:
    """The DDS library's version, e.g. ``"2.9.0"``."""
    info = session().info()
    return f"{info.major}.{info.minor}.{info.patch}"


def dds_threads() -> int:
    """How many threads DDS is currently set up to use (from DDS's ``GetDDSInfo``)."""
    return int(session().info().noOfThreads)
