"""POST /telegram/webhook: Telegram delivers updates here once setWebhook points at this URL."""

import hmac

from fastapi import APIRouter, BackgroundTasks, HTTPException, Request
from telegram import Update

from api.channels.runtime import CoreSettingsDep, TelegramSettingsDep, channels_lifespan, telegram_application

router = APIRouter(tags=["channels"], lifespan=channels_lifespan)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


@router.post("/telegram/webhook", include_in_schema=False)
async def telegram_webhook(
    request: Request, background: BackgroundTasks, settings: TelegramSettingsDep, core: CoreSettingsDep
) -> dict:
    if not settings.webhook_ready:
        raise HTTPException(503, "The Telegram channel is not configured")
    given = request.headers.get(SECRET_HEADER, "").encode()
    if not hmac.compare_digest(given, settings.webhook_secret.get_secret_value().encode()):
        raise HTTPException(401, "Wrong or missing secret token")
    try:
        data = await request.json()
    except ValueError:
        raise HTTPException(400, "The body is not JSON") from None
    application = await telegram_application(request.app, settings, core)
    update = Update.de_json(data, application.bot)
    # Answer Telegram now; the bot's turn runs after the response (PTB's error handler logs failures).
    background.add_task(application.process_update, update)
    return {"ok": True}
