"""A real ``equity serve`` process on a free loopback port and a browser page on it:
support for the workbench tests (not a test module)."""

from __future__ import annotations

import json
import os
import re
import resource
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tests.builders import DEAL_001
from tests.builders import ROWS_001 as ROWS_ON_A_HAND_RECORD

ROWS_001 = ROWS_ON_A_HAND_RECORD.replace(
    "board: 1\n", f"board: 1\ndealer: E\nvulnerable: None\ndeal: {DEAL_001}\n")
"""Seed 001's rows with its deal: a case the page sends (it has no hand record file)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def listening(proc: subprocess.Popen[bytes], port: int, guard: float = 30) -> bool:
    """Whether the server ``proc`` answers on ``port`` before ``guard`` seconds (a hang
    guard, not a speed check); its stderr raised when it exits first."""
    deadline = time.monotonic() + guard
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.1)
    return False


class Server:
    def __init__(self, *args: str, command: list[str] | None = None,
                 cwd: str | os.PathLike[str] | None = None, port: int | None = None) -> None:
        """``equity serve`` (``command``: how equity is run, default ``python -m``) on
        ``port`` (default: a free one), in ``cwd``."""
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [*(command or [sys.executable, "-m", "equity.app.cli"]), "serve", "--port",
             str(self.port), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        if not listening(self.proc, self.port):
            self.stop()
            raise RuntimeError("the server did not start")

    def stop(self) -> str:
        self.proc.terminate()
        try:
            _, err = self.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return err.decode()

    def request(self, path: str, body: bytes | None = None, content_type: str = "application/json",
                method: str | None = None) -> tuple[int, str, bytes]:
        req = urllib.request.Request(self.url + path, data=body, method=method,
                                     headers={"Content-Type": content_type})
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return r.status, r.headers.get("Content-Type", ""), r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers.get("Content-Type", ""), e.read()

    def post(self, path: str, obj: Any) -> tuple[int, Any]:
        status, _, body = self.request(path, json.dumps(obj).encode())
        return status, json.loads(body)


VIEWPORTS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 900}}


def new_page(browser: Any, viewport: str, server: Server,
             sizes: dict[str, dict[str, int]] = VIEWPORTS,
             bypass_csp: bool = True) -> tuple[Any, Any, list[str]]:
    """A fresh page on the workbench, sized for ``viewport`` (of ``sizes``), with its
    script errors collected; the form of options is built when it returns.
    ``bypass_csp``: Playwright's ``wait_for_function`` evaluates its predicate as a
    string, which the page's Content-Security-Policy forbids (no eval); the page under
    its policy is tested by test_the_page_runs_under_its_content_security_policy."""
    phone = viewport == "phone"
    context = browser.new_context(viewport=sizes[viewport], has_touch=phone,
                                  is_mobile=phone, accept_downloads=True,
                                  bypass_csp=bypass_csp)
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy"
            in m.text else None)
    page.goto(server.url + "/")
    page.locator("#opt-attention").wait_for(state="attached")
    return context, page, errors


@contextmanager
def phone_page(browser: Any, server: Any) -> Iterator[Any]:
    """A fresh 390 x 844 phone page on the workbench (its own storage), the options form
    built; on leaving, no script error may have happened. Playwright's
    ``wait_for_function`` evaluates a string, which the page's Content-Security-Policy
    forbids: the page under its policy is tested in test_workbench_browser.py."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, bypass_csp=True)
    p = context.new_page()
    p.set_default_timeout(60_000)
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(server.url + "/")
    p.locator("#opt-attention").wait_for(state="attached")
    yield p
    context.close()
    assert not errors, errors


# --- The workbench under hostile clients: its processes, sockets and limits ---


URL = re.compile(r"^http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_-]{20,})$")


def file_limit(n: int) -> Callable[[], None]:
    """For ``preexec_fn``: the child may open at most ``n`` files (soft and hard), as
    a macOS terminal's default of 256."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))
    return limit


class Workbench:
    """``equity serve --port P ARGS`` (with ``--lan``: its token from its first line)."""

    def __init__(self, *args: str, port: int | None = None,
                 preexec: Callable[[], None] | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "equity.app.cli", "serve", "--port", str(self.port), *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=preexec)
        self.token: str | None = None
        if "--lan" in args:
            assert self.proc.stdout is not None
            first = self.proc.stdout.readline().decode().rstrip("\n")
            match = URL.match(first)
            assert match, first
            self.token = match.group(2)
        if not listening(self.proc, self.port):
            self.stop()
            raise RuntimeError("the server did not start")

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def stop(self) -> str:
        """Stop the server (SIGTERM); its stderr."""
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            _, err = self.proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return err.decode()

    def call(self, path: str, body: Any = None, headers: dict[str, str] | None = None,
             raw: bytes | None = None, timeout: float = 120) -> tuple[int, dict[str, str], bytes]:
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None
                                            else None)
        req = urllib.request.Request(self.url + path, data=data, headers={
            "Content-Type": "application/json", **self.auth, **(headers or {})})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
        except urllib.error.HTTPError as e:
            return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def descendants(pid: int, depth: int = 99) -> set[int]:
    """The processes ``pid`` started, and theirs down to ``depth`` generations (from
    /proc), alive now."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(entry))
    out: set[int] = set()
    generation = [pid]
    for _ in range(depth):
        generation = [c for p in generation for c in children.get(p, []) if c not in out]
        out.update(generation)
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def tcp_sockets(pid: int) -> set[str]:
    """The TCP sockets (``socket:[INODE]``) process ``pid`` holds open."""
    inodes: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table, encoding="ascii") as f:
                inodes.update(line.split()[9] for line in f.readlines()[1:])
        except OSError:
            continue
    held: set[str] = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith("socket:[") and target[8:-1] in inodes:
                held.add(target)
    except OSError:
        pass
    return held
