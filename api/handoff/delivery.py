"""The clerk's reply, delivered on the channel the citizen asked from.

- Telegram: sendMessage to the chat (the app's own Telegram Application, as the webhook uses);
- WhatsApp: a text inside the 24-hour customer-service window, the configured template
  (WHATSAPP_STATUS_TEMPLATE, the reply as its body variable) outside it (WhatsAppBridge.notify_status);
- widget: nothing to push — the widget fetches it (GET /api/v1/chat/replies), then it is delivered.

Returns how it went out ("text", "template") or None for the widget; raises ChannelError when the
channel cannot take it now (not configured, Meta refused, no template outside the window).
"""

from __future__ import annotations

from fastapi import FastAPI
from telegram.error import TelegramError

from api.channels.catalog import get_catalog
from api.channels.errors import ChannelError, ChannelNotConfigured
from api.channels.settings import get_telegram_settings, get_whatsapp_settings
from api.handoff.models import HandoffTicket
from api.settings import get_settings

__all__ = ["deliver", "reply_text"]


def reply_text(ticket: HandoffTicket) -> str:
    return get_catalog().text("handoff.reply", ticket.language, number=ticket.id, reply=ticket.reply or "")


def _setting(app: FastAPI, getter):
    return app.dependency_overrides.get(getter, getter)()


async def deliver(app: FastAPI, ticket: HandoffTicket) -> str | None:
    from api.channels.runtime import telegram_application, whatsapp_bridge

    if ticket.channel == "web":
        return None
    if not ticket.address:
        raise ChannelNotConfigured("the ticket's address was erased")
    core = _setting(app, get_settings)
    text = reply_text(ticket)
    if ticket.channel == "telegram":
        settings = _setting(app, get_telegram_settings)
        if settings.bot_token is None:
            raise ChannelNotConfigured("TELEGRAM_BOT_TOKEN is not set")
        application = await telegram_application(app, settings, core)
        try:
            await application.bot.send_message(int(ticket.address), text)
        except TelegramError as exc:
            raise ChannelError(f"Telegram refused the reply: {exc}") from exc
        return "text"
    if ticket.channel == "whatsapp":
        bridge = whatsapp_bridge(app, _setting(app, get_whatsapp_settings), core)
        return await bridge.notify_status(ticket.address, text, language=ticket.language)
    raise ChannelNotConfigured(f"unknown channel {ticket.channel!r}")
