"""A conversation over MAX_TURNS_PER_SESSION turns in a session gets a polite answer, and loses nothing.

The three processes as `make run` starts them, with MAX_TURNS_PER_SESSION=4. A pre-application on
the website chat reaches its fourth turn (the applicant's name); the fifth (the CPF) is answered by
the API in the citizen's language with 429 `session_full`, and never reaches Rasa: its tracker still
holds every earlier answer, and no trace of the refused message. Another conversation in English gets
the English text.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

import httpx
import pytest

from tests.support.devstack import ROOT, Stack

pytestmark = pytest.mark.e2e

MODEL = Path(os.environ.get("RASA_MODEL", ROOT / "models" / "bot.tar.gz"))
CPF = "529.982.247-25"


@pytest.fixture(scope="module")
def capped_stack(tmp_path_factory):
    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train` before the e2e tests")
    running = Stack(var_dir=tmp_path_factory.mktemp("session-cap-stack") / "var",
                    log_dir=ROOT / "tests" / "artifacts" / "e2e-session-cap-logs",
                    env_extra={"RASA_MODEL": str(MODEL), "MAX_TURNS_PER_SESSION": "4",
                               "RATE_LIMIT_PER_SENDER": "1000/minute"})
    with running.started():
        yield running


def _chat(stack: Stack, sender: str, message: str, language: str) -> httpx.Response:
    return httpx.post(f"{stack.api_url}/api/v1/chat", json={"sender": sender, "message": message, "language": language},
                      timeout=60)


def _payload(response: httpx.Response, title_part: str) -> str:
    for message in response.json()["messages"]:
        for button in message.get("buttons") or []:
            if title_part.lower() in button["title"].lower():
                return button["payload"]
    raise AssertionError(f"no button {title_part!r}: {response.text}")


def test_the_turn_after_the_cap_is_answered_politely_and_nothing_is_lost(capped_stack):
    sender = f"e2ecap{secrets.token_hex(5)}"
    first = _chat(capped_stack, sender, "quero licença de ambulante em Lajes", "pt-BR")
    second = _chat(capped_stack, sender, _payload(first, "física"), "pt-BR")
    third = _chat(capped_stack, sender, _payload(second, "Concordo"), "pt-BR")
    fourth = _chat(capped_stack, sender, "Maria Souza", "pt-BR")
    assert all(r.status_code == 200 for r in (first, second, third, fourth)), fourth.text
    assert "cpf" in fourth.text.lower(), fourth.text  # the form asks for the CPF next

    refused = _chat(capped_stack, sender, CPF, "pt-BR")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    body = refused.json()
    assert body["error"] == "session_full"
    assert "Tudo o que você informou está guardado" in body["message"]

    tracker = httpx.get(f"{capped_stack.rasa_url}/conversations/web-{sender}/tracker",
                        params=capped_stack.rasa_token, timeout=30).json()
    texts = [e.get("text") for e in tracker["events"] if e["event"] == "user"]
    assert CPF not in json.dumps(tracker) and "Maria Souza" in texts
    assert tracker["active_loop"].get("name") == "preapplication_form"  # the form waits where it was
    assert "Maria Souza" in json.dumps(tracker["slots"])


def test_the_polite_answer_is_in_the_citizens_language(capped_stack):
    sender = f"e2ecapen{secrets.token_hex(5)}"
    for question in ("hello", "Can I rent a SUP in Bertioga?", "thanks", "and in Lajes?"):
        assert _chat(capped_stack, sender, question, "en").status_code == 200
    refused = _chat(capped_stack, sender, "one more", "en")
    assert refused.status_code == 429
    assert refused.json()["message"].startswith("This conversation has grown too long for today")
