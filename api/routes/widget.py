"""The website chat widget: demo page, widget files, its texts, and the chat proxy to Rasa.

GET /widget/embed          for developers: how to embed the widget (the snippet), with the widget
GET /widget/widget.js      the widget (vanilla JS, no build step) — embed with a <script> tag
GET /widget/widget.css     its styles (loaded by widget.js)
GET /widget/messages.json  its texts in pt-BR, pt-PT and en, from api/channels/messages.yml
GET /widget/map.json       the map's tiles (MAP_TILES_URL) and where Leaflet is served
GET /vendor/leaflet/...    Leaflet, vendored (no CDN)
POST /api/v1/chat          {"sender", "message", "language"?} -> {"messages": [Rasa REST messages]}

The browser only ever talks to this API; Rasa's port stays private.
"""

from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from api.channels.catalog import DEFAULT_LANGUAGE, LANGUAGES, get_catalog, normalize_language
from api.channels.errors import AssistantUnavailable, MessageTooLong, RateLimited
from api.channels.rasa_client import sender_id
from api.channels.unavailable import unavailable_text
from api.channels.runtime import WidgetRelayDep, WidgetSettingsDep, channels_lifespan
from api.map_tiles import get_map_settings
from api.site import install_filters, page_context, page_language

router = APIRouter(tags=["widget"], lifespan=channels_lifespan)

_API_DIR = Path(__file__).resolve().parents[1]
_STATIC = _API_DIR / "static" / "widget"
_LEAFLET = _API_DIR / "static" / "vendor" / "leaflet"
_VENDOR_TYPES = {".js": "text/javascript", ".css": "text/css", ".png": "image/png"}
templates = Jinja2Templates(directory=_API_DIR / "templates")
install_filters(templates)
# Texts of the common section that the widget shows itself.
_COMMON_FOR_WIDGET = (
    "unavailable", "citations_heading", "places_heading", "place_distance", "place_radius",
    "place_map_link", "share_location_button", "location_shared", "choose_option",
)


class ChatRequest(BaseModel):
    # The browser's random conversation id; the proxy prefixes it, so a page can never write into a
    # Telegram or WhatsApp conversation.
    sender: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{8,64}$")]
    # Bounded by the API's body limit here; MAX_MESSAGE_CHARS is checked by the relay, which answers
    # a longer message politely in the citizen's language (413) instead of a bare 422.
    message: Annotated[str, Field(min_length=1)]
    language: str | None = None


def _cors_headers(request: Request, settings) -> dict[str, str]:
    origin = request.headers.get("origin")
    if not origin or not settings.origin_allowed(origin):
        return {}
    return {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Methods": "POST, OPTIONS",
        "Access-Control-Allow-Headers": "Content-Type",
        "Access-Control-Max-Age": "600",
        "Vary": "Origin",
    }


def embed_snippet(base_url: str) -> str:
    return (
        f'<script src="{base_url}/widget/widget.js" defer\n'
        '        data-language="pt-BR" data-open="false"></script>'
    )


@router.get("/widget/embed", response_class=HTMLResponse, include_in_schema=False)
async def embed_page(request: Request) -> HTMLResponse:
    """The developers' page: the snippet that puts the chat on any site (the citizens' page is /)."""
    base_url = str(request.base_url).rstrip("/")
    language = page_language(request)
    return templates.TemplateResponse(
        request,
        "widget/embed.html",
        page_context(request, language, page="embed", snippet=embed_snippet(base_url), base_url=base_url),
    )


@router.get("/widget/widget.js", include_in_schema=False)
async def widget_js() -> FileResponse:
    return FileResponse(_STATIC / "widget.js", media_type="text/javascript", headers={"Cache-Control": "public, max-age=300"})


@router.get("/widget/widget.css", include_in_schema=False)
async def widget_css() -> FileResponse:
    return FileResponse(_STATIC / "widget.css", media_type="text/css", headers={"Cache-Control": "public, max-age=300"})


