"""Configuration: clerk accounts from the environment, and no demo secret in production."""

from __future__ import annotations

import hashlib
import json

import pytest
from pydantic import ValidationError

from api.permits.settings import DEMO_CLERK_TOKEN, PermitSettings

STRONG_SECRET = "s3cret-" + "x" * 40
STRONG_TOKEN = "tok-" + "y" * 40


def accounts_json(**account) -> str:  # type: ignore[no-untyped-def]
    return json.dumps([{"username": "ana", "roles": {"br-sp-bertioga": "reviewer"}, **account}])


def test_clerk_accounts_come_from_the_environment_in_clear_or_hashed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    digest = hashlib.sha256(STRONG_TOKEN.encode()).hexdigest()
    monkeypatch.setenv("CLERK_ACCOUNTS", accounts_json(token_sha256=digest))
    monkeypatch.setenv("PERMITS_SECRET_KEY", STRONG_SECRET)
    monkeypatch.setenv("ENVIRONMENT", "production")
    settings = PermitSettings()
    assert settings.authenticate(STRONG_TOKEN).username == "ana"  # type: ignore[union-attr]
    assert settings.authenticate(STRONG_TOKEN + "z") is None
    assert settings.clerk_accounts[0].role_in("br-sp-bertioga") == "reviewer"
    assert settings.clerk_accounts[0].role_in("pt") is None


def test_production_refuses_the_demo_defaults(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ENVIRONMENT", "production")
    with pytest.raises(ValidationError, match="PERMITS_SECRET_KEY"):
        PermitSettings(clerk_accounts=[{"username": "ana", "token": STRONG_TOKEN, "roles": {"pt": "viewer"}}])
    with pytest.raises(ValidationError, match="demo token"):
        PermitSettings(permits_secret_key=STRONG_SECRET)  # the default demo account
    with pytest.raises(ValidationError, match="shorter"):
        PermitSettings(permits_secret_key=STRONG_SECRET,
                       clerk_accounts=[{"username": "ana", "token": "short-token", "roles": {"pt": "viewer"}}])


def test_local_runs_with_the_demo_defaults_but_says_so() -> None:
    with pytest.warns(UserWarning, match="insecure demo settings"):
        settings = PermitSettings(environment="local")
    assert settings.authenticate(DEMO_CLERK_TOKEN).username == "demo"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "account",
    [
        {"username": "ana", "roles": {"br-sp-bertioga": "reviewer"}},  # no token
        {"username": "ana", "token": STRONG_TOKEN, "token_sha256": "0" * 64, "roles": {"pt": "viewer"}},
        {"username": "ana", "token": STRONG_TOKEN, "roles": {"br-sp-santos": "viewer"}},
        {"username": "ana", "token": STRONG_TOKEN, "roles": {"pt": "mayor"}},
        {"username": "ana", "token": STRONG_TOKEN, "roles": {}},
    ],
    ids=["no-token", "two-tokens", "unknown-municipality", "unknown-role", "no-role"],
)
def test_malformed_clerk_accounts_fail_at_start(account) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValidationError):
        PermitSettings(permits_secret_key=STRONG_SECRET, clerk_accounts=[account])


def test_two_accounts_cannot_share_a_token() -> None:
    same = {"token": STRONG_TOKEN, "roles": {"pt": "viewer"}}
    with pytest.raises(ValidationError, match="share a token"):
        PermitSettings(permits_secret_key=STRONG_SECRET,
                       clerk_accounts=[{"username": "a", **same}, {"username": "b", **same}])


def test_sqlite_under_var_dir_by_default(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("VAR_DIR", str(tmp_path / "state"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    with pytest.warns(UserWarning):
        settings = PermitSettings()
    assert settings.resolved_database_url == f"sqlite:///{tmp_path / 'state' / 'permits.db'}"
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://u@db/permits")
    with pytest.warns(UserWarning):
        assert PermitSettings().resolved_database_url == "postgresql+psycopg://u@db/permits"
