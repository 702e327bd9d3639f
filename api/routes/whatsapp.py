"""GET/POST /whatsapp/webhook: the WhatsApp Cloud API's verification handshake and its events."""

import hmac
import json

from fastapi import APIRouter, BackgroundTasks, HTTPException, Query, Request
from fastapi.responses import PlainTextResponse

from api.channels.runtime import CoreSettingsDep, WhatsAppSettingsDep, channels_lifespan, whatsapp_bridge
from api.channels.whatsapp import signature_is_valid

router = APIRouter(tags=["channels"], lifespan=channels_lifespan)


@router.get("/whatsapp/webhook", include_in_schema=False)
async def whatsapp_verify(
    settings: WhatsAppSettingsDep,
    mode: str = Query("", alias="hub.mode"),
    token: str = Query("", alias="hub.verify_token"),
    challenge: str = Query("", alias="hub.challenge"),
) -> PlainTextResponse:
    """Meta checks the URL with ?hub.mode=subscribe&hub.verify_token=...&hub.challenge=N."""
    if settings.verify_token is None:
        raise HTTPException(503, "The WhatsApp channel is not configured")
    expected = settings.verify_token.get_secret_value().encode()
    if mode != "subscribe" or not hmac.compare_digest(token.encode(), expected):
        raise HTTPException(403, "Verification failed")
    return PlainTextResponse(challenge)


@router.post("/whatsapp/webhook", include_in_schema=False)
async def whatsapp_events(
    request: Request, background: BackgroundTasks, settings: WhatsAppSettingsDep, core: CoreSettingsDep
) -> dict:
    if not settings.webhook_ready:
        raise HTTPException(503, "The WhatsApp channel is not configured")
    body = await request.body()  # the signature covers these exact bytes
    if not signature_is_valid(body, request.headers.get("X-Hub-Signature-256"), settings.app_secret.get_secret_value()):
        raise HTTPException(401, "Invalid signature")
    try:
        payload = json.loads(body)
    except ValueError:
        raise HTTPException(400, "The body is not JSON") from None
    # Meta wants its 200 quickly and redelivers otherwise; replies go out after the response.
    background.add_task(whatsapp_bridge(request.app, settings, core).handle_event, payload)
    return {"status": "received"}
