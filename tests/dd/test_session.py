"""The one road to DDS (equity.dd.session): a batch solved on DDS's threads ends only once
none of them is inside DDS, even when interrupted (issue 42, 8: Ctrl-C of ``equity likely``
ended in ``Segmentation fault`` when the interpreter exited under a DDS call)."""

from __future__ import annotations

import os
import random
import signal
import threading
from typing import Any

import pytest

import equity.dd.binding as binding
from equity.dd.session import in_threads, session
from tests.builders import random_ending


class Interrupt(Exception):
    """What the test's SIGINT handler raises (not KeyboardInterrupt: pytest's own)."""


def _dds_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("dds-")]


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
        running = _dds_threads()
    finally:
        signal.signal(signal.SIGINT, old)
    assert running == [], "the interrupt left DDS threads solving"
    assert calls < len(positions), "the runs were not stopped between two deals"


def test_every_run_ends_before_the_call_returns() -> None:
    ended: list[int] = []

    def work(k: int) -> None:
        threading.Event().wait(0.05 * k)
        ended.append(k)

    in_threads(work, 3, threading.Event())
    assert sorted(ended) == [0, 1, 2] and _dds_threads() == []
