"""ASGI guards in front of every route: body size, per-IP rate limit, security headers.

Pure ASGI (no BaseHTTPMiddleware) so that a refused body is never read into memory and streaming
responses pass untouched.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from api.map_tiles import with_tile_images
from api.security.limits import RateLimits, client_ip
from api.security.settings import SecuritySettings

__all__ = ["HTML_SECURITY_HEADERS", "PublicDoorGuard"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# Our pages load only their own scripts; styles are partly inline (templates), never scripts.
HTML_SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'self'; object-src 'none'",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
}
# FastAPI's /docs and /redoc load Swagger/ReDoc with inline scripts: no CSP there, framing still denied.
_NO_CSP_PATHS = ("/docs", "/redoc")
# Not counted per IP: health probes, and the webhooks, which Telegram and Meta call from a few
# addresses for every citizen (each citizen is limited per conversation instead).
_NOT_LIMITED = ("/healthz", "/telegram/webhook", "/whatsapp/webhook")


async def _send_json(send: Send, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
    raw = json.dumps(body).encode()
    head = [(b"content-type", b"application/json"), (b"content-length", str(len(raw)).encode())]
    head += [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": head})
    await send({"type": "http.response.body", "body": raw})


class PublicDoorGuard:
    def __init__(self, app: ASGIApp, *, settings: Callable[[], SecuritySettings],
                 limits: Callable[[], RateLimits]) -> None:
        self.app = app
        self._settings = settings
        self._limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        settings = self._settings()
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        path = scope.get("path", "")

        if not path.startswith(_NOT_LIMITED):
            peer = (scope.get("client") or (None,))[0]
            ip = client_ip(peer, headers.get("x-forwarded-for"), settings.proxies)
            scope.setdefault("state", {})["client_ip"] = ip
            verdict = await self._limits().hit("ip", ip)
            if not verdict.allowed:
                await _send_json(send, 429, {"error": "rate_limited", "detail": "too many requests from this address",
                                             "retry_after": verdict.retry_after},
                                 {"Retry-After": str(verdict.retry_after)})
                return

        limit = settings.max_body_bytes
        declared = headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await _send_json(send, 413, {"error": "body_too_large", "detail": f"the body is limited to {limit} bytes"})
            return

        received = 0
        started = refused = False

        async def bounded_receive() -> Message:
            nonlocal received, refused
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit and not refused:
                    # Answer now and tell the app the client left: whatever it answers is dropped.
                    refused = True
                    if not started:
                        await _send_json(send, 413, {"error": "body_too_large",
                                                     "detail": f"the body is limited to {limit} bytes"})
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
                head = list(message.get("headers", []))
                names = {k.lower() for k, _ in head}
                if b"x-content-type-options" not in names:
                    head.append((b"x-content-type-options", b"nosniff"))
                content_type = next((v for k, v in head if k.lower() == b"content-type"), b"")
                if content_type.startswith(b"text/html"):
                    for name, value in HTML_SECURITY_HEADERS.items():
                        if name == "content-security-policy" and path.startswith(_NO_CSP_PATHS):
                            continue
                        if name == "content-security-policy":
                            value = with_tile_images(value)  # the widget's map tiles (MAP_TILES_URL)
                        if name.encode() not in names:
                            head.append((name.encode(), value.encode()))
                message = {**message, "headers": head}
            await send(message)

        try:
            await self.app(scope, bounded_receive, guarded_send)
        except Exception:
            if not refused:
                raise
