"""Settings of the permit pre-application feature, read from the environment (api/permits/README.md).

Kept apart from the core `api.settings.Settings` so the feature's configuration is read where it is
used. Like the full-stack-fastapi-template, the defaults make a local demo work out of the box, and
`ENVIRONMENT=production` refuses to start with any of them (a demo clerk token, the demo secret key).
"""

from __future__ import annotations

import hashlib
import hmac
import warnings
from functools import lru_cache
from pathlib import Path
from typing import Literal, Self

from pydantic import BaseModel, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from knowledge.jurisdictions import jurisdiction_ids
from knowledge.permits.contract import JurisdictionId

__all__ = [
    "ClerkAccount",
    "ClerkRole",
    "DEMO_CLERK_TOKEN",
    "PermitSettings",
    "get_permit_settings",
]

ClerkRole = Literal["viewer", "reviewer"]
"""viewer: list, read and export a municipality's cases; reviewer: also decide, annotate and erase."""

DEMO_CLERK_TOKEN = "changethis-demo-clerk-token"
_DEMO_SECRET_KEY = "changethis"
_MIN_SECRET_LENGTH = 32


class ClerkAccount(BaseModel):
    """A municipal clerk who may use the clerk API and page, with a role per municipality.

    The token is given either in clear (`token`, handy locally) or as its SHA-256 hex digest
    (`token_sha256`, what production configuration should hold).
    """

    username: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.@-]+$")
    token: str | None = Field(default=None, min_length=8)
    token_sha256: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    roles: dict[JurisdictionId, ClerkRole] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_token_form(self) -> Self:
        if (self.token is None) == (self.token_sha256 is None):
            raise ValueError("give exactly one of token or token_sha256")
        return self

    @property
    def digest(self) -> str:
        return self.token_sha256 or hashlib.sha256(self.token.encode()).hexdigest()  # type: ignore[union-attr]

    def matches(self, presented: str) -> bool:
        candidate = hashlib.sha256(presented.encode()).hexdigest()
        return hmac.compare_digest(candidate, self.digest)

    def role_in(self, jurisdiction_id: str) -> ClerkRole | None:
        return self.roles.get(jurisdiction_id)  # type: ignore[call-overload]

    @property
    def jurisdictions(self) -> list[str]:
        return sorted(self.roles)


def _demo_accounts() -> list[ClerkAccount]:
    return [
        ClerkAccount(
            username="demo",
            token=DEMO_CLERK_TOKEN,
            roles={jurisdiction: "reviewer" for jurisdiction in jurisdiction_ids()},
        )
    ]


class PermitSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    environment: Literal["local", "staging", "production"] = "local"
    var_dir: Path = Path("var")
    # Empty: SQLite at <VAR_DIR>/permits.db. PostgreSQL: postgresql+psycopg://user:pass@host/db
    database_url: str = ""
    # JSON list of ClerkAccount objects; the default is one demo account for local use only.
    clerk_accounts: list[ClerkAccount] = Field(default_factory=_demo_accounts)
    # Derives the access code of a submission made with an Idempotency-Key, so that a retry can be
    # answered with the same code without the code itself ever being stored.
    permits_secret_key: str = _DEMO_SECRET_KEY
    # Closed cases (approved, rejected) are anonymised this many days after closing (purge command).
    retention_days: int = Field(default=365, ge=1)
    # Seconds a writer waits for SQLite's write lock before giving up.
    sqlite_busy_timeout: float = Field(default=30.0, gt=0)
    # Rasa's tracker store, from which an erasure also wipes the case's conversation
    # (api/permits/conversations.py). RASA_TRACKER_DB is the SQLite file scripts/serve.sh gives Rasa
    # (default <VAR_DIR>/rasa_tracker.db); RASA_TRACKER_URL, a SQLAlchemy URL, overrides it when
    # bot/endpoints.yml points Rasa at another SQL database.
    rasa_tracker_db: Path | None = None
    rasa_tracker_url: str = ""

    @field_validator("clerk_accounts")
    @classmethod
    def _unique_usernames(cls, accounts: list[ClerkAccount]) -> list[ClerkAccount]:
        names = [account.username for account in accounts]
        if len(names) != len(set(names)):
            raise ValueError("clerk usernames must be unique")
        digests = [account.digest for account in accounts]
        if len(digests) != len(set(digests)):
            raise ValueError("two clerk accounts share a token")
        return accounts

    @model_validator(mode="after")
    def _refuse_demo_defaults_outside_local(self) -> Self:
        problems = []
        if self.permits_secret_key == _DEMO_SECRET_KEY or len(self.permits_secret_key) < _MIN_SECRET_LENGTH:
            problems.append(f"PERMITS_SECRET_KEY must be set to a random value of at least {_MIN_SECRET_LENGTH} characters")
        demo_digest = hashlib.sha256(DEMO_CLERK_TOKEN.encode()).hexdigest()
        for account in self.clerk_accounts:
            if account.digest == demo_digest:
                problems.append(f"clerk account {account.username!r} uses the demo token")
            elif account.token is not None and len(account.token) < _MIN_SECRET_LENGTH:
                problems.append(f"clerk account {account.username!r} has a token shorter than {_MIN_SECRET_LENGTH}")
        if not problems:
            return self
        message = "; ".join(problems)
        if self.environment == "local":
            warnings.warn(f"permits: insecure demo settings in use ({message})", stacklevel=2)
            return self
        # Outside local, a demo default is an error: the settings (and so the API) do not load.
        raise ValueError(f"insecure settings for ENVIRONMENT={self.environment}: {message}")

    @property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{(self.var_dir / 'permits.db').resolve()}"

    @property
    def resolved_rasa_tracker_url(self) -> str:
        if self.rasa_tracker_url:
            return self.rasa_tracker_url
        path = self.rasa_tracker_db or self.var_dir / "rasa_tracker.db"
        return f"sqlite:///{path.resolve()}"

    @property
    def is_production(self) -> bool:
        return self.environment == "production"

    def authenticate(self, token: str) -> ClerkAccount | None:
        """The clerk account whose token this is; every account is compared, in constant time each."""
        found = None
        for account in self.clerk_accounts:
            if account.matches(token):
                found = account
        return found


@lru_cache
def get_permit_settings() -> PermitSettings:
    return PermitSettings()
