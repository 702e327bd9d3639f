"""The fact record."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["FactRecord", "Kind", "MATCHED_LANGUAGES"]

MATCHED_LANGUAGES = ("pt-BR", "pt-PT", "en")

Kind = Literal["deadline", "fine", "office", "fee", "season", "hours", "distance", "document", "validity",
               "lead_time", "holder", "places", "obligation", "limit", "insurance", "law", "enforcement"]


class FactRecord(BaseModel):
    """One fact: `value` + `unit` when it is a figure (value as the law prints it: "100", "0,80",
    "30"), `text` the law's wording of what it is about in pt-BR, pt-PT and en (and es, for replies
    only), `cite` the corpus unit ids that prove it. `about` holds more words it may be asked with (an offence's wording, an office's
    name, an area's name); `activities` the activity ids it belongs to (empty: any activity there)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    jurisdiction: str
    norm: str
    kind: Kind
    text: dict[str, str]
    cite: tuple[str, ...]
    value: str | None = None
    value_max: str | None = None
    unit: str | None = None
    per: str | None = None
    extra: dict[str, str] = {}
    about: tuple[str, ...] = ()
    activities: tuple[str, ...] = ()

    def matched_texts(self) -> tuple[str, ...]:
        """The wordings a question is matched against: pt-BR, pt-PT and English. A Spanish question is
        read in Portuguese words (actions/common/spanish.py), so a Spanish wording is for replies only."""
        return tuple(t for lang, t in self.text.items() if lang in MATCHED_LANGUAGES)

    def words(self, language: str) -> str:
        """The wording said in a reply in `language`: its own (a hand-written record has es), else the
        pt-BR one — the law's language, which a Spanish reply says it quotes."""
        return self.text.get(language) or self.text.get("pt-BR") or next(iter(self.text.values()), "")
