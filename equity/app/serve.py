"""``equity serve``: run the workbench (:mod:`equity.app.workbench.server`) with uvicorn.

On this machine (the default, 127.0.0.1) it needs no token. ``--lan`` binds the machine's
address on the local network, makes a random token and prints the address with it as
the first line, then a QR code of it (in the terminal, and as a PNG image) for a phone's
camera; every request without the token is refused (401). ``--host ADDR`` with ``--lan``
binds ADDR with the same token and checks; any address other than loopback gets them.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import ipaddress
import os
import secrets
import signal
import socket
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


def qr_image_path(port: int) -> Path:
    return Path(tempfile.gettempdir()) / f"equity-workbench-{port}.png"


def _announce(url: str, port: int) -> Path | None:
    """The URL as the first line on stdout, then its QR code in the terminal, and as a
    PNG image (its path on stderr) that only this user may read (0600: it holds the
    token), removed when the server stops."""
    import io

    import segno

    qr = segno.make(url, error="m")
    path: Path | None = qr_image_path(port)
    assert path is not None
    png = io.BytesIO()
    qr.save(png, kind="png", scale=8, border=4)
    try:  # the image first: once the URL is said, it is there
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # another user's file, or one left by a killed server
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(png.getvalue())
        atexit.register(_remove, path)
    except OSError as e:
        print(f"equity serve: cannot write the QR image {path}: {e.strerror or e}",
              file=sys.stderr)
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
    listening = _listen(host, port)  # before anything is said: a busy port is said alone
    token = secrets.token_urlsafe(18) if lan or not is_loopback(host) else None
    app = create_app(time_limit=time_limit, hosts=host_names(host, port), token=token)
    base = f"http://{url_host(host)}:{port}/"
    image: Path | None = None
    config = uvicorn.Config(app, host=host, port=port, log_level="error", loop="asyncio",
                            http=bounded_protocol(Gate.for_this_process()),
                            timeout_keep_alive=KEEP_ALIVE_SECONDS, lifespan="off")
    server = uvicorn.Server(config)
    stopped = False

    async def run() -> None:
        asyncio.get_running_loop().set_exception_handler(quiet_exceptions)
        await server.serve(sockets=[listening])

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)  # uvicorn raises the signal again once it has stopped

    # from here on a SIGTERM (or Ctrl-C) ends the server through the finally below, its
    # QR image removed, also while it is still starting
    signal.signal(signal.SIGTERM, stop)
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


__all__ = ["bind_address", "is_loopback", "lan_address", "serve"]
