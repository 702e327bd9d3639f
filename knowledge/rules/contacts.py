"""How a citizen reaches a person at the competent office: from the law where it says, else configured.

The offices are the rules data's (`NormData.offices`, the one owner of who is competent); this module
adds how to reach them:
- **from the law** — `OfficeData.contact`, cited: only Lajes' text prints a phone and address (the
  Prefeitura's letterhead on every page of LC 489/2009);
- **configured** — config/office_contacts.yml (or OFFICE_CONTACTS_FILE): what the city running the
  assistant fills in (phone, address, hours, web page, e-mail), marked "configured, not from the law"
  wherever it is shown. Empty by default: an unknown phone is never made up.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from knowledge.rules.citations import cites
from knowledge.rules.models import Citation, text_in
from knowledge.rules.registry import registry
from knowledge.rules.schema import TextData
from knowledge.strict_yaml import load_yaml

__all__ = ["ConfiguredContact", "OfficeContact", "configured_contacts", "office_contacts"]

DEFAULT_FILE = Path(__file__).resolve().parents[2] / "config" / "office_contacts.yml"


class ConfiguredContact(BaseModel):
    """One office's contact as the municipality configured it (not from the law)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    phones: list[str] = Field(default_factory=list)
    address: str | None = None
    hours: TextData | None = None
    web: str | None = None
    email: str | None = None


@dataclass(frozen=True)
class OfficeContact:
    """An office and how to reach it, in one language. `from_law` fields are cited (`citations`,
    `printed_where`); `configured` ones come from the city's configuration, never from the law."""

    office_id: str
    name: str
    citations: list[Citation]
    # from the law's text
    phones: list[str] = field(default_factory=list)
    address: str | None = None
    web: str | None = None
    of: str | None = None  # whose contact the law prints (the Prefeitura the office belongs to)
    printed_where: str | None = None
    # configured by the municipality
    configured_phones: list[str] = field(default_factory=list)
    configured_address: str | None = None
    configured_hours: str | None = None
    configured_web: str | None = None
    configured_email: str | None = None

    @property
    def from_law(self) -> bool:
        return bool(self.phones or self.address or self.web)

    @property
    def configured(self) -> bool:
        return bool(self.configured_phones or self.configured_address or self.configured_hours
                    or self.configured_web or self.configured_email)

    @property
    def reachable(self) -> bool:
        """Whether the citizen gets a phone, address, web page or e-mail, and not only a name."""
        return self.from_law or self.configured


def _contacts_file() -> Path:
    return Path(os.environ.get("OFFICE_CONTACTS_FILE") or DEFAULT_FILE)


@lru_cache(maxsize=4)
def _load(path: Path) -> dict[str, dict[str, ConfiguredContact]]:
    raw = load_yaml(path) if path.exists() else {}
    out: dict[str, dict[str, ConfiguredContact]] = {}
    for jurisdiction, offices in (raw or {}).items():
        known = {oid for norm in registry().norms_of(jurisdiction) for oid in norm.offices}
        if not registry().norms_of(jurisdiction):
            raise ValueError(f"{path}: unknown jurisdiction {jurisdiction!r}")
        out[jurisdiction] = {}
        for office_id, contact in (offices or {}).items():
            if office_id not in known:
                raise ValueError(f"{path}: {jurisdiction} has no office {office_id!r} (known: {sorted(known)})")
            out[jurisdiction][office_id] = ConfiguredContact.model_validate(contact or {})
    return out


def configured_contacts(path: Path | None = None) -> dict[str, dict[str, ConfiguredContact]]:
    """jurisdiction → office id → what the municipality configured; checked against the rules data."""
    return _load(path or _contacts_file())


def office_contacts(jurisdiction: str, language: str, *, path: Path | None = None) -> list[OfficeContact]:
    """The competent offices of `jurisdiction` (as `offices_of` names them, same order, each once) with
    how to reach them, in `language`."""
    configured = configured_contacts(path).get(jurisdiction, {})
    out: list[OfficeContact] = []
    seen: set[str] = set()
    for norm in registry().norms_of(jurisdiction):
        for office_id, office in norm.offices.items():
            name = text_in(office.name, language) or office_id
            if name in seen:
                continue
            seen.add(name)
            law = office.contact
            mine = configured.get(office_id) or ConfiguredContact()
            out.append(OfficeContact(
                office_id=office_id,
                name=name,
                citations=cites(norm.norm, office.cite),
                phones=list(law.phones) if law else [],
                address=law.address if law else None,
                web=law.web if law else None,
                of=text_in(law.of, language) if law else None,
                printed_where=text_in(law.where, language) if law else None,
                configured_phones=list(mine.phones),
                configured_address=mine.address,
                configured_hours=text_in(mine.hours, language) if mine.hours else None,
                configured_web=mine.web,
                configured_email=mine.email,
            ))
    return out
