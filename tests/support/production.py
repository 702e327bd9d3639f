"""A stack in the production topology on this machine's PostgreSQL and Redis (bot/endpoints.production.yml):
its own tracker database and Redis key prefix, created before and forgotten after. One owner for the
production-configuration test, the Rasa workers test and `make loadtest`."""

from __future__ import annotations

import os

import psycopg
import redis
from sqlalchemy.engine import make_url

from tests.postgres import psycopg_conninfo

__all__ = ["PG_URL", "REDIS_DB", "REDIS_HOST", "REDIS_PORT", "admin", "forget", "production_env", "redis_unavailable"]

PG_URL = os.environ.get("DATABASE_URL_TEST", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_HOST = os.environ.get("REDIS_HOST", "127.0.0.1")
REDIS_PORT = int(os.environ.get("REDIS_PORT", "6379"))
REDIS_DB = 1


def redis_unavailable() -> str | None:
    """Why Redis cannot be used here, or None when it can."""
    try:
        redis.Redis(host=REDIS_HOST, port=REDIS_PORT, socket_timeout=3).ping()
    except redis.RedisError as exc:
        return f"Redis at {REDIS_HOST}:{REDIS_PORT} not reachable: {exc}"
    return None


def admin(sql: str) -> None:
    """One statement on the PostgreSQL server outside a transaction (CREATE / DROP DATABASE)."""
    with psycopg.connect(psycopg_conninfo(PG_URL), autocommit=True, connect_timeout=10) as conn:
        conn.execute(sql)


def production_env(tracker_db: str, prefix: str) -> dict[str, str]:
    """What scripts/serve.sh needs to run Rasa on the tracker database `tracker_db` (created by Rasa
    through the login database if missing) and the Redis locks under `prefix`, and the API's erasure
    on the same database."""
    url = make_url(PG_URL)
    return {
        "RASA_ENDPOINTS": "bot/endpoints.production.yml",
        "RASA_TRACKER_PG_HOST": url.host or "127.0.0.1", "RASA_TRACKER_PG_PORT": str(url.port or 5432),
        "RASA_TRACKER_PG_USER": url.username or "postgres", "RASA_TRACKER_PG_PASSWORD": url.password or "",
        "RASA_TRACKER_PG_DB": tracker_db, "RASA_TRACKER_PG_LOGIN_DB": url.database or "postgres",
        "REDIS_HOST": REDIS_HOST, "REDIS_PORT": str(REDIS_PORT), "REDIS_DB": str(REDIS_DB), "REDIS_KEY_PREFIX": prefix,
        "RASA_TRACKER_URL": url.set(drivername="postgresql+psycopg", database=tracker_db).render_as_string(hide_password=False),
    }


def forget(tracker_db: str, prefix: str) -> None:
    """Drop the stack's tracker database and delete its Redis keys."""
    admin(f'DROP DATABASE IF EXISTS "{tracker_db}" WITH (FORCE)')
    keys = redis.Redis(host=REDIS_HOST, port=REDIS_PORT, db=REDIS_DB, socket_timeout=10)
    stale = list(keys.scan_iter(f"{prefix}*"))
    if stale:
        keys.delete(*stale)
