"""What a source module hands back, and helpers shared by the source modules."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cleaning import CleanedText, squash
from ..models import Annotation, AnnotationKind, Unit


@dataclass
class ParsedNorm:
    units: dict[str, Unit]
    top_units: list[str]
    cleaned: CleanedText
    preamble: str | None = None
    closing: str | None = None
    annotations: list[Annotation] = field(default_factory=list)


def annotate(
    units: dict[str, Unit], unit_id: str, kind: AnnotationKind, note: str, quote: str | None = None
) -> None:
    """Attach a note to a unit. The quote must be in the unit's printed text, so a note can never
    drift onto the wrong unit when the parser changes."""
    unit = units[unit_id]
    if quote is not None and quote not in (unit.raw_text or "") and quote not in unit.text:
        raise ValueError(f"{unit_id}: {quote!r} not in its text")
    extra = Annotation(kind=kind, note=note, quote=quote)
    units[unit_id] = unit.model_copy(update={"annotations": (*unit.annotations, extra)})


def joined(lines: list[str]) -> str | None:
    return squash(" ".join(lines)) or None
