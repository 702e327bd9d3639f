"""No personal data in any process's log (config/logging.yml, api/log_redaction.py).

The three processes run as `make run` starts them, at LOG_LEVEL=DEBUG (Rasa then logs every user
message, slot and bot utterance) with Sanic's access log on. Pre-applications are filled with a CPF,
an e-mail and a phone over the REST channel and the widget relay, and the same data are typed into
Telegram and WhatsApp (the local fakes of tests/support/channel_fakes.py). Then everything each
process wrote (stdout and stderr, captured by tests/support/devstack.py) is searched: none of it
appears, in any spelling, while the masks show the data did reach the logs.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from pathlib import Path

import httpx
import pytest

from tests.support.channel_fakes import sign_whatsapp_body, tg_text_update, wa_text_event
from tests.support.devstack import ROOT, Stack

pytestmark = pytest.mark.e2e

MODEL = Path(os.environ.get("RASA_MODEL", ROOT / "models" / "bot.tar.gz"))
CPF, EMAIL, PHONE = "529.982.247-25", "maria.souza@exemplo.com.br", "84 98888-7777"
_NO_DIGITS = str.maketrans("0123456789", "ghijklmnop")
WA_ID = f"55849{secrets.randbelow(10**8):08d}"  # the WhatsApp sender id is a phone number


def _spellings() -> list[str]:
    digits = [re.sub(r"\D", "", value) for value in (CPF, PHONE)]
    return [CPF, EMAIL, EMAIL.replace("@", "%40"), PHONE, *digits, "98888-7777", "988887777", WA_ID]


@pytest.fixture(scope="module")
def verbose_stack(tmp_path_factory, channel_fakes):
    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train` before the e2e tests")
    running = Stack(var_dir=tmp_path_factory.mktemp("redaction-stack") / "var",
                    log_dir=ROOT / "tests" / "artifacts" / "e2e-redaction-logs",
                    env_extra={**channel_fakes.env(), "RASA_MODEL": str(MODEL), "LOG_LEVEL": "DEBUG",
                               "LOG_LEVEL_LIBRARIES": "INFO"})
    with running.started():
        yield running


class _Chat:
    """One pre-application conversation over the REST channel or the widget relay (/api/v1/chat)."""

    def __init__(self, stack: Stack, widget: bool) -> None:
        self.stack, self.widget = stack, widget
        # (letters only: a run of digits in a random sender id — "f186289922" — reads as a phone number to the
        # log masking, and the sender's own line is then masked too)
        self.sender = f"{'e2ewidget' if widget else 'web-redaction-'}{secrets.token_hex(5).translate(_NO_DIGITS)}"
        self.last: list[dict] = []

    def say(self, text: str) -> str:
        if self.widget:
            response = httpx.post(f"{self.stack.api_url}/api/v1/chat", timeout=60,
                                  json={"sender": self.sender, "message": text, "language": "pt-BR"})
            assert response.status_code == 200, response.text
            self.last = response.json()["messages"]
        else:
            self.last = self.stack.say(self.sender, text, timeout=60)
        return "\n".join(m.get("text") or "" for m in self.last)

    def tap(self, title_part: str) -> str:
        for message in self.last:
            for button in message.get("buttons") or []:
                if title_part.lower() in button["title"].lower():
                    return self.say(button["payload"])
        raise AssertionError(f"no button {title_part!r} in {self.last}")


def _preapplication(chat: _Chat) -> None:
    chat.say("quero licença de ambulante em Lajes")
    chat.tap("física")
    chat.tap("Concordo")
    chat.say("Maria Souza")
    chat.say(CPF)
    chat.say(PHONE)
    text = chat.say(EMAIL)
    assert text.strip(), "the form went on after the e-mail"


def _telegram(stack: Stack, fakes) -> None:  # type: ignore[no-untyped-def]
    chat_id = 700_000_000 + secrets.randbelow(100_000_000)
    for text in ("quero licença de ambulante em Lajes", f"meu CPF é {CPF}, e-mail {EMAIL}, telefone {PHONE}"):
        already = len(fakes.bot_api.calls_to("sendMessage"))
        response = httpx.post(f"{stack.api_url}/telegram/webhook", json=tg_text_update(chat_id, text),
                              headers={"X-Telegram-Bot-Api-Secret-Token": fakes.telegram_webhook_secret}, timeout=60)
        assert response.status_code == 200, response.text
        fakes.bot_api.wait_for("sendMessage", already + 1, timeout=60)


def _whatsapp(stack: Stack, fakes) -> None:  # type: ignore[no-untyped-def]
    for text in ("quero licença de ambulante em Lajes", f"CPF {CPF} e-mail {EMAIL} telefone {PHONE}"):
        already = len(fakes.graph_api.sent_to(WA_ID))
        body = json.dumps(wa_text_event(WA_ID, text, phone_number_id=fakes.graph_api.phone_number_id)).encode()
        response = httpx.post(f"{stack.api_url}/whatsapp/webhook", content=body, timeout=60,
                              headers={"Content-Type": "application/json",
                                       "X-Hub-Signature-256": sign_whatsapp_body(body, fakes.whatsapp_app_secret)})
        assert response.status_code == 200, response.text
        deadline = time.monotonic() + 60
        while len(fakes.graph_api.sent_to(WA_ID)) <= already and time.monotonic() < deadline:
            time.sleep(0.3)
        assert len(fakes.graph_api.sent_to(WA_ID)) > already, f"WhatsApp never answered {text!r}"


def test_no_process_logs_a_cpf_an_email_or_a_phone(verbose_stack, channel_fakes):
    rest, widget = _Chat(verbose_stack, widget=False), _Chat(verbose_stack, widget=True)
    _preapplication(rest)
    _preapplication(widget)
    _telegram(verbose_stack, channel_fakes)
    _whatsapp(verbose_stack, channel_fakes)
    time.sleep(2)  # the last lines reach the files

    logs = {part: (verbose_stack.log_dir / f"{part}.log").read_text(errors="replace")
            for part in ("rasa", "actions", "api")}
    found = {part: [value for value in _spellings() if value in text] for part, text in logs.items()}
    assert found == {part: [] for part in logs}
    # The data did reach the logs, masked: Rasa at DEBUG logs every user message (structlog, JSON).
    assert '"parse_data_text": "CPF [redacted] e-mail [redacted] telefone [redacted]"' in logs["rasa"]
    assert logs["rasa"].count('"parse_data_text": "[redacted]"') >= 4
    # Every channel's messages did reach the processes whose output was searched: the API relayed the
    # widget, Telegram and WhatsApp (its access log), Rasa parsed each channel's message with the data
    # (Telegram's has commas, WhatsApp's none; REST and widget: the form's answers above), and the
    # action server ran the form for them.
    for route in ("/api/v1/chat", "/telegram/webhook", "/whatsapp/webhook"):
        assert f'"POST {route} HTTP/1.1" 200' in logs["api"], route
    assert ", e-mail [redacted], telefone [redacted]" in logs["rasa"]  # Telegram's (JSON-escaped "é" before)
    for sender in (rest.sender, f"web-{widget.sender}", "telegram-[redacted]", "whatsapp-[redacted]"):
        assert f"sender_id '{sender}' stored to database" in logs["rasa"], sender
    # The action server's output is captured too, its Sanic worker's included: the worker that runs the
    # actions logs through config/logging.yml as well (rasa_sdk_plugins/), at DEBUG a line per call.
    assert "Action endpoint is up and running" in logs["actions"]
    assert "DEBUG rasa_sdk.executor - Received request to run '" in logs["actions"]
    # Secrets in URLs too: Sanic's access log of the API's calls to Rasa's HTTP API (?token=).
    assert verbose_stack.rasa_token["token"] not in "".join(logs.values())
