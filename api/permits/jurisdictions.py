"""The five jurisdictions that receive pre-applications, with what the permit office needs of each.

The protocol prefix is what a citizen reads on the phone ("PON-2026-000123"); the time zone decides
which year a submission made around New Year's Eve belongs to; the document kinds are the taxpayer
numbers an applicant there can have (Brazil: CPF for people, CNPJ for companies; Portugal: NIF).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args
from zoneinfo import ZoneInfo

__all__ = [
    "DocumentType",
    "JURISDICTIONS",
    "JURISDICTION_IDS",
    "Jurisdiction",
    "JurisdictionId",
    "jurisdiction_by_prefix",
]

JurisdictionId = Literal["br-sp-bertioga", "br-pr-pontal-do-parana", "br-sp-igarapava", "br-rn-lajes", "pt"]
DocumentType = Literal["cpf", "cnpj", "nif"]

JURISDICTION_IDS: tuple[str, ...] = get_args(JurisdictionId)


@dataclass(frozen=True)
class Jurisdiction:
    id: str
    protocol_prefix: str
    time_zone: ZoneInfo
    document_types: tuple[str, ...]


_BRAZIL_DOCUMENTS = ("cpf", "cnpj")

JURISDICTIONS: dict[str, Jurisdiction] = {
    j.id: j
    for j in (
        Jurisdiction("br-sp-bertioga", "BER", ZoneInfo("America/Sao_Paulo"), _BRAZIL_DOCUMENTS),
        Jurisdiction("br-pr-pontal-do-parana", "PON", ZoneInfo("America/Sao_Paulo"), _BRAZIL_DOCUMENTS),
        Jurisdiction("br-sp-igarapava", "IGA", ZoneInfo("America/Sao_Paulo"), _BRAZIL_DOCUMENTS),
        # Rio Grande do Norte keeps UTC-3 all year (America/Fortaleza), like São Paulo since 2019.
        Jurisdiction("br-rn-lajes", "LAJ", ZoneInfo("America/Fortaleza"), _BRAZIL_DOCUMENTS),
        Jurisdiction("pt", "PRT", ZoneInfo("Europe/Lisbon"), ("nif",)),
    )
}
assert tuple(JURISDICTIONS) == JURISDICTION_IDS


def jurisdiction_by_prefix(prefix: str) -> Jurisdiction | None:
    for jurisdiction in JURISDICTIONS.values():
        if jurisdiction.protocol_prefix == prefix:
            return jurisdiction
    return None
