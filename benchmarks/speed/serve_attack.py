"""The workbench under hostile clients, measured on loopback (figures in RESULTS.md).

``python -m benchmarks.speed.serve_attack`` starts ``equity serve`` on a free port and prints:

- a plain ruling's latency alone, and while three other clients each rule the largest
  estimate the page allows;
- ``GET /api/options``'s and a plain ruling's latency alone, and while three clients
  upload a 5,000-board hand record in a loop;
- how long after 300 clients that never finish their headers (the server limited to 256
  open files) leave, a plain request is answered.
"""

from __future__ import annotations

import json
import resource
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from typing import Any

from tests.workbench import ROWS_001 as ROWS
from tests.workbench import free_port

BIGGEST = {"samples": "320", "max_positions": "20000", "attention": "returned"}
PLAIN = {"attention": "returned"}


class Serve:
    def __init__(self, files: int | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"

        def limit() -> None:
            if files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

        self.proc = subprocess.Popen([sys.executable, "-m", "equity.app.cli", "serve",
                                      "--port", str(self.port)], preexec_fn=limit,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.1)

    def call(self, path: str, body: Any = None, client: str = "x", raw: bytes | None = None,
             timeout: float = 120) -> tuple[int, float]:
        data = raw if raw is not None else (json.dumps(body).encode() if body else None)
        req = urllib.request.Request(self.url + path, data=data, headers={
            "Content-Type": "application/json", "X-Equity-Client": client})
        t = time.perf_counter()
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                r.read()
                status = r.status
        except urllib.error.HTTPError as e:
            status = e.code
        return status, time.perf_counter() - t

    def rule(self, options: dict[str, str], client: str) -> tuple[int, float]:
        return self.call("/api/rule", {"rows": ROWS, "options": options}, client)

    def stop(self) -> str:
        self.proc.terminate()
        _, err = self.proc.communicate(timeout=30)
        return err.decode()


def _hand_record(boards: int) -> bytes:
    deal = "N:K74.J6.T543.Q432 962.Q8.AKQJ96.A7 JT8.AK9752..T986 AQ53.T43.872.KJ5"
    return "".join(f'[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n\n'
                   for n in range(1, boards + 1)).encode()


def fair(s: Serve) -> None:
    s.rule(PLAIN, "warm")
    alone = min(s.rule(PLAIN, "D")[1] for _ in range(2))
    threads = [threading.Thread(target=s.rule, args=(BIGGEST, c)) for c in "ABC"]
    for t in threads:
        t.start()
        time.sleep(0.2)
    status, beside = s.rule(PLAIN, "D")
    for t in threads:
        t.join()
    print(f"plain ruling alone {alone:.2f} s; while three clients rule the largest: "
          f"{beside:.2f} s (status {status})")


def uploads(s: Serve) -> None:
    record = _hand_record(5000)
    alone_options = min(s.call("/api/options")[1] for _ in range(5))
    alone_rule = s.rule(PLAIN, "D")[1]
    stop = threading.Event()

    def upload(client: str) -> None:
        while not stop.is_set():
            s.call("/api/handrecord?format=pbn", raw=record, client=client)

    threads = [threading.Thread(target=upload, args=(c,)) for c in "ABC"]
    for t in threads:
        t.start()
    time.sleep(2)
    busy_options = max(s.call("/api/options")[1] for _ in range(5))
    busy_rule = s.rule(PLAIN, "D")[1]
    stop.set()
    for t in threads:
        t.join()
    print(f"GET /api/options alone {alone_options * 1000:.0f} ms, during three uploaders "
          f"(worst of 5) {busy_options * 1000:.0f} ms; plain ruling alone {alone_rule:.2f} s, "
          f"during {busy_rule:.2f} s")


def descriptors() -> None:
    s = Serve(files=256)
    attackers = []
    for _ in range(300):
        try:
            c = socket.create_connection(("127.0.0.1", s.port))
            c.sendall(b"GET / HTTP/1.1\r\n")
            attackers.append(c)
        except OSError:
            break
    time.sleep(1)
    for c in attackers:
        c.close()
    t = time.perf_counter()
    status = 0
    while status != 200 and time.perf_counter() - t < 30:
        try:
            status, _ = s.call("/api/options", timeout=2)
        except OSError:
            time.sleep(0.05)
    after = time.perf_counter() - t
    err = s.stop()
    print(f"300 half-open clients, 256 files: a plain request answered {after:.2f} s after "
          f"they left; stderr {len(err)} bytes, {err.count('Traceback')} tracebacks")


def main() -> None:
    s = Serve()
    try:
        fair(s)
        uploads(s)
    finally:
        s.stop()
    descriptors()


if __name__ == "__main__":
    main()
