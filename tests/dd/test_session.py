"""The one road to DDS (equity.dd.session): a batch solved on DDS's threads ends only once
none of them is inside DDS, even when interrupted (issue 42, 8: Ctrl-C of ``equity likely``
ended in ``Segmentation fault`` when the interpreter exited under a DDS call), and the
threads of DDS's slots are started once for the session, not once a batch (issue 49)."""

from __future__ import annotations

import os
import random
import signal
import threading
from typing import Any

import pytest

import equity.dd.binding as binding
from equity.dd.session import session
from tests.builders import random_ending


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


def test_every_slot_ends_its_work_before_the_call_returns() -> None:
    _two_slots()
    ended: list[int] = []

    def work(k: int) -> None:
        threading.Event().wait(0.05 * k)  # slot 1 (a slot thread) ends after slot 0
        ended.append(k)

    session()._in_slots(work, 2, threading.Event())
    assert sorted(ended) == [0, 1] and session().idle


def test_the_slot_threads_are_started_once_for_the_session_not_once_a_batch() -> None:
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
