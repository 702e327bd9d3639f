"""Settings of the action server process (environment variables, README "Configuration")."""

from functools import lru_cache

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["ActionSettings", "get_settings"]


class ActionSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    # Where citizens open article pages (links in answers) — the API as the public sees it.
    public_base_url: str = "http://localhost:8000"
    # Where the action server reaches the API (pre-application submission, status queries).
    api_host: str = "127.0.0.1"
    api_port: int = 8000
    # Shared with the API: signs the conversation id of a submitted pre-application (only the chat
    # may name one). The local default is the API's local default; scripts/serve.sh sets a real one.
    conversation_signing_key: SecretStr = SecretStr("changethis-demo-conversation-signing-key")

    @property
    def api_url(self) -> str:
        return f"http://{self.api_host}:{self.api_port}"


@lru_cache
def get_settings() -> ActionSettings:
    return ActionSettings()
