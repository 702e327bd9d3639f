"""Core settings of the API process, read from the environment (README, "Configuration").

Feature modules (permits, channels) keep their own settings classes next to their code, so that a
feature's configuration is read where it is used; this class holds what every part needs.
"""

from functools import lru_cache
from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["Settings", "get_settings"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    rasa_host: str = "127.0.0.1"
    rasa_port: int = 5005
    actions_host: str = "127.0.0.1"
    actions_port: int = 5055
    api_host: str = "127.0.0.1"
    api_port: int = 8000
    var_dir: Path = Path("var")
    # Public base URL of this API, used to build links to article pages in chat answers.
    public_base_url: str = "http://localhost:8000"
    # Seconds a health probe of Rasa or the action server may take before the part counts as down.
    health_timeout: float = 2.0
    # Rasa's HTTP API token (`rasa run --auth-token`, set by scripts/serve.sh): the API reads trackers
    # (erasure check) and /status (health) with it. The REST channel needs none.
    rasa_auth_token: SecretStr | None = None

    @property
    def rasa_url(self) -> str:
        return f"http://{self.rasa_host}:{self.rasa_port}"

    @property
    def rasa_api_params(self) -> dict[str, str]:
        """Query parameters that authenticate a call to Rasa's HTTP API (Rasa reads `?token=`)."""
        return {"token": self.rasa_auth_token.get_secret_value()} if self.rasa_auth_token else {}

    @property
    def actions_url(self) -> str:
        return f"http://{self.actions_host}:{self.actions_port}"


@lru_cache
def get_settings() -> Settings:
    return Settings()
