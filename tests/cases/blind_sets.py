"""The blind sets of tests/data/blind/: questions written from the seed texts alone by someone who had
not read our NLU data, conversation cases or rules, committed once and never edited (their SHA-256 is
in tests/data/blind/SHA256SUMS; tests/cases/test_blind_sets.py fails if a file changes).

We never tune on them: they measure how the bot does on questions nobody rehearsed. Each case has the
conversation-case fields (tests/cases/conversation_cases.py); the FIRST `expect` item is the key fact,
which a good answer states in its first sentence.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict

from .conversation_cases import Case, fold, _says

__all__ = ["BLIND_DIR", "BLIND_FILES", "BlindSet", "load_blind", "checksums", "first_sentence", "states_first",
           "Thresholds", "thresholds"]

BLIND_DIR = Path(__file__).resolve().parents[2] / "tests" / "data" / "blind"
# Written in Portuguese and English (the answer-truth issue) and in Spanish (the Spanish issue).
BLIND_FILES = ("blind_br_a.yml", "blind_b.yml", "blind_es.yml")


class BlindSet(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    cases: list[Case]


@lru_cache
def load_blind(name: str) -> BlindSet:
    return BlindSet.model_validate(yaml.safe_load((BLIND_DIR / name).read_text(encoding="utf-8")))


def checksums() -> dict[str, str]:
    """The recorded SHA-256 of each blind file (sha256sum's format)."""
    recorded = {}
    for line in (BLIND_DIR / "SHA256SUMS").read_text(encoding="utf-8").splitlines():
        if line.strip():
            digest, name = line.split(maxsplit=1)
            recorded[name.lstrip("*")] = digest
    return recorded


def sha256(name: str) -> str:
    return hashlib.sha256((BLIND_DIR / name).read_bytes()).hexdigest()


# A sentence ends at . ! ? or a line break followed by a capital, an emoji or a bracket; "art. 22",
# "nº 4.510/2024" and "n.º 2" do not end one (a digit or lower case follows).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[^\w\s]|[A-ZÁÉÍÓÚÂÊÔÃÕÇ])|\n")


def first_sentence(answer: str) -> str:
    text = answer.strip()
    return _SENTENCE_END.split(text, maxsplit=1)[0] if text else ""


def states_first(case: Case, answer: str) -> bool:
    """The key fact (the first expectation) is in the answer's first sentence."""
    if not case.expect:
        return True
    key = case.expect[0]
    alternatives = [key] if isinstance(key, str) else key
    head = fold(first_sentence(answer))
    return any(_says(head, a) for a in alternatives)


class Thresholds(BaseModel):
    """What a run must reach (measured, below the measured rate), kept apart from the frozen sets."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    min_pass_rate: dict[str, float]


def thresholds() -> Thresholds:
    return Thresholds.model_validate(yaml.safe_load((BLIND_DIR.parent / "blind_thresholds.yml").read_text(encoding="utf-8")))
