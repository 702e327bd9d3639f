"""The norms: JSON under /api/v1/norms, and the article pages a chat answer links to (/norms/<unit id>).

Norm ids have one slash ("br-sp-bertioga/decreto-4510-2024") and unit ids start with their norm's
id, so the routes spell the norm as two path segments and give the unit its own ``:path`` segment
after the literal "units":

    GET /api/v1/norms
    GET /api/v1/norms/{jurisdiction}/{norm}                      norm + its table of contents
    GET /api/v1/norms/{jurisdiction}/{norm}/units/{unit:path}    "art-9/par-3" or the full unit id
    GET /norms                                                   HTML: the five norms
    GET /norms/{unit_id:path}                                    HTML: a norm's contents, or an article page
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel

from api.site import by_town, install_filters, page_context, page_language
from knowledge.corpus import Corpus, Norm, Unit, UnitKind, load_corpus
from knowledge.corpus.models import STRUCTURAL_KINDS, Annotation, Version

__all__ = ["router", "get_corpus", "CorpusDep", "templates"]

API_DIR = Path(__file__).resolve().parent.parent
STATIC_SITE = API_DIR / "static" / "site"
templates = Jinja2Templates(directory=API_DIR / "templates")

router = APIRouter(tags=["norms"])


def get_corpus() -> Corpus:
    """The corpus (parsed once per process); tests override this dependency."""
    return load_corpus()


CorpusDep = Annotated[Corpus, Depends(get_corpus)]


# --- schemas -------------------------------------------------------------------------------------
class NormSummary(BaseModel):
    id: str
    jurisdiction: str
    citation: str
    title: str
    language: str
    date: dt.date
    consolidated_up_to: dt.date | None
    money_unit: str
    articles: int
    url: str


class NormPublic(NormSummary):
    source: str
    seed_file: str
    amends: str | None
    preamble: str | None
    annotations: list[Annotation]
    contents: list["TocEntry"]


class TocEntry(BaseModel):
    id: str
    kind: UnitKind
    label: str
    heading: str | None
    url: str
    children: list["TocEntry"] = []


class PathStepPublic(BaseModel):
    id: str
    kind: UnitKind
    label: str
    heading: str | None


class UnitPublic(BaseModel):
    id: str
    norm_id: str
    kind: UnitKind
    label: str
    marker: str | None
    heading: str | None
    hierarchy: list[PathStepPublic]
    text: str  # wording in force, own wording only
    full_text: str  # the unit and all its parts, in force
    in_force: bool
    versions: list[Version]  # every wording, in force and superseded, with the amending norm
    annotations: list[Annotation]
    children: list[str]
    url: str


# --- data functions ------------------------------------------------------------------------------
def page_url(unit_or_norm_id: str) -> str:
    return f"/norms/{unit_or_norm_id}"


def norm_summary(*, corpus: Corpus, norm: Norm) -> NormSummary:
    return NormSummary(
        id=norm.id,
        jurisdiction=norm.jurisdiction,
        citation=norm.citation,
        title=norm.title,
        language=norm.language,
        date=norm.date,
        consolidated_up_to=norm.consolidated_up_to,
        money_unit=norm.money_unit,
        articles=len(corpus.articles(norm.id)),
        url=page_url(norm.id),
    )


def table_of_contents(*, corpus: Corpus, parent_id: str) -> list[TocEntry]:
    """Structure and articles (and annexes), not paragraphs: what a reader scans for."""
    entries = []
    for unit in corpus.children(parent_id):
        if unit.kind not in STRUCTURAL_KINDS and unit.kind not in (UnitKind.artigo, UnitKind.anexo):
            continue
        if not unit.in_force:
            continue
        children = table_of_contents(corpus=corpus, parent_id=unit.id) if unit.kind in STRUCTURAL_KINDS else []
        entries.append(
            TocEntry(id=unit.id, kind=unit.kind, label=unit.label, heading=unit.heading, url=page_url(unit.id), children=children)
        )
    return entries


def norm_public(*, corpus: Corpus, norm: Norm) -> NormPublic:
    return NormPublic(
        **norm_summary(corpus=corpus, norm=norm).model_dump(),
        source=norm.source,
        seed_file=norm.seed_file,
        amends=norm.amends,
        preamble=norm.preamble,
        annotations=list(norm.annotations),
        contents=table_of_contents(corpus=corpus, parent_id=norm.id),
    )


def unit_public(*, corpus: Corpus, unit: Unit) -> UnitPublic:
    return UnitPublic(
        id=unit.id,
        norm_id=unit.norm_id,
        kind=unit.kind,
        label=unit.label,
        marker=unit.marker,
        heading=unit.heading,
        hierarchy=[PathStepPublic(**step.model_dump()) for step in unit.path],
        text=unit.text,
        full_text=corpus.full_text(unit.id),
        in_force=unit.in_force,
        versions=list(unit.versions),
        annotations=list(unit.annotations),
        children=list(unit.children),
        url=page_url(unit.id),
    )


def find_norm(*, corpus: Corpus, norm_id: str) -> Norm:
    if norm_id not in corpus.norms_by_id:
        raise HTTPException(status_code=404, detail=f"no norm {norm_id!r}")
    return corpus.norm(norm_id)


def find_unit(*, corpus: Corpus, norm_id: str, unit_path: str) -> Unit:
    """A unit of a norm, by its full id or by the part after the norm id ("art-9/par-3")."""
    unit_path = unit_path.strip("/")
    unit_id = unit_path if unit_path.startswith(norm_id + "/") else f"{norm_id}/{unit_path}"
    if not corpus.has(unit_id):
        raise HTTPException(status_code=404, detail=f"no unit {unit_id!r} in {norm_id}")
    return corpus.unit(unit_id)


# --- JSON ----------------------------------------------------------------------------------------
@router.get("/api/v1/norms", response_model=list[NormSummary])
def list_norms(corpus: CorpusDep) -> list[NormSummary]:
    return [norm_summary(corpus=corpus, norm=n) for n in sorted(corpus.norms, key=lambda n: n.id)]


@router.get("/api/v1/norms/{jurisdiction}/{norm}/units/{unit_path:path}", response_model=UnitPublic)
def get_unit(jurisdiction: str, norm: str, unit_path: str, corpus: CorpusDep) -> UnitPublic:
    norm_id = f"{jurisdiction}/{norm}"
    find_norm(corpus=corpus, norm_id=norm_id)
    return unit_public(corpus=corpus, unit=find_unit(corpus=corpus, norm_id=norm_id, unit_path=unit_path))


@router.get("/api/v1/norms/{jurisdiction}/{norm}", response_model=NormPublic)
def get_norm(jurisdiction: str, norm: str, corpus: CorpusDep) -> NormPublic:
    return norm_public(corpus=corpus, norm=find_norm(corpus=corpus, norm_id=f"{jurisdiction}/{norm}"))


# --- HTML ----------------------------------------------------------------------------------------
# The pages speak the reader's language (api/site: ?lang=, the browser's, else the norm's own); the
# law is quoted in its language and marked so. Page words: api/site/texts.yml; notes:
# knowledge/corpus/note_texts.yml.
install_filters(templates)


@dataclass
class UnitView:
    """A unit ready for the template: its parts in force, its superseded wordings, its notes."""

    unit: Unit
    children: list["UnitView"] = field(default_factory=list)
    focus: bool = False

    @property
    def history(self) -> tuple[Version, ...]:
        return self.unit.history

    @property
    def anchor(self) -> str:
        """Fragment id, unique on the page: "art-9--par-1--inc-II" (a bare "inc-II" repeats)."""
        return self.unit.id[len(self.unit.norm_id) + 1 :].replace("/", "--")


def unit_view(*, corpus: Corpus, unit: Unit, focus_id: str) -> UnitView:
    children = [
        unit_view(corpus=corpus, unit=child, focus_id=focus_id)
        for child in corpus.children(unit.id)
        if child.in_force or child.history
    ]
    return UnitView(unit=unit, children=children, focus=unit.id == focus_id)


def page_unit(*, corpus: Corpus, unit: Unit) -> Unit:
    """The unit a page shows: the article (or annex) that holds the one asked for."""
    for step in unit.path:
        if step.kind in (UnitKind.artigo, UnitKind.anexo):
            return corpus.unit(step.id)
    return unit


@router.get("/static/site/{name}", include_in_schema=False)
def site_static(name: str) -> FileResponse:
    path = (STATIC_SITE / name).resolve()
    if path.parent != STATIC_SITE.resolve() or not path.is_file():
        raise HTTPException(status_code=404)
    return FileResponse(path)


@router.get("/norms", response_class=HTMLResponse, include_in_schema=False)
def norms_page(request: Request, corpus: CorpusDep) -> HTMLResponse:
    norms = [norm_summary(corpus=corpus, norm=n) for n in by_town(corpus.norms)]
    language = page_language(request)
    return templates.TemplateResponse(
        request, "norms/index.html", page_context(request, language, page="norms", norms=norms)
    )


@router.get("/norms/{unit_id:path}", response_class=HTMLResponse, include_in_schema=False)
def unit_page(unit_id: str, request: Request, corpus: CorpusDep) -> HTMLResponse:
    unit_id = unit_id.strip("/")
    if unit_id in corpus.norms_by_id:
        norm = corpus.norm(unit_id)
        return templates.TemplateResponse(
            request,
            "norms/norm.html",
            page_context(
                request, page_language(request, norm.language), page="norm",
                norm=norm, contents=table_of_contents(corpus=corpus, parent_id=norm.id),
            ),
        )
    if not corpus.has(unit_id):
        raise HTTPException(status_code=404, detail=f"no unit {unit_id!r}")
    asked = corpus.unit(unit_id)
    shown = page_unit(corpus=corpus, unit=asked)
    norm = corpus.norm(shown.norm_id)
    return templates.TemplateResponse(
        request,
        "norms/unit.html",
        page_context(
            request, page_language(request, norm.language), page="unit",
            norm=norm, unit=shown, asked=asked, norm_url=page_url(norm.id),
            view=unit_view(corpus=corpus, unit=shown, focus_id=asked.id),
        ),
    )
