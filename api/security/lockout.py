"""Back-off after repeated wrong clerk tokens, per client IP (issue 13).

After CLERK_FAILURES_ALLOWED wrong tokens, the address must wait CLERK_LOCKOUT_SECONDS before the
next try, and the wait doubles with every further wrong token (up to CLERK_LOCKOUT_MAX_SECONDS);
a right token clears it. While it waits, even a right token gets 429 with Retry-After, so guessing
costs time whatever the answer. Per API process (several replicas each keep their own count).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from fastapi import FastAPI, HTTPException, Request

from api.security.limits import client_ip
from api.security.settings import SecuritySettings, get_security_settings

__all__ = ["ClerkLockout", "clerk_lockout"]


@dataclass
class _Record:
    failures: int = 0
    locked_until: float = 0.0


class ClerkLockout:
    def __init__(self, *, allowed: int, base_seconds: float, max_seconds: float,
                 clock: Callable[[], float] = time.monotonic, max_keys: int = 100_000) -> None:
        self.allowed, self.base, self.max = allowed, base_seconds, max_seconds
        self._clock = clock
        self._max_keys = max_keys
        self._records: OrderedDict[str, _Record] = OrderedDict()

    def retry_after(self, key: str) -> int:
        record = self._records.get(key)
        wait = (record.locked_until - self._clock()) if record else 0
        return math.ceil(wait) if wait > 0 else 0

    def failure(self, key: str) -> None:
        record = self._records.setdefault(key, _Record())
        self._records.move_to_end(key)
        while len(self._records) > self._max_keys:
            self._records.popitem(last=False)
        record.failures += 1
        over = record.failures - self.allowed
        if over >= 0:
            record.locked_until = self._clock() + min(self.max, self.base * 2 ** over)

    def success(self, key: str) -> None:
        self._records.pop(key, None)

    def guard(self, key: str) -> None:
        """429 with Retry-After while the address waits."""
        wait = self.retry_after(key)
        if wait:
            raise HTTPException(429, "too many wrong clerk tokens from this address; wait and try again",
                                headers={"Retry-After": str(wait)})


def _settings(app: FastAPI) -> SecuritySettings:
    return app.dependency_overrides.get(get_security_settings, get_security_settings)()


def clerk_lockout(request: Request) -> tuple[ClerkLockout, str]:
    """The app's lockout and the caller's address."""
    settings = _settings(request.app)
    key = (settings.clerk_failures_allowed, settings.clerk_lockout_seconds, settings.clerk_lockout_max_seconds)
    cache = request.app.state.__dict__.setdefault("_state", {}).setdefault("clerk_lockout", {})
    if key not in cache:
        cache[key] = ClerkLockout(allowed=key[0], base_seconds=key[1], max_seconds=key[2])
    ip = client_ip(request.client.host if request.client else None, request.headers.get("x-forwarded-for"),
                   settings.proxies)
    return cache[key], ip
