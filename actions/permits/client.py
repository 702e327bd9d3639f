"""The chat's one client of the permits API: submit a pre-application, get its protocol and access
code; read the status of one sent.

    POST {api_url}/api/v1/preapplications               Idempotency-Key: <derived key>
    GET  {api_url}/api/v1/preapplications/{protocol}    X-Access-Code: <code>

A network error or a 5xx is retried once with the same key (the API answers a replay with the same
protocol), then reported as `SubmissionUnavailable`; a 422 is `SubmissionRefused` with the API's
first complaint. Tests pass an `httpx.MockTransport` (or a transport into a TestClient app).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

import httpx

from actions.common.settings import get_settings

__all__ = ["PermitsApi", "Receipt", "StatusUnavailable", "SubmissionRefused", "SubmissionUnavailable",
           "conversation_signature"]


class SubmissionRefused(Exception):
    """The API refused the content (HTTP 4xx); `detail` says which field and why."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class SubmissionUnavailable(Exception):
    """The API could not be reached or failed (network, 5xx); the same submission can be retried."""


class StatusUnavailable(Exception):
    """The API could not be reached for a status query."""


@dataclass(frozen=True)
class Receipt:
    protocol: str
    access_code: str
    status: str


def _first_problem(response: httpx.Response) -> str:
    try:
        detail = response.json().get("detail")
    except ValueError:
        return response.text[:200]
    if isinstance(detail, list) and detail:
        item = detail[0]
        where = ".".join(str(x) for x in item.get("loc", []) if x != "body")
        return f"{where}: {item.get('msg')}" if where else str(item.get("msg"))
    return str(detail)[:200]


def conversation_signature(conversation_id: str, key: str) -> str:
    """X-Conversation-Signature: the API accepts a body's conversation_id only with it
    (api/security/conversation_signature.py verifies; a test checks both sides agree)."""
    return hmac.new(key.encode(), f"conversation:{conversation_id}".encode(), hashlib.sha256).hexdigest()


class PermitsApi:
    def __init__(self, base_url: str | None = None, *, transport: httpx.BaseTransport | None = None,
                 timeout: float = 15.0, signing_key: str | None = None) -> None:
        self._base_url = base_url
        self._transport = transport
        self._timeout = timeout
        self._signing_key = signing_key

    @property
    def base_url(self) -> str:
        return self._base_url or get_settings().api_url

    def submit(self, body: dict[str, Any], *, idempotency_key: str) -> Receipt:
        headers = {"Idempotency-Key": idempotency_key}
        if body.get("conversation_id"):
            key = self._signing_key or get_settings().conversation_signing_key.get_secret_value()
            headers["X-Conversation-Signature"] = conversation_signature(body["conversation_id"], key)
        last: Exception | None = None
        with httpx.Client(base_url=self.base_url, transport=self._transport, timeout=self._timeout) as client:
            for _ in range(2):
                try:
                    response = client.post("/api/v1/preapplications", json=body, headers=headers)
                except httpx.HTTPError as exc:
                    last = exc
                    continue
                if response.status_code in (200, 201):
                    data = response.json()
                    return Receipt(protocol=data["protocol"], access_code=data["access_code"], status=data["status"])
                if 400 <= response.status_code < 500:
                    raise SubmissionRefused(_first_problem(response))
                last = SubmissionUnavailable(f"HTTP {response.status_code}")
        raise SubmissionUnavailable(str(last))

    def status(self, protocol: str, access_code: str) -> dict[str, Any] | None:
        """The citizen's view of the case (JSON), or None when the protocol is unknown or the code wrong
        (the API answers both alike)."""
        try:
            with httpx.Client(base_url=self.base_url, transport=self._transport, timeout=self._timeout) as client:
                response = client.get(f"/api/v1/preapplications/{protocol}", headers={"X-Access-Code": access_code})
        except httpx.HTTPError as exc:
            raise StatusUnavailable(str(exc)) from exc
        return response.json() if response.status_code == 200 else None
