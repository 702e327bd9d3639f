"""Test helpers for the channels, for our tests and the lead's end-to-end tests.

Real HTTP servers on loopback (no network beyond 127.0.0.1), each in a thread:
- FakeRasa: Rasa's REST webhook with deterministic answers (or your own responder);
- FakeBotAPI: the Telegram Bot API methods PTB calls; records them and serves getUpdates;
- FakeGraphAPI: the WhatsApp Cloud API /messages endpoint; records what was sent.
Factories build Bot API updates and WhatsApp Cloud API webhook events as JSON dicts shaped like
the documented ones; `sign_whatsapp_body` makes the X-Hub-Signature-256 header.
`serve_app` runs an ASGI app (the API) with uvicorn on a free port.

The fake bot's answers are placeholders that exercise every message shape; they state no legal
fact, so tests that need facts must run against the real bot.
"""

import contextlib
import hashlib
import hmac
import itertools
import json
import math
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

__all__ = [
    "FakeBotAPI",
    "FakeGraphAPI",
    "FakeRasa",
    "scripted_bot",
    "serve_app",
    "sign_whatsapp_body",
    "tg_callback_update",
    "tg_command_update",
    "tg_location_update",
    "tg_text_update",
    "wa_button_reply_event",
    "wa_image_event",
    "wa_list_reply_event",
    "wa_location_event",
    "wa_status_event",
    "wa_text_event",
]

Responder = Callable[[str, str], list[dict[str, Any]]]