@router.get("/widget/map.json")
async def widget_map(request: Request, settings: WidgetSettingsDep) -> JSONResponse:
    """The map's tiles (MAP_TILES_URL, attribution; null: no tiles, the widget's own offline drawing)
    and where this API serves Leaflet (api/map_tiles.py)."""
    return JSONResponse(get_map_settings().widget_config(),
                        headers={"Cache-Control": "public, max-age=300", **_cors_headers(request, settings)})


@router.get("/vendor/leaflet/{path:path}", include_in_schema=False)
async def leaflet_asset(path: str) -> FileResponse:
    """Leaflet 1.9.4 from npm, vendored with its licence (api/static/vendor/leaflet/README.md): no CDN."""
    file = (_LEAFLET / path).resolve()
    if not file.is_relative_to(_LEAFLET.resolve()) or file.suffix not in _VENDOR_TYPES or not file.is_file():
        raise HTTPException(status_code=404)
    return FileResponse(file, media_type=_VENDOR_TYPES[file.suffix], headers={"Cache-Control": "public, max-age=86400"})


@router.get("/widget/messages.json")
async def widget_messages(request: Request, settings: WidgetSettingsDep) -> JSONResponse:
    """The widget's own texts in every language (the bot's answers come from the bot)."""
    catalog = get_catalog()
    texts = {}
    for language in LANGUAGES:
        common = catalog.section("common", language)
        texts[language] = {**{key: common[key] for key in _COMMON_FOR_WIDGET}, **catalog.section("widget", language),
                           **{f"feedback_{k}": v for k, v in catalog.section("feedback", language).items()},
                           **{f"handoff_{k}": v for k, v in catalog.section("handoff", language).items()}}
    body = {
        "default_language": DEFAULT_LANGUAGE,
        "languages": {code: catalog.language_name(code) for code in LANGUAGES},
        "texts": texts,
    }
    return JSONResponse(body, headers={"Cache-Control": "public, max-age=300", **_cors_headers(request, settings)})


@router.options("/api/v1/chat", include_in_schema=False)
async def chat_preflight(request: Request, settings: WidgetSettingsDep) -> Response:
    return Response(status_code=204, headers=_cors_headers(request, settings))


@router.post("/api/v1/chat", responses={
    413: {"description": "message longer than MAX_MESSAGE_CHARS (or body over MAX_BODY_BYTES)"},
    429: {"description": "too many messages in this conversation or from this address, or in this "
                         "conversation's session (error session_full; Retry-After)"},
    503: {"description": "the assistant is unavailable: the message names the competent office"}})
async def chat(body: ChatRequest, request: Request, relay: WidgetRelayDep, settings: WidgetSettingsDep) -> JSONResponse:
    """One turn of the website chat, relayed to Rasa's REST channel."""
    language = normalize_language(body.language)
    sender = sender_id("web", body.sender)
    try:
        async with relay.one_at_a_time(sender):  # two tabs of one conversation: one turn after the other
            answer = await relay.ask(sender, body.message, language=language)
            answer_id = relay.answer_id_of(sender)
    except AssistantUnavailable:
        message = unavailable_text(language, relay.jurisdiction_of(sender))
        return JSONResponse({"error": "assistant_unavailable", "message": message}, status_code=503,
                            headers=_cors_headers(request, settings))
    except MessageTooLong as exc:
        message = get_catalog().text("common.message_too_long", language, limit=exc.limit)
        return JSONResponse({"error": "message_too_long", "message": message}, status_code=413,
                            headers=_cors_headers(request, settings))
    except RateLimited as exc:
        message = get_catalog().text(exc.message_key, language)
        return JSONResponse({"error": exc.code, "message": message, "retry_after": exc.retry_after},
                            status_code=429, headers={"Retry-After": str(exc.retry_after), **_cors_headers(request, settings)})
    messages = [m.model_dump(exclude_none=True, exclude_defaults=True) for m in answer]
    body: dict[str, object] = {"messages": messages}
    if answer_id is not None:  # what the widget's 👍/👎 send back (POST /api/v1/feedback)
        body["answer_id"] = answer_id
    return JSONResponse(body, headers=_cors_headers(request, settings))

