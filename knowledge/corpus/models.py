"""The legal corpus as data: norms, their units (título … alínea, annexes, table rows) and wordings.

A unit's ``text`` is always the wording in force; superseded wordings live in ``versions`` only, so a
consumer that reads ``text`` can never answer from history by accident.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from enum import StrEnum
from typing import Iterator

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr


class UnitKind(StrEnum):
    titulo = "titulo"
    capitulo = "capitulo"
    secao = "secao"
    subsecao = "subsecao"
    artigo = "artigo"
    paragrafo = "paragrafo"
    inciso = "inciso"
    alinea = "alinea"
    item = "item"
    numero = "numero"  # Portuguese "n.º" (numbered paragraph of an artigo)
    anexo = "anexo"
    table_group = "table_group"  # a heading row of a fee table ("Comércio Ambulante")
    table_row = "table_row"
    nota = "nota"  # a note or footnote printed with a table
    regulamento = "regulamento"  # a regulation republished as an annex (Portugal's RAMT)


STRUCTURAL_KINDS = frozenset(
    {UnitKind.titulo, UnitKind.capitulo, UnitKind.secao, UnitKind.subsecao, UnitKind.regulamento}
)


class VersionKind(StrEnum):
    original = "original"  # the wording as first enacted
    given = "given"  # "Redação dada pela Lei nº …": replaces an earlier wording
    added = "added"  # "Redação acrescida pela Lei nº …": a unit that did not exist before
    revoked = "revoked"  # "Revogado pela …"


class Version(BaseModel):
    model_config = ConfigDict(frozen=True)

    wording: str
    kind: VersionKind
    amending_norm: str | None = None  # citation as printed, e.g. "Lei nº 2247/2021"
    in_force: bool
    superseded_by: str | None = None  # citation of the norm that replaced this wording
    note: str | None = None  # the amendment note exactly as printed


class AnnotationKind(StrEnum):
    known_error = "known_error"  # an error in the law itself (wrong reference, wrong unit, gap)
    ocr_uncertain = "ocr_uncertain"  # a reading of the scan we could not confirm
    ocr_repair = "ocr_repair"  # an OCR repair that changed the wording shown
    omitted = "omitted"  # text not reproduced in the source ("[...]", "...")
    inferred = "inferred"  # something the text does not state and we inferred (numbering, heading)
    source_defect = "source_defect"  # lost lines, duplicated headings in the copy we have


class Annotation(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: AnnotationKind
    note: str
    quote: str | None = None  # the words of the text the note is about, as printed


class PathStep(BaseModel):
    """One ancestor of a unit: Título II > Capítulo III > Seção I > Art. 9º."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: UnitKind
    label: str
    heading: str | None = None


class TableRow(BaseModel):
    """One line of a fee table, values in the table's own unit (UFM for Pontal)."""

    model_config = ConfigDict(frozen=True)

    code: str
    description: str
    period_value: Decimal | None = None
    fraction_value: Decimal | None = None
    unit: str
    per: str | None = None  # "m²" when the value is per square metre
    period: str | None = None  # "anual", "mensal", "quinzenal" … as in the description
    fraction: str | None = None  # "trimestral", "quadrimestral", "quinzenal", "diária" …
    footnotes: tuple[str, ...] = ()  # the table's footnote numbers this row points to
    group: str | None = None  # the heading row it falls under ("Comércio Eventual")


