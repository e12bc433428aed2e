"""``equity serve`` under hostile clients, on loopback only: requests that never finish
are closed at the deadline, running out of descriptors does not stop the server, a
killed server leaves no ruling behind and its port free, hostile values get a 4xx naming
the field, and every answer carries the page's security headers. No traceback, ever."""

from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time
from typing import Any

import pytest

from equity.app.workbench.connections import REQUEST_SECONDS
from equity.app.workbench.server import WORK_LIMITS
from tests.workbench import (
    ROWS_001,
    Workbench,
    alive,
    descendants,
    file_limit,
    tcp_sockets,
)

HEADERS = {"referrer-policy": "no-referrer", "x-content-type-options": "nosniff",
           "cache-control": "no-store", "x-frame-options": "DENY"}


def test_every_answer_carries_the_security_headers(bench: Workbench) -> None:
    for path, body in (("/", None), ("/static/app.js", None), ("/api/options", None),
                       ("/api/tricks", {"rows": ""})):
        _, headers, _ = bench.call(path, body)
        for name, value in HEADERS.items():
            assert headers.get(name) == value, (path, name)
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
    _, headers, _ = bench.call("/", headers={"Host": "evil.example"})  # a refusal too
    assert headers.get("x-frame-options") == "DENY"


def _raw(bench: Workbench, request: bytes) -> tuple[str, dict[str, str], bytes]:
    """``request`` sent as is on a socket of its own; the status line, the headers and
    the body, read until the server closes the connection."""
    with socket.create_connection(("127.0.0.1", bench.port)) as s:
        s.settimeout(30)  # a guard against a hang, not a timing
        s.sendall(request)
        data = b""
        while chunk := s.recv(4096):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


@pytest.mark.parametrize("request_bytes", [
    b"GARBAGE\r\n\r\n",  # no request line
    b"GET / HTTP/1.1\r\nHost: x\r\nbad header line\r\n\r\n",  # a header without ':'
    b"POST /api/rule HTTP/1.1\r\nHost: x\r\nContent-Length: nine\r\n\r\n",
], ids=["no request line", "header without colon", "content-length not a number"])
def test_a_malformed_request_is_a_400_with_the_security_headers(
        bench: Workbench, request_bytes: bytes) -> None:
    status, headers, body = _raw(bench, request_bytes)
    assert status.startswith("HTTP/1.1 400 "), status
    for name, value in HEADERS.items():
        assert headers.get(name) == value, (name, headers)
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "server" not in headers
    assert json.loads(body)["field"] is None and "not HTTP" in json.loads(body)["error"]


def test_no_answer_names_the_server_software(bench: Workbench) -> None:
    host = f"Host: 127.0.0.1:{bench.port}\r\n".encode()
    for request in (b"GET / HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n",
                    b"GET /api/nothing HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n"):
        status, headers, _ = _raw(bench, request)
        assert status.split()[1] in ("200", "404") and "server" not in headers, headers
        assert headers.get("x-content-type-options") == "nosniff"


def test_the_page_takes_the_token_out_of_the_address_bar(bench: Workbench) -> None:
    _, _, script = bench.call("/static/app.js")
    head = script.decode()[:2000]
    assert 'query.delete("token")' in head and "history.replaceState" in head


def _open(bench: Workbench, first: bytes) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", bench.port))
    s.sendall(first)
    return s


def test_requests_that_never_finish_are_closed_at_the_deadline(bench: Workbench) -> None:
    host = f"Host: 127.0.0.1:{bench.port}\r\n".encode()
    slow = [_open(bench, b"GET / HTTP/1.1\r\n" + host),  # headers never finished
            _open(bench, b"POST /api/tricks HTTP/1.1\r\n" + host +  # body never finished
                  b"Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{"),
            _open(bench, b"")]  # nothing at all
    answers = []
    for s in slow:
        s.settimeout(REQUEST_SECONDS + 20)  # a guard against a hang, not a timing
        data = b""
        while chunk := s.recv(4096):
            data += chunk
        answers.append(data)  # the server closed it: recv gave b""
        s.close()
    assert all(a.startswith(b"HTTP/1.1 408 ") for a in answers), answers
    assert b"took too long" in answers[0]
    assert all(b"\r\nx-frame-options: DENY\r\n" in a for a in answers), answers
    status, _, _ = bench.call("/api/options")
    assert status == 200


