"""What the clerk pages of this package share: who is logged in (the clerk desk's cookie), the desk's
time zone and calendar, and names for norms, towns and topics — in the desk's language (pt-BR)."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from fastapi import Request

from api.permits.settings import ClerkAccount, PermitSettings
from knowledge.jurisdictions import jurisdiction as jurisdiction_record

__all__ = ["TOPICS", "clerk_of", "desk_zone", "jurisdiction_label", "local", "norm_label", "topic_label"]

# The desk speaks pt-BR (api/templates/clerk/base.html): the answer log's topics in its words.
TOPICS = {
    "fee": "Taxas", "fine": "Multas", "document": "Documentos", "hours": "Horários", "office": "Órgão competente",
    "places": "Locais e pontos", "distance": "Distâncias e medidas", "season": "Temporada", "holder": "Quem pode pedir",
    "rules": "Regras (pode / não pode)", "contact": "Falar com uma pessoa", "clarification": "Pergunta de volta",
    "unanswered": "Sem resposta", "fact": "Outros fatos",
}


def clerk_of(request: Request, settings: PermitSettings) -> tuple[ClerkAccount, str] | None:
    """The clerk of the desk's session cookie (api/routes/clerk.py logs in), with the token."""
    from api.routes.clerk import COOKIE

    token = request.cookies.get(COOKIE)
    account = settings.authenticate(token) if token else None
    return (account, token) if account and token else None


def desk_zone(clerk: ClerkAccount) -> ZoneInfo:
    for jurisdiction_id in sorted(clerk.roles):
        record = jurisdiction_record(jurisdiction_id)
        if record is not None:
            return record.zone
    return ZoneInfo("America/Sao_Paulo")


def local(moment: datetime | None, zone: ZoneInfo) -> str:
    return moment.astimezone(zone).strftime("%d/%m/%Y %H:%M") if moment else ""


def local_day(moment: datetime, zone: ZoneInfo) -> date:
    return moment.astimezone(zone).date()


def jurisdiction_label(jurisdiction_id: str | None) -> str:
    if not jurisdiction_id:
        return "Sem município"
    record = jurisdiction_record(jurisdiction_id)
    return record.name if record else jurisdiction_id


def norm_label(norm_id: str | None) -> str:
    if not norm_id:
        return "Nenhuma norma citada"
    from knowledge.corpus import load_corpus

    try:
        norm = load_corpus().norm(norm_id)
    except KeyError:
        return norm_id
    return f"{jurisdiction_label(norm.jurisdiction)} — {norm.citation}"


def topic_label(topic: str) -> str:
    return TOPICS.get(topic, topic)