class Unit(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    norm_id: str
    kind: UnitKind
    label: str  # citation label, e.g. "Art. 9º, § 3º"
    marker: str | None = None  # the marker as printed, e.g. "§ 3º", "III -", "a)", "Art. 10"
    number: str | None = None  # "9", "3", "II", "a", "unico", "9-A", "11.20.00"
    heading: str | None = None  # heading of a título/capítulo/seção/anexo, or RAMT article epigraph
    path: tuple[PathStep, ...] = ()
    text: str  # the wording in force (own wording only, children excluded); "" if nothing is in force
    raw_text: str | None = None  # the text as in the seed (after furniture removal, before OCR repair)
    versions: tuple[Version, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    children: tuple[str, ...] = ()
    row: TableRow | None = None
    order: int = 0  # position in the norm, for stable sorting

    @property
    def in_force(self) -> bool:
        """False for a unit that only exists as history (e.g. rows of a replaced fee table)."""
        return not self.versions or any(v.in_force for v in self.versions)

    @property
    def history(self) -> tuple[Version, ...]:
        return tuple(v for v in self.versions if not v.in_force)

    @property
    def parent_id(self) -> str | None:
        return self.path[-1].id if self.path else None


class Norm(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    jurisdiction: str
    country: str
    state: str | None = None
    municipality: str | None = None
    kind: str
    number: str
    year: int
    date: dt.date
    language: str  # "pt-BR" or "pt-PT"
    title: str
    citation: str  # short citation title, e.g. "Decreto nº 4.510/2024"
    source: str
    consolidated_up_to: dt.date | None = None
    seed_file: str
    parser: str
    money_unit: str
    amends: str | None = None
    preamble: str | None = None  # ementa, enacting formula, "considerandos", as printed
    closing: str | None = None  # place, date and signatures
    annotations: tuple[Annotation, ...] = ()
    top_units: tuple[str, ...] = Field(default=(), description="ids of the units directly under the norm")


class Corpus(BaseModel):
    """All norms and units, with tree navigation. Read-only."""

    model_config = ConfigDict(frozen=True)

    norms_by_id: dict[str, Norm]
    units_by_id: dict[str, Unit]
    _articles: dict[str, tuple[Unit, ...]] = PrivateAttr(default_factory=dict)

    def model_post_init(self, __context: object) -> None:
        by_norm: dict[str, list[Unit]] = {}
        for unit in self.units_by_id.values():
            if unit.kind is UnitKind.artigo:
                by_norm.setdefault(unit.norm_id, []).append(unit)
        self._articles = {k: tuple(sorted(v, key=lambda u: u.order)) for k, v in by_norm.items()}

    @property
    def norms(self) -> tuple[Norm, ...]:
        return tuple(self.norms_by_id.values())

    @property
    def units(self) -> tuple[Unit, ...]:
        return tuple(self.units_by_id.values())

    def norm(self, norm_id: str) -> Norm:
        return self.norms_by_id[norm_id]

    def unit(self, unit_id: str) -> Unit:
        return self.units_by_id[unit_id]

    def has(self, unit_id: str) -> bool:
        return unit_id in self.units_by_id

    def articles(self, norm_id: str, *, prefix: str | None = None) -> tuple[Unit, ...]:
        """Articles of a norm in textual order. For Portugal, ``prefix="pt/decreto-lei-269-2003/ramt"``
        selects the republished regulation's articles and the default selects both."""
        if norm_id not in self.norms_by_id:
            raise KeyError(norm_id)
        arts = self._articles.get(norm_id, ())
        if prefix is not None:
            arts = tuple(a for a in arts if a.id.rsplit("/", 1)[0] == prefix)
        return arts

    def children(self, unit_id: str) -> tuple[Unit, ...]:
        if unit_id in self.norms_by_id:
            return tuple(self.units_by_id[c] for c in self.norms_by_id[unit_id].top_units)
        return tuple(self.units_by_id[c] for c in self.unit(unit_id).children)

    def ancestors(self, unit_id: str) -> tuple[Unit, ...]:
        """From the outermost (e.g. Título) to the direct parent."""
        return tuple(self.units_by_id[step.id] for step in self.unit(unit_id).path)

    def descendants(self, unit_id: str) -> Iterator[Unit]:
        for child in self.children(unit_id):
            yield child
            yield from self.descendants(child.id)

    def full_text(self, unit_id: str) -> str:
        """The unit and everything under it as it reads in force, markers included
        ("Art. 9º O exercício … § 1º A autorização …")."""
        parts: list[str] = []
        self._collect(self.unit(unit_id), parts)
        return " ".join(p for p in parts if p)

    def _collect(self, unit: Unit, parts: list[str]) -> None:
        if not unit.in_force:
            return
        own = " ".join(x for x in (unit.marker, unit.text) if x)
        parts.append(own)
        for child_id in unit.children:
            self._collect(self.units_by_id[child_id], parts)
