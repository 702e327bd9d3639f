"""Mutable drafts of units while a norm is parsed, frozen into ``Unit`` objects at the end.

Ids, labels and paths are computed here, in one place, so every parser follows the same id scheme
(see README.md): ``<norm id>/art-9/par-3``, ``<norm id>/tit-ii/cap-iii``, ``<norm id>/anexo-vi/…``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .amendments import split_amendment_note
from .models import (
    STRUCTURAL_KINDS,
    Annotation,
    AnnotationKind,
    PathStep,
    TableRow,
    Unit,
    UnitKind,
    Version,
    VersionKind,
)

ID_PREFIX = {
    UnitKind.titulo: "tit",
    UnitKind.capitulo: "cap",
    UnitKind.secao: "sec",
    UnitKind.subsecao: "subsec",
    UnitKind.artigo: "art",
    UnitKind.paragrafo: "par",
    UnitKind.inciso: "inc",
    UnitKind.alinea: "ali",
    UnitKind.item: "item",
    UnitKind.numero: "num",
    UnitKind.anexo: "anexo",
    UnitKind.table_group: "item",
    UnitKind.table_row: "item",
    UnitKind.nota: "nota",
}

STRUCTURAL_LABEL = {
    UnitKind.titulo: "Título",
    UnitKind.capitulo: "Capítulo",
    UnitKind.secao: "Seção",
    UnitKind.subsecao: "Subseção",
}


@dataclass
class Draft:
    kind: UnitKind
    number: str | None
    marker: str | None = None
    heading: str | None = None
    lines: list[str] = field(default_factory=list)  # own text as printed (after furniture removal)
    repaired_lines: list[str] | None = None  # own text after OCR repair, when it differs
    children: list["Draft"] = field(default_factory=list)
    parent: "Draft | None" = None
    annotations: list[Annotation] = field(default_factory=list)
    versions: list[Version] | None = None  # set by the amendment merge; None means one original wording
    row: TableRow | None = None
    slug: str | None = None  # explicit id segment, overrides the kind/number scheme
    label_override: str | None = None
    pt_style: bool = False  # Portuguese labels ("Artigo 3.º, n.º 2")
    value: int | None = None  # numeric value of a structural numeral, for sequence checks
    printed_marker: str | None = None  # the marker as in the seed, when repaired (OCR)
    raw_lines: list[str] | None = None  # the unit as printed, when not simply marker + lines

    def add(self, child: "Draft") -> "Draft":
        child.parent = self
        self.children.append(child)
        return child

    def annotate(self, kind: AnnotationKind, note: str, quote: str | None = None) -> None:
        self.annotations.append(Annotation(kind=kind, note=note, quote=quote))

    # ---- identity
    def segment(self) -> str:
        if self.slug:
            return self.slug
        prefix = ID_PREFIX[self.kind]
        number = self.number or ""
        if self.kind in (UnitKind.inciso,):
            return f"{prefix}-{number.upper()}"
        return f"{prefix}-{number.lower()}"

    def own_label(self) -> str:
        if self.label_override:
            return self.label_override
        n = self.number or ""
        if self.kind in STRUCTURAL_LABEL:
            return f"{STRUCTURAL_LABEL[self.kind]} {'Único' if n.lower() == 'unico' else n.upper()}"
        if self.pt_style:
            if self.kind is UnitKind.artigo:
                return f"Artigo {pt_article_number(n)}"
            if self.kind is UnitKind.numero:
                return f"n.º {n}"
            if self.kind is UnitKind.alinea:
                return f"alínea {n})"
        if self.kind is UnitKind.artigo:
            return f"Art. {ordinal(n)}"
        if self.kind is UnitKind.paragrafo:
            return "Parágrafo único" if n == "unico" else f"§ {ordinal(n)}"
        if self.kind is UnitKind.inciso:
            return f"inciso {n}"
        if self.kind is UnitKind.alinea:
            return f"alínea {n}"
        if self.kind is UnitKind.item:
            return f"item {n}"
        if self.kind is UnitKind.anexo:
            return f"Anexo {n.upper()}"
        return n

    def text_lines(self) -> list[str]:
        return self.repaired_lines if self.repaired_lines is not None else self.lines


def ordinal(number: str) -> str:
    """Brazilian style: 1º … 9º, then 10, 11 … ("Art. 9º", "Art. 10", "Art. 9º-A")."""
    m = re.fullmatch(r"(\d+)(-[A-Za-z])?", number)
    if not m:
        return number
    base, suffix = int(m.group(1)), (m.group(2) or "").upper()
    return f"{base}º{suffix}" if base < 10 else f"{base}{suffix}"


def pt_article_number(number: str) -> str:
    m = re.fullmatch(r"(\d+)(-[A-Za-z])?", number)
    if not m:
        return number
    return f"{m.group(1)}.º{(m.group(2) or '').upper()}"


def _join(lines: list[str]) -> str:
    return re.sub(r"\s+", " ", " ".join(lines)).strip()


class Freezer:
    """Turns a tree of drafts into frozen units with ids, labels, paths and versions."""

    def __init__(self, norm_id: str):
        self.norm_id = norm_id
        self.units: dict[str, Unit] = {}
        self._order = 0

    def freeze(self, roots: list[Draft]) -> list[str]:
        return [self._freeze(d, self.norm_id, self.norm_id, (), ()) for d in roots]

    def _freeze(
        self,
        draft: Draft,
        parent_id: str,
        article_base: str,
        path: tuple[PathStep, ...],
        labels: tuple[str, ...],
    ) -> str:
        unit_id = f"{parent_id}/{draft.segment()}"
        if unit_id in self.units:
            raise ValueError(f"duplicate unit id {unit_id}")
        structural = draft.kind in STRUCTURAL_KINDS
        own = draft.own_label()
        if labels and own.startswith("Parágrafo"):
            own = "p" + own[1:]  # "Art. 5º, parágrafo único"
        if structural:
            label, child_labels = own, labels
        elif draft.kind in (UnitKind.anexo, UnitKind.artigo):
            # Cited on their own ("Art. 9º"), or after the regulation they belong to ("RAMT, Artigo 3.º").
            label = ", ".join((*labels, own))
            child_labels = (*labels, own)
        elif draft.kind in (UnitKind.table_row, UnitKind.table_group, UnitKind.nota):
            label = ", ".join((*labels, own))
            child_labels = labels
        else:
            label = ", ".join((*labels, own))
            child_labels = (*labels, own)
        if draft.kind is UnitKind.regulamento:
            child_labels = (own,)

        if draft.raw_lines is not None:
            raw = _join(draft.raw_lines)
        else:
            raw = _join([draft.printed_marker or draft.marker or "", *draft.lines])
        printed = _join(draft.text_lines())
        if draft.versions is not None:
            versions = tuple(draft.versions)
        else:
            versions = (split_amendment_note(printed),)
        in_force = [v for v in versions if v.in_force]
        text = in_force[-1].wording if in_force else ""
        if structural and not text:
            text = draft.heading or ""
        self._order += 1
        order = self._order
        step = PathStep(id=unit_id, kind=draft.kind, label=label, heading=draft.heading)
        child_ids: list[str] = []
        for child in draft.children:
            if structural:
                base = unit_id if draft.kind is UnitKind.regulamento else article_base
                child_parent = unit_id if child.kind in STRUCTURAL_KINDS else base
            else:
                base, child_parent = article_base, unit_id
            child_ids.append(self._freeze(child, child_parent, base, (*path, step), child_labels))
        self.units[unit_id] = Unit(
            id=unit_id,
            norm_id=self.norm_id,
            kind=draft.kind,
            label=label,
            marker=draft.marker,
            number=draft.number,
            heading=draft.heading,
            path=path,
            text=text,
            raw_text=raw,
            versions=versions,
            annotations=tuple(draft.annotations),
            children=tuple(child_ids),
            row=draft.row,
            order=order,
        )
        return unit_id


__all__ = ["Draft", "Freezer", "ordinal", "pt_article_number"]
