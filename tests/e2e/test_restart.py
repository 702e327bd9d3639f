"""Nothing is lost when every process dies at once (SIGKILL to Rasa, the action server and the API).

One stack, killed with -9 twice and started again each time on the same ports and the same VAR_DIR:

1. Before the first kill: one pre-application is submitted (protocol P0); a second conversation is
   half-way through the Lajes itinerant licence (name and CPF given, the phone asked); a third is at
   the summary and its submission reached the API, but the chat never got the answer (the request
   the action would send is sent as it would be, same body, same Idempotency-Key).
2. After the restart the half-way conversation goes on from the phone question, with the earlier
   answers in the summary, and gets its protocol (P1). The third taps "Confirmar" again and gets the
   protocol the API had already given (no second case); a second "Confirmar" after a receipt adds
   nothing either.
3. After the second restart the clerk API has the three cases with their fields, the status query
   works in new conversations, and an erasure wipes the conversation's personal answers from Rasa's
   tracker store as well (api/permits/conversations.py).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import time
from pathlib import Path

import httpx
import pytest

from actions.permits.application import Application
from actions.permits.client import conversation_signature
from actions.permits.form import channel_of
from tests.support.devstack import PARTS, ROOT, Stack
from tests.e2e.test_permit_conversations import VALID_CPF, Citizen

pytestmark = pytest.mark.e2e

MODEL = Path(os.environ.get("RASA_MODEL", ROOT / "models" / "bot.tar.gz"))
CLERK_TOKEN = secrets.token_urlsafe(32)
CPF_DIGITS = re.sub(r"\D", "", VALID_CPF)


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train` (or set RASA_MODEL) before the e2e tests")
    accounts = [{"username": "e2e-restart", "token": CLERK_TOKEN, "roles": {"br-rn-lajes": "reviewer"}}]
    running = Stack(var_dir=tmp_path_factory.mktemp("restart-stack") / "var",
                    log_dir=ROOT / "tests" / "artifacts" / "e2e-restart-logs",
                    env_extra={"RASA_MODEL": str(MODEL), "CLERK_ACCOUNTS": json.dumps(accounts),
                               "PERMITS_SECRET_KEY": secrets.token_urlsafe(48)})
    with running.started():
        yield running


def clerk(stack: Stack) -> httpx.Client:
    return httpx.Client(base_url=stack.api_url, headers={"Authorization": f"Bearer {CLERK_TOKEN}"}, timeout=15)


def case_count(stack: Stack) -> int:
    with clerk(stack) as api:
        return api.get("/api/v1/clerk/preapplications", params={"limit": 100}).json()["count"]


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the servers bind
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def kill_everything(stack: Stack) -> None:
    """SIGKILL to the process group of every part at the same moment: no shutdown code runs."""
    groups = {part: stack.processes[part].pid for part in PARTS}
    for pgid in groups.values():
        os.killpg(pgid, signal.SIGKILL)
    for part in PARTS:
        stack.processes[part].wait(timeout=30)
    deadline = time.monotonic() + 10
    for part, pgid in groups.items():  # no child (a Sanic worker, a uvicorn worker) outlives its group
        while True:
            try:
                os.killpg(pgid, 0)
            except ProcessLookupError:
                break
            assert time.monotonic() < deadline, f"a process of {part}'s group survived SIGKILL"
            time.sleep(0.1)
    for part, port in stack.ports.items():
        assert port_is_free(port), f"port {port} of {part} is still taken after the kill"


def restart_everything(stack: Stack) -> float:
    ports = dict(stack.ports)
    stack.start()
    assert stack.ports == ports  # the same ports, so the parts find each other as before
    return stack.wait_healthy()


def lajes_until_cpf(c: Citizen, name: str) -> None:
    c.say("quero licença de ambulante em Lajes")
    c.tap("física")
    assert "concorda" in c.text.lower(), c.text
    c.tap("Concordo")
    c.say(name)
    c.say(VALID_CPF)


def lajes_after_cpf(c: Citizen, *, phone: str, email: str) -> None:
    c.say(phone)
    c.say(email)
    c.say("32")
    c.say("milho cozido e pamonha")
    c.say("Centro, perto da feira")
    c.say("hoje")
    assert "Confira o seu pré-pedido" in c.text, c.text


def confirm_button(c: Citizen) -> str:
    buttons = [b for m in c.last for b in m.get("buttons") or [] if "confirmar" in b["title"].lower()]
    assert buttons, c.text
    return buttons[0]["payload"]


def tracker(stack: Stack, sender: str) -> dict:
    response = httpx.get(f"{stack.rasa_url}/conversations/{sender}/tracker",
                         params={"include_events": "ALL", **stack.rasa_token}, timeout=30)
    response.raise_for_status()
    return response.json()


def send_as_the_action_would(stack: Stack, c: Citizen) -> dict:
    """The submission of the action server's _submit for this conversation's application: the same body
    and the same Idempotency-Key (actions/permits/application.py), straight to the API."""
    app = Application.from_slot(tracker(stack, c.sender)["slots"]["pa_state"])
    assert app is not None and app.current_step().kind == "summary"
    body = app.payload(sender_id=c.sender, channel=channel_of(c.sender))
    signature = conversation_signature(c.sender, stack.internal_secrets["CONVERSATION_SIGNING_KEY"])
    response = httpx.post(f"{stack.api_url}/api/v1/preapplications", json=body, timeout=30,
                          headers={"Idempotency-Key": app.idempotency_key(c.sender, body),
                                   "X-Conversation-Signature": signature})
    assert response.status_code == 201, response.text
    return response.json()


def status_in_a_new_conversation(stack: Stack, protocol: str, code: str) -> str:
    later = Citizen(stack, "status")
    return later.say(f"status {protocol} {code}")


def test_every_process_killed_twice_nothing_lost_nothing_doubled(stack):
    timings = {}

    # ------------------------------------------------------------- before the first kill
    earlier = Citizen(stack, "earlier")
    lajes_until_cpf(earlier, "Antônio Pereira Neto")
    lajes_after_cpf(earlier, phone="84 97777-1111", email="antonio@example.com")
    earlier.tap("Confirmar")
    p0, code0 = earlier.receipt()

    halfway = Citizen(stack, "halfway")
    lajes_until_cpf(halfway, "Francisca das Chagas Silva")
    assert "telefone" in halfway.text.lower(), halfway.text  # the phone is the pending question

    lost = Citizen(stack, "lost-answer")
    lajes_until_cpf(lost, "Raimundo Nonato Costa")
    lajes_after_cpf(lost, phone="84 96666-2222", email="raimundo@example.com")
    lost_confirm = confirm_button(lost)
    reached_api = send_as_the_action_would(stack, lost)  # ...and then everything dies
    assert case_count(stack) == 2

    kill_everything(stack)
    timings["first restart"] = restart_everything(stack)

    # ------------------------------------------------------------- after the first restart
    halfway.say("84 98888-7777")
    assert "e-mail" in halfway.text.lower() and "telefone" not in halfway.text.lower(), halfway.text
    for answer in ("francisca@example.com", "32", "milho cozido e pamonha", "Centro, perto da feira", "hoje"):
        halfway.say(answer)
    summary = halfway.text
    assert "Confira o seu pré-pedido" in summary, summary
    assert "Francisca das Chagas Silva" in summary and CPF_DIGITS in re.sub(r"\D", "", summary)
    assert "988887777" in re.sub(r"\D", "", summary) and "francisca@example.com" in summary
    confirm = confirm_button(halfway)
    halfway.tap("Confirmar")
    p1, code1 = halfway.receipt()
    assert p1.startswith("LAJ-") and len({p0, p1, reached_api["protocol"]}) == 3

    # The conversation whose submission reached the API before the kill: the same protocol and code.
    lost.tap("Confirmar")
    assert lost.receipt() == (reached_api["protocol"], reached_api["access_code"])
    assert case_count(stack) == 3
    # A second "Confirmar" once the receipt was given stores nothing more.
    halfway.say(confirm)
    assert case_count(stack) == 3

    kill_everything(stack)
    timings["second restart"] = restart_everything(stack)

    # ------------------------------------------------------------- after the second restart
    with clerk(stack) as api:
        listing = api.get("/api/v1/clerk/preapplications", params={"limit": 100}).json()
        assert listing["count"] == 3
        assert {case["protocol"] for case in listing["data"]} == {p0, p1, reached_api["protocol"]}
        case = api.get(f"/api/v1/clerk/preapplications/{p1}").json()
        assert case["jurisdiction_id"] == "br-rn-lajes" and case["status"] == "submitted"
        assert case["applicant_name"] == "Francisca das Chagas Silva" and case["applicant_document"] == CPF_DIGITS
        assert case["contact_email"] == "francisca@example.com" and "988887777" in re.sub(r"\D", "", case["contact_phone"])
        assert case["conversation_id"] == halfway.sender and case["channel"] == "web"
        first = api.get(f"/api/v1/clerk/preapplications/{p0}").json()
        assert first["applicant_name"] == "Antônio Pereira Neto" and first["contact_email"] == "antonio@example.com"

    for protocol, code in ((p1, code1), (p0, code0)):
        answer = status_in_a_new_conversation(stack, protocol, code)
        assert protocol in answer and "recebido" in answer, answer

    # "Confirmar" again after the restart: still nothing new.
    lost.say(lost_confirm)
    assert case_count(stack) == 3

    # ------------------------------------------------------------- erasure reaches Rasa's tracker store
    before = json.dumps(tracker(stack, halfway.sender), ensure_ascii=False)
    assert VALID_CPF in before  # the answers were there
    # Why the API deletes the rows itself: Rasa 3.6's "replace the events" (PUT .../tracker/events)
    # only appends on its SQL tracker store, so an empty list removes nothing.
    httpx.put(f"{stack.rasa_url}/conversations/{halfway.sender}/tracker/events", json=[], params=stack.rasa_token,
              timeout=30).raise_for_status()
    assert VALID_CPF in json.dumps(tracker(stack, halfway.sender), ensure_ascii=False)
    erased = httpx.delete(f"{stack.api_url}/api/v1/preapplications/{p1}/personal-data",
                          headers={"X-Access-Code": code1}, timeout=30)
    assert erased.status_code == 200, erased.text
    after = json.dumps(tracker(stack, halfway.sender), ensure_ascii=False)
    for personal in (VALID_CPF, CPF_DIGITS, "Francisca", "francisca@example.com", "98888-7777"):
        assert personal not in after, personal
    with clerk(stack) as api:
        trail = api.get(f"/api/v1/clerk/preapplications/{p1}/audit").json()
        assert [e["action"] for e in trail][-2:] == ["personal_data_erased", "conversation_erased"], trail
    # Only that conversation: the other applicant's conversation is untouched.
    assert "Antônio Pereira Neto" in json.dumps(tracker(stack, earlier.sender), ensure_ascii=False)
    print(f"\nhealthy again after SIGKILL of every process: {', '.join(f'{k} {v:.1f} s' for k, v in timings.items())}")
