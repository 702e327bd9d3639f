"""Per-chat token bucket: a burst of messages is fine, a flood is answered with "slow down"."""

import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["RateLimiter"]


@dataclass
class _Bucket:
    tokens: float
    updated: float
    warned: bool = False


class RateLimiter:
    def __init__(
        self,
        *,
        per_minute: float,
        burst: int,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 100_000,
    ) -> None:
        self._rate = per_minute / 60.0
        self._burst = float(burst)
        self._clock = clock
        self._max_keys = max_keys
        self._buckets: dict[str, _Bucket] = {}

    def check(self, key: str) -> str:
        """"allow", "warn" (first refusal: tell the citizen) or "drop" (already told)."""
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self._max_keys:
                self._buckets.clear()  # a reset only forgives; it never blocks anyone
            bucket = self._buckets[key] = _Bucket(tokens=self._burst, updated=now)
        bucket.tokens = min(self._burst, bucket.tokens + (now - bucket.updated) * self._rate)
        bucket.updated = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            bucket.warned = False
            return "allow"
        if bucket.warned:
            return "drop"
        bucket.warned = True
        return "warn"
