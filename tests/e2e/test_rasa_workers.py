"""Several Rasa processes serve ONE conversation without losing or mixing a turn (issue 17).

The production way (`make run-production`): Rasa with two Sanic workers (RASA_WORKERS=2) on the
PostgreSQL tracker store and the Redis lock store (bot/endpoints.production.yml), and beside it a
second Rasa process on another port sharing the same database and the same Redis keys, as a second
replica would. One conversation gets several messages at once, spread over both ports; Rasa's ticket
lock in Redis must serialise them. Then the tracker (read through either process, and as rows in
PostgreSQL) holds every user message exactly once, each followed by exactly the bot answer its HTTP
caller received, before the next user message; nothing is lost and nothing interleaves.

Loopback only, bounded by timeouts; the test's own database (unique name) is dropped and its Redis
keys (unique prefix) deleted afterwards. Without PostgreSQL or Redis it skips (REQUIRE_POSTGRES=1: fails).
"""

from __future__ import annotations

import json
import os
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import psycopg
import pytest

from tests.postgres import postgres_unavailable, psycopg_conninfo, skip_or_fail
from tests.support.devstack import ROOT, Stack, free_port
from tests.support.production import PG_URL, admin, forget, production_env, redis_unavailable

pytestmark = pytest.mark.e2e

MODEL = Path(os.environ.get("RASA_MODEL", ROOT / "models" / "bot.tar.gz"))
START_TIMEOUT = 240.0
TURN_TIMEOUT = 90.0  # a message queued behind the others waits for their turns (the lock polls every second)

# Distinct texts, so that every user event of the tracker names the request that sent it.
MESSAGES = [
    "Posso alugar SUP em Bertioga?",
    "Quanto custa a licença de ambulante em Pontal do Paraná?",
    "Qual a multa se eu trabalhar sem autorização?",
    "Preciso de seguro para passeio de barco em Portugal?",
    "Posso vender comida na praia em Lajes?",
    "Quem emite a licença em Igarapava?",
    "Posso dar aulas de surf na praia?",
    "Qual o horário permitido para vender na praia?",
]


def _wait_answering(url: str, processes: list, timeout: float = START_TIMEOUT) -> None:
    """Until Rasa at `url` answers a real turn (its model loaded in the worker that takes the call)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for proc in processes:
            if proc.poll() is not None:
                raise RuntimeError(f"a Rasa process exited with {proc.returncode} before answering")
        try:
            if httpx.post(f"{url}/webhooks/rest/webhook", json={"sender": "warm-" + secrets.token_hex(4),
                                                                 "message": "oi"}, timeout=10).json():
                return
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.5)
    raise TimeoutError(f"Rasa at {url} did not answer within {timeout}s")


@pytest.fixture(scope="module")
def replicas(tmp_path_factory):
    skip_or_fail(postgres_unavailable(PG_URL) or redis_unavailable())
    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train` before the e2e tests")
    suffix = secrets.token_hex(4)
    tracker_db, prefix = f"rasa_workers_e2e_{suffix}", f"e2eworkers{suffix}"
    # Created beforehand, as in production: otherwise every worker races to create it at start.
    admin(f'CREATE DATABASE "{tracker_db}"')
    env = {"RASA_MODEL": str(MODEL), **production_env(tracker_db, prefix)}
    base = tmp_path_factory.mktemp("rasa-workers")
    logs = ROOT / "tests" / "artifacts" / "e2e-rasa-workers-logs"
    # The stack as `make run-production` starts it: Rasa with two Sanic workers.
    first = Stack(var_dir=base / "a", log_dir=logs / "a", env_extra={**env, "RASA_WORKERS": "2"})
    # A second replica of Rasa only: its own port, the same action server, database, Redis and secrets.
    second = Stack(var_dir=base / "b", log_dir=logs / "b", env_extra=env)
    try:
        first.start()
        second.ports = {**first.ports, "rasa": free_port()}
        second.internal_secrets = first.internal_secrets
        second.start(("rasa",))
        first.wait_healthy(START_TIMEOUT)
        _wait_answering(first.rasa_url, list(first.processes.values()))
        _wait_answering(second.rasa_url, list(second.processes.values()))
        yield first, second, tracker_db
    finally:
        second.stop()
        first.stop()
        forget(tracker_db, prefix)


def _texts(messages: list[dict]) -> list[str]:
    return [m["text"] for m in messages if m.get("text")]


def test_one_conversation_on_two_replicas_keeps_every_turn_in_order(replicas):
    first, second, tracker_db = replicas
    sender = "workers-" + secrets.token_hex(4)
    urls = [first.rasa_url, second.rasa_url]

    def send(i: int) -> tuple[str, list[str]]:
        message = MESSAGES[i]
        response = httpx.post(f"{urls[i % 2]}/webhooks/rest/webhook", json={"sender": sender, "message": message},
                              timeout=TURN_TIMEOUT)
        response.raise_for_status()
        return message, _texts(response.json())

    with ThreadPoolExecutor(len(MESSAGES)) as pool:
        answers = dict(pool.map(send, range(len(MESSAGES))))
    assert all(answers.values()), {m: a for m, a in answers.items() if not a}

    trackers = [httpx.get(f"{url}/conversations/{sender}/tracker", params=stack.rasa_token, timeout=30).json()
                for url, stack in ((first.rasa_url, first), (second.rasa_url, second))]
    events = trackers[0]["events"]
    # Both replicas read the one tracker.
    assert [(e["event"], e.get("timestamp")) for e in events] == [(e["event"], e.get("timestamp"))
                                                                 for e in trackers[1]["events"]]
    timestamps = [e["timestamp"] for e in events]
    assert timestamps == sorted(timestamps), "events out of order"

    # Every user message exactly once; between it and the next one, exactly the bot answer its caller got.
    user_at = [i for i, e in enumerate(events) if e["event"] == "user"]
    user_texts = [events[i]["text"] for i in user_at]
    assert sorted(user_texts) == sorted(MESSAGES), user_texts
    for n, start in enumerate(user_at):
        end = user_at[n + 1] if n + 1 < len(user_at) else len(events)
        turn = events[start + 1:end]
        bot_texts = [e["text"] for e in turn if e["event"] == "bot" and e.get("text")]
        assert bot_texts == answers[events[start]["text"]], f"turn {n} ({events[start]['text']!r}) mixed up"
        # The turn was finished before the next message was read: it ends by listening again.
        assert turn and turn[-1]["event"] == "action" and turn[-1]["name"] == "action_listen"

    # The same events are rows of the shared PostgreSQL database, nothing lost or doubled there.
    with psycopg.connect(psycopg_conninfo(PG_URL, tracker_db), connect_timeout=10) as conn:
        rows = conn.execute("SELECT data FROM events WHERE sender_id = %s AND type_name = 'user' ORDER BY id",
                            (sender,)).fetchall()
    assert sorted(json.loads(data)["text"] for (data,) in rows) == sorted(MESSAGES)
