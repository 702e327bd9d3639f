"""Sending through the WhatsApp Cloud API: POST {base}/{version}/{phone number id}/messages."""

import logging
from typing import Any

import httpx

from api.channels.errors import GraphAPIError

__all__ = ["GraphClient"]

log = logging.getLogger(__name__)


class GraphClient:
    def __init__(
        self,
        *,
        base_url: str,
        api_version: str,
        phone_number_id: str,
        access_token: str,
        timeout: float = 10.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._path = f"/{api_version}/{phone_number_id}/messages"
        self._client = httpx.AsyncClient(
            base_url=base_url.rstrip("/"),
            timeout=timeout,
            transport=transport,
            headers={"Authorization": f"Bearer {access_token}"},
        )

    async def send(self, to: str, message: dict[str, Any]) -> str:
        """Send one message object (text, interactive, template...) to `to`; its wamid."""
        body = {"messaging_product": "whatsapp", "recipient_type": "individual", "to": to, **message}
        try:
            response = await self._client.post(self._path, json=body)
        except httpx.HTTPError as exc:
            raise GraphAPIError(f"Graph API unreachable: {type(exc).__name__}") from exc
        if response.status_code != 200:
            raise GraphAPIError(
                f"Graph API answered HTTP {response.status_code}", status_code=response.status_code, body=response.text[:500]
            )
        try:
            return response.json()["messages"][0]["id"]
        except (ValueError, KeyError, IndexError) as exc:
            raise GraphAPIError("Graph API answer without a message id", body=response.text[:500]) from exc

    async def aclose(self) -> None:
        await self._client.aclose()
