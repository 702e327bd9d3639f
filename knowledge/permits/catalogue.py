"""Which permit kinds a jurisdiction issues: the validation hook for `permit_kind` in a submission.

The rules module (knowledge.rules) owns the catalogue of permits. A jurisdiction whose catalogue has
no permit yet accepts any well-formed id, so that a pre-application is never refused because the
catalogue is incomplete; an error in the rules module is an error. Tests and deployments can swap the check with `set_permit_kind_check`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

__all__ = ["PERMIT_KIND_PATTERN", "PermitKindCheck", "check_permit_kind", "set_permit_kind_check"]

PERMIT_KIND_PATTERN = r"^[a-z][a-z0-9_]{1,63}$"

PermitKindCheck = Callable[[str, str], "Iterable[str] | None"]
"""(jurisdiction_id, permit_kind) -> None if the kind is acceptable, else the kinds that are."""


def _from_rules_catalogue(jurisdiction_id: str, permit_kind: str) -> Iterable[str] | None:
    # A broken rules module must fail loudly, not let every permit kind through.
    from knowledge.rules import permit_kinds

    kinds = set(permit_kinds(jurisdiction_id))
    if not kinds or permit_kind in kinds:
        return None
    return sorted(kinds)


_check: PermitKindCheck = _from_rules_catalogue


def set_permit_kind_check(check: PermitKindCheck) -> PermitKindCheck:
    """Install another catalogue check; returns the previous one (to restore it)."""
    global _check
    previous, _check = _check, check
    return previous


def check_permit_kind(jurisdiction_id: str, permit_kind: str) -> None:
    if not re.fullmatch(PERMIT_KIND_PATTERN, permit_kind):
        raise ValueError("permit kind ids are snake_case, e.g. beach_food_vendor")
    allowed = _check(jurisdiction_id, permit_kind)
    if allowed is not None:
        raise ValueError(f"{jurisdiction_id} issues no permit {permit_kind!r}; known: {', '.join(allowed)}")
