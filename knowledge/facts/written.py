"""Fact records written by hand (knowledge/facts/data/<jurisdiction>.yml) for what the rules data does
not model: noise limits, hours of a particular trade, sizes, insurance amounts, deadlines of one
procedure… Each carries the verbatim passage of the law that holds its figure (`quote`), checked
against the seed text and the cited unit by tests/facts/test_written_facts.py.

    norm: br-rn-lajes/lc-489-2009
    facts:
      - id: festival-licence-window
        kind: validity
        value: "5"
        unit: days
        text: {pt-BR: "…", pt-PT: "…", en: "…", es: "…"}   # es for replies only (FactRecord.matched_texts)
        cite: [art-64/par-2]            # relative to the norm
        quote: "cinco dias antes …"     # verbatim, whitespace aside
        asked_with: "…"                 # optional: a pattern on the folded question; only questions it matches
                                        # reach the record (what befalls an unpaid fine is no "fine for …")
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from knowledge.facts.models import FactRecord, Kind
from knowledge.strict_yaml import load_yaml

__all__ = ["DATA", "WRITTEN_LANGUAGES", "WrittenFact", "written_facts"]

DATA = Path(__file__).parent / "data"
# every wording a hand-written fact carries: the matched ones, and Spanish for the replies to a Spanish
# question (a missing es text would answer a Spanish visitor in Portuguese)
WRITTEN_LANGUAGES = ("pt-BR", "pt-PT", "en", "es")


class WrittenFact(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    kind: Kind
    text: dict[str, str]
    cite: list[str] = Field(min_length=1)
    quote: str = Field(min_length=10)
    value: str | None = None
    value_max: str | None = None
    unit: str | None = None
    about: list[str] = []
    activities: list[str] = []
    # a pattern on the folded question: the record answers only questions it matches (FactRecord.extra)
    asked_with: str | None = None


class WrittenFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    norm: str
    facts: list[WrittenFact]


@lru_cache(maxsize=1)
def _files() -> tuple[tuple[str, WrittenFile], ...]:
    return tuple((path.stem, WrittenFile.model_validate(load_yaml(path))) for path in sorted(DATA.glob("*.yml")))


def written_facts() -> tuple[tuple[FactRecord, str], ...]:
    """(record, quote) for every hand-written fact."""
    out = []
    for jurisdiction, data in _files():
        for f in data.facts:
            if set(f.text) != set(WRITTEN_LANGUAGES):
                raise ValueError(f"{jurisdiction}/{f.id}: text needs pt-BR, pt-PT, en and es")
            record = FactRecord(
                id=f"{data.norm}#written-{f.id}", jurisdiction=jurisdiction, norm=data.norm, kind=f.kind,
                text=f.text, cite=tuple(f"{data.norm}/{c}" for c in f.cite), value=f.value, value_max=f.value_max,
                unit=f.unit, about=tuple(f.about), activities=tuple(f.activities),
                extra={"asked_with": f.asked_with} if f.asked_with else {})
            out.append((record, f.quote))
    return tuple(out)
