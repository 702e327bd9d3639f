"""The jurisdictions the assistant covers, one record each (jurisdictions.yml beside this file).

Everything about a place that is not a rule of its law: its name, language, time zone, the protocol
prefix of its pre-applications, the taxpayer documents an applicant there has, how its phone numbers
are written and which data-protection law applies. Rules, actions and the API all read these records,
so that adding a town is one row here plus its norm and rules data, not an edit in every part.

    >>> from knowledge.jurisdictions import jurisdiction
    >>> jurisdiction("pt").protocol_prefix, jurisdiction("pt").privacy_regime
    ('PRT', 'rgpd')

The competent offices are not here: each is stated by a norm and cited, so they stay in the rules
data (`knowledge.rules.offices_of`).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Literal, get_args
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from knowledge.strict_yaml import load_yaml  # a duplicated key is an error, not a silent overwrite

__all__ = [
    "DOCUMENT_TYPES",
    "DocumentType",
    "FILE",
    "Jurisdiction",
    "PhonePlan",
    "answer_language",
    "by_prefix",
    "jurisdiction",
    "jurisdiction_ids",
    "jurisdictions",
    "local_today",
    "speaking",
]

FILE = Path(__file__).parent / "jurisdictions.yml"

# The one list of taxpayer documents an applicant can give (their checks: knowledge/permits/documents.py);
# each record says which of these its applicants have.
DocumentType = Literal["cpf", "cnpj", "nif"]
DOCUMENT_TYPES: tuple[str, ...] = get_args(DocumentType)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PhonePlan(_Strict):
    """How a local number is written there, to add the country code a citizen leaves out."""

    country_code: str = Field(pattern=r"^\d{1,3}$")
    national_digits: tuple[int, ...]  # lengths of a national number (Brazil: area code + 8 or 9 digits)
    trunk_prefix: str | None = None  # dialled before the area code inside the country ("041 …")


class DocumentTypes(_Strict):
    natural_person: tuple[DocumentType, ...] = Field(min_length=1)
    legal_person: tuple[DocumentType, ...] = Field(min_length=1)

    def all(self) -> tuple[DocumentType, ...]:
        return tuple(dict.fromkeys((*self.natural_person, *self.legal_person)))


class Jurisdiction(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    country: str = Field(pattern=r"^[A-Z]{2}$")
    language: Literal["pt-BR", "pt-PT", "en"]
    time_zone: str
    protocol_prefix: str = Field(pattern=r"^[A-Z]{3}$")
    document_types: DocumentTypes
    phone: PhonePlan
    privacy_regime: Literal["lgpd", "rgpd"]
    # What citizens call the place when they shorten its name ("Pontal"): the chat takes such a reply
    # as the town itself, not as a place inside it. The name before " (" ("Lajes") always counts.
    short_names: tuple[str, ...] = ()

    @field_validator("time_zone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        ZoneInfo(value)  # raises on a zone the tz database does not know
        return value

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)

    def today(self) -> date:
        return datetime.now(self.zone).date()

    @property
    def town_names(self) -> tuple[str, ...]:
        """Every way of naming the place itself: "Pontal do Paraná (PR)", "Pontal do Paraná", "Pontal"."""
        return tuple(dict.fromkeys((self.name, self.name.split(" (")[0], *self.short_names)))


class _File(_Strict):
    checked_on: date
    jurisdictions: tuple[Jurisdiction, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> _File:
        for key in ("id", "protocol_prefix"):
            values = [getattr(j, key) for j in self.jurisdictions]
            if len(set(values)) != len(values):
                raise ValueError(f"two jurisdictions share a {key}: {values}")
        return self


@lru_cache(maxsize=4)
def _load(path: Path) -> dict[str, Jurisdiction]:
    return {j.id: j for j in _File.model_validate(load_yaml(path)).jurisdictions}


def jurisdictions(path: Path = FILE) -> dict[str, Jurisdiction]:
    """Every record, in the file's order (the order menus and error messages list them in)."""
    return _load(path)


def jurisdiction_ids() -> tuple[str, ...]:
    return tuple(jurisdictions())


def jurisdiction(jurisdiction_id: str | None) -> Jurisdiction | None:
    """The record, or None for a place we do not cover."""
    return jurisdictions().get(jurisdiction_id) if jurisdiction_id else None


def by_prefix(prefix: str) -> Jurisdiction | None:
    """The jurisdiction whose protocols start with this prefix ("PON")."""
    return next((j for j in jurisdictions().values() if j.protocol_prefix == prefix), None)


def local_today(jurisdiction_id: str | None) -> date:
    """Today where the office is (a request sent at 23:30 in Lisbon is still today there); UTC for a
    place we do not cover."""
    record = jurisdiction(jurisdiction_id)
    return record.today() if record else datetime.now(UTC).date()


def speaking(language: str) -> str | None:
    """The one jurisdiction whose language is this variant, if only one speaks it: a question worded
    in pt-PT ("aluguer", "coima") and naming no place is about Portugal; pt-BR names no single town."""
    ids = [j.id for j in jurisdictions().values() if j.language == language]
    return ids[0] if len(ids) == 1 else None


# pt-BR is what language detection answers for Portuguese it cannot place (and what Telegram and
# browsers report for plain "pt"); pt-PT is only ever detected from its own words. So a pt-BR turn
# about a place that speaks another Portuguese takes that place's variant, never the reverse.
_UNMARKED = {"pt-BR"}


def answer_language(jurisdiction_id: str | None, language: str) -> str:
    """The language to answer in about this jurisdiction, given the language of the turn."""
    record = jurisdiction(jurisdiction_id)
    if (record and language in _UNMARKED and record.language != language
            and record.language.split("-")[0] == language.split("-")[0]):
        return record.language
    return language
