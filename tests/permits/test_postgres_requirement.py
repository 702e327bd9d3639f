"""Without PostgreSQL the PostgreSQL tests skip, unless REQUIRE_POSTGRES=1 (CI) makes that a failure."""

from __future__ import annotations

import pytest

from tests.permits import conftest

UNREACHABLE = "postgresql+psycopg://postgres@127.0.0.1:9/test"  # port 9 (discard): nobody listens


def test_unreachable_postgres_skips_with_the_reason(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(conftest, "PG_URL", UNREACHABLE)
    monkeypatch.delenv("REQUIRE_POSTGRES", raising=False)
    with pytest.raises(pytest.skip.Exception, match="PostgreSQL not reachable at .*127.0.0.1:9"):
        conftest.skip_or_fail_without_postgres()


def test_unreachable_postgres_fails_when_required(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(conftest, "PG_URL", UNREACHABLE)
    monkeypatch.setenv("REQUIRE_POSTGRES", "1")
    with pytest.raises(pytest.fail.Exception, match="REQUIRE_POSTGRES=1"):
        conftest.skip_or_fail_without_postgres()
