"""Time in the rules: norms in force, seasons, and amendments whose date is known only as a window
(valid before `earliest`, certain after `certain_by`, uncertain between: said in a note)."""

from __future__ import annotations

from datetime import date
from typing import Any

from knowledge.rules.citations import cites
from knowledge.rules.models import Note
from knowledge.rules.schema import NormData

__all__ = ["Day", "in_force", "in_season", "uncertainty_notes"]


def in_season(start: str, end: str, on: date) -> bool:
    """Inclusive MM-DD window; a window that wraps the new year (12-01 → 03-31) is handled."""
    md = on.strftime("%m-%d")
    if start <= end:
        return start <= md <= end
    return md >= start or md <= end


def in_force(norm: NormData, on: date) -> bool:
    return norm.in_force_from <= on and (norm.in_force_to is None or on <= norm.in_force_to)


class Day:
    """The day being evaluated, and the state of each amendment of a norm on it."""

    def __init__(self, norm: NormData, day: date) -> None:
        self.norm, self.day = norm, day

    def amendment(self, aid: str) -> str:
        a = self.norm.amendments[aid]
        if self.day < a.earliest:
            return "before"
        if self.day >= a.certain_by:
            return "after"
        return "uncertain"

    def valid(self, item: Any) -> bool:
        if getattr(item, "valid_from", None) and self.day < item.valid_from:
            return False
        if getattr(item, "valid_to", None) and self.day > item.valid_to:
            return False
        if getattr(item, "since", None) and self.amendment(item.since) == "before":
            return False
        if getattr(item, "until", None) and self.amendment(item.until) == "after":
            return False
        return True

    def uncertain(self, item: Any) -> list[str]:
        """Amendments whose unknown date makes this item's validity on the day uncertain."""
        return [
            aid
            for aid in (getattr(item, "since", None), getattr(item, "until", None))
            if aid and self.amendment(aid) == "uncertain"
        ]


def uncertainty_notes(norm: NormData, amendment_ids: list[str]) -> list[Note]:
    out = []
    for aid in dict.fromkeys(amendment_ids):
        a = norm.amendments[aid]
        out.append(
            Note(
                code=f"amendment_date_uncertain:{aid}",
                text=a.text
                or {
                    "pt-BR": a.label,
                    "pt-PT": a.label,
                    "en": a.label,
                },
                citations=cites(norm.norm, a.cite),
            )
        )
    return out
