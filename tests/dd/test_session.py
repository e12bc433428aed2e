"""The one road to DDS (equity.dd.session): a batch solved on DDS's threads ends only once
none of them is inside DDS, even when interrupted (issue 42, 8: Ctrl-C of ``equity likely``
ended in ``Segmentation fault`` when the interpreter exited under a DDS call), and the
threads of DDS's slots are started once for the session, not once a batch (issue 49), and
the work goes to the slot whose transposition table DDS keeps for it (issue 49, session
55)."""

from __future__ import annotations

import os
import random
import signal
import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import equity.dd.binding as binding
from equity.core.game import Position, Strain
from equity.dd.session import (
    LEAVE_BELOW,
    LEAVE_FROM_TRICKS,
    DealKey,
    deal_key,
    keeps,
    related,
    session,
    similar,
)
from tests.builders import cold_dds_values, random_ending


class Interrupt(Exception):
    """What the test's SIGINT handler raises (not KeyboardInterrupt: pytest's own)."""


def test_an_interrupt_during_a_threaded_batch_is_raised_once_no_thread_is_in_dds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    if session()._slots < 2:
        pytest.skip("DDS runs one thread here: a batch is solved in the caller's thread")
    rng = random.Random(42)
    positions = [random_ending(rng, 13) for _ in range(120)]
    real = binding.solve_board
    calls = 0

    def solve_board(bop: Any, i: int, solved: Any, thread: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 4:  # both runs under way: Ctrl-C
            os.kill(os.getpid(), signal.SIGINT)
        real(bop, i, solved, thread)

    def interrupt(signum: int, frame: object) -> None:
        raise Interrupt

    monkeypatch.setattr(binding, "solve_board", solve_board)
    old = signal.signal(signal.SIGINT, interrupt)
    try:
        with pytest.raises(Interrupt):
            session().solve(positions)
        idle = session().idle
    finally:
        signal.signal(signal.SIGINT, old)
    assert idle, "the interrupt left DDS threads solving"
    assert calls < len(positions), "the runs were not stopped between two deals"


def _two_slots() -> None:
    if session()._slots < 2:
        pytest.skip("DDS runs one thread here: a batch is solved in the caller's thread")


def test_every_helper_thread_ends_its_work_before_the_call_returns() -> None:
    _two_slots()
    ended: list[int] = []

    def work(k: int) -> None:
        threading.Event().wait(0.05 * k)  # thread 1 (a helper) ends after thread 0
        ended.append(k)

    session()._in_slots(work, 2, threading.Event())
    assert sorted(ended) == [0, 1] and session().idle


def test_the_helper_threads_are_started_once_for_the_session_not_once_a_batch() -> None:
    _two_slots()
    rng = random.Random(7)
    s = session()
    s.solve([random_ending(rng, 6) for _ in range(8)], True)
    started = s.started
    assert started >= 1
    for _ in range(5):
        s.solve([random_ending(rng, 6) for _ in range(8)], True)
    assert s.started == started, "a batch started a thread the session already had"
    assert s.idle


# --- Which slot takes which deal: DDS keeps a slot's table only for a similar deal ---------


def _swap(p: Position, rng: random.Random) -> Position:
    """``p`` with one card of one hand swapped for one of another's (another layout)."""
    hands = list(p.hands)
    a, b = rng.sample(range(4), 2)
    x = rng.choice([c for c in range(64) if hands[a] >> c & 1])
    y = rng.choice([c for c in range(64) if hands[b] >> c & 1])
    hands[a] ^= 1 << x | 1 << y
    hands[b] ^= 1 << x | 1 << y
    return Position((hands[0], hands[1], hands[2], hands[3]), p.strain, p.leader, p.trick)


def _nodes(p: Position, slot: int) -> int:
    """DDS's node count for every card of ``p``, solved on ``slot`` after its last deal."""
    bop = session().pack([p], [True])
    solved = binding.new_solved()
    binding.solve_board(bop, 0, solved, slot)
    return int(solved.solvedBoard[0].nodes)


def test_dds_clears_its_table_exactly_when_similar_calls_the_deal_new() -> None:
    """``similar`` is DDS's own test (SolverIF.cpp): after a deal it calls new, DDS searches
    exactly as cold (after a new strain, which always clears the table); after one it calls
    similar, the kept table changes the search."""
    rng = random.Random(55)
    kept = cleared = 0
    with session()._lock:
        for _ in range(60):
            last = random_ending(rng, rng.randint(5, 7))
            p = _swap(last, rng) if rng.random() < 0.5 else _swap(_swap(last, rng), rng)
            _nodes(Position(last.hands, Strain((last.strain + 1) % 5), last.leader,
                            last.trick), 0)
            cold = _nodes(p, 0)
            _nodes(last, 0)
            after = _nodes(p, 0)
            if similar(deal_key(p), deal_key(last)):
                kept += after != cold
            else:
                assert after == cold, "DDS kept its table for a deal similar() calls new"
                cleared += 1
        session()._last[0] = deal_key(p)
    assert cleared >= 10 and kept >= 10, (cleared, kept)


def test_similar_weighs_the_cards_that_moved_by_rank_and_needs_the_same_strain() -> None:
    """DDS reads each suit holding as a number (a deuce 4, an ace 16384) and keeps its
    table when the deal's sum is more than five times the sum of what moved."""
    suit = 0x7FFC  # one suit's thirteen cards
    deal = (suit, suit << 16, suit << 32, suit << 48)  # each hand holds one whole suit

    def swap(north: int, east: int) -> tuple[int, int, int, int]:
        """North's spade of rank ``north`` for East's heart of rank ``east``."""
        moved = 1 << north | 1 << 16 + east
        return deal[0] ^ moved, deal[1] ^ moved, deal[2], deal[3]

    nt = int(Strain.NT)
    assert similar((nt, deal), (nt, deal))
    assert similar((nt, swap(2, 2)), (nt, deal))  # 16 of 131056 moved
    assert similar((nt, swap(13, 2)), (nt, deal))  # 16392: a seventh
    assert not similar((nt, swap(14, 2)), (nt, deal))  # 32776: a quarter
    assert not similar((nt, swap(14, 14)), (nt, deal))
    assert not similar((int(Strain.S), deal), (nt, deal))  # a new strain
    assert not similar((nt, deal), None) and not similar(None, (nt, deal))


def _recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """(deal, DDS slot) of every ``SolveBoard`` call from now on, in the order made."""
    calls: list[tuple[int, int]] = []
    real = binding.solve_board

    def spy(bop: Any, i: int, solved: Any, slot: int) -> None:
        calls.append((i, slot))
        real(bop, i, solved, slot)

    monkeypatch.setattr(binding, "solve_board", spy)
    return calls


def _layouts(rng: random.Random, n: int, tricks: int) -> list[Position]:
    """``n`` layouts of one ending, each a card apart from the first (low cards only, so
    that DDS calls each similar to every other)."""
    while True:
        first = random_ending(rng, tricks)
        out = [first] + [_swap(first, rng) for _ in range(n - 1)]
        keys = [deal_key(p) for p in out]
        if all(similar(a, b) for a in keys for b in keys):
            return out


def _place(p: Position, slot: int) -> None:
    """Solve ``p`` on DDS slot ``slot`` and tell the session so (its last deal there)."""
    s = session()
    with s._lock:
        _nodes(p, slot)
        s._last[slot] = deal_key(p)


@pytest.mark.parametrize("warm_slot", [0, 1])
def test_a_single_position_is_solved_on_the_slot_that_keeps_its_table(
        monkeypatch: pytest.MonkeyPatch, warm_slot: int) -> None:
    _two_slots()
    rng = random.Random(11 + warm_slot)
    a, b = _layouts(rng, 2, 8)
    _place(random_ending(rng, 8), 1 - warm_slot)
    _place(a, warm_slot)
    calls = _recorded(monkeypatch)
    session().solve([b], True)
    assert calls == [(0, warm_slot)]


@pytest.mark.parametrize("warm_slot", [0, 1])
def test_a_batch_starts_on_the_slot_that_keeps_its_table_for_the_first_deal(
        monkeypatch: pytest.MonkeyPatch, warm_slot: int) -> None:
    _two_slots()
    rng = random.Random(21 + warm_slot)
    layouts = _layouts(rng, 5, 7)
    _place(random_ending(rng, 7), 1 - warm_slot)
    _place(layouts[0], warm_slot)
    calls = _recorded(monkeypatch)
    session().solve(layouts[1:], True)
    assert calls[0] == (0, warm_slot)


def test_a_thread_leaves_the_last_heavy_deals_to_the_slot_that_keeps_its_table_for_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two similar layouts with many tricks left, after unrelated deals: the second is
    solved after the first on its slot (a kept table) rather than side by side on a slot
    that would search cold."""
    _two_slots()
    rng = random.Random(13)
    s = session()
    for _ in range(3):
        s.solve([random_ending(rng, 8), random_ending(rng, 8)], True)
        calls = _recorded(monkeypatch)
        s.solve(_layouts(rng, LEAVE_BELOW - 1, LEAVE_FROM_TRICKS), True)
        assert [i for i, _ in calls] == list(range(LEAVE_BELOW - 1))
        assert len({slot for _, slot in calls}) == 1, calls
        monkeypatch.undo()


def test_light_deals_are_solved_side_by_side_even_where_a_table_would_be_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Below LEAVE_FROM_TRICKS a cold search costs less than waiting for the other
    thread: the two similar layouts go to both slots."""
    _two_slots()
    rng = random.Random(15)
    s = session()
    s.solve([random_ending(rng, 6), random_ending(rng, 6)], True)
    calls = _recorded(monkeypatch)
    inner = binding.solve_board

    def slow(bop: Any, i: int, solved: Any, slot: int) -> None:
        threading.Event().wait(0.05)  # the first deal is still being solved
        inner(bop, i, solved, slot)

    monkeypatch.setattr(binding, "solve_board", slow)
    s.solve(_layouts(rng, 2, LEAVE_FROM_TRICKS - 4), True)
    assert {slot for _, slot in calls} == {0, 1}, calls


def test_a_longer_batch_of_layouts_is_solved_on_every_slot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _two_slots()
    rng = random.Random(14)
    s = session()
    calls = _recorded(monkeypatch)
    layouts = _layouts(rng, 12, 9)
    inner = binding.solve_board

    def slow(bop: Any, i: int, solved: Any, slot: int) -> None:
        threading.Event().wait(0.01)  # every deal takes a while: both threads find work
        inner(bop, i, solved, slot)

    monkeypatch.setattr(binding, "solve_board", slow)
    answers = s.solve(layouts, True)
    assert sorted(i for i, _ in calls) == list(range(len(layouts)))
    assert {slot for _, slot in calls} == {0, 1}
    assert [a.card_scores for a in answers] == [
        a.card_scores for a in (s.solve([p], True)[0] for p in layouts)]


def _dealt(p: Position) -> Position:
    """``p`` with the cards on its trick back in the hands that played them (a lead)."""
    hands = list(p.hands)
    for i, card in enumerate(p.trick):
        hands[p.leader.after(i)] |= card.bit
    return Position((hands[0], hands[1], hands[2], hands[3]), p.strain, p.leader, ())


def _relaid(p: Position, rng: random.Random) -> Position:
    """Another layout of ``p``'s cards (no trick in progress): two hands' cards dealt
    afresh between them, each keeping its size."""
    a, b = rng.sample(range(4), 2)
    pool = [c for c in range(64) if (p.hands[a] | p.hands[b]) >> c & 1]
    rng.shuffle(pool)
    hands = list(p.hands)
    hands[a] = sum(1 << c for c in pool[: p.hands[a].bit_count()])
    hands[b] = sum(1 << c for c in pool[p.hands[a].bit_count() :])
    return Position((hands[0], hands[1], hands[2], hands[3]), p.strain, p.leader, ())


def _modes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, DealKey]]:
    """(DDS slot, mode, deal key) of every call DDS receives from now on, in order."""
    calls: list[tuple[int, int, DealKey]] = []
    raw = binding.dds()._equity_raw
    real = raw["SolveBoard"]

    def spy(deal: Any, target: int, solutions: int, mode: int, fut: Any, slot: int) -> Any:
        hands = [sum(int(deal.remainCards[h][s]) << 16 * s for s in range(4))
                 for h in range(4)]
        calls.append((slot, mode, (int(deal.trump), (hands[0], hands[1], hands[2], hands[3]))))
        return real(deal, target, solutions, mode, fut, slot)

    monkeypatch.setitem(raw, "SolveBoard", spy)
    return calls


