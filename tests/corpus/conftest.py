from __future__ import annotations

import re
from pathlib import Path

import pytest

from knowledge.corpus import Corpus, load_corpus

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"

SEEDS = {
    "bertioga": "000_ed8a310b9ec690b5.txt",
    "igarapava": "001_54008c3fc0458259.txt",
    "portugal": "002_55a9ddd3b6cc6096.txt",
    "pontal": "003_f62ddfeb97083b18.txt",
    "lajes": "004_509c367244b32730.txt",
}

BERTIOGA = "br-sp-bertioga/decreto-4510-2024"
PONTAL = "br-pr-pontal-do-parana/lei-1902-2018"
IGARAPAVA = "br-sp-igarapava/lc-57-2018"
LAJES = "br-rn-lajes/lc-489-2009"
PORTUGAL = "pt/decreto-lei-269-2003"


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    return load_corpus()


def seed(name: str) -> str:
    return (NORMS / SEEDS[name]).read_text(encoding="utf-8")


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\ufffe", "-")).strip()


def passage(name: str, start: str, end: str | None, furniture: list[str] = ()) -> str:
    """The seed text from `start` (included) up to `end` (excluded), furniture lines dropped,
    whitespace squashed: what a reader of the printed law sees for that passage."""
    text = seed(name)
    i = text.index(start)
    j = text.index(end, i + len(start)) if end else len(text)
    patterns = [re.compile(p) for p in furniture]
    kept = [
        line for line in text[i:j].split("\n")
        if not any(p.fullmatch(line.strip()) for p in patterns)
    ]
    return squash("\n".join(kept))
