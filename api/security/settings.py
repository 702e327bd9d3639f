"""Settings of the API's guards, read from the environment (README, "Configuration").

Like the permit settings, the local defaults make a demo work out of the box and anything but
ENVIRONMENT=local refuses a demo secret.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal, Self

from fastapi import Depends
from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["DEMO_CONVERSATION_SIGNING_KEY", "SecuritySettings", "SecuritySettingsDep", "get_security_settings"]

# The action server's local default is the same (actions/settings.py): a demo works without setup.
DEMO_CONVERSATION_SIGNING_KEY = "changethis-demo-conversation-signing-key"
_MIN_SECRET_LENGTH = 32


class SecuritySettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    environment: Literal["local", "staging", "production"] = "local"
    # Shared with the action server: it signs the conversation id of a pre-application with it.
    conversation_signing_key: SecretStr = SecretStr(DEMO_CONVERSATION_SIGNING_KEY)
    # The longest chat message a channel passes on to the bot (characters); longer ones get a polite refusal.
    max_message_chars: int = Field(default=2000, ge=1)
    # The largest request body the API reads (bytes); larger ones get 413 before any parsing.
    max_body_bytes: int = Field(default=256 * 1024, ge=1024)
    # Rate limits, in the `limits` notation ("20/minute", "5/second;100/hour"): per client IP on every
    # API route, per conversation (sender) on every chat channel, per IP on pre-application submissions.
    rate_limit_per_ip: str = "120/minute"
    rate_limit_per_sender: str = "20/minute;5/5second"
    rate_limit_submissions: str = "10/hour"
    # Turns of one conversation within 24 hours (Rasa's session expiry, bot/domain/session.yml); one
    # more gets a polite "continue later" and does not reach the bot (README, "Production notes").
    max_turns_per_session: int = Field(default=300, ge=1)
    # Where counters live: memory:// (one process) or redis://host:6379/2 (shared by replicas).
    rate_limit_storage_uri: str = "memory://"
    # Trust X-Forwarded-For from these proxy addresses (comma-separated) to find the client's IP.
    trusted_proxies: str = ""
    # Wrong clerk tokens from one IP before it must wait; the wait doubles each time, up to the maximum.
    clerk_failures_allowed: int = Field(default=5, ge=1)
    clerk_lockout_seconds: float = Field(default=30.0, gt=0)
    clerk_lockout_max_seconds: float = Field(default=900.0, gt=0)

    @model_validator(mode="after")
    def _no_demo_key_outside_local(self) -> Self:
        key = self.conversation_signing_key.get_secret_value()
        if self.environment != "local" and (key == DEMO_CONVERSATION_SIGNING_KEY or len(key) < _MIN_SECRET_LENGTH):
            raise ValueError(f"insecure settings for ENVIRONMENT={self.environment}: CONVERSATION_SIGNING_KEY "
                             f"must be a random value of at least {_MIN_SECRET_LENGTH} characters")
        return self

    @property
    def proxies(self) -> frozenset[str]:
        return frozenset(p.strip() for p in self.trusted_proxies.split(",") if p.strip())


@lru_cache
def get_security_settings() -> SecuritySettings:
    return SecuritySettings()


SecuritySettingsDep = Annotated[SecuritySettings, Depends(get_security_settings)]
