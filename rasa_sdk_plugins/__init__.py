"""The action server accepts only Rasa: every call but GET /health must carry ACTIONS_TOKEN.

rasa-sdk 3.21 has no authentication of its own, but it imports a top-level package named
`rasa_sdk_plugins` (rasa_sdk/plugin.py) in every Sanic worker and lets it attach middleware to the
app. Rasa sends the token as the `X-Actions-Token` header of its action endpoint (bot/endpoints.yml).
`scripts/serve.sh` always sets ACTIONS_TOKEN (generated locally, required outside ENVIRONMENT=local);
started by hand without it, the server refuses to start outside local and warns locally.
"""

from __future__ import annotations

import hmac
import logging
import os

import pluggy
from sanic import Sanic, response
from sanic.request import Request

__all__ = ["HEADER", "init_hooks"]

HEADER = "X-Actions-Token"
_OPEN_PATHS = frozenset({"/health"})

log = logging.getLogger(__name__)
hookimpl = pluggy.HookimplMarker("rasa_sdk")


def _require_token(app: Sanic, token: str) -> None:
    expected = token.encode()

    @app.on_request
    async def check_token(request: Request):  # noqa: ANN202 - Sanic middleware
        if request.path in _OPEN_PATHS:
            return None
        given = (request.headers.get(HEADER) or "").encode()
        if not hmac.compare_digest(given, expected):
            return response.json({"error": "unauthorized"}, status=401)
        return None


class _ActionsTokenPlugin:
    @hookimpl
    def attach_sanic_app_extensions(self, app: Sanic) -> None:
        token = os.environ.get("ACTIONS_TOKEN", "")
        if token:
            _require_token(app, token)
            return
        if os.environ.get("ENVIRONMENT", "local") != "local":
            raise RuntimeError("ACTIONS_TOKEN must be set outside ENVIRONMENT=local")
        log.warning("ACTIONS_TOKEN is not set: the action server accepts calls from anyone who reaches it")


def init_hooks(manager: pluggy.PluginManager) -> None:
    manager.register(_ActionsTokenPlugin())
