"""The workbench's connections, bounded: no client can hold the server, on a club's
network or on this machine.

- **Deadline**: a request's headers and body must arrive within :data:`REQUEST_SECONDS`
  of its first byte (of the connection, for the first request); past it the client gets
  ``408`` and the connection is closed. An idle kept-alive connection is closed after
  :data:`KEEP_ALIVE_SECONDS`. A ruling's own time is not counted: the deadline ends when
  the request is complete.
- **Caps**: at most :data:`MAX_CONNECTIONS` connections open (fewer when the process may
  hold fewer file descriptors: it keeps :data:`RESERVE` of them for its own work) and
  :data:`PER_ADDRESS` from one address; a connection past a cap is closed at once,
  before a byte is read.
- **Descriptors**: at start the soft limit on open files is raised to the hard one; if
  descriptors still run out, new connections wait (the listener pauses a second) and the
  open ones are answered.
- **Malformed HTTP** is answered 400 (:func:`raw_answer`: JSON, with the headers every
  answer carries) and the connection closed.
- **Quiet**: none of this prints a traceback; each kind of event is said in one line on
  stderr at most every :data:`.notices.NOTICE_SECONDS`
  (:mod:`equity.app.workbench.notices`).
"""

from __future__ import annotations

import asyncio
import json
import resource
from collections import Counter
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from equity.app.workbench.hardening import HEADERS
from equity.app.workbench.notices import NOTICES

REQUEST_SECONDS = 10.0
"""The most time a request's headers and body may take to arrive."""

KEEP_ALIVE_SECONDS = 5
"""An idle connection kept alive between requests is closed after this."""

MAX_CONNECTIONS = 512
"""The most connections open at once."""

PER_ADDRESS = MAX_CONNECTIONS // 2
"""The most connections open from one address: half of all (phones behind a club's
router share its address, each with a connection or two, one waiting its ruling's
turn; another address always finds half)."""

RESERVE = 64
"""File descriptors kept for the server's own work (rulings' pipes, files, the PDF
printer) when the limit on open files bounds the connections."""

_BODIES = {
    408: "the request took too long to arrive; the connection is closed",
    400: "the request is not HTTP the workbench reads; the connection is closed"}
_REASONS = {408: b"Request Timeout", 400: b"Bad Request"}


def raw_answer(status: int) -> bytes:
    """The answer written on the connection itself, where no application answers (a
    request past its deadline, malformed HTTP): JSON ``{"error", "field": null}`` like
    the API's, with the headers every answer carries (:data:`.hardening.HEADERS`), and
    the connection closed."""
    body = json.dumps({"error": _BODIES[status], "field": None}).encode()
    head = [(b"content-type", b"application/json"), *HEADERS, (b"connection", b"close"),
            (b"content-length", str(len(body)).encode())]
    return (b"HTTP/1.1 %d %s\r\n" % (status, _REASONS[status])
            + b"".join(k + b": " + v + b"\r\n" for k, v in head) + b"\r\n" + body)


def raise_file_limit() -> int:
    """Raise the soft limit on open files to the hard one; the limit now in force."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or hard > soft:
            target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ValueError, OSError):
        return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class Gate:
    """Who holds a connection: the counts per address and in all."""

    def __init__(self, total: int, per_address: int) -> None:
        self.total, self.per_address = total, per_address
        self.open: Counter[str] = Counter()
        self.count = 0

    @classmethod
    def for_this_process(cls) -> Gate:
        """The caps, the total bounded by the descriptors this process may open."""
        limit = raise_file_limit()
        total = max(8, min(MAX_CONNECTIONS, limit - RESERVE))
        return cls(total, min(PER_ADDRESS, total // 2))

    def admit(self, address: str) -> bool:
        if self.count >= self.total:
            NOTICES.say("full", f"{self.total} connections open; new ones are refused")
            return False
        if self.open[address] >= self.per_address:
            NOTICES.say("address", f"{address} holds {self.per_address} connections; its "
                        "new ones are refused")
            return False
        self.open[address] += 1
        self.count += 1
        return True

    def leave(self, address: str) -> None:
        self.count -= 1
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class BoundedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with the caps of its :class:`Gate` and the request
    deadline."""

    gate: Gate = Gate(MAX_CONNECTIONS, PER_ADDRESS)
    deadline: float = REQUEST_SECONDS

    def __init__(self, config: Config, server_state: ServerState,
                 app_state: dict[str, Any], _loop: asyncio.AbstractEventLoop | None = None
                 ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._address: str | None = None
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self.gate.admit(address):
            transport.abort()
            return
        self._address = address
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._address is None:  # refused at the gate
            return
        self.gate.leave(self._address)
        self._address = None
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.is_closing():
            self._disarm()
        elif self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self._arm()  # a request is on its way: it has until the deadline
        else:
            self._disarm()

    def send_400_response(self, msg: str) -> None:
        """Malformed HTTP: 400 as :func:`raw_answer` writes it (uvicorn's own is plain text
        without the headers every answer carries), the connection closed."""
        if not self.transport.is_closing():
            self.transport.write(raw_answer(400))
            NOTICES.say("malformed", f"a malformed request from {self._address}; its "
                        "connection is closed")
            self.transport.close()

    def _arm(self) -> None:
        if self._timer is None:
            self._timer = self.loop.call_later(self.deadline, self._expire)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expire(self) -> None:
        self._timer = None
        if self.transport.is_closing() or self.conn.their_state not in (h11.IDLE,
                                                                        h11.SEND_BODY):
            return
        if self.cycle is None or not self.cycle.response_started:
            self.transport.write(raw_answer(408))
        NOTICES.say("deadline", f"a request from {self._address} took more than "
                    f"{self.deadline:g} s to arrive; its connection is closed")
        self.transport.close()


def bounded_protocol(gate: Gate, deadline: float = REQUEST_SECONDS) -> type[BoundedProtocol]:
    """The protocol class uvicorn is given, with these caps and this deadline."""
    return type("Bounded", (BoundedProtocol,), {"gate": gate, "deadline": deadline})


def quiet_exceptions(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The event loop's errors in one line, no traceback (descriptors running out: the
    listener waits a second and tries again)."""
    message = str(context.get("message", "error"))
    exc = context.get("exception")
    if "out of system resource" in message:
        NOTICES.say("descriptors", "out of file descriptors; new connections wait, the "
                    "open ones are answered")
        return
    NOTICES.say(f"loop {message[:40]}", f"{message}"
                + (f" ({type(exc).__name__}: {exc})" if exc is not None else ""))


__all__ = ["KEEP_ALIVE_SECONDS", "MAX_CONNECTIONS", "PER_ADDRESS", "REQUEST_SECONDS",
           "BoundedProtocol", "Gate", "bounded_protocol", "quiet_exceptions",
           "raise_file_limit", "raw_answer"]
