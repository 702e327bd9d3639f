"""The channel fixtures (loopback fakes of Rasa, Telegram and Meta; the API with its own database),
with a bot that answers like ours: a cited answer, a "don't know", and the contact answer."""

from collections.abc import Iterator

import pytest
from sqlalchemy import select

from tests.channels.conftest import (  # noqa: F401  (fixtures)
    api_app,
    api_client,
    core_settings,
    fake_bot_api,
    fake_graph,
    permit_settings,
    telegram_settings,
    whatsapp_settings,
)
from tests.support.channel_fakes import FakeRasa

LAJES_ART = "br-rn-lajes/lc-489-2009/art-65"


def civic_bot(sender: str, message: str) -> list[dict]:
    lowered = message.lower()
    if message.startswith("/set_language"):
        return [{"recipient_id": sender, "text": "ok"}]
    if "atendente" in lowered or "person" in lowered:
        return [{"recipient_id": sender, "text": "Para falar com uma pessoa em Lajes (RN): Coordenadoria de Tributos.",
                 "buttons": [{"title": "Enviar minha pergunta", "payload": "#handoff:br-rn-lajes"}],
                 "custom": {"contact": {"jurisdiction": "br-rn-lajes"},
                            "citations": [{"unit_id": "br-rn-lajes/lc-489-2009/art-8", "label": "art. 8",
                                           "url": "/norms/br-rn-lajes/lc-489-2009/art-8"}]}}]
    if "foguete" in lowered or "rocket" in lowered:
        return [{"recipient_id": sender, "text": "Não encontrei nada sobre isso nas normas que tenho. Pode reformular?"}]
    return [{"recipient_id": sender, "text": "Em Lajes, a licença de ambulante é da Coordenadoria de Tributos (art. 65).",
             "custom": {"fact": {"id": "x", "kind": "office"},
                        "citations": [{"unit_id": LAJES_ART, "label": "art. 65", "url": f"/norms/{LAJES_ART}"}]}}]


@pytest.fixture
def fake_rasa() -> Iterator[FakeRasa]:
    with FakeRasa(civic_bot) as server:
        yield server


@pytest.fixture
def db(permit_settings):
    """A session on the API's database, to look at what was stored."""
    from api.db import get_session_factory

    factory = get_session_factory(permit_settings.resolved_database_url)
    with factory() as session:
        yield session


def rows(session, model):
    session.expire_all()
    found = list(session.scalars(select(model).order_by(model.id)).all())
    session.expunge_all()  # detached: reading them later starts no transaction
    session.rollback()  # SQLite: every transaction holds the write lock (BEGIN IMMEDIATE, api/db.py)
    return found
