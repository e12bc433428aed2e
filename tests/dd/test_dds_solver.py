"""The solver a ruling asks (equity.dd.DdsSolver): a round of questions is one DDS call,
no position is solved twice within a ruling, DDS's warm transposition table gives the
values a cold one gives, and a best-cards answer is every card's best and never taken for
every card's (issue 49)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import equity.dd.binding as binding
from equity.app.options import RulingOptions
from equity.app.pipeline import rule_board
from equity.core.game.cards import Side, cards
from equity.core.game.position import Position
from equity.core.game.questions import BestCards, CardValues, Tricks, answer, best_only
from equity.dd import DdsSolver, solve
from equity.dd.session import BEST, BEST_CARDS, EVERY, DdsSession, session
from equity.formats import read_boards
from tests.builders import (
    CASES,
    SEED001_DEAL,
    SEED001_PLAY,
    board,
    cold_dds_values,
    dds_values,
    random_ending,
)


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[list[tuple[Position, bool | int]]]:
    """Every call into the session: its (position, level) requests."""
    calls: list[list[tuple[Position, bool | int]]] = []
    real = DdsSession.solve

    def spied(self: DdsSession, positions: Sequence[Position],
              every: Sequence[bool | int] | bool = False, check: bool = True) -> Any:
        flags = [every] * len(positions) if isinstance(every, bool) else list(every)
        calls.append(list(zip(positions, flags, strict=True)))
        return real(self, positions, every, check)

    monkeypatch.setattr(DdsSession, "solve", spied)
    return calls


def _line(p: Position, rng: random.Random, cards_played: int) -> list[Position]:
    """``p`` and the positions after each of ``cards_played`` random legal cards."""
    out = [p]
    for _ in range(cards_played):
        p = p.play(rng.choice(list(cards(p.legal()))))
        if not p.hands[p.to_play]:
            break
        out.append(p)
    return out


@pytest.mark.parametrize("case", ["041_defender_claim", "003_wrong_claim_ending", None])
def test_a_ruling_hands_each_position_to_dds_once_a_round_in_one_call(
        monkeypatch: pytest.MonkeyPatch, case: str | None) -> None:
    calls = _spy(monkeypatch)
    if case is None:
        boards = [board(SEED001_DEAL, "3NT", "E", SEED001_PLAY)]
    else:
        boards = [b for b in read_boards(CASES / f"{case}.pbn") if not isinstance(b, Exception)]
    for b in boards:
        solver = DdsSolver()
        calls.clear()
        rule_board(b, RulingOptions(samples=8), solver=solver)  # type: ignore[arg-type]
        sent = [p for call in calls for p, _ in call]
        assert sent, "the ruling asked DDS nothing"
        assert len(sent) == len(set(sent)), "a position went to DDS twice in one ruling"
        assert len(calls) == solver.calls and len(sent) == solver.solved


def test_a_position_asked_for_its_best_card_and_every_card_is_solved_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spy(monkeypatch)
    rng = random.Random(7)
    p, q = random_ending(rng, 5), random_ending(rng, 4)
    solver = DdsSolver()
    asked = [Tricks((p, q), Side.NS), CardValues(p, Side.EW), Tricks((q,), Side.EW)]
    tricks_pq, values_p, (tricks_q,) = answer(solver, asked)
    assert calls == [[(p, EVERY), (q, BEST)]]
    assert isinstance(tricks_pq, list) and isinstance(values_p, dict)
    # the best card's value is the best of every card's, for the side to play
    best_ew = (max if p.to_play.side == Side.EW else min)(values_p.values())
    assert tricks_pq[0] == p.tricks_left - best_ew
    assert tricks_q == q.tricks_left - tricks_pq[1]
    # asked again (every card of p is known, q's best card is), nothing goes to DDS
    assert answer(solver, [Tricks((p,), Side.NS), CardValues(p, Side.NS),
                           Tricks((q,), Side.NS)]) == [[tricks_pq[0]],
                                                       {c: p.tricks_left - v
                                                        for c, v in values_p.items()},
                                                       [tricks_pq[1]]]
    assert len(calls) == 1 and solver.solved == 2
    # q's every card was never asked: now it is, and only it goes
    answer(solver, [CardValues(q, Side.NS)])
    assert calls[1] == [(q, EVERY)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 9))
def test_best_cards_are_the_cards_best_of_every_cards_values(seed: int, n: int) -> None:
    """Property: DDS's best cards (``solutions=2``) are, equals included, the cards
    whose value is best among every card's (``solutions=3``), for either side; a
    best-cards answer never answers a question for every card's values."""
    p = random_ending(random.Random(seed), n)
    lean, full = session().solve([p, p], [BEST_CARDS, EVERY])
    assert (lean.level, full.level, lean.best) == (BEST_CARDS, EVERY, full.best)
    for side in Side:
        assert lean.best_of(side) == best_only(full.cards(side), p, side) == full.best_of(side)
    assert solve.reply(CardValues(p, Side.NS), {p: lean}) is None
    assert solve.reply(BestCards(p, Side.EW), {p: full}) == lean.best_of(Side.EW)


def test_a_position_asked_for_its_best_cards_is_solved_again_for_every_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spy(monkeypatch)
    p = random_ending(random.Random(49), 6)
    solver = DdsSolver()
    (best,) = answer(solver, [BestCards(p, Side.NS)])
    (values,) = answer(solver, [CardValues(p, Side.NS)])
    assert calls == [[(p, BEST_CARDS)], [(p, EVERY)]]
    assert values == solve.solve_cards(p, Side.NS) and isinstance(best, dict)
    assert best == best_only(values, p, Side.NS)
    # every card known now: its best cards and its best score need no DDS
    ew, ns = solve.solve_cards(p, Side.EW), solve.solve_position(p, Side.NS)
    before = len(calls)
    assert answer(solver, [BestCards(p, Side.EW), Tricks((p,), Side.NS)]) == [
        best_only(ew, p, Side.EW), [ns]]
    assert len(calls) == before


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(5, 9), st.booleans())
def test_a_warm_transposition_table_gives_the_values_a_cold_one_gives(
        seed: int, n: int, every: bool) -> None:
    """The positions of one line solved in a row on one DDS thread (DDS keeps its table
    between similar deals) against each solved cold, just after the same cards in another
    strain (DDS empties its table for a new strain)."""
    rng = random.Random(seed)
    line = _line(random_ending(rng, n), rng, 4 * n - 2)
    with session()._call("a test"):
        warm_bop = session().pack(line, [every] * len(line))
        warm = binding.new_solved()
        for i in range(len(line)):
            binding.solve_board(warm_bop, i, warm, 0)
        cold = [cold_dds_values(p, every) for p in line]
    assert [dds_values(warm, i, every) for i in range(len(line))] == cold
