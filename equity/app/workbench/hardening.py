"""What every answer of the workbench carries, and what none of them shows.

:class:`SecurityHeaders` adds to every answer (the page, its assets, the API, the
refusals): ``Referrer-Policy: no-referrer`` (the address, which may hold the token, is
never sent to another site), ``Content-Security-Policy`` (only the server's own scripts,
styles and requests; ``frame-ancestors 'none'``: no other site may frame the page) with
``X-Frame-Options: DENY`` for older browsers, ``X-Content-Type-Options: nosniff`` and
``Cache-Control: no-store`` (no ruling or token kept in a cache).

:class:`Quiet` answers an error the application did not foresee with a 500 and one line
on stderr (at most every few seconds), never a traceback.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from equity.app.workbench.notices import NOTICES

CSP = ("default-src 'self'; img-src 'self' data: blob:; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")

HEADERS = [(b"referrer-policy", b"no-referrer"),
           (b"content-security-policy", CSP.encode()),
           (b"x-frame-options", b"DENY"),
           (b"x-content-type-options", b"nosniff"),
           (b"cache-control", b"no-store")]
"""The headers every answer carries (lower case, as ASGI sends them)."""


class SecurityHeaders:
    """ASGI middleware: :data:`HEADERS` on every HTTP answer (replacing the same names)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        names = {name for name, _ in HEADERS}

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": [*kept, *HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)


class Quiet:
    """ASGI middleware: an unforeseen error is a 500 JSON answer (if none was started)
    and one line on stderr, not a traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception as exc:  # every error reaches the client as JSON, none the console
            NOTICES.say("internal", f"internal error on {scope.get('path', '?')} "
                        f"({type(exc).__name__}: {str(exc)[:200]}); please report it")
            if started:
                return
            body = json.dumps({"error": f"internal error ({type(exc).__name__}); please "
                               "report it", "field": None}).encode()
            await send({"type": "http.response.start", "status": 500, "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})


__all__ = ["CSP", "HEADERS", "Quiet", "SecurityHeaders"]
