"""Puts the guards on the app: `install(app)` (api/main.py), and the rate limits as a dependency."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, FastAPI, HTTPException, Request

from api.security.conversation_signature import HEADER as SIGNATURE_HEADER
from api.security.limits import RateLimits, client_ip
from api.security.middleware import PublicDoorGuard
from api.security.settings import SecuritySettings, get_security_settings

__all__ = ["RateLimitsDep", "install", "limit_public_submissions", "limits_of", "rate_limits"]


def _settings_of(app: FastAPI) -> SecuritySettings:
    return app.dependency_overrides.get(get_security_settings, get_security_settings)()


def limits_of(app: FastAPI) -> RateLimits:
    """One RateLimits per app and per configuration (tests override the settings)."""
    settings = _settings_of(app)
    key = (settings.rate_limit_storage_uri, settings.rate_limit_per_ip, settings.rate_limit_per_sender,
           settings.rate_limit_submissions, settings.max_turns_per_session)
    cache = app.state.__dict__.setdefault("_state", {}).setdefault("rate_limits", {})
    if key not in cache:
        cache[key] = RateLimits({"ip": settings.rate_limit_per_ip, "sender": settings.rate_limit_per_sender,
                                 "submission": settings.rate_limit_submissions,
                                 "session": f"{settings.max_turns_per_session}/day"},
                                storage_uri=settings.rate_limit_storage_uri)
    return cache[key]


def install(app: FastAPI) -> None:
    app.add_middleware(PublicDoorGuard, settings=lambda: _settings_of(app), limits=lambda: limits_of(app))


def rate_limits(request: Request) -> RateLimits:
    return limits_of(request.app)


RateLimitsDep = Annotated[RateLimits, Depends(rate_limits)]


async def limit_public_submissions(request: Request) -> None:
    """RATE_LIMIT_SUBMISSIONS per IP for submissions the action server did not sign (the route
    refuses a signature that does not match, so claiming one does not escape the limit)."""
    if request.headers.get(SIGNATURE_HEADER):
        return
    settings = _settings_of(request.app)
    ip = client_ip(request.client.host if request.client else None, request.headers.get("x-forwarded-for"),
                   settings.proxies)
    verdict = await limits_of(request.app).hit("submission", ip)
    if not verdict.allowed:
        raise HTTPException(429, "too many pre-applications from this address; try again later",
                            headers={"Retry-After": str(verdict.retry_after)})
