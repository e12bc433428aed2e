"""Who may talk to the workbench: the Host header, the Origin, and on a network the token.

The middleware answers before the application sees a request:

- **Host**: only the names the server was started for (its address and port; on
  loopback also ``localhost`` and ``[::1]``). A web page the Director visits cannot reach
  the server under a name of its own (DNS rebinding), on loopback as on the network.
- **Origin**: a request a browser sends from another site (it names its page's origin) is
  refused, so a page elsewhere cannot make the server rule, even blind.
- **Token** (``equity serve --lan``): every request carries it, as ``?token=`` (the URL
  the server prints; the page then keeps it in a cookie, ``SameSite=Strict``, HttpOnly),
  the cookie, or ``Authorization: Bearer TOKEN``; without it the answer is 401.

Refusals are JSON ``{"error", "field": null}`` like the API's other errors.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Iterable
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "equity_token"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def host_names(host: str, port: int) -> frozenset[str]:
    """The Host header values a server on ``host:port`` answers to (lower case)."""
    name = f"[{host}]" if ":" in host and not host.startswith("[") else host
    names = {name.lower()}
    if name in LOOPBACK_NAMES or name == "[::1]":
        names.update(LOOPBACK_NAMES)
    out = {f"{n}:{port}" for n in names}
    if port == 80:
        out.update(names)
    return frozenset(out)


async def _refuse(send: Send, status: int, message: str,
                  extra: Iterable[tuple[bytes, bytes]] = ()) -> None:
    body = json.dumps({"error": message, "field": None}).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        *extra]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: the Host and Origin checks, and the token when one is set."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str], token: str | None) -> None:
        self.app, self.hosts, self.token = app, hosts, token
        self.origins = frozenset(f"http://{h}" for h in hosts)

    def _given(self, scope: Scope, headers: Headers) -> tuple[str | None, bool]:
        """The token the request carries, and whether it came in the URL."""
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if query.get("token"):
            return query["token"][0], True
        auth = headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            return auth[7:].strip(), False
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed Cookie header carries no token
            return None, False
        return (cookie[COOKIE].value if COOKIE in cookie else None), False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host", "").lower()
        if host not in self.hosts:
            await _refuse(send, 421, "this server answers only to the address it printed "
                          "(wrong Host header)")
            return
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.origins:
            await _refuse(send, 403, "requests from another site are refused")
            return
        if self.token is None:
            await self.app(scope, receive, send)
            return
        given, in_url = self._given(scope, headers)
        if given is None or not hmac.compare_digest(given.encode(), self.token.encode()):
            await _refuse(send, 401, "open the address with its token, as equity serve "
                          "printed it (http://…/?token=…)", [(b"www-authenticate", b"Bearer")])
            return
        if not in_url:
            await self.app(scope, receive, send)
            return
        cookie = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode()

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                   (b"set-cookie", cookie)]}
            await send(message)

        await self.app(scope, receive, with_cookie)


__all__ = ["COOKIE", "Guard", "host_names"]
