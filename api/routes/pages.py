"""The citizens' home page (GET /): what the assistant answers, example questions per town, the chat
open beside them, and the way to the FAQ and the laws. The developers' embed snippet has its own page
(GET /widget/embed, api/routes/widget.py)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from api.routes.norms import CorpusDep, templates
from api.site import by_town, home_examples, page_context, page_language

__all__ = ["router"]

router = APIRouter(tags=["pages"])


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def home_page(request: Request, corpus: CorpusDep) -> HTMLResponse:
    language = page_language(request)
    norms = by_town(corpus.norms)
    return templates.TemplateResponse(
        request,
        "home/index.html",
        page_context(request, language, page="home", towns=home_examples(language), norms=norms),
    )