# ------------------------------------------------------------------------------------ servers
class _LoopbackServer:
    """A ThreadingHTTPServer on 127.0.0.1:<free port>; subclasses implement handle()."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, dict[str, str], bytes]] = []
        self._lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body go out as separate writes; without this, Nagle + delayed ACK
            # add ~40 ms to every call.
            disable_nagle_algorithm = True

            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {k.lower(): v for k, v in self.headers.items()}
                with outer._lock:
                    outer.requests.append((self.command, self.path, headers, body))
                status, payload, content_type = outer.handle(self.command, self.path, headers, body)
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _serve

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def handle(self, method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, Any, str]:
        raise NotImplementedError

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "_LoopbackServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _wait(self, predicate: Callable[[], bool], timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            time.sleep(0.01)
        return predicate()


# ------------------------------------------------------------------------------------ fake Rasa
_FAKE_POINTS = [
    # (name, area, lon, lat, radius_m) — made-up points near Bertioga's coast, for rendering only.
    ("Ponto 1 — Riviera", "Riviera de São Lourenço", -46.0612, -23.7975, 50.0),
    ("Ponto 2 — Enseada", "Praia da Enseada", -46.1290, -23.8355, 50.0),
    ("Ponto 3 — Indaiá", "Praia do Indaiá", -46.1625, -23.8540, 30.0),
]


def _haversine_m(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    r = 6_371_000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


def _payload_json(message: str, intent: str) -> dict[str, Any]:
    return json.loads(message[len(intent):] or "{}")


def scripted_bot(sender: str, message: str) -> list[dict[str, Any]]:
    """Deterministic answers covering every shape the real bot sends.

    - "/set_language{...}"        -> "language: <code>"
    - "/share_location{...}"      -> text + places (distances from the shared point)
    - "/choose_municipality{...}" -> text with a markdown link + citations
    - text with "where"/"onde"    -> text + request_location
    - text with "municipal"       -> four buttons (WhatsApp: a list)
    - text with "long"            -> a text of ~6000 characters in paragraphs
    - anything else               -> "You said: ..." with two buttons
    """
    lowered = message.lower()
    if message.startswith("/set_language"):
        language = _payload_json(message, "/set_language").get("language")
        return [{"recipient_id": sender, "text": f"language: {language}"}]
    if message.startswith("/share_location"):
        where = _payload_json(message, "/share_location")
        features = [
            {
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [lon, lat]},
                "properties": {
                    "name": name,
                    "area": area,
                    "radius_m": radius,
                    "distance_m": round(_haversine_m(where["latitude"], where["longitude"], lat, lon)),
                },
            }
            for name, area, lon, lat, radius in _FAKE_POINTS
        ]
        return [
            {"recipient_id": sender, "text": f"Points near {where['latitude']:.4f}, {where['longitude']:.4f}:"},
            {"recipient_id": sender, "custom": {"places": {"type": "FeatureCollection", "features": features}}},
        ]
    if message.startswith("/choose_municipality"):
        municipality = _payload_json(message, "/choose_municipality").get("municipality", "?")
        unit = f"{municipality}/fake-norm/art-1"
        return [
            {"recipient_id": sender, "text": f"Municipality {municipality}. See [the article](/norms/{unit}) (fake bot)."},
            {"recipient_id": sender, "custom": {"citations": [{"unit_id": unit, "label": "Art. 1 (fake)", "url": f"/norms/{unit}"}]}},
        ]
    if "where" in lowered or "onde" in lowered:
        return [
            {"recipient_id": sender, "text": "Share your location, please (fake bot)."},
            {"recipient_id": sender, "custom": {"request_location": True}},
        ]
    if "municipal" in lowered:
        names = [("br-sp-bertioga", "Bertioga"), ("br-pr-pontal-do-parana", "Pontal do Paraná"),
                 ("br-sp-igarapava", "Igarapava"), ("br-rn-lajes", "Lajes")]
        buttons = [{"title": t, "payload": f'/choose_municipality{{"municipality":"{m}"}}'} for m, t in names]
        return [{"recipient_id": sender, "text": "Which municipality? (fake bot)", "buttons": buttons}]
    if "long" in lowered:
        paragraph = "This is a long fake answer paragraph. " * 25
        return [{"recipient_id": sender, "text": "\n\n".join(f"{i}. {paragraph}" for i in range(1, 8))}]
    return [
        {
            "recipient_id": sender,
            "text": f"You said: {message}",
            "buttons": [
                {"title": "Bertioga", "payload": '/choose_municipality{"municipality":"br-sp-bertioga"}'},
                {"title": "Pontal do Paraná", "payload": '/choose_municipality{"municipality":"br-pr-pontal-do-parana"}'},
            ],
        }
    ]


class FakeRasa(_LoopbackServer):
    """Rasa's REST channel: POST /webhooks/rest/webhook {"sender","message"} -> list of messages."""

    def __init__(self, responder: Responder = scripted_bot) -> None:
        super().__init__()
        self.responder = responder
        self.received: list[tuple[str, str]] = []
        # Set to an HTTP status (e.g. 500) to play a broken bot.
        self.fail_with: int | None = None

    def handle(self, method, path, headers, body):
        if method == "GET" and path == "/status":
            return 200, {"model_file": "fake"}, "application/json"
        if method != "POST" or path != "/webhooks/rest/webhook":
            return 404, {"error": "not found"}, "application/json"
        if self.fail_with is not None:
            return self.fail_with, {"error": "fake failure"}, "application/json"
        data = json.loads(body)
        self.received.append((data["sender"], data["message"]))
        return 200, self.responder(data["sender"], data["message"]), "application/json"

    def messages_from(self, sender: str) -> list[str]:
        return [m for s, m in self.received if s == sender]


# ------------------------------------------------------------------------------------ Telegram
# String parameters PTB sends unencoded; everything else arrives JSON-encoded in the form body.
_TG_STRING_PARAMS = {"text", "parse_mode", "callback_query_id", "photo", "caption", "action", "secret_token", "url"}


