"""Fixtures of the channel tests: real loopback fakes of Rasa, the Bot API and the Graph API."""

from collections.abc import Iterator

import pytest

from api.channels.testing import FakeBotAPI, FakeGraphAPI, FakeRasa

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
