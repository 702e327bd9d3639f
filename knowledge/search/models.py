"""What a search returns to its callers (action server, API, FAQ page)."""

from __future__ import annotations

from html import escape

from pydantic import BaseModel, ConfigDict, computed_field

__all__ = ["SearchHit"]


class SearchHit(BaseModel):
    """One ranked article-level passage."""

    model_config = ConfigDict(frozen=True)

    unit_id: str
    norm_id: str
    jurisdiction: str
    label: str  # "Art. 9º"
    heading: str | None
    hierarchy: tuple[str, ...]  # outermost first: "Título II – …", "Capítulo I – …"
    text: str  # the article and its parts, wording in force
    snippet: str  # a short excerpt around the words that matched, "…" where cut
    highlights: tuple[tuple[int, int], ...]  # (start, end) of each matched word in snippet
    score: float  # BM25, higher is better; comparable within one query only

    @computed_field  # type: ignore[prop-decorator]
    @property
    def url(self) -> str:
        """Path of the article page (served by the API at /norms/<unit id>)."""
        return f"/norms/{self.unit_id}"

    @computed_field  # type: ignore[prop-decorator]
    @property
    def snippet_html(self) -> str:
        """The snippet, HTML-escaped, with matched words in <mark>."""
        parts: list[str] = []
        at = 0
        for start, end in self.highlights:
            parts.append(escape(self.snippet[at:start]))
            parts.append(f"<mark>{escape(self.snippet[start:end])}</mark>")
            at = end
        parts.append(escape(self.snippet[at:]))
        return "".join(parts)
