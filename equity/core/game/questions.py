"""The double-dummy questions a ruling asks, and plans that ask them.

Law 64C's lines are built by generators (:data:`Plan`) that yield lists of questions and
are resumed with the answers, in order (``.send``). So the caller decides how questions
are answered: :func:`answer` answers a list at once through a :class:`Solver` (the real
one is :class:`equity.dd.DdsSolver`; tests use fakes), ``equity batch`` collects the
questions of many boards and sends them to DDS together. Three questions exist:

* :class:`CardValues` — the value of every legal card of the player to play;
* :class:`BestCards` — which of them reach the best value, with it (cheaper for DDS:
  its ``solutions=2``; never taken for :class:`CardValues`' answer);
* :class:`Tricks` — the tricks a side wins from each of several positions on.

Every sampled single-dummy decision (:mod:`equity.core.player.decision`) is a list of
:class:`CardValues`, one per sampled layout, asked in one yield: one DDS batch.

A question is always about free play (:attr:`Position.free
<equity.core.game.position.Position.free>`): the solver knows no penalty card nor lead rule
(Law 50; :mod:`equity.core.player.penalty_choice` says what that approximates). The plans filter
the answers to the cards the requirements leave legal.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from msgspec import Struct

from equity.core.game.cards import Card, CardSet, Side, cards
from equity.core.game.errors import EquityError
from equity.core.game.position import Position


class CardValues(Struct, frozen=True):
    """What is every legal card of the player to play at ``position`` worth to ``side``
    (tricks from the position on, current trick included)? Answered by a dict."""

    position: Position
    side: Side


class BestCards(Struct, frozen=True):
    """Which legal cards of the player to play at ``position`` reach the best value,
    each with its worth to ``side``? Answered by a dict of those cards alone (a
    decision that needs only which cards are right in a layout, not the others' values)."""

    position: Position
    side: Side


def best_only(values: dict[Card, int], position: Position, side: Side) -> dict[Card, int]:
    """The cards of ``values`` (every legal card's worth to ``side``) that are best for
    the player to play at ``position``: :class:`BestCards`' answer from every card's."""
    mine = position.to_play.side == side
    top = max(values.values()) if mine else min(values.values())
    return {c: v for c, v in values.items() if v == top}


class Tricks(Struct, frozen=True):
    """How many tricks does ``side`` win from each of ``positions`` on (current trick
    included), best play by both sides? Answered by a list, in order."""

    positions: tuple[Position, ...]
    side: Side


Question = CardValues | BestCards | Tricks
Reply = dict[Card, int] | list[int]
T = TypeVar("T")
Plan = Generator[list[Question], list[Reply], T]
"""A computation that yields lists of questions, is sent their replies, returns a ``T``."""


class Work(Struct):
    """What a ruling cost: deals handed to the double-dummy solver (each position once),
    single-dummy decisions estimated (forced and free ones cost nothing and are not
    counted), layouts solved for them, and seconds (inside DDS, and in all)."""

    positions: int = 0
    decisions: int = 0
    layouts: int = 0
    dds_seconds: float = 0.0
    seconds: float = 0.0
    limit: int = 0
    """The most positions the ruling may hand to DDS (0: no limit); past it the ruling
    stops with :class:`TooMuchWork`."""
    loosened: int = 0
    """Decisions whose layouts drew a hidden hand outside the auction's calls, kept with
    the fitted share (:func:`~equity.core.player.knowledge.draw_layouts`; the name is
    the JSON's: the limits themselves are never loosened)."""

    FIGURES = ("positions", "decisions", "layouts", "dds_seconds", "seconds", "loosened")
    """The figures (JSON ``stats``), in order; ``limit`` is a bound, not a figure."""

    def add(self, other: Work) -> None:
        """Add ``other``'s figures to these (a batch's totals)."""
        for name in self.FIGURES:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_dict(self) -> dict[str, int | float]:
        """The figures as JSON ``stats`` (seconds to the millisecond)."""
        return {name: round(v, 3) if isinstance(v, float) else v
                for name in self.FIGURES for v in [getattr(self, name)]}


class TooMuchWork(EquityError):
    """A ruling needed more double-dummy positions than it was allowed."""


def positions_in(question: Question) -> int:
    """How many deals a question hands to the solver."""
    return len(question.positions) if isinstance(question, Tricks) else 1


def _as_counted(question: Question) -> Question:
    """The question ``question`` counts as in a ruling's work: every card's values for a
    position's best cards."""
    if isinstance(question, BestCards):
        return CardValues(question.position, question.side)
    return question


def once_each(plan: Plan[T], work: Work) -> Plan[T]:
    """``plan`` with every question asked once: a question asked again is answered from
    the earlier reply, and the deals really asked are counted in ``work.positions`` (a
    position's best cards and its every card's values count as one question, the one
    they were before :class:`BestCards` existed: the limit moves no ruling)."""
    seen: dict[Question, Reply] = {}
    counted: set[Question] = set()
    try:
        asked = next(plan)
        while True:
            new = [q for q in dict.fromkeys(asked) if q not in seen]
            if new:
                fresh = {_as_counted(q) for q in new} - counted
                counted |= fresh
                work.positions += sum(positions_in(q) for q in fresh)
                if work.limit and work.positions > work.limit:
                    plan.close()
                    raise TooMuchWork(f"the ruling needs more than {work.limit} double-dummy "
                                      "positions, the most it may ask")
                replies = yield new
                seen.update(zip(new, replies, strict=True))
            asked = plan.send([seen[q] for q in asked])
    except StopIteration as done:
        result: T = done.value
        return result


@runtime_checkable
class Solver(Protocol):
    """The two double-dummy questions; :class:`equity.dd.DdsSolver` answers them with
    DDS, tests with fakes or a brute-force oracle."""

    def solve_cards(self, position: Position, side: Side) -> dict[Card, int]: ...

    def solve_positions(self, positions: Sequence[Position], side: Side) -> list[int]: ...


@runtime_checkable
class BatchSolver(Protocol):
    """A solver that values every card of many positions in one call (DDS's batch)."""

    def card_values(self, positions: Sequence[Position], side: Side
                    ) -> list[dict[Card, int]]: ...


@runtime_checkable
class RoundSolver(Protocol):
    """A solver that answers a whole round of questions (one yield of a plan) at once:
    :class:`equity.dd.DdsSolver`, in one DDS batch call for every question of the round,
    each position solved once."""

    def reply_all(self, questions: Sequence[Question]) -> list[Reply]: ...


def answer(dd: Solver | BatchSolver | RoundSolver, questions: Sequence[Question]
           ) -> list[Reply]:
    """``questions`` answered through ``dd``: all at once when the solver takes a round;
    else the :class:`CardValues` and :class:`BestCards` of one side in one call when it
    takes batches (the layouts of a single-dummy decision), and one call per other
    question."""
    if isinstance(dd, RoundSolver):
        return dd.reply_all(questions)
    out: list[Reply | None] = [None] * len(questions)
    if isinstance(dd, BatchSolver):
        by_side: dict[Side, list[tuple[int, Position]]] = {}
        for i, q in enumerate(questions):
            if isinstance(q, CardValues | BestCards):
                by_side.setdefault(q.side, []).append((i, q.position))
        for side, asked in by_side.items():
            got = dd.card_values([p for _, p in asked], side)
            for (i, p), values in zip(asked, got, strict=True):
                out[i] = (best_only(values, p, side) if isinstance(questions[i], BestCards)
                          else values)
    for i, q in enumerate(questions):
        if out[i] is None:
            assert isinstance(dd, Solver), "a card valuer alone answers only card questions"
            if isinstance(q, Tricks):
                out[i] = dd.solve_positions(q.positions, q.side)
            else:
                values = dd.solve_cards(q.position, q.side)
                out[i] = (values if isinstance(q, CardValues)
                          else best_only(values, q.position, q.side))
    return [r for r in out if r is not None]


def drive(plan: Plan[T], reply: Callable[[list[Question]], list[Reply]]) -> T:
    """Drive ``plan`` to its end, answering every list of questions with ``reply``."""
    try:
        questions = next(plan)
        while True:
            questions = plan.send(reply(questions))
    except StopIteration as done:
        result: T = done.value
        return result


def solved(plan: Plan[T], dd: Solver | BatchSolver | RoundSolver,
           work: Work | None = None) -> T:
    """``plan``'s result, every question answered at once by ``dd`` (the time spent
    answering added to ``work.dds_seconds``)."""
    if work is None:
        return drive(plan, lambda questions: answer(dd, questions))

    def timed(questions: list[Question]) -> list[Reply]:
        t = time.perf_counter()
        try:
            return answer(dd, questions)
        finally:
            work.dds_seconds += time.perf_counter() - t

    return drive(plan, timed)


def together(*plans: Plan[T]) -> Plan[list[T]]:
    """Independent plans run side by side: each yield asks every unfinished plan's
    pending questions at once (so they reach the solver in one batch); the results in
    the plans' order."""
    results: dict[int, T] = {}
    pending: list[tuple[int, Plan[T], list[Question]]] = []
    for k, p in enumerate(plans):
        try:
            pending.append((k, p, next(p)))
        except StopIteration as done:
            results[k] = done.value
    while pending:
        replies = yield [q for _, _, asked in pending for q in asked]
        still, at = [], 0
        for k, p, asked in pending:
            part, at = replies[at : at + len(asked)], at + len(asked)
            try:
                still.append((k, p, p.send(part)))
            except StopIteration as done:
                results[k] = done.value
        pending = still
    return [results[k] for k in range(len(plans))]


def card_values(position: Position, side: Side) -> Plan[dict[Card, int]]:
    """Ask :class:`CardValues` for one position."""
    (reply,) = yield [CardValues(position.free, side)]
    assert isinstance(reply, dict)
    return reply


def many_card_values(positions: Sequence[Position], side: Side
                     ) -> Plan[list[dict[Card, int]]]:
    """Ask :class:`CardValues` for several positions in one yield (one batch)."""
    return (yield from _each(CardValues, positions, side))


def many_best_cards(positions: Sequence[Position], side: Side
                    ) -> Plan[list[dict[Card, int]]]:
    """Ask :class:`BestCards` for several positions in one yield (one batch)."""
    return (yield from _each(BestCards, positions, side))


def _each(kind: type[CardValues] | type[BestCards], positions: Sequence[Position],
          side: Side) -> Plan[list[dict[Card, int]]]:
    """Ask ``kind`` for each of ``positions`` (free play) in one yield."""
    if not positions:
        return []
    replies = yield [kind(p.free, side) for p in positions]
    out = [r for r in replies if isinstance(r, dict)]
    assert len(out) == len(positions)
    return out


def tricks(positions: Sequence[Position], side: Side) -> Plan[list[int]]:
    """Ask :class:`Tricks` for ``positions``."""
    (reply,) = yield [Tricks(tuple(p.free for p in positions), side)]
    assert isinstance(reply, list)
    return reply


def tricks_through(pos: Position, side: Side) -> Plan[int]:
    """Tricks ``side`` wins from ``pos`` on (current trick included), best play by both
    sides, finishing by hand a trick that holds an earlier standing revoke (minimax over
    the remaining legal cards: DDS cannot take such a trick) before asking about
    complete-trick positions."""
    if not pos.revoke_on_trick:
        if pos.tricks_left == 0 and not pos.trick:
            return 0
        (value,) = yield from tricks([pos], side)
        return value
    values = yield from together(*[value_after(pos, c, side) for c in cards(pos.legal())])
    return max(values) if pos.to_play.side == side else min(values)


def value_after(pos: Position, card: Card, side: Side) -> Plan[int]:
    """Tricks ``side`` wins from ``pos`` on if ``card`` is played now, best play after."""
    nxt = pos.play(card)
    won = 1 if len(pos.trick) == 3 and nxt.leader.side == side else 0
    return won + (yield from tricks_through(nxt, side))


def values_of(pos: Position, allowed: CardSet, side: Side) -> Plan[dict[Card, int]]:
    """The value for ``side`` of each card of ``allowed`` played now: one
    :class:`CardValues` question, or card by card when a standing revoke is on the
    trick."""
    if not pos.revoke_on_trick:
        values = yield from card_values(pos, side)
        return {c: v for c, v in values.items() if allowed & c.bit}
    choices = list(cards(allowed))
    found = yield from together(*[value_after(pos, c, side) for c in choices])
    return dict(zip(choices, found, strict=True))
