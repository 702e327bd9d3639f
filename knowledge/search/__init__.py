"""Full-text search over the legal corpus, for citizens' questions in pt-BR, pt-PT and English.

    from knowledge.search import search
    hits = search("posso alugar jet ski sem carta?", jurisdiction="pt", limit=3)
    hits[0].unit_id   # "pt/decreto-lei-269-2003/ramt/art-21"
    hits[0].snippet   # "… podem ser alugadas a pessoas não habilitadas com carta de navegador …"

The index (SQLite FTS5, in memory) is built from the corpus on first use and kept for the life of
the process; ``get_index()`` returns it, ``build_index(corpus)`` builds one from any corpus (tests).
"""

from __future__ import annotations

from functools import lru_cache

from knowledge.search.index import QueryPlan, SearchIndex
from knowledge.search.models import SearchHit
from knowledge.search.passages import Passage, article_level_id, passages

__all__ = [
    "search",
    "get_index",
    "build_index",
    "SearchHit",
    "SearchIndex",
    "QueryPlan",
    "Passage",
    "article_level_id",
]


def build_index(corpus) -> SearchIndex:  # noqa: ANN001 (knowledge.corpus.Corpus, imported lazily)
    return SearchIndex(passages(corpus))


@lru_cache(maxsize=1)
def get_index() -> SearchIndex:
    """The process-wide index over the project's corpus, built once."""
    from knowledge.corpus import load_corpus

    return build_index(load_corpus())


def search(
    query: str, jurisdiction: str | None = None, limit: int = 5, *, norm_id: str | None = None
) -> list[SearchHit]:
    """Article-level passages answering ``query``, best first.

    ``jurisdiction`` ("br-sp-bertioga", "pt", …) restricts to one place's norms; ``norm_id`` to one norm.
    """
    return get_index().search(query, jurisdiction=jurisdiction, norm_id=norm_id, limit=limit)
