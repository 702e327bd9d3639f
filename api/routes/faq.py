"""GET /faq: self-service page. A search box over the law (server-rendered, works without script)
and the most asked questions of each municipality, each linked to the article that answers it."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from api.routes.norms import CorpusDep, templates
from api.routes.search import SearchIndexDep
from api.site import page_context, page_language
from knowledge.jurisdictions import jurisdiction_ids
from knowledge.search.faq import load_faq

__all__ = ["router"]

router = APIRouter(tags=["faq"])

RESULTS_SHOWN = 8


def _answer_links(corpus, faq) -> dict[str, str]:  # noqa: ANN001
    """unit id -> "Art. 9º, § 3º – Lei nº 1.902/2018", the text of each answer's link."""
    links = {}
    for place in faq.values():
        for entry in place.questions:
            if corpus.has(entry.unit):
                unit = corpus.unit(entry.unit)
                links[entry.unit] = f"{unit.label} – {corpus.norm(unit.norm_id).citation}"
    return links


@router.get("/faq", response_class=HTMLResponse, include_in_schema=False)
def faq_page(
    request: Request,
    index: SearchIndexDep,
    corpus: CorpusDep,
    q: Annotated[str, Query(max_length=500)] = "",
    jurisdiction: Annotated[str, Query(max_length=40)] = "",
) -> HTMLResponse:
    faq = load_faq()
    place = jurisdiction if jurisdiction in jurisdiction_ids() else None
    hits = index.search(q, jurisdiction=place, limit=RESULTS_SHOWN) if q.strip() else []
    citations = {n.id: n.citation for n in corpus.norms}
    return templates.TemplateResponse(
        request,
        "faq/index.html",
        page_context(
            request, page_language(request), page="faq",
            faq=faq, q=q, jurisdiction=place or "", hits=hits, citations=citations,
            answer_links=_answer_links(corpus, faq),
        ),
    )
