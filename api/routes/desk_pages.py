"""What the desk pages of issue 14 (/clerk/insights, /clerk/tickets) share: the logged-in clerk (the
desk's session cookie), the desk (api/clerk_desk: its language — the clerk's jurisdictions' —, time
zone and formats; the base template's navigation) and these pages' own words (desk_pages.yml)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from api.clerk_desk import Desk
from api.permits.settings import ClerkAccount, PermitSettings
from knowledge.jurisdictions import jurisdiction as jurisdiction_record
from knowledge.strict_yaml import load_yaml

__all__ = ["Words", "clerk_of", "desk_for", "render"]

_TEXTS = Path(__file__).with_name("desk_pages.yml")
templates = Jinja2Templates(directory=Path(__file__).resolve().parent.parent / "templates")


@lru_cache(maxsize=1)
def _texts() -> dict[str, dict[str, Any]]:
    return load_yaml(_TEXTS)


@dataclass(frozen=True)
class Words:
    language: str

    def t(self, key: str, **values: Any) -> str:
        node: Any = _texts()[self.language]
        for part in key.split("."):
            node = node[part]
        return str(node).format(**values) if values else str(node)

    def topic(self, topic: str) -> str:
        return _texts()[self.language]["topics"].get(topic, topic)

    def place(self, jurisdiction_id: str | None) -> str:
        record = jurisdiction_record(jurisdiction_id) if jurisdiction_id else None
        return record.name if record else (jurisdiction_id or self.t("no_place"))

    def norm(self, norm_id: str | None) -> str:
        if not norm_id:
            return self.t("no_norm")
        from knowledge.corpus import load_corpus

        try:
            norm = load_corpus().norm(norm_id)
        except KeyError:
            return norm_id
        return f"{self.place(norm.jurisdiction)} — {norm.citation}"


def clerk_of(request: Request, settings: PermitSettings) -> tuple[ClerkAccount, str] | None:
    """The clerk of the desk's session cookie (api/routes/clerk.py logs in), with the token."""
    from api.routes.clerk import COOKIE

    token = request.cookies.get(COOKIE)
    account = settings.authenticate(token) if token else None
    return (account, token) if account and token else None


def desk_for(clerk: ClerkAccount) -> Desk:
    return Desk.for_jurisdictions(list(clerk.roles))


def render(request: Request, template: str, *, clerk: ClerkAccount, section: str, status_code: int = 200,
           **context: Any) -> HTMLResponse:
    from api.routes.clerk import SECTIONS

    desk = desk_for(clerk)
    return templates.TemplateResponse(request, template, {
        "desk": desk, "sections": SECTIONS, "section": section, "clerk": clerk, "w": Words(desk.language),
        **context}, status_code=status_code)
