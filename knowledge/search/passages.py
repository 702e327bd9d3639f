"""What search returns: article-level passages cut from the corpus.

A passage is one article (or one annex, such as Pontal's fee table) with everything under it, in the
wording in force. Citizens ask about an article's subject as a whole ("what do I need to rent SUP
boards?"), and the chat cites the article, so that is the unit ranked; the highlighted snippet
points inside it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, ConfigDict

from knowledge.corpus.models import Corpus, Norm, Unit, UnitKind

__all__ = ["Passage", "PASSAGE_KINDS", "passages", "is_ocr_norm", "article_level_id"]

# Kinds of unit that are ranked. Structural units (título, capítulo...) only contribute headings.
PASSAGE_KINDS = frozenset({UnitKind.artigo, UnitKind.anexo})


class Passage(BaseModel):
    model_config = ConfigDict(frozen=True)

    unit_id: str
    norm_id: str
    jurisdiction: str
    language: str  # the norm's language, "pt-BR" or "pt-PT": the article page's lang attribute
    label: str  # "Art. 9º", "Anexo VI"
    heading: str | None  # the article's epigraph or the annex's title, when the law has one
    hierarchy: tuple[str, ...]  # "Título II – Do uso e da ocupação…", "Capítulo I – …", outermost first
    text: str  # the article and all its parts, in force
    ocr: bool  # the norm is an OCR reading of a scan (search repairs its words, see index.py)
    # Pieces of a long article (one paragraph or inciso; one row of an annex's table with its group
    # heading): what a snippet quotes when a piece matched best. Each is indexed with `part_lead` (the
    # caput or the annex title) before it, as `parts`: BM25 penalises length, and an answer often sits
    # in one inciso of a long article.
    part_lead: str = ""
    part_bodies: tuple[str, ...] = ()

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(f"{self.part_lead} {body}".strip() for body in self.part_bodies)


def is_ocr_norm(norm: Norm) -> bool:
    """Whether a norm's text comes from OCR, as its source note says (Igarapava's scan)."""
    return "ocr" in norm.source.lower()


def _step_title(label: str, heading: str | None) -> str:
    return f"{label} – {heading}" if heading else label


def passages(corpus: Corpus) -> Iterator[Passage]:
    for norm in corpus.norms:
        ocr = is_ocr_norm(norm)
        for unit in sorted(
            (u for u in corpus.units if u.norm_id == norm.id and u.kind in PASSAGE_KINDS),
            key=lambda u: u.order,
        ):
            if not unit.in_force or not _is_passage(corpus, unit):
                continue
            text = corpus.full_text(unit.id).strip()
            if not text:
                continue
            yield Passage(
                unit_id=unit.id,
                norm_id=norm.id,
                jurisdiction=norm.jurisdiction,
                language=norm.language,
                label=unit.label,
                heading=unit.heading,
                hierarchy=tuple(
                    _step_title(step.label, step.heading)
                    for step in unit.path
                    if step.kind not in PASSAGE_KINDS
                ),
                text=text,
                ocr=ocr,
                **_parts(corpus, unit),
            )


def _parts(corpus: Corpus, unit: Unit) -> dict[str, Any]:
    children = [c for c in corpus.children(unit.id) if c.in_force]
    if len(children) < 2:
        return {}
    group = ""
    bodies = []
    for child in children:
        if child.kind is UnitKind.table_group:
            group = child.text
            continue
        bodies.append(f"{group} {corpus.full_text(child.id).strip()}".strip())
    lead = unit.heading or "" if unit.kind is UnitKind.anexo else unit.text
    return {"part_lead": lead, "part_bodies": tuple(bodies)}


def _is_passage(corpus: Corpus, unit: Unit) -> bool:
    # An annex printed inside an article would otherwise be ranked twice; an annex that wraps a
    # whole regulation with its own articles is structure, its articles are the passages.
    if any(step.kind is UnitKind.artigo for step in unit.path):
        return False
    if unit.kind is UnitKind.anexo:
        return not any(d.kind is UnitKind.artigo for d in corpus.descendants(unit.id))
    return True


def article_level_id(corpus: Corpus, unit_id: str) -> str:
    """The article (or annex) a unit belongs to: ".../art-9/par-3" -> ".../art-9"."""
    unit = corpus.unit(unit_id)
    if unit.kind in PASSAGE_KINDS:
        return unit.id
    # The outermost article or annex above the unit (a row's annex, a paragraph's article).
    for step in unit.path:
        if step.kind in PASSAGE_KINDS and _is_passage(corpus, corpus.unit(step.id)):
            return step.id
    return unit.id
