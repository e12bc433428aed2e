"""How many rulings the workbench runs, and for whom: side by side up to the machine's
cores, one in flight per client, a bounded queue behind them; past it a request is
answered 429 with ``Retry-After`` at once, never left waiting without end.

A client is a browser at an address: the address, with the id the page keeps on the
device (header ``X-Equity-Client``), so two phones behind one address are two clients;
a client that makes up ids is still held by the queue's bound.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class Busy(Exception):
    """A ruling refused for now: why, and in how many seconds to ask again."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.message, self.retry_after = message, retry_after


class Admission:
    """``slots`` rulings at a time, at most ``queue`` more waiting, one per client."""

    def __init__(self, slots: int, queue: int, retry_after: int) -> None:
        if slots < 1 or queue < 0:
            raise ValueError("slots >= 1 and queue >= 0")
        self.slots, self.queue, self.retry_after = slots, queue, retry_after
        self._free = asyncio.Semaphore(slots)
        self._clients: set[str] = set()
        self._waiting = 0

    @asynccontextmanager
    async def admit(self, client: str) -> AsyncIterator[None]:
        """Hold a slot for ``client``'s ruling; :class:`Busy` when the client already has
        one in flight or the queue is full."""
        if client in self._clients:
            raise Busy("your previous ruling is still running; the page asks again when it "
                       "is done", self.retry_after)
        if self._free.locked() and self._waiting >= self.queue:
            raise Busy("the workbench is busy with other Directors' rulings; try again in a "
                       "moment", self.retry_after)
        self._clients.add(client)
        self._waiting += 1
        waiting = True
        try:
            async with self._free:
                self._waiting -= 1
                waiting = False
                yield
        finally:
            if waiting:
                self._waiting -= 1
            self._clients.discard(client)


__all__ = ["Admission", "Busy"]
