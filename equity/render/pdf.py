"""The committee document as a PDF, printed by headless Chromium from a local file.

Printing a local file needs no network, so Chromium gets none:

- every host name resolves to "not found" inside Chromium (``--host-resolver-rules``), so no
  DNS query leaves the machine and nothing named in a page (an image, a font, a style sheet)
  can be loaded; ``--no-proxy-server`` keeps it from looking for a proxy;
- the background traffic of a browser is switched off: component and safe-browsing updates,
  sync, domain reliability reports, field trials, first-run pages;
- each run gets a fresh, throw-away profile directory.

The sandbox stays on wherever Chromium can run it (:func:`sandbox_blocker` says where it
cannot): Chromium refuses to start as root with its sandbox (https://crbug.com/638180), and
an ordinary user needs unprivileged user namespaces (or a setuid ``chrome-sandbox`` helper
beside the executable, which Debian's package does not ship). Only then is ``--no-sandbox``
added. The page is our own HTML with every piece of file text escaped and no script, but a
renderer without a sandbox is still one bug away from the machine, so run ``equity report
--pdf`` as an ordinary user where you can.

:func:`print_html` prints a page held in memory from a temporary file, so that ``equity
report -o X.pdf`` writes X.pdf and nothing else (before, it wrote X.html beside it, silently
replacing a file of that name).
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

from equity.core.game import EquityError

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMIUM_FLAGS = (
    "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
    "--disable-quic", "--no-proxy-server",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost",
    "--dns-prefetch-disable", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-domain-reliability", "--disable-default-apps",
    "--disable-extensions", "--disable-client-side-phishing-detection",
    "--disable-field-trial-config", "--metrics-recording-only")
"""Headless and offline: no DNS, no remote loads, no first-run pages, updates, sync or
background traffic (see the module docstring). ``localhost`` still resolves, for tests that
serve a page locally."""
NO_SANDBOX = "--no-sandbox"
INSTALL_HINT = ("install Chromium (Debian/Ubuntu: `apt-get install chromium`) or set "
                "EQUITY_CHROMIUM to a Chromium or Chrome executable")


class PdfError(EquityError):
    """The PDF could not be made (no Chromium, or Chromium failed)."""


def find_chromium() -> str | None:
    """The Chromium executable: ``$EQUITY_CHROMIUM``, else the first on PATH."""
    env = os.environ.get("EQUITY_CHROMIUM")
    if env:
        return env if shutil.which(env) else None
    return next((p for p in (shutil.which(n) for n in CHROMIUM_NAMES) if p), None)


def _read(path: str) -> str | None:
    try:
        return Path(path).read_text(encoding="ascii").strip()
    except OSError:
        return None


def _setuid_helper(chromium: str) -> bool:
    """Whether a setuid-root ``chrome-sandbox`` sits beside the real executable."""
    helper = Path(os.path.realpath(chromium)).parent / "chrome-sandbox"
    try:
        st = helper.stat()
    except OSError:
        return False
    return st.st_uid == 0 and bool(st.st_mode & stat.S_ISUID)


def sandbox_blocker(chromium: str) -> str | None:
    """Why Chromium's sandbox cannot run here, or None when it can.

    Root: Chromium will not start its sandbox as root at all. Others: the sandbox needs
    unprivileged user namespaces (Linux: ``kernel.unprivileged_userns_clone`` not 0,
    ``user.max_user_namespaces`` above 0, AppArmor's ``restrict_unprivileged_userns`` off)
    or the setuid helper."""
    if os.geteuid() == 0:
        return "Chromium does not run its sandbox as root (https://crbug.com/638180)"
    if _setuid_helper(chromium):
        return None
    off = [name for name, path, bad in (
        ("kernel.unprivileged_userns_clone", "/proc/sys/kernel/unprivileged_userns_clone", "0"),
        ("user.max_user_namespaces", "/proc/sys/user/max_user_namespaces", "0"),
        ("kernel.apparmor_restrict_unprivileged_userns",
         "/proc/sys/kernel/apparmor_restrict_unprivileged_userns", "1"))
        if _read(path) == bad]
    if off:
        return ("unprivileged user namespaces are disabled (" + ", ".join(off)
                + ") and there is no setuid chrome-sandbox helper")
    return None


def chromium_command(chromium: str, profile: Path, *args: str) -> list[str]:
    """A headless, offline Chromium command line with a throw-away profile directory, the
    sandbox on unless :func:`sandbox_blocker` gives a reason."""
    sandbox = (NO_SANDBOX,) if sandbox_blocker(chromium) is not None else ()
    return [chromium, *CHROMIUM_FLAGS, *sandbox, f"--user-data-dir={profile}", *args]


def print_pdf(page: Path, pdf: Path, timeout: float = 120.0) -> None:
    """Print the HTML file ``page`` to ``pdf`` with headless Chromium (raises PdfError)."""
    chromium = find_chromium()
    if chromium is None:
        raise PdfError(f"--pdf needs Chromium, which was not found: {INSTALL_HINT}")
    with tempfile.TemporaryDirectory(prefix="equity-chromium-") as profile:
        cmd = chromium_command(chromium, Path(profile), "--no-pdf-header-footer",
                               f"--print-to-pdf={pdf.resolve()}", page.resolve().as_uri())
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                                  check=False)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise PdfError(f"Chromium could not print {pdf}: {e}") from e
    if done.returncode != 0 or not pdf.is_file() or pdf.stat().st_size == 0:
        tail = " ".join(done.stderr.strip().splitlines()[-3:])
        raise PdfError(f"Chromium could not print {pdf} (exit {done.returncode}): {tail}")


def print_html(page: str, pdf: Path, timeout: float = 120.0) -> None:
    """Print the HTML text ``page`` to ``pdf`` from a temporary file (raises PdfError): no
    other file is written next to ``pdf``."""
    with tempfile.TemporaryDirectory(prefix="equity-page-") as tmp:
        path = Path(tmp) / "report.html"
        path.write_text(page, encoding="utf-8")
        print_pdf(path, pdf, timeout)
