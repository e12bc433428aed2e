"""``equity serve``: run the workbench (:mod:`equity.app.workbench.server`) with uvicorn.

On this machine (the default, 127.0.0.1) it needs no token. ``--lan`` binds the machine's
address on the local network, makes a random token and prints the address with it as
the first line, then a QR code of it (in the terminal, and as a PNG image in the user's
run folder, :func:`run_directory`, removed on any stop: at exit, or by the next start
after a ``kill -9``) for a phone's camera; every request without the token is refused
(401). ``--host ADDR`` with ``--lan`` binds ADDR with the same token and checks; any
address other than loopback gets them.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import ipaddress
import os
import re
import secrets
import signal
import socket
import stat
import sys
import tempfile
from pathlib import Path

from equity.core.game import UsageError

WILDCARDS = ("0.0.0.0", "::")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This machine's address on its local network: the source address of the route
    out (a UDP socket's ``connect`` picks the route and sends nothing)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): routed, never reached
            address: str = s.getsockname()[0]
        except OSError:
            address = ""
    if not address or is_loopback(address) or address in WILDCARDS:
        raise UsageError("serve --lan: this machine has no network address (is it on the "
                         "club's Wi-Fi?); give one with --host ADDR")
    return address


def url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def run_directory() -> Path:
    """Where ``serve`` keeps its QR images: ``$XDG_RUNTIME_DIR/equity-serve`` (the user's
    own, emptied at log-out), else ``equity-serve-UID`` in the temporary folder; made
    readable by this user only (0700). An OSError when it is not this user's own folder
    (a link, another user's): nothing is written there."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    base = (Path(runtime) / "equity-serve" if runtime and Path(runtime).is_dir()
            else Path(tempfile.gettempdir()) / f"equity-serve-{os.getuid()}")
    with contextlib.suppress(FileExistsError):
        base.mkdir(mode=0o700)
    st = os.lstat(base)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
        raise PermissionError(errno.EACCES, f"{base} is not a folder of this user's")
    if st.st_mode & 0o077:
        os.chmod(base, 0o700)
    return base


def qr_image_path(port: int, pid: int | None = None) -> Path:
    """The QR image of the server on ``port`` whose process is ``pid`` (default: this
    one): its pid in the name, so that a later ``serve`` knows whether it is stale."""
    return run_directory() / f"workbench-{port}-{pid or os.getpid()}.png"


_IMAGE = re.compile(r"^workbench-\d+-(\d+)\.png$")