class FakeBotAPI(_LoopbackServer):
    """The Bot API as PTB calls it (form-encoded POST /bot<token>/<method>), recorded in `calls`.

    Point PTB at it with `Application.builder().base_url(fake.base_url)`. Updates pushed with
    `push_update` are served by getUpdates (long polling waits up to half a second).
    """

    def __init__(self, token: str = "123456:TEST-TOKEN") -> None:
        super().__init__()
        self.token = token
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self._updates: list[dict[str, Any]] = []
        self._message_ids = itertools.count(1000)
        self.bot_user = {"id": int(token.split(":")[0]), "is_bot": True, "first_name": "Assistente", "username": "assistente_test_bot"}

    @property
    def base_url(self) -> str:
        return f"{self.url}/bot"

    def push_update(self, update: dict[str, Any]) -> None:
        with self._lock:
            self._updates.append(update)

    def calls_to(self, method: str) -> list[dict[str, Any]]:
        with self._lock:
            return [params for name, params in self.calls if name == method]

    @property
    def sent_texts(self) -> list[str]:
        return [p["text"] for p in self.calls_to("sendMessage")]

    def wait_for(self, method: str, count: int = 1, timeout: float = 5.0) -> list[dict[str, Any]]:
        self._wait(lambda: len(self.calls_to(method)) >= count, timeout)
        return self.calls_to(method)

    def _params(self, headers: dict[str, str], body: bytes) -> dict[str, Any]:
        if headers.get("content-type", "").startswith("application/json"):
            return json.loads(body or b"{}")
        params: dict[str, Any] = {}
        for key, value in parse_qsl(body.decode(), keep_blank_values=True):
            if key in _TG_STRING_PARAMS:
                params[key] = value
            else:
                try:
                    params[key] = json.loads(value)
                except ValueError:
                    params[key] = value
        return params

    def handle(self, method, path, headers, body):
        parts = urlsplit(path).path.strip("/").split("/")
        if len(parts) != 2 or parts[0] != f"bot{self.token}":
            return 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}, "application/json"
        name, params = parts[1], self._params(headers, body)
        with self._lock:
            self.calls.append((name, params))
        result = self._result(name, params)
        if result is None:
            return 404, {"ok": False, "error_code": 404, "description": "Not Found: method not found"}, "application/json"
        return 200, {"ok": True, "result": result}, "application/json"

    def _result(self, name: str, params: dict[str, Any]) -> Any:
        now = int(time.time())
        if name == "getMe":
            return self.bot_user
        if name == "getUpdates":
            offset = int(params.get("offset") or 0)
            wait = min(float(params.get("timeout") or 0), 0.5)
            deadline = time.monotonic() + wait
            while True:
                with self._lock:
                    self._updates = [u for u in self._updates if u["update_id"] >= offset]
                    pending = list(self._updates)
                if pending or time.monotonic() >= deadline:
                    return pending
                time.sleep(0.02)
        if name in ("sendMessage", "sendPhoto", "sendLocation"):
            chat_id = int(params["chat_id"])
            message = {"message_id": next(self._message_ids), "date": now, "from": self.bot_user,
                       "chat": {"id": chat_id, "type": "private"}}
            if "text" in params:
                message["text"] = params["text"]
            return message
        if name in ("answerCallbackQuery", "sendChatAction", "deleteWebhook", "setWebhook",
                    "setMyCommands", "editMessageReplyMarkup", "close", "logOut"):
            return True
        if name == "getWebhookInfo":
            return {"url": "", "has_custom_certificate": False, "pending_update_count": 0}
        return None


_update_ids = itertools.count(1)
_tg_message_ids = itertools.count(1)


def _tg_user(user_id: int, language_code: str | None) -> dict[str, Any]:
    user: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": "Cidadã", "username": f"user{user_id}"}
    if language_code:
        user["language_code"] = language_code
    return user


def _tg_message(chat_id: int, language_code: str | None, **content: Any) -> dict[str, Any]:
    return {
        "message_id": next(_tg_message_ids),
        "date": int(time.time()),
        "chat": {"id": chat_id, "type": "private", "first_name": "Cidadã"},
        "from": _tg_user(chat_id, language_code),
        **content,
    }


def tg_text_update(chat_id: int, text: str, *, language_code: str | None = "pt-br") -> dict[str, Any]:
    return {"update_id": next(_update_ids), "message": _tg_message(chat_id, language_code, text=text)}


