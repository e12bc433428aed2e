"""How many rulings the workbench runs, and for whom: admission by cost, in turn.

A ruling's expected double-dummy work (:func:`expected_work`, in plain rulings) decides
its lane: a **cheap** ruling (at most :data:`CHEAP` plain rulings' work) may take any
free slot; an **expensive** one may take all the slots but one, which is kept for the
cheap ones. So a Director's plain ruling is never queued behind other clients'
expensive ones: while they run and wait, it runs at once. A waiting expensive ruling is
not starved by cheap ones that keep coming: once it has waited ``age`` seconds, the next
slot it may take is its, before the cheap lane's.

**In turn**: a ruling that cannot start waits in its address's line, and a freed slot
goes to the addresses in turn (the one served longest ago first), and within an
address to its rulings in the order they came. A client has one ruling in flight or
waiting at a time, so between two rulings of one client every other client waiting
at its address has its turn: the Directors behind a club's router are served one after
the other, not by a lottery of 429s (eight phones at one address: one had 56 answers,
seven one each after up to 106 s). An id made up at an address joins the back of that
address's line: it never passes a client already waiting, nor another address's turn.

Each address runs at most all the slots but one (:attr:`Admission.per_address`):
another address's ruling always finds a slot. Lines are bounded (``queue`` rulings
waiting in all, :attr:`Admission.address_queue` at one address); past a bound, or when
a line has not moved (no ruling of its address started or ended) for ``wait`` seconds,
a request is answered 429 with ``Retry-After``, never left waiting without end.

A client is a browser at an address: the address, with the id the page keeps on the
device (header ``X-Equity-Client``), so two phones behind one address are two clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from msgspec import Struct, field

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


class _Lane(Struct):
    cap: int
    """The most rulings of this lane running at once."""
    running: int = 0


class _Waiting(Struct, eq=False):
    """A ruling in its address's line."""

    client: str
    address: str
    lane: _Lane
    order: int
    """Its place in the order of arrival (all addresses)."""
    future: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())
    since: float = field(default_factory=time.monotonic)
    """When it began to wait (``time.monotonic``)."""


