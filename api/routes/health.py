"""GET /healthz: is the API up, and can it reach Rasa and the action server?"""

import asyncio

import httpx
from fastapi import APIRouter
from fastapi.responses import JSONResponse

from api.deps import SettingsDep

router = APIRouter(tags=["health"])


async def _probe(client: httpx.AsyncClient, url: str, params: dict[str, str] | None = None) -> dict:
    try:
        response = await client.get(url, params=params)
    except httpx.HTTPError as exc:
        return {"status": "down", "url": url, "error": type(exc).__name__}
    if response.status_code != 200:
        return {"status": "down", "url": url, "http_status": response.status_code}
    return {"status": "up", "url": url}


@router.get("/healthz")
async def healthz(settings: SettingsDep) -> JSONResponse:
    async with httpx.AsyncClient(timeout=settings.health_timeout) as client:
        # Rasa's /status answers only once a model is loaded (with --enable-api); the action server
        # answers /health as soon as the actions are registered.
        rasa, actions = await asyncio.gather(
            _probe(client, f"{settings.rasa_url}/status", settings.rasa_api_params),
            _probe(client, f"{settings.actions_url}/health"),
        )
    parts = {"api": {"status": "up"}, "rasa": rasa, "actions": actions}
    healthy = all(part["status"] == "up" for part in parts.values())
    body = {"status": "up" if healthy else "degraded", "parts": parts}
    return JSONResponse(body, status_code=200 if healthy else 503)