def tg_command_update(chat_id: int, command: str, *, language_code: str | None = "pt-br") -> dict[str, Any]:
    """`command` with its slash, e.g. "/start"; carries the bot_command entity Telegram adds."""
    name = command.split()[0]
    entity = {"type": "bot_command", "offset": 0, "length": len(name)}
    return {"update_id": next(_update_ids), "message": _tg_message(chat_id, language_code, text=command, entities=[entity])}


def tg_location_update(chat_id: int, latitude: float, longitude: float, *, language_code: str | None = "pt-br") -> dict[str, Any]:
    location = {"latitude": latitude, "longitude": longitude}
    return {"update_id": next(_update_ids), "message": _tg_message(chat_id, language_code, location=location)}


def tg_callback_update(chat_id: int, data: str, *, language_code: str | None = "pt-br", message_id: int = 1) -> dict[str, Any]:
    """A tap on an inline-keyboard button of the bot's message `message_id`."""
    return {
        "update_id": next(_update_ids),
        "callback_query": {
            "id": str(next(_update_ids) + 900_000),
            "from": _tg_user(chat_id, language_code),
            "chat_instance": f"ci-{chat_id}",
            "data": data,
            "message": {
                "message_id": message_id,
                "date": int(time.time()),
                "chat": {"id": chat_id, "type": "private", "first_name": "Cidadã"},
                "from": {"id": 123456, "is_bot": True, "first_name": "Assistente", "username": "assistente_test_bot"},
                "text": "…",
            },
        },
    }


# ------------------------------------------------------------------------------------ WhatsApp
class FakeGraphAPI(_LoopbackServer):
    """POST /<version>/<phone number id>/messages with a Bearer token; records the bodies."""

    def __init__(self, *, access_token: str = "test-access-token", phone_number_id: str = "106540352242922",
                 version: str = "v21.0") -> None:
        super().__init__()
        self.access_token = access_token
        self.phone_number_id = phone_number_id
        self.version = version
        self.sent: list[dict[str, Any]] = []
        self.fail_with: int | None = None
        self._ids = itertools.count(1)

    def handle(self, method, path, headers, body):
        if headers.get("authorization") != f"Bearer {self.access_token}":
            return 401, {"error": {"message": "Invalid OAuth access token", "type": "OAuthException", "code": 190}}, "application/json"
        if method != "POST" or urlsplit(path).path != f"/{self.version}/{self.phone_number_id}/messages":
            return 404, {"error": {"message": "Unknown path", "code": 100}}, "application/json"
        if self.fail_with is not None:
            return self.fail_with, {"error": {"message": "fake failure", "code": 131000}}, "application/json"
        message = json.loads(body)
        with self._lock:
            self.sent.append(message)
        return 200, {
            "messaging_product": "whatsapp",
            "contacts": [{"input": message.get("to"), "wa_id": message.get("to")}],
            "messages": [{"id": f"wamid.FAKE{next(self._ids):06d}"}],
        }, "application/json"

    def sent_to(self, wa_id: str) -> list[dict[str, Any]]:
        with self._lock:
            return [m for m in self.sent if m.get("to") == wa_id]

    def wait_for(self, count: int, timeout: float = 5.0) -> list[dict[str, Any]]:
        self._wait(lambda: len(self.sent) >= count, timeout)
        return list(self.sent)


_wa_message_ids = itertools.count(1)


def _wa_event(value: dict[str, Any], *, phone_number_id: str) -> dict[str, Any]:
    return {
        "object": "whatsapp_business_account",
        "entry": [{
            "id": "102290129340398",
            "changes": [{
                "field": "messages",
                "value": {
                    "messaging_product": "whatsapp",
                    "metadata": {"display_phone_number": "15550783881", "phone_number_id": phone_number_id},
                    **value,
                },
            }],
        }],
    }


def _wa_inbound(wa_id: str, message_type: str, content: dict[str, Any], *, name: str, timestamp: int | None,
                phone_number_id: str, message_id: str | None) -> dict[str, Any]:
    message = {
        "from": wa_id,
        "id": message_id or f"wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQz{next(_wa_message_ids):08d}",
        "timestamp": str(timestamp if timestamp is not None else int(time.time())),
        "type": message_type,
        message_type: content,
    }
    contacts = [{"profile": {"name": name}, "wa_id": wa_id}]
    return _wa_event({"contacts": contacts, "messages": [message]}, phone_number_id=phone_number_id)


