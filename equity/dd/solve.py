"""Double-dummy answers in the package's own vocabulary: the two questions Law 64C asks.

Callers ask with a :class:`Position` and a :class:`~equity.core.game.cards.Side` and get plain
trick counts back, always for the side they name (DDS scores for the side to move; the
conversion is :func:`equity.dd.session.for_side`). Both questions are thin wrappers over
the one road, :meth:`equity.dd.session.DdsSession.solve`: :func:`solve_positions` is a
batch, :func:`solve_cards` a batch of one with every card asked for.

Importing this module does not load DDS (nor endplay): that happens on the first solve.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from equity.core.game import BestCards, Card, CardValues, Position, Question, Reply, Side
from equity.dd.checks import validate, validate_all
from equity.dd.session import BEST, BEST_CARDS, EVERY, Answer, session

__all__ = [
    "check_question",
    "dds_threads",
    "dds_version",
    "reply",
    "requests",
    "set_threads",
    "solve_cards",
    "solve_position",
    "solve_positions",
]


def solve_positions(positions: Sequence[Position], side: Side) -> list[int]:
    """Tricks ``side`` wins from each position on (current trick included), double dummy,
    best play by both sides. Every position is checked before any is solved; a bad one
    raises :class:`~equity.dd.checks.SolveError` naming its index (``"position 3: ..."``)."""
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


# --- The questions of :mod:`equity.core.adjust.candidates`, answered in bulk ---------------


def check_question(question: Question) -> None:
    """Check a question's positions as :func:`solve_cards` (no index in the message) or
    :func:`solve_positions` (the index of the bad position) would, so that a board solved
    in bulk fails with the words a board solved alone fails with."""
    if isinstance(question, CardValues | BestCards):
        validate(question.position)
    else:
        validate_all(question.positions)


def requests(question: Question) -> list[tuple[Position, int]]:
    """What DDS must solve to answer ``question``: (position, level) pairs (the level
    :data:`~.session.EVERY`, :data:`~.session.BEST_CARDS` or :data:`~.session.BEST`)."""
    if isinstance(question, CardValues):
        return [(question.position, EVERY)]
    if isinstance(question, BestCards):
        return [(question.position, BEST_CARDS)]
    return [(p, BEST) for p in question.positions]


def reply(question: Question, answers: Mapping[Position, Answer]) -> Reply | None:
    """``question``'s reply from DDS's ``answers``, for the side it names; None while an
    answer it needs is missing (a best-card answer cannot value every card, nor a
    best-cards answer)."""
    if isinstance(question, CardValues):
        a = answers.get(question.position)
        return None if a is None or a.card_scores is None else a.cards(question.side)
    if isinstance(question, BestCards):
        a = answers.get(question.position)
        return None if a is None or a.level < BEST_CARDS else a.best_of(question.side)
    out = []
    for p in question.positions:
        a = answers.get(p)
        if a is None:
            return None
        out.append(a.tricks(question.side))
    return out


def set_threads(n: int) -> None:
    """:meth:`~.session.DdsSession.set_threads` of this process's session."""
    session().set_threads(n)


def dds_version() -> str:
    """The DDS library's version, e.g. ``"2.9.0"``."""
    info = session().info()
    return f"{info.major}.{info.minor}.{info.patch}"


def dds_threads() -> int:
    """How many threads DDS is currently set up to use (from DDS's ``GetDDSInfo``)."""
    return int(session().info().noOfThreads)
