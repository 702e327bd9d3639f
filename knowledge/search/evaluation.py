"""Recall of the search on a set of questions with known answers (tests/data/search_devset.yml).

Shared by scripts/bench_search.py (prints and writes the figures) and the test that holds the
thresholds, so both measure the same thing.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field

from knowledge.search.index import SearchIndex

__all__ = [
    "DevQuestion", "DevSet", "QuestionResult", "NormRecall", "load_devset", "evaluate", "recall_by_norm",
]


class DevQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    norm: str
    lang: str
    split: str = Field(pattern="^(dev|heldout)$")
    q: str
    answers: tuple[str, ...] = Field(min_length=1)


class DevSet(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    norms: dict[str, str]  # norm id -> jurisdiction
    questions: tuple[DevQuestion, ...]


class QuestionResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    question: DevQuestion
    ranked: tuple[str, ...]  # unit ids returned, best first
    rank: int | None  # 1-based position of the first right answer, None if not in the results

    def hit_at(self, k: int) -> bool:
        return self.rank is not None and self.rank <= k


class NormRecall(BaseModel):
    model_config = ConfigDict(frozen=True)

    norm_id: str
    questions: int
    recall_at_1: float
    recall_at_3: float


def load_devset(path: Path) -> DevSet:
    devset = DevSet.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    ids = [q.id for q in devset.questions]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise ValueError(f"duplicate question ids: {sorted(duplicates)}")
    unknown = {q.norm for q in devset.questions} - set(devset.norms)
    if unknown:
        raise ValueError(f"questions about norms not listed under 'norms': {sorted(unknown)}")
    return devset


def evaluate(
    index: SearchIndex,
    devset: DevSet,
    *,
    scoped: bool = True,
    depth: int = 5,
    splits: Iterable[str] = ("dev", "heldout"),
) -> list[QuestionResult]:
    """Run every question; ``scoped`` passes the norm's jurisdiction, as the chat does once it knows
    the municipality; unscoped searches all five norms."""
    wanted_splits = set(splits)
    results = []
    for question in devset.questions:
        if question.split not in wanted_splits:
            continue
        jurisdiction = devset.norms[question.norm] if scoped else None
        hits = index.search(question.q, jurisdiction=jurisdiction, limit=depth)
        ranked = tuple(h.unit_id for h in hits)
        rank = next((i for i, unit_id in enumerate(ranked, 1) if unit_id in question.answers), None)
        results.append(QuestionResult(question=question, ranked=ranked, rank=rank))
    return results


def recall_by_norm(results: Iterable[QuestionResult]) -> dict[str, NormRecall]:
    grouped: dict[str, list[QuestionResult]] = {}
    for result in results:
        grouped.setdefault(result.question.norm, []).append(result)
    return {
        norm_id: NormRecall(
            norm_id=norm_id,
            questions=len(items),
            recall_at_1=round(sum(r.hit_at(1) for r in items) / len(items), 3),
            recall_at_3=round(sum(r.hit_at(3) for r in items) / len(items), 3),
        )
        for norm_id, items in sorted(grouped.items())
    }
