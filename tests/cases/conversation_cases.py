"""The conversation cases of tests/data/conversation_cases.yml: what the law says a citizen should be
told, question by question, and how an answer is judged against it.

The cases describe the LAW (each carries a verbatim snippet of the seed text that proves its figure),
not what the bot happens to say today; the end-to-end runner measures how many the bot gets right.
Both the offline check (tests/cases/test_cases_match_seed.py) and the runner
(tests/e2e/test_conversation_cases.py) read the cases through this module.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator
from unidecode import unidecode

__all__ = [
    "CASES_FILE", "NORMS_DIR", "SEED_FILES", "Case", "CaseFile", "Verdict",
    "load_cases", "seed_text", "fold", "squash", "numbers", "has_figure", "figure_proved", "linked_units",
    "judge", "answer_text", "visible_length", "unproven_amounts",
]

ROOT = Path(__file__).resolve().parents[2]
CASES_FILE = ROOT / "tests" / "data" / "conversation_cases.yml"
NORMS_DIR = ROOT / "knowledge" / "norms"
# The project's copies of the seeds (byte-identical to /work/shared/seeds, which the project must not need).
SEED_FILES = {
    "br-sp-bertioga/decreto-4510-2024": "000_ed8a310b9ec690b5.txt",
    "br-sp-igarapava/lc-57-2018": "001_54008c3fc0458259.txt",
    "pt/decreto-lei-269-2003": "002_55a9ddd3b6cc6096.txt",
    "br-pr-pontal-do-parana/lei-1902-2018": "003_f62ddfeb97083b18.txt",
    "br-rn-lajes/lc-489-2009": "004_509c367244b32730.txt",
}

# "es" only in the Spanish blind set (tests/data/blind/blind_es.yml) until the bot speaks Spanish.
Language = Literal["pt-BR", "pt-PT", "en", "es"]
Topic = Literal[
    "permission", "places", "fee", "documents", "hours", "season", "limits", "obligations",
    "fine", "after_fine", "law", "location", "not_covered", "safety",
]
# How the question is typed or what it probes; `no_accents` is checked against the text itself.
Style = Literal["typo", "no_accents", "slang", "amendment_trap", "injection"]

# One expectation: a text that must appear, or a list of alternatives of which one must appear.
Expectation = str | list[str]


class Case(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    norm: str | None  # None: a town or a norm we do not have
    language: Language
    topic: Topic
    style: list[Style] = []
    context: list[str] = []  # earlier messages of the same conversation, sent first
    message: str
    expect: list[Expectation] = []
    expect_not: list[str] = []
    cite: list[str] = []  # unit ids (article level, or an annex row) that must be linked
    seed: list[str] = []  # verbatim snippets of the seed text (whitespace-normalised)

    @field_validator("seed", mode="before")
    @classmethod
    def _one_or_many(cls, value):
        return [value] if isinstance(value, str) else value

    @property
    def turns(self) -> list[str]:
        return [*self.context, self.message]


class CaseFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    min_pass_rate: float = Field(ge=0, le=0.95)
    cases: list[Case]


@lru_cache
def load_cases(path: Path = CASES_FILE) -> CaseFile:
    return CaseFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))


@lru_cache
def seed_text(norm_id: str) -> str:
    return (NORMS_DIR / SEED_FILES[norm_id]).read_text(encoding="utf-8")


def squash(text: str) -> str:
    # U+FFFE is the PDF line-join the corpus reads as "-" ("salva-vidas"); NBSP is a space.
    return re.sub(r"\s+", " ", text.replace("\ufffe", "-").replace("\u00a0", " ")).strip()


def fold(text: str) -> str:
    """Accents, case and spacing do not matter to a reader: 'Boracéia' = 'boraceia'."""
    return squash(unidecode(squash(text))).lower()


# Figures: ASCII digits only, so "m²" does not count as a 2; "2.500", "30,00", "1,20", "18:00" are one
# figure each.
_FIGURE = re.compile(r"[0-9]+(?:[.,:][0-9]+)*")
# Small numbers the law (or an English answer) writes out: "uma hora" = "1 hour", "dois em dois anos".
_NUMBER_WORDS = {
    "um": 1, "uma": 1, "one": 1, "dois": 2, "duas": 2, "two": 2, "tres": 3, "three": 3,
    "quatro": 4, "four": 4, "cinco": 5, "five": 5, "seis": 6, "six": 6, "sete": 7, "seven": 7,
    "oito": 8, "eight": 8, "nove": 9, "nine": 9, "dez": 10, "ten": 10,
}


def _readings(token: str) -> set[str]:
    """The ways a figure may be written elsewhere: '30,00' = '30.00' = '30'; '08' = '8'; '2.500' = '2500';
    '18:00' = '18'."""
    digits = re.sub(r"[^0-9]", "", token).lstrip("0") or "0"
    readings = {digits}
    decimal = re.fullmatch(r"(.*)[.,:]([0-9]{1,2})", token)
    if decimal:
        readings.add(re.sub(r"[^0-9]", "", decimal.group(1)).lstrip("0") or "0")
    return readings


def numbers(text: str) -> list[set[str]]:
    found = [_readings(t) for t in _FIGURE.findall(text)]
    found += [{str(_NUMBER_WORDS[w])} for w in re.findall(r"[a-z]+", fold(text)) if w in _NUMBER_WORDS]
    return found


def figure_proved(alternative: str, snippets: list[str]) -> bool:
    """An expected text is proved by the seed if its words are there, or, when it holds figures,
    if every one of its figures is a figure of the seed snippets."""
    if fold(alternative) in fold(" ".join(snippets)):
        return True
    wanted = numbers(alternative)
    if not wanted:
        return False
    available = set().union(*numbers(" ".join(snippets))) if snippets else set()
    return all(readings & available for readings in wanted)


def has_figure(expectation: Expectation) -> bool:
    alternatives = [expectation] if isinstance(expectation, str) else expectation
    return any(_FIGURE.search(a) for a in alternatives)


# Markdown links the answers carry: [art. 14](http://host/norms/<unit id>)
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def linked_units(text: str) -> list[str]:
    units = []
    for url in _LINK.findall(text):
        if "/norms/" in url:
            units.append(url.split("/norms/", 1)[1].rstrip("/"))
    return units


def answer_text(messages: list[dict]) -> str:
    return "\n".join(m.get("text") or "" for m in messages if m.get("text"))


_MARKDOWN_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


# Amounts as a reply writes them: "R$ 12.000,00", "3 740 €", "€3,740.00", "30,00 UFM", "2.500 UFIB".
_AMOUNT = re.compile(r"(?:(?:R\$|€)\s?(\d{1,3}(?:[.,\u00a0 ]\d{3})*(?:[.,]\d{1,2})?)"
                     r"|(\d{1,3}(?:[.,\u00a0 ]\d{3})*(?:[.,]\d{1,2})?)\s?(?:€|UFM|UFIB|UR)\b)")


def _decimal(figure: str, language: str) -> Decimal | None:
    """A figure as written in `language` ("3,740.00" in English, "3.740,00" or "3 740" in Portuguese)."""
    plain = figure.replace("\u00a0", "").replace(" ", "")
    plain = plain.replace(",", "") if language == "en" else plain.replace(".", "").replace(",", ".")
    try:
        return Decimal(plain).normalize()
    except InvalidOperation:
        return None


@lru_cache
def _law_amounts() -> frozenset[Decimal]:
    """Every number the five texts write (Portuguese style), and every fact record's value."""
    from knowledge.facts.projection import all_facts

    text = " ".join(seed_text(norm) for norm in SEED_FILES)
    found = {_decimal(n, "pt-BR") for n in re.findall(r"(?<![\w.,])\d{1,3}(?:[ .]\d{3})+(?:,\d+)?|\d+(?:,\d+)?", text)}
    for record in all_facts():
        for value in (record.value, record.value_max):
            try:
                found.add(Decimal(str(value)).normalize())
            except (InvalidOperation, ValueError):
                pass
    return frozenset(f for f in found if f is not None)


