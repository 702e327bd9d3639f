"""The FAQ data (faq.yml): most asked questions per municipality, each answered from one unit."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import yaml
from pydantic import BaseModel, ConfigDict, Field

from knowledge.search.glossary import UniqueKeyLoader

__all__ = ["FaqEntry", "FaqJurisdiction", "load_faq"]


class FaqEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    q: str
    a: str
    unit: str  # unit id the answer reads from; the page links to /norms/<unit>
    quote: str = Field(min_length=2)  # words of that unit that carry the answer (checked by a test)

    @property
    def url(self) -> str:
        return f"/norms/{self.unit}"


class FaqJurisdiction(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    lang: str = Field(pattern="^(pt-BR|pt-PT)$")
    questions: tuple[FaqEntry, ...] = Field(min_length=1)


class _FaqFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    jurisdictions: dict[str, FaqJurisdiction]


@lru_cache
def load_faq() -> dict[str, FaqJurisdiction]:
    text = resources.files("knowledge.search").joinpath("faq.yml").read_text(encoding="utf-8")
    return _FaqFile.model_validate(yaml.load(text, Loader=UniqueKeyLoader)).jurisdictions  # noqa: S506
