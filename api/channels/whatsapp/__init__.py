"""WhatsApp Cloud API bridge: signed webhook events ⇄ the bot's REST conversation.

The webhook lives in the API (GET/POST /whatsapp/webhook, api/routes/whatsapp.py). Other parts of
the product (permits) tell a citizen about their pre-application with `notify_status`.
"""

from datetime import datetime
from typing import Literal

from api.channels.errors import ChannelNotConfigured
from api.channels.rasa_client import RasaClient
from api.channels.relay import ConversationRelay
from api.channels.settings import WhatsAppSettings, get_whatsapp_settings
from api.channels.whatsapp.bridge import SERVICE_WINDOW, WhatsAppBridge, language_for_number
from api.channels.whatsapp.graph import GraphClient
from api.channels.whatsapp.signature import signature_is_valid
from api.channels.whatsapp.store import ContactStore
from api.security.limits import RateLimits
from api.settings import Settings, get_settings

__all__ = [
    "SERVICE_WINDOW",
    "ContactStore",
    "GraphClient",
    "WhatsAppBridge",
    "build_bridge",
    "close_bridge",
    "language_for_number",
    "notify_status",
    "signature_is_valid",
]


def build_bridge(settings: WhatsAppSettings, core: Settings, *, rasa: RasaClient | None = None,
                 limits: RateLimits | None = None, feedback: tuple | None = None) -> WhatsAppBridge:
    """A bridge from the settings; its clients are closed by `close_bridge`."""
    graph = None
    if settings.sending_ready:
        graph = GraphClient(
            base_url=settings.graph_base_url,
            api_version=settings.graph_api_version,
            phone_number_id=settings.phone_number_id,
            access_token=settings.access_token.get_secret_value(),
            timeout=settings.graph_timeout,
        )
    answers, handoff = feedback or (None, None)
    return WhatsAppBridge(
        relay=ConversationRelay(rasa or RasaClient(core.rasa_url, timeout=settings.rasa_timeout), limits=limits,
                                answers=answers, handoff=handoff),
        graph=graph,
        store=ContactStore(settings.db_path or core.var_dir / "whatsapp.db"),
        public_base_url=core.public_base_url,
        status_template=settings.status_template,
    )


async def close_bridge(bridge: WhatsAppBridge) -> None:
    await bridge.relay.rasa.aclose()
    if bridge.graph is not None:
        await bridge.graph.aclose()


async def notify_status(
    wa_id: str,
    text: str,
    *,
    language: str | None = None,
    now: datetime | None = None,
    bridge: WhatsAppBridge | None = None,
) -> Literal["text", "template"]:
    """Send a status notification (e.g. "pre-application approved") to WhatsApp user `wa_id`.

    Free text inside the 24-hour window, the WHATSAPP_STATUS_TEMPLATE template outside it.
    Raises ChannelNotConfigured, OutsideServiceWindow or GraphAPIError (api.channels.errors).
    """
    if bridge is not None:
        return await bridge.notify_status(wa_id, text, language=language, now=now)
    settings = get_whatsapp_settings()
    if not settings.sending_ready:
        raise ChannelNotConfigured("WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID are not set")
    own = build_bridge(settings, get_settings())
    try:
        return await own.notify_status(wa_id, text, language=language, now=now)
    finally:
        await close_bridge(own)
