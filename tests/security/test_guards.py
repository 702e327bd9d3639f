"""The API's guards (api/security/): per-IP limits in memory and in a real Redis, body size, headers."""

from __future__ import annotations

import asyncio
import uuid

import httpx
import pytest
import redis

from tests.support.channel_fakes import serve_app
from api.main import create_app
from api.security.limits import RateLimits, client_ip
from api.security.settings import SecuritySettings, get_security_settings
from api.settings import Settings, get_settings

REDIS_URL = "redis://127.0.0.1:6379/3"


def _app(**security):  # type: ignore[no-untyped-def]
    app = create_app()
    app.dependency_overrides[get_security_settings] = lambda: SecuritySettings(**security)
    # Rasa and the action server are not there: /healthz says so.
    app.dependency_overrides[get_settings] = lambda: Settings(rasa_port=9, actions_port=9, health_timeout=0.5)
    return app


def _redis_or_fail() -> None:
    try:
        redis.Redis.from_url(REDIS_URL, socket_timeout=2).ping()
    except redis.RedisError as exc:  # CI runs Redis: its absence is a failure, not a skip
        pytest.fail(f"Redis is needed at {REDIS_URL}: {exc}")


@pytest.mark.parametrize("storage", ["memory://", REDIS_URL])
def test_per_ip_limit_answers_429_with_retry_after_over_real_http(storage):
    if storage.startswith("redis"):
        _redis_or_fail()
    prefix_free_ip_limit = "5/minute"
    app = _app(rate_limit_per_ip=prefix_free_ip_limit, rate_limit_storage_uri=storage)
    with serve_app(app) as url, httpx.Client(base_url=url, timeout=10) as http:
        # A fresh client IP per run, so a Redis shared with an earlier run starts at zero.
        ip = f"203.0.113.{uuid.uuid4().int % 250 + 1}"
        app.dependency_overrides[get_security_settings] = lambda: SecuritySettings(
            rate_limit_per_ip=prefix_free_ip_limit, rate_limit_storage_uri=storage, trusted_proxies="127.0.0.1")
        if storage.startswith("redis"):
            redis.Redis.from_url(REDIS_URL).delete(*redis.Redis.from_url(REDIS_URL).keys(f"*{ip}*") or ["-"])
        statuses = [http.get("/norms", headers={"X-Forwarded-For": ip}).status_code for _ in range(6)]
        assert statuses[:5] != [429] * 5 and statuses[5] == 429
        refused = http.get("/norms", headers={"X-Forwarded-For": ip})
        assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
        # Health probes are never limited; another address is not affected.
        assert http.get("/healthz", headers={"X-Forwarded-For": ip}).status_code in (200, 503)
        assert http.get("/norms", headers={"X-Forwarded-For": "198.51.100.7"}).status_code != 429
    if storage.startswith("redis"):
        assert redis.Redis.from_url(REDIS_URL).keys(f"*{ip}*"), "the counters live in Redis"


def test_two_api_processes_share_the_limit_through_redis():
    _redis_or_fail()
    ip = f"192.0.2.{uuid.uuid4().int % 250 + 1}"

    async def hits() -> list[bool]:
        one = RateLimits({"ip": "3/minute"}, storage_uri=REDIS_URL)
        two = RateLimits({"ip": "3/minute"}, storage_uri=REDIS_URL)
        return [(await limits.hit("ip", ip)).allowed for limits in (one, two, one, two)]

    assert asyncio.run(hits()) == [True, True, True, False]


def test_the_forwarded_address_is_trusted_only_from_a_trusted_proxy():
    assert client_ip("10.0.0.5", "198.51.100.1", frozenset()) == "10.0.0.5"
    assert client_ip("10.0.0.5", "198.51.100.1, 10.0.0.9", frozenset({"10.0.0.5", "10.0.0.9"})) == "198.51.100.1"


def test_a_body_over_the_limit_is_refused_even_when_chunked():
    app = _app(max_body_bytes=4096)
    with serve_app(app) as url, httpx.Client(base_url=url, timeout=10) as http:
        declared = http.post("/api/v1/preapplications", content=b"{" + b" " * 10_000 + b"}",
                             headers={"Content-Type": "application/json"})
        assert declared.status_code == 413

        def chunks():  # no Content-Length: the guard counts what arrives
            for _ in range(10):
                yield b" " * 1000

        chunked = http.post("/api/v1/chat", content=chunks(), headers={"Content-Type": "application/json"})
        assert chunked.status_code == 413


def test_unsigned_submissions_are_limited_per_address(tmp_path):
    from tests.permits.conftest import preapplication

    from api.permits.settings import PermitSettings, get_permit_settings

    from knowledge.rules import permit_kinds

    body = preapplication(conversation_id=None, permit_kind=permit_kinds("br-sp-bertioga")[0])
    app = _app(rate_limit_submissions="2/hour")
    app.dependency_overrides[get_permit_settings] = lambda: PermitSettings(var_dir=tmp_path)
    from fastapi.testclient import TestClient

    with TestClient(app) as client:
        statuses = [client.post("/api/v1/preapplications", json=body).status_code for _ in range(3)]
        assert statuses == [201, 201, 429]
        # A made-up signature does not escape the limit: it is refused.
        forged = client.post("/api/v1/preapplications", json=body,
                             headers={"X-Conversation-Signature": "00" * 32})
        assert forged.status_code == 403


@pytest.mark.parametrize("path", ["/", "/norms", "/clerk"])
def test_html_pages_carry_security_headers(path):
    from fastapi.testclient import TestClient

    with TestClient(_app()) as client:
        response = client.get(path)
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"


def test_healthz_names_the_part_that_is_down():
    from fastapi.testclient import TestClient

    with TestClient(_app()) as client:
        response = client.get("/healthz")
    assert response.status_code == 503
    parts = response.json()["parts"]
    assert parts["api"]["status"] == "up"
    assert parts["rasa"]["status"] == "down" and parts["actions"]["status"] == "down"
