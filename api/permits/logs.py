"""Structured logs of the permit feature, with personal data redacted before anything is written.

Every logger from `get_logger()` runs `redact_personal_data` first and then whatever processors
structlog is configured with, so no configuration elsewhere can make an applicant's name, taxpayer
number, phone, e-mail or access code reach a log. Two nets:
- by key: any event field (at any depth) named like a personal field is replaced;
- by shape: e-mail addresses, CPF/CNPJ-looking numbers and long digit runs (phones, NIFs) inside
  any string are masked, for the message someone writes without thinking (the shapes every
  process's logging config masks: api.log_redaction).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

import structlog

from api.log_redaction import REDACTED, redact_text

__all__ = ["PERSONAL_KEYS", "REDACTED", "get_logger", "redact_personal_data"]

PERSONAL_KEYS = frozenset(
    {
        "name",
        "applicant",
        "applicant_name",
        "document",
        "document_number",
        "applicant_document",
        "cpf",
        "cnpj",
        "nif",
        "phone",
        "contact",
        "contact_phone",
        "email",
        "contact_email",
        "conversation_id",
        "sender_id",
        "exemption_claims",
        "access_code",
        "token",
        "authorization",
        "idempotency_key",
        "text",
        "note",
        "detail",
        "description",
        "activity_description",
    }
)

def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, Mapping):
        return {key: REDACTED if str(key).lower() in PERSONAL_KEYS else _scrub(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [_scrub(item) for item in value]
    return value


def redact_personal_data(_logger: Any, _method: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """structlog processor: put first in any chain that may see a pre-application."""
    for key in list(event_dict):
        if key.lower() in PERSONAL_KEYS:
            event_dict[key] = REDACTED
        else:
            event_dict[key] = _scrub(event_dict[key])
    return event_dict


def get_logger(name: str = "api.permits") -> Any:
    # Built per call, so the chain is the configuration in force now (structlog.testing included).
    processors = [redact_personal_data, *structlog.get_config()["processors"]]
    return structlog.wrap_logger(None, processors=processors).bind(logger=name)
