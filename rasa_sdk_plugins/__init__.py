"""The action server accepts only Rasa: every call but GET /health must carry ACTIONS_TOKEN.

rasa-sdk 3.21 has no authentication of its own, but it imports a top-level package named
`rasa_sdk_plugins` (rasa_sdk/plugin.py) in every Sanic worker and lets it attach middleware to the
app. Rasa sends the token as the `X-Actions-Token` header of its action endpoint (bot/endpoints.yml).
`scripts/serve.sh` always sets ACTIONS_TOKEN (generated locally, required outside ENVIRONMENT=local);
started by hand without it, the server refuses to start outside local and warns locally.

The same hook gives each worker the process's logging (`_log_like_the_primary`): rasa-sdk applies
`--logging-config_file` (config/logging.yml, which masks personal data) only in the process it was
started as, and Sanic runs the app in a worker started by multiprocessing's *spawn*: a fresh
interpreter whose logging is Python's default, so without this the actions' warnings and tracebacks
reached stderr unmasked and nothing below WARNING was written (tests/e2e/test_actions_worker_logging.py).
"""

from __future__ import annotations

import hmac
import logging
import logging.config
import os
import sys
from collections.abc import Sequence

import pluggy
import yaml
from sanic import Sanic, response
from sanic.request import Request

from api import log_redaction

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


def _log_like_the_primary(argv: Sequence[str]) -> None:
    """In a Sanic worker, apply the logging file the server was started with; mask in any case.

    A spawned worker inherits the command line (multiprocessing hands it sys.argv), the working
    directory and the environment, not the logging configuration. The process that applied the file
    already masks (building its filter installs api/log_redaction.py): nothing to do there. A file
    that cannot be applied raises: the worker stops rather than log unmasked (scripts/serve.sh checks
    the file before starting, so this does not happen when it starts the server).
    """
    if log_redaction.installed():
        return
    from rasa_sdk.endpoint import create_argument_parser  # the primary parsed this same argv

    config_file = create_argument_parser().parse_known_args(list(argv))[0].logging_config_file
    if config_file:
        with open(config_file, encoding="utf-8") as file:
            logging.config.dictConfig(yaml.safe_load(file))
    log_redaction.install()  # started without a file: at least Python's last-resort output is masked


class _ActionsTokenPlugin:
    @hookimpl
    def attach_sanic_app_extensions(self, app: Sanic) -> None:
        _log_like_the_primary(sys.argv[1:])
        token = os.environ.get("ACTIONS_TOKEN", "")
        if token:
            _require_token(app, token)
            return
        if os.environ.get("ENVIRONMENT", "local") != "local":
            raise RuntimeError("ACTIONS_TOKEN must be set outside ENVIRONMENT=local")
        log.warning("ACTIONS_TOKEN is not set: the action server accepts calls from anyone who reaches it")


def init_hooks(manager: pluggy.PluginManager) -> None:
    manager.register(_ActionsTokenPlugin())
