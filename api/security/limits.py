"""Rate limits with the `limits` library: per client IP on the API, per conversation on the chats.

Counters live in memory (one API process) or in Redis (`RATE_LIMIT_STORAGE_URI=redis://…`, shared
by every replica). A refused call learns how long to wait (`retry_after`, whole seconds), which the
API sends as `Retry-After` with 429 and the chats turn into a polite "slow down".
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, parse_many
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

__all__ = ["RateLimits", "Verdict", "client_ip"]


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after: int = 0


def _async_uri(uri: str) -> tuple[str, dict[str, str]]:
    if uri.startswith("async+"):
        uri = uri.removeprefix("async+")
    options = {"implementation": "redispy"} if uri.startswith(("redis://", "rediss://", "redis+unix://")) else {}
    return f"async+{uri}", options


class RateLimits:
    """Named limits ("ip", "sender", "submission") over one storage."""

    def __init__(self, limits: dict[str, str], *, storage_uri: str = "memory://", key_prefix: str = "bsa") -> None:
        uri, options = _async_uri(storage_uri)
        self.storage = storage_from_string(uri, key_prefix=key_prefix, **options) if options else storage_from_string(uri)
        self._limiter = MovingWindowRateLimiter(self.storage)
        self._limits: dict[str, list[RateLimitItem]] = {name: parse_many(text) for name, text in limits.items()}

    async def hit(self, name: str, key: str) -> Verdict:
        """Count one call of `key` under limit `name`; refused if any of its windows is full."""
        for item in self._limits.get(name, []):
            if not await self._limiter.hit(item, name, key):
                stats = await self._limiter.get_window_stats(item, name, key)
                return Verdict(False, max(1, math.ceil(stats.reset_time - time.time())))
        return Verdict(True)


def client_ip(peer: str | None, forwarded_for: str | None, trusted_proxies: frozenset[str]) -> str:
    """The caller's IP: the socket's peer, or the last address a trusted proxy added to X-Forwarded-For."""
    ip = peer or "unknown"
    if forwarded_for and ip in trusted_proxies:
        hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
        while hops and hops[-1] in trusted_proxies:
            hops.pop()
        if hops:
            ip = hops[-1]
    return ip
