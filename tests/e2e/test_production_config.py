"""The production configuration, run for real: Rasa's tracker store on PostgreSQL and its conversation
locks in Redis (bot/endpoints.production.yml), the permits on PostgreSQL (DATABASE_URL).

The stack gets its own databases on the CI machine's PostgreSQL (created here, dropped afterwards) and
its own Redis key prefix. Without PostgreSQL or Redis the module skips with the reason; with
REQUIRE_POSTGRES=1 (.ci/run) that is a failure instead.
"""

from __future__ import annotations

import os
import secrets
import threading
from pathlib import Path

import psycopg
import pytest
import redis
from sqlalchemy.engine import make_url

from tests.support.devstack import ROOT, Stack
from tests.cases.conversation_cases import answer_text
from tests.postgres import postgres_unavailable, psycopg_conninfo, skip_or_fail
from tests.support.production import PG_URL, REDIS_HOST, REDIS_PORT, admin, forget, production_env, redis_unavailable

pytestmark = pytest.mark.e2e

MODEL = Path(os.environ.get("RASA_MODEL", ROOT / "models" / "bot.tar.gz"))


@pytest.fixture(scope="module")
def production(tmp_path_factory):
    skip_or_fail(postgres_unavailable(PG_URL) or redis_unavailable())
    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train` before the e2e tests")
    suffix = secrets.token_hex(4)
    tracker_db, permits_db, prefix = f"rasa_e2e_{suffix}", f"permits_e2e_{suffix}", f"e2e{suffix}"
    admin(f'CREATE DATABASE "{permits_db}"')  # the tracker's database is created by Rasa itself (login_db)
    env = {"RASA_MODEL": str(MODEL), **production_env(tracker_db, prefix),
           "DATABASE_URL": make_url(PG_URL).set(database=permits_db).render_as_string(hide_password=False)}
    stack = Stack(var_dir=tmp_path_factory.mktemp("production-stack") / "var",
                  log_dir=ROOT / "tests" / "artifacts" / "e2e-production-logs", env_extra=env)
    stack.start()
    try:
        stack.wait_healthy()
        yield stack, tracker_db, prefix
    finally:
        stack.stop()
        admin(f'DROP DATABASE IF EXISTS "{permits_db}" WITH (FORCE)')
        forget(tracker_db, prefix)


def test_the_conversation_lives_in_postgresql_and_survives_killing_rasa(production):
    stack, tracker_db, _ = production
    sender = "prod-" + secrets.token_hex(4)
    stack.say(sender, "Tenho uma escola de SUP em Bertioga")
    with psycopg.connect(psycopg_conninfo(PG_URL, tracker_db)) as conn:
        stored = conn.execute("SELECT count(*) FROM events WHERE sender_id = %s", (sender,)).fetchone()[0]
    assert stored > 0

    stack.kill("rasa")  # SIGKILL: nothing is flushed on the way out
    stack.start(("rasa",))
    stack.wait_healthy()
    # The follow-up names neither the town nor the activity: both come from the tracker in PostgreSQL.
    answer = answer_text(stack.say(sender, "Qual a multa se eu trabalhar sem autorização?"))
    assert "Bertioga" in answer and "UFIB" in answer


def test_conversation_locks_are_taken_in_redis(production):
    stack, _, prefix = production
    sender = "lock-" + secrets.token_hex(4)
    marker = "end-of-test-" + secrets.token_hex(4)
    watcher = redis.Redis(host=REDIS_HOST, port=REDIS_PORT)
    seen: list[str] = []
    listening = threading.Event()

    def watch() -> None:
        # MONITOR streams every command the Redis server runs, from every client (Rasa's lock store too).
        with watcher.monitor() as monitor:
            listening.set()
            while True:
                command = monitor.next_command()["command"]
                seen.append(command)
                if marker in command:
                    return

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    assert listening.wait(10)
    stack.say(sender, "oi")
    redis.Redis(host=REDIS_HOST, port=REDIS_PORT).echo(marker)
    thread.join(30)
    lock_key = f"{prefix}:lock:{sender}"
    assert any(lock_key in command for command in seen), seen[-20:]
