"""The PDF step (equity.render.pdf, `equity report --pdf`): Chromium prints a local file with
no network (no DNS query, no load of a named host), with its sandbox on wherever the platform
allows it, and `-o X.pdf` writes X.pdf and nothing else.

The command-line tests use a stand-in Chromium (a shell script that writes a PDF and records
its arguments); the network and sandbox tests run Debian's ``chromium`` and are skipped
without it (and, for the DNS test, without ``strace``).
"""

from __future__ import annotations

import http.server
import os
import re
import shutil
import stat
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from equity.app.cli import main
from equity.render import pdf
from equity.render.pdf import NO_SANDBOX, chromium_command, print_pdf, sandbox_blocker
from tests.browsers import chromium as find_chromium
from tests.builders import CASES

CASE = CASES / "001_3nt_east_diamond_discard.pbn"

FAKE_CHROMIUM = """#!/bin/sh
# A stand-in for Chromium: record the arguments, write a PDF where asked.
printf '%s\\n' "$@" > "$EQUITY_FAKE_ARGS"
for a in "$@"; do
  case "$a" in --print-to-pdf=*) printf '%%PDF-1.4 fake\\n' > "${a#--print-to-pdf=}";; esac
done
"""


@pytest.fixture
def fake_chromium(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in Chromium as $EQUITY_CHROMIUM; returns the file it writes its arguments to."""
    exe = tmp_path / "bin" / "chromium"
    exe.parent.mkdir()
    exe.write_text(FAKE_CHROMIUM, encoding="utf-8")
    exe.chmod(0o755)
    args = tmp_path / "args.txt"
    monkeypatch.setenv("EQUITY_CHROMIUM", str(exe))
    monkeypatch.setenv("EQUITY_FAKE_ARGS", str(args))
    return args


def test_pdf_output_never_overwrites_the_html_beside_it(fake_chromium: Path,
                                                        tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    mine = out / "ruling.html"
    mine.write_text("my own page", encoding="utf-8")
    assert main(["report", str(CASE), "-o", str(out / "ruling.pdf")]) == 0
    assert mine.read_text(encoding="utf-8") == "my own page"
    assert sorted(p.name for p in out.iterdir()) == ["ruling.html", "ruling.pdf"]
    assert (out / "ruling.pdf").read_bytes().startswith(b"%PDF-")
    # Chromium printed a temporary page, which is gone
    page = next(a for a in fake_chromium.read_text().splitlines() if a.startswith("file://"))
    assert not Path(page.removeprefix("file://")).exists()


def test_pdf_alone_writes_no_html(fake_chromium: Path, tmp_path: Path) -> None:
    assert main(["report", str(CASE), "-o", str(tmp_path / "r.pdf")]) == 0
    assert not (tmp_path / "r.html").exists() and (tmp_path / "r.pdf").is_file()


def test_html_with_pdf_writes_both(fake_chromium: Path, tmp_path: Path) -> None:
    assert main(["report", str(CASE), "-o", str(tmp_path / "r.html"), "--pdf"]) == 0
    assert "<!DOCTYPE html>" in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF-")


def test_chromium_gets_no_network(fake_chromium: Path, tmp_path: Path) -> None:
    assert main(["report", str(CASE), "-o", str(tmp_path / "r.pdf")]) == 0
    args = fake_chromium.read_text().splitlines()
    assert "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost" in args
    for flag in ("--no-proxy-server", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--disable-domain-reliability", "--headless"):
        assert flag in args
    profile = next(a for a in args if a.startswith("--user-data-dir="))
    assert not Path(profile.split("=", 1)[1]).exists()  # a fresh profile, removed after


def test_sandbox_is_on_for_an_ordinary_user_with_user_namespaces(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    monkeypatch.setattr(pdf, "_read", lambda path: "1" if "max_user" in path or
                        "userns_clone" in path else None)
    assert sandbox_blocker("chromium") is None
    assert NO_SANDBOX not in chromium_command("chromium", Path("/tmp/p"))


def test_sandbox_is_off_as_root_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    reason = sandbox_blocker("chromium")
    assert reason is not None and "root" in reason
    assert NO_SANDBOX in chromium_command("chromium", Path("/tmp/p"))


def test_sandbox_is_off_without_user_namespaces_and_says_why(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    monkeypatch.setattr(pdf, "_read", lambda path: "0" if "userns_clone" in path else None)
    reason = sandbox_blocker("/nonexistent/chromium")
    assert reason is not None and "kernel.unprivileged_userns_clone" in reason
    assert NO_SANDBOX in chromium_command("/nonexistent/chromium", Path("/tmp/p"))


# --- With the real Chromium -------------------------------------------------------------------


@pytest.fixture
def chromium(monkeypatch: pytest.MonkeyPatch) -> str:
    path = find_chromium()
    monkeypatch.setenv("EQUITY_CHROMIUM", path)
    return path


class _Hits(http.server.BaseHTTPRequestHandler):
    paths: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.paths.append(self.path)
        self.send_error(404)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def local_server() -> Iterator[tuple[int, list[str]]]:
    """An HTTP server on the loopback address that records the paths asked of it."""
    hits: list[str] = []
    handler = type("Hits", (_Hits,), {"paths": hits})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], hits
    finally:
        server.shutdown()
        server.server_close()


def test_printing_loads_nothing_by_host_name(chromium: str, tmp_path: Path,
                                            local_server: tuple[int, list[str]]) -> None:
    """``probe.localhost`` is the local server to a browser that resolves names (Chromium
    maps ``*.localhost`` to the loopback address itself): the offline Chromium must not
    load it. (The old flags loaded it.)"""
    port, hits = local_server
    page = tmp_path / "probe.html"
    page.write_text(f'<!DOCTYPE html><p>probe</p><img src="http://probe.localhost:{port}/'
                    'img.png"><link rel="stylesheet" href="http://probe.localhost:'
                    f'{port}/style.css">', encoding="utf-8")
    print_pdf(page, tmp_path / "probe.pdf")
    assert (tmp_path / "probe.pdf").read_bytes()[:5] == b"%PDF-"
    assert hits == []


def test_printing_makes_no_dns_query(chromium: str, tmp_path: Path) -> None:
    """Every socket Chromium connects is traced: none goes to a DNS server (port 53), though
    the page names a remote host. (The old flags made a dozen queries.)"""
    strace = shutil.which("strace")
    if strace is None:
        pytest.skip("strace is not installed")
    page = tmp_path / "probe.html"
    page.write_text('<!DOCTYPE html><p>probe</p><img src="http://dns-probe.example/x.png">'
                    '<img src="https://www.example.com/y.png">', encoding="utf-8")
    trace = tmp_path / "trace.txt"
    with tempfile.TemporaryDirectory() as profile:
        cmd = chromium_command(chromium, Path(profile), "--no-pdf-header-footer",
                               f"--print-to-pdf={tmp_path / 'probe.pdf'}", page.as_uri())
        done = subprocess.run([strace, "-f", "-qq", "-e", "trace=connect,sendto,sendmmsg",
                               "-o", str(trace), *cmd], capture_output=True, text=True,
                              timeout=180, check=False)
    if done.returncode != 0 and "ptrace" in done.stderr:
        pytest.skip(f"strace cannot trace here: {done.stderr.strip()[-200:]}")
    assert (tmp_path / "probe.pdf").read_bytes()[:5] == b"%PDF-", done.stderr[-2000:]
    dns = [line for line in trace.read_text().splitlines() if "htons(53)" in line]
    assert dns == []


def test_sandbox_stays_on_for_an_ordinary_user(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Run as root, the test prints as ``nobody`` with the command line an ordinary user
    gets: without ``--no-sandbox`` when user namespaces are available, and it prints."""
    chromium = find_chromium()
    runuser = shutil.which("runuser")
    if os.geteuid() != 0 or runuser is None:
        pytest.skip("needs root and runuser to run Chromium as another user")
    monkeypatch.setattr(os, "geteuid", lambda: 65534)
    if sandbox_blocker(chromium) is not None:
        pytest.skip(f"no sandbox for ordinary users here: {sandbox_blocker(chromium)}")
    shared = Path(tempfile.mkdtemp(prefix="equity-sandbox-"))
    try:
        shared.chmod(stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO)
        page = shared / "page.html"
        page.write_text("<!DOCTYPE html><p>sandboxed</p>", encoding="utf-8")
        page.chmod(0o644)
        cmd = chromium_command(chromium, shared / "profile", "--no-pdf-header-footer",
                               f"--print-to-pdf={shared / 'page.pdf'}", page.as_uri())
        assert NO_SANDBOX not in cmd
        done = subprocess.run([runuser, "-u", "nobody", "--", "env", f"HOME={shared}", *cmd],
                              capture_output=True, text=True, timeout=180, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        assert re.match(rb"%PDF-", (shared / "page.pdf").read_bytes())
    finally:
        shutil.rmtree(shared, ignore_errors=True)
