"""The running stack for the end-to-end tests: one start per test session (Rasa takes ~30-60 s).

The API runs with the Telegram and WhatsApp channels on, pointed at local fakes of Telegram's Bot
API and Meta's Graph API (tests/support/channel_fakes.py), so a test can drive every channel while
nothing leaves 127.0.0.1. The fakes start before the stack: the API reads their URLs at start.
"""

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.channel_fakes import FakeBotAPI, FakeGraphAPI
from tests.support.devstack import ROOT, Stack

# scripts/serve.sh serves RASA_MODEL (make test-robustness points it at each seed's model).
MODEL = Path(os.environ.get("RASA_MODEL") or ROOT / "models" / "bot.tar.gz")


@dataclass(frozen=True)
class ChannelFakes:
    """The fake Telegram and Meta servers the stack's API talks to, and the secrets it was given."""

    bot_api: FakeBotAPI
    graph_api: FakeGraphAPI
    telegram_webhook_secret: str
    whatsapp_app_secret: str
    whatsapp_verify_token: str

    def env(self) -> dict[str, str]:
        return {
            "TELEGRAM_BOT_TOKEN": self.bot_api.token,
            "TELEGRAM_WEBHOOK_SECRET": self.telegram_webhook_secret,
            "TELEGRAM_API_BASE_URL": self.bot_api.base_url,
            "WHATSAPP_APP_SECRET": self.whatsapp_app_secret,
            "WHATSAPP_VERIFY_TOKEN": self.whatsapp_verify_token,
            "WHATSAPP_ACCESS_TOKEN": self.graph_api.access_token,
            "WHATSAPP_PHONE_NUMBER_ID": self.graph_api.phone_number_id,
            "WHATSAPP_GRAPH_BASE_URL": self.graph_api.url,
            "WHATSAPP_GRAPH_API_VERSION": self.graph_api.version,
        }


@pytest.fixture(scope="session")
def channel_fakes():
    with FakeBotAPI() as bot_api, FakeGraphAPI() as graph_api:
        yield ChannelFakes(
            bot_api=bot_api,
            graph_api=graph_api,
            # token_urlsafe uses only A-Z a-z 0-9 _ -, what Telegram accepts as a secret token.
            telegram_webhook_secret=secrets.token_urlsafe(24),
            whatsapp_app_secret=secrets.token_hex(16),
            whatsapp_verify_token=secrets.token_urlsafe(16),
        )


@pytest.fixture(scope="session")
def stack(tmp_path_factory, channel_fakes):
    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train` (make test-e2e does it) before the e2e tests")
    base = tmp_path_factory.mktemp("stack")
    running = Stack(var_dir=base / "var", log_dir=ROOT / "tests" / "artifacts" / "e2e-logs", env_extra=channel_fakes.env())
    with running.started():
        yield running
