"""Admission by cost (equity/app/workbench/admission.py): a cheap ruling never waits
behind expensive ones, a freed slot goes to a waiting cheap ruling first, each client has
one ruling at a time and each lane's queue is bounded."""

from __future__ import annotations

import asyncio

import pytest

from equity.app.workbench.admission import CHEAP, Admission, Busy, expected_work

DEAR = 10 * CHEAP


async def _hold(admission: Admission, client: str, work: float, release: asyncio.Event,
                log: list[str]) -> None:
    async with admission.admit(client, work):
        log.append(f"start {client}")
        await release.wait()
    log.append(f"end {client}")


def test_a_cheap_ruling_starts_while_expensive_ones_hold_and_wait() -> None:
    async def run() -> list[str]:
        admission = Admission(slots=2, queue=4, retry_after=1)
        log: list[str] = []
        big = asyncio.Event()
        tasks = [asyncio.create_task(_hold(admission, c, DEAR, big, log)) for c in "ABC"]
        await asyncio.sleep(0)
        small = asyncio.Event()
        small.set()
        await _hold(admission, "D", 1.0, small, log)
        big.set()
        await asyncio.gather(*tasks)
        return log

    log = asyncio.run(run())
    assert log[:3] == ["start A", "start D", "end D"]
    assert sorted(log[3:]) == sorted(["start B", "start C", "end A", "end B", "end C"])


def test_a_freed_slot_goes_to_a_waiting_cheap_ruling_first() -> None:
    async def run() -> list[str]:
        admission = Admission(slots=2, queue=4, retry_after=1)
        log: list[str] = []
        first, second = asyncio.Event(), asyncio.Event()
        a = asyncio.create_task(_hold(admission, "A", 1.0, first, log))  # two cheap ones
        b = asyncio.create_task(_hold(admission, "B", 1.0, second, log))  # fill both slots
        await asyncio.sleep(0)
        go = asyncio.Event()
        go.set()
        c = asyncio.create_task(_hold(admission, "C", DEAR, go, log))  # waits (dear)
        await asyncio.sleep(0)
        d = asyncio.create_task(_hold(admission, "D", 1.0, go, log))  # waits (cheap)
        await asyncio.sleep(0)
        first.set()
        await a
        await d
        second.set()
        await asyncio.gather(b, c)
        return log

    log = asyncio.run(run())
    assert log.index("start D") < log.index("start C")


def test_one_ruling_a_client_and_bounded_queues() -> None:
    async def run() -> None:
        admission = Admission(slots=2, queue=1, retry_after=3)
        hold = asyncio.Event()
        log: list[str] = []
        a = asyncio.create_task(_hold(admission, "A", DEAR, hold, log))
        await asyncio.sleep(0)
        with pytest.raises(Busy, match="previous ruling"):
            async with admission.admit("A", 1.0):
                pass
        b = asyncio.create_task(_hold(admission, "B", DEAR, hold, log))  # queued
        await asyncio.sleep(0)
        with pytest.raises(Busy, match="busy") as busy:
            async with admission.admit("C", DEAR):
                pass
        assert busy.value.retry_after == 3
        hold.set()
        await asyncio.gather(a, b)

    asyncio.run(run())


def test_a_ruling_waits_at_most_the_time_limit() -> None:
    async def run() -> None:
        admission = Admission(slots=2, queue=2, retry_after=1, wait=0.05)
        hold = asyncio.Event()
        a = asyncio.create_task(_hold(admission, "A", DEAR, hold, []))
        await asyncio.sleep(0)
        with pytest.raises(Busy, match="stayed busy"):
            async with admission.admit("B", DEAR):
                pass
        hold.set()
        await a
        async with admission.admit("B", DEAR):  # the slot was given back
            pass

    asyncio.run(run())


def test_expected_work_counts_fillings_sampling_and_lines() -> None:
    assert expected_work(1, 48, 48) == 1.0
    assert expected_work(2, 48, 48) == 2.0 <= CHEAP
    assert expected_work(1, 320, 48) > CHEAP
    assert expected_work(1, 48, 48, reference=16) > CHEAP
    assert expected_work(1, 48, 48, lines=2) > CHEAP