def _serving(pid: int) -> bool:
    """Whether process ``pid`` is alive and an equity command (a pid taken again by
    another program, or a zombie, is not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            if f.read().rsplit(b")", 1)[1].split()[0] == b"Z":
                return False
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"equity" in f.read()
    except FileNotFoundError:
        return False
    except (OSError, IndexError):  # no /proc (macOS): whether the pid is taken at all
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            return True
        return True


def clear_stale_images() -> list[Path]:
    """Remove the QR images of servers that are gone (a ``kill -9`` gives no time to
    remove one: it holds the token, so the next ``serve`` start does); those removed."""
    try:
        directory = run_directory()
        names = os.listdir(directory)
    except OSError:
        return []
    removed = []
    for name in names:
        match = _IMAGE.match(name)
        if match and not _serving(int(match.group(1))):
            _remove(directory / name)
            removed.append(directory / name)
    return removed


def _announce(url: str, port: int) -> Path | None:
    """The URL as the first line on stdout, then its QR code in the terminal, and as a
    PNG image (its path on stderr) that only this user may read (0600, in a folder of
    his alone: it holds the token), removed when the server stops, and by the next
    ``serve`` start when the server was killed (:func:`clear_stale_images`)."""
    import io

    import segno

    qr = segno.make(url, error="m")
    png = io.BytesIO()
    qr.save(png, kind="png", scale=8, border=4)
    path: Path | None = None
    try:  # the image first: once the URL is said, it is there
        path = qr_image_path(port)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # left by a killed server whose pid this process now has
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(png.getvalue())
        atexit.register(_remove, path)
    except OSError as e:
        print(f"equity serve: cannot write the QR image {path or 'in its folder'}: "
              f"{e.strerror or e}", file=sys.stderr)
        path = None
    print(url, flush=True)
    qr.terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    return path


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def bind_address(host: str | None, lan: bool) -> str:
    """The address to listen on: ``host`` if given, else the LAN address with ``lan``,
    else loopback. A wildcard (every network at once) is refused: the Host check needs
    the one name the phones use."""
    if host in WILDCARDS:
        raise UsageError(f"serve: --host {host} would answer on every network; use --lan "
                         "(the LAN address, with a token) or --lan --host ADDR")
    if host is not None:
        return host
    return lan_address() if lan else "127.0.0.1"


def serve(host: str | None = None, port: int = 8000, time_limit: float = 60.0,
          lan: bool = False) -> int:
    """Serve the workbench on ``host:port`` until interrupted; 0 when stopped. A
    :class:`UsageError` when the address cannot be served. Connections are bounded
    (:mod:`equity.app.workbench.connections`)."""
    import asyncio

    import uvicorn

    from equity.app.workbench.connections import (
        KEEP_ALIVE_SECONDS,
        Gate,
        bounded_protocol,
        quiet_exceptions,
    )
    from equity.app.workbench.guard import host_names
    from equity.app.workbench.server import create_app
    from equity.app.workbench.workers import start_fork_server

    host = bind_address(host, lan)
    clear_stale_images()
    listening = _listen(host, port)  # before anything is said: a busy port is said alone
    token = secrets.token_urlsafe(18) if lan or not is_loopback(host) else None
    app = create_app(time_limit=time_limit, hosts=host_names(host, port), token=token)
    base = f"http://{url_host(host)}:{port}/"
    image: Path | None = None
    config = uvicorn.Config(app, host=host, port=port, log_level="error", loop="asyncio",
                            http=bounded_protocol(Gate.for_this_process()),
                            timeout_keep_alive=KEEP_ALIVE_SECONDS, lifespan="off",
                            server_header=False)  # no "server: uvicorn": nothing to fingerprint
    server = uvicorn.Server(config)
    stopped = False

    async def run() -> None:
        asyncio.get_running_loop().set_exception_handler(quiet_exceptions)
        await server.serve(sockets=[listening])

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)  # uvicorn raises the signal again once it has stopped

    # from here on a SIGTERM, a SIGHUP (the terminal closed) or Ctrl-C ends the server
    # through the finally below, its QR image removed, also while it is still starting
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)
    try:
        if token is None:
            print(f"equity serve: the workbench is at {base} (this machine only; Ctrl-C "
                  "to stop)", file=sys.stderr, flush=True)
        else:
            image = _announce(f"{base}?token={token}", port)
            print("equity serve: open the address above on a phone on this network (or "
                  f"scan the QR code{f', also in {image}' if image else ''}); requests "
                  "without its token are refused. Ctrl-C to stop.", file=sys.stderr,
                  flush=True)
        start_fork_server()  # the rulings fork from it; it holds no descriptor of ours
        asyncio.run(run())
    except (KeyboardInterrupt, SystemExit):
        stopped = True
    finally:
        listening.close()
        if image is not None:
            _remove(image)
    if not server.started and not stopped:
        raise UsageError(f"serve: cannot listen on {url_host(host)}:{port} (is another "
                         "server on it?)")
    return 0


def _listen(host: str, port: int) -> socket.socket:
    """The server's listening socket on ``host:port``, bound before the workbench says it
    serves there (it said so, then failed, on a busy port); :class:`UsageError` when the
    address cannot be served. Not inherited by the rulings' processes (Python's sockets
    are not)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as e:
        raise UsageError(f"serve: cannot listen on {url_host(host)}:{port}: {e.strerror or e}"
                         ) from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        sock.bind(address)
        sock.listen(2048)
    except OSError as e:
        sock.close()
        why = ("another server is on it" if e.errno == errno.EADDRINUSE
               else e.strerror or str(e))
        raise UsageError(f"serve: cannot listen on {url_host(host)}:{port}: {why}") from None
    return sock


__all__ = ["bind_address", "clear_stale_images", "is_loopback", "lan_address",
           "qr_image_path", "run_directory", "serve"]