def test_related_is_another_layout_of_the_same_cards_in_the_same_strain() -> None:
    suit = 0x7FFC
    deal = (suit, suit << 16, suit << 32, suit << 48)
    nt = int(Strain.NT)
    relaid = (suit << 16, suit, suit << 32, suit << 48)  # North and East swap their suits
    assert related((nt, relaid), (nt, deal)) and not similar((nt, relaid), (nt, deal))
    assert keeps((nt, relaid), (nt, deal)) and related((nt, deal), (nt, deal))
    played = (suit & ~4, suit << 16 & ~(4 << 16), suit << 32, suit << 48)  # a trick on
    assert not related((nt, played), (nt, deal))
    assert not related((int(Strain.H), relaid), (nt, deal))  # a new strain
    assert not related((nt, deal), None) and not related(None, (nt, deal))


def test_another_layout_of_a_slots_last_cards_is_solved_with_its_table_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """DDS gets mode 2 (keep the table) exactly where the slot's last deal held the same
    cards in the same strain, within a batch and from one batch to the next."""
    rng = random.Random(31)
    s = session()
    first = _dealt(random_ending(rng, 7))
    layouts = [first] + [_relaid(first, rng) for _ in range(5)]
    s.solve([random_ending(rng, 7), random_ending(rng, 7)], True)
    calls = _modes(monkeypatch)
    answers = s.solve(layouts, True) + s.solve(layouts[:2], True)
    last: dict[int, DealKey] = {}
    for slot, mode, key in calls:
        assert (mode == binding.KEEP_TABLE) == related(key, last.get(slot)), calls
        last[slot] = key
    assert sum(mode == binding.KEEP_TABLE for _, mode, _ in calls) >= len(layouts)
    assert [a.best for a in answers[-2:]] == [a.best for a in answers[:2]]


