"""Fixtures of the channel tests: real loopback fakes of Rasa, the Bot API and the Graph API."""

from collections.abc import Iterator

import pytest

from tests.support.channel_fakes import FakeBotAPI, FakeGraphAPI, FakeRasa

PUBLIC_BASE_URL = "http://assistant.test"


@pytest.fixture
def fake_rasa() -> Iterator[FakeRasa]:
    with FakeRasa() as server:
        yield server


@pytest.fixture
def fake_bot_api() -> Iterator[FakeBotAPI]:
    with FakeBotAPI() as server:
        yield server


@pytest.fixture
def fake_graph() -> Iterator[FakeGraphAPI]:
    with FakeGraphAPI() as server:
        yield server


# ------------------------------------------------------------------------------------ the API
from pydantic import SecretStr  # noqa: E402

from api.channels.settings import (  # noqa: E402
    TelegramSettings,
    WhatsAppSettings,
    get_telegram_settings,
    get_whatsapp_settings,
)
from api.settings import Settings, get_settings  # noqa: E402

WA_APP_SECRET = "meta-app-secret"
WA_VERIFY_TOKEN = "verify-me"
TG_SECRET = "tg-webhook-secret_1"


@pytest.fixture
def core_settings(fake_rasa, tmp_path) -> Settings:
    return Settings(rasa_host="127.0.0.1", rasa_port=fake_rasa.port, var_dir=tmp_path, public_base_url=PUBLIC_BASE_URL)


@pytest.fixture
def whatsapp_settings(fake_graph, tmp_path) -> WhatsAppSettings:
    return WhatsAppSettings(
        app_secret=SecretStr(WA_APP_SECRET),
        verify_token=SecretStr(WA_VERIFY_TOKEN),
        access_token=SecretStr(fake_graph.access_token),
        phone_number_id=fake_graph.phone_number_id,
        graph_base_url=fake_graph.url,
        graph_api_version=fake_graph.version,
        status_template="preapplication_status",
        db_path=tmp_path / "whatsapp.db",
    )


@pytest.fixture
def telegram_settings(fake_bot_api) -> TelegramSettings:
    return TelegramSettings(bot_token=SecretStr(fake_bot_api.token), api_base_url=fake_bot_api.base_url,
                            webhook_secret=SecretStr(TG_SECRET))


@pytest.fixture
def permit_settings(tmp_path):
    """The API's database (answers, feedback, handoff tickets, permits) in this test's folder."""
    from api.permits.settings import PermitSettings

    return PermitSettings(database_url=f"sqlite:///{tmp_path / 'permits.db'}", var_dir=tmp_path,
                          permits_secret_key="k" * 40,
                          clerk_accounts=[{"username": "clerk", "token": "clerk-token-1",
                                           "roles": {"br-rn-lajes": "reviewer", "br-sp-bertioga": "reviewer"}}])


@pytest.fixture
def api_app(core_settings, whatsapp_settings, telegram_settings, permit_settings):
    from api.main import create_app
    from api.permits.settings import get_permit_settings

    app = create_app()
    app.dependency_overrides[get_permit_settings] = lambda: permit_settings
    app.dependency_overrides[get_settings] = lambda: core_settings
    app.dependency_overrides[get_whatsapp_settings] = lambda: whatsapp_settings
    app.dependency_overrides[get_telegram_settings] = lambda: telegram_settings
    return app


@pytest.fixture
def api_client(api_app):
    from fastapi.testclient import TestClient

    # As a context manager, so the routers' lifespan closes the channels' clients at the end.
    with TestClient(api_app) as client:
        yield client
