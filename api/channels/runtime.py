"""The channels' long-lived objects inside the API process, and the FastAPI dependencies for them.

One Rasa client, one Telegram Application and one WhatsApp bridge per app, created on first use
(so the API starts even when a channel is not configured) and closed by the routers' lifespan.
Tests override the settings getters (`app.dependency_overrides`) and get fresh objects.
"""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from telegram.ext import Application

from api.channels.rasa_client import RasaClient
from api.channels.relay import ConversationRelay
from api.channels.settings import (
    TelegramSettings,
    WhatsAppSettings,
    WidgetSettings,
    get_telegram_settings,
    get_whatsapp_settings,
    get_widget_settings,
)
from api.channels.telegram import build_application
from api.channels.whatsapp import WhatsAppBridge, build_bridge, close_bridge
from api.feedback.store import answer_log_for, permit_settings_of
from api.handoff import handoff_desk_for
from api.security.app import limits_of, rate_limits
from api.settings import Settings, get_settings

__all__ = [
    "CoreSettingsDep",
    "TelegramSettingsDep",
    "WhatsAppSettingsDep",
    "WidgetRelayDep",
    "WidgetSettingsDep",
    "channels_lifespan",
    "feedback_of",
    "telegram_application",
    "whatsapp_bridge",
]

TelegramSettingsDep = Annotated[TelegramSettings, Depends(get_telegram_settings)]
WhatsAppSettingsDep = Annotated[WhatsAppSettings, Depends(get_whatsapp_settings)]
WidgetSettingsDep = Annotated[WidgetSettings, Depends(get_widget_settings)]
CoreSettingsDep = Annotated[Settings, Depends(get_settings)]


def _objects(app: FastAPI) -> dict[Any, Any]:
    if not hasattr(app.state, "channels"):
        app.state.channels = {}
        app.state.channels_lock = asyncio.Lock()
    return app.state.channels


async def widget_relay(request: Request, core: CoreSettingsDep, widget: WidgetSettingsDep) -> ConversationRelay:
    """The website chat's conversation relay (one per app, so it remembers senders' languages)."""
    objects = _objects(request.app)
    key = ("widget", core.rasa_url, widget.rasa_timeout)
    if key not in objects:
        answers, handoff = feedback_of(request.app)
        objects[key] = ConversationRelay(RasaClient(core.rasa_url, timeout=widget.rasa_timeout),
                                         limits=rate_limits(request), answers=answers, handoff=handoff)
    return objects[key]


def feedback_of(app: FastAPI):  # -> tuple[AnswerLog, HandoffDesk]
    """The answer log and the handoff desk every channel of this app records into (issue 14)."""
    settings = permit_settings_of(app)
    answers = answer_log_for(settings)
    return answers, handoff_desk_for(settings, answers)


WidgetRelayDep = Annotated[ConversationRelay, Depends(widget_relay)]


async def telegram_application(app: FastAPI, settings: TelegramSettings, core: Settings) -> Application:
    """The webhook-mode Application, initialized (its getMe call happens on first use)."""
    objects = _objects(app)
    key = ("telegram", settings.model_dump_json(), core.rasa_url, core.public_base_url)
    async with app.state.channels_lock:
        if key not in objects:
            application = build_application(
                settings, rasa_url=core.rasa_url, public_base_url=core.public_base_url, webhook_mode=True,
                limits=limits_of(app), feedback=feedback_of(app),
            )
            await application.initialize()
            objects[key] = application
    return objects[key]


def whatsapp_bridge(app: FastAPI, settings: WhatsAppSettings, core: Settings) -> WhatsAppBridge:
    objects = _objects(app)
    key = ("whatsapp", settings.model_dump_json(), core.model_dump_json())
    if key not in objects:
        objects[key] = build_bridge(settings, core, limits=limits_of(app), feedback=feedback_of(app))
    return objects[key]


@asynccontextmanager
async def channels_lifespan(app: FastAPI) -> AsyncIterator[None]:
    yield
    objects = getattr(app.state, "channels", {})
    while objects:
        _, thing = objects.popitem()
        if isinstance(thing, ConversationRelay):
            await thing.rasa.aclose()
        elif isinstance(thing, Application):
            await thing.shutdown()
        elif isinstance(thing, WhatsAppBridge):
            await close_bridge(thing)
