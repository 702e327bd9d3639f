"""GET /api/v1/search?q=&jurisdiction=&limit= : article-level passages of the law, best first."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query
from pydantic import BaseModel

from knowledge.jurisdictions import jurisdiction_ids
from knowledge.search import SearchHit, SearchIndex, get_index

__all__ = ["router", "get_search_index", "SearchIndexDep"]

router = APIRouter(tags=["search"])

def get_search_index() -> SearchIndex:
    """The process-wide index (built on first use); tests override this dependency."""
    return get_index()


SearchIndexDep = Annotated[SearchIndex, Depends(get_search_index)]


class SearchResults(BaseModel):
    query: str
    jurisdiction: str | None
    hits: list[SearchHit]


# The ids come from the jurisdiction record, so the API's documentation follows a new town by itself.
_JURISDICTION_HELP = f"a jurisdiction id: {', '.join(jurisdiction_ids())}; all if absent"


@router.get("/api/v1/search", response_model=SearchResults)
def search_law(
    index: SearchIndexDep,
    q: Annotated[str, Query(min_length=1, max_length=500, description="the question, in any words")],
    jurisdiction: Annotated[str | None, Query(description=_JURISDICTION_HELP)] = None,
    limit: Annotated[int, Query(ge=1, le=20)] = 5,
) -> SearchResults:
    if jurisdiction is not None and jurisdiction not in jurisdiction_ids():
        raise HTTPException(status_code=422, detail=f"unknown jurisdiction {jurisdiction!r}; one of {list(jurisdiction_ids())}")
    return SearchResults(query=q, jurisdiction=jurisdiction, hits=index.search(q, jurisdiction=jurisdiction, limit=limit))
