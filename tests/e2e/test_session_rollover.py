"""Sessions closed every few turns (bot/tracker_store.py, issue 17) lose no pre-application.

The three processes as `make run` starts them, with the tracker store's `session_turns` at 3 (a copy
of bot/endpoints.yml): the Pontal pre-application of test_permit_conversations.py, interruption
included, goes through about six session starts and still reaches the same protocol with the same
answers; Rasa's latest session holds the open form and the slots given before it began, and the full
conversation keeps every message.
"""

from __future__ import annotations

import json
import re
import secrets
from datetime import date
from pathlib import Path

import httpx
import pytest

from tests.support.devstack import ROOT, Stack

pytestmark = pytest.mark.e2e

MODEL = ROOT / "models" / "bot.tar.gz"
CLERK_TOKEN = secrets.token_urlsafe(32)
VALID_CPF = "529.982.247-25"
SESSION_TURNS = 3


@pytest.fixture(scope="module")
def rolling_stack(tmp_path_factory):
    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train` before the e2e tests")
    tmp = tmp_path_factory.mktemp("rolling-stack")
    endpoints = (ROOT / "bot" / "endpoints.yml").read_text(encoding="utf-8")
    assert re.search(r"^  session_turns: \d+$", endpoints, re.M), "bot/endpoints.yml sets session_turns"
    short = tmp / "endpoints.yml"
    short.write_text(re.sub(r"^  session_turns: \d+$", f"  session_turns: {SESSION_TURNS}", endpoints, flags=re.M),
                     encoding="utf-8")
    accounts = [{"username": "e2e-clerk", "token": CLERK_TOKEN, "roles": {"br-pr-pontal-do-parana": "reviewer"}}]
    running = Stack(var_dir=tmp / "var", log_dir=ROOT / "tests" / "artifacts" / "e2e-rollover-logs",
                    env_extra={"RASA_MODEL": str(MODEL), "RASA_ENDPOINTS": str(short),
                               "CLERK_ACCOUNTS": json.dumps(accounts),
                               "PERMITS_SECRET_KEY": secrets.token_urlsafe(48)})
    with running.started():
        yield running


class Citizen:
    def __init__(self, stack: Stack) -> None:
        self.stack, self.sender = stack, f"web-rollover-{secrets.token_hex(4)}"
        self.last: list[dict] = []

    def say(self, message: str) -> str:
        self.last = self.stack.say(self.sender, message, timeout=60)
        return self.text

    @property
    def text(self) -> str:
        return "\n".join(m.get("text", "") for m in self.last if m.get("text")).replace("\u00a0", " ")

    def tap(self, title_part: str) -> str:
        buttons = [b for m in self.last for b in m.get("buttons") or []]
        for b in buttons:
            if title_part.lower() in b["title"].lower():
                return self.say(b["payload"])
        raise AssertionError(f"no button {title_part!r} in {[b['title'] for b in buttons]}; last text: {self.text}")

    def tracker(self) -> dict:
        response = httpx.get(f"{self.stack.rasa_url}/conversations/{self.sender}/tracker",
                             params=self.stack.rasa_token, timeout=30)
        response.raise_for_status()
        return response.json()


def test_a_pre_application_crosses_session_starts_to_its_protocol(rolling_stack):
    c = Citizen(rolling_stack)
    c.say("Quero pedir autorização para vender na praia")
    c.tap("Pontal")
    c.say("sorvete")
    c.tap("Temporada")
    c.tap("física")
    c.tap("Concordo")
    c.say("Maria Aparecida Souza")
    c.say(VALID_CPF)
    c.say("(41) 99999-1234")
    # Nine turns so far: three sessions closed while the form was open.
    tracker = c.tracker()
    assert sum(e["event"] == "session_started" for e in tracker["events"]) >= 3
    assert tracker["active_loop"]["name"] == "preapplication_form"
    assert tracker["slots"]["municipality"] and tracker["slots"]["requested_slot"]
    c.say("maria@example.com")
    assert "produtos" in c.text
    c.say("quanto custa?")  # an interruption answered, then the same question again
    assert "2,00 UFM" in c.text and "Quais produtos você vai vender?" in c.text
    c.say("sorvete de palito")
    c.say("Praia de Leste, em frente ao posto")
    c.say(date(date.today().year + 1, 4, 15).strftime("%d/%m/%Y"))
    assert "fora da temporada" in c.text
    c.tap("Temporada toda")
    c.tap("Não")
    assert "Confira o seu pré-pedido" in c.text and "Maria Aparecida Souza" in c.text and "maria@example.com" in c.text
    c.tap("Confirmar")
    protocol = re.search(r"\b(PON-\d{4}-\d{6})\b", c.text)
    assert protocol, c.text

    with httpx.Client(base_url=rolling_stack.api_url, headers={"Authorization": f"Bearer {CLERK_TOKEN}"},
                      timeout=10) as api:
        case = api.get(f"/api/v1/clerk/preapplications/{protocol.group(1)}").json()
    assert case["permit_kind"] == "pontal_summer_season_authorization"
    assert case["applicant_document"] == "52998224725" and case["contact_email"] == "maria@example.com"
    assert case["applicant_name"] == "Maria Aparecida Souza"

    events = c.tracker()["events"]
    assert sum(e["event"] == "session_started" for e in events) >= 5
    # Every message is still in the conversation (the full tracker; nothing deleted).
    assert sum(e["event"] == "user" for e in events) == 17
