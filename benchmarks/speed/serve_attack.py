"""The workbench under hostile clients, measured on loopback (figures in RESULTS.md).

``python -m benchmarks.speed.serve_attack`` starts ``equity serve`` on a free port and prints:

- a plain ruling's latency alone, and while three other clients each rule the largest
  estimate the page allows;
- ``GET /api/options``'s and a plain ruling's latency alone, and while three clients
  upload a 5,000-board hand record in a loop;
- how long after 300 clients that never finish their headers (the server limited to 256
  open files) leave, a plain request is answered;
- (issue 42) a Director's plain ruling while one other address floods the server with
  plain rulings under 16 made-up client ids; while eight other addresses ask for the
  report as PDF in a loop (and how many Chromium processes ran at once); and the largest
  ruling the page allows, alone.
- (issue 48, ``--router N [SECONDS]``) N clients behind one address (a club's router),
  each with its own id, each ruling again as soon as it is answered (asking again after
  ``Retry-After`` on a 429, as the page does), for SECONDS: per client, the answers and
  the worst wait for one (from its first ask to the answer).
"""

from __future__ import annotations

import http.client
import json
import os
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
LARGEST = {"samples": "320", "reference": True, "attention": "returned"}
"""The largest ruling the page allows: the most samples, 16 times them (``reference``),
up to the page's cap on positions (which the server sets)."""


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

    def rule(self, options: dict[str, Any], client: str) -> tuple[int, float]:
        return self.call("/api/rule", {"rows": ROWS, "options": options}, client)

    def post_from(self, source: str, path: str, body: Any, client: str,
                  timeout: float = 120) -> tuple[int, float]:
        """POST from the loopback address ``source`` (127.0.0.x): another machine, as
        the server sees it."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout,
                                          source_address=(source, 0))
        t = time.perf_counter()
        try:
            conn.request("POST", path, json.dumps(body), headers={
                "Content-Type": "application/json", "X-Equity-Client": client})
            response = conn.getresponse()
            response.read()
            return response.status, time.perf_counter() - t
        finally:
            conn.close()

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


def _director(s: Serve) -> tuple[float, int]:
    """A Director's plain ruling until it is answered 200: the time, and the 429s met
    (the page asks again after Retry-After, here after 0.2 s)."""
    t = time.perf_counter()
    refused = 0
    while True:
        status, _ = s.post_from("127.0.0.1", "/api/rule", {"rows": ROWS, "options": PLAIN},
                                "director")
        if status == 200:
            return time.perf_counter() - t, refused
        refused += 1
        time.sleep(0.2)


def flood(s: Serve) -> None:
    """One address (127.0.0.2) asks for plain rulings without pause under 16 made-up
    client ids; a Director at another address rules."""
    alone = min(_director(s)[0] for _ in range(2))
    stop = threading.Event()
    answers: list[int] = []

    def flooder(k: int) -> None:
        while not stop.is_set():
            status, _ = s.post_from("127.0.0.2", "/api/rule", {"rows": ROWS,
                                                                "options": PLAIN}, f"made-up-{k}")
            answers.append(status)

    threads = [threading.Thread(target=flooder, args=(k,)) for k in range(16)]
    for t in threads:
        t.start()
    time.sleep(3)
    beside = [_director(s) for _ in range(3)]
    stop.set()
    for t in threads:
        t.join()
    print(f"plain ruling alone {alone:.2f} s; beside one address flooding under 16 ids: "
          + ", ".join(f"{t:.2f} s ({n} x 429)" for t, n in beside)
          + f"; the flood got {answers.count(200)} x 200, {answers.count(429)} x 429")


def _chromium() -> int:
    """Headless Chromium browsers running now (their main processes, not the renderers
    and zygotes each starts: counted in /proc by their command line)."""
    n = 0
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                command = f.read().lower()
        except OSError:
            continue
        n += b"chrom" in command and b"--headless" in command and b"--type=" not in command
    return n


def pdfs(s: Serve) -> None:
    """Eight addresses ask for the report as PDF without pause; a Director rules."""
    stop = threading.Event()

    def printer(k: int) -> None:
        while not stop.is_set():
            s.post_from(f"127.0.0.{20 + k}", "/api/report?format=pdf",
                        {"rows": ROWS, "options": PLAIN}, f"printer-{k}")

    threads = [threading.Thread(target=printer, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    most = 0
    end = time.perf_counter() + 4
    while time.perf_counter() < end:
        most = max(most, _chromium())
        time.sleep(0.1)
    beside, refused = _director(s)
    stop.set()
    for t in threads:
        t.join()
    print(f"eight addresses printing PDFs: at most {most} Chromium browsers at once; a "
          f"plain ruling {beside:.2f} s "
          f"({refused} x 429)")


def largest(s: Serve) -> None:
    status, t = s.post_from("127.0.0.3", "/api/rule", {"rows": ROWS, "options": LARGEST},
                            "largest")
    print(f"the largest ruling the page allows, alone: {t:.2f} s (status {status})")


def router(s: Serve, clients: int, seconds: float) -> None:
    """``clients`` Directors behind one address (127.0.0.5), each ruling in a loop."""
    stop = time.perf_counter() + seconds
    answers = [0] * clients
    worst = [0.0] * clients
    refused = [0] * clients
    failed = [0] * clients

    def director(k: int) -> None:
        asked = time.perf_counter()
        while time.perf_counter() < stop:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=300,
                                                  source_address=("127.0.0.5", 0))
                try:
                    conn.request("POST", "/api/rule", json.dumps(
                        {"rows": ROWS, "options": PLAIN}), headers={
                        "Content-Type": "application/json", "X-Equity-Client": f"phone-{k}"})
                    response = conn.getresponse()
                    response.read()
                    status, retry = response.status, response.getheader("Retry-After")
                finally:
                    conn.close()
            except OSError:  # the connection refused or cut: the page says so; asked again
                failed[k] += 1
                time.sleep(2)
                continue
            now = time.perf_counter()
            if status == 200:
                if now < stop:
                    answers[k] += 1
                    worst[k] = max(worst[k], now - asked)
                asked = now
            else:
                refused[k] += 1
                time.sleep(float(retry or 2))
        if not answers[k]:
            worst[k] = time.perf_counter() - asked  # still waiting for its first

    threads = [threading.Thread(target=director, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"{clients} clients behind one address for {seconds:g} s: answers per client "
          f"{sorted(answers, reverse=True)} (total {sum(answers)}, {answers.count(0)} got "
          f"none); worst wait for an answer {max(worst):.1f} s (per client, median "
          f"{sorted(worst)[clients // 2]:.1f} s); {sum(refused)} x 429, {sum(failed)} "
          "connections refused")


def main() -> None:
    if "--router" in sys.argv:
        at = sys.argv.index("--router")
        clients = int(sys.argv[at + 1])
        seconds = float(sys.argv[at + 2]) if len(sys.argv) > at + 2 else 60.0
        s = Serve()
        try:
            s.rule(PLAIN, "warm")
            router(s, clients, seconds)
        finally:
            s.stop()
        return
    s = Serve()
    try:
        if "--issue-42" not in sys.argv:
            fair(s)
            uploads(s)
        flood(s)
        pdfs(s)
        largest(s)
    finally:
        s.stop()
    if "--issue-42" not in sys.argv:
        descriptors()


if __name__ == "__main__":
    main()
