"""Reaching the machine's PostgreSQL from tests: skip with the reason where none is reachable, fail
instead when REQUIRE_POSTGRES=1 (.ci/run). Used by the permit tests and the production-configuration test."""

from __future__ import annotations

import os

import psycopg
import pytest
from sqlalchemy.engine import make_url

__all__ = ["psycopg_conninfo", "postgres_unavailable", "skip_or_fail"]


def psycopg_conninfo(url: str, database: str | None = None) -> str:
    """A SQLAlchemy URL (any driver) as psycopg's conninfo, optionally for another database."""
    parsed = make_url(url).set(drivername="postgresql")
    if database is not None:
        parsed = parsed.set(database=database)
    return parsed.render_as_string(hide_password=False)


def postgres_unavailable(url: str) -> str | None:
    """Why PostgreSQL at `url` cannot be used here, or None when it can."""
    try:
        with psycopg.connect(psycopg_conninfo(url), connect_timeout=3) as connection:
            connection.execute("SELECT 1")
    except Exception as exc:  # any failure to reach it is a reason to skip
        return f"PostgreSQL not reachable at {make_url(url).render_as_string()}: {type(exc).__name__}: {exc}"
    return None


def skip_or_fail(reason: str | None) -> None:
    """Nothing when `reason` is None; else skip with it, or fail when REQUIRE_POSTGRES=1."""
    if reason is None:
        return
    if os.environ.get("REQUIRE_POSTGRES") == "1":
        pytest.fail(f"REQUIRE_POSTGRES=1 but {reason}", pytrace=False)
    print(f"\nSKIP: {reason}")
    pytest.skip(reason)
