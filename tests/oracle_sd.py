"""The brute-force double-dummy solver (tests/oracle_dd.py) as the solver of the decision
model and the outcome tree, for small endings: it answers both questions
(:class:`~equity.core.game.questions.CardValues` in batches,
:class:`~equity.core.game.questions.Tricks`)
and counts what it was asked. Also a driver that records the questions a plan yields."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from equity.core.game.cards import Card, Side
from equity.core.game.position import Position
from equity.core.game.questions import Plan, Question, Reply, answer, drive
from tests.oracle_dd import oracle_card_values, oracle_tricks

T = TypeVar("T")


class OracleValuer:
    """Card values and tricks from the brute-force solver; counts its calls (one per
    batch of card values) and the positions it valued."""

    def __init__(self) -> None:
        self.calls = 0
        self.positions = 0

    def card_values(self, positions: Sequence[Position], side: Side) -> list[dict[Card, int]]:
        self.calls += 1
        self.positions += len(positions)
        return [oracle_values(p, side) for p in positions]

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]:
        (values,) = self.card_values([position], side)
        return values

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]:
        self.calls += 1
        self.positions += len(positions)
        return [oracle_tricks(p.hands, p.strain, p.leader, p.trick, side) for p in positions]


def oracle_values(p: Position, side: Side) -> dict[Card, int]:
    """Every legal card's value for ``side`` at ``p``, by brute force."""
    return oracle_card_values(p.hands, p.strain, p.leader, p.trick, side)


def recorded(plan: Plan[T], valuer: OracleValuer | None = None
             ) -> tuple[T, list[list[Question]]]:
    """``plan``'s result and the lists of questions it yielded, in order, each answered
    by ``valuer`` (a fresh oracle by default)."""
    dd = valuer or OracleValuer()
    asked: list[list[Question]] = []

    def reply(questions: list[Question]) -> list[Reply]:
        asked.append(list(questions))
        return answer(dd, questions)

    return drive(plan, reply), asked