def test_dds_keeps_a_table_only_after_a_deal_in_the_same_strain_on_that_slot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The binding passes mode 2 on only where its slot's last call, made through it and
    returned, was in the same strain: not after another strain, not after DDS was called
    by another road (endplay's own functions) or the slots forgotten, not after a call
    that failed."""
    rng = random.Random(32)
    p = _dealt(random_ending(rng, 6))
    other = Position(p.hands, Strain((int(p.strain) + 1) % 5), p.leader, p.trick)
    calls = _modes(monkeypatch)
    raw = binding.dds()._equity_raw
    real = raw["SolveBoard"]

    def failing(*args: Any) -> Any:
        raise binding.dds_error()("a failed call")

    def keep_table() -> int:
        bop = session().pack([p], [True])
        bop.mode[0] = binding.KEEP_TABLE
        binding.solve_board(bop, 0, binding.new_solved(), 0)
        return calls[-1][1]

    with session()._lock:
        _nodes(p, 0)
        assert keep_table() == binding.KEEP_TABLE
        _nodes(other, 0)
        assert keep_table() == 1
        _nodes(p, 0)
        binding.forget_slots()
        assert keep_table() == 1
        _nodes(p, 0)
        bop = session().pack([other], [False])  # endplay's road, e.g. its solve_board
        binding.dds().SolveBoard(bop.deals[0], -1, 1, 1, binding.new_solved().solvedBoard[0], 0)
        assert keep_table() == 1
        monkeypatch.setitem(raw, "SolveBoard", failing)
        with pytest.raises(binding.dds_error()):
            _nodes(p, 0)
        monkeypatch.setitem(raw, "SolveBoard", real)
        calls = _modes(monkeypatch)
        assert keep_table() == 1
        session()._last[0] = deal_key(p)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(4, 8), st.booleans())
def test_a_table_kept_across_layouts_gives_the_values_a_cold_one_gives(
        seed: int, n: int, every: bool) -> None:
    """Property: layouts of one ending's cards, now and then an unrelated ending between
    them, solved by the session in two batches (each slot's table kept from one layout to
    the next, :data:`~equity.dd.binding.KEEP_TABLE`) give each position's cold values."""
    rng = random.Random(seed)
    first = _dealt(random_ending(rng, n))
    line = [first] + [_relaid(first, rng) if rng.random() < 0.8 else random_ending(rng, n)
                      for _ in range(9)]
    kept = session().solve(line[:5], every) + session().solve(line[5:], every)
    got = [tuple(sorted((int(c.suit), c.rank, v) for c, v in (a.card_scores or ())))
           if every else (a.best,) for a in kept]
    assert got == [cold_dds_values(p, every) for p in line]


def test_a_table_kept_across_a_change_of_strain_would_give_wrong_values() -> None:
    """Why the binding never passes mode 2 across strains: DDS's table holds bounds that
    hold in one strain only. The same cards, solved right after themselves in the next
    strain with the table kept, come out wrong for some endings."""
    rng = random.Random(5)
    dds = binding.dds()
    wrong = 0
    with session()._lock:
        for _ in range(20):
            p = random_ending(rng, rng.randint(5, 9))
            q = Position(p.hands, Strain((int(p.strain) + 1) % 5), p.leader, p.trick)
            bop = session().pack([p, q], [False, False])
            solved = binding.new_solved()
            dds.SolveBoard(bop.deals[0], -1, 1, 1, solved.solvedBoard[0], 0)
            dds.SolveBoard(bop.deals[1], -1, 1, binding.KEEP_TABLE, solved.solvedBoard[1], 0)
            wrong += int(solved.solvedBoard[1].score[0]) != cold_dds_values(q, False)[0]
    assert wrong > 0
