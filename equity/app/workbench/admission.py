"""How many rulings the workbench runs, and for whom: admission by cost.

A ruling's expected double-dummy work (:func:`expected_work`, in plain rulings) decides
its lane: a **cheap** ruling (at most :data:`CHEAP` plain rulings' work) may take any
free slot; an **expensive** one may take all the slots but one, which is kept for the
cheap ones. So a Director's plain ruling is never queued behind other clients'
expensive ones: while they run and wait, it runs at once. When a slot frees, a waiting
cheap ruling goes first, then the expensive ones in the order they came.

Each client has at most one ruling in flight or waiting (its share), and each address at
most all the slots but one (:attr:`Admission.per_address`): ids made up at one address
(sixteen of them held a Director's plain ruling 91 s) never hold every slot nor the
queue. Each lane's queue is bounded, and a ruling waits in it at most ``wait`` seconds
(the time limit). Past any of these, a request is answered 429 with ``Retry-After`` at
once, never left waiting without end. A waiting expensive ruling is not starved by cheap
ones that keep coming: once it has waited ``age`` seconds, the next slot it may take is
its, before the cheap lane's.

A client is a browser at an address: the address, with the id the page keeps on the
device (header ``X-Equity-Client``), so two phones behind one address are two clients.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

CHEAP = 2.0
"""The most work (in plain rulings) a ruling of the cheap lane may be expected to do."""


def expected_work(possibilities: int, samples: int, default_samples: int,
                  reference: int = 1, lines: int = 0) -> float:
    """A ruling's expected double-dummy work, in plain rulings (one way of filling the
    ``?`` cards, the default sampling, no Director's line): each way of filling is
    ruled, each decision samples up to ``samples`` layouts (times ``reference``), and
    each Director's line is played out besides the table's."""
    sampling = max(1.0, samples * reference / max(1, default_samples))
    return max(1, possibilities) * sampling * (1 + lines)


class Busy(Exception):
    """A ruling refused for now: why, and in how many seconds to ask again."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.message, self.retry_after = message, retry_after


@dataclass
class _Waiting:
    future: asyncio.Future[None]
    since: float
    """When it began to wait (``time.monotonic``)."""


@dataclass
class _Lane:
    cap: int
    """The most rulings of this lane running at once."""
    running: int = 0
    waiting: deque[_Waiting] = field(default_factory=deque)


class Admission:
    """``slots`` rulings at a time (at least two: one is the cheap lane's), at most
    ``queue`` more waiting in each lane, one per client and all the slots but one per
    address; a waiting expensive ruling goes first once it has waited ``age`` seconds
    (default: a quarter of ``wait``)."""

    def __init__(self, slots: int, queue: int, retry_after: int,
                 wait: float = 60.0, age: float | None = None) -> None:
        if slots < 1 or queue < 0:
            raise ValueError("slots >= 1 and queue >= 0")
        self.slots = max(2, slots)
        self.queue, self.retry_after, self.wait = queue, retry_after, wait
        self.age = wait / 4 if age is None else age
        self.per_address = self.slots - 1
        """The most rulings one address may have running or waiting: another address's
        always finds a slot."""
        self.cheap = _Lane(self.slots)
        self.dear = _Lane(self.slots - 1)
        self._clients: set[str] = set()
        self._addresses: Counter[str] = Counter()

    @property
    def running(self) -> int:
        return self.cheap.running + self.dear.running

    def _may_start(self, lane: _Lane) -> bool:
        return self.running < self.slots and lane.running < lane.cap

    def _next(self) -> _Lane | None:
        """The lane whose first waiting ruling starts now: cheap first, unless the
        first expensive one has waited ``age`` seconds (it would starve)."""
        ready = [lane for lane in (self.cheap, self.dear)
                 if lane.waiting and self._may_start(lane)]
        aged = [lane for lane in ready
                if lane is self.dear and time.monotonic() - lane.waiting[0].since >= self.age]
        first = aged or ready
        return first[0] if first else None

    def _wake(self) -> None:
        """Start waiting rulings while slots are free."""
        while (lane := self._next()) is not None:
            future = lane.waiting.popleft().future
            if not future.done():
                lane.running += 1
                future.set_result(None)

    @asynccontextmanager
    async def admit(self, client: str, work: float = 1.0, address: str | None = None
                    ) -> AsyncIterator[None]:
        """Hold a slot for ``client``'s ruling of ``work`` (:func:`expected_work`) from
        ``address`` (default: the client's own); :class:`Busy` when the client already
        has one in flight, its address has :attr:`per_address`, its lane's queue is
        full, or it waited ``wait`` seconds."""
        address = client if address is None else address
        if client in self._clients:
            raise Busy("your previous ruling is still running; the page asks again when it "
                       "is done", self.retry_after)
        if self._addresses[address] >= self.per_address:
            raise Busy("this address already has as many rulings running as it may (the "
                       "others are kept for other Directors); the page asks again when one "
                       "is done", self.retry_after)
        lane = self.cheap if work <= CHEAP else self.dear
        now = self._may_start(lane) and not lane.waiting
        if not now and len(lane.waiting) >= self.queue:
            raise Busy("the workbench is busy with other Directors' rulings; try again in a "
                       "moment", self.retry_after)
        self._clients.add(client)
        self._addresses[address] += 1
        try:
            if now:
                lane.running += 1
            else:
                await self._wait(lane)
            try:
                yield
            finally:
                lane.running -= 1
                self._wake()
        finally:
            self._clients.discard(client)
            self._addresses[address] -= 1
            if not self._addresses[address]:
                del self._addresses[address]

    async def _wait(self, lane: _Lane) -> None:
        """Wait in ``lane`` until :meth:`_wake` starts it (it then counts as running),
        at most ``wait`` seconds."""
        waiting = _Waiting(asyncio.get_running_loop().create_future(), time.monotonic())
        lane.waiting.append(waiting)
        future = waiting.future
        try:
            await asyncio.wait_for(asyncio.shield(future), self.wait)
        except (TimeoutError, asyncio.CancelledError) as e:
            if future.done() and not future.cancelled():
                lane.running -= 1  # started as the wait ended: give it back
                self._wake()
            else:
                future.cancel()
                if waiting in lane.waiting:
                    lane.waiting.remove(waiting)
            if isinstance(e, asyncio.CancelledError):
                raise
            raise Busy("the workbench stayed busy with other Directors' rulings; try "
                       "again in a moment", self.retry_after) from None


__all__ = ["CHEAP", "Admission", "Busy", "expected_work"]