class Admission:
    """``slots`` rulings at a time (at least two: one is the cheap lane's), at most
    ``queue`` more waiting in all and ``address_queue`` (default: half of ``queue``) at
    one address, one per client and all the slots but one per address, served in turn;
    a waiting expensive ruling goes first once it has waited ``age`` seconds (default:
    a quarter of ``wait``)."""

    def __init__(self, slots: int, queue: int, retry_after: int,
                 wait: float = 60.0, age: float | None = None,
                 address_queue: int | None = None) -> None:
        if slots < 1 or queue < 0:
            raise ValueError("slots >= 1 and queue >= 0")
        self.slots = max(2, slots)
        self.queue, self.retry_after, self.wait = queue, retry_after, wait
        self.age = wait / 4 if age is None else age
        self.address_queue = max(1, queue // 2) if address_queue is None else address_queue
        """The most rulings waiting at one address: another address always finds room
        in the line."""
        self.per_address = self.slots - 1
        """The most rulings one address may have running: another address's always
        finds a slot."""
        self.cheap = _Lane(self.slots)
        self.dear = _Lane(self.slots - 1)
        self._clients: set[str] = set()
        self._lines: dict[str, list[_Waiting]] = {}
        """Each address's waiting rulings, in the order they came."""
        self._running: Counter[str] = Counter()
        self._turn: dict[str, int] = {}
        """When each address last started a ruling (a count of starts): the one served
        longest ago has the next turn."""
        self._moved: dict[str, float] = {}
        """When a ruling of each address last started or ended (``time.monotonic``)."""
        self._starts = 0
        self._arrivals = 0

    @property
    def running(self) -> int:
        return self.cheap.running + self.dear.running

    @property
    def waiting(self) -> int:
        return sum(map(len, self._lines.values()))

    def _may_start(self, lane: _Lane) -> bool:
        return self.running < self.slots and lane.running < lane.cap

    def _rank(self, w: _Waiting, now: float) -> int:
        """Which lane goes first: an expensive ruling that has waited ``age`` seconds
        (it would starve), then the cheap ones, then the other expensive ones."""
        if w.lane is self.cheap:
            return 1
        return 0 if now - w.since >= self.age else 2

    def _next(self) -> _Waiting | None:
        """The waiting ruling that starts now: of those that may (their lane and their
        address under its cap), by lane (:meth:`_rank`), then the address served longest
        ago, then the order of arrival."""
        now = time.monotonic()
        best: tuple[tuple[int, int, int], _Waiting] | None = None
        for address, line in self._lines.items():
            if self._running[address] >= self.per_address:
                continue
            for w in line:
                if self._may_start(w.lane):
                    key = (self._rank(w, now), self._turn.get(address, -1), w.order)
                    if best is None or key < best[0]:
                        best = key, w
        return best[1] if best is not None else None

    def _wake(self) -> None:
        """Start waiting rulings while slots are free."""
        while (w := self._next()) is not None:
            self._leave(w)
            w.lane.running += 1
            self._running[w.address] += 1
            self._starts += 1
            self._turn[w.address] = self._starts
            self._moved[w.address] = time.monotonic()
            w.future.set_result(None)

    def _leave(self, w: _Waiting) -> None:
        """Take ``w`` out of its address's line."""
        line = self._lines.get(w.address, [])
        if w in line:
            line.remove(w)
        if not line:
            self._lines.pop(w.address, None)

    def _end(self, w: _Waiting) -> None:
        """``w``'s ruling is done: its slot to the next in turn."""
        w.lane.running -= 1
        self._running[w.address] -= 1
        if not self._running[w.address]:
            del self._running[w.address]
        self._moved[w.address] = time.monotonic()
        self._forget()
        self._wake()

    def _forget(self) -> None:
        """Forget the turns of addresses with nothing running or waiting, once there
        are many (memory bounded by the addresses seen lately)."""
        if len(self._turn) <= 4 * self.queue + 64:
            return
        for address in [a for a in self._turn
                        if a not in self._lines and a not in self._running]:
            del self._turn[address]
            self._moved.pop(address, None)

    @asynccontextmanager
    async def admit(self, client: str, work: float = 1.0, address: str | None = None
                    ) -> AsyncIterator[None]:
        """Hold a slot for ``client``'s ruling of ``work`` (:func:`expected_work`) from
        ``address`` (default: the client's own), waiting for its turn; :class:`Busy`
        when the client already has one in flight or waiting, its address's line or
        all the lines are full, or its line did not move for ``wait`` seconds."""
        address = client if address is None else address
        if client in self._clients:
            raise Busy("your previous ruling is still running; the page asks again when it "
                       "is done", self.retry_after)
        self._arrivals += 1
        w = _Waiting(client, address, self.cheap if work <= CHEAP else self.dear,
                     self._arrivals)
        self._lines.setdefault(address, []).append(w)
        self._wake()
        if not w.future.done():
            if len(self._lines[address]) > self.address_queue:
                self._leave(w)
                raise Busy(f"{self.address_queue} rulings from this address are waiting "
                           "already; try again in a moment", self.retry_after)
            if self.waiting > self.queue:
                self._leave(w)
                raise Busy("the workbench is busy with other Directors' rulings; try "
                           "again in a moment", self.retry_after)
        self._clients.add(client)
        try:
            await self._wait(w)
            try:
                yield
            finally:
                self._end(w)
        finally:
            self._clients.discard(client)

    async def _wait(self, w: _Waiting) -> None:
        """Wait until :meth:`_wake` starts ``w`` (it then counts as running), while its
        address's line moves: :class:`Busy` once nothing of the address started or
        ended for ``wait`` seconds."""
        future = w.future
        try:
            while not future.done():
                left = (max(w.since, self._moved.get(w.address, 0.0)) + self.wait
                        - time.monotonic())
                if left <= 0:
                    raise TimeoutError
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(future), left)
        except (TimeoutError, asyncio.CancelledError) as e:
            if future.done() and not future.cancelled():
                self._end(w)  # started as the wait ended: give it back
            else:
                future.cancel()
                self._leave(w)
            if isinstance(e, asyncio.CancelledError):
                raise
            raise Busy("the workbench stayed busy with other Directors' rulings; try "
                       "again in a moment", self.retry_after) from None


__all__ = ["CHEAP", "Admission", "Busy", "expected_work"]