@pytest.mark.parametrize(("raw", "status", "said"), [
    (b"[" * 50_000 + b"]" * 50_000, 400, "nested too deeply"),
    (b'{"rows": "x", "options": {"samples": 1e999}}', 400, "1e999 is out of range"),
    (b'{"rows": "x", "options": {"samples": NaN}}', 400, "NaN is not a JSON number"),
    (b'{"rows": "x", "options": {"likely": 1e300}}', 422, "--likely"),
    (b'{"rows": "x", "options": {"samples": 100000000000000000000000}}', 422,
     "--samples"),
])
def test_hostile_json_gets_a_4xx_naming_what_is_wrong(bench: Workbench, raw: bytes,
                                                      status: int, said: str) -> None:
    got, _, body = bench.call("/api/rule", raw=raw)
    assert got == status and said in json.loads(body)["error"], body


def test_a_utf16_hand_record_is_refused_naming_the_encoding(bench: Workbench) -> None:
    status, _, body = bench.call("/api/handrecord?format=pbn",
                                 raw='[Event "x"]\n[Board "1"]\n'.encode("utf-16"))
    assert status == 422 and "UTF-16" in json.loads(body)["error"]


def test_a_client_leaving_mid_body_is_no_error(bench: Workbench) -> None:
    for _ in range(3):
        s = _open(bench, f"POST /api/rule HTTP/1.1\r\nHost: 127.0.0.1:{bench.port}\r\n"
                  "Content-Type: application/json\r\nContent-Length: 900\r\n\r\n"
                  '{"rows": "'.encode())
        s.close()
    time.sleep(0.5)
    status, _, _ = bench.call("/api/options")
    assert status == 200  # and no traceback on stderr: the fixture checks at the end


def test_after_descriptors_run_out_the_server_answers_again() -> None:
    """300 clients that never finish their headers against a server that may open 256
    files (a macOS terminal's default): it refuses what it cannot hold, prints no
    traceback, and answers a plain request as soon as they leave."""
    s = Workbench(preexec=file_limit(256))
    attackers: list[socket.socket] = []
    try:
        for _ in range(300):
            try:
                attackers.append(_open(s, b"GET / HTTP/1.1\r\n"))
            except OSError:
                break
        for a in attackers:
            a.close()
        deadline = time.monotonic() + 10  # a guard: the acceptance asks for 2 s
        status = 0
        while status != 200 and time.monotonic() < deadline:
            try:
                status, _, _ = s.call("/api/options", timeout=2)
            except OSError:
                time.sleep(0.1)
        assert status == 200
    finally:
        err = s.stop()
    assert "Traceback" not in err and len(err.splitlines()) < 20, err[-2000:]


def _rule_in_thread(s: Workbench, options: dict[str, Any], out: list[Any]) -> threading.Thread:
    def run() -> None:
        try:
            out.append(s.call("/api/rule", {"rows": ROWS_001, "options": options})[0])
        except OSError as e:
            out.append(e)
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def test_a_killed_server_leaves_no_ruling_behind_and_its_port_free() -> None:
    """A ruling process holds no socket of the server's (not its port, not a client's
    connection); after ``kill -9`` of the server during a ruling no process of it is
    left, and a new server binds the same port."""
    s = Workbench("--time-limit", "60")
    out: list[Any] = []
    biggest = {name: str(cap) for name, cap in WORK_LIMITS.items()}
    _rule_in_thread(s, {**biggest, "attention": "returned"}, out)
    deadline = time.monotonic() + 20
    # the server's helpers (the fork server...) and the ruling the fork server forked
    while (len(descendants(s.proc.pid)) == len(descendants(s.proc.pid, 1))
           and time.monotonic() < deadline):
        time.sleep(0.05)
    left = descendants(s.proc.pid)
    rulings = left - descendants(s.proc.pid, 1)
    assert rulings, "no ruling process was seen"
    assert tcp_sockets(s.proc.pid)  # the server holds its port and the client's connection
    assert all(tcp_sockets(p) == set() for p in left)  # its helpers and rulings hold none
    os.kill(s.proc.pid, signal.SIGKILL)
    s.proc.wait()
    deadline = time.monotonic() + 10
    while any(alive(p) for p in left) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(p) for p in left)
    again = Workbench(port=s.port)  # binds the same port
    try:
        status, _, _ = again.call("/api/options")
        assert status == 200
    finally:
        again.stop()
        s.stop()