def wa_text_event(wa_id: str, text: str, *, name: str = "Cidadã", timestamp: int | None = None,
                  phone_number_id: str = "106540352242922", message_id: str | None = None) -> dict[str, Any]:
    return _wa_inbound(wa_id, "text", {"body": text}, name=name, timestamp=timestamp,
                       phone_number_id=phone_number_id, message_id=message_id)


def wa_button_reply_event(wa_id: str, reply_id: str, title: str, **kwargs: Any) -> dict[str, Any]:
    content = {"type": "button_reply", "button_reply": {"id": reply_id, "title": title}}
    return _wa_inbound(wa_id, "interactive", content, name=kwargs.pop("name", "Cidadã"),
                       timestamp=kwargs.pop("timestamp", None),
                       phone_number_id=kwargs.pop("phone_number_id", "106540352242922"),
                       message_id=kwargs.pop("message_id", None))


def wa_list_reply_event(wa_id: str, reply_id: str, title: str, description: str = "", **kwargs: Any) -> dict[str, Any]:
    content = {"type": "list_reply", "list_reply": {"id": reply_id, "title": title, "description": description}}
    return _wa_inbound(wa_id, "interactive", content, name=kwargs.pop("name", "Cidadã"),
                       timestamp=kwargs.pop("timestamp", None),
                       phone_number_id=kwargs.pop("phone_number_id", "106540352242922"),
                       message_id=kwargs.pop("message_id", None))


def wa_location_event(wa_id: str, latitude: float, longitude: float, **kwargs: Any) -> dict[str, Any]:
    content = {"latitude": latitude, "longitude": longitude, "name": kwargs.pop("place_name", None) or "", "address": ""}
    return _wa_inbound(wa_id, "location", content, name=kwargs.pop("name", "Cidadã"),
                       timestamp=kwargs.pop("timestamp", None),
                       phone_number_id=kwargs.pop("phone_number_id", "106540352242922"),
                       message_id=kwargs.pop("message_id", None))


def wa_image_event(wa_id: str, **kwargs: Any) -> dict[str, Any]:
    content = {"caption": "", "mime_type": "image/jpeg", "sha256": "0" * 64, "id": "1234567890"}
    return _wa_inbound(wa_id, "image", content, name=kwargs.pop("name", "Cidadã"),
                       timestamp=kwargs.pop("timestamp", None),
                       phone_number_id=kwargs.pop("phone_number_id", "106540352242922"),
                       message_id=kwargs.pop("message_id", None))


def wa_status_event(recipient_id: str, message_id: str, status: str = "delivered", *,
                    phone_number_id: str = "106540352242922") -> dict[str, Any]:
    entry: dict[str, Any] = {"id": message_id, "status": status, "timestamp": str(int(time.time())), "recipient_id": recipient_id}
    if status != "read":
        entry["conversation"] = {"id": "conv-1", "origin": {"type": "service"}}
        entry["pricing"] = {"billable": True, "pricing_model": "CBP", "category": "service"}
    if status == "failed":
        entry["errors"] = [{"code": 131047, "title": "Re-engagement message"}]
    return _wa_event({"statuses": [entry]}, phone_number_id=phone_number_id)


def sign_whatsapp_body(body: bytes, app_secret: str) -> str:
    """The X-Hub-Signature-256 header Meta sends with `body`."""
    return "sha256=" + hmac.new(app_secret.encode(), body, hashlib.sha256).hexdigest()


# ------------------------------------------------------------------------------------ the API
@contextlib.contextmanager
def serve_app(app: Any, *, host: str = "127.0.0.1") -> Iterator[str]:
    """Run an ASGI app with uvicorn on a free loopback port; yields its base URL."""
    import socket

    import uvicorn

    with socket.socket() as probe:
        probe.bind((host, 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the API did not start")
        time.sleep(0.02)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
