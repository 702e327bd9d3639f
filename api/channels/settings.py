"""Settings of the channels (widget, Telegram, WhatsApp), read from the environment.

The core settings (api/settings.py) give Rasa's URL, VAR_DIR and the public base URL; these classes
hold only what a channel needs. A channel whose secrets are not set is off: its webhook answers 503
and never accepts unsigned or unauthenticated calls.
"""

import re
from functools import lru_cache
from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = [
    "TelegramSettings",
    "WhatsAppSettings",
    "WidgetSettings",
    "get_telegram_settings",
    "get_whatsapp_settings",
    "get_widget_settings",
]

# Telegram accepts 1-256 characters A-Z, a-z, 0-9, _ and - as the webhook secret token.
_TELEGRAM_SECRET = re.compile(r"^[A-Za-z0-9_-]{1,256}$")


class WidgetSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="WIDGET_", extra="ignore")

    # Origins allowed to call POST /api/v1/chat from an embedding page ("*": any site; the chat is
    # anonymous and sends no cookies). Comma-separated list, e.g. "https://www.bertioga.sp.gov.br".
    allowed_origins: str = "*"
    # Seconds the chat proxy waits for Rasa before telling the citizen to try again.
    rasa_timeout: float = 30.0

    def origin_allowed(self, origin: str) -> bool:
        allowed = [o.strip().rstrip("/") for o in self.allowed_origins.split(",") if o.strip()]
        return "*" in allowed or origin.rstrip("/") in allowed


class TelegramSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TELEGRAM_", extra="ignore")

    bot_token: SecretStr | None = None
    # Sent back by Telegram in X-Telegram-Bot-Api-Secret-Token; set it with setWebhook(secret_token=...).
    webhook_secret: SecretStr | None = None
    # PTB's base_url: the token is appended (or put where "{token}" stands).
    api_base_url: str = "https://api.telegram.org/bot"
    # Per-chat limit: a burst of `rate_limit_burst` messages, refilled at `rate_limit_per_minute`.
    rate_limit_per_minute: float = Field(default=20.0, gt=0)
    rate_limit_burst: int = Field(default=5, ge=1)
    rasa_timeout: float = 30.0

    @field_validator("webhook_secret")
    @classmethod
    def _secret_is_what_telegram_accepts(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _TELEGRAM_SECRET.match(value.get_secret_value()):
            raise ValueError("TELEGRAM_WEBHOOK_SECRET must be 1-256 characters of A-Z a-z 0-9 _ -")
        return value

    @property
    def polling_ready(self) -> bool:
        return self.bot_token is not None

    @property
    def webhook_ready(self) -> bool:
        return self.bot_token is not None and self.webhook_secret is not None


class WhatsAppSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="WHATSAPP_", extra="ignore")

    # Meta app secret: signs every webhook POST (X-Hub-Signature-256).
    app_secret: SecretStr | None = None
    # Chosen by us and typed into Meta's webhook setup; echoed in the GET handshake.
    verify_token: SecretStr | None = None
    access_token: SecretStr | None = None
    phone_number_id: str | None = None
    graph_base_url: str = "https://graph.facebook.com"
    graph_api_version: str = "v21.0"
    # Approved template used for status notifications outside the 24-hour customer-service window.
    # It must have one body variable ({{1}}) that receives the notification text.
    status_template: str | None = None
    # SQLite file with the last inbound time per user; default VAR_DIR/whatsapp.db.
    db_path: Path | None = None
    rasa_timeout: float = 30.0
    graph_timeout: float = 10.0

    @property
    def webhook_ready(self) -> bool:
        return self.app_secret is not None

    @property
    def sending_ready(self) -> bool:
        return self.access_token is not None and self.phone_number_id is not None


@lru_cache
def get_widget_settings() -> WidgetSettings:
    return WidgetSettings()


@lru_cache
def get_telegram_settings() -> TelegramSettings:
    return TelegramSettings()


@lru_cache
def get_whatsapp_settings() -> WhatsAppSettings:
    return WhatsAppSettings()