def unproven_amounts(answer: str, language: str) -> list[Decimal]:
    """Amounts (money and fiscal units) a reply states that neither the law's text nor a fact record
    holds: an invented fee or fine."""
    figures = []
    for line in (answer or "").splitlines():
        line = re.sub(r"\]\([^)]*\)", "]", line)  # link addresses are not figures
        # a quote ("> …") is the law's own Portuguese, whatever the reply's language
        written_in = "pt-BR" if line.lstrip().startswith(">") else language
        figures += [_decimal(a or b, written_in) for a, b in _AMOUNT.findall(line)]
    return [f for f in figures if f is not None and f not in _law_amounts()]


def visible_length(text: str) -> int:
    """Characters a reader sees on a chat channel: a markdown link shows its label, not its address."""
    return len(_MARKDOWN_LINK.sub(r"\1", text or ""))


class Verdict(BaseModel):
    model_config = ConfigDict(frozen=True)

    passed: bool
    reasons: list[str]


# A figure's decimal and thousands marks: "4,00 m²" in a Portuguese reply is "4.00 m²" in an English one.
_MARKED_FIGURE = re.compile(r"[0-9]+(?:[.,][0-9]+)+")


def _says(folded_answer: str, phrase: str) -> bool:
    """Whether the answer says the phrase. A phrase that starts or ends with a digit must not be part of
    a longer number: "0,00 UFM" is not said by "30,00 UFM", nor "3 anos" by "13 anos". Its figures may be
    written in the other convention ("R$ 12.000,00" is "R$ 12,000.00" in English): the same figure."""
    needle = fold(phrase)
    swapped = _MARKED_FIGURE.sub(lambda m: m.group(0).translate(str.maketrans(".,", ",.")), needle)
    return any(re.search(("(?<![0-9])" if n[:1].isdigit() else "") + re.escape(n) + ("(?![0-9])" if n[-1:].isdigit() else ""),
                         folded_answer) is not None for n in {needle, swapped})


def judge(case: Case, text: str) -> Verdict:
    """Pass when every expectation is in the answer, every cited unit is linked (the article itself,
    or one of its parts: a law-search quote links the paragraph) and no forbidden text appears."""
    folded = fold(text)
    reasons: list[str] = []
    for expectation in case.expect:
        alternatives = [expectation] if isinstance(expectation, str) else expectation
        if not any(_says(folded, a) for a in alternatives):
            reasons.append("missing expected text: " + " | ".join(alternatives))
    linked = linked_units(text)
    for unit in case.cite:
        if not any(u == unit or u.startswith(unit + "/") for u in linked):
            reasons.append(f"missing citation link: {unit}")
    for forbidden in case.expect_not:
        if _says(folded, forbidden):
            reasons.append(f"forbidden text: {forbidden}")
    return Verdict(passed=not reasons, reasons=reasons)
