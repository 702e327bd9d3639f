"""Conditions on the applicant's facts: a check is True, False, or None when the fact is not stated
(a missing fact is asked, never assumed)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from knowledge.rules.models import Citation, MissingFact
from knowledge.rules.registry import Registry
from knowledge.rules.schema import FactCheck

__all__ = ["MISSING", "check", "fact_value", "missing_fact"]

MISSING = object()
"""A fact the applicant has not stated (None counts as not stated)."""


def fact_value(applicant: Mapping[str, Any], name: str) -> Any:
    value = applicant.get(name, MISSING)
    return MISSING if value is None else value


def check(c: FactCheck, applicant: Mapping[str, Any]) -> bool | None:
    """True/False, or None when the fact is missing."""
    v = fact_value(applicant, c.fact)
    if v is MISSING:
        return None
    want = c.value
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        v, want = Decimal(str(v)), Decimal(str(want))
    match c.op:
        case "eq":
            return v == want
        case "ne":
            return v != want
        case "lt":
            return v < want
        case "le":
            return v <= want
        case "gt":
            return v > want
        case "ge":
            return v >= want
        case "in":
            return v in want
        case "not_in":
            return v not in want
    raise AssertionError(c.op)


def missing_fact(reg: Registry, fact: str, citations: list[Citation]) -> MissingFact:
    return MissingFact(fact=fact, question=reg.facts[fact].question, citations=citations)
