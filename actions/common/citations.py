"""Citations as the citizen sees them: "Decreto nº 4.510/2024, art. 3 e art. 14", each linking to its
article page on the API (/norms/<unit id>)."""

import re
from collections import OrderedDict
from functools import lru_cache
from typing import Iterable

from actions.common.settings import get_settings
from knowledge.corpus import load_corpus

__all__ = ["CitationLink", "group_citations", "article_url", "article_of", "norm_citation_title"]


class CitationLink(dict):
    """{"unit_id", "label", "url", "norm"}: a plain dict so it can travel in a custom payload."""


@lru_cache
def norm_citation_title(norm_id: str) -> str:
    return load_corpus().norm(norm_id).citation


def article_url(unit_id: str) -> str:
    return f"{get_settings().public_base_url.rstrip('/')}/norms/{unit_id}"


_ARTICLE = re.compile(r"^(?P<article>.*?/art-(?P<number>\d+)(?P<suffix>-[a-z])?)(?:/|$)")


def _article_of(unit_id: str) -> tuple[str, str, tuple] | None:
    """The article a unit belongs to: (article id, "art. 9-A", sort key); None for annexes and rows."""
    match = _ARTICLE.match(unit_id)
    if not match:
        return None
    suffix = (match.group("suffix") or "").upper()
    prefix = unit_id[: match.start("number")]
    return match.group("article"), f"art. {match.group('number')}{suffix}", (prefix, int(match.group("number")), suffix)


def article_of(unit_id: str) -> str:
    """The article a unit belongs to ("…/art-9-a/par-1" → "…/art-9-a"); an annex row is its own."""
    article = _article_of(unit_id)
    return article[0] if article else unit_id


def group_citations(citations: Iterable) -> list[dict]:
    """Citations grouped by norm and shortened to the article (a chat answer cites "art. 5", and the
    article page shows its incisos); annexes keep their own label. Articles are in the law's order.

    Returns [{"norm": "Decreto nº 4.510/2024", "links": [CitationLink, ...]}].
    """
    groups: "OrderedDict[str, dict]" = OrderedDict()
    for c in citations:
        article = _article_of(c.unit_id)
        unit_id, label, key = article if article else (c.unit_id, c.label, (c.unit_id, 10**6, ""))
        group = groups.setdefault(c.norm_id, {"norm": norm_citation_title(c.norm_id), "links": {}})
        group["links"].setdefault(unit_id, (key, CitationLink(unit_id=unit_id, label=label, url=article_url(unit_id),
                                                               norm=group["norm"])))
    return [{"norm": g["norm"], "links": [link for _, link in sorted(g["links"].values(), key=lambda kv: kv[0])]}
            for g in groups.values()]
