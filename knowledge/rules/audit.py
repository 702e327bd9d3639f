"""Every citation the rule data can produce, for audits and the "cited ids exist" test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from knowledge.rules.citations import cite
from knowledge.rules.models import Citation
from knowledge.rules.registry import Registry, registry
from knowledge.rules.schema import CiteData

__all__ = ["all_citations"]


def _walk(obj: Any) -> Iterator[Any]:
    if isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            value = getattr(obj, name)
            if name == "cite":
                yield from value
            else:
                yield from _walk(value)
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _walk(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _walk(v)


def all_citations(reg: Registry | None = None) -> list[tuple[str, Citation]]:
    """(where, citation) for every `cite` entry in every norm file."""
    reg = reg or registry()
    out = []
    for norm in reg.norms.values():
        for c in _walk(norm):
            if isinstance(c, (str, CiteData)):
                out.append((norm.norm, cite(norm.norm, c)))
        for c in norm.scope_cite:
            out.append((norm.norm, cite(norm.norm, c)))
    return out
