"""The one client of Rasa's REST channel: POST {RASA_URL}/webhooks/rest/webhook.

Every channel (widget proxy, Telegram, WhatsApp) talks to the bot through this class, so the same
conversation gets the same answer everywhere. Sender ids are namespaced per channel
(`sender_id("telegram", chat_id)`) so two channels never share a conversation by accident.
"""

import logging

import httpx
from pydantic import TypeAdapter, ValidationError

from api.channels.bot_messages import BotMessage
from api.channels.errors import AssistantUnavailable

__all__ = ["RasaClient", "sender_id"]

log = logging.getLogger(__name__)
_MESSAGES = TypeAdapter(list[BotMessage])
WEBHOOK_PATH = "/webhooks/rest/webhook"


def sender_id(channel: str, user: str | int) -> str:
    return f"{channel}-{user}"


class RasaClient:
    def __init__(
        self,
        base_url: str,
        *,
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._client = httpx.AsyncClient(base_url=self.base_url, timeout=timeout, transport=transport)

    async def send(self, sender: str, message: str) -> list[BotMessage]:
        """The bot's answer to `message` from `sender`; AssistantUnavailable if there is none."""
        try:
            response = await self._client.post(WEBHOOK_PATH, json={"sender": sender, "message": message})
        except httpx.HTTPError as exc:
            log.warning("Rasa unreachable at %s: %s", self.base_url, type(exc).__name__)
            raise AssistantUnavailable(f"Rasa unreachable: {type(exc).__name__}") from exc
        if response.status_code != 200:
            log.warning("Rasa answered HTTP %s", response.status_code)
            raise AssistantUnavailable(f"Rasa answered HTTP {response.status_code}")
        try:
            return _MESSAGES.validate_json(response.content)
        except ValidationError as exc:
            raise AssistantUnavailable("Rasa's answer is not a list of messages") from exc

    async def aclose(self) -> None:
        await self._client.aclose()

    async def __aenter__(self) -> "RasaClient":
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()
