"""Admission by cost, in turn (equity/app/workbench/admission.py): a cheap ruling never
waits behind expensive ones, a freed slot goes to a waiting cheap ruling first, each
client has one ruling at a time, the lines are bounded, and clients behind one address
and the addresses are served in turn (orders and counts, never times)."""

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


# --- Issue 42, 6: one address, many made-up ids; a heavy ruling among cheap ones ----------


async def _hold_at(admission: Admission, address: str, client: str, work: float,
                   release: asyncio.Event, log: list[str]) -> None:
    try:
        async with admission.admit(f"{address} {client}", work, address=address):
            log.append(f"start {client}")
            await release.wait()
    except Busy:
        log.append(f"busy {client}")
        return
    log.append(f"end {client}")


def test_one_address_with_made_up_ids_never_holds_every_slot_nor_the_lines() -> None:
    """Sixteen ids from one address held a Director's plain ruling 91 s (18 times 429): an
    address runs at most all the slots but one and has at most ``address_queue`` rulings
    waiting (the rest are 429 at once); another address's ruling starts at once."""
    async def run() -> list[str]:
        admission = Admission(slots=2, queue=8, retry_after=1)  # four waiting an address
        log: list[str] = []
        flood = asyncio.Event()
        tasks = [asyncio.create_task(_hold_at(admission, "10.0.0.9", f"x{k}", 1.0, flood,
                                              log)) for k in range(16)]
        await asyncio.sleep(0)
        assert log.count("start x0") == 1 and sum(e.startswith("start") for e in log) == 1
        assert sum(e.startswith("busy") for e in log) == 11  # 1 running, 4 waiting
        assert admission.waiting == 4
        go = asyncio.Event()
        go.set()
        await asyncio.wait_for(_hold_at(admission, "10.0.0.2", "director", 1.0, go, log), 1)
        flood.set()
        await asyncio.gather(*tasks)
        return log

    log = asyncio.run(run())
    assert "start director" in log and "end director" in log
    assert [e for e in log if e.startswith("start x")] == [f"start x{k}" for k in range(5)]


async def _director(admission: Admission, address: str, client: str, rounds: int,
                    log: list[str]) -> None:
    """A client that rules ``rounds`` times, asking again as soon as it is answered."""
    for _ in range(rounds):
        async with admission.admit(f"{address} {client}", 1.0, address=address):
            log.append(client)
            await asyncio.sleep(0)  # its ruling: the others come to ask meanwhile


def test_eight_clients_behind_one_address_are_served_in_turn() -> None:
    """Issue 48, 6: eight phones behind a club's router, each ruling three times and
    asking again at once: every one is answered each round, in turn (one had 56
    answers and seven one each when the rest were 429 at once)."""
    async def run() -> list[str]:
        admission = Admission(slots=2, queue=32, retry_after=1)  # one running an address
        log: list[str] = []
        await asyncio.gather(*(_director(admission, "10.0.0.7", f"p{k}", 3, log)
                               for k in range(8)))
        return log

    log = asyncio.run(run())
    phones = [f"p{k}" for k in range(8)]
    assert log == phones * 3  # round after round, each phone once, in the order they came


def test_addresses_take_turns_and_made_up_ids_wait_at_the_back_of_their_line() -> None:
    """A freed slot goes to the address served longest ago: one address's many ids
    (made up after its honest client asked) get one turn in two beside another
    address's Directors, and within their address they come after the client already
    waiting, in the order they came (three slots, two an address; two other addresses
    hold them while the lines form)."""
    async def run() -> list[str]:
        admission = Admission(slots=3, queue=32, retry_after=1)
        log: list[str] = []
        hold = asyncio.Event()
        holders = [asyncio.create_task(_hold_at(admission, address, f"holder{k}", 1.0,
                                                hold, log))
                   for k, address in enumerate(("10.0.0.3", "10.0.0.3", "10.0.0.4"))]
        await asyncio.sleep(0)
        go = asyncio.Event()
        go.set()
        clients = [("10.0.0.9", "honest"), *(("10.0.0.9", f"made-up-{k}") for k in range(4)),
                   ("10.0.0.5", "director-0"), ("10.0.0.5", "director-1")]
        tasks = []
        for address, client in clients:
            tasks.append(asyncio.create_task(_hold_at(admission, address, client, 1.0, go,
                                                      log)))
            await asyncio.sleep(0)
        assert admission.waiting == len(clients)
        hold.set()
        await asyncio.gather(*holders, *tasks)
        return log

    log = asyncio.run(run())
    starts = [e.removeprefix("start ") for e in log
              if e.startswith("start ") and "holder" not in e]
    assert starts == ["honest", "director-0", "made-up-0", "director-1", "made-up-1",
                      "made-up-2", "made-up-3"], starts
    assert not any(e.startswith("busy") for e in log)


def test_a_waiting_heavy_ruling_goes_before_cheap_ones_once_it_has_waited() -> None:
    """Cheap rulings kept coming and a heavy one waited for ever: once it has waited
    ``age`` seconds, the next free slot is its."""
    async def run() -> list[str]:
        admission = Admission(slots=2, queue=8, retry_after=1, age=0.05)
        log: list[str] = []
        first, second = asyncio.Event(), asyncio.Event()
        a = asyncio.create_task(_hold_at(admission, "A", "a", 1.0, first, log))
        b = asyncio.create_task(_hold_at(admission, "B", "b", 1.0, second, log))
        await asyncio.sleep(0)
        go = asyncio.Event()
        go.set()
        heavy = asyncio.create_task(_hold_at(admission, "H", "heavy", DEAR, go, log))
        await asyncio.sleep(0.1)  # it has waited past its age
        cheap = asyncio.create_task(_hold_at(admission, "C", "cheap", 1.0, go, log))
        await asyncio.sleep(0)
        first.set()
        await asyncio.gather(a, heavy, cheap)
        second.set()
        await b
        return log

    log = asyncio.run(run())
    assert log.index("start heavy") < log.index("start cheap")


def test_the_pdf_step_holds_the_rulings_slot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The PDF (a headless Chromium) was printed after the slot was given back: 22 of
    them ran at once. Now it runs in the ruling's slot, in the expensive lane (it never
    takes the slot kept for plain rulings)."""
    import equity.app.workbench.server as server
    from equity.app.workbench.case import CaseResult

    bench = server.Workbench(time_limit=60, slots=2, queue=4)
    seen: list[tuple[str, int]] = []

    def ruled(*args: object) -> CaseResult:
        seen.append(("rule", bench.admission.running))
        return CaseResult((), 1, False, 0)

    def pdf(page: str, limit: float) -> bytes:
        seen.append(("pdf", bench.admission.running))
        seen.append(("expensive lane", bench.admission.dear.running))
        return b"%PDF"

    monkeypatch.setattr(server, "_ruled_within", ruled)
    monkeypatch.setattr(server, "_pdf", pdf)
    _, printed = asyncio.run(bench.rule(("10.0.0.2 a", "10.0.0.2"), [], server.DEFAULT_OPTIONS,
                                        0, pdf=True))
    assert printed == b"%PDF" and seen == [("rule", 1), ("pdf", 1), ("expensive lane", 1)]
    assert bench.admission.running == 0
