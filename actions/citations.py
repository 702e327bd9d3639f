"""Citations as the citizen sees them: "Decreto nº 4.510/2024, art. 3 e art. 14", each linking to its
article page on the API (/norms/<unit id>)."""

from collections import OrderedDict
from functools import lru_cache
from typing import Iterable

from actions.settings import get_settings
from knowledge.corpus import load_corpus

__all__ = ["CitationLink", "group_citations", "article_url", "norm_citation_title"]


class CitationLink(dict):
    """{"unit_id", "label", "url", "norm"}: a plain dict so it can travel in a custom payload."""


@lru_cache
def norm_citation_title(norm_id: str) -> str:
    return load_corpus().norm(norm_id).citation


def article_url(unit_id: str) -> str:
    return f"{get_settings().public_base_url.rstrip('/')}/norms/{unit_id}"


def group_citations(citations: Iterable) -> list[dict]:
    """Distinct citations grouped by norm, in the order they first appear.

    Returns [{"norm": "Decreto nº 4.510/2024", "links": [CitationLink, ...]}].
    """
    groups: "OrderedDict[str, dict]" = OrderedDict()
    seen: set[str] = set()
    for c in citations:
        if c.unit_id in seen:
            continue
        seen.add(c.unit_id)
        group = groups.setdefault(c.norm_id, {"norm": norm_citation_title(c.norm_id), "links": []})
        group["links"].append(CitationLink(unit_id=c.unit_id, label=c.label, url=article_url(c.unit_id),
                                           norm=group["norm"]))
    return list(groups.values())
