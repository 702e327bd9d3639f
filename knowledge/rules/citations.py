"""Unit ids ↔ citation labels.

Ids are relative in the data files (`art-21/par-1/inc-I`) and absolute in answers
(`br-sp-bertioga/decreto-4510-2024/art-21/par-1/inc-I`). The label is the short reference lawyers
write ("art. 21, § 1, I"): a citation code, the same in every language, not a sentence.
"""

from __future__ import annotations

import re

from knowledge.rules.models import Citation
from knowledge.rules.schema import Cite, CiteData

__all__ = ["absolute", "cite", "cites", "dedupe", "label_for"]


def _segment_label(seg: str) -> str:
    if m := re.fullmatch(r"art-(\d+)(?:-([a-z]))?", seg):
        return f"art. {m.group(1)}" + (f"-{m.group(2).upper()}" if m.group(2) else "")
    if seg == "par-unico":
        return "parágrafo único"
    if m := re.fullmatch(r"par-(\d+)", seg):
        return f"§ {m.group(1)}"
    if m := re.fullmatch(r"inc-([IVXLC]+)", seg):
        return m.group(1)
    if m := re.fullmatch(r"ali-([a-z])", seg):
        return m.group(1)
    if m := re.fullmatch(r"anexo-([ivx]+)", seg):
        return f"Anexo {m.group(1).upper()}"
    if m := re.fullmatch(r"item-(.+)", seg):
        return m.group(1)
    if seg == "ramt":
        return "RAMT"
    return seg


def label_for(relative_unit: str) -> str:
    return ", ".join(_segment_label(s) for s in relative_unit.split("/"))


def absolute(norm_id: str, relative_unit: str) -> str:
    return f"{norm_id}/{relative_unit}"


def cite(norm_id: str, c: Cite) -> Citation:
    if isinstance(c, CiteData):
        norm = c.norm or norm_id
        return Citation(unit_id=absolute(norm, c.unit), label=c.label or label_for(c.unit), norm_id=norm)
    return Citation(unit_id=absolute(norm_id, c), label=label_for(c), norm_id=norm_id)


def cites(norm_id: str, cs: list[Cite]) -> list[Citation]:
    return [cite(norm_id, c) for c in cs]


def dedupe(citations: list[Citation]) -> list[Citation]:
    """Each unit cited once, where it first appears."""
    seen: dict[str, Citation] = {}
    for c in citations:
        seen.setdefault(c.unit_id, c)
    return list(seen.values())
